"""Drachenfels notation: the texts of card plays, decisions and chance outcomes.

A point card names its count and the field where the knight ends: `3 17`. Magic cards name their
card and what they do: `rainbow R1-K` (put a rainbow up), `rainbow -R1-K` (take it away),
`rainbow R1-K>R2-C3` (move it), `bridge H1`, `bridge -H1`, `bridge H1>X2`, `dragon C1>17`,
`teletransfer blue`, `cloud blue S3`. Other decisions: `refresh`, `top` (the top discard),
`take blue` (a card at random from blue's hand), `send blue S3` (the loser of a duel), `stop`,
`end`, `keep` (the crossed rainbow stays). Chance: `princesses blue,red,green,yellow` (whose stands
on C1–C4; nobody sees it: everyone reads `princesses ?`), `first red`, `draw 3`, `pick dragon`; a
seat that may not see a card reads `draw ?` or `pick ?`. Parsing checks form; legality is the rules'.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from spielwerk.core.actions import Word
from spielwerk.core.errors import InvalidNotation
from spielwerk.core.inputs import quote
from spielwerk.games.drachenfels.board import BOARD, COLOURS
from spielwerk.games.drachenfels.cards import KINDS
from spielwerk.games.drachenfels.say import say

Edge = tuple[int, int]
"""A rainbow: (rainbow rock, the castle or a rock castle)."""

WORDS = ("refresh", "top", "stop", "end", "keep")
SEAT_VERBS = ("teletransfer", "take")
PLACE_VERBS = ("cloud", "send")
DRAW_VERBS = ("draw", "pick")


@dataclass(frozen=True, slots=True)
class Walk:
    """A point card: the knight walks `value` (or twice that) and ends on `end`."""

    value: int
    end: int

    _text: str = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", self._spell())

    def __str__(self) -> str:
        return self._text

    def _spell(self) -> str:
        return f"{self.value} {BOARD.names[self.end]}"


@dataclass(frozen=True, slots=True)
class Rainbow:
    """Put a rainbow up (`old` None), take one away (`new` None) or move one."""

    old: Edge | None
    new: Edge | None

    _text: str = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", self._spell())

    def __str__(self) -> str:
        return self._text

    def _spell(self) -> str:
        if self.old is None:
            return f"rainbow {edge_text(self.new)}"
        if self.new is None:
            return f"rainbow -{edge_text(self.old)}"
        return f"rainbow {edge_text(self.old)}>{edge_text(self.new)}"


@dataclass(frozen=True, slots=True)
class Bridge:
    """Bring a bridge onto a site (`old` -1), take one away (`new` -1) or move one."""

    old: int
    new: int

    _text: str = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", self._spell())

    def __str__(self) -> str:
        return self._text

    def _spell(self) -> str:
        names = BOARD.names
        if self.old < 0:
            return f"bridge {names[self.new]}"
        if self.new < 0:
            return f"bridge -{names[self.old]}"
        return f"bridge {names[self.old]}>{names[self.new]}"


@dataclass(frozen=True, slots=True)
class Dragon:
    """Move the dragon on `start` to `end`."""

    start: int
    end: int

    _text: str = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", self._spell())

    def __str__(self) -> str:
        return self._text

    def _spell(self) -> str:
        return f"dragon {BOARD.names[self.start]}>{BOARD.names[self.end]}"


@dataclass(frozen=True, slots=True)
class Target:
    """A decision about another seat: `teletransfer blue`, `take blue`."""

    verb: str
    seat: int

    _text: str = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", self._spell())

    def __str__(self) -> str:
        return self._text

    def _spell(self) -> str:
        return f"{self.verb} {COLOURS[self.seat]}"


@dataclass(frozen=True, slots=True)
class Place:
    """Put another seat's knight on a start field: `cloud blue S3`, `send blue S3`."""

    verb: str
    seat: int
    field: int

    _text: str = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", self._spell())

    def __str__(self) -> str:
        return self._text

    def _spell(self) -> str:
        return f"{self.verb} {COLOURS[self.seat]} {BOARD.names[self.field]}"


@dataclass(frozen=True, slots=True)
class Draw:
    """A chance outcome: the first player (`first`, a seat) or a card (`draw`/`pick`, a kind)."""

    verb: str
    value: int

    _text: str = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", self._spell())

    def __str__(self) -> str:
        return self._text

    def _spell(self) -> str:
        return f"first {COLOURS[self.value]}" if self.verb == "first" else f"{self.verb} {KINDS[self.value]}"


