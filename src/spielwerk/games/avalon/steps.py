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
LIMIT = 10_000
"""Steps a state keeps at most; then it forgets them all at once."""


def key(action: Any, facts: tuple[Any, ...]) -> Key:
    """The key of `action` taken from `facts`."""
    return (action, *map(id, facts))


def remember(walked: Walked, found: Key, step: Step) -> None:
    """Keep a step under its key."""
    if len(walked) >= LIMIT:
        walked.clear()
    walked[found] = step



# ----- dealt worlds -------------------------------------------------------------------------------
# Worlds dealt from one state (`AvalonState.determinize`, a world per search iteration) differ from
# it only in the backs dealt anew, and share every other fact: a step is kept with the backs it read
# (the places and the sides there, or all of them) and is taken again in any world whose backs agree
# there. A world's first step is kept under the identity of the facts but the backs; each step keeps
# the steps taken after it by action, so a world that took a kept step finds its next one there
# without reading its facts (`AvalonState.at`).

ALL = -1
"""A read of every back (iterating over them, or a slice)."""
Shared = tuple[
    tuple[Any, ...] | None, tuple[int, ...] | None, tuple[str, ...], tuple[Any, ...], bool, Any, Any, Any,
    dict[Any, "list[Any] | tuple[()]"],
]
"""The facts before (kept alive where they are a key's; None after a kept step); the places of the backs
read (None: all) and the sides read there; the facts after; whether the step put new backs; the
choices, odds and mover there; the steps kept after it, by action."""

_DEALT: dict[Key, list[Shared] | tuple[()]] = {}
_count = 0
"""Steps kept since `_DEALT` was last emptied, after others included."""


class Watched(tuple[str, ...]):
    """The backs while a dealt world takes a step: each place read is noted (`reads`)."""

    reads: list[int]

    def __getitem__(self, index: Any) -> Any:
        self.reads.append(index if isinstance(index, int) and index >= 0 else ALL)
        return tuple.__getitem__(self, index)

    def __iter__(self) -> Any:
        self.reads.append(ALL)
        return tuple.__iter__(self)

    def __contains__(self, value: object) -> bool:
        self.reads.append(ALL)
        return tuple.__contains__(self, value)


def dealt_key(settings: tuple[int, ...], action: Any, facts: tuple[Any, ...], backs: int) -> Key:
    """The key of `action` taken from `facts` in a dealt world of a game with `settings`: every fact's
    identity but the backs' (at `backs`)."""
    ids = list(map(id, facts))
    ids[backs] = 0
    return (settings, action, *ids)


SEEN: tuple[()] = ()
"""What a key holds once one world took its step, which it did not keep: most steps a search takes (in
the rollouts and leaves of its tree, say) are taken by one world only, and keeping them all filled the
memory, and the collector's work, with steps never taken again. A step is kept from the second time
on."""


def _count_one() -> None:
    """Count one more step or mark kept; all are forgotten once `LIMIT` were."""
    global _count
    if _count >= LIMIT:
        _DEALT.clear()  # the steps after them go with them, once no world stands on one
        _count = 0
    _count += 1


def first_steps(found: Key) -> list[Shared] | None:
    """The steps kept under a key (a list to keep more in), or None the first time the key is asked
    for (it is `SEEN` from then on)."""
    kept = _DEALT.get(found)
    if kept is None:
        _count_one()  # a key's marks count too, to be forgotten with the steps
        _DEALT[found] = SEEN
        return None
    if isinstance(kept, tuple):  # SEEN
        kept = _DEALT[found] = []
    return kept


def next_steps(step: Shared, action: Any) -> list[Shared] | None:
    """The steps kept for `action` taken after `step` (a list to keep more in), or None the first time
    it is asked for (see `first_steps`)."""
    after = step[8]
    kept = after.get(action)
    if kept is None:
        after[action] = SEEN
        return None
    if isinstance(kept, tuple):  # SEEN
        kept = after[action] = []
    return kept


def recall_dealt(kept: list[Shared], backs: tuple[str, ...]) -> Shared | None:
    """The step of `kept` whose backs read agree with `backs`, or None."""
    for step in kept:
        places = step[1]
        if places is None:
            if backs == step[2]:
                return step
        elif not places or tuple(map(backs.__getitem__, places)) == step[2]:
            return step
    return None


def watch(backs: tuple[str, ...]) -> Watched:
    """The backs to hand a dealt world's step, its reads noted."""
    watched = Watched(backs)
    watched.reads = []
    return watched


def remember_dealt(kept: list[Shared], facts: tuple[Any, ...] | None, watched: Watched,
                   after: tuple[Any, ...], dealt: bool, choices: Any, odds: Any, mover: Any) -> Shared | None:
    """Keep a dealt world's step in `kept` with the backs it read (`watched`); `dealt`: it put new
    backs. The step kept, or None where `kept` is full."""
    backs = tuple.__getitem__(watched, slice(None))
    places: tuple[int, ...] | None = None
    if ALL in watched.reads or dealt:
        sides = backs
    else:
        places = tuple(dict.fromkeys(watched.reads))
        sides = tuple(map(backs.__getitem__, places))
    if len(kept) >= VARIANTS:
        return None
    _count_one()
    step: Shared = (facts, places, sides, after, dealt, choices, odds, mover, {})
    kept.append(step)
    return step


VARIANTS = 64
"""Steps kept at most under one key (for as many different backs read)."""
