"""IS-MCTS, and that no agent cheats on a game with hidden information.

The toy game High-low (for these tests only): each player is dealt a secret card from 1-6 (the
others see "deal ?"); then each seat in turn says whether the next seat's card is "higher" or
"lower" than its own. Cards are dealt as late as they can be: the next seat's card just before a
seat speaks, so in a three-player game a card is dealt after the first guess. The seats that guess
right share the win; if none does, all draw. Knowing the next card, a player always guesses right;
a fair player has only its own card to go on (holding 1, "higher" is sure).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Self

import pytest

import spielwerk
from spielwerk import agents
from spielwerk.agents.playout import Knowledge
from spielwerk.core.chance import CHANCE
from spielwerk.core.errors import IllegalAction
from spielwerk.core.game import Game, GameInfo
from spielwerk.core.heuristics import Heuristics
from spielwerk.core.state import Action, State
from tests.agents.test_agents_toy_game import play

DECK = (1, 2, 3, 4, 5, 6)
FAIR = ["ismcts", "mcts", "greedy"]
BUDGET = 200


class HighLowState(State):
    """High-low in progress."""

    def __init__(self, game: Game, players: int, seed: int) -> None:
        super().__init__(game, players, seed)
        self.cards: list[int | None] = [None] * players
        self.guesses: list[str | None] = [None] * players
        self.turn = 0  # the seat to guess next; players: over

    def _dealt_to(self) -> int | None:
        """The seat that must be dealt a card before the next guess, if any."""
        if self.turn >= self.players:
            return None
        return next((s for s in (self.turn, (self.turn + 1) % self.players) if self.cards[s] is None), None)

    @property
    def to_move(self) -> int:
        return CHANCE if self._dealt_to() is not None else self.turn

    @property
    def _game_over(self) -> bool:
        return self.turn >= self.players

    def _legal_actions(self) -> list[Action]:
        if self.is_over:
            return []
        if self.is_chance:
            return [f"deal {card}" for card in DECK if card not in self.cards]
        return ["higher", "lower"]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        outcomes = self.legal_actions()
        return [(outcome, 1 / len(outcomes)) for outcome in outcomes]

    def _parse(self, text: str) -> Action:
        if text in self.legal_actions():
            return text
        raise IllegalAction(f"{text!r} is not legal now", rule="highlow.turn")

    def right(self, seat: int) -> bool:
        mine, theirs = self.cards[seat], self.cards[(seat + 1) % self.players]
        assert mine is not None and theirs is not None
        return (self.guesses[seat] == "higher") == (theirs > mine)

    def _returns(self) -> list[float]:
        winners = [seat for seat in range(self.players) if self.right(seat)]
        if not winners:
            return [1 / self.players] * self.players
        return [1 / len(winners) if seat in winners else 0.0 for seat in range(self.players)]

    def _view(self, seat: int | None) -> dict[str, Any]:
        shown = [card if self.is_over or s == seat else None for s, card in enumerate(self.cards)]
        return {
            "cards": shown,
            "dealt": [card is not None for card in self.cards],
            "guesses": list(self.guesses),
            "turn": self.turn,
        }

    def _witnesses(self, action: Action) -> frozenset[int] | None:
        seat = self._dealt_to()
        return None if seat is None else frozenset({seat})

    def _masked_text(self, action: Action) -> str:
        return "deal ?"

    def _do(self, action: Action) -> Any:
        seat = self._dealt_to()
        if seat is not None:
            self.cards[seat] = int(str(action).removeprefix("deal "))
            return seat
        self.guesses[self.turn] = str(action)
        self.turn += 1
        return None

    def _undo(self, token: Any) -> None:
        if token is None:
            self.turn -= 1
            self.guesses[self.turn] = None
        else:
            self.cards[token] = None

    def _copy(self) -> Self:
        copy = type(self).__new__(type(self))
        copy.cards, copy.guesses, copy.turn = list(self.cards), list(self.guesses), self.turn
        return copy

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        """Replays what `seat` saw with a fresh seed, dealing each card it did not see from the rest."""
        seen = self.history_for(seat)
        pool = [card for card in DECK if f"deal {card}" not in seen]
        world = self.game.new_state(players=self.players, seed=rng.getrandbits(32))
        for text in seen:
            world.apply(f"deal {pool.pop(int(rng.random() * len(pool)))}" if text == "deal ?" else text)
        assert isinstance(world, type(self))
        return world


class Guesses:
    """High-low heuristics: a guess made is worth 1 if right and 0 if wrong; one not yet made, 0.5."""

    def evaluate(self, state: State) -> list[float]:
        assert isinstance(state, HighLowState)
        return [
            0.5 if guess is None else float(state.right(seat)) for seat, guess in enumerate(state.guesses)
        ]

    def order(self, state: State, actions: Sequence[Action]) -> list[Action]:
        return list(actions)


class HighLow(Game):
    INFO = GameInfo("highlow", "High-low", 2, 3, chance=True, hidden=True)

    def _new_state(self, players: int, seed: int, **start: Any) -> State:
        return HighLowState(self, players, seed)

    def heuristics(self) -> Heuristics | None:
        return Guesses()


def highlow(*actions: str, players: int = 3, seed: int = 0) -> HighLowState:
    state = HighLow().new_state(players=players, seed=seed)
    for action in actions:
        state.apply(action)
    assert isinstance(state, HighLowState)
    return state


def everything(state: State) -> list[Any]:
    """All a state is and shows: its full JSON, history, and every seat's view and account."""
    seats: list[int | None] = [*range(state.players), None]
    return [state.to_json(), state.history, [(state.view(s), state.history_for(s)) for s in seats]]


