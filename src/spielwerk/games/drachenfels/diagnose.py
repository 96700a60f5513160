"""Reading typed actions and explaining, with the rule's id, why an action is not allowed.

Every message speaks only of what the seat to move may know: its own hand and the public table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spielwerk.core.actions import Word
from spielwerk.core.errors import IllegalAction
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

if TYPE_CHECKING:
    from spielwerk.games.drachenfels.rules import DrachenfelsState

WAITING = {
    r.ROB: ("{colour} is taking cards from other hands: 'take COLOUR' or 'stop'", "drachenfels.refresh"),
    r.SEND: (
        "{colour} won the duel: send {victim} to a free start field, e.g. 'send {victim} S1'",
        "drachenfels.duel",
    ),
    r.LOOT: (
        "{colour} may take a card at random from {victim}'s hand ('take {victim}') or 'stop'",
        "drachenfels.duel",
    ),
    r.RAINBOW: (
        "{colour} crossed a rainbow: move it for free (e.g. 'rainbow R1-K>R2-K') or 'keep' it",
        "drachenfels.card.rainbow",
    ),
}
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
        return IllegalAction("the game is over", rule="drachenfels.win")
    if phase in r.CHANCE_PHASES:
        return IllegalAction(
            f"chance decides now ({_chance_wait(state)}), not {str(action)!r}",
            rule="drachenfels.setup" if phase != r.PICK else "drachenfels.refresh",
        )
    if isinstance(action, (Draw, Princesses)):
        return IllegalAction(
            "only chance deals cards, draws lots and hides princesses", rule="drachenfels.setup"
        )
    colour = COLOURS[state.seat]
    if isinstance(action, (Target, Place)) and action.seat >= state.players:
        absent = f"{COLOURS[action.seat]} does not play in this {state.players}-player game"
        return IllegalAction(absent, rule="drachenfels.setup")
    if phase in WAITING:
        return _in_waiting(state, action, colour)
    kind = card_of(action)
    if kind is None:
        return _word(state, action, colour)
    if phase == r.TOP_CARD and kind != state.top:
        return IllegalAction(
            f"{colour} took the top discard, a {cards.KINDS[state.top]} card: use it now",
            rule="drachenfels.discard-top",
        )
    if phase != r.TOP_CARD and not state.hands[state.seat][kind]:
        return IllegalAction(f"{colour} holds no {cards.KINDS[kind]} card", rule="drachenfels.play")
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


def _chance_wait(state: DrachenfelsState) -> str:
    if state.phase == r.HIDE:
        return "the princesses are hidden on the rock castles"
    if state.phase == r.LOT:
        return "the first player is drawn by lot"
    if state.phase == r.DRAW:
        return f"{COLOURS[state.draws[0]]} draws a card"
    return f"{COLOURS[state.seat]} takes a card at random from {COLOURS[state.victim]}"


def _in_waiting(state: DrachenfelsState, action: Action, colour: str) -> IllegalAction:
    text, rule = WAITING[state.phase]
    victim = COLOURS[state.victim] if state.victim >= 0 else ""
    if state.phase == r.SEND and isinstance(action, Place) and action.verb == "send":
        if action.seat != state.victim:
            return IllegalAction(f"the loser of the duel is {victim}", rule=rule)
        return IllegalAction(f"{BOARD.names[action.field]} is not a free start field", rule=rule)
    if state.phase == r.ROB and isinstance(action, Target) and action.verb == "take":
        return _cannot_take(state, action.seat, colour, rule)
    if state.phase == r.LOOT and isinstance(action, Target) and action.verb == "take":
        return IllegalAction(f"the duel lets {colour} take cards only from {victim}", rule=rule)
    if state.phase == r.RAINBOW and isinstance(action, Rainbow):
        if action.old in state.crossed and action.new is not None:
            return _rainbow(state, action)
        return IllegalAction(
            "only a rainbow just crossed may be moved for free, to a place a rainbow card could put it",
            rule=rule,
        )
    return IllegalAction(text.format(colour=colour, victim=victim), rule=rule)


def _cannot_take(state: DrachenfelsState, other: int, colour: str, rule: str) -> IllegalAction:
    if other == state.seat:
        return IllegalAction(f"{colour} cannot take cards from its own hand", rule=rule)
    return IllegalAction(f"{COLOURS[other]} holds no cards", rule=rule)


def _word(state: DrachenfelsState, action: Action, colour: str) -> IllegalAction:
    started = state.phase in (r.PLAY, r.TOP_CARD)
    if started:
        what = "use the top discard" if state.phase == r.TOP_CARD else "play more cards, then a point card"
        if isinstance(action, Word) and action.word == "end" and state.phase == r.PLAY:
            return IllegalAction(
                f"{colour} holds a point card that can move: a turn of card play ends with a point card",
                rule="drachenfels.play",
            )
        return IllegalAction(f"{colour} has begun to play cards: {what}", rule="drachenfels.turn")
    if isinstance(action, Target) and action.verb == "take":
        return _cannot_take(state, action.seat, colour, "drachenfels.refresh")
    if isinstance(action, Word) and action.word == "top":
        if not state.discard:
            return IllegalAction("the discard pile is empty", rule="drachenfels.discard-top")
        top = cards.KINDS[state.discard[-1]]
        return IllegalAction(
            f"the top discard, a {top} card, can do nothing now", rule="drachenfels.discard-top"
        )
    if isinstance(action, Word) and action.word == "refresh":
        return IllegalAction("there are no cards to draw", rule="drachenfels.refresh")
    return IllegalAction(
        f"{colour} must play cards, refresh the hand or take the top discard first", rule="drachenfels.turn"
    )


def _card(state: DrachenfelsState, action: Action, kind: int) -> IllegalAction:
    if isinstance(action, Walk):
        return _walk(state, action)
    rule = CARD_RULES[kind]
    if isinstance(action, Rainbow):
        return _rainbow(state, action)
    if isinstance(action, Bridge) and action.old in state.knights and action.old >= 0:
        return IllegalAction("a bridge with a knight on it cannot be taken away or moved", rule=rule)
    if isinstance(action, Dragon):
        return IllegalAction(
            "a dragon card moves a dragon to a free green-dot field or a free dragon rock", rule=rule
        )
    if isinstance(action, Target):
        return IllegalAction(
            "teletransfer swaps with another knight; a knight without armour cannot stand on a rock castle",
            rule=rule,
        )
    if isinstance(action, Place):
        return IllegalAction("the cloud puts another player's knight on a free start field", rule=rule)
    return IllegalAction(f"{action} is not possible now", rule=rule)


def _rainbow(state: DrachenfelsState, action: Rainbow) -> IllegalAction:
    """Why a rainbow cannot be put up, taken away or moved so."""
    rule, ends = CARD_RULES[cards.RAINBOW], movegen.rainbow_ends(True)
    for edge in (action.old, action.new):
        if edge is not None and (edge[0] not in BOARD.rainbow_rocks or edge[1] not in ends):
            return IllegalAction(
                f"{edge_text(edge)} is no rainbow: a rainbow joins a rainbow rock (R1–R4) to the castle K "
                "or to a rock castle (C1–C4)",
                rule=rule,
            )
    if action.old is not None and action.old not in state.rainbows:
        return IllegalAction(f"no rainbow stands on {edge_text(action.old)}", rule=rule)
    new = action.new
    if new is None or new == action.old:
        return IllegalAction(f"{action} does not move the rainbow", rule=rule)
    rock, end = new
    if end != BOARD.castle and not state.opened:
        return IllegalAction(
            "a rainbow may join a rock castle only after a knight has looked at a princess in vain",
            rule="drachenfels.rainbow-open",
        )
    rest = [edge for edge in state.rainbows if edge != action.old]
    if len(rest) >= movegen.RAINBOWS:
        return IllegalAction("all four rainbows stand: take one away or move one", rule=rule)
    rock_name, end_name = BOARD.names[rock], BOARD.names[end]
    if new in rest:
        why = f"a rainbow stands on {edge_text(new)} already"
    elif end == BOARD.castle:
        why = f"{rock_name} carries a rainbow to the castle already"
    elif any(edge[0] == rock and edge[1] != BOARD.castle for edge in rest):
        why = f"{rock_name} carries a rainbow to a rock castle already"
    else:
        why = f"{end_name} carries a rainbow end already"
    return IllegalAction(
        f"{why}: a rainbow rock carries at most one rainbow to the castle and one to a rock castle, "
        "a rock castle at most one",
        rule="drachenfels.rainbow.ends",
    )


def _walk(state: DrachenfelsState, walk: Walk) -> IllegalAction:
    seat, end = state.seat, walk.end
    name, start = BOARD.names[end], BOARD.names[state.knights[seat]]
    if end in state.dragons:
        return IllegalAction(f"a dragon stands on {name}", rule="drachenfels.move.pass")
    if end in movegen.BRIDGE_SITES and end not in state.bridges:
        return IllegalAction(f"{name} needs a bridge", rule="drachenfels.move.pass")
    if end in movegen.ROCK_CASTLES and not state.armour[seat]:
        return IllegalAction(
            "a knight needs its armour from the castle to enter a rock castle", rule="drachenfels.goal"
        )
    rivals = [other for other, field in enumerate(state.knights) if field == end and other != seat]
    counts = f"{walk.value} or {2 * walk.value}" if state.double[seat] else str(walk.value)
    many = "" if counts == "1" else "s"
    if rivals and end in movegen.SINGLE_KNIGHT:
        return IllegalAction(
            f"{name} holds one knight and {COLOURS[rivals[0]]} stands there: no duel there",
            rule="drachenfels.duel",
        )
    if end == BOARD.castle:
        return IllegalAction(
            f"the castle is reached only over a rainbow, with the last of exactly {counts} "
            f"point{many} from {start}",
            rule="drachenfels.castle",
        )
    return IllegalAction(
        f"the knight on {start} cannot walk exactly {counts} to {name} (no turning back, "
        "no passing dragons, holes or crossings without a bridge)",
        rule="drachenfels.move.exact",
    )
