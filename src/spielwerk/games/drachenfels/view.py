"""What one seat may know of a Drachenfels game, as JSON-ready data.

Public: the board's pieces, hand sizes, the draw pile's size, the discard pile, who looked at which
rock castle, the last turn that moved a piece and what it moved (`last_move`). Private: the seat's own
hand, the cards it saw go into other hands (`known`), and the princesses it has looked at. Nobody's
view shows the order of anything hidden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spielwerk.core.message import Message
from spielwerk.games.drachenfels import cards, last
from spielwerk.games.drachenfels import rules as r
from spielwerk.games.drachenfels.board import BOARD, COLOURS
from spielwerk.games.drachenfels.notation import edge_text
from spielwerk.games.drachenfels.say import say

if TYPE_CHECKING:
    from spielwerk.games.drachenfels.rules import DrachenfelsState


def view(state: DrachenfelsState, seat: int | None) -> dict[str, Any]:
    """The view of `seat` (None: a spectator)."""
    names = BOARD.names
    colours = COLOURS[: state.players]
    playing = state.phase not in r.CHANCE_PHASES and state.phase != r.OVER
    waiting = waiting_for(state)
    return {
        "seat": None if seat is None else COLOURS[seat],
        "colours": list(colours),
        "turn": COLOURS[state.seat] if playing else None,
        "phase": state.phase,
        "waiting_for": str(waiting),
        "waiting_for_message": waiting.to_json(),
        "round": state.turns // state.players + 1,
        "knights": {COLOURS[s]: names[field] for s, field in enumerate(state.knights)},
        "armour": {COLOURS[s]: on for s, on in enumerate(state.armour)},
        "double": {COLOURS[s]: on for s, on in enumerate(state.double)},
        "dragons": [names[field] for field in state.dragons],
        "rainbows": [[names[rock], names[end]] for rock, end in state.rainbows],
        "bridges": [names[field] for field in state.bridges],
        "rainbow_open": state.opened,
        "looked": {
            names[castle]: [COLOURS[s] for s in seats]
            for castle, seats in zip(BOARD.rock_castles, state.looked, strict=True)
            if seats
        },
        "princesses": seen_princesses(state, seat),
        "hand": None if seat is None else cards.names(state.hands[seat]),
        "hand_sizes": {COLOURS[s]: cards.size(hand) for s, hand in enumerate(state.hands)},
        "known": {}
        if seat is None
        else {
            COLOURS[other]: cards.names(hand)
            for other, hand in enumerate(state.known[seat])
            if other != seat and cards.size(hand)
        },
        "deck": cards.size(state.deck),
        "discard": [cards.KINDS[kind] for kind in state.discard],
        "top": cards.KINDS[state.top] if state.top >= 0 else None,
        "victim": COLOURS[state.victim] if state.victim >= 0 else None,
        "takes": state.takes,
        "crossed": [edge_text(edge) for edge in state.crossed],
        "last_move": last.named(state.last),
        "winner": COLOURS[state.winner] if state.winner >= 0 else None,
        "result": result(state) if state.phase == r.OVER else None,
    }


def result(state: DrachenfelsState) -> dict[str, Any]:
    """How a game the rules ended came out: the returns, the rule, the reason in words and as a message,
    and the word "win" or "draw" (`outcome`)."""
    if state.winner >= 0:
        reason, rule = say("end.win", seat=state.game.seat_message(state.winner)), "drachenfels.win"
    else:
        reason, rule = say("end.limit", count=state.max_turns), "drachenfels.limit"
    return {
        "returns": state.returns(),
        "rule": rule,
        "reason": str(reason),
        "reason_message": reason.to_json(),
        "outcome": "win" if state.winner >= 0 else "draw",
    }


def seen_princesses(state: DrachenfelsState, seat: int | None) -> dict[str, str]:
    """Whose princess stands where, for the rock castles `seat` has looked at (all once the game is won)."""
    if not state.princesses:
        return {}
    shown = {}
    for number, castle in enumerate(BOARD.rock_castles):
        if (seat is not None and seat in state.looked[number]) or state.winner >= 0:
            shown[BOARD.names[castle]] = COLOURS[state.princesses[number]]
    return shown


def waiting_for(state: DrachenfelsState) -> Message:
    """What the game waits for, in words a player understands."""
    phase, name = state.phase, state.game.seat_message
    if phase in (r.HIDE, r.LOT):
        return say(f"status.{phase}")
    if phase == r.DRAW:
        return say("status.draw", seat=name(state.draws[0]), count=len(state.draws))
    if phase == r.OVER:
        return say("status.over")
    args: dict[str, Any] = {"seat": name(state.seat)}
    if phase in (r.PICK, r.SEND, r.LOOT):
        args["victim"] = name(state.victim)
    if phase in (r.ROB, r.LOOT):
        args["count"] = state.takes
    return say(f"status.{phase}", **args)
