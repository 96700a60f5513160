"""Search scores shared by the generic alpha-beta agent and a game's own search core: a forced
result `n` plies ahead scores `WIN - n`, and a transposition table keeps it relative to the node that
stores it, so that it stays right when the position is met at another depth."""

from __future__ import annotations

from typing import TypeVar

WIN = 1_000_000
"""A win at the root; a win `n` plies ahead scores WIN - n."""
DECIDED = WIN - 10_000
"""Scores beyond this are forced results, not evaluations."""

Score = TypeVar("Score", int, float)


def to_table(score: Score, ply: int) -> Score:
    """`score`, found `ply` plies below the root, as the table keeps it."""
    if score >= DECIDED:
        return score + ply
    if score <= -DECIDED:
        return score - ply
    return score


def from_table(score: Score, ply: int) -> Score:
    """A score the table kept, as seen from `ply` plies below the root."""
    if score >= DECIDED:
        return score - ply
    if score <= -DECIDED:
        return score + ply
    return score
