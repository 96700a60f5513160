"""What each seat is told of a Drachenfels action: the card played and what it changed, as words.

A line is the action itself ("Blue plays a 4: from S2 to 16") and what followed from it, each part
joined by `narrate.then` ("…; Blue takes his armour"). Everyone hears the same, except where the
rules show something to some seats only: the card drawn (its drawer), the card taken at random (the
taker and the one it was taken from) and the princess looked at (the looker). Each line is built from
the state before and after the action alone, and the part everyone hears names nothing hidden.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from spielwerk.core.actions import Word
from spielwerk.core.message import Message
from spielwerk.core.narration import Told
from spielwerk.core.state import Action
from spielwerk.games.drachenfels import cards, movegen
from spielwerk.games.drachenfels import rules as r
from spielwerk.games.drachenfels.board import BOARD
from spielwerk.games.drachenfels.notation import (
    Bridge,
    Dragon,
    Draw,
    Edge,
    Place,
    Princesses,
    Rainbow,
    Target,
    Walk,
    edge_shown,
)
from spielwerk.games.drachenfels.say import a_card, say

if TYPE_CHECKING:
    from spielwerk.games.drachenfels.rules import DrachenfelsState

Part = Message | Mapping[int | None, Message]
"""A part of a line: one message for everyone, or by seat (None: everyone else)."""


def tell(before: DrachenfelsState, after: DrachenfelsState, action: Action) -> Told:
    """What each seat is told of `action`, applied to `before` with `after` as the result."""
    parts = [*_parts(before, after, action), *_ending(before, after)]
    return _told(parts)


def _told(parts: Sequence[Part]) -> Told:
    """The parts joined into one line for everyone and one for each seat told more."""
    seats = sorted({seat for part in parts if isinstance(part, Mapping) for seat in part if seat is not None})

    def line(seat: int | None) -> Message:
        chosen = [_pick(part, seat) for part in parts]
        joined = chosen[0]
        for more in chosen[1:]:
            joined = say("narrate.then", first=joined, then=more)
        return joined

    return Told(line(None), {seat: line(seat) for seat in seats})


def _pick(part: Part, seat: int | None) -> Message:
    if isinstance(part, Message):
        return part
    return part.get(seat, part[None])


def _parts(before: DrachenfelsState, after: DrachenfelsState, action: Action) -> list[Part]:
    if isinstance(action, Princesses):
        return [say("narrate.hide")]
    if isinstance(action, Draw):
        return [_draw(before, action)]
    name = before.game.seat_message
    seat = name(before.seat)
    if isinstance(action, Walk):
        return _walk(before, after, action)
    if isinstance(action, Rainbow):
        return [_rainbow(before, action)]
    if isinstance(action, Bridge):
        return [_bridge(before, action)]
    if isinstance(action, Dragon):
        start, end = BOARD.names[action.start], BOARD.names[action.end]
        return [say("narrate.dragon", seat=seat, start=start, end=end)]
    if isinstance(action, Target) and action.verb == "teletransfer":
        return _teletransfer(before, after, action)
    if isinstance(action, Target):
        key = {r.TURN: "narrate.rob", r.ROB: "narrate.rob.more"}.get(before.phase, "narrate.loot")
        return [say(key, seat=seat, victim=name(action.seat))]
    if isinstance(action, Place):
        key = "narrate.cloud" if action.verb == "cloud" else "narrate.send"
        return [say(key, seat=seat, other=name(action.seat), field=BOARD.names[action.field])]
    if isinstance(action, Word):
        return _word(before, after, action.word)
    return [say("narrate.action", seat=seat, action=str(action))]


def _draw(before: DrachenfelsState, draw: Draw) -> Part:
    """The lot, a card from the pile (the drawer hears which) or one taken at random from a hand."""
    name = before.game.seat_message
    if draw.verb == "first":
        return say("narrate.lot", seat=name(draw.value))
    card = a_card(draw.value)
    if draw.verb == "draw":
        drawer = before.draws[0]
        return {None: say("narrate.draw", seat=name(drawer)), drawer: say("narrate.draw.you", card=card)}
    taker, victim = before.seat, before.victim
    return {
        None: say("narrate.pick", seat=name(taker), victim=name(victim)),
        taker: say("narrate.pick.taker", card=card, victim=name(victim)),
        victim: say("narrate.pick.victim", seat=name(taker), card=card),
    }


def _walk(before: DrachenfelsState, after: DrachenfelsState, walk: Walk) -> list[Part]:
    """A point card: from where to where (doubled where only the double count gets there), then what
    the knight found at the end."""
    seat, name = before.seat, before.game.seat_message
    start, card = BOARD.names[before.knights[seat]], a_card(walk.value - 1)
    doubled = before.double[seat] and walk.end not in _single_ends(before, seat, walk.value)
    args: dict[str, object] = {"seat": name(seat), "card": card, "start": start, "to": _to(walk.end)}
    if doubled:
        args["count"] = 2 * walk.value
    line = say("narrate.walk.double" if doubled else "narrate.walk", **args)
    parts: list[Part] = [line, *_arrival(before, after, seat, walk.end)]
    if after.phase == r.SEND:
        parts.append(say("narrate.duel", seat=name(seat), victim=name(after.victim)))
    return parts


def _single_ends(state: DrachenfelsState, seat: int, value: int) -> dict[int, frozenset[Edge]]:
    """Where the single count of a point card takes the knight of `seat`."""
    table = movegen.Table(state.knights, frozenset(state.dragons), frozenset(state.bridges), state.rainbows)
    return movegen.walk_ends(table, seat, value, state.armour[seat])


def _to(field: int) -> Message:
    """Where a knight goes, as the words after "from S2": "to 16", "to the castle"."""
    kind = BOARD.kinds[field]
    key = kind if kind in ("castle", "rock-castle") else "field"
    return say(f"narrate.to.{key}", field=BOARD.names[field])


def _arrival(before: DrachenfelsState, after: DrachenfelsState, seat: int, field: int) -> list[Part]:
    """What a knight arriving on `field` by its own card gets: its armour, or a look at a princess."""
    name = before.game.seat_message
    if field == BOARD.castle and not before.armour[seat]:
        return [say("narrate.armour", seat=name(seat))]
    if field not in BOARD.rock_castles or not before.armour[seat]:
        return []
    castle = BOARD.rock_castles.index(field)
    owner, where = after.princesses[castle], BOARD.names[field]
    if owner == seat:
        return [say("narrate.look.found", seat=name(seat), field=where)]
    parts: list[Part] = [
        {
            None: say("narrate.look", seat=name(seat), field=where),
            seat: say("narrate.look.seen", seat=name(seat), field=where, owner=name(owner)),
        }
    ]
    if after.double[seat] and not before.double[seat]:
        parts.append(say("narrate.double", seat=name(seat)))
    if after.opened and not before.opened:
        parts.append(say("narrate.open"))
    return parts


def _teletransfer(before: DrachenfelsState, after: DrachenfelsState, action: Target) -> list[Part]:
    seat, other, name = before.seat, action.seat, before.game.seat_message
    mine, theirs = before.knights[seat], before.knights[other]
    line = say(
        "narrate.teletransfer",
        seat=name(seat),
        other=name(other),
        field=BOARD.names[theirs],
        start=BOARD.names[mine],
    )
    parts: list[Part] = [line]
    if after.armour[other] and not before.armour[other]:
        parts.append(say("narrate.armour", seat=name(other)))
    return [*parts, *_arrival(before, after, seat, theirs)]


def _rainbow(before: DrachenfelsState, action: Rainbow) -> Message:
    seat = before.game.seat_message(before.seat)
    if before.phase == r.RAINBOW:
        return say("narrate.rainbow.free", seat=seat, old=edge_shown(action.old), new=edge_shown(action.new))
    if action.old is None:
        return say("narrate.rainbow.up", seat=seat, edge=edge_shown(action.new))
    if action.new is None:
        return say("narrate.rainbow.down", seat=seat, edge=edge_shown(action.old))
    return say("narrate.rainbow.move", seat=seat, old=edge_shown(action.old), new=edge_shown(action.new))



def _bridge(before: DrachenfelsState, action: Bridge) -> Message:
    seat, names = before.game.seat_message(before.seat), BOARD.names
    if action.old < 0:
        return say("narrate.bridge.lay", seat=seat, field=names[action.new])
    if action.new < 0:
        return say("narrate.bridge.lift", seat=seat, field=names[action.old])
    return say("narrate.bridge.move", seat=seat, old=names[action.old], new=names[action.new])


def _word(before: DrachenfelsState, after: DrachenfelsState, word: str) -> list[Part]:
    name = before.game.seat_message
    seat = name(before.seat)
    if word == "refresh":
        held = cards.size(before.hands[before.seat])
        line = say("narrate.refresh", seat=seat, count=held)
        if not held:
            line = say("narrate.refresh.empty", seat=seat)
        shuffled = before.discard and not after.discard
        return [line, say("narrate.refresh.discard")] if shuffled else [line]
    if word == "top":
        return [say("narrate.top", seat=seat, card=a_card(before.discard[-1]))]
    if word == "stop" and before.phase == r.LOOT:
        return [say("narrate.stop.loot", seat=seat, victim=name(before.victim))]
    if word == "keep":
        edges = [edge_shown(edge) for edge in before.crossed]
        return [say("narrate.keep", seat=seat, edges=edges, count=len(edges))]
    return [say(f"narrate.{word}", seat=seat)]


def _ending(before: DrachenfelsState, after: DrachenfelsState) -> list[Part]:
    """The round limit, where this action ended the last turn of the game."""
    if after.phase == r.OVER and after.winner < 0 and before.phase != r.OVER:
        return [say("narrate.limit", count=after.max_turns)]
    return []
