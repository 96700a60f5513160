"""Words for a seat's legal Gygès actions where the notation alone says too little, in a language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spielwerk.core.message import Message
from spielwerk.games.gyges.board import CELLS, SIZE, cell_name
from spielwerk.games.gyges.notation import Move, Pass, Setup
from spielwerk.games.gyges.say import say, side_name

if TYPE_CHECKING:
    from spielwerk.core.state import Action
    from spielwerk.games.gyges.rules import GygesState


def move_labels(state: GygesState, seat: int | None, language: str = "en") -> dict[str, str]:
    """Action text -> label for the actions of `seat` (none for another seat, a spectator, or chance)."""
    if seat is None or state.is_over or state.to_move != seat:
        return {}
    labels = {}
    for action in state.legal_actions():
        said = _label(state, action)
        if said is not None:
            labels[str(action)] = said.render(language)
    return labels


def _label(state: GygesState, action: Action) -> Message | None:
    if isinstance(action, Pass):
        return say("label.pass")
    if isinstance(action, Setup):
        return say("label.setup", rank=1 if state.side == 0 else SIZE, setup=str(action))
    if not isinstance(action, Move):
        return None
    start, end = cell_name(action.start), cell_name(action.end)
    if action.start >= CELLS:
        return say("label.throne-put", height=state.throne_ring, throne=start, cell=end)
    if action.end >= CELLS:
        mover = state.side
        count, needed = state.captures[mover] + 1, state.captures_needed[mover]
        owner = side_name(1 - mover)
        if count >= needed:
            return say("label.throne.win", start=start, owner=owner)
        return say("label.throne.capture", start=start, owner=owner, count=count, needed=needed)
    if action.drop >= 0:
        height = state.heights[action.end]
        return say("label.replace", start=start, end=end, height=height, drop=cell_name(action.drop))
    return None
