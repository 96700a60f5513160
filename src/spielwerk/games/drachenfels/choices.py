"""The legal actions of a Drachenfels state, phase by phase."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

from spielwerk.core.kept import Kept
from spielwerk.core.state import Action
from spielwerk.games.drachenfels import cards, movegen
from spielwerk.games.drachenfels import rules as r
from spielwerk.games.drachenfels.board import BOARD, COLOURS
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
)
from spielwerk.games.drachenfels.walking import walk_plays, walking

if TYPE_CHECKING:
    from spielwerk.games.drachenfels.rules import DrachenfelsState


def generate(state: DrachenfelsState) -> list[Action]:
    """Every legal action of `state`, each once."""
    phase, seat = state.phase, state.seat
    if phase in r.CHANCE_PHASES:
        return [action for action, _ in state.chance_outcomes()]
    if phase == r.TURN:
        found = [*hand_plays(state)]
        if any(state.hands[seat]) or any(state.deck) or state.discard:  # a card to refresh with
            found.append(REFRESH)
        found.extend([_TAKE[other] for other in robbable(state)])
        if state.discard and plays(state, state.discard[-1]):
            found.append(TOP)
        return found
    if phase == r.PLAY:
        found = hand_plays(state)
        return [*found, END] if may_end(state) else found
    if phase == r.TOP_CARD:
        return list(plays(state, state.top))
    if phase == r.ROB:
        return [*[_TAKE[other] for other in robbable(state)], STOP]
    if phase == r.SEND:
        sent = _PLACES["send"][state.victim]
        return [sent[field] for field in movegen.free_starts(state.knights)]
    if phase == r.LOOT:
        return [_TAKE[state.victim], STOP]
    if phase == r.RAINBOW:
        return [*free_rainbow_moves(state), KEEP]
    return []


def hand_plays(state: DrachenfelsState) -> list[Action]:
    """Every card play from the hand of the seat to move."""
    found: list[Action] = []
    walks = None
    for kind, count in enumerate(state.hands[state.seat]):
        if not count:
            continue
        if kind < cards.RAINBOW:  # a point card: `plays`, with the walks asked for once
            if walks is None:
                walks = walking(state, state.seat)
            found.extend(walks.of(kind + 1)[1])
        else:
            found.extend(plays(state, kind))
    return found


def plays(state: DrachenfelsState, kind: int) -> Sequence[Action]:
    """Every way to play a card of `kind` now (nothing where it would do nothing)."""
    seat, knights = state.seat, state.knights
    if cards.is_points(kind):
        return walk_plays(state, seat, kind + 1)
    if kind == cards.RAINBOW:
        return _kept(_RAINBOWS, (state.rainbows, state.opened), _rainbow_plays)
    if kind == cards.BRIDGE:  # only knights on bridges hold them
        return _kept(_BRIDGES, (state.bridges, movegen.BRIDGE_SITES.intersection(knights)), _bridge_plays)
    if kind == cards.DRAGON:  # only knights on the spots a dragon may fly to keep it off them
        return _kept(_DRAGONS, (state.dragons, _SPOTS.intersection(knights)), _dragon_plays)
    others = [other for other in range(state.players) if other != seat]
    if kind == cards.TELETRANSFER:
        return [_SWAP[other] for other in others if may_swap(state, seat, other)]
    clouds, free = _PLACES["cloud"], movegen.free_starts(knights)
    return [clouds[other][field] for other in others for field in free]


K = TypeVar("K")
Plays = tuple[Action, ...]


def _kept(kept: Kept[K, Plays], key: K, make: Callable[[K], Plays]) -> Plays:
    """`make(key)`, kept in `kept` (a search asks for the same plays again and again)."""
    found = kept.get(key)
    if found is None:
        found = kept.keep(key, make(key))
    return found


def _rainbow_plays(key: tuple[tuple[Edge, ...], bool]) -> Plays:
    return _all_made(Rainbow, movegen.rainbow_moves(*key))


def _bridge_plays(key: tuple[tuple[int, ...], frozenset[int]]) -> Plays:
    bridges, knights = key
    spare = movegen.BRIDGES - len(bridges)
    return _all_made(Bridge, movegen.bridge_moves(bridges, knights, spare))


def _dragon_plays(key: tuple[tuple[int, ...], frozenset[int]]) -> Plays:
    dragons, knights = key  # those of the plays with no knight in the way whose spot is free
    free = _FREE_DRAGONS.get(dragons)
    if free is None:
        free = _FREE_DRAGONS.keep(dragons, _all_made(Dragon, movegen.dragon_moves(dragons, ())))
    return tuple([play for play in free if play.end not in knights]) if knights else free


A = TypeVar("A", Rainbow, Bridge, Dragon)


def _made(kind: type[A], old: Any, new: Any) -> A:
    """The card play `kind(old, new)`, made once."""
    made = _MADE[kind]
    found = made.get((old, new))
    if found is None:
        found = made[old, new] = kind(old, new)
    return cast(A, found)


def _all_made(kind: type[A], moves: Iterable[tuple[Any, Any]]) -> tuple[A, ...]:
    """`_made` of each (old, new) of `moves`, in order."""
    made = _MADE[kind]
    get = made.get
    found: tuple[Any, ...] = tuple([get(move) or _made(kind, *move) for move in moves])
    return cast("tuple[A, ...]", found)


_MADE: dict[type, dict[tuple[Any, Any], Action]] = {Rainbow: {}, Bridge: {}, Dragon: {}}
"""Every dragon, bridge and rainbow play made so far, by kind and (old, new) (a few thousand at most)."""


_SEATS = range(len(COLOURS))
_TAKE = tuple(Target("take", seat) for seat in _SEATS)
_SWAP = tuple(Target("teletransfer", seat) for seat in _SEATS)
_PLACES = {
    verb: tuple({field: Place(verb, seat, field) for field in BOARD.starts} for seat in _SEATS)
    for verb in ("send", "cloud")
}
"""Every take, teletransfer, duel's loser sent and cloud, made once: _PLACES[verb][seat][field]."""

