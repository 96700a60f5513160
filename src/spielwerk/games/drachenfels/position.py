"""Positions as JSON-ready dicts with readable names: a determinized world's start, and test setups.

`encode` writes every fact. `decode` reads a full or partial position onto a new state: what it
leaves out keeps a fresh game's value, except that the phase defaults to `turn` (red to move), the
princesses to red, blue, yellow, green on C1–C4 (none before they are hidden, in the `hide` phase),
the draw pile to every card not placed, and the double counts and open rainbows to what the looks
made them (a look in vain gives both). Every field is read with its type checked, and the
whole is then checked against what a game can reach (`positioncheck`); anything else is refused
with an OptionError that names what is wrong. `encode_for` writes the position as one seat may
know it (for the records shown to that seat).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from spielwerk.core.errors import OptionError
from spielwerk.core.inputs import MAX_NESTING, depth_of, quote
from spielwerk.core.message import Message
from spielwerk.games.drachenfels import cards, last
from spielwerk.games.drachenfels import rules as r
from spielwerk.games.drachenfels.board import BOARD, COLOURS
from spielwerk.games.drachenfels.last import PIECES, Last, Moved
from spielwerk.games.drachenfels.notation import Edge, edge_text
from spielwerk.games.drachenfels.positioncheck import BACKS, check
from spielwerk.games.drachenfels.say import colour_name, counted_cards, say

if TYPE_CHECKING:
    from spielwerk.games.drachenfels.rules import DrachenfelsState

PHASES = (r.HIDE, r.LOT, r.DRAW, r.TURN, r.PLAY, r.TOP_CARD, r.ROB, r.PICK, r.SEND, r.LOOT, r.RAINBOW, r.OVER)
MAX_ENTRIES = 100
"""The longest list a position field may hold (the longest real one, the draw pile, holds 36)."""
HIDDEN = "?"
"""What a seat's record shows for a card or a princess it may not know."""


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
        "last": last.named(f["last"]),
    }


def encode_for(state: DrachenfelsState, facts: tuple[Any, ...], seat: int | None) -> dict[str, Any]:
    """The position `facts` as `seat` may know it (None: a spectator): other hands show only the cards
    the seat knows of and `?` for the rest, the draw pile only its size in `?`, the princesses only
    those it looked at (all once won), and only the seat's own knowledge of other hands."""
    full = encode(state, facts)
    f = dict(zip(r.FACTS, facts, strict=True))
    won = f["winner"] >= 0
    known = f["known"][seat] if seat is not None else (cards.EMPTY,) * state.players
    hands = {}
    for other, hand in enumerate(f["hands"]):
        shown = hand if other == seat else known[other]
        hands[COLOURS[other]] = cards.names(shown) + [HIDDEN] * (cards.size(hand) - cards.size(shown))
    princesses = [
        COLOURS[colour] if won or (seat is not None and seat in f["looked"][castle]) else HIDDEN
        for castle, colour in enumerate(f["princesses"])
    ]
    mine = full["known"].get(COLOURS[seat]) if seat is not None else None
    return {
        **full,
        "hands": hands,
        "deck": [HIDDEN] * cards.size(f["deck"]),
        "princesses": princesses,
        "known": {COLOURS[seat]: mine} if seat is not None and mine else {},
    }


def decode(state: DrachenfelsState, position: Any) -> None:
    """Set `state` to `position` (full or partial); OptionError says what is wrong with it."""
    if not isinstance(position, Mapping):
        raise OptionError(say("position.object", given=quote(position)))
    if depth_of(position) > MAX_NESTING:
        raise OptionError(say("position.nesting", most=MAX_NESTING))
    unknown = [key for key in position if key not in _READERS and key != "deck"]
    if unknown:
        keys = ", ".join([*_READERS, "deck"])
        raise OptionError(say("position.key", given=quote(unknown[0]), keys=keys))
    reader = _Reader(state)
    facts = dict(zip(r.FACTS, state.facts(), strict=True))
    hiding = position.get("phase") == r.HIDE
    facts.update(seat=0, phase=r.TURN, princesses=() if hiding else (0, 1, 2, 3))
    for key, read in _READERS.items():
        if key in position:
            facts.update(read(reader, position[key]))
    facts["deck"] = reader.deck(position.get("deck"), facts)
    princesses = facts["princesses"] or (-1,) * len(BOARD.rock_castles)  # none yet: no look was in vain
    vain = tuple(
        any(seat in seats and princesses[c] not in (seat, -1) for c, seats in enumerate(facts["looked"]))
        for seat in range(state.players)
    )
    if "double" not in position:
        facts["double"] = vain
    if "opened" not in position:
        facts["opened"] = any(vain)
    state.set_facts(tuple(facts[name] for name in r.FACTS))
    check(state)


