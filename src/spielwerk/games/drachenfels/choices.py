"""The legal actions of a Drachenfels state, phase by phase."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar

from spielwerk.core.state import Action
from spielwerk.games.drachenfels import cards, movegen
from spielwerk.games.drachenfels import rules as r
from spielwerk.games.drachenfels.board import BOARD
from spielwerk.games.drachenfels.notation import (
    END,
    KEEP,
    REFRESH,
    STOP,
    TOP,
    Bridge,
    Dragon,
    Edge,
    Place,
    Rainbow,
    Target,
    Walk,
)

if TYPE_CHECKING:
    from spielwerk.games.drachenfels.rules import DrachenfelsState


def generate(state: DrachenfelsState) -> list[Action]:
    """Every legal action of `state`, each once."""
    phase, seat = state.phase, state.seat
    if phase in r.CHANCE_PHASES:
        return [action for action, _ in state.chance_outcomes()]
    if phase == r.TURN:
        found = [*hand_plays(state)]
        if cards.size(state.hands[seat]) + cards.size(state.deck) + len(state.discard):
            found.append(REFRESH)
        found.extend(Target("take", other) for other in robbable(state))
        if state.discard and plays(state, state.discard[-1]):
            found.append(TOP)
        return found
    if phase == r.PLAY:
        found = hand_plays(state)
        return [*found, END] if may_end(state) else found
    if phase == r.TOP_CARD:
        return list(plays(state, state.top))
    if phase == r.ROB:
        return [*(Target("take", other) for other in robbable(state)), STOP]
    if phase == r.SEND:
        return [Place("send", state.victim, field) for field in movegen.free_starts(state.knights)]
    if phase == r.LOOT:
        return [Target("take", state.victim), STOP]
    if phase == r.RAINBOW:
        return [*free_rainbow_moves(state), KEEP]
    return []


def hand_plays(state: DrachenfelsState) -> list[Action]:
    """Every card play from the hand of the seat to move."""
    found: list[Action] = []
    for kind, count in enumerate(state.hands[state.seat]):
        if count:
            found.extend(plays(state, kind))
    return found


def plays(state: DrachenfelsState, kind: int) -> Sequence[Action]:
    """Every way to play a card of `kind` now (nothing where it would do nothing)."""
    seat, knights = state.seat, state.knights
    if cards.is_points(kind):
        return walk_plays(state, seat, kind + 1)
    if kind == cards.RAINBOW:
        return _kept(_RAINBOWS, (state.rainbows, state.opened), _rainbow_plays)
    if kind == cards.BRIDGE:
        return _kept(_BRIDGES, (state.bridges, knights), _bridge_plays)
    if kind == cards.DRAGON:
        return _kept(_DRAGONS, (state.dragons, knights), _dragon_plays)
    others = [other for other in range(state.players) if other != seat]
    if kind == cards.TELETRANSFER:
        return [Target("teletransfer", other) for other in others if may_swap(state, seat, other)]
    return [Place("cloud", other, field) for other in others for field in movegen.free_starts(knights)]


K = TypeVar("K")
Plays = tuple[Action, ...]


def _kept(kept: dict[K, Plays], key: K, make: Callable[[K], Plays]) -> Plays:
    """`make(key)`, kept in `kept` (a search asks for the same plays again and again)."""
    found = kept.get(key)
    if found is None:
        if len(kept) >= _KEPT:
            kept.clear()
        found = kept[key] = make(key)
    return found


def _rainbow_plays(key: tuple[tuple[Edge, ...], bool]) -> Plays:
    return tuple(Rainbow(old, new) for old, new in movegen.rainbow_moves(*key))


def _bridge_plays(key: tuple[tuple[int, ...], tuple[int, ...]]) -> Plays:
    bridges, knights = key
    spare = movegen.BRIDGES - len(bridges)
    return tuple(Bridge(old, new) for old, new in movegen.bridge_moves(bridges, knights, spare))


def _dragon_plays(key: tuple[tuple[int, ...], tuple[int, ...]]) -> Plays:
    return tuple(Dragon(start, end) for start, end in movegen.dragon_moves(*key))


_RAINBOWS: dict[tuple[tuple[Edge, ...], bool], Plays] = {}
_BRIDGES: dict[tuple[tuple[int, ...], tuple[int, ...]], Plays] = {}
_DRAGONS: dict[tuple[tuple[int, ...], tuple[int, ...]], Plays] = {}
_KEPT = 1 << 14


def walks(state: DrachenfelsState, seat: int, value: int) -> dict[int, frozenset[Edge]]:
    """Where the knight of `seat` may end with a point card of `value`, with the rainbows crossed."""
    return dict(_walks(state, seat, value)[0])


def reachable(state: DrachenfelsState, seat: int, value: int) -> Mapping[int, frozenset[Edge]]:
    """`walks`, as kept (not to be changed)."""
    return _walks(state, seat, value)[0]


def walk_plays(state: DrachenfelsState, seat: int, value: int) -> tuple[Walk, ...]:
    """The walks of a point card of `value` by the knight of `seat`, by their ends in order."""
    return _walks(state, seat, value)[1]


Walks = tuple[dict[int, frozenset[Edge]], tuple[Walk, ...]]
"""Where a walk may end, with the rainbows crossed, and the walks in the order of their ends."""


def _walks(state: DrachenfelsState, seat: int, value: int) -> Walks:
    armour, double = state.armour[seat], state.double[seat]
    knights, dragons = state.knights, state.dragons
    key = (knights, dragons, state.bridges, state.rainbows, seat, value, armour, double)
    found = _WALKS.get(key)
    if found is None:
        if len(_WALKS) >= _WALKS_KEPT:
            _WALKS.clear()
        layout = movegen.Layout.of(dragons, state.bridges, state.rainbows)
        others = [field for other, field in enumerate(knights) if other != seat]
        stars = tuple(star for star in movegen.STARS if star not in others and star not in dragons)
        crossed = layout.crossings(knights[seat], value, armour, stars)
        if double:
            crossed = dict(crossed)
            for end, edges in layout.crossings(knights[seat], 2 * value, armour, stars).items():
                crossed[end] = crossed[end] | edges if end in crossed else edges
        single = movegen.SINGLE_KNIGHT
        ends = {end: edges for end, edges in crossed.items() if end not in others or end not in single}
        row = _WALK_OF[value]
        found = _WALKS[key] = ends, tuple(row[end] for end in sorted(ends))
    return found


_WALKS: dict[tuple[object, ...], Walks] = {}
"""`walks` kept by everything it depends on (the play of a position asks it again and again)."""
_WALKS_KEPT = 1 << 15
_WALK_OF = tuple(tuple(Walk(value, end) for end in range(BOARD.size)) for value in range(6))
"""Every walk, made once: _WALK_OF[value][end]."""


def may_swap(state: DrachenfelsState, seat: int, other: int) -> bool:
    """Teletransfer: each knight must be allowed on the other's field (rock castles need armour)."""
    mine, theirs = state.knights[seat], state.knights[other]
    return movegen.may_stand(theirs, state.armour[seat]) and movegen.may_stand(mine, state.armour[other])


def may_end(state: DrachenfelsState) -> bool:
    """In the middle of a turn: no point card in hand can be played, so the turn may end here."""
    hand = state.hands[state.seat]
    return not any(hand[kind] and _walks(state, state.seat, kind + 1)[0] for kind in cards.POINTS)


def robbable(state: DrachenfelsState) -> list[int]:
    """The other seats holding cards (drachenfels.refresh)."""
    return [other for other, hand in enumerate(state.hands) if other != state.seat and cards.size(hand)]


def free_rainbow_moves(state: DrachenfelsState) -> list[Action]:
    """Moving a rainbow just crossed, for free: to any place a rainbow card could put it."""
    found: list[Action] = []
    for old in state.crossed:
        if old not in state.rainbows:
            continue
        rest = [edge for edge in state.rainbows if edge != old]
        found.extend(Rainbow(old, new) for new in movegen.rainbow_places(rest, state.opened) if new != old)
    return found
