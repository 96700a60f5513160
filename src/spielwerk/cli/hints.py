"""What `hint` says: the move an agent would play and what it sees, in a player's words.

Read from the agent's `stats` after its choice (alpha-beta's `proven` distance and `score`, a tree
search's `value`, `visits` and `estimate`) and from the public contract (does the move end the
game?); nothing here knows a rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.markup import escape

from spielwerk.agents.alphabeta import SCALE
from spielwerk.cli.say import capital, text
from spielwerk.core.state import Action, State

EVEN = 0.1
"""Alpha-beta values (from -1, lost, to +1, won) closer to 0 than this read as an even game."""


def hint_line(state: State, action: Action, spec: str, stats: Mapping[str, Any], names: Sequence[str],
              language: str = "en") -> str:
    """`Hint (alphabeta:2s): c6-c5 — South wins in 1 move whatever you do; nothing puts it off longer`.

    `state` is the position the hint was asked in (left unchanged), `names` the seats' names as they
    read in `language` ("south", "Süd")."""
    said = {"agent": escape(spec), "action": escape(str(action))}
    seen = _seen(state, action, stats, names, language)
    if not seen:
        return text("hint.line", language, **said)
    return text("hint.line.seen", language, **said, seen=seen)


def _seen(state: State, action: Action, stats: Mapping[str, Any], names: Sequence[str], language: str) -> str:
    me = state.to_move
    ends = _ends(state, action, me)
    if ends is not None:
        return text(ends, language)
    others = [name for seat, name in enumerate(names) if seat != me]
    many = "" if len(others) == 1 else ".others"
    other = escape(capital(others[0])) if len(others) == 1 else ""
    proven = stats.get("proven")
    if isinstance(proven, int) and proven > 0:
        moves = text("hint.moves", language, count=(proven + 1) // 2)
        return text(f"hint.proven.win{many}", language, moves=moves, player=other)
    if isinstance(proven, int) and proven < 0:
        moves = text("hint.moves", language, count=-proven // 2)
        return text(f"hint.proven.lose{many}", language, moves=moves, player=other)
    if "score" in stats and "depth" in stats:
        return _evaluation(float(stats["score"]), int(stats["depth"]), other, language)
    if isinstance(stats.get("visits"), int) and stats["visits"] > 0 and "value" in stats:
        value = float(stats["value"])
        if stats.get("estimate") == "playouts":
            return text("hint.playouts", language, percent=round(100 * value))
        return text("hint.value", language, value=f"{value:.2f}")
    return ""


def _ends(state: State, action: Action, me: int) -> str | None:
    """The key of `this wins` / `this draws` / `this loses` where the move ends the game, else None."""
    probe = state.clone()
    probe.apply(action)
    if not probe.is_over:
        return None
    returns = probe.returns()
    best = max(returns)
    if returns[me] == best and returns.count(best) == 1:
        return "hint.ends.win"
    if returns[me] == best and returns.count(best) == len(returns):
        return "hint.ends.draw"
    if returns[me] == best:
        return "hint.ends.share"
    return "hint.ends.lose"


def _evaluation(score: float, depth: int, other: str, language: str) -> str:
    """How alpha-beta rates the position where it proved nothing (`other`: the one opponent's name,
    "" for several)."""
    value = score / SCALE
    if abs(value) < EVEN:
        looks = text("hint.even", language)
    elif value > 0:
        looks = text("hint.better", language)
    else:
        looks = (text("hint.better.other", language, player=other) if other
                 else text("hint.better.others", language))
    within = (text("hint.within", language, actions=text("hint.actions", language, count=depth)) if depth > 0
              else text("hint.within.seen", language))
    return text("hint.forced", language, within=within, looks=looks, value=f"{value:+.2f}")