class _Reader:
    """Turns names into the engine's numbers, with errors that say which name is wrong."""

    def __init__(self, state: DrachenfelsState) -> None:
        self.players = state.players
        self.limit = state.max_turns * state.players

    def seat(self, name: Any) -> int:
        if not isinstance(name, str) or name not in COLOURS[: self.players]:
            colours = ", ".join(COLOURS[: self.players])
            raise OptionError(say("position.colour", given=quote(name), count=self.players, colours=colours))
        return COLOURS.index(name)

    def field(self, name: Any) -> int:
        if not isinstance(name, str) or name.upper() not in BOARD.index:
            raise OptionError(say("position.field", given=quote(name), fields=BOARD.range_names()))
        return BOARD.index[name.upper()]

    def kind(self, name: Any) -> int:
        if not isinstance(name, str) or name not in cards.KINDS:
            raise OptionError(say("position.card", given=quote(name), cards=", ".join(cards.KINDS)))
        return cards.KINDS.index(name)

    def hand(self, names: Any, what: Message) -> cards.Hand:
        return cards.of(self.kind(name) for name in listed(names, what))

    def edge(self, text: Any) -> Edge:
        rock, dash, end = text.partition("-") if isinstance(text, str) else ("", "", "")
        if not dash:
            raise OptionError(say("position.edge", given=quote(text)))
        return self.field(rock), self.field(end)

    def per_seat(
        self, mapping: Any, read: Callable[[Any, Message], Any], empty: Any, what: Message
    ) -> tuple[Any, ...]:
        if not isinstance(mapping, Mapping):
            raise OptionError(say("position.per-seat", what=what, given=quote(mapping)))
        values = [empty] * self.players
        for name, value in mapping.items():
            values[self.seat(name)] = read(value, say("position.what.of", what=what, seat=colour_name(name)))
        return tuple(values)

    def seats(self, names: Any, what: Message) -> list[int]:
        found = [self.seat(name) for name in listed(names, what)]
        if len(set(found)) != len(found):
            raise OptionError(say("position.twice", what=what))
        return found

    def flags(self, names: Any, what: Message) -> tuple[bool, ...]:
        chosen = self.seats(names, what)
        return tuple(seat in chosen for seat in range(self.players))

    def number(self, value: Any, what: Message, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
            raise OptionError(say("position.number", what=what, high=high, given=quote(value)))
        return value

    def deck(self, names: Any, facts: dict[str, Any]) -> cards.Hand:
        if names is not None:
            return self.hand(names, _what("deck"))
        placed = cards.plus(cards.of(facts["discard"]), _sum(facts["hands"]))
        total = cards.deck_for(self.players)
        over = [kind for kind in range(len(cards.KINDS)) if placed[kind] > total[kind]]
        if over:
            kind = over[0]
            held = counted_cards(placed[kind], kind)
            why = say("position.held", held=held, players=self.players, count=total[kind])
            raise OptionError(say("position.impossible", why=why))
        return cards.minus(total, placed)


def listed(value: Any, what: Message) -> list[Any]:
    """`value` as a list of at most MAX_ENTRIES entries, or OptionError naming `what` it is."""
    if not isinstance(value, list | tuple):
        raise OptionError(say("position.list", what=what, given=quote(value)))
    if len(value) > MAX_ENTRIES:
        raise OptionError(say("position.list.long", what=what, most=MAX_ENTRIES, count=len(value)))
    return list(value)


def _what(name: str) -> Message:
    """What a position's entry is called in an error ("the draw pile")."""
    return say(f"position.what.{name}")


def _sum(hands: tuple[cards.Hand, ...]) -> cards.Hand:
    total = cards.EMPTY
    for hand in hands:
        total = cards.plus(total, hand)
    return total


def _phase(reader: _Reader, value: Any) -> dict[str, Any]:
    if not isinstance(value, str) or value not in PHASES:
        raise OptionError(say("position.phase", given=quote(value), phases=", ".join(PHASES)))
    return {"phase": value}


def _looked(reader: _Reader, value: Any) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise OptionError(say("position.looked", given=quote(value)))
    looked: list[tuple[int, ...]] = [()] * len(BOARD.rock_castles)
    for name, seats in value.items():
        field = reader.field(name)
        if field not in BOARD.rock_castles:
            raise OptionError(say("position.rock-castle", given=quote(name)))
        what = say("position.what.looked-at", field=name)
        looked[BOARD.rock_castles.index(field)] = tuple(sorted(reader.seats(seats, what)))
    return {"looked": tuple(looked)}


def _princesses(reader: _Reader, value: Any) -> dict[str, Any]:
    names = listed(value, _what("princesses"))
    if not names:
        return {"princesses": ()}
    order = tuple(COLOURS.index(name) if isinstance(name, str) and name in COLOURS else -1 for name in names)
    if sorted(order) != list(range(len(COLOURS))):
        raise OptionError(say("position.princesses", given=quote(value)))
    return {"princesses": order}


def _flag(reader: _Reader, value: Any) -> dict[str, Any]:
    if not isinstance(value, bool):
        raise OptionError(say("position.opened", given=quote(value)))
    return {"opened": value}


def _back(reader: _Reader, value: Any) -> dict[str, Any]:
    if not isinstance(value, str) or value not in BACKS:
        raise OptionError(say("position.back", backs=", ".join(map(repr, BACKS)), given=quote(value)))
    return {"back": value}


def _sorted(read: Callable[[Any], Any], value: Any, what: str) -> tuple[Any, ...]:
    """The entries of the list `value` (what the position calls `what`), each read, in order."""
    return tuple(sorted(read(entry) for entry in listed(value, _what(what))))


def _last(reader: _Reader, value: Any) -> dict[str, Any]:
    """The last turn that moved a piece, as `last.named` writes it (None: none yet)."""
    if value is None:
        return {"last": None}
    if not isinstance(value, Mapping) or set(value) != {"seat", "turn", "moves"}:
        raise OptionError(say("position.last", given=quote(value)))
    moves = tuple(_moved(reader, entry) for entry in listed(value["moves"], _what("last")))
    if not moves:
        raise OptionError(say("position.last", given=quote(value)))
    turn = reader.number(value["turn"], _what("turns"), reader.limit)
    last: Last = (reader.seat(value["seat"]), turn, moves)
    return {"last": last}


def _moved(reader: _Reader, entry: Any) -> Moved:
    """One piece of the last turn: `{"piece": "knight", "colour": "red", "from": "12", "to": "17"}`;
    a bridge or a rainbow may come from or go to None (off the board)."""
    piece = entry.get("piece") if isinstance(entry, Mapping) else None
    keys = {"piece", "from", "to", *(["colour"] if piece == "knight" else [])}
    if piece not in PIECES or set(entry) != keys:
        raise OptionError(say("position.last", given=quote(entry)))
    place = reader.edge if piece == "rainbow" else reader.field
    old, new = (None if entry[key] is None else place(entry[key]) for key in ("from", "to"))
    if old == new or (piece in ("knight", "dragon") and (old is None or new is None)):
        raise OptionError(say("position.last", given=quote(entry)))
    return piece, reader.seat(entry["colour"]) if piece == "knight" else -1, old, new


def _optional(read: Callable[[Any], int]) -> Callable[[Any], int]:
    return lambda value: -1 if value is None else read(value)


_READERS: dict[str, Callable[[_Reader, Any], dict[str, Any]]] = {
    "turn": lambda rd, v: {"seat": rd.seat(v)},
    "phase": _phase,
    "knights": lambda rd, v: {
        "knights": rd.per_seat(v, lambda name, _: rd.field(name), -1, _what("knights"))
    },
    "armour": lambda rd, v: {"armour": rd.flags(v, _what("armour"))},
    "double": lambda rd, v: {"double": rd.flags(v, _what("double"))},
    "hands": lambda rd, v: {"hands": rd.per_seat(v, rd.hand, cards.EMPTY, _what("hands"))},
    "discard": lambda rd, v: {"discard": tuple(rd.kind(name) for name in listed(v, _what("discard")))},
    "dragons": lambda rd, v: {"dragons": _sorted(rd.field, v, "dragons")},
    "rainbows": lambda rd, v: {"rainbows": _sorted(rd.edge, v, "rainbows")},
    "bridges": lambda rd, v: {"bridges": _sorted(rd.field, v, "bridges")},
    "princesses": _princesses,
    "looked": _looked,
    "opened": _flag,
    "known": lambda rd, v: {
        "known": rd.per_seat(
            v,
            lambda row, what: rd.per_seat(row, rd.hand, cards.EMPTY, what),
            (cards.EMPTY,) * rd.players,
            _what("known"),
        )
    },
    "draws": lambda rd, v: {"draws": tuple(rd.seat(name) for name in listed(v, _what("draws")))},
    "victim": lambda rd, v: {"victim": _optional(rd.seat)(v)},
    "takes": lambda rd, v: {"takes": rd.number(v, _what("takes"), r.ROB_CARDS)},
    "back": _back,
    "crossed": lambda rd, v: {"crossed": _sorted(rd.edge, v, "crossed")},
    "played": lambda rd, v: {"played": rd.number(v, _what("played"), sum(cards.FULL_DECK))},
    "top": lambda rd, v: {"top": _optional(rd.kind)(v)},
    "winner": lambda rd, v: {"winner": _optional(rd.seat)(v)},
    "turns": lambda rd, v: {"turns": rd.number(v, _what("turns"), rd.limit)},
    "last": _last,
}
