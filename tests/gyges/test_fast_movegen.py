"""The compiled Gygès generator (numba) agrees with the plain Python one, the reference, everywhere.

Positions come from seeded random games under every option that shapes moves (replacement or not,
standard or strict puts, the King's game) and from seeded random boards of 1 to 12 rings (empty
ranks, fallback ranks, passes, crowded bounces). For each the legal lists must be equal in order,
the ring sets equal, the counts equal and the win detection agree. The count's own search
(`fast.walks`, which never bounces twice on one ring) is held to the plain search ring by ring on
crowded boards too, and the benchmark's batch count to the plain counts. Without numba these tests
skip, except the one showing that the game then runs on the plain path.
"""

from __future__ import annotations

import itertools
import random
import sys
from collections.abc import Iterator
from typing import Any

import pytest

import spielwerk
from spielwerk.core.state import Action
from spielwerk.games.gyges import GygesState, fast, movegen
from spielwerk.games.gyges.board import CELLS, NORTH_THRONE, SOUTH_THRONE
from spielwerk.games.gyges.notation import PASS, format_position
from spielwerk.games.gyges.rules import PLAY, _expand
from tests.gyges.golden_positions import GOLDEN
from tests.gyges.helpers import gyges

Board = tuple[list[int], int, int, bool, bool]
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"replace_rule": "strict"},
    {"replacement": False},
    {"throne_captures": 3},
    {"throne_captures": {"south": 3, "north": 1}, "replace_rule": "strict"},
]
if fast.compiled() is not None:
    import numpy as np

    from spielwerk.games.gyges.fast import count, walks
    from spielwerk.games.gyges.fast.edge import CompiledGenerator, decode
    from spielwerk.games.gyges.fast.kernels import new_workspace, rules_of
needs_numba = pytest.mark.skipif(
    fast.compiled() is None,
    reason="no compiled generator: numba is missing (pip install 'spielwerk[fast]') or SPIELWERK_PLAIN set",
)


def _board(state: GygesState) -> Board:
    """The position as the generators read it, its heights copied (play changes the state's list)."""
    return list(state.heights), state.occupied, state.side, state.replacement, state.strict


def played_boards(options: dict[str, Any], games: int, seed: int, every: int = 1) -> Iterator[Board]:
    """Every `every`-th normal-play position of seeded random games from random set-ups."""
    game = spielwerk.game("gyges", setup="random", **options)
    rng = random.Random(seed)
    for number in range(games):
        state = game.new_state(seed=seed + number)
        assert isinstance(state, GygesState)
        while not state.is_over:
            if state.is_chance:
                state.resolve_chance()
                continue
            if state.phase == PLAY and state.plies % every == 0:
                yield _board(state)
            state.apply(rng.choice(state.legal_actions()))


def random_boards(count: int, seed: int) -> Iterator[Board]:
    """Seeded boards of 1 to 12 of the game's rings on random cells, either side to move."""
    rng = random.Random(seed)
    for _ in range(count):
        heights = [0] * CELLS
        rings = rng.sample([1, 2, 3] * 4, rng.randint(1, 12))
        crowd = rng.sample(range(CELLS), len(rings)) if rng.random() < 0.5 else _crowded(rng, len(rings))
        for cell, height in zip(crowd, rings, strict=True):
            heights[cell] = height
        occupied = sum(1 << cell for cell in crowd)
        yield heights, occupied, rng.randint(0, 1), rng.random() < 0.8, rng.random() < 0.3


def crowded_boards(count: int, seed: int) -> Iterator[Board]:
    """Seeded boards of 8 to 12 rings packed into three or four ranks: long chains of bounces."""
    rng = random.Random(seed)
    for _ in range(count):
        heights = [0] * CELLS
        rings = rng.sample([1, 2, 3] * 4, rng.randint(8, 12))
        cells = _crowded(rng, len(rings))
        for cell, height in zip(cells, rings, strict=True):
            heights[cell] = height
        occupied = sum(1 << cell for cell in cells)
        yield heights, occupied, rng.randint(0, 1), rng.random() < 0.8, rng.random() < 0.3


def _crowded(rng: random.Random, count: int) -> list[int]:
    """Cells in a block of three or four ranks, so that rings bounce on each other a lot."""
    low = rng.randint(0, 2) * 6
    return rng.sample(range(low, low + 24 if low <= 12 else CELLS), count)


def plain_actions(board: Board) -> list[Action]:
    rank, groups = movegen.generate_plain(*board)
    return [PASS] if rank < 0 else _expand(groups, board[2])


def assert_agrees(generator: CompiledGenerator, board: Board) -> None:
    rank, groups = movegen.generate_plain(*board)
    where = f"position {format_position(board[0], board[2])} {board[3:]}"
    assert generator.generate(*board) == (rank, groups), where
    assert generator.legal_actions(*board) == plain_actions(board), where
    assert generator.move_count(*board) == sum(g.total() for g in groups), where
    throne = generator.throne_move(*board)
    assert (throne >= 0) == any(g.throne for g in groups), where
    if throne >= 0:
        assert any(g.start == throne and g.throne for g in groups), where


@needs_numba
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(map(str, o.items())) or "default")
def test_gyges_fast_movegen__agrees_over_random_games(options: dict[str, Any]) -> None:
    generator = fast.compiled()
    assert generator is not None
    boards = list(itertools.islice(played_boards(options, games=40, seed=7, every=3), 3000))
    assert len(boards) > 400
    wins = 0
    for board in boards:
        assert_agrees(generator, board)
        wins += generator.throne_move(*board) >= 0
    assert wins >= 3  # games end on thrones: the win detection was tried where it answers yes


