"""Which actions an `undo` takes back, and why it may not: the take-back rule of the terminal.

A person takes back their own last decision, with every agent's reply since, as long as no chance
outcome was revealed since (a card, a die, a lot: what people have seen cannot be unseen) and no
other person has decided since. An action that was the only legal one (a forced `rest` or `pass`)
is no decision: it goes back with the rest and the walk looks further back. Only the history and
`legal_actions()` are read, so the rule holds for every game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from spielwerk.core.state import Action, State


def forced(state: State) -> bool:
    """True where the one to move has a single legal action (the session plays it unasked)."""
    return not state.is_over and not state.is_chance and len(state.legal_actions()) == 1


@dataclass(frozen=True)
class UndoPlan:
    """What `undo` would do: take back `count` actions, or nothing (count 0) for `reason`."""

    count: int = 0
    seat: int | None = None
    """Whose decision is taken back (or, when refused, whose turn it was asked for)."""
    decision: Action | None = None
    """The decision taken back, or the person's last decision that cannot be reached."""
    revealed: tuple[Action, ...] = ()
    """Refused: the chance outcomes revealed since, in the order they came."""
    other: int | None = None
    """Refused: the person who decided since (where that came after every chance outcome since)."""
    decision_at: int | None = None
    """Where `decision` stands in the history (to show it as a seat saw it, in a game with secrets)."""
    revealed_at: tuple[int, ...] = ()
    """Where each of `revealed` stands in the history."""

    @property
    def allowed(self) -> bool:
        """True when something will be taken back."""
        return self.count > 0


def plan_undo(state: State, is_human: Callable[[int], bool], person: int | None) -> UndoPlan:
    """How far `person`'s undo goes back in `state`; None: the last person who decided (after the end).

    Walking back from the end of the history: agents' actions and forced actions are taken back
    along the way; a chance outcome stops the walk (refused); so does another person's decision
    (refused); the person's own decision ends it (allowed, everything walked over goes back).
    """
    probe = state.clone()
    count = 0
    revealed: list[Action] = []
    revealed_at: list[int] = []
    other: int | None = None
    while probe.history:
        action = probe.undo()
        count += 1
        at = len(probe.history)
        if probe.is_chance:
            revealed.append(action)
            revealed_at.append(at)
            continue
        seat = probe.to_move
        if not is_human(seat) or forced(probe):
            continue
        if person is None:
            person = seat
        if seat == person:
            if not revealed and other is None:
                return UndoPlan(count, seat, action, decision_at=at)
            return UndoPlan(0, seat, action, tuple(reversed(revealed)), other, at,
                            tuple(reversed(revealed_at)))
        if other is None and not revealed:
            other = seat
    return UndoPlan(0, person, None, tuple(reversed(revealed)), other, None, tuple(reversed(revealed_at)))
