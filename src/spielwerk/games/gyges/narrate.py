"""What happened in a Gygès game, in words: one line per action, the same for every seat (Gygès has
no secrets). A move tells the way its ring went (each ring it bounced on), the ring it put
elsewhere, and what it won; a set-up, a pass and a King's game put say so; a draw says why."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spielwerk.core.chance import CHANCE
from spielwerk.core.message import Message
from spielwerk.core.narration import Told
from spielwerk.games.gyges.board import CELLS, cell_name
from spielwerk.games.gyges.notation import Move, Pass, Setup
from spielwerk.games.gyges.path import move_way
from spielwerk.games.gyges.say import say, side_name

if TYPE_CHECKING:
    from spielwerk.core.state import Action
    from spielwerk.games.gyges.rules import GygesState


def tell(before: GygesState, after: GygesState, action: Action) -> Told:
    """The line for `action`, applied to `before` with `after` as the result; a draw it caused is
    added with its reason."""
    line = _line(before, after, action)
    if after.end_message is not None and before.end_message is None and after.end_rule != "gyges.win":
        line = say("narrate.ends", line=line, reason=after.end_message)
    return Told(line)


def _line(before: GygesState, after: GygesState, action: Action) -> Message:
    mover = side_name(before.side)
    if isinstance(action, Setup):
        key = "narrate.setup.random" if before.to_move == CHANCE else "narrate.setup"
        return say(key, seat=mover, setup=str(action))
    if isinstance(action, Pass):
        return say("narrate.pass", seat=mover)
    assert isinstance(action, Move)
    if action.start >= CELLS:
        return say("narrate.throne-put", seat=mover, height=before.throne_ring,
                   throne=cell_name(action.start), cell=cell_name(action.end))
    line = _way(before, action)
    if action.drop >= 0:
        line = say("narrate.replace", move=line, height=before.heights[action.end],
                   cell=cell_name(action.end), drop=cell_name(action.drop))
    if action.end >= CELLS:
        line = _throne_reached(before, after, line)
    return line


def _way(before: GygesState, action: Move) -> Message:
    """"South: b1 → c3", or with the rings it bounced on: "…: a4 → b6, bounces on the 2-ring to d6"."""
    mover, start = side_name(before.side), cell_name(action.start)
    owner = side_name(1 - before.side)
    bounces = move_way(before.heights, before.side, action).bounces
    if not bounces:
        if action.end >= CELLS:
            return say("narrate.move.throne", seat=mover, start=start, owner=owner)
        return say("narrate.move", seat=mover, start=start, end=cell_name(action.end))
    stops = (*bounces[1:], action.end)
    more: Message | str = ""
    for index in range(len(bounces) - 1, -1, -1):
        key = "narrate.bounce" if index == 0 else "narrate.bounce.then"
        height, stop = before.heights[bounces[index]], stops[index]
        if stop >= CELLS:
            more = say(f"{key}.throne", height=height, owner=owner)
        else:
            more = say(key, height=height, cell=cell_name(stop), more=more)
    return say("narrate.move.bounces", seat=mover, start=start, first=cell_name(bounces[0]), bounces=more)


def _throne_reached(before: GygesState, after: GygesState, line: Message) -> Message:
    """A move onto the opponent's throne: it wins, or (in the King's game) counts one capture."""
    side = before.side
    count, needed = after.captures[side], after.captures_needed[side]
    if after.end_rule == "gyges.win":
        if needed > 1:
            return say("narrate.win.captures", move=line, count=count, needed=needed)
        return say("narrate.win", move=line)
    return say("narrate.capture", move=line, count=count, needed=needed)
