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
from spielwerk.core.message import Message
from spielwerk.games.grani import movegen
from spielwerk.games.grani.board import BOARD, KINGDOMS
from spielwerk.games.grani.names import colour, kingdom, knight, place, together
from spielwerk.games.grani.notation import CARD_COUNTS, COLOURS
from spielwerk.games.grani.say import say

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
            self._once(self.amulets is None, say("position.its-amulets"))
            self.amulets = int(word)
            if self.amulets > 3:
                raise OptionError(say("position.amulets", colour=colour(self.colour), count=self.amulets))
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
            raise OptionError(say("position.mark", colour=colour(self.colour), mark=quote(mark)))

    def _once(self, first: bool, what: Message | str) -> None:
        if not first:
            raise OptionError(say("position.twice", colour=colour(self.colour), what=what))


def apply_position(state: GraniState, text: str) -> None:
    """Set `state` to the position `text` (OptionError naming what is wrong if it is no position the
    game can reach)."""
    from spielwerk.games.grani import rules

    fields, knights = _tokens(text)
    if sorted(knights) != list(range(state.players)):
        raise OptionError(say("position.knights", players=state.players,
                              colours=", ".join(COLOURS[:state.players])))
    seats = [knights[seat] for seat in range(state.players)]
    bearers = [colour(k.colour) for k in seats if k.ring]
    if len(bearers) > 1:
        raise OptionError(say("position.bearers", bearers=together(bearers)))
    state.at = tuple(k.point for k in seats)
    state.amulets = tuple(3 if k.amulets is None else k.amulets for k in seats)
    state.shackled = tuple(k.shackled for k in seats)
    state.seals = tuple(k.seals or 0 for k in seats)
    state.bearer = next((seat for seat, k in enumerate(seats) if k.ring), -1)
    if "ring" in fields and state.bearer >= 0:
        raise OptionError(say("position.ring-twice"))
    on_board = fields.get("ring", BOARD.names[BOARD.ring_start])
    state.ring = -1 if state.bearer >= 0 else _point(on_board, "ring")
    state.obstacles = _blocks(fields.get("blocks", ""))
    state.stones = rules.STONES - state.obstacles.bit_count()
    _check_knights(state)
    _check_places(state)
    state.deck, state.discard = _deck(fields.get("deck"))
    turn = fields.get("turn", COLOURS[0]).lower()
    if turn not in COLOURS[:state.players]:
        raise OptionError(say("position.turn", turn=quote(turn), colours=", ".join(COLOURS[:state.players])))
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
        raise OptionError(say("position.text", value=quote(text)))
    if len(text) > MAX_POSITION_TEXT:
        raise OptionError(say("position.long", most=MAX_POSITION_TEXT, length=len(text)))
    fields: dict[str, str] = {}
    knights: dict[int, _Knight] = {}
    for token in text.split():
        key, sep, value = token.partition("=")
        key = key.lower()
        if not sep or (not value and key != "deck"):  # `deck=` alone: the deck is used up
            raise OptionError(say("position.key-value", token=quote(token)))
        if key in COLOURS:
            seat = COLOURS.index(key)
            if seat in knights:
                raise OptionError(say("position.knight-twice", colour=colour(key)))
            knights[seat] = _Knight(key, value)
        elif key in FIELDS:
            if key in fields:
                raise OptionError(say("position.field-twice", key=key))
            fields[key] = value
        else:
            raise OptionError(say("position.unknown-key", key=quote(key), fields=", ".join(FIELDS)))
    return fields, knights


def _check_knights(state: GraniState) -> None:
    """Each knight's own marks agree with the rules (grani.dragon.shackle, grani.city.ring, grani.win)."""
    names = BOARD.names
    for seat, point in enumerate(state.at):
        who = knight(seat)
        if state.shackled[seat]:
            if not BOARD.dragons >> point & 1:
                raise OptionError(say("position.shackle-dragon", colour=who, point=names[point]))
            if state.amulets[seat] > 2:
                raise OptionError(say("position.shackle-amulets", colour=who))
            if state.bearer == seat:
                raise OptionError(say("position.shackle-ring", colour=who))
        if state.bearer == seat and BOARD.cities >> point & 1:
            raise OptionError(say("position.ring-city", colour=who, place=place(point)))
        if state.seal_count(seat) >= state.seals_to_win:
            raise OptionError(say("position.won", colour=who, count=state.seal_count(seat),
                                  need=state.seals_to_win))


