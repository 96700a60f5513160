"""The agents' contract: names, budgets, specs, legal choices that leave the state alone, seeds."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk import agents
from spielwerk.agents import Budget
from spielwerk.core.state import State

START = "321123/....../....../....../....../123321 s"
MIDGAME = "....13/...13./..2..1/..3..3/...1.2/..2..2 n"
BUDGETS = {"random": None, "greedy": None, "mcts": 60, "ismcts": 60, "alphabeta": 150}


def gyges(position: str = START, **options: object) -> State:
    return spielwerk.game("gyges", **options).new_state(seed=3, position=position)


def test_names() -> None:
    assert agents.names() == ["alphabeta", "alphabeta-v1", "greedy", "ismcts", "mcts", "random"]


@pytest.mark.parametrize(
    ("text", "seconds", "count"),
    [("2s", 2.0, None), ("500ms", 0.5, None), ("1.5s", 1.5, None), (" 3 s", 3.0, None),
     ("5000", None, 5000), (5000, None, 5000), (0.25, 0.25, None), ("10_000", None, 10000)],
)
def test_budget_parses_time_and_counts(
    text: str | int | float, seconds: float | None, count: int | None
) -> None:
    assert Budget.parse(text) == Budget(seconds=seconds, count=count)


@pytest.mark.parametrize("bad", ["fast", "", "0", 0, -5, "0s", "-1s", "2m", "5000x", True, "1e3", None])
def test_bad_budget_is_an_option_error(bad: object) -> None:
    with pytest.raises(spielwerk.OptionError, match="budget"):
        Budget.parse(bad)  # type: ignore[arg-type]


def test_unknown_agent_names_the_known_ones() -> None:
    with pytest.raises(spielwerk.OptionError, match="alphabeta, alphabeta-v1, greedy, ismcts, mcts, random"):
        agents.make("minimax")


def test_unknown_option_and_bad_seed_are_option_errors() -> None:
    with pytest.raises(spielwerk.OptionError, match="no option depth"):
        agents.make("mcts", depth=3)
    with pytest.raises(spielwerk.OptionError, match="seed"):
        agents.make("mcts", seed="seven")  # type: ignore[arg-type]


def test_from_spec() -> None:
    bot = agents.from_spec("alphabeta:2s", seed=4)
    assert bot.name == "alphabeta" and bot.budget == Budget(seconds=2.0) and bot.seed == 4
    assert agents.from_spec("MCTS:5000").budget == Budget(count=5000)
    assert agents.from_spec("mcts").budget == Budget(seconds=1.0)
    assert agents.from_spec("random").name == "random"
    tuned = agents.from_spec("ismcts:300:c=0.1,widen=2", seed=1, widen=3)
    assert tuned.budget == Budget(count=300) and (tuned.settings["c"], tuned.settings["widen"]) == (0.1, 3)
    assert agents.from_spec("mcts:c=0.2").budget == Budget(seconds=1.0)
    for bad in ("", "mcts:soon", "alpha:1s", "mcts:1s:c", "mcts:1s:depth=2", "mcts:1s:c=1:widen=2"):
        with pytest.raises(spielwerk.OptionError):
            agents.from_spec(bad)


@pytest.mark.parametrize("name", sorted(BUDGETS))
@pytest.mark.parametrize("position", [START, MIDGAME])
def test_agent_returns_a_legal_action_and_leaves_the_state_unchanged(name: str, position: str) -> None:
    state = gyges(position)
    state.apply(state.legal_actions()[0])  # a state with a history, so undo mistakes would show
    before = state.to_json()
    action = agents.make(name, budget=BUDGETS[name], seed=1).choose(state)
    assert action in state.legal_actions()
    assert state.to_json() == before
    assert str(action) in {str(a) for a in state.legal_actions()}


@pytest.mark.parametrize("name", sorted(BUDGETS))
def test_agent_chooses_a_setup(name: str) -> None:
    state = spielwerk.game("gyges").new_state(seed=1)  # the players arrange their start ranks
    action = agents.make(name, budget=BUDGETS[name], seed=1).choose(state)
    assert action in state.legal_actions()


@pytest.mark.parametrize("name", sorted(BUDGETS))
def test_same_seed_and_count_same_choice(name: str) -> None:
    state = gyges(MIDGAME)
    first = agents.make(name, budget=BUDGETS[name], seed=9)
    second = agents.make(name, budget=BUDGETS[name], seed=9)
    choices = [first.choose(state) for _ in range(3)]
    assert choices == [second.choose(state) for _ in range(3)]
    assert _without_time(first.stats) == _without_time(second.stats)


def _without_time(stats: dict[str, object]) -> dict[str, object]:
    return {key: value for key, value in stats.items() if key != "seconds"}


def test_random_agent_uses_its_own_stream() -> None:
    state = gyges()
    choices = {agents.make("random", seed=seed).choose(state) for seed in range(30)}
    assert len(choices) > 20  # 228 moves: different seeds choose differently
    bot = agents.make("random", seed=5)
    assert len({bot.choose(state) for _ in range(30)}) > 20  # and one agent goes on along its stream


@pytest.mark.parametrize("name", sorted(BUDGETS))
def test_no_choice_at_a_chance_node_or_after_the_end(name: str) -> None:
    bot = agents.make(name, budget=BUDGETS[name])
    chance = spielwerk.game("gyges", setup="random").new_state(seed=1)
    assert chance.is_chance
    with pytest.raises(spielwerk.SpielwerkError, match="resolve_chance"):
        bot.choose(chance)
    over = gyges("....../....../....../....../....../1..... s")
    over.apply("a1-a2")  # South's only ring
    while not over.is_over:
        over.apply(over.legal_actions()[0])
    with pytest.raises(spielwerk.SpielwerkError, match="over"):
        bot.choose(over)


@pytest.mark.parametrize(
    ("name", "key"), [("mcts", "iterations"), ("ismcts", "iterations"), ("alphabeta", "nodes")]
)
def test_time_budget_is_kept(name: str, key: str) -> None:
    bot = agents.make(name, budget="150ms", seed=0)
    bot.choose(gyges(MIDGAME))
    assert bot.stats["seconds"] < 0.5
    # it thinks for most of its time, unless it proved the result sooner (the Gygès core proves
    # this position a win in 7 within 0.1 s: deeper search cannot change that)
    assert bot.stats["seconds"] > 0.1 or bot.stats.get("proven") is not None
    assert bot.stats[key] > 10


@pytest.mark.parametrize(("game_id", "players"), [("drachenfels", 2), ("grani", 3)])
def test_alphabeta_says_before_a_game_that_it_cannot_play_one_with_secrets_or_more_players(
        game_id: str, players: int) -> None:
    info = spielwerk.game(game_id).info
    with pytest.raises(spielwerk.OptionError, match="alphabeta plays two-player games"):
        agents.make("alphabeta").check_fits(info, players)
    for name in ("mcts", "random", "greedy"):
        agents.make(name).check_fits(info, players)  # these play every game
    agents.make("alphabeta").check_fits(spielwerk.game("gyges").info, 2)
