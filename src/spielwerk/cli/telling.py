"""How the session words what happens: chance outcomes and the answers to `undo`.

Words only. What happened is read from the spectator's view before and after an event
(`waiting_for`, `last_fight`, `card` where a game's view has them) and from the history;
nothing here works out a rule, and a game whose view lacks those keys gets the plain outcome.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import RenderableType
from rich.markdown import Markdown
from rich.markup import escape

from spielwerk.cli.undo import UndoPlan
from spielwerk.core.errors import SpielwerkError
from spielwerk.core.game import Game
from spielwerk.core.language import language_from_environment


def how_to_play(game: Game, language: str | None = None) -> RenderableType:
    """The game's how-to-play as rich Markdown (or a note that it has none), in `language` where it
    has one (None: the environment's, `core.language`)."""
    try:
        return Markdown(game.how_to_play(language or language_from_environment()))
    except SpielwerkError as error:
        return f"[yellow]{escape(str(error))}[/]"


def chance_line(outcome: str | None, before: Mapping[str, Any], after: Mapping[str, Any],
                actor: str | None) -> str:
    """`Chance: card 4 — a dragon card for yellow's fight`, `Chance: roll 2 — Yellow loses the fight …`.

    `outcome` is None where the outcome may not be told (a game with secrets); `actor` is the
    markup of whoever decided last, whose fight a die may settle.
    """
    if outcome is None:
        return "[magenta]Chance:[/] drawn"
    line = f"[magenta]Chance:[/] [bold]{escape(outcome)}[/]"
    fight = after.get("last_fight")
    settled = fight != before.get("last_fight") or before.get("card") is not None
    if actor is not None and isinstance(fight, dict) and "won" in fight and settled:
        verdict = "wins" if fight["won"] else "loses"
        against = f" against card {escape(str(fight['card']))}" if "card" in fight else ""
        return f"{line} — {actor} {verdict} the fight{against}"
    waiting = before.get("waiting_for")
    if isinstance(waiting, str) and waiting:
        line += f" — {escape(waiting)}"
    return line


def undo_refusal(plan: UndoPlan, tags: Sequence[str], *, hidden: bool,
                 texts: Sequence[str] | None = None) -> str:
    """Why `undo` takes nothing back, in a person's words (`tags`: each seat's name as markup).

    `texts` is the history as the people at the terminal saw it (a game with secrets shows another
    player's draw as `draw ?`); without it, actions are named by their full texts.
    """
    if plan.decision is None:
        who = tags[plan.seat] if plan.seat is not None else "no person"
        return f"[yellow]Nothing to take back:[/] {who} has not decided yet."
    decision = str(plan.decision)
    if texts is not None and plan.decision_at is not None:
        decision = texts[plan.decision_at]
    whose = f"{tags[plan.seat]}'s last decision" if plan.seat is not None else "the last decision"
    last = f"{whose} ([bold]{escape(decision)}[/])"
    if plan.other is None and plan.revealed:
        if hidden:
            drawn = [texts[at] for at in plan.revealed_at] if texts is not None else []
            listed = f": [bold]{escape(compact(drawn))}[/]" if drawn else ""
            return (f"[yellow]Not taken back:[/] chance has drawn since {last}{listed}; "
                    "what chance has drawn stays drawn, so nothing before it is taken back.")
        shown = [f"[bold]{escape(str(outcome))}[/]" for outcome in plan.revealed]
        listed = ", ".join(shown[:-1]) + " and " + shown[-1] if len(shown) > 1 else shown[0]
        return (f"[yellow]Not taken back:[/] chance revealed {listed} after {last}; "
                "what chance has shown stays shown, so nothing before it is taken back.")
    other = tags[plan.other] if plan.other is not None else "another person"
    return (f"[yellow]Not taken back:[/] {other} has decided since {last}; "
            "each person takes back only their own decisions.")


def compact(texts: Sequence[str]) -> str:
    """Action texts in short: `draw ? ×7`, `draw 1, 3, dragon`, `first red, draw 2, ?`.

    Consecutive texts that share their first word name it once; a run of one same text is counted.
    """
    runs: list[list[str]] = []
    for text in texts:
        verb, space, _ = text.partition(" ")
        if runs and space and runs[-1][0].partition(" ")[0] == verb and " " in runs[-1][0]:
            runs[-1].append(text)
        else:
            runs.append([text])
    parts = []
    for run in runs:
        if len(set(run)) == 1:
            parts.append(run[0] if len(run) == 1 else f"{run[0]} ×{len(run)}")
        else:
            parts.append(run[0].partition(" ")[0] + " " + ", ".join(t.partition(" ")[2] for t in run))
    return ", ".join(parts)


def taken_back(count: int, actions: Sequence[str], tag: str | None) -> str:
    """`Took back 2 actions: T14-T15, G5-G10 (Yellow decides again)`."""
    listed = escape(", ".join(actions))
    again = f" ({tag} decides again)" if tag is not None else ""
    return f"Took back {count} action{'s' if count != 1 else ''}: {listed}{again}"
