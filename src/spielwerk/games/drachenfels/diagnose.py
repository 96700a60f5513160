"""Reading typed actions and explaining, with the rule's id, why an action is not allowed.

Every message speaks only of what the seat to move may know: its own hand and the public table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spielwerk.core.actions import Word
from spielwerk.core.errors import IllegalAction
from spielwerk.core.message import Message
from spielwerk.core.state import Action
from spielwerk.games.drachenfels import cards, movegen
from spielwerk.games.drachenfels import rules as r
from spielwerk.games.drachenfels.board import BOARD, COLOURS
from spielwerk.games.drachenfels.notation import (
    Bridge,
    Dragon,
    Draw,
    Place,
    Princesses,
    Rainbow,
    Target,
    Walk,
    edge_text,
    parse,
)
from spielwerk.games.drachenfels.say import card_name, colour_name, say

if TYPE_CHECKING:
    from spielwerk.games.drachenfels.rules import DrachenfelsState

WAITING = {
    r.ROB: ("drachenfels.refresh.waiting", "drachenfels.refresh"),
    r.SEND: ("drachenfels.duel.waiting-send", "drachenfels.duel"),
    r.LOOT: ("drachenfels.duel.waiting-loot", "drachenfels.duel"),
    r.RAINBOW: ("drachenfels.card.rainbow.waiting", "drachenfels.card.rainbow"),
}
"""What a phase that waits for one kind of decision says to any other (its key), with its rule."""
CARD_RULES = {
    cards.RAINBOW: "drachenfels.card.rainbow",
    cards.BRIDGE: "drachenfels.card.bridge",
    cards.DRAGON: "drachenfels.card.dragon",
    cards.TELETRANSFER: "drachenfels.card.teletransfer",
    cards.CLOUD: "drachenfels.card.cloud",
}


def read(state: DrachenfelsState, text: str) -> Action:
    """The legal action `text` denotes, or an error that says which rule forbids it."""
    action = parse(text)
    if action in state._legal_set():
        return action
    raise explain(state, action)


def explain(state: DrachenfelsState, action: Action) -> IllegalAction:
    """Why `action` is not legal in `state`."""
    phase = state.phase
    if phase == r.OVER:
        return IllegalAction(say("drachenfels.win.over"), rule="drachenfels.win")
    if phase in r.CHANCE_PHASES:
        rule = "drachenfels.setup" if phase != r.PICK else "drachenfels.refresh"
        said = say(f"{rule}.chance", wait=_chance_wait(state), action=repr(str(action)))
        return IllegalAction(said, rule=rule)
    if isinstance(action, (Draw, Princesses)):
        return IllegalAction(say("drachenfels.setup.chance-only"), rule="drachenfels.setup")
    colour = state.game.seat_message(state.seat)
    if isinstance(action, (Target, Place)) and action.seat >= state.players:
        absent = say("drachenfels.setup.absent", seat=colour_name(COLOURS[action.seat]), count=state.players)
        return IllegalAction(absent, rule="drachenfels.setup")
    if phase in WAITING:
        return _in_waiting(state, action, colour)
    kind = card_of(action)
    if kind is None:
        return _word(state, action, colour)
    if phase == r.TOP_CARD and kind != state.top:
        said = say("drachenfels.discard-top.use", seat=colour, card=card_name(state.top))
        return IllegalAction(said, rule="drachenfels.discard-top")
    if phase != r.TOP_CARD and not state.hands[state.seat][kind]:
        said = say("drachenfels.play.no-card", seat=colour, card=card_name(kind))
        return IllegalAction(said, rule="drachenfels.play")
    return _card(state, action, kind)


def card_of(action: Action) -> int | None:
    """The card kind an action plays, or None for decisions that play no card."""
    if isinstance(action, Walk):
        return action.value - 1
    if isinstance(action, Rainbow):
        return cards.RAINBOW
    if isinstance(action, Bridge):
        return cards.BRIDGE
    if isinstance(action, Dragon):
        return cards.DRAGON
    if isinstance(action, Target) and action.verb == "teletransfer":
        return cards.TELETRANSFER
    if isinstance(action, Place) and action.verb == "cloud":
        return cards.CLOUD
    return None


def _chance_wait(state: DrachenfelsState) -> Message:
    if state.phase == r.HIDE:
        return say("chance.hide")
    if state.phase == r.LOT:
        return say("chance.lot")
    seat_name = state.game.seat_message
    if state.phase == r.DRAW:
        return say("chance.draw", seat=seat_name(state.draws[0]))
    return say("chance.pick", seat=seat_name(state.seat), victim=seat_name(state.victim))


def _in_waiting(state: DrachenfelsState, action: Action, colour: Message) -> IllegalAction:
    key, rule = WAITING[state.phase]
    victim = state.game.seat_message(state.victim) if state.victim >= 0 else ""
    if state.phase == r.SEND and isinstance(action, Place) and action.verb == "send":
        if action.seat != state.victim:
            return IllegalAction(say("drachenfels.duel.loser", victim=victim), rule=rule)
        return IllegalAction(say("drachenfels.duel.start", field=BOARD.names[action.field]), rule=rule)
    if state.phase == r.ROB and isinstance(action, Target) and action.verb == "take":
        return _cannot_take(state, action.seat, colour, rule)
    if state.phase == r.LOOT and isinstance(action, Target) and action.verb == "take":
        return IllegalAction(say("drachenfels.duel.only-loser", seat=colour, victim=victim), rule=rule)
    if state.phase == r.RAINBOW and isinstance(action, Rainbow):
        if action.old in state.crossed and action.new is not None:
            return _rainbow(state, action)
        return IllegalAction(say("drachenfels.card.rainbow.free-only"), rule=rule)
    loser = COLOURS[state.victim] if state.victim >= 0 else ""
    return IllegalAction(say(key, seat=colour, victim=victim, loser=loser), rule=rule)


def _cannot_take(state: DrachenfelsState, other: int, colour: Message, rule: str) -> IllegalAction:
    if other == state.seat:
        return IllegalAction(say(f"{rule}.own-hand", seat=colour), rule=rule)
    return IllegalAction(say(f"{rule}.no-cards", seat=state.game.seat_message(other)), rule=rule)


def _word(state: DrachenfelsState, action: Action, colour: Message) -> IllegalAction:
    started = state.phase in (r.PLAY, r.TOP_CARD)
    if started:
        if isinstance(action, Word) and action.word == "end" and state.phase == r.PLAY:
            return IllegalAction(say("drachenfels.play.must-walk", seat=colour), rule="drachenfels.play")
        case = "begun-top" if state.phase == r.TOP_CARD else "begun-play"
        return IllegalAction(say(f"drachenfels.turn.{case}", seat=colour), rule="drachenfels.turn")
    if isinstance(action, Target) and action.verb == "take":
        return _cannot_take(state, action.seat, colour, "drachenfels.refresh")
    if isinstance(action, Word) and action.word == "top":
        if not state.discard:
            return IllegalAction(say("drachenfels.discard-top.empty"), rule="drachenfels.discard-top")
        top = card_name(state.discard[-1])
        return IllegalAction(say("drachenfels.discard-top.useless", card=top), rule="drachenfels.discard-top")
    if isinstance(action, Word) and action.word == "refresh":
        return IllegalAction(say("drachenfels.refresh.empty"), rule="drachenfels.refresh")
    return IllegalAction(say("drachenfels.turn.first", seat=colour), rule="drachenfels.turn")


def _card(state: DrachenfelsState, action: Action, kind: int) -> IllegalAction:
    if isinstance(action, Walk):
        return _walk(state, action)
    rule = CARD_RULES[kind]
    if isinstance(action, Rainbow):
        return _rainbow(state, action)
    if isinstance(action, Bridge) and action.old in state.knights and action.old >= 0:
        return IllegalAction(say("drachenfels.card.bridge.knight"), rule=rule)
    if isinstance(action, Dragon):
        return IllegalAction(say("drachenfels.card.dragon.where"), rule=rule)
    if isinstance(action, Target):
        return IllegalAction(say("drachenfels.card.teletransfer.where"), rule=rule)
    if isinstance(action, Place):
        return IllegalAction(say("drachenfels.card.cloud.where"), rule=rule)
    return IllegalAction(say("drachenfels.card.bridge.not-now", action=str(action)), rule=rule)


def _rainbow(state: DrachenfelsState, action: Rainbow) -> IllegalAction:
    """Why a rainbow cannot be put up, taken away or moved so."""
    rule, ends = CARD_RULES[cards.RAINBOW], movegen.rainbow_ends(True)
    for edge in (action.old, action.new):
        if edge is not None and (edge[0] not in BOARD.rainbow_rocks or edge[1] not in ends):
            return IllegalAction(say("drachenfels.card.rainbow.no-rainbow", edge=edge_text(edge)), rule=rule)
    if action.old is not None and action.old not in state.rainbows:
        said = say("drachenfels.card.rainbow.none-there", edge=edge_text(action.old))
        return IllegalAction(said, rule=rule)
    new = action.new
    if new is None or new == action.old:
        return IllegalAction(say("drachenfels.card.rainbow.same", action=str(action)), rule=rule)
    rock, end = new
    if end != BOARD.castle and not state.opened:
        return IllegalAction(say("drachenfels.rainbow-open.closed"), rule="drachenfels.rainbow-open")
    rest = [edge for edge in state.rainbows if edge != action.old]
    if len(rest) >= movegen.RAINBOWS:
        return IllegalAction(say("drachenfels.card.rainbow.all-up"), rule=rule)
    rock_name, end_name = BOARD.names[rock], BOARD.names[end]
    if new in rest:
        why = say("drachenfels.rainbow.ends.taken", edge=edge_text(new))
    elif end == BOARD.castle:
        why = say("drachenfels.rainbow.ends.castle", rock=rock_name)
    elif any(edge[0] == rock and edge[1] != BOARD.castle for edge in rest):
        why = say("drachenfels.rainbow.ends.corner", rock=rock_name)
    else:
        why = say("drachenfels.rainbow.ends.end", field=end_name)
    return IllegalAction(why, rule="drachenfels.rainbow.ends")


def _walk(state: DrachenfelsState, walk: Walk) -> IllegalAction:
    seat, end = state.seat, walk.end
    name, start = BOARD.names[end], BOARD.names[state.knights[seat]]
    if end in state.dragons:
        return IllegalAction(say("drachenfels.move.pass.dragon", field=name), rule="drachenfels.move.pass")
    if end in movegen.BRIDGE_SITES and end not in state.bridges:
        return IllegalAction(say("drachenfels.move.pass.bridge", field=name), rule="drachenfels.move.pass")
    if end in movegen.ROCK_CASTLES and not state.armour[seat]:
        return IllegalAction(say("drachenfels.goal.armour"), rule="drachenfels.goal")
    rivals = [other for other, field in enumerate(state.knights) if field == end and other != seat]
    if rivals and end in movegen.SINGLE_KNIGHT:
        rival = state.game.seat_message(rivals[0])
        return IllegalAction(say("drachenfels.duel.single", field=name, seat=rival), rule="drachenfels.duel")
    double = state.double[seat]
    counts: dict[str, object] = {"count": walk.value, "start": start}
    if double:
        counts["double"] = 2 * walk.value
    if end == BOARD.castle:
        key = "drachenfels.castle.exact-double" if double else "drachenfels.castle.exact"
        return IllegalAction(say(key, **counts), rule="drachenfels.castle")
    key = "drachenfels.move.exact.double" if double else "drachenfels.move.exact.single"
    return IllegalAction(say(key, field=name, **counts), rule="drachenfels.move.exact")