def without_time(stats: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in stats.items() if key != "seconds"}


def test_the_toy_game_hides_the_other_cards() -> None:
    state = highlow("deal 3", "deal 5")
    assert state.to_move == 0 and state.view(0)["cards"] == [3, None, None]
    assert state.history_for(0) == ["deal 3", "deal ?"] and state.history_for(1) == ["deal ?", "deal 5"]
    assert state.history_for(0, 1) == ["deal ?"] and state.history_for(None, -1) == ["deal ?"]
    world = state.determinize(0, random.Random(1))
    assert world.view(0) == state.view(0) and world.history_for(0) == state.history_for(0)
    assert world.seed != state.seed
    assert {state.determinize(0, random.Random(n)).cards[1] for n in range(40)} == {1, 2, 4, 5, 6}


def test_ismcts_is_registered() -> None:
    assert "ismcts" in agents.names()
    bot = agents.from_spec("ismcts:300", seed=2, c=0.5)
    assert bot.name == "ismcts" and bot.settings["c"] == 0.5


@pytest.mark.parametrize("name", FAIR)
@pytest.mark.parametrize("actions", [("deal 3", "deal 5"), ("deal 3", "deal 5", "lower", "deal 1")])
def test_a_legal_action_and_the_real_state_unchanged(name: str, actions: tuple[str, ...]) -> None:
    state = highlow(*actions)
    before = everything(state)
    action = agents.make(name, budget=BUDGET, seed=1).choose(state)
    assert action in state.legal_actions()
    assert everything(state) == before


@pytest.mark.parametrize("name", FAIR)
def test_same_seed_and_count_same_choice_and_stats(name: str) -> None:
    state = highlow("deal 4", "deal 2")
    first, second = (agents.make(name, budget=BUDGET, seed=7) for _ in range(2))
    choices = [first.choose(state) for _ in range(3)]
    assert choices == [second.choose(state) for _ in range(3)]
    assert without_time(first.stats) == without_time(second.stats)


