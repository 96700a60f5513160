"""What a seat sees of a Grani game: everything but the dragon deck's order, which nobody sees.

The state never holds an order for the deck (each card is drawn by chance from the cards left),
so no view can leak it. The cards left are public: anyone can count the discard pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spielwerk.core.message import Message
from spielwerk.core.state import Action
from spielwerk.games.grani import movegen, rules
from spielwerk.games.grani.board import BOARD, KINGDOMS
from spielwerk.games.grani.names import knight
from spielwerk.games.grani.notation import COLOURS, Move
from spielwerk.games.grani.say import WORDS, say

if TYPE_CHECKING:
    from spielwerk.games.grani.rules import GraniState


def describe(state: GraniState, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of `state` for `seat` (the same for every seat and for spectators)."""
    names = BOARD.names
    history = state.played_actions
    over = state.is_over
    waiting = waiting_for(state)
    return {
        "game": "grani",
        "seat": seat,
        "seats": list(COLOURS[:state.players]),
        "phase": state.phase,
        "to_move": None if over else state.to_move,
        "knights": [
            {
                "colour": COLOURS[s],
                "at": names[state.at[s]],
                "amulets": state.amulets[s],
                "shackled": state.shackled[s],
                "ring": state.bearer == s,
                "seals": [KINGDOMS[k] for k in range(len(KINGDOMS)) if state.seals[s] >> k & 1],
            }
            for s in range(state.players)
        ],
        "ring": names[state.ring] if state.ring >= 0 else None,
        "ring_bearer": COLOURS[state.bearer] if state.bearer >= 0 else None,
        "obstacles": [names[p] for p in BOARD.points(state.obstacles)],
        "stones_left": state.stones,
        "lifted": names[state.lifted] if state.lifted >= 0 else None,
        "deck": {"cards": sum(state.deck), "left": _counts(state.deck)},
        "discard": _counts(state.discard),
        "card": state.card if state.card >= 0 else None,
        "last_fight": _fight(state.last_fight),
        "victim": COLOURS[state.victim] if state.victim >= 0 else None,
        "walled_in": [] if over else walled_in(state),
        "waiting_for": str(waiting),
        "waiting_for_message": waiting.to_json(),
        "turn": state.turns,
        "round": state.turns // state.players + 1,
        "max_turns": state.max_turns,
        "seals_to_win": state.seals_to_win,
        "first": COLOURS[state.first] if state.first >= 0 else None,
        "last_action": str(history[-1]) if history else None,
        "last_move": _last_move(history[-1]) if history else None,
        "turn_of": None if over or state.phase == rules.LOT else COLOURS[state.seat],
        "result": _result(state) if over else None,
    }


def _result(state: GraniState) -> dict[str, Any]:
    """How the game ended: the returns, the rule, and why (in English and as a message)."""
    reason = state.end_message()
    return {"returns": state.returns(), "rule": state.end_rule, "reason": str(reason or ""),
            "reason_message": reason.to_json() if reason else None}


def walled_in(state: GraniState) -> list[str]:
    """The knights that could not move if it were their turn: every way out is shut (grani.move.must)."""
    return [COLOURS[s] for s in range(state.players) if not movegen.knight_moves(state, s, bonus=False)]


def _last_move(action: Action) -> dict[str, str | None] | None:
    """The points of the last action if it was a move (for pictures that mark it)."""
    if not isinstance(action, Move):
        return None
    names = BOARD.names
    return {"from": names[action.start], "to": names[action.end],
            "via": names[action.via] if action.via >= 0 else None}


def _counts(cards: tuple[int, ...]) -> dict[str, int]:
    return {str(value): count for value, count in enumerate(cards) if count}


def _fight(fight: tuple[int, int] | None) -> dict[str, Any] | None:
    if fight is None:
        return None
    card, roll = fight
    return {"card": card, "roll": roll, "won": roll >= card}


STATUS = {
    rules.LOT: "status.lot",
    rules.MOVE: "status.move",
    rules.CARD: "status.card",
    rules.ROLL: "status.roll",
    rules.BONUS: "status.bonus",
    rules.EXILE: "status.exile",
    rules.RING: "status.ring",
    rules.BLOCK: "status.block",
    rules.LIFT: "status.lift",
    rules.SHIFT: "status.shift",
    rules.OVER: "status.over",
}
"""The key of what each phase waits for."""

WAITING = {phase: WORDS.catalogue("en")[key] for phase, key in STATUS.items()}
"""What each phase waits for, as the English pattern with `{colour}` and `{victim}` (the web's old
pattern tests read it)."""


def waiting_for(state: GraniState) -> Message:
    """What the game waits for: "blue to move", "a dragon card for red's fight"."""
    if state.phase == rules.MOVE and state.shackled[state.seat]:
        return say("status.rest", colour=knight(state.seat))
    if state.victim >= 0:
        return say(STATUS[state.phase], colour=knight(state.seat), victim=knight(state.victim))
    if state.phase in (rules.LOT, rules.OVER):
        return say(STATUS[state.phase])
    return say(STATUS[state.phase], colour=knight(state.seat))
