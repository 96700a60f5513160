"""Steps remembered while search walks the same tree again: the facts an action led to, found again by
the identity of the facts it was taken from.

Every fact of a state is an immutable value replaced on change (rules.FACTS), so the facts an action
leads to depend only on the facts before it, the action and the game's settings. A search that takes
its actions back (mcts walks its tree from the root in every iteration, and undo puts back the very
same values) applies the same actions to the same facts again and again; a state that was once taken
back keeps its steps (`AvalonState.walked`), and looks each one up by the identity (`id`) of the facts
before it instead of running it again. Each entry keeps those facts alive, so no other object can
take one of their ids while the entry lasts.
"""

from __future__ import annotations

from typing import Any

Key = tuple[Any, ...]
Step = tuple[tuple[Any, ...], tuple[Any, ...], Any, Any, Any]
"""The facts before (kept alive), the facts after, and the choices, odds and mover there."""
Walked = dict[Key, Step]
"""The steps one state has taken."""
LIMIT = 20_000
"""Steps a state keeps at most; then it forgets them all at once."""


def key(action: Any, facts: tuple[Any, ...]) -> Key:
    """The key of `action` taken from `facts`."""
    return (action, *map(id, facts))


def remember(walked: Walked, found: Key, step: Step) -> None:
    """Keep a step under its key."""
    if len(walked) >= LIMIT:
        walked.clear()
    walked[found] = step

