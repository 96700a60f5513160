"""How the session words what happens: the how-to-play and rules, chance outcomes, the answers to `undo`.

Words only, from the terminal's catalogue (`cli.say`) in the session's language. What happened is
read from the spectator's view before and after an event (`waiting_for`, `last_fight`, `card` where a
game's view has them) and from the history; nothing here works out a rule, and a game whose view
lacks those keys gets the plain outcome.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table

from spielwerk.cli.say import text
from spielwerk.cli.undo import UndoPlan
from spielwerk.core.errors import SpielwerkError
from spielwerk.core.game import Game
from spielwerk.core.inputs import quote


def how_to_play(game: Game, language: str) -> RenderableType:
    """The game's how-to-play as rich Markdown (or a note that it has none), in `language` where it
    has one."""
    try:
        return Markdown(game.how_to_play(language))
    except SpielwerkError as error:
        return f"[yellow]{escape(error.render(language))}[/]"


def rule_list(game: Game, language: str, start: str = "") -> RenderableType | None:
    """The game's rules by id under a heading, each id beside its sentence (`gyges.move.exact  A ring
    moves …`), in `language`; None where the game names no rule ids.

    `start` keeps the ids beginning with it (any case), else those containing it, else says that none
    does."""
    rules = game.rules_reference(language)
    if not rules:
        return None
    key = start.strip().lower()
    chosen = [rule for rule in rules if rule.lower().startswith(key)] or [
        rule for rule in rules if key in rule.lower()]
    if not chosen:
        return text("rules.no-match", language, text=escape(quote(start.strip())))
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True, style="bold cyan")
    table.add_column()
    for rule in chosen:
        table.add_row(escape(rule), escape(rules[rule]))
    return Group(text("rules.heading", language), Padding(table, (0, 0, 0, 2)))


def rules_text(game: Game, language: str, *, ids_only: bool = False) -> RenderableType:
    """What `spielwerk rules GAME` and the `rules` command print: the how-to-play, then the rules by
    id (only those with `ids_only`)."""
    listed = rule_list(game, language)
    if ids_only:
        return listed if listed is not None else ""
    if listed is None:
        return how_to_play(game, language)
    return Group(how_to_play(game, language), "", listed)


def chance_line(outcome: str | None, before: Mapping[str, Any], after: Mapping[str, Any],
                actor: str | None, language: str = "en", waiting: str | None = None) -> str:
    """`Chance: card 4 — a dragon card for yellow's fight`, `Chance: roll 2 — Yellow loses the fight …`.

    `outcome` is None where the outcome may not be told (a game with secrets); `actor` is the
    markup of whoever decided last, whose fight a die may settle; `waiting` is what the game waited
    for before the outcome, in `language` (default: the view's English `waiting_for`).
    """
    if outcome is None:
        return text("chance.drawn", language)
    shown = escape(outcome)
    fight = after.get("last_fight")
    settled = fight != before.get("last_fight") or before.get("card") is not None
    if actor is not None and isinstance(fight, dict) and "won" in fight and settled:
        key = "chance.fight.won" if fight["won"] else "chance.fight.lost"
        if "card" in fight:
            return text(f"{key}.card", language, outcome=shown, player=actor, card=escape(str(fight["card"])))
        return text(key, language, outcome=shown, player=actor)
    if waiting is None:
        plain = before.get("waiting_for")
        waiting = plain if isinstance(plain, str) else None
    if waiting:
        return text("chance.outcome.waiting", language, outcome=shown, waiting=escape(waiting))
    return text("chance.outcome", language, outcome=shown)


def undo_refusal(plan: UndoPlan, tags: Sequence[str], *, hidden: bool,
                 texts: Sequence[str] | None = None, language: str = "en") -> str:
    """Why `undo` takes nothing back, in a person's words (`tags`: each seat's name as markup).

    `texts` is the history as the people at the terminal saw it (a game with secrets shows another
    player's draw as `draw ?`); without it, actions are named by their full texts.
    """
    if plan.decision is None:
        who = tags[plan.seat] if plan.seat is not None else text("undo.no-person", language)
        return text("undo.nothing", language, player=who)
    decision = str(plan.decision)
    if texts is not None and plan.decision_at is not None:
        decision = texts[plan.decision_at]
    if plan.seat is not None:
        last = text("undo.whose", language, player=tags[plan.seat], action=escape(decision))
    else:
        last = text("undo.whose.anyone", language, action=escape(decision))
    if plan.other is None and plan.revealed:
        if hidden:
            drawn = [texts[at] for at in plan.revealed_at] if texts is not None else []
            if drawn:
                return text("undo.drawn.listed", language, last=last, drawn=escape(compact(drawn)))
            return text("undo.drawn", language, last=last)
        shown = [f"[bold]{escape(str(outcome))}[/]" for outcome in plan.revealed]
        return text("undo.revealed", language, revealed=shown, last=last)
    other = tags[plan.other] if plan.other is not None else text("undo.another-person", language)
    return text("undo.other", language, player=other, last=last)


def compact(texts: Sequence[str]) -> str:
    """Action texts in short: `draw ? ×7`, `draw 1, 3, dragon`, `first red, draw 2, ?`.

    Consecutive texts that share their first word name it once; a run of one same text is counted.
    """
    runs: list[list[str]] = []
    for one in texts:
        verb, space, _ = one.partition(" ")
        if runs and space and runs[-1][0].partition(" ")[0] == verb and " " in runs[-1][0]:
            runs[-1].append(one)
        else:
            runs.append([one])
    parts = []
    for run in runs:
        if len(set(run)) == 1:
            parts.append(run[0] if len(run) == 1 else f"{run[0]} ×{len(run)}")
        else:
            parts.append(run[0].partition(" ")[0] + " " + ", ".join(t.partition(" ")[2] for t in run))
    return ", ".join(parts)


def taken_back(count: int, actions: Sequence[str], tag: str | None, language: str = "en") -> str:
    """`Took back 2 actions: T14-T15, G5-G10 (Yellow decides again)`."""
    listed = escape(", ".join(actions))
    if tag is None:
        return text("undo.taken", language, count=count, actions=listed)
    return text("undo.taken.again", language, count=count, actions=listed, player=tag)
