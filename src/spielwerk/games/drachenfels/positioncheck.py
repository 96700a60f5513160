"""What a Drachenfels position must be to be one a game can reach: the material is all there, once
(36 cards less a point set below four players, 4 rainbows, 2 bridges, 4 dragons), the pieces stand
where they may, the secrets agree with each other, and the phase has what it waits for.

`check(state)` raises an OptionError naming the first thing that is wrong.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, NoReturn

from spielwerk.core import wording
from spielwerk.core.errors import OptionError
from spielwerk.games.drachenfels import cards, movegen
from spielwerk.games.drachenfels import rules as r
from spielwerk.games.drachenfels.board import BOARD, COLOURS
from spielwerk.games.drachenfels.notation import edge_text

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


def _fail(message: str) -> NoReturn:
    raise OptionError(f"impossible position: {message}")


def _colour(seat: int) -> str:
    return COLOURS[seat]


def _cards(state: DrachenfelsState) -> None:
    total = cards.deck_for(state.players)
    counted = cards.plus(cards.plus(state.deck, cards.of(state.discard)), _sum(state.hands))
    for kind, (have, want) in enumerate(zip(counted, total, strict=True)):
        if have != want:
            _fail(
                f"the hands, the draw pile and the discard pile hold {cards.counted(have, kind)}; "
                f"a {state.players}-player game has {want}"
            )
    for watcher, row in enumerate(state.known):
        for other, hand in enumerate(row):
            if other == watcher and cards.size(hand):
                _fail(f"{_colour(watcher)} knows its own hand; known cards are of other hands")
            if not cards.contains(state.hands[other], hand):
                _fail(f"{_colour(watcher)} cannot know of cards {_colour(other)} does not hold")


def _pieces(state: DrachenfelsState) -> None:
    if len(state.dragons) != len(BOARD.rock_castles) or len(set(state.dragons)) != len(state.dragons):
        _fail("there are four dragons, each on its own field")
    for field in state.dragons:
        if field not in DRAGON_FIELDS:
            where = BOARD.names[field]
            _fail(f"a dragon stands only on a rock castle, a green dot or a dragon rock, not on {where}")
    if len(state.bridges) > movegen.BRIDGES or len(set(state.bridges)) != len(state.bridges):
        _fail("there are two bridges, each on its own hole or crossing")
    for field in state.bridges:
        if field not in movegen.BRIDGE_SITES:
            _fail(f"a bridge stands only on a hole or a crossing, not on {BOARD.names[field]}")
    _rainbows(state)


def _rainbows(state: DrachenfelsState) -> None:
    rainbows = state.rainbows
    if len(rainbows) > movegen.RAINBOWS or len(set(rainbows)) != len(rainbows):
        _fail("there are four rainbows, each on its own place")
    for rock, end in rainbows:
        if rock not in BOARD.rainbow_rocks or end not in movegen.rainbow_ends(True):
            _fail(f"{edge_text((rock, end))} is no rainbow: it joins a rainbow rock to K or a rock castle")
        if end != BOARD.castle and not state.opened:
            _fail(f"the rainbow {edge_text((rock, end))} ends on a rock castle while rainbows are not open")
    to_castle = Counter(rock for rock, end in rainbows if end == BOARD.castle)
    to_corner = Counter(rock for rock, end in rainbows if end != BOARD.castle)
    ends = Counter(end for _, end in rainbows if end != BOARD.castle)
    for count, what in ((to_castle, "rainbows to the castle"), (to_corner, "rainbows to rock castles")):
        for rock, times in count.items():
            if times > 1:
                _fail(f"{BOARD.names[rock]} carries {times} {what}; at most one (drachenfels.rainbow.ends)")
    for end, times in ends.items():
        if times > 1:
            _fail(f"{BOARD.names[end]} carries {times} rainbow ends; at most one (drachenfels.rainbow.ends)")
    if not set(state.crossed) <= set(rainbows):
        _fail("a rainbow crossed in this turn must still stand")


def _knights(state: DrachenfelsState) -> None:
    knights = state.knights
    if -1 in knights:
        _fail(f"{_colour(knights.index(-1))}'s knight needs a field")
    duel = state.phase == r.SEND and 0 <= state.victim != state.seat
    for seat, field in enumerate(knights):
        name, colour = BOARD.names[field], _colour(seat)
        others = [other for other, there in enumerate(knights) if there == field and other != seat]
        if others and field != BOARD.castle and not (duel and {seat, *others} == {state.seat, state.victim}):
            _fail(f"{colour} and {_colour(others[0])} share {name}; only the castle holds several knights")
        if field in state.dragons:
            _fail(f"{colour}'s knight stands on {name} with a dragon")
        if field in movegen.BRIDGE_SITES and field not in state.bridges:
            _fail(f"{colour}'s knight stands on {name} without a bridge")
        if (field == BOARD.castle or field in movegen.ROCK_CASTLES) and not state.armour[seat]:
            _fail(f"{colour}'s knight on {name} has no armour (a knight takes it at the castle)")


def _secrets(state: DrachenfelsState) -> None:
    princesses, looked = state.princesses, state.looked
    hidden = bool(princesses)
    if state.phase == r.HIDE and hidden:
        _fail("the princesses are hidden after the hide phase, not before")
    if state.phase != r.HIDE and not hidden:
        _fail("the princesses stand on the rock castles once the hide phase is over")
    in_vain = [False] * state.players
    for castle, seats in enumerate(looked):
        name = BOARD.names[BOARD.rock_castles[castle]]
        for seat in seats:
            if not hidden:
                _fail(f"{_colour(seat)} looked at {name} before the princesses were hidden")
            if not state.armour[seat]:
                _fail(f"{_colour(seat)} looked at {name} without armour")
            if princesses[castle] == seat and state.winner != seat:
                _fail(f"{_colour(seat)} found its princess on {name}, so {_colour(seat)} has won")
            in_vain[seat] = in_vain[seat] or princesses[castle] != seat
    for seat, (double, vain) in enumerate(zip(state.double, in_vain, strict=True)):
        if double != vain:
            why = "looked at a princess in vain" if vain else "never looked at a princess in vain"
            _fail(f"{_colour(seat)} {why}, so its double count is {'on' if vain else 'off'}")
    if state.opened != any(in_vain):
        _fail(f"rainbows are open exactly when a knight has looked in vain, so opened is {any(in_vain)}")
    if state.winner >= 0:
        castles = [c for c, seats in enumerate(looked) if state.winner in seats]
        if state.phase != r.OVER or not any(princesses[c] == state.winner for c in castles):
            _fail(f"{_colour(state.winner)} wins only by finding its princess, which ends the game")


def _phase(state: DrachenfelsState) -> None:
    phase, limit = state.phase, state.max_turns * state.players
    if phase == r.OVER and state.winner < 0 and state.turns < limit:
        _fail(f"a game without a winner is over only after {wording.counted(state.max_turns, 'round')}")
    if phase != r.OVER and state.turns >= limit:
        _fail(f"the game is over after {wording.counted(state.max_turns, 'round')}")
    if phase in STARTING and (any(map(cards.size, state.hands)) or state.discard or state.turns):
        _fail(f"in the {phase} phase no card has been dealt or played yet")
    if (phase == r.DRAW) != bool(state.draws):
        _fail("the seats still to draw ('draws') are named in the draw phase, and only then")
    if len(state.draws) > cards.size(state.deck):
        waiting = wording.counted(len(state.draws), "card")
        _fail(f"{waiting} still to be drawn from a pile of {cards.size(state.deck)}")
    back = BACK_IN.get(phase, ("",))
    if state.back not in back:
        _fail(f"in the {phase} phase 'back' is {' or '.join(map(repr, back))}, not {state.back!r}")
    _victim(state)
    if (phase == r.TOP_CARD) != (state.top >= 0) or (state.top >= 0 and state.discard[-1:] != (state.top,)):
        _fail("in the top phase, and only then, 'top' is the card on top of the discard pile")
    if phase == r.RAINBOW and not state.crossed:
        _fail("the rainbow phase needs the rainbows just crossed ('crossed')")
    if state.crossed and phase not in (r.SEND, r.LOOT, r.PICK, r.RAINBOW):
        _fail(f"no rainbow is waiting to be moved in the {phase} phase ('crossed')")
    if state.played > len(state.discard):
        played = wording.counted(state.played, "card")
        _fail(f"{played} played in this turn, but the discard pile holds {len(state.discard)}")


def _victim(state: DrachenfelsState) -> None:
    phase, victim, takes = state.phase, state.victim, state.takes
    if phase not in (r.PICK, r.SEND, r.LOOT):
        if victim >= 0:
            _fail(f"only a duel or a card taken at random has a victim, not the {phase} phase")
    elif victim < 0 or victim == state.seat:
        _fail(f"the {phase} phase needs a victim other than {_colour(state.seat)}")
    elif phase != r.SEND and not cards.size(state.hands[victim]):
        _fail(f"{_colour(victim)} has no card to take")
    elif phase == r.SEND and state.knights[victim] != state.knights[state.seat]:
        _fail(f"the loser of the duel, {_colour(victim)}, stands on the winner's field until sent away")
    elif phase == r.SEND and state.knights[victim] in movegen.SINGLE_KNIGHT | {BOARD.castle}:
        _fail(f"no duel is fought on {BOARD.names[state.knights[victim]]}")
    high = {r.ROB: r.ROB_CARDS - 1, r.PICK: r.ROB_CARDS, r.LOOT: r.LOOT_CARDS}.get(phase, 0)
    low = 1 if phase in (r.ROB, r.PICK, r.LOOT) else 0
    if not low <= takes <= high:
        _fail(f"in the {phase} phase 'takes' is from {low} to {high}, not {takes}")


def _sum(hands: tuple[cards.Hand, ...]) -> cards.Hand:
    total = cards.EMPTY
    for hand in hands:
        total = cards.plus(total, hand)
    return total
