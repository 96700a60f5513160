"""Action indices: every legal action round-trips through its index, the mask is the legal set, the
spaces keep their documented size and meaning (the versions of docs/research.md)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import spielwerk
from spielwerk import rl
from spielwerk.core.state import State
from spielwerk.games.drachenfels.notation import parse as drachenfels_action
from spielwerk.games.grani.notation import MoveText
from spielwerk.games.grani.notation import move as grani_move
from spielwerk.games.grani.notation import parse as grani_parse
from spielwerk.games.gyges.notation import parse_action as gyges_action
from tests.gyges.golden_positions import GOLDEN
from tests.rl.helpers import playout, walk

GAMES = [("gyges", 2, {}), ("gyges", 2, {"throne_captures": 3, "setup": "random"}),
         ("gyges", 2, {"replace_rule": "strict"}),
         ("drachenfels", 2, {}), ("drachenfels", 3, {}), ("drachenfels", 4, {}),
         ("grani", 3, {}), ("grani", 6, {"seals_to_win": 2})]


def _check(state: State, rng: random.Random) -> int:
    """Every legal action round-trips; the mask is exactly the legal set; some other indices refuse."""
    legal = state.legal_actions()
    indices = [rl.action_index(state, action) for action in legal]
    assert len(set(indices)) == len(legal), "two legal actions share an index"
    for action, index in zip(legal, indices, strict=True):
        assert 0 <= index < rl.num_actions(state.game, state.players)
        assert rl.codec(state).decode(state, index) == action
        assert str(rl.codec(state).decode(state, index)) == str(action)
    for index in rng.sample(indices, min(len(indices), 8)):  # the checked way, on a sample (it is slow)
        assert rl.action_from_index(state, index) == legal[indices.index(index)]
    mask = rl.action_mask(state)
    assert mask.dtype == np.int8 and mask.shape == (rl.num_actions(state.game, state.players),)
    assert set(np.flatnonzero(mask).tolist()) == set(indices)
    assert rl.legal_indices(state) == dict(zip(indices, legal, strict=True))
    for index in rng.sample(range(mask.size), 5):
        if not mask[index]:
            with pytest.raises(ValueError):
                rl.action_from_index(state, index)
    return len(legal)


def _positions() -> Iterator[State]:
    for golden in GOLDEN:
        state = spielwerk.game("gyges", **golden.options).new_state(position=golden.position)
        for text in golden.before:
            state.apply(text)
        yield state


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES)
def test_every_legal_action_round_trips_through_its_index(game_id: str, players: int,
                                                          options: dict[str, Any]) -> None:
    rng, checked = random.Random(0), 0
    for seed in range(3):
        for state in playout(game_id, players, seed, steps=150, **options):
            checked += _check(state, rng)
    assert checked > 1000


def test_gyges_golden_positions_round_trip_throne_puts_and_replacements_included() -> None:
    rng, checked, seen = random.Random(1), 0, set[str]()
    for start in _positions():
        for state in walk(start, random.Random(len(seen)), 6):
            checked += _check(state, rng)
            seen.update(rl.codec(state).actions(2).locate(i)[0] for i in rl.legal_indices(state))
    assert checked > 1000
    assert {"move", "throne_put", "pass"} <= seen


def test_chance_outcomes_have_no_index_in_drachenfels_and_a_chance_node_no_mask() -> None:
    state = spielwerk.game("drachenfels").new_state(players=2, seed=1)
    assert state.is_chance
    with pytest.raises(ValueError):
        rl.action_mask(state)
    for outcome, _ in state.chance_outcomes()[:3]:
        with pytest.raises(ValueError):
            rl.action_index(state, outcome)


def test_indices_out_of_range_refuse() -> None:
    state = next(playout("drachenfels", 2, 0))
    for index in (-1, 1350, 10**9):
        with pytest.raises(ValueError):
            rl.action_from_index(state, index)


def test_the_spaces_keep_their_documented_sizes_and_version() -> None:
    assert rl.games() == ["avalon", "drachenfels", "grani", "gyges"]
    assert rl.version("drachenfels") == rl.version("grani") == 1
    assert rl.version("gyges") == 2  # 2: the repetitions and a pass just made
    assert rl.num_actions("gyges") == 90 + 1 + 36 * 37 * 37 + 36 == 49_411
    assert [rl.num_actions("drachenfels", n) for n in (2, 3, 4)] == [1350] * 3
    assert rl.observation_size("gyges") == 134
    assert [rl.observation_size("drachenfels", n) for n in (2, 3, 4)] == [525, 638, 751]
    assert [rl.num_actions("grani", n) for n in (3, 6)] == [124 * 2 + 4 * 124 + 3] * 2 == [747] * 2
    assert [rl.observation_size("grani", n) for n in (3, 4, 5, 6)] == [830, 966, 1102, 1238]


@pytest.mark.parametrize(("text", "index"), [
    ("112233", 0), ("332211", 89), ("pass", 90), ("a1-a2/f6", 91 + (0 * 37 + 6) * 37 + 36),
    ("b1-N", 91 + (1 * 37 + 36) * 37), ("f6-S", 91 + (35 * 37 + 36) * 37),
    ("S-a1", 91 + 36 * 37 * 37), ("N-c4", 91 + 36 * 37 * 37 + 20),
])
def test_gyges_indices_mean_what_the_documentation_says(text: str, index: int) -> None:
    state = spielwerk.game("gyges").new_state(position="321123/....../....../....../....../123321 s")
    assert rl.action_index(state, gyges_action(text)) == index


@pytest.mark.parametrize(("text", "index"), [
    ("1 K", 0), ("3 17", 2 * 93 + 41), ("5 68", 464), ("rainbow R1-K", 465), ("rainbow -R4-C4", 504),
    ("rainbow R1-K>R2-C3", 505 + 0 * 20 + 8), ("bridge H1", 905), ("bridge -X4", 920),
    ("bridge H1>X2", 921 + 0 * 8 + 5), ("dragon C1>17", 985 + 0 * 16 + 2), ("teletransfer green", 1308),
    ("take blue", 1310), ("cloud blue S3", 1313 + 4 + 2), ("send green S4", 1329 + 15),
    ("refresh", 1345), ("keep", 1349),
])
def test_drachenfels_indices_mean_what_the_documentation_says(text: str, index: int) -> None:
    state = spielwerk.game("drachenfels").new_state(players=4, seed=1)
    assert rl.action_index(state, drachenfels_action(text)) == index


@pytest.mark.parametrize(("text", "index"), [
    ("T9-T10", 2 * 9), ("T9-T4-T10", 2 * 9 + 1), ("exile X3", 248 + 114), ("ring T1", 372),
    ("block X12", 496 + 123), ("lift T2", 620 + 1), ("stay", 744), ("rest", 745), ("pass", 746),
])
def test_grani_indices_mean_what_the_documentation_says(text: str, index: int) -> None:
    state = spielwerk.game("grani").new_state(players=3, seed=1)
    assert rl.action_index(state, grani_action(text)) == index


def grani_action(text: str) -> object:
    """A Grani decision by its text; a move by its points (the first is where the knight stands)."""
    found = grani_parse(text)
    if not isinstance(found, MoveText):
        return found
    points = found.points
    return grani_move(points[0], points[-1], points[1] if len(points) == 3 else -1)


def test_gyges_decisions_in_parts_are_distinct_prefix_free_and_name_their_move() -> None:
    space = rl.codec("gyges").parts_space
    assert space is not None and rl.num_action_parts("gyges") == 90 + 1 + 36 + 37 + 37 + 36 == 237
    checked = 0
    for seed in range(2):
        for state in playout("gyges", 2, seed, steps=60, throne_captures=3):
            legal = rl.legal_parts(state)
            assert len(legal) == len(state.legal_actions())
            for parts, action in legal.items():
                assert not any(other[: len(parts)] == parts for other in legal if other != parts)
                blocks = [space.locate(part) for part in parts]
                if len(parts) == 3:
                    (_, (start,)), (_, (end,)), (_, (put,)) = blocks
                    assert [name for name, _ in blocks] == ["start", "end", "put"]
                    index = rl.action_index(state, action)
                    assert index == rl.codec("gyges").action_space.index("move", start, end, put)
                checked += 1
    assert checked > 1000
    with pytest.raises(ValueError):
        rl.num_action_parts("drachenfels")


def test_gyges_parts_mean_what_the_documentation_says() -> None:
    state = spielwerk.game("gyges").new_state(position="321123/....../....../....../....../123321 s")
    assert rl.action_parts(state, gyges_action("b1-c3/e5")) == (92, 141, 193)
    assert rl.action_parts(state, gyges_action("b1-N")) == (92, 127 + 36, 164)
    assert rl.action_parts(state, gyges_action("N-c4")) == (201 + 20,)
    assert rl.action_parts(state, gyges_action("pass")) == (90,)