@needs_numba
def test_gyges_fast_movegen__agrees_over_random_boards() -> None:
    generator = fast.compiled()
    assert generator is not None
    for board in random_boards(6000, seed=11):
        assert_agrees(generator, board)


@needs_numba
def test_gyges_fast_movegen__counts_on_crowded_boards() -> None:
    generator = fast.compiled()
    assert generator is not None
    for board in crowded_boards(1500, seed=13):
        _, groups = movegen.generate_plain(*board)
        where = f"position {format_position(board[0], board[2])} {board[3:]}"
        assert generator.move_count(*board) == sum(g.total() for g in groups), where


@needs_numba
def test_gyges_fast_movegen__walks_reach_what_the_plain_search_reaches() -> None:
    """gyges.move.edge-once, gyges.land.bounce: every ring's ends, throne and landings, not only the
    movable rank's; a search that never bounces twice on one ring finds them all."""
    stack = np.zeros(64, np.int64)
    boards = itertools.chain(crowded_boards(400, seed=17), random_boards(400, seed=19))
    for heights, occupied, side, _, _ in boards:
        for start in range(CELLS):
            if not occupied >> start & 1:
                continue
            reached = walks.ring_reach(bytes(heights), 0, occupied, start, stack)
            ends = reached & ~occupied & ((1 << CELLS) - 1)
            throne = reached >> movegen.TARGET_THRONE[side] & 1 == 1
            lands = reached & occupied & ~(1 << start)
            where = f"{format_position(heights, side)} {start}"
            assert (ends, throne, lands) == movegen.reach(heights, occupied, start, side), where


@needs_numba
@pytest.mark.parametrize("replacement,strict", [(True, False), (True, True), (False, False)])
def test_gyges_fast_movegen__batch_counts(replacement: bool, strict: bool) -> None:
    """The benchmark's count over many positions in one call is the sum of the plain counts."""
    boards = list(itertools.chain(random_boards(300, seed=23), crowded_boards(300, seed=29)))
    heights = b"".join(bytes(board[0]) for board in boards)
    occupied = np.array([board[1] for board in boards], np.int64)
    sides = np.array([board[2] for board in boards], np.int64)
    rules = rules_of(0, replacement, strict)
    plain = 0
    for board in boards:
        _, groups = movegen.generate_plain(board[0], board[1], board[2], replacement, strict)
        plain += sum(g.total() for g in groups)
    assert count.count_batch(heights, occupied, sides, rules, new_workspace()) == plain


@needs_numba
def test_gyges_fast_movegen__golden_positions() -> None:
    generator = fast.compiled()
    assert generator is not None
    for golden in GOLDEN:
        state = gyges(golden.position, **golden.options)
        if golden.before or state.phase != PLAY:
            continue
        assert_agrees(generator, _board(state))
        assert state.move_count() == len(state.legal_actions()) == golden.count, golden.name


@needs_numba
def test_gyges_fast_movegen__tiny_work_space_grows() -> None:
    """A table and stack too small for a search are replaced by larger ones: the same answers."""
    generator = CompiledGenerator(new_workspace(table_size=2, stack_size=4))
    for board in random_boards(300, seed=5):
        assert_agrees(generator, board)


@needs_numba
def test_gyges_fast_movegen__the_contract_uses_it() -> None:
    """The game's legal actions, counts and moves' checks come from the compiled generator."""
    generator = fast.compiled()
    assert generator is not None
    for board in played_boards({}, games=3, seed=3):
        state = gyges(format_position(board[0], board[2]))
        actions = state.legal_actions()
        assert actions == plain_actions(board)
        assert state.move_count() == len(actions)
        assert state.ring_moves() == movegen.generate_plain(*board)[1]
        for action in actions[:: max(1, len(actions) // 5)]:
            state.clone().apply(str(action))


@needs_numba
def test_gyges_fast_movegen__win_detection_and_move_integers() -> None:
    generator = fast.compiled()
    assert generator is not None
    south = gyges("1...../....../....../....../....../...... s")  # a 1 on a6 steps onto North's throne
    north = gyges("....../....../....../....../....../.1.... n")  # a 1 on b1 steps onto South's throne
    start = gyges("321123/....../....../....../....../123321 s")
    assert generator.throne_move(*_board(south)) == 30
    assert generator.throne_move(*_board(north)) == 1
    assert generator.throne_move(*_board(start)) == -1
    codes = generator.legal_codes(*_board(south))
    assert sorted(codes) == sorted([30 + 64 * 24, 30 + 64 * 31, 30 + 64 * NORTH_THRONE])
    assert 1 + 64 * SOUTH_THRONE in generator.legal_codes(*_board(north))
    for state in (south, north, start):
        actions = [decode(code) for code in generator.legal_codes(*_board(state))]
        assert actions == state.legal_actions()
        assert [str(a) for a in actions] == [str(a) for a in plain_actions(_board(state))]


def test_gyges_fast_movegen__without_numba_the_plain_path_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    before = fast.compiled() is not None
    for name in ("numba", "spielwerk.games.gyges.fast.edge", "spielwerk.games.gyges.fast.kernels"):
        monkeypatch.setitem(sys.modules, name, None)
    try:
        assert fast.use_compiled(True) is False
        assert fast.compiled() is None
        state = gyges("321123/....../....../....../....../123321 s")
        assert len(state.legal_actions()) == state.move_count() == 210
        state.apply("a1-a2")
    finally:
        monkeypatch.undo()
        fast.use_compiled(before)