@pytest.mark.parametrize("name", FAIR)
@pytest.mark.parametrize(
    ("one", "other"),
    [
        (("deal 3", "deal 2"), ("deal 3", "deal 5")),  # seat 0 to guess; seat 1's card differs
        (("deal 3", "deal 2", "lower", "deal 6"), ("deal 4", "deal 2", "lower", "deal 1")),  # seat 1
    ],
)
def test_no_agent_cheats(name: str, one: tuple[str, ...], other: tuple[str, ...]) -> None:
    a, b = highlow(*one), highlow(*other)
    seat = a.to_move
    assert seat == b.to_move and a.view(seat) == b.view(seat) and a.to_json() != b.to_json()
    assert a.history_for(seat) == b.history_for(seat) and a.legal_actions() == b.legal_actions()
    bots = [agents.make(name, budget=BUDGET, seed=seed) for seed in (3, 3)]
    assert bots[0].choose(a) == bots[1].choose(b)
    assert without_time(bots[0].stats) == without_time(bots[1].stats)


def test_the_cheating_check_has_teeth(monkeypatch: pytest.MonkeyPatch) -> None:
    def peek(self: HighLowState, seat: int | None, rng: random.Random) -> HighLowState:
        return self.clone()  # a "determinization" that keeps the real secrets

    monkeypatch.setattr(HighLowState, "determinize", peek)
    choices = [
        agents.make("ismcts", budget=BUDGET, seed=3).choose(highlow("deal 3", card))
        for card in ("deal 2", "deal 5")
    ]
    assert choices == ["lower", "higher"]


