"""The alpha-beta agent's Gygès core (integer moves, compiled leaves) against today's search, `alphabeta-v1`.

The core's evaluation equals the heuristics' value on a thousand mixed positions; it finds a win at
once and forced wins in two and three moves as v1 does, and its move keeps the win by v1's own proof;
its moves are legal over many positions of random games under every option that shapes moves; a node
budget and a seed fix its choice; one ply above the leaves it can see a threat that no reply parries.
Without the compiled generator the agent plays v1's search.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import spielwerk
from spielwerk import agents
from spielwerk.games.gyges import GygesState, fast
from spielwerk.games.gyges.heuristics import HEURISTICS, Weights
from spielwerk.games.gyges.notation import Move
from tests.gyges.helpers import gyges

needs_numba = pytest.mark.skipif(
    fast.compiled() is None,
    reason="no compiled generator: numba is missing (pip install 'spielwerk[fast]') or SPIELWERK_PLAIN set",
)
pytestmark = needs_numba

FORCED = [
    ("3...../....../111..2/132232/.....3/...... s", 3),  # South wins with its second move
    ("....../.1..../321322/.31.3./....1./...2.. n", 3),
    ("....../....../.2322./133211/..3..1/...... s", 5),  # with its third
]
MIDDLE = "312.3./...32./....1./..21../..2.../....31 s"


def played(options: dict[str, Any], games: int, seed: int, every: int) -> Iterator[GygesState]:
    """Every `every`-th position of seeded random games from random set-ups, in normal play."""
    game = spielwerk.game("gyges", setup="random", **options)
    rng = random.Random(seed)
    for number in range(games):
        state = game.new_state(seed=seed + number)
        assert isinstance(state, GygesState)
        plies = 0
        while not state.is_over:
            if state.is_chance:
                state.resolve_chance()
                continue
            if plies % every == 0:
                yield state.clone()
            state.apply(rng.choice(state.legal_actions()))
            plies += 1


def test_core_evaluation_is_the_heuristics_value() -> None:
    from spielwerk.games.gyges.fast import kernels, leaves

    weights, work = leaves.weights_array(Weights), kernels.new_workspace()
    checked = 0
    for state in played({}, 20, 7, 2):
        rules = state.side | state.replacement << 1 | state.strict << 2
        got = leaves.static(bytes(state.heights) + bytes((state.side,)), state.occupied, rules, work, weights)
        wins = HEURISTICS.winning_action(state) is not None
        assert got == (leaves.WIN_NOW if wins else round(1000 * HEURISTICS.value(state))), state.position()
        checked += 1
    assert checked > 200


def test_core_wins_at_once() -> None:
    state = gyges("..1.../....../....../....../....../...... s")
    bot = agents.make("alphabeta", budget=100, seed=0)
    choice = bot.choose(state)
    assert isinstance(choice, Move) and choice.end == 37  # North's throne
    assert bot.stats["proven"] == 1


@pytest.mark.parametrize(("position", "distance"), FORCED)
def test_core_finds_the_forced_win_v1_finds(position: str, distance: int) -> None:
    core, v1 = (agents.make(name, budget=30_000, seed=0) for name in ("alphabeta", "alphabeta-v1"))
    state = gyges(position)
    choice = core.choose(state)
    v1.choose(state)
    assert core.stats["proven"] == v1.stats["proven"] == distance
    state.apply(choice)  # after the core's move the opponent is lost, as v1 proves it
    if not state.is_over:
        judge = agents.make("alphabeta-v1", budget=30_000, seed=0)
        judge.choose(state)
        assert judge.stats["proven"] == -(distance - 1)


@pytest.mark.parametrize(("position", "distance"), FORCED)
def test_core_frontier_wins_by_a_threat_nothing_parries(position: str, distance: int) -> None:
    from spielwerk.core.scores import DECIDED
    from spielwerk.games.gyges.fast import kernels, leaves
    from spielwerk.games.gyges.fast.edge import decode

    state = gyges(position)
    weights, work, memo = leaves.weights_array(Weights), kernels.new_workspace(), leaves.new_memo(1 << 10)
    key, rules = bytes(state.heights) + bytes((state.side,)), state.side | state.replacement << 1
    plain, deep = (leaves.frontier(key, state.occupied, rules, work, weights, memo, leaves.WIN, 0, -1, -1,
                                   False, searched) for searched in (False, True))
    assert plain[0] < DECIDED  # one ply on, evaluations only
    if distance == 3:  # the first move threatens the throne, and no reply parries it
        assert deep[0] == leaves.WIN - 3
        state.apply(decode(deep[2]))
        for reply in state.legal_actions():
            child = state.clone()
            child.apply(reply)
            assert HEURISTICS.winning_action(child) is not None, reply
    else:
        assert deep[0] == plain[0]


@pytest.mark.parametrize(
    "options", [{}, {"replace_rule": "strict"}, {"replacement": False}, {"max_plies": 12}],
)
def test_core_moves_are_legal(options: dict[str, Any]) -> None:
    bot = agents.make("alphabeta", budget=400, seed=3)
    searched = 0
    for state in played(options, 6, 11, 3):
        choice = bot.choose(state)
        assert choice in state.legal_actions(), state.position()
        searched += bot.stats["depth"] > 0
    assert searched > 10  # most positions were searched, not answered at once


def test_core_is_deterministic_for_a_node_budget() -> None:
    for position in (MIDDLE, FORCED[2][0]):
        runs = []
        for _ in range(2):
            bot = agents.make("alphabeta", budget=5_000, seed=4)
            choice = bot.choose(gyges(position))
            runs.append((choice, bot.stats["nodes"], bot.stats["depth"], bot.stats["score"]))
        assert runs[0] == runs[1]


def test_core_searches_deeper_than_v1_in_the_same_time() -> None:
    # not in the same nodes: the core searches threats further than v1 (they cost it nodes), and each
    # of its nodes costs several times less time
    agents.make("alphabeta", budget=100, seed=0).choose(gyges(MIDDLE))  # the compiled code loaded
    core, v1 = (agents.make(name, budget="1s", seed=0) for name in ("alphabeta", "alphabeta-v1"))
    core.choose(gyges(MIDDLE))
    v1.choose(gyges(MIDDLE))
    assert core.stats["depth"] >= max(3, v1.stats["depth"])


def test_kings_game_and_plain_path_use_v1_search() -> None:
    options = agents.AGENTS["alphabeta"].options
    kings = gyges(MIDDLE, throne_captures=3)
    assert HEURISTICS.search(kings, None, 100, random.Random(0), options, {}) is None
    fast.use_compiled(False)
    try:
        state = gyges(MIDDLE)
        assert HEURISTICS.search(state, None, 100, random.Random(0), options, {}) is None
        bot, v1 = (agents.make(name, budget=300, seed=1) for name in ("alphabeta", "alphabeta-v1"))
        assert bot.choose(state) == v1.choose(state)
        assert bot.stats == {**v1.stats, "seconds": bot.stats["seconds"]}
    finally:
        fast.use_compiled(True)


def test_core_two_plies_above_the_leaves_compiled_search_as_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same moves and scores with Python's table off: with it on, a child of a node two plies above
    the leaves can find an entry of a deeper search there, which the compiled node never reads."""
    from spielwerk.games.gyges import search

    monkeypatch.setattr(search.FastSearch, "_store", lambda *_: None)
    compared = 0
    for state in played({}, games=6, seed=21, every=9):
        results = []
        for two_ply in (False, True):
            monkeypatch.setattr(search, "TWO_PLY", two_ply)
            bot = agents.make("alphabeta", budget=10**9, seed=0, max_depth=4, keep_tables=False)
            choice = bot.choose(state)
            results.append((choice, bot.stats["depth"], bot.stats["score"]))
        assert results[0] == results[1], state.position()
        compared += results[0][1] == 4
    assert compared > 15  # most positions were searched to depth 4, not answered at once


