"""Positions as JSON-ready dicts with readable names: a determinized world's start, and test setups.

`encode` writes every fact. `decode` reads a full or partial position onto a new state: what it
leaves out keeps a fresh game's value, except that the phase defaults to `turn` (red to move), the
princesses to red, blue, yellow, green on C1–C4 and the draw pile to every card not placed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from spielwerk.core.errors import OptionError
from spielwerk.games.drachenfels import cards
from spielwerk.games.drachenfels import rules as r
from spielwerk.games.drachenfels.board import BOARD, COLOURS
from spielwerk.games.drachenfels.notation import Edge, edge_text

if TYPE_CHECKING:
    from spielwerk.games.drachenfels.rules import DrachenfelsState

PHASES = (r.HIDE, r.LOT, r.DRAW, r.TURN, r.PLAY, r.TOP_CARD, r.ROB, r.PICK, r.SEND, r.LOOT, r.RAINBOW, r.OVER)


def encode(state: DrachenfelsState, facts: tuple[Any, ...]) -> dict[str, Any]:
    """The position `facts` (a `state.facts()` tuple) as a dict of names."""
    f = dict(zip(r.FACTS, facts, strict=True))
    names, players = BOARD.names, range(state.players)
    return {
        "turn": COLOURS[f["seat"]],
        "phase": f["phase"],
        "knights": {COLOURS[s]: names[field] for s, field in enumerate(f["knights"])},
        "armour": [COLOURS[s] for s in players if f["armour"][s]],
        "double": [COLOURS[s] for s in players if f["double"][s]],
        "hands": {COLOURS[s]: cards.names(f["hands"][s]) for s in players},
        "deck": cards.names(f["deck"]),
        "discard": [cards.KINDS[kind] for kind in f["discard"]],
        "dragons": [names[field] for field in f["dragons"]],
        "rainbows": [edge_text(edge) for edge in f["rainbows"]],
        "bridges": [names[field] for field in f["bridges"]],
        "princesses": [COLOURS[colour] for colour in f["princesses"]],
        "looked": {
            names[BOARD.rock_castles[c]]: [COLOURS[s] for s in seats]
            for c, seats in enumerate(f["looked"])
            if seats
        },
        "opened": f["opened"],
        "known": {
            COLOURS[s]: {COLOURS[o]: cards.names(hand) for o, hand in enumerate(row) if cards.size(hand)}
            for s, row in enumerate(f["known"])
            if any(map(cards.size, row))
        },
        "draws": [COLOURS[s] for s in f["draws"]],
        "victim": COLOURS[f["victim"]] if f["victim"] >= 0 else None,
        "takes": f["takes"],
        "back": f["back"],
        "crossed": [edge_text(edge) for edge in f["crossed"]],
        "played": f["played"],
        "top": cards.KINDS[f["top"]] if f["top"] >= 0 else None,
        "winner": COLOURS[f["winner"]] if f["winner"] >= 0 else None,
        "turns": f["turns"],
    }


def players_in(position: Mapping[str, Any]) -> int | None:
    """How many knights a position places, if it says."""
    knights = position.get("knights")
    return len(knights) if isinstance(knights, Mapping) else None


def decode(state: DrachenfelsState, position: Mapping[str, Any]) -> None:
    """Set `state` to `position` (full or partial); OptionError says what is wrong with it."""
    if not isinstance(position, Mapping):
        raise OptionError("a Drachenfels position is a dict (see position.py)")
    unknown = set(position) - {*_READERS, "deck"}
    if unknown:
        raise OptionError(f"a position has no key {sorted(unknown)[0]!r}")
    reader = _Reader(state)
    facts = dict(zip(r.FACTS, state.facts(), strict=True))
    facts.update(seat=0, phase=r.TURN, princesses=(0, 1, 2, 3))
    for key, read in _READERS.items():
        if key in position:
            facts.update(read(reader, position[key]))
    facts["deck"] = reader.deck(position.get("deck"), facts)
    state.set_facts(tuple(facts[name] for name in r.FACTS))
    _check(state)


class _Reader:
    """Turns names into the engine's numbers, with errors that say which name is wrong."""

    def __init__(self, state: DrachenfelsState) -> None:
        self.players = state.players

    def seat(self, name: Any) -> int:
        if name not in COLOURS[: self.players]:
            raise OptionError(f"{name!r} is not a colour in this {self.players}-player game")
        return COLOURS.index(name)

    def field(self, name: Any) -> int:
        if not isinstance(name, str) or name.upper() not in BOARD.index:
            raise OptionError(f"there is no field {name!r}")
        return BOARD.index[name.upper()]

    def kind(self, name: Any) -> int:
        if name not in cards.KINDS:
            raise OptionError(f"{name!r} is no card ({', '.join(cards.KINDS)})")
        return cards.KINDS.index(name)

    def hand(self, names: Any) -> cards.Hand:
        return cards.of(self.kind(name) for name in _listed(names))

    def edge(self, text: Any) -> Edge:
        rock, _, end = str(text).partition("-")
        return self.field(rock), self.field(end)

    def per_seat(self, mapping: Any, read: Any, empty: Any) -> tuple[Any, ...]:
        if not isinstance(mapping, Mapping):
            raise OptionError(f"expected colours as keys, not {mapping!r}")
        values = [empty] * self.players
        for name, value in mapping.items():
            values[self.seat(name)] = read(value)
        return tuple(values)

    def flags(self, names: Any) -> tuple[bool, ...]:
        chosen = {self.seat(name) for name in _listed(names)}
        return tuple(seat in chosen for seat in range(self.players))

    def deck(self, names: Any, facts: dict[str, Any]) -> cards.Hand:
        placed = cards.plus(cards.of(facts["discard"]), _sum(facts["hands"]))
        total = cards.deck_for(self.players)
        if names is not None:
            deck = self.hand(names)
            if cards.plus(deck, placed) != total:
                raise OptionError("the hands, the draw pile and the discard pile must hold every card once")
            return deck
        if not cards.contains(total, placed):
            raise OptionError("the hands and the discard pile hold more cards than the game has")
        return cards.minus(total, placed)


