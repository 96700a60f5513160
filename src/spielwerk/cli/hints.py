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
from spielwerk.core.state import Action, State

EVEN = 0.1
"""Alpha-beta values (from -1, lost, to +1, won) closer to 0 than this read as an even game."""


def hint_line(state: State, action: Action, spec: str, stats: Mapping[str, Any], names: Sequence[str]) -> str:
    """`Hint (alphabeta:2s): c6-c5 — South wins in 1 move whatever you do; nothing puts it off longer`.

    `state` is the position the hint was asked in (left unchanged), `names` the seats' names.
    """
    line = f"Hint ({escape(spec)}): [bold]{escape(str(action))}[/]"
    seen = _seen(state, action, stats, names)
    return f"{line} — {seen}" if seen else line


def _seen(state: State, action: Action, stats: Mapping[str, Any], names: Sequence[str]) -> str:
    me = state.to_move
    ends = _ends(state, action, me)
    if ends is not None:
        return ends
    others = [name for seat, name in enumerate(names) if seat != me]
    other = others[0].title() if len(others) == 1 else "the others"
    proven = stats.get("proven")
    if isinstance(proven, int) and proven > 0:
        moves = (proven + 1) // 2
        return f"with it you win in {_count(moves, 'move')} (this one included) whatever {other} does"
    if isinstance(proven, int) and proven < 0:
        moves = -proven // 2
        return f"{other} wins in {_count(moves, 'move')} whatever you do; nothing puts it off longer"
    if "score" in stats and "depth" in stats:
        return _evaluation(float(stats["score"]), int(stats["depth"]), other)
    if isinstance(stats.get("visits"), int) and stats["visits"] > 0 and "value" in stats:
        value = float(stats["value"])
        if stats.get("estimate") == "playouts":
            return f"you win about {round(100 * value)}% of the games played out after it"
        return f"the search rates your game after it at {value:.2f} (from 0, lost, to 1, won)"
    return ""


def _ends(state: State, action: Action, me: int) -> str | None:
    """`this wins` / `this draws` / `this loses` where the move ends the game, else None."""
    probe = state.clone()
    probe.apply(action)
    if not probe.is_over:
        return None
    returns = probe.returns()
    best = max(returns)
    if returns[me] == best and returns.count(best) == 1:
        return "this wins"
    if returns[me] == best and returns.count(best) == len(returns):
        return "this ends the game in a draw"
    if returns[me] == best:
        return "this shares the win"
    return "this ends the game, and you lose"


def _evaluation(score: float, depth: int, other: str) -> str:
    """How alpha-beta rates the position where it proved nothing."""
    value = score / SCALE
    if abs(value) < EVEN:
        looks = "it looks even"
    elif value > 0:
        looks = "it looks better for you"
    else:
        looks = f"it looks better for {other}"
    within = f"within the next {_count(depth, 'action')}" if depth > 0 else "that it had time to see"
    return f"nothing is forced {within}; {looks} ({value:+.2f} on a scale from -1, lost, to +1, won)"


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'s' if number != 1 else ''}"
