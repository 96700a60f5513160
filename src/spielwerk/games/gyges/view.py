"""What a seat sees of a Gygès game (everything: Gygès has no secrets)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spielwerk.core.catalogue import say as core_say
from spielwerk.core.chance import CHANCE
from spielwerk.core.message import Message
from spielwerk.games.gyges.board import CELLS, SIZE, cell_name
from spielwerk.games.gyges.notation import SIDE_NAMES
from spielwerk.games.gyges.say import say, side_name

if TYPE_CHECKING:
    from spielwerk.games.gyges.rules import GygesState

def describe(state: GygesState, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of `state` for `seat` (the same for every seat and for spectators)."""
    history = state.played_actions
    over = state.is_over
    return {
        "game": "gyges",
        "seat": seat,
        "seats": list(SIDE_NAMES),
        "phase": state.phase,
        "to_move": None if over else state.to_move,
        "position": state.position(),
        "rings": {cell_name(c): state.heights[c] for c in range(CELLS) if state.heights[c]},
        "throne_ring": (
            {"throne": "S" if state.side == 0 else "N", "height": state.throne_ring}
            if state.throne_ring else None
        ),
        "movable_rank": state.movable_rank(),
        "captures": dict(zip(SIDE_NAMES, state.captures, strict=True)),
        "captures_needed": dict(zip(SIDE_NAMES, state.captures_needed, strict=True)),
        "ply": state.plies,
        "repetitions": state.repetitions(),
        "passes": state.passes,
        "last_action": str(history[-1]) if history else None,
        "last_move": _last_move(state),
        "waiting_for_message": waiting_for(state).to_json(),
        "result": _result(state) if over else None,
    }


def waiting_for(state: GygesState) -> Message:
    """What the game waits for: a set-up, a move of a rank, a pass, a throne put; nothing once over."""
    if state.is_over:
        return core_say("status.over")
    side = side_name(state.side)
    if state.phase == "setup":
        if state.to_move == CHANCE:
            return say("status.setup.random", seat=side)
        return say("status.setup", seat=side, rank=1 if state.side == 0 else SIZE)
    if state.phase == "throne":
        return say("status.throne", seat=side, throne="S" if state.side == 0 else "N")
    rank = state.movable_rank()
    if rank is None:
        return say("status.pass", seat=side)
    return say("status.move", seat=side, rank=rank)


def _result(state: GygesState) -> dict[str, Any]:
    reason = state.end_message
    return {
        "returns": state.returns(),
        "rule": state.end_rule,
        "reason": state.describe_end(),
        "reason_message": reason.to_json() if reason is not None else None,
    }


def _last_move(state: GygesState) -> dict[str, Any] | None:
    """The cells the last move touched and the way its ring went, for front ends that draw it;
    None after a set-up, a pass, or at the start."""
    found = state.last_way()
    if found is None:
        return None
    action, way, height = found
    return {
        "from": cell_name(action.start),
        "to": cell_name(action.end),
        "put": cell_name(action.drop) if action.drop >= 0 else None,
        "height": height,
        "path": [cell_name(cell) for cell in way.cells],
        "bounces": [cell_name(cell) for cell in way.bounces],
    }