@pytest.mark.parametrize("name", FAIR)
def test_the_search_never_draws_from_the_real_stream(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    state = highlow("deal 3", "deal 5")  # seat 2's card is dealt after seat 0's guess
    reference = state.clone()
    reference.apply("higher")
    dealt = reference.resolve_chance()

    def refuse(self: State) -> Action:
        raise AssertionError("a search must not use the game's dice")

    with monkeypatch.context() as patch:
        patch.setattr(HighLowState, "resolve_chance", refuse)
        agents.make(name, budget=BUDGET, seed=5).choose(state)
    state.apply("higher")
    assert state.resolve_chance() == dealt


@pytest.mark.parametrize("name", FAIR)
@pytest.mark.parametrize(("card", "guess"), [("deal 1", "higher"), ("deal 6", "lower"), ("deal 5", "lower")])
def test_fair_agents_use_their_own_card(name: str, card: str, guess: str) -> None:
    state = highlow(card, "deal 3", players=2)
    assert agents.make(name, budget=BUDGET, seed=0).choose(state) == guess


def test_the_searches_count_their_worlds() -> None:
    state = highlow("deal 3", "deal 5")
    ismcts, mcts, greedy = (agents.make(name, budget=BUDGET, seed=0) for name in FAIR)
    ismcts.choose(state)
    assert ismcts.stats["iterations"] == ismcts.stats["determinizations"] == BUDGET
    assert ismcts.stats["children"] == 2
    mcts.choose(state)
    assert mcts.stats["iterations"] == BUDGET and mcts.stats["determinizations"] == 8
    assert agents.make("mcts", budget=3, seed=0, determinizations=5).choose(state) in ("higher", "lower")
    greedy.choose(state)
    assert greedy.stats["determinizations"] == 8
    assert greedy.stats["evaluations"] == 2 * 8 * 4  # two guesses, eight worlds, four cards seat 2 may get


def test_ismcts_plays_highlow_to_the_end() -> None:
    for seed in range(3):
        state = play(
            HighLow().new_state(players=3, seed=seed),
            [agents.make("ismcts", budget=60, seed=seed + seat) for seat in range(3)],
        )
        assert abs(sum(state.returns()) - 1) < 1e-9


def test_ismcts_takes_the_winning_step(race: Game) -> None:
    state = race.new_state(players=3, seed=0)
    for action in ["1", "1", "2", "stay", "2", "slip", "2", "slip", "2", "stay", "1", "1"]:
        state.apply(action)
    assert state.to_move == 2 and state.view(None)["places"] == [3, 3, 4]
    bot = agents.make("ismcts", budget=300, seed=1)
    assert bot.choose(state) == "2"  # 6: seat 2 wins at once
    assert bot.stats["iterations"] < 300  # and stops looking once it has found it


class Named:
    """Race heuristics that name the winning step, and value the rest evenly."""

    def evaluate(self, state: State) -> list[float]:
        return [1 / state.players] * state.players

    def order(self, state: State, actions: Sequence[Action]) -> list[Action]:
        return list(actions)

    def winning_action(self, state: State) -> Action | None:
        return "2" if not state.is_chance and state.view(None)["places"][state.to_move] >= 4 else None


def test_ismcts_takes_a_named_win_at_once(race: Game) -> None:
    state = race.new_state(players=2, seed=0)
    for action in ["2", "stay", "1", "2", "stay", "1"]:
        state.apply(action)
    assert state.to_move == 0 and state.view(None)["places"] == [4, 2]
    bot = agents.make("ismcts", budget=300, seed=0, heuristics=Named())
    assert bot.choose(state) == "2" and bot.stats["iterations"] == 1


def test_ismcts_beats_random_at_the_race(race: Game) -> None:
    wins = 0
    for seed in range(24):
        seat = seed % 3
        bots = [agents.make("random", seed=seed * 3 + s) for s in range(3)]
        bots[seat] = agents.make("ismcts", budget=100, seed=seed)
        state = play(race.new_state(players=3, seed=seed), bots)
        wins += state.returns()[seat] == 1.0
    assert wins >= 14  # a random player in its place wins about 9 of 24 (mcts: 14 at 300 iterations)


def test_ismcts_plays_grani() -> None:
    state = spielwerk.game("grani").new_state(players=4, seed=1)
    while state.is_chance:
        state.resolve_chance()
    before = state.to_json()
    bot = agents.make("ismcts", budget=40, seed=0)
    assert bot.choose(state) in state.legal_actions()
    assert state.to_json() == before and bot.stats["iterations"] == 40


def test_ismcts_goes_on_with_the_tree_of_its_last_search(race: Game) -> None:
    state = race.new_state(players=2, seed=0)
    bot = agents.make("ismcts", budget=200, seed=1)
    fresh = agents.make("ismcts", budget=200, seed=1, reuse=False)
    state.apply(bot.choose(state))
    assert bot.stats["reused"] == 0
    if state.is_chance:
        state.apply("stay")
    state.apply("1")  # the other seat
    bot.choose(state)
    fresh.choose(state)
    assert bot.stats["reused"] > 0 and fresh.stats["reused"] == 0
    state.undo()
    state.apply("2")
    state.apply("stay")
    bot.choose(state)  # the game went back past the kept root: a fresh tree
    assert bot.stats["reused"] == 0


def test_ismcts_starts_afresh_in_another_game_or_seat(race: Game) -> None:
    bot = agents.make("ismcts", budget=100, seed=1)
    state = race.new_state(players=2, seed=0)
    state.apply(bot.choose(state))
    bot.choose(race.new_state(players=3, seed=0))
    assert bot.stats["reused"] == 0
    state.apply("stay")
    bot.choose(state)  # seat 1 now: the tree was seat 0's
    assert bot.stats["reused"] == 0


def test_each_search_takes_the_exploration_its_game_names_for_it() -> None:
    state = spielwerk.game("drachenfels").new_state(players=2, seed=1)
    hints: Any = state.game.heuristics()
    assert agents.make("ismcts", 10).settings["c"] is None
    ismcts, mcts = (Knowledge.of(agents.make(name, 10), state).c for name in ("ismcts", "mcts"))
    assert (ismcts, mcts) == (hints.ismcts_exploration, hints.exploration) and ismcts != mcts
    assert Knowledge.of(agents.make("ismcts", 10, c=0.5), state).c == 0.5
    grani = spielwerk.game("grani").new_state(players=3, seed=1)
    general: Any = grani.game.heuristics()
    assert Knowledge.of(agents.make("ismcts", 10), grani).c == general.exploration
