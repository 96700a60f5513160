"""Secret actions: the base keeps who saw each action and shows the others its masked text."""

from __future__ import annotations

from typing import Any, Self

import pytest

from spielwerk.core.chance import CHANCE
from spielwerk.core.errors import IllegalAction
from spielwerk.core.game import Game, GameInfo
from spielwerk.core.state import Action, State

CARDS = ("ace", "king")


class PeekState(State):
    """Chance deals seat 0 a secret card, then seat 1 guesses it aloud."""

    def __init__(self, game: Game, players: int, seed: int) -> None:
        super().__init__(game, players, seed)
        self.card: str | None = None
        self.guess: str | None = None

    @property
    def to_move(self) -> int:
        return CHANCE if self.card is None else 1

    @property
    def _game_over(self) -> bool:
        return self.guess is not None

    def _legal_actions(self) -> list[Action]:
        if self.is_over:
            return []
        return list(CARDS) if self.card is None else [f"guess {card}" for card in CARDS]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(card, 0.5) for card in CARDS]

    def _parse(self, text: str) -> Action:
        if text in self.legal_actions():
            return text
        raise IllegalAction(f"{text!r} is not legal here", rule="peek.turn")

    def _returns(self) -> list[float]:
        return [0.0, 1.0] if self.guess == self.card else [1.0, 0.0]

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"card": self.card if seat == 0 else None, "guess": self.guess}

    def _witnesses(self, action: Action) -> frozenset[int] | None:
        return frozenset({0}) if self.is_chance else None

    def _masked_text(self, action: Action) -> str:
        return "card ?"

    def _do(self, action: Action) -> Any:
        if self.card is None:
            self.card = str(action)
        else:
            self.guess = str(action).removeprefix("guess ")
        return None

    def _undo(self, token: Any) -> None:
        if self.guess is not None:
            self.guess = None
        else:
            self.card = None

    def _copy(self) -> Self:
        copy = type(self).__new__(type(self))
        copy.card, copy.guess = self.card, self.guess
        return copy


class Peek(Game):
    INFO = GameInfo("peek", "Peek", 2, 2, chance=True, hidden=True)

    def _new_state(self, players: int, seed: int, **start: Any) -> State:
        return PeekState(self, players, seed)


@pytest.fixture
def dealt() -> State:
    state = Peek().new_state(players=2, seed=3)
    state.apply("king")
    return state


def test_text_for_masks_a_secret_for_the_seats_that_may_not_see_it() -> None:
    state = Peek().new_state(players=2, seed=3)
    assert state.text_for("ace", 0) == "ace"
    assert state.text_for("ace", 1) == "card ?"
    assert state.text_for("ace", None) == "card ?"


def test_history_for_shows_each_seat_what_it_saw(dealt: State) -> None:
    dealt.apply("guess ace")
    assert dealt.history_for(0) == ["king", "guess ace"]
    assert dealt.history_for(1) == ["card ?", "guess ace"]
    assert dealt.history_for(None) == ["card ?", "guess ace"]


def test_a_seats_record_hides_what_it_did_not_see(dealt: State) -> None:
    assert dealt.record(1)["actions"] == ["card ?"]
    assert dealt.record(0)["actions"] == ["king"]
    assert dealt.record()["actions"] == ["king"]


def test_undo_and_clone_keep_the_secrets_in_step(dealt: State) -> None:
    copy = dealt.clone()
    copy.apply("guess king")
    copy.undo()
    copy.undo()
    copy.apply("ace")
    assert copy.history_for(1) == ["card ?"]
    assert copy.history_for(0) == ["ace"]
    assert dealt.history_for(0) == ["king"]