def _check_places(state: GraniState) -> None:
    """Knights share a point only on the start; the ring never lies under a knight or a stone, nor on
    a point it is never put on, nor shut off from the cities (grani.obstacle.ring)."""
    names = BOARD.names
    for seat, point in enumerate(state.at):
        if point != BOARD.start and point in state.at[:seat]:
            raise OptionError(say("position.shared", point=names[point]))
        if state.obstacles >> point & 1:
            raise OptionError(say("position.on-stone", colour=knight(seat), point=names[point]))
    for point in BOARD.points(state.obstacles & ~BOARD.plain):
        raise OptionError(say("position.stone-kind", place=place(point)))
    ring = state.ring
    if ring < 0:
        return
    if ring in state.at:
        holder = state.at.index(ring)
        raise OptionError(say("position.ring-knight", point=names[ring], holder=knight(holder),
                              colour=COLOURS[holder]))
    if state.obstacles >> ring & 1:
        raise OptionError(say("position.ring-stone", point=names[ring]))
    if ring != BOARD.ring_start and BOARD.kind[ring] != "black":
        raise OptionError(say("position.ring-kind", place=place(ring), start=names[BOARD.ring_start]))
    if _shut_in(ring, state.obstacles):
        raise OptionError(say("position.ring-shut", point=names[ring]))


def _shut_in(ring: int, obstacles: int) -> bool:
    """Whether the stones part the ring's point from the cities while the cities themselves are joined
    (stones put while the ring is carried may part the cities; then the ring lies where it could)."""
    cities = BOARD.cities
    if movegen.joined_to(ring, obstacles) & cities == cities:
        return False
    first = (cities & -cities).bit_length() - 1
    return movegen.joined_to(first, obstacles) & cities == cities


def _seals(name: str, letters: str) -> int:
    """The mask of the cities whose seals `letters` name (for the knight of colour `name`)."""
    if not letters:
        raise OptionError(say("position.seals-empty", colour=colour(name), letters=", ".join(LETTERS)))
    mask = 0
    for letter in letters:
        if letter not in LETTERS:
            raise OptionError(say("position.seals-letter", colour=colour(name), given=quote(letters),
                                  letters=", ".join(LETTERS)))
        bit = 1 << LETTERS.index(letter)
        if mask & bit:
            raise OptionError(say("position.seals-twice", colour=colour(name),
                                  city=kingdom(LETTERS.index(letter))))
        mask |= bit
    return mask


def _blocks(text: str) -> int:
    """The obstacles `blocks=` lists, as a mask: real points, each once, no more than the game has."""
    from spielwerk.games.grani.rules import STONES

    names = text.split(",") if text else []
    if len(names) > STONES:
        raise OptionError(say("position.blocks-many", count=len(names), stones=STONES))
    mask = 0
    for name in names:
        bit = 1 << _point(name, "blocks")
        if mask & bit:
            raise OptionError(say("position.blocks-twice", point=quote(name.upper())))
        mask |= bit
    return mask


def _turns(text: str, limit: int) -> int:
    """The turns already played, fewer than the game's turn limit (`limit` turns end it)."""
    if not _number(text):
        raise OptionError(say("position.turns-number", turns=quote(text), most=limit - 1))
    turns = int(text)
    if turns >= limit:
        raise OptionError(say("position.turns-limit", turns=turns, limit=limit))
    return turns


def _number(text: str) -> bool:
    """True for a whole number written in at most MAX_DIGITS of the digits 0–9."""
    return 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()


def _point(name: str, where: str) -> int:
    index = BOARD.index.get(name.upper())
    if index is None:
        raise OptionError(say("position.point", where=where, name=quote(name)))
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
            raise OptionError(say("position.deck-digits", deck=quote(text)))
        deck[int(char)] += 1
    for value in range(7):
        if deck[value] > full[value]:
            key = "position.deck-many" if full[value] else "position.deck-none"
            raise OptionError(say(key, count=deck[value], value=value, has=full[value]))
    return tuple(deck), tuple(full[v] - deck[v] for v in range(7))
