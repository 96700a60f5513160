"""Position texts: a whole Grani situation on one line, for tests, puzzles and saved starts.

    yellow=G8 blue=T9:2:ring red=X3:1:shackled:seals=TU turn=blue blocks=T12,U7 deck=6544

Each knight is `colour=point`, then `:N` amulets (3 if left out), `:ring` for the ring bearer,
`:shackled`, `:seals=` kingdom letters. `ring=POINT` puts the ring on the board (it lies on its
start when no knight carries it and no ring= is given). `blocks=` lists obstacle stones, `turn=` the
knight to move (yellow if left out), `deck=` the cards left in the dragon deck (the rest are in the
discard pile), `turns=` the turns already played. A position starts at the beginning of a turn.

A position is read strictly: every key and mark at most once, and nothing the game cannot reach
(more material than it has, a knight where none may stand, a game already won or past its turn
limit). Each refusal is an OptionError that names what is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spielwerk.core.errors import OptionError
from spielwerk.core.inputs import MAX_POSITION_TEXT, quote
from spielwerk.games.grani import movegen
from spielwerk.games.grani.board import BOARD, KINGDOMS
from spielwerk.games.grani.notation import CARD_COUNTS, COLOURS

if TYPE_CHECKING:
    from spielwerk.games.grani.rules import GraniState

LETTERS = "".join(k[0].upper() for k in KINGDOMS)
FIELDS = ("ring", "blocks", "turn", "deck", "turns")
MAX_DIGITS = 9
"""The longest number a position may write (turns= and amulets): longer ones are refused unread."""


class _Knight:
    """One knight as its part of a position text says it."""

    def __init__(self, colour: str, text: str) -> None:
        self.colour = colour
        name, *marks = text.split(":")
        self.point = _point(name, colour)
        self.amulets: int | None = None
        self.ring = self.shackled = False
        self.seals: int | None = None
        for mark in marks:
            self._read(mark)

    def _read(self, mark: str) -> None:
        word = mark.lower()
        if _number(word):
            self._once(self.amulets is None, "its amulets")
            self.amulets = int(word)
            if self.amulets > 3:
                raise OptionError(f"position: {self.colour} has {self.amulets} amulets; a knight has 0–3")
        elif word == "ring":
            self._once(not self.ring, ":ring")
            self.ring = True
        elif word == "shackled":
            self._once(not self.shackled, ":shackled")
            self.shackled = True
        elif word.startswith("seals="):
            self._once(self.seals is None, "seals=")
            self.seals = _seals(self.colour, word[6:].upper())
        else:
            raise OptionError(f"position: {self.colour} has an unknown mark {quote(mark)} (marks are "
                              ":N amulets, :ring, :shackled and :seals=, e.g. blue=T9:2:ring)")

    def _once(self, first: bool, what: str) -> None:
        if not first:
            raise OptionError(f"position: {self.colour} gives {what} twice")


def apply_position(state: GraniState, text: str) -> None:
    """Set `state` to the position `text` (OptionError naming what is wrong if it is no position the
    game can reach)."""
    from spielwerk.games.grani import rules

    fields, knights = _tokens(text)
    if sorted(knights) != list(range(state.players)):
        raise OptionError(f"position: a {state.players}-player game needs the knights "
                          f"{', '.join(COLOURS[:state.players])}, no more and no fewer")
    seats = [knights[seat] for seat in range(state.players)]
    bearers = [k.colour for k in seats if k.ring]
    if len(bearers) > 1:
        raise OptionError(f"position: {' and '.join(bearers)} both carry the ring; there is one ring")
    state.at = tuple(k.point for k in seats)
    state.amulets = tuple(3 if k.amulets is None else k.amulets for k in seats)
    state.shackled = tuple(k.shackled for k in seats)
    state.seals = tuple(k.seals or 0 for k in seats)
    state.bearer = next((seat for seat, k in enumerate(seats) if k.ring), -1)
    if "ring" in fields and state.bearer >= 0:
        raise OptionError("position: the ring is either carried or on the board, not both")
    on_board = fields.get("ring", BOARD.names[BOARD.ring_start])
    state.ring = -1 if state.bearer >= 0 else _point(on_board, "ring")
    state.obstacles = _blocks(fields.get("blocks", ""))
    state.stones = rules.STONES - state.obstacles.bit_count()
    _check_knights(state)
    _check_places(state)
    state.deck, state.discard = _deck(fields.get("deck"))
    turn = fields.get("turn", COLOURS[0]).lower()
    if turn not in COLOURS[:state.players]:
        raise OptionError(f"position: turn={quote(turn)} names no knight in this game "
                          f"({', '.join(COLOURS[:state.players])})")
    state.seat = state.first = COLOURS.index(turn)
    state.turns = _turns(fields.get("turns", "0"), state.max_turns * state.players)
    state.phase = rules.MOVE


def format_position(state: GraniState) -> str:
    """The position text of `state` (at the start of a turn; decisions in progress are not shown)."""
    parts = []
    for seat in range(state.players):
        text = f"{COLOURS[seat]}={BOARD.names[state.at[seat]]}"
        if state.amulets[seat] != 3:
            text += f":{state.amulets[seat]}"
        if state.bearer == seat:
            text += ":ring"
        if state.shackled[seat]:
            text += ":shackled"
        if state.seals[seat]:
            text += ":seals=" + "".join(c for k, c in enumerate(LETTERS) if state.seals[seat] >> k & 1)
        parts.append(text)
    if state.ring >= 0 and state.ring != BOARD.ring_start:
        parts.append(f"ring={BOARD.names[state.ring]}")
    if state.obstacles:
        parts.append("blocks=" + ",".join(BOARD.names[p] for p in BOARD.points(state.obstacles)))
    parts.append(f"turn={COLOURS[state.seat]}")
    if state.discard != (0,) * 7 or sum(state.deck) != sum(CARD_COUNTS.values()):
        parts.append("deck=" + "".join(str(v) * n for v, n in sorted(enumerate(state.deck), reverse=True)))
    if state.turns:
        parts.append(f"turns={state.turns}")
    return " ".join(parts)


def _tokens(text: str) -> tuple[dict[str, str], dict[int, _Knight]]:
    """The fields and the knights a position text names, each at most once."""
    if not isinstance(text, str):
        raise OptionError(f"a Grani position is a text like 'yellow=G8 blue=T9:ring red=U1', "
                          f"not {quote(text)}")
    if len(text) > MAX_POSITION_TEXT:
        raise OptionError(f"a position text is at most {MAX_POSITION_TEXT} characters long, not {len(text)}")
    fields: dict[str, str] = {}
    knights: dict[int, _Knight] = {}
    for token in text.split():
        key, sep, value = token.partition("=")
        key = key.lower()
        if not sep or (not value and key != "deck"):  # `deck=` alone: the deck is used up
            raise OptionError(f"position: {quote(token)} is not key=value")
        if key in COLOURS:
            seat = COLOURS.index(key)
            if seat in knights:
                raise OptionError(f"position: the {key} knight is given twice")
            knights[seat] = _Knight(key, value)
        elif key in FIELDS:
            if key in fields:
                raise OptionError(f"position: {key}= is given twice")
            fields[key] = value
        else:
            raise OptionError(f"position: unknown key {quote(key)} (keys are the knights' colours and "
                              f"{', '.join(FIELDS)})")
    return fields, knights


def _check_knights(state: GraniState) -> None:
    """Each knight's own marks agree with the rules (grani.dragon.shackle, grani.city.ring, grani.win)."""
    names = BOARD.names
    for seat, point in enumerate(state.at):
        colour = COLOURS[seat]
        if state.shackled[seat]:
            if not BOARD.dragons >> point & 1:
                raise OptionError(f"position: {colour} is shackled on {names[point]}, but shackles are "
                                  "only put on knights that lost on a dragon")
            if state.amulets[seat] > 2:
                raise OptionError(f"position: {colour} is shackled with 3 amulets, but losing the fight "
                                  "cost it one (grani.amulet.cost)")
            if state.bearer == seat:
                raise OptionError(f"position: {colour} is shackled and carries the ring, but a bearer that "
                                  "loses a fight puts the ring down (grani.dragon.ring-lost)")
        if state.bearer == seat and BOARD.cities >> point & 1:
            raise OptionError(f"position: {colour} carries the ring on {BOARD.describe(point)}, but a ring "
                              "bearer that enters a city delivers the ring there (grani.city.ring)")
        if state.seal_count(seat) >= state.seals_to_win:
            raise OptionError(f"position: {colour} holds {state.seal_count(seat)} seals and would have won "
                              f"already ({state.seals_to_win} seals of different cities win)")


