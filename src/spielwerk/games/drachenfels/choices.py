"""The legal actions of a Drachenfels state, phase by phase."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spielwerk.core.state import Action
from spielwerk.games.drachenfels import cards, movegen
from spielwerk.games.drachenfels import rules as r
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
        return plays(state, state.top)
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
    hand = state.hands[state.seat]
    return [action for kind, count in enumerate(hand) if count for action in plays(state, kind)]


def plays(state: DrachenfelsState, kind: int) -> list[Action]:
    """Every way to play a card of `kind` now (nothing where it would do nothing)."""
    seat, knights = state.seat, state.knights
    if cards.is_points(kind):
        return [Walk(kind + 1, end) for end in sorted(walks(state, seat, kind + 1))]
    if kind == cards.RAINBOW:
        return [Rainbow(old, new) for old, new in movegen.rainbow_moves(state.rainbows, state.opened)]
    if kind == cards.BRIDGE:
        spare = movegen.BRIDGES - len(state.bridges)
        return [Bridge(old, new) for old, new in movegen.bridge_moves(state.bridges, knights, spare)]
    if kind == cards.DRAGON:
        return [Dragon(start, end) for start, end in movegen.dragon_moves(state.dragons, knights)]
    others = [other for other in range(state.players) if other != seat]
    if kind == cards.TELETRANSFER:
        return [Target("teletransfer", other) for other in others if may_swap(state, seat, other)]
    return [Place("cloud", other, field) for other in others for field in movegen.free_starts(knights)]


def walks(state: DrachenfelsState, seat: int, value: int) -> dict[int, frozenset[Edge]]:
    """Where the knight of `seat` may end with a point card of `value`, with the rainbows crossed."""
    armour, double = state.armour[seat], state.double[seat]
    key = (state.knights, state.dragons, state.bridges, state.rainbows, seat, value, armour, double)
    found = _WALKS.get(key)
    if found is None:
        if len(_WALKS) >= _WALKS_KEPT:
            _WALKS.clear()
        dragons, bridges = frozenset(state.dragons), frozenset(state.bridges)
        table = movegen.Table(state.knights, dragons, bridges, state.rainbows)
        ends = movegen.walk_ends(table, seat, value, armour)
        if double:
            for end, crossed in movegen.walk_ends(table, seat, 2 * value, armour).items():
                ends[end] = ends.get(end, frozenset()) | crossed
        found = _WALKS[key] = ends
    return dict(found)


_WALKS: dict[tuple[object, ...], dict[int, frozenset[Edge]]] = {}
"""`walks` kept by everything it depends on (the play of a position asks it again and again)."""
_WALKS_KEPT = 1 << 15


def may_swap(state: DrachenfelsState, seat: int, other: int) -> bool:
    """Teletransfer: each knight must be allowed on the other's field (rock castles need armour)."""
    mine, theirs = state.knights[seat], state.knights[other]
    return movegen.may_stand(theirs, state.armour[seat]) and movegen.may_stand(mine, state.armour[other])


def may_end(state: DrachenfelsState) -> bool:
    """In the middle of a turn: no point card in hand can be played, so the turn may end here."""
    hand = state.hands[state.seat]
    return not any(hand[kind] and walks(state, state.seat, kind + 1) for kind in cards.POINTS)


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
