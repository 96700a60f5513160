"""Position texts: a whole Grani situation on one line, for tests, puzzles and saved starts.

    yellow=G8 blue=T9:2:ring red=X3:1:shackled:seals=TU turn=blue blocks=T12,U7 deck=6544

Each knight is `colour=point`, then `:N` amulets (3 if left out), `:ring` for the ring bearer,
`:shackled`, `:seals=` kingdom letters. `ring=POINT` puts the ring on the board (it lies on its
start when no knight carries it and no ring= is given). `blocks=` lists obstacle stones, `turn=` the
knight to move (yellow if left out), `deck=` the cards left in the dragon deck (the rest are in the
discard pile), `turns=` the turns already played. A position starts at the beginning of a turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spielwerk.core.errors import OptionError
from spielwerk.games.grani.board import BOARD, KINGDOMS
from spielwerk.games.grani.notation import CARD_COUNTS, COLOURS

if TYPE_CHECKING:
    from spielwerk.games.grani.rules import GraniState

LETTERS = "".join(k[0].upper() for k in KINGDOMS)


def apply_position(state: GraniState, text: str) -> None:
    """Set `state` to the position `text` (OptionError if it is not a well-formed position)."""
    from spielwerk.games.grani import rules

    fields: dict[str, str] = {}
    knights: dict[int, list[str]] = {}
    for token in text.split():
        key, sep, value = token.partition("=")
        key = key.lower()
        if not sep or (not value and key != "deck"):  # `deck=` alone: the deck is used up
            raise OptionError(f"position: {token!r} is not key=value")
        if key in COLOURS:
            knights[COLOURS.index(key)] = value.split(":")
        elif key in ("ring", "blocks", "turn", "deck", "turns"):
            fields[key] = value
        else:
            raise OptionError(f"position: unknown key {key!r}")
    if sorted(knights) != list(range(state.players)):
        raise OptionError(f"position: a {state.players}-player game needs the knights "
                          f"{', '.join(COLOURS[:state.players])}, no more and no fewer")
    at, amulets, shackled, seals = [], [], [], []
    bearer = -1
    for seat in range(state.players):
        point, *flags = knights[seat]
        at.append(_point(point))
        amulets.append(3)
        shackled.append(False)
        seals.append(0)
        for flag in flags:
            if _number(flag) and int(flag) <= 3:
                amulets[seat] = int(flag)
            elif flag == "ring":
                if bearer >= 0:
                    raise OptionError(f"position: {COLOURS[bearer]} and {COLOURS[seat]} both carry the ring")
                bearer = seat
            elif flag == "shackled":
                shackled[seat] = True
            elif flag.startswith("seals=") and set(flag[6:].upper()) <= set(LETTERS):
                seals[seat] = sum(1 << LETTERS.index(c) for c in set(flag[6:].upper()))
            else:
                raise OptionError(f"position: {COLOURS[seat]} has an unknown mark {flag!r}")
    state.at, state.amulets = tuple(at), tuple(amulets)
    state.shackled, state.seals = tuple(shackled), tuple(seals)
    state.bearer = bearer
    if "ring" in fields and bearer >= 0:
        raise OptionError("position: the ring is either carried or on the board, not both")
    state.ring = -1 if bearer >= 0 else _point(fields.get("ring", BOARD.names[BOARD.ring_start]))
    state.obstacles = 0
    for name in filter(None, fields.get("blocks", "").split(",")):
        state.obstacles |= 1 << _point(name)
    if state.obstacles.bit_count() > rules.STONES:
        raise OptionError(f"position: the game has only {rules.STONES} obstacle stones")
    state.stones = rules.STONES - state.obstacles.bit_count()
    _check_places(state)
    state.deck, state.discard = _deck(fields.get("deck"))
    turn = fields.get("turn", COLOURS[0]).lower()
    if turn not in COLOURS[:state.players]:
        raise OptionError(f"position: turn={turn!r} names no knight in this game")
    state.seat = state.first = COLOURS.index(turn)
    turns = fields.get("turns", "0")
    if not _number(turns):
        raise OptionError(f"position: turns={turns!r} is not a number")
    state.turns = int(turns)
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


def _check_places(state: GraniState) -> None:
    """Knights share a point only on the start; the ring never lies under a knight or a stone."""
    names = BOARD.names
    for seat, point in enumerate(state.at):
        if point != BOARD.start and point in state.at[:seat]:
            raise OptionError(f"position: two knights stand on {names[point]}; only the start holds several")
        if state.obstacles >> point & 1:
            raise OptionError(f"position: {COLOURS[seat]} stands on {names[point]}, which holds a stone")
    if state.ring in state.at:
        holder = COLOURS[state.at.index(state.ring)]
        raise OptionError(f"position: the ring lies on {names[state.ring]}, where {holder} stands "
                          f"(say ring=POINT, or {holder}=…:ring if it carries the ring)")
    if state.ring >= 0 and state.obstacles >> state.ring & 1:
        raise OptionError(f"position: the ring lies on {names[state.ring]}, which holds a stone")
    for point in BOARD.points(state.obstacles & ~BOARD.plain):
        raise OptionError(f"position: a stone cannot lie on {BOARD.describe(point)}: stones go on black "
                          "or white points")
    for seat, point in enumerate(state.at):
        if state.shackled[seat] and not BOARD.dragons >> point & 1:
            raise OptionError(f"position: {COLOURS[seat]} is shackled on {names[point]}, but shackles are "
                              "only put on knights that lost on a dragon")


def _number(text: str) -> bool:
    """True for a whole number written in the digits 0–9."""
    return text.isascii() and text.isdigit()


def _point(name: str) -> int:
    index = BOARD.index.get(name.upper())
    if index is None:
        raise OptionError(f"position: {name!r} is not a point")
    return index


def _deck(text: str | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    full = [CARD_COUNTS.get(v, 0) for v in range(7)]
    if text is None:
        return tuple(full), (0,) * 7
    deck = [0] * 7
    for char in text:
        if not _number(char) or int(char) > 6:
            raise OptionError(f"position: deck={text!r} lists card strengths 0–6")
        deck[int(char)] += 1
    if any(deck[v] > full[v] for v in range(7)):
        raise OptionError(f"position: deck={text!r} has more cards of a strength than the game has")
    return tuple(deck), tuple(full[v] - deck[v] for v in range(7))