def _check_places(state: GraniState) -> None:
    """Knights share a point only on the start; the ring never lies under a knight or a stone, nor on
    a point it is never put on, nor shut off from the cities (grani.obstacle.ring)."""
    names = BOARD.names
    for seat, point in enumerate(state.at):
        if point != BOARD.start and point in state.at[:seat]:
            raise OptionError(f"position: two knights stand on {names[point]}; only the start holds several")
        if state.obstacles >> point & 1:
            raise OptionError(f"position: {COLOURS[seat]} stands on {names[point]}, which holds a stone")
    for point in BOARD.points(state.obstacles & ~BOARD.plain):
        raise OptionError(f"position: a stone cannot lie on {BOARD.describe(point)}: stones go on black "
                          "or white points")
    ring = state.ring
    if ring < 0:
        return
    if ring in state.at:
        holder = COLOURS[state.at.index(ring)]
        raise OptionError(f"position: the ring lies on {names[ring]}, where {holder} stands "
                          f"(say ring=POINT, or {holder}=…:ring if it carries the ring)")
    if state.obstacles >> ring & 1:
        raise OptionError(f"position: the ring lies on {names[ring]}, which holds a stone")
    if ring != BOARD.ring_start and BOARD.kind[ring] != "black":
        raise OptionError(f"position: the ring cannot lie on {BOARD.describe(ring)}: it lies on its start "
                          f"{names[BOARD.ring_start]} or is put on a black point (grani.city.ring)")
    if _shut_in(ring, state.obstacles):
        raise OptionError(f"position: the stones shut the ring on {names[ring]} off from a city "
                          "(grani.obstacle.ring)")