def _listed(value: Any) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise OptionError(f"expected a list, not {value!r}")
    return list(value)


def _sum(hands: tuple[cards.Hand, ...]) -> cards.Hand:
    total = cards.EMPTY
    for hand in hands:
        total = cards.plus(total, hand)
    return total


def _optional(read: Any) -> Any:
    return lambda value: -1 if value is None else read(value)


def _phase(reader: _Reader, value: Any) -> dict[str, Any]:
    if value not in PHASES:
        raise OptionError(f"{value!r} is no phase ({', '.join(PHASES)})")
    return {"phase": value}


def _looked(reader: _Reader, value: Any) -> dict[str, Any]:
    looked: list[tuple[int, ...]] = [()] * len(BOARD.rock_castles)
    for name, seats in dict(value).items():
        field = reader.field(name)
        if field not in BOARD.rock_castles:
            raise OptionError(f"{name} is not a rock castle")
        looked[BOARD.rock_castles.index(field)] = tuple(
            sorted({reader.seat(seat) for seat in _listed(seats)})
        )
    return {"looked": tuple(looked)}


def _princesses(reader: _Reader, value: Any) -> dict[str, Any]:
    order = tuple(COLOURS.index(name) if name in COLOURS else -1 for name in _listed(value))
    if sorted(order) != [0, 1, 2, 3]:
        raise OptionError("the princesses are the four colours, each once, on C1–C4 in order")
    return {"princesses": order}


_READERS: dict[str, Any] = {
    "turn": lambda rd, v: {"seat": rd.seat(v)},
    "phase": _phase,
    "knights": lambda rd, v: {"knights": rd.per_seat(v, rd.field, -1)},
    "armour": lambda rd, v: {"armour": rd.flags(v)},
    "double": lambda rd, v: {"double": rd.flags(v)},
    "hands": lambda rd, v: {"hands": rd.per_seat(v, rd.hand, cards.EMPTY)},
    "discard": lambda rd, v: {"discard": tuple(rd.kind(name) for name in _listed(v))},
    "dragons": lambda rd, v: {"dragons": tuple(sorted(rd.field(name) for name in _listed(v)))},
    "rainbows": lambda rd, v: {"rainbows": tuple(sorted(rd.edge(text) for text in _listed(v)))},
    "bridges": lambda rd, v: {"bridges": tuple(sorted(rd.field(name) for name in _listed(v)))},
    "princesses": _princesses,
    "looked": _looked,
    "opened": lambda rd, v: {"opened": bool(v)},
    "known": lambda rd, v: {
        "known": rd.per_seat(
            v, lambda row: rd.per_seat(row, rd.hand, cards.EMPTY), (cards.EMPTY,) * rd.players
        )
    },
    "draws": lambda rd, v: {"draws": tuple(rd.seat(name) for name in _listed(v))},
    "victim": lambda rd, v: {"victim": _optional(rd.seat)(v)},
    "takes": lambda rd, v: {"takes": int(v)},
    "back": lambda rd, v: {"back": str(v)},
    "crossed": lambda rd, v: {"crossed": tuple(sorted(rd.edge(text) for text in _listed(v)))},
    "played": lambda rd, v: {"played": int(v)},
    "top": lambda rd, v: {"top": _optional(rd.kind)(v)},
    "winner": lambda rd, v: {"winner": _optional(rd.seat)(v)},
    "turns": lambda rd, v: {"turns": int(v)},
}


def _check(state: DrachenfelsState) -> None:
    """Refuse positions no game could reach in ways the rules engine depends on."""
    if -1 in state.knights:
        raise OptionError("every knight needs a field")
    places = [field for field in state.knights if field != BOARD.castle]
    if len(places) != len(set(places)):
        raise OptionError("two knights share a field (only the castle holds several)")
    if len(state.dragons) != len(BOARD.rock_castles) or len(set(state.dragons)) != len(state.dragons):
        raise OptionError("there are four dragons, each on its own field")
    if len(state.bridges) > 2:
        raise OptionError("there are only two bridges")
    for seat, row in enumerate(state.known):
        for other, hand in enumerate(row):
            if not cards.contains(state.hands[other], hand):
                raise OptionError(f"{COLOURS[seat]} cannot know of cards {COLOURS[other]} does not hold")
    if state.phase == r.DRAW and not state.draws:
        raise OptionError("a draw phase needs the seats still to draw ('draws')")
    if state.phase in (r.PICK, r.SEND, r.LOOT) and state.victim < 0:
        raise OptionError(f"the {state.phase} phase needs a victim")
    if state.phase == r.TOP_CARD and state.top < 0:
        raise OptionError("the top phase needs the card taken ('top')")