_KEPT = 1 << 14
_RAINBOWS: Kept[tuple[tuple[Edge, ...], bool], Plays] = Kept(_KEPT)
_BRIDGES: Kept[tuple[tuple[int, ...], frozenset[int]], Plays] = Kept(_KEPT)
_DRAGONS: Kept[tuple[tuple[int, ...], frozenset[int]], Plays] = Kept(_KEPT)
"""Bridge and dragon plays by the pieces and the knights that stand in their way."""
_SPOTS = frozenset((*BOARD.green_dots, *BOARD.dragon_rocks))
_FREE_DRAGONS: Kept[tuple[int, ...], tuple[Dragon, ...]] = Kept(_KEPT)
"""Dragon plays by the dragons, where no knight stands on a spot."""


def may_swap(state: DrachenfelsState, seat: int, other: int) -> bool:
    """Teletransfer: each knight must be allowed on the other's field (rock castles need armour)."""
    mine, theirs = state.knights[seat], state.knights[other]
    return movegen.may_stand(theirs, state.armour[seat]) and movegen.may_stand(mine, state.armour[other])


def may_end(state: DrachenfelsState) -> bool:
    """In the middle of a turn: no point card in hand can be played, so the turn may end here."""
    hand = state.hands[state.seat]
    found = walking(state, state.seat)
    return not any(hand[kind] and found.of(kind + 1)[0] for kind in cards.POINTS)


def robbable(state: DrachenfelsState) -> list[int]:
    """The other seats holding cards (drachenfels.refresh)."""
    seat = state.seat
    return [other for other, hand in enumerate(state.hands) if other != seat and any(hand)]


def free_rainbow_moves(state: DrachenfelsState) -> list[Action]:
    """Moving a rainbow just crossed, for free: to any place a rainbow card could put it."""
    found: list[Action] = []
    for old in state.crossed:
        if old not in state.rainbows:
            continue
        rest = [edge for edge in state.rainbows if edge != old]
        places = movegen.rainbow_places(rest, state.opened)
        found.extend([_made(Rainbow, old, new) for new in places if new != old])
    return found