def _shut_in(ring: int, obstacles: int) -> bool:
    """Whether the stones part the ring's point from the cities while the cities themselves are joined
    (stones put while the ring is carried may part the cities; then the ring lies where it could)."""
    cities = BOARD.cities
    if movegen.joined_to(ring, obstacles) & cities == cities:
        return False
    first = (cities & -cities).bit_length() - 1
    return movegen.joined_to(first, obstacles) & cities == cities


def _seals(colour: str, letters: str) -> int:
    """The mask of the cities whose seals `letters` name."""
    if not letters:
        raise OptionError(f"position: {colour}'s seals= names no city (letters {', '.join(LETTERS)})")
    mask = 0
    for letter in letters:
        if letter not in LETTERS:
            raise OptionError(f"position: {colour}'s seals={quote(letters)} names cities by their kingdom's "
                              f"letter, {', '.join(LETTERS)}")
        bit = 1 << LETTERS.index(letter)
        if mask & bit:
            city = KINGDOMS[LETTERS.index(letter)].capitalize()
            raise OptionError(f"position: {colour}'s seals= names {city} twice; a knight holds one seal "
                              "of each city at most")
        mask |= bit
    return mask


def _blocks(text: str) -> int:
    """The obstacles `blocks=` lists, as a mask: real points, each once, no more than the game has."""
    from spielwerk.games.grani.rules import STONES

    names = text.split(",") if text else []
    if len(names) > STONES:
        raise OptionError(f"position: blocks= lists {len(names)} stones; the game has {STONES}")
    mask = 0
    for name in names:
        bit = 1 << _point(name, "blocks")
        if mask & bit:
            raise OptionError(f"position: blocks= names {quote(name.upper())} twice; a point holds one stone")
        mask |= bit
    return mask


def _turns(text: str, limit: int) -> int:
    """The turns already played, fewer than the game's turn limit (`limit` turns end it)."""
    if not _number(text):
        raise OptionError(f"position: turns={quote(text)} is not a whole number (0–{limit - 1})")
    turns = int(text)
    if turns >= limit:
        raise OptionError(f"position: turns={turns} reaches the turn limit ({limit} turns); the game "
                          "would be over")
    return turns


def _number(text: str) -> bool:
    """True for a whole number written in at most MAX_DIGITS of the digits 0–9."""
    return 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()


def _point(name: str, where: str) -> int:
    index = BOARD.index.get(name.upper())
    if index is None:
        raise OptionError(f"position: {where}= names {quote(name)}, which is no point of the board")
    return index


def _deck(text: str | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards left in the deck and those in the discard pile: only the game's cards, no more of a
    strength than it has."""
    full = [CARD_COUNTS.get(v, 0) for v in range(7)]
    if text is None:
        return tuple(full), (0,) * 7
    deck = [0] * 7
    for char in text:
        if not (char.isascii() and char.isdigit()) or int(char) > 6:
            raise OptionError(f"position: deck={quote(text)} lists card strengths 0–6, one digit a card")
        deck[int(char)] += 1
    for value in range(7):
        if deck[value] > full[value]:
            have = f"has {full[value]}" if full[value] else "has none"
            raise OptionError(f"position: deck= lists {deck[value]} cards of strength {value}; "
                              f"the game {have}")
    return tuple(deck), tuple(full[v] - deck[v] for v in range(7))