def test_core_two_ply_counts_a_position_met_a_third_time_as_a_draw() -> None:
    import numpy as np

    from spielwerk.games.gyges.fast import kernels, leaves, twoply
    from spielwerk.games.gyges.search import _hash, _play

    state = gyges(MIDDLE)
    key = bytes(state.heights) + bytes((state.side,))
    work = kernels.new_workspace()
    codes = kernels.legal_codes(key, state.occupied, state.side | 2, work).tolist()
    children = np.array([_hash(_play(key, state.occupied, code)[0]) for code in codes], np.int64)
    weights = leaves.weights_array(Weights)

    def searched(twice: np.ndarray) -> int:
        tables = (leaves.new_memo(1 << 10), twoply.new_table(1 << 10), twoply.new_killers(),
                  twoply.new_history())
        score, _, _ = twoply.two_ply(key, state.occupied, state.side | 2, work, weights, *tables, -leaves.WIN,
                                     leaves.WIN, 0, -1, twice, False, False, 1 << 40)
        return int(score)

    assert searched(np.zeros(0, np.int64)) not in (0, twoply.FALLBACK, twoply.OUT)
    assert searched(children) == 0  # every move repeats a position met twice: all draws


def test_core_starts_with_empty_tables() -> None:
    # loading the compiled code plays without replacement: what it evaluates must not stay in the
    # tables a search of the standard game reads (an evaluation holds for one set of put rules)
    from spielwerk.games.gyges.search import FastSearch

    core = FastSearch(Weights)
    assert not core.memo.any()
    assert not core.near.any()


def test_gyges_heuristics_with_weights__the_plain_value_and_the_compiled_search_read_them() -> None:
    state = gyges(MIDDLE)
    names = ("bias", "mine", "yours", "spring", "threat", "extra_threat")
    flat = HEURISTICS.with_weights(dict.fromkeys(names, 0.0))
    assert flat.value(state) == 0.0  # every term weighs nothing: tanh(0)
    assert HEURISTICS.value(state) != 0.0
    with pytest.raises(KeyError):
        HEURISTICS.with_weights({"nonsense": 1.0})

    from spielwerk.games.gyges.search import FastSearch

    tuned = HEURISTICS.with_weights({"mine": 0.5})
    assert FastSearch(tuned.w).weights.tolist() == [Weights.bias, 0.5, Weights.yours, Weights.spring,
                                                    Weights.threat, Weights.extra_threat]
    scores = []
    for spec in ("alphabeta:3000", "alphabeta:3000:w.mine=0,w.yours=0"):
        bot = agents.from_spec(spec, seed=0)
        bot.choose(state)
        scores.append(bot.stats["score"])
    assert scores[0] != scores[1]
