"""What a Drachenfels position must be to be one a game can reach: the material is all there, once
(36 cards less a point set below four players, 4 rainbows, 2 bridges, 4 dragons), the pieces stand
where they may, the secrets agree with each other, and the phase has what it waits for.

`check(state)` raises an OptionError naming the first thing that is wrong.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, NoReturn

from spielwerk.core.errors import OptionError
from spielwerk.core.message import Message
from spielwerk.games.drachenfels import cards, movegen
from spielwerk.games.drachenfels import rules as r
from spielwerk.games.drachenfels.board import BOARD, COLOURS
from spielwerk.games.drachenfels.notation import edge_text
from spielwerk.games.drachenfels.say import counted_cards, say

if TYPE_CHECKING:
    from spielwerk.games.drachenfels.rules import DrachenfelsState

BACKS = ("", r.DEAL, r.ROB, r.LOOT)
"""The phases a card taken at random returns to ('' once nothing is being taken or dealt)."""
DRAGON_FIELDS = frozenset((*BOARD.rock_castles, *BOARD.green_dots, *BOARD.dragon_rocks))
"""Where a dragon may stand: its rock castle at the start, then green dots and dragon rocks."""
BACK_IN = {r.DRAW: ("", r.DEAL), r.PICK: (r.ROB, r.LOOT), r.ROB: (r.ROB,), r.LOOT: (r.LOOT,)}
"""Where `back` may point in each phase that has one (every other phase: '')."""
STARTING = (r.HIDE, r.LOT)
"""Phases before the first card is dealt."""


def check(state: DrachenfelsState) -> None:
    """OptionError naming what is wrong, where `state` is no position a game can reach."""
    _cards(state)
    _pieces(state)
    _knights(state)
    _secrets(state)
    _phase(state)


def _fail(key: str, **args: Any) -> NoReturn:
    raise OptionError(say("position.impossible", why=say(f"position.{key}", **args)))


def _colour(seat: int) -> Message:
    return say(f"seat.{COLOURS[seat]}")


def _rounds(count: int) -> Message:
    return say("position.rounds", count=count)


def _cards(state: DrachenfelsState) -> None:
    total = cards.deck_for(state.players)
    counted = cards.plus(cards.plus(state.deck, cards.of(state.discard)), _sum(state.hands))
    for kind, (have, want) in enumerate(zip(counted, total, strict=True)):
        if have != want:
            _fail("cards", held=counted_cards(have, kind), players=state.players, count=want)
    for watcher, row in enumerate(state.known):
        for other, hand in enumerate(row):
            if other == watcher and cards.size(hand):
                _fail("own-hand", seat=_colour(watcher))
            if not cards.contains(state.hands[other], hand):
                _fail("known", seat=_colour(watcher), other=_colour(other))


def _pieces(state: DrachenfelsState) -> None:
    if len(state.dragons) != len(BOARD.rock_castles) or len(set(state.dragons)) != len(state.dragons):
        _fail("dragons")
    for field in state.dragons:
        if field not in DRAGON_FIELDS:
            _fail("dragon-field", field=BOARD.names[field])
    if len(state.bridges) > movegen.BRIDGES or len(set(state.bridges)) != len(state.bridges):
        _fail("bridges")
    for field in state.bridges:
        if field not in movegen.BRIDGE_SITES:
            _fail("bridge-field", field=BOARD.names[field])
    _rainbows(state)


def _rainbows(state: DrachenfelsState) -> None:
    rainbows = state.rainbows
    if len(rainbows) > movegen.RAINBOWS or len(set(rainbows)) != len(rainbows):
        _fail("rainbows")
    for rock, end in rainbows:
        if rock not in BOARD.rainbow_rocks or end not in movegen.rainbow_ends(True):
            _fail("rainbow", edge=edge_text((rock, end)))
        if end != BOARD.castle and not state.opened:
            _fail("rainbow-closed", edge=edge_text((rock, end)))
    to_castle = Counter(rock for rock, end in rainbows if end == BOARD.castle)
    to_corner = Counter(rock for rock, end in rainbows if end != BOARD.castle)
    ends = Counter(end for _, end in rainbows if end != BOARD.castle)
    for count, what in ((to_castle, "rainbows-to-castle"), (to_corner, "rainbows-to-corner")):
        for rock, times in count.items():
            if times > 1:
                _fail(what, rock=BOARD.names[rock], count=times)
    for end, times in ends.items():
        if times > 1:
            _fail("rainbow-ends", field=BOARD.names[end], count=times)
    if not set(state.crossed) <= set(rainbows):
        _fail("crossed")


def _knights(state: DrachenfelsState) -> None:
    knights = state.knights
    if -1 in knights:
        _fail("knight-field", seat=_colour(knights.index(-1)))
    duel = state.phase == r.SEND and 0 <= state.victim != state.seat
    for seat, field in enumerate(knights):
        name, colour = BOARD.names[field], _colour(seat)
        others = [other for other, there in enumerate(knights) if there == field and other != seat]
        if others and field != BOARD.castle and not (duel and {seat, *others} == {state.seat, state.victim}):
            _fail("share", seat=colour, other=_colour(others[0]), field=name)
        if field in state.dragons:
            _fail("knight-dragon", seat=colour, field=name)
        if field in movegen.BRIDGE_SITES and field not in state.bridges:
            _fail("knight-bridge", seat=colour, field=name)
        if (field == BOARD.castle or field in movegen.ROCK_CASTLES) and not state.armour[seat]:
            _fail("knight-armour", seat=colour, field=name)


def _secrets(state: DrachenfelsState) -> None:
    princesses, looked = state.princesses, state.looked
    hidden = bool(princesses)
    if state.phase == r.HIDE and hidden:
        _fail("hidden-early")
    if state.phase != r.HIDE and not hidden:
        _fail("hidden-late")
    in_vain = [False] * state.players
    for castle, seats in enumerate(looked):
        name = BOARD.names[BOARD.rock_castles[castle]]
        for seat in seats:
            if not hidden:
                _fail("looked-early", seat=_colour(seat), field=name)
            if not state.armour[seat]:
                _fail("looked-armour", seat=_colour(seat), field=name)
            if princesses[castle] == seat and state.winner != seat:
                _fail("found", seat=_colour(seat), field=name)
            in_vain[seat] = in_vain[seat] or princesses[castle] != seat
    for seat, (double, vain) in enumerate(zip(state.double, in_vain, strict=True)):
        if double != vain:
            _fail("double-on" if vain else "double-off", seat=_colour(seat))
    if state.opened != any(in_vain):
        _fail("opened-vain", opened=str(any(in_vain)))
    if state.winner >= 0:
        castles = [c for c, seats in enumerate(looked) if state.winner in seats]
        if state.phase != r.OVER or not any(princesses[c] == state.winner for c in castles):
            _fail("winner", seat=_colour(state.winner))


def _phase(state: DrachenfelsState) -> None:
    phase, limit = state.phase, state.max_turns * state.players
    if phase == r.OVER and state.winner < 0 and state.turns < limit:
        _fail("over-early", rounds=_rounds(state.max_turns))
    if phase != r.OVER and state.turns >= limit:
        _fail("over-late", rounds=_rounds(state.max_turns))
    if phase in STARTING and (any(map(cards.size, state.hands)) or state.discard or state.turns):
        _fail("dealt", phase=phase)
    if (phase == r.DRAW) != bool(state.draws):
        _fail("draws")
    if len(state.draws) > cards.size(state.deck):
        waiting = say("card.count", count=len(state.draws))
        _fail("draws-pile", waiting=waiting, count=cards.size(state.deck))
    back = BACK_IN.get(phase, ("",))
    if state.back not in back:
        _fail("back-phase", phase=phase, backs=_either([repr(name) for name in back]), given=repr(state.back))
    _victim(state)
    if (phase == r.TOP_CARD) != (state.top >= 0) or (state.top >= 0 and state.discard[-1:] != (state.top,)):
        _fail("top")
    if phase == r.RAINBOW and not state.crossed:
        _fail("crossed-needed")
    if state.crossed and phase not in (r.SEND, r.LOOT, r.PICK, r.RAINBOW):
        _fail("crossed-phase", phase=phase)
    if state.played > len(state.discard):
        _fail("played", played=say("card.count", count=state.played), count=len(state.discard))


def _either(names: list[str]) -> Message | str:
    """One name, or two joined by "or" in the reader's language."""
    return names[0] if len(names) == 1 else say("position.either", first=names[0], second=names[1])


