"""Messages that name Grani's things: a knight by its seat or colour, a kingdom, a point with what it is,
and several names joined with "and"."""

from __future__ import annotations

from collections.abc import Sequence

from spielwerk.core.message import Arg, Message
from spielwerk.games.grani.board import BOARD, KINGDOMS, NO_KINGDOM
from spielwerk.games.grani.notation import COLOURS
from spielwerk.games.grani.say import say


def knight(seat: int) -> Message:
    """The name of a seat's knight, its colour ("yellow", "Gelb", "jaune")."""
    return colour(COLOURS[seat])


def colour(name: str) -> Message:
    """The name of the knight of colour `name` (a word of COLOURS)."""
    return say(f"seat.{name}")


def kingdom(index: int) -> Message:
    """A kingdom's name ("Galad")."""
    return say(f"place.{KINGDOMS[index]}")


def kingdom_of(point: int) -> Message:
    """The name of the kingdom a point (not an exile point) lies in."""
    return kingdom(BOARD.kingdom[point])


def of_kingdom(point: int) -> Message:
    """"of Galad", "von Galad", "d'Elgad": the kingdom a point lies in, as it follows a noun."""
    return say(f"place.of.{KINGDOMS[BOARD.kingdom[point]]}")


def place(point: int) -> Message:
    """A point's name with what it is: "G12 (the city of Galad)", "X3 (an exile point)"; a black
    point's name alone."""
    index = BOARD.kingdom[point]
    if index == NO_KINGDOM or BOARD.kind[point] == "black":
        return say(f"place.{BOARD.kind[point]}", point=BOARD.names[point])
    return say(f"place.{BOARD.kind[point]}", point=BOARD.names[point], kingdom=kingdom(index),
               of=of_kingdom(point))


def cities(mask: int) -> str:
    """The kingdoms of a mask of seals, by name, with commas ("Tirad, Urgad"): names alike in every
    language."""
    return ", ".join(KINGDOMS[k].capitalize() for k in range(len(KINGDOMS)) if mask >> k & 1)


def together(names: Sequence[Arg]) -> Arg:
    """Names joined with "and" between each two ("red and blue and white")."""
    joined = names[0]
    for name in names[1:]:
        joined = say("names.and", first=joined, then=name)
    return joined
