"""What a seat sees of a Grani game: everything but the dragon deck's order, which nobody sees.

The state never holds an order for the deck (each card is drawn by chance from the cards left),
so no view can leak it. The cards left are public: anyone can count the discard pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spielwerk.core.state import Action
from spielwerk.games.grani import movegen, rules
from spielwerk.games.grani.board import BOARD, KINGDOMS
from spielwerk.games.grani.notation import COLOURS, Move

if TYPE_CHECKING:
    from spielwerk.games.grani.rules import GraniState


def describe(state: GraniState, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of `state` for `seat` (the same for every seat and for spectators)."""
    names = BOARD.names
    history = state.history
    over = state.is_over
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
        "waiting_for": _waiting_for(state),
        "turn": state.turns,
        "round": state.turns // state.players + 1,
        "max_turns": state.max_turns,
        "seals_to_win": state.seals_to_win,
        "first": COLOURS[state.first] if state.first >= 0 else None,
        "last_action": str(history[-1]) if history else None,
        "last_move": _last_move(history[-1]) if history else None,
        "turn_of": None if over or state.phase == rules.LOT else COLOURS[state.seat],
        "result": {"returns": state.returns(), "rule": state.end_rule, "reason": state.describe_end()}
        if over else None,
    }


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


WAITING = {
    rules.LOT: "the lot for the first player",
    rules.MOVE: "{colour} to move",
    rules.CARD: "a dragon card for {colour}'s fight",
    rules.ROLL: "{colour}'s roll against the dragon",
    rules.BONUS: "{colour}'s bonus move (or stay)",
    rules.EXILE: "{colour} to banish {victim}",
    rules.RING: "{colour} to put the ring down",
    rules.BLOCK: "{colour} to put an obstacle stone",
    rules.LIFT: "{colour} to lift an obstacle stone",
    rules.SHIFT: "{colour} to put the lifted stone",
    rules.OVER: "nothing: the game is over",
}


def _waiting_for(state: GraniState) -> str:
    victim = COLOURS[state.victim] if state.victim >= 0 else ""
    text = WAITING[state.phase].format(colour=COLOURS[state.seat], victim=victim)
    if state.phase == rules.MOVE and state.shackled[state.seat]:
        text = f"{COLOURS[state.seat]} to rest (shackled)"
    return text
