"""Words for a seat's legal Gygès actions where the notation alone says too little, in a language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spielwerk.games.gyges.board import CELLS, FILES, SIZE, cell_name
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
    texts = _TEXTS.setdefault(language, {})
    if len(texts) > KEPT:
        texts.clear()
    for action in state.legal_actions():
        said = _label(state, action)
        if said is not None:
            text = texts.get(said)
            if text is None:
                text = texts[said] = _rendered(*said, language)
            labels[str(action)] = text
    return labels


def setup_places(state: GygesState, seat: int | None) -> dict[str, list[list[str]]]:
    """Set-up text -> its start cells as a player clicks them: the 1-rings' two, then the 2-rings',
    then the 3-rings' (each pair in any order); none outside `seat`'s set-up."""
    if seat is None or state.is_over or state.to_move != seat:
        return {}
    rank = 1 if state.side == 0 else SIZE
    return {str(action): [[f"{FILES[file]}{rank}" for file, digit in enumerate(str(action))
                           if digit == height] for height in "123"]
            for action in state.legal_actions() if isinstance(action, Setup)}


SETUP_MARKS = ["1", "1", "2", "2", "3", "3"]
"""The height a set-up's start cell gets, by the order they are clicked in (`setup_places`)."""


Said = tuple[str, int, int, int, int, str]
"""A label as its key, four numbers (cells, heights, counts; -1 where unused) and a set-up's text:
hashable and cheap to hash, so that each text is rendered once a language (a payload labels every
legal action)."""

KEPT = 50_000
"""Rendered labels kept per language (a payload labels every legal action, hundreds a ply)."""
_TEXTS: dict[str, dict[Said, str]] = {}


def _label(state: GygesState, action: Action) -> Said | None:
    if type(action) is Move:
        if action.drop >= 0 and action.start < CELLS and action.end < CELLS:
            return "label.replace", action.start, action.end, state.heights[action.end], action.drop, ""
        if action.start >= CELLS:
            return "label.throne-put", action.start, action.end, state.throne_ring, -1, ""
        if action.end >= CELLS:
            mover = state.side
            count, needed = state.captures[mover] + 1, state.captures_needed[mover]
            if count >= needed:
                return "label.throne.win", action.start, 1 - mover, -1, -1, ""
            return "label.throne.capture", action.start, 1 - mover, count, needed, ""
        return None
    if isinstance(action, Pass):
        return "label.pass", -1, -1, -1, -1, ""
    if isinstance(action, Setup):
        return "label.setup", 1 if state.side == 0 else SIZE, -1, -1, -1, str(action)
    return None


def _rendered(key: str, first: int, second: int, third: int, fourth: int, setup: str, language: str) -> str:
    """The label `key` with its numbers (and set-up) in `language`."""
    if key == "label.replace":
        said = say(key, start=cell_name(first), end=cell_name(second), height=third, drop=cell_name(fourth))
    elif key == "label.throne-put":
        said = say(key, height=third, throne=cell_name(first), cell=cell_name(second))
    elif key == "label.throne.win":
        said = say(key, start=cell_name(first), owner=side_name(second))
    elif key == "label.throne.capture":
        said = say(key, start=cell_name(first), owner=side_name(second), count=third, needed=fourth)
    elif key == "label.setup":  # which cells of the start rank get which rings ("1-rings on a1 and d1, …")
        cells = {height: [f"{FILES[file]}{first}" for file, digit in enumerate(setup) if digit == str(height)]
                 for height in (1, 2, 3)}
        said = say(key, ones=cells[1], twos=cells[2], threes=cells[3])
    else:
        said = say(key)
    return said.render(language)
