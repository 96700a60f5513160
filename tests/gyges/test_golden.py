"""Golden counts: the engine's legal actions equal the reference generator's, and the fixed numbers."""

from __future__ import annotations

import pytest

from spielwerk import State
from tests.gyges import reference
from tests.gyges.golden_positions import GOLDEN, PERFT, PERFT_DEEP, Golden, Perft
from tests.gyges.helpers import gyges, play, texts


def reference_texts(golden: Golden) -> set[str]:
    """The reference's legal action texts for a golden position (throne puts after a capture)."""
    strict = golden.options.get("replace_rule") == "strict"
    text = golden.position
    for move in golden.before:
        text = reference.play(text, move)
    if golden.before and reference.wins(golden.before[-1]):
        return reference.throne_puts(text, owner=text.split()[1], strict=strict)
    return reference.legal_moves(text, replacement=golden.options.get("replacement", True), strict=strict)


def test_there_are_enough_golden_positions() -> None:
    assert len(GOLDEN) >= 30
    assert len({(g.position, tuple(sorted(g.options.items())), g.before) for g in GOLDEN}) == len(GOLDEN)


@pytest.mark.parametrize("golden", GOLDEN, ids=[g.name for g in GOLDEN])
def test_golden_count(golden: Golden) -> None:
    state = play(gyges(golden.position, **golden.options), *golden.before)
    found = texts(state)
    assert len(found) == len(set(found)), "a legal action is listed twice"
    assert set(found) == reference_texts(golden)
    assert len(found) == golden.count
    assert state.move_count() == golden.count


def perft(state: State, depth: int) -> int:
    """The number of action sequences of length `depth` (a finished game has none)."""
    if depth == 0:
        return 1
    if depth == 1:
        return len(state.legal_actions())
    total = 0
    for action in state.legal_actions():
        state.apply(action)
        total += perft(state, depth - 1)
        state.undo()
    return total


def reference_perft(text: str, depth: int, replacement: bool, strict: bool) -> int:
    """`perft` over the reference generator (depth >= 1); a move onto a throne ends the game."""
    moves = reference.legal_moves(text, replacement=replacement, strict=strict)
    if depth == 1:
        return len(moves)
    return sum(
        reference_perft(reference.play(text, move), depth - 1, replacement, strict)
        for move in moves
        if not reference.wins(move)
    )


@pytest.mark.parametrize("case", PERFT, ids=[f"{p.position} {dict(p.options)} d{p.depth}" for p in PERFT])
def test_perft(case: Perft) -> None:
    state = gyges(case.position, **case.options)
    assert perft(state, case.depth) == case.count
    assert state.position() == case.position  # apply and undo left it as it was
    strict = case.options.get("replace_rule") == "strict"
    replacement = case.options.get("replacement", True)
    assert reference_perft(case.position, case.depth, replacement, strict) == case.count


DEEP_IDS = [f"{p.position} {dict(p.options)} d{p.depth}" for p in PERFT_DEEP]


@pytest.mark.parametrize("case", PERFT_DEEP, ids=DEEP_IDS)
def test_deep_perft(case: Perft) -> None:
    # the count was taken from the reference generator once (4–5 minutes); the engine needs seconds
    state = gyges(case.position, **case.options)
    assert perft(state, case.depth) == case.count


@pytest.mark.slow
@pytest.mark.parametrize("case", PERFT_DEEP, ids=DEEP_IDS)
def test_deep_perft_of_the_reference(case: Perft) -> None:
    strict = case.options.get("replace_rule") == "strict"
    replacement = case.options.get("replacement", True)
    assert reference_perft(case.position, case.depth, replacement, strict) == case.count
