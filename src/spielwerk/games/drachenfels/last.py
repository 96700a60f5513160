"""The last turn that changed the board: which seat played it and every piece it moved, for pictures
that mark it.

A turn moves pieces by its cards (a knight's walk, a dragon, a bridge, a rainbow, a knight
teletransferred or sent by a cloud) and by what follows them (a duel's loser sent away, a crossed
rainbow moved). All of it happens in the open: the pieces and the cards played are public, so every
seat knows the same last turn. It is a fact of the position (a determinized world keeps it), kept
until a later turn moves a piece.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spielwerk.games.drachenfels.board import BOARD, COLOURS
from spielwerk.games.drachenfels.notation import Edge, edge_text

if TYPE_CHECKING:
    from spielwerk.games.drachenfels.rules import DrachenfelsState

PIECES = ("knight", "dragon", "bridge", "rainbow")

Pieces = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[Edge, ...]]
"""Where the pieces stand: the knights by seat, the dragons, the bridges, the rainbows."""
Place = int | Edge | None
"""Where a piece stood: a field (a knight, a dragon, a bridge), a rainbow's ends, or None (not on the
board: a bridge or a rainbow brought in or taken away)."""


Moved = tuple[str, int, Place, Place]
"""A piece moved: (piece, seat, old, new); `seat` is the knight's (-1 for the other pieces)."""
Last = tuple[int, int, tuple[Moved, ...]]
"""The pieces `seat` moved in its turn number `turn` (counted from 0, as the state's `turns`): (seat,
turn, moves). Plain tuples, as every fact of a position: undo snapshots of numbers, text and tuples of
them are soon left alone by the cycle collector (a class instance in them would keep them all tracked)."""


def pieces(state: DrachenfelsState) -> Pieces:
    """Where the pieces of `state` stand."""
    return state.knights, state.dragons, state.bridges, state.rainbows


def moved(before: Pieces, after: DrachenfelsState) -> tuple[Moved, ...]:
    """The pieces that stand elsewhere in `after` than `before`: knights by seat, then a dragon, a
    bridge and a rainbow taken from one place to another (or onto the board, or off it)."""
    knights, dragons, bridges, rainbows = before
    found: list[Moved] = []
    if knights != after.knights:
        found = [
            ("knight", seat, old, new)
            for seat, (old, new) in enumerate(zip(knights, after.knights, strict=True))
            if old != new
        ]
    if dragons != after.dragons:
        found.append(_moved("dragon", dragons, after.dragons))
    if bridges != after.bridges:
        found.append(_moved("bridge", bridges, after.bridges))
    if rainbows != after.rainbows:
        found.append(_moved("rainbow", rainbows, after.rainbows))
    return tuple(found)


def _moved(piece: str, old_places: tuple[Any, ...], new_places: tuple[Any, ...]) -> Moved:
    """A dragon, a bridge or a rainbow taken from one place to another (or onto the board, or off it)."""
    gone, come = _left(old_places, new_places), _left(new_places, old_places)
    return piece, -1, gone[0] if gone else None, come[0] if come else None


def added(last: Last | None, seat: int, turn: int, moves: tuple[Moved, ...]) -> Last | None:
    """The last turn once `seat` has moved `moves` in its turn `turn`: the moves of that turn so far
    and these, or `last` as it was where nothing moved."""
    if not moves:
        return last
    if last is not None and last[1] == turn and last[0] == seat:
        return seat, turn, last[2] + moves
    return seat, turn, moves


def named(last: Last | None) -> dict[str, Any] | None:
    """The last turn by names, as views and positions write it: `{"seat": "red", "turn": 3, "moves":
    [{"piece": "knight", "colour": "red", "from": "12", "to": "17"}, {"piece": "rainbow", "from":
    None, "to": "R1-K"}]}`; None before any piece has moved."""
    if last is None:
        return None
    seat, turn, moves = last
    return {"seat": COLOURS[seat], "turn": turn, "moves": [_named_move(move) for move in moves]}


def _named_move(move: Moved) -> dict[str, Any]:
    piece, seat, old, new = move
    entry: dict[str, Any] = {"piece": piece}
    if piece == "knight":
        entry["colour"] = COLOURS[seat]
    entry["from"], entry["to"] = _name(old), _name(new)
    return entry


def _name(place: Place) -> str | None:
    if place is None:
        return None
    if isinstance(place, tuple):
        return edge_text(place)
    return BOARD.names[place]


def _left(values: tuple[Any, ...], taken: tuple[Any, ...]) -> list[Any]:
    """The entries of `values` that `taken` does not hold (as many times as they stand there)."""
    rest = list(taken)
    left = []
    for value in values:
        if value in rest:
            rest.remove(value)
        else:
            left.append(value)
    return left
