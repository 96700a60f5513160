"""Chance outcomes as OpenSpiel action ids: every outcome a game can draw, in a fixed order.

OpenSpiel names a chance outcome by an id below the game's `max_chance_outcomes`. Each game lists here
every outcome its chance nodes can offer; an outcome's id is its place in that list, the same at every
node and for every player count (version 1 of each list):

  gyges        90  the set-ups of a random start (`setup=random`), in sorted text order
  drachenfels  48  24 hidings of the princesses (C1 first, colours in permutation order), 4 first
                   players, 10 card kinds drawn from the pile, 10 card kinds picked from a hand
  grani        19  6 first players, 7 dragon card values (0-6), 6 die faces
  avalon       74  6 die faces, then the content's events, dreams and verses (both sides of every
                   location's card), each in sorted order
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from spielwerk.core.state import Action

VERSION = 1


def _gyges() -> list[Action]:
    from spielwerk.games.gyges.notation import Setup
    from spielwerk.games.gyges.rules import ARRANGEMENTS

    return [Setup(text) for text in ARRANGEMENTS]


def _drachenfels() -> list[Action]:
    from spielwerk.games.drachenfels.board import COLOURS
    from spielwerk.games.drachenfels.cards import KINDS
    from spielwerk.games.drachenfels.notation import Draw, Princesses
    from spielwerk.games.drachenfels.rules import ORDERS

    return [
        *(Princesses(order) for order in ORDERS),
        *(Draw("first", seat) for seat in range(len(COLOURS))),
        *(Draw("draw", kind) for kind in range(len(KINDS))),
        *(Draw("pick", kind) for kind in range(len(KINDS))),
    ]


def _grani() -> list[Action]:
    from spielwerk.games.grani.notation import COLOURS, DIE, Draw
    from spielwerk.games.grani.rules import FULL_DECK

    return [
        *(Draw("first", seat) for seat in range(len(COLOURS))),
        *(Draw("card", value) for value in range(len(FULL_DECK))),
        *(Draw("roll", face) for face in DIE),
    ]


def _avalon() -> list[Action]:
    from spielwerk.games.avalon.content import CONTENT
    from spielwerk.games.avalon.notation import Move

    verses = set(CONTENT.verses) | {f"{location}{side}" for location in CONTENT.locations for side in "ab"}
    return [
        *(Move("die", str(face)) for face in range(1, 7)),
        *(Move("event", event) for event in sorted(CONTENT.events)),
        *(Move("dream", dream) for dream in sorted(CONTENT.dreams)),
        *(Move("verse", verse) for verse in sorted(verses, key=lambda verse: (int(verse[:-1]), verse[-1]))),
    ]


_LISTS: dict[str, Callable[[], list[Action]]] = {
    "avalon": _avalon, "drachenfels": _drachenfels, "grani": _grani, "gyges": _gyges,
}


class ChanceIds:
    """One game's chance outcomes by id, and their ids."""

    def __init__(self, outcomes: Sequence[Action]) -> None:
        self.outcomes = tuple(outcomes)
        self.ids = {outcome: number for number, outcome in enumerate(self.outcomes)}
        if len(self.ids) != len(self.outcomes):
            raise ValueError("two chance outcomes share an id")

    def __len__(self) -> int:
        return len(self.outcomes)


@cache
def chance_ids(game_id: str) -> ChanceIds:
    """The chance outcomes of `game_id` by id; ValueError for a game without such a list."""
    if game_id not in _LISTS:
        raise ValueError(f"no list of chance outcomes for {game_id!r}")
    return ChanceIds(_LISTS[game_id]())


def games() -> list[str]:
    """The games whose chance outcomes have ids here."""
    return sorted(_LISTS)
