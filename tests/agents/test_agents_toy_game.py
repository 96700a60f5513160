"""Agents on a toy game registered for these tests only: three players, dice, no heuristics.

The toy race: each player in turn steps 1 or 2 along a track; after a step of 2 the die decides
whether the mover slips back 1 (a chance node). Whoever first stands on GOAL or beyond wins; after
MAX_TURNS turns it is a draw.
"""

from __future__ import annotations

from typing import Any, Self

import pytest

import spielwerk
from spielwerk import agents
from spielwerk.core.chance import CHANCE
from spielwerk.core.errors import IllegalAction, InvalidNotation
from spielwerk.core.game import Game, GameInfo
from spielwerk.core.state import Action, State

GOAL = 6
MAX_TURNS = 30


class RaceState(State):
    """The toy race in progress."""

    def __init__(self, game: Game, players: int, seed: int) -> None:
        super().__init__(game, players, seed)
        self.places = [0] * players
        self.seat = 0
        self.turns = 0
        self.slip = False  # a chance node: the last mover may slip back

    @property
    def to_move(self) -> int:
        return CHANCE if self.slip else self.seat

    @property
    def _game_over(self) -> bool:
        return self.winner() is not None or self.turns >= MAX_TURNS

    def winner(self) -> int | None:
        return next((seat for seat, place in enumerate(self.places) if place >= GOAL), None)

    def _legal_actions(self) -> list[Action]:
        if self.is_over:
            return []
        return ["stay", "slip"] if self.slip else ["1", "2"]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [("stay", 0.5), ("slip", 0.5)]

    def _parse(self, text: str) -> Action:
        if text not in ("1", "2", "stay", "slip"):
            raise InvalidNotation(f"{text!r} is not a race action")
        if text not in self.legal_actions():
            raise IllegalAction(f"{text} is not possible now", rule="race.turn")
        return text

    def _returns(self) -> list[float]:
        winner = self.winner()
        if winner is None:
            return [1 / self.players] * self.players
        return [1.0 if seat == winner else 0.0 for seat in range(self.players)]

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"places": list(self.places), "seat": self.seat, "slip": self.slip, "turns": self.turns}

    def _do(self, action: Action) -> Any:
        token = (list(self.places), self.seat, self.turns, self.slip)
        if self.slip:
            self.slip = False
            previous = (self.seat - 1) % self.players
            self.places[previous] -= action == "slip"
        else:
            self.places[self.seat] += int(str(action))
            self.slip = action == "2" and self.winner() is None
            self.seat = (self.seat + 1) % self.players
            self.turns += 1
        return token

    def _undo(self, token: Any) -> None:
        places, self.seat, self.turns, self.slip = token
        self.places = list(places)

    def _copy(self) -> Self:
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        copy.places = list(self.places)
        return copy


class Race(Game):
    """The toy race."""

    INFO = GameInfo(id="toyrace", name="Toy race", min_players=2, max_players=4, chance=True, hidden=False)

    def _new_state(self, players: int, seed: int, **start: Any) -> State:
        return RaceState(self, players, seed)


def test_the_toy_game_is_registered_only_inside_the_test(race: Game) -> None:
    assert "toyrace" in spielwerk.games()


def test_the_toy_game_is_gone_afterwards() -> None:
    assert "toyrace" not in spielwerk.games()


def play(state: State, bots: list[agents.Agent]) -> State:
    while not state.is_over:
        if state.is_chance:
            state.resolve_chance()
        else:
            before = state.to_json()
            action = bots[state.to_move].choose(state)
            assert action in state.legal_actions()
            assert state.to_json() == before
            state.apply(action)
    return state


@pytest.mark.parametrize("name", ["mcts", "random"])
def test_three_players_with_chance_play_to_the_end(race: Game, name: str) -> None:
    for seed in range(3):
        state = race.new_state(players=3, seed=seed)
        play(state, [agents.make(name, budget=200, seed=seed + seat) for seat in range(3)])
        assert sorted(state.returns()) in ([0.0, 0.0, 1.0], [1 / 3] * 3)


def test_mcts_takes_the_winning_step_for_any_seat(race: Game) -> None:
    state = race.new_state(players=3, seed=0)
    for action in ["1", "1", "2", "stay", "2", "slip", "2", "slip", "2", "stay", "1", "1"]:
        state.apply(action)
    assert state.to_move == 2 and state.view(None)["places"] == [3, 3, 4]
    assert agents.make("mcts", budget=300, seed=1).choose(state) == "2"  # 6: seat 2 wins at once


def test_mcts_plays_for_its_own_seat_among_three(race: Game) -> None:
    wins = 0
    for seed in range(24):
        seat = seed % 3
        bots = [agents.make("random", seed=seed * 3 + s) for s in range(3)]
        bots[seat] = agents.make("mcts", budget=300, seed=seed)
        state = play(race.new_state(players=3, seed=seed), bots)
        wins += state.returns()[seat] == 1.0
    assert wins >= 14  # a random player in its place wins about 9 of 24; one that steps 1 always, none


def test_mcts_is_deterministic_with_chance(race: Game) -> None:
    state = race.new_state(players=3, seed=5)
    state.apply("2")
    state.apply("stay")
    picks = {agents.make("mcts", budget=150, seed=4).choose(state) for _ in range(3)}
    assert len(picks) == 1


def test_mcts_never_touches_the_real_dice(race: Game) -> None:
    state = race.new_state(players=3, seed=8)
    state.apply("2")
    reference = state.clone().resolve_chance()
    agents.make("mcts", budget=300, seed=0).choose(race.new_state(players=3, seed=8))
    assert state.resolve_chance() == reference


def test_alphabeta_plays_two_players_with_chance(race: Game) -> None:
    bots = [agents.make("alphabeta", budget=300, seed=seed) for seed in (0, 1)]
    state = play(race.new_state(players=2, seed=1), bots)
    assert state.is_over


def test_alphabeta_takes_the_winning_step(race: Game) -> None:
    state = race.new_state(players=2, seed=0)
    for action in ["2", "stay", "2", "stay", "2", "stay", "1"]:
        state.apply(action)
    assert state.to_move == 0 and state.view(None)["places"] == [4, 3]
    assert agents.make("alphabeta", budget=200, seed=0).choose(state) == "2"


def test_alphabeta_refuses_more_than_two_players(race: Game) -> None:
    with pytest.raises(spielwerk.OptionError, match="two-player"):
        agents.make("alphabeta", budget=100).choose(race.new_state(players=3, seed=0))