def _victim(state: DrachenfelsState) -> None:
    phase, victim, takes = state.phase, state.victim, state.takes
    if phase not in (r.PICK, r.SEND, r.LOOT):
        if victim >= 0:
            _fail("victim-phase", phase=phase)
    elif victim < 0 or victim == state.seat:
        _fail("victim-other", phase=phase, seat=_colour(state.seat))
    elif phase != r.SEND and not cards.size(state.hands[victim]):
        _fail("victim-empty", seat=_colour(victim))
    elif phase == r.SEND and state.knights[victim] != state.knights[state.seat]:
        _fail("victim-field", seat=_colour(victim))
    elif phase == r.SEND and state.knights[victim] in movegen.SINGLE_KNIGHT | {BOARD.castle}:
        _fail("duel-field", field=BOARD.names[state.knights[victim]])
    high = {r.ROB: r.ROB_CARDS - 1, r.PICK: r.ROB_CARDS, r.LOOT: r.LOOT_CARDS}.get(phase, 0)
    low = 1 if phase in (r.ROB, r.PICK, r.LOOT) else 0
    if not low <= takes <= high:
        _fail("takes", phase=phase, low=low, high=high, count=takes)


def _sum(hands: tuple[cards.Hand, ...]) -> cards.Hand:
    total = cards.EMPTY
    for hand in hands:
        total = cards.plus(total, hand)
    return total