@dataclass(frozen=True, slots=True)
class Princesses:
    """A chance outcome nobody sees: whose princess stands on each rock castle, C1 first."""

    order: tuple[int, ...]

    _text: str = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", self._spell())

    def __str__(self) -> str:
        return self._text

    def _spell(self) -> str:
        return "princesses " + ",".join(COLOURS[colour] for colour in self.order)


REFRESH, TOP, STOP, END, KEEP = (Word(word) for word in WORDS)
Action = Walk | Rainbow | Bridge | Dragon | Target | Place | Word | Draw | Princesses


def edge_text(edge: Edge | None) -> str:
    """`R1-K`."""
    if edge is None:
        return "?"
    return f"{BOARD.names[edge[0]]}-{BOARD.names[edge[1]]}"


def edge_shown(edge: Edge | None) -> str:
    """A rainbow as people read it, its ends joined by a dash: `R1–K`."""
    return edge_text(edge).replace("-", "–")


_SPACES = re.compile(r"\s+")
_JOINS = re.compile(r"\s*>\s*")
_NUMBER = re.compile(r"[0-9]+", re.ASCII)
"""A point card's count: ASCII digits only (never ² or ٣, which `str.isdigit` accepts)."""


def parse(text: str) -> Action:
    """What `text` says, by form; InvalidNotation if it is no action at all."""
    clean = _JOINS.sub(">", _SPACES.sub(" ", text.strip().lower()))
    words = clean.split(" ")
    if not clean:
        raise InvalidNotation(say("notation.empty"))
    head, rest = words[0], words[1:]
    if head in WORDS:
        _count(head, rest, 0, head)
        return Word(head)
    if _NUMBER.fullmatch(head):
        _count(head, rest, 1, "3 17")
        if head not in ("1", "2", "3", "4", "5"):
            raise InvalidNotation(say("notation.points", given=quote(head)))
        return Walk(int(head), field(rest[0]))
    if head == "rainbow":
        _count(head, rest, 1, "rainbow R1-K")
        return _rainbow(rest[0])
    if head == "bridge":
        _count(head, rest, 1, "bridge H1")
        return _bridge(rest[0])
    if head == "dragon":
        _count(head, rest, 1, "dragon C1>17")
        start, _, end = rest[0].partition(">")
        return Dragon(field(start), field(end))
    if head in SEAT_VERBS:
        _count(head, rest, 1, f"{head} blue")
        return Target(head, colour(rest[0]))
    if head in PLACE_VERBS:
        _count(head, rest, 2, f"{head} blue S3")
        return Place(head, colour(rest[0]), field(rest[1]))
    if head == "princesses":
        _count(head, rest, 1, "princesses red,blue,yellow,green")
        order = tuple(colour(name) for name in rest[0].split(","))
        if sorted(order) != list(range(len(COLOURS))):
            raise InvalidNotation(say("notation.princesses"))
        return Princesses(order)
    if head in (*DRAW_VERBS, "first"):
        _count(head, rest, 1, "first red" if head == "first" else f"{head} dragon")
        if head == "first":
            return Draw(head, colour(rest[0]))
        if rest[0] not in KINDS:
            raise InvalidNotation(say("notation.card", given=quote(rest[0]), cards=", ".join(KINDS)))
        return Draw(head, KINDS.index(rest[0]))
    raise InvalidNotation(say("notation.unknown", given=quote(text.strip())))


def field(name: str) -> int:
    """A field by name, any case; InvalidNotation if there is none."""
    found = BOARD.index.get(name.upper())
    if found is None:
        raise InvalidNotation(say("notation.field", given=quote(name)))
    return found


def colour(name: str) -> int:
    """A seat by its knight's colour."""
    if name not in COLOURS:
        raise InvalidNotation(say("notation.colour", given=quote(name), colours=", ".join(COLOURS)))
    return COLOURS.index(name)


def _count(head: str, rest: list[str], wanted: int, example: str) -> None:
    if len(rest) != wanted:
        raise InvalidNotation(say("notation.form", given=quote(head), example=example))


def _edge(text: str) -> Edge:
    rock, dash, end = text.partition("-")
    if not dash:
        raise InvalidNotation(say("notation.edge", given=quote(text)))
    return field(rock), field(end)


def _rainbow(text: str) -> Rainbow:
    if text.startswith("-"):
        return Rainbow(_edge(text[1:]), None)
    old, arrow, new = text.partition(">")
    return Rainbow(_edge(old), _edge(new)) if arrow else Rainbow(None, _edge(old))


def _bridge(text: str) -> Bridge:
    if text.startswith("-"):
        return Bridge(field(text[1:]), -1)
    old, arrow, new = text.partition(">")
    return Bridge(field(old), field(new)) if arrow else Bridge(-1, field(old))
