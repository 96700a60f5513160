"""Why an action is illegal, in words a player understands, naming the rule it breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spielwerk.core.errors import IllegalAction
from spielwerk.core.message import Message
from spielwerk.core.state import Action
from spielwerk.games.gyges.board import CELLS, NEIGHBOURS, cell_name, rank_of
from spielwerk.games.gyges.movegen import TARGET_THRONE, put_mask, ring_moves
from spielwerk.games.gyges.notation import Move, Pass, Setup, is_setup_text
from spielwerk.games.gyges.say import say, side_name

if TYPE_CHECKING:
    from spielwerk.games.gyges.rules import GygesState

OWN_THRONE = ("S", "N")


def explain_illegal(state: GygesState, action: Action) -> IllegalAction:
    """The error for an action that is not among the state's legal actions."""
    side = side_name(state.side)
    if state.phase == "over":
        reason = state.end_message or ""
        return IllegalAction(say(f"{state.end_rule}.over", reason=reason), rule=state.end_rule)
    if state.phase == "setup":
        return _explain_setup(state, action, side)
    if state.phase == "throne":
        return _explain_throne_put(state, action, side)
    if isinstance(action, Setup):
        return IllegalAction(say("gyges.setup.over"), rule="gyges.setup")
    if isinstance(action, Pass):
        return IllegalAction(say("gyges.no-move.has-move", seat=side), rule="gyges.no-move")
    assert isinstance(action, Move)
    return _explain_move(state, action, side)


def _explain_setup(state: GygesState, action: Action, side: Message) -> IllegalAction:
    if state.random_setup:
        return IllegalAction(say("gyges.setup.random"), rule="gyges.setup")
    if not isinstance(action, Setup):
        return IllegalAction(say("gyges.setup.expected", seat=side), rule="gyges.setup")
    if not is_setup_text(action.heights):
        return IllegalAction(say("gyges.setup.heights", setup=str(action)), rule="gyges.setup")
    return IllegalAction(say("gyges.setup.not-here", setup=str(action)), rule="gyges.setup")


def _explain_throne_put(state: GygesState, action: Action, side: Message) -> IllegalAction:
    throne = OWN_THRONE[state.side]
    if not isinstance(action, Move) or cell_name(action.start) != throne or action.drop >= 0:
        example = str(state.legal_actions()[0])
        return IllegalAction(
            say("gyges.variant.kings.put-first", seat=side, throne=throne, example=example),
            rule="gyges.variant.kings",
        )
    if action.end >= CELLS or state.occupied >> action.end & 1:
        return IllegalAction(say("gyges.variant.kings.not-empty", cell=cell_name(action.end)),
                             rule="gyges.variant.kings")
    return _not_nearest(state, action.end, 1 - state.side)


def _explain_move(state: GygesState, action: Move, side: Message) -> IllegalAction:
    start, end = action.start, action.end
    rank = state.movable_rank()
    if rank is None:
        return IllegalAction(say("gyges.no-move.must-pass", seat=side), rule="gyges.no-move")
    if start >= CELLS:
        return IllegalAction(say("gyges.variant.kings.from-throne"), rule="gyges.variant.kings")
    if not state.occupied >> start & 1:
        return IllegalAction(say("gyges.turn.nearest-rank.empty", cell=cell_name(start)),
                             rule="gyges.turn.nearest-rank")
    if rank_of(start) != rank:
        return _wrong_rank(state, start, rank)
    if end == (36 if state.side == 0 else 37):
        return IllegalAction(say("gyges.move.throne.own", seat=side), rule="gyges.move.throne")
    if end == start and action.drop < 0:
        return IllegalAction(say("gyges.move.no-null"), rule="gyges.move.no-null")
    if action.drop >= 0:
        problem = _explain_drop(state, action)
        if problem is not None:
            return problem
    elif end < CELLS and state.occupied >> end & 1:
        return IllegalAction(say("gyges.land.occupied", cell=cell_name(end), start=cell_name(start)),
                             rule="gyges.land.occupied")
    return _unreachable(state, start, end)


def _explain_drop(state: GygesState, action: Move) -> IllegalAction | None:
    start, end, drop = action.start, action.end, action.drop
    if not state.replacement:
        return IllegalAction(say("gyges.land.replace.off"), rule="gyges.land.replace")
    if end >= CELLS or not state.occupied >> end & 1:
        return IllegalAction(say("gyges.land.replace.no-ring", cell=cell_name(end)),
                             rule="gyges.land.replace")
    if drop != start and (drop == end or state.occupied >> drop & 1):
        return IllegalAction(say("gyges.land.replace.not-empty", cell=cell_name(drop)),
                             rule="gyges.land.replace")
    if not put_mask(state.occupied & ~(1 << start), 1 - state.side, state.strict) >> drop & 1:
        return _not_nearest(state, drop, 1 - state.side, lifted=start)
    if drop == start and state.heights[start] == state.heights[end]:
        return IllegalAction(say("gyges.move.no-null.put-back"), rule="gyges.move.no-null")
    reach = ring_moves(state.heights, state.occupied, start, state.side, True, state.strict)
    if not reach.lands >> end & 1:
        return _unreachable(state, start, end)
    return None


def _not_nearest(state: GygesState, cell: int, opponent: int, lifted: int = -1) -> IllegalAction:
    occupied = state.occupied & ~(1 << lifted) if lifted >= 0 else state.occupied
    ranks = [rank_of(c) for c in range(CELLS) if occupied >> c & 1]
    nearest = max(ranks) if opponent == 1 else min(ranks)
    key = "gyges.replace.not-nearest.strict" if state.strict else "gyges.replace.not-nearest"
    reason = say(key, cell=cell_name(cell), rank=nearest, seat=side_name(opponent))
    return IllegalAction(reason, rule="gyges.replace.not-nearest")


def _wrong_rank(state: GygesState, start: int, rank: int) -> IllegalAction:
    occupied_ranks = sorted({rank_of(c) for c in range(CELLS) if state.occupied >> c & 1},
                            reverse=state.side == 1)
    nearest = occupied_ranks[0]
    name = cell_name(start)
    if rank == nearest:
        return IllegalAction(say("gyges.turn.nearest-rank", ring=name, rank=rank),
                             rule="gyges.turn.nearest-rank")
    return IllegalAction(say("gyges.turn.fallback", ring=name, nearest=nearest, rank=rank),
                         rule="gyges.turn.fallback")


def _unreachable(state: GygesState, start: int, end: int) -> IllegalAction:
    name, target = cell_name(start), cell_name(end)
    height = state.heights[start]
    for rule, switched in (
        ("gyges.move.edge-once", {"edge_once": False, "no_cross": True}),
        ("gyges.move.no-cross", {"edge_once": True, "no_cross": False}),
        ("gyges.move.throne", {"edge_once": True, "no_cross": True, "thrones_last": False}),
    ):
        if _reaches(state, start, end, **switched):
            return IllegalAction(say(rule, start=name, end=target), rule=rule)
    return IllegalAction(say("gyges.move.exact", start=name, end=target, count=height),
                         rule="gyges.move.exact")


def _reaches(
    state: GygesState, start: int, goal: int, *, edge_once: bool, no_cross: bool, thrones_last: bool = True
) -> bool:
    """A plain search that can switch off one rule, to tell which rule forbids a move."""
    others = state.occupied & ~(1 << start)
    target = TARGET_THRONE[state.side]
    seen: set[tuple[int, int, int]] = set()
    stack = [(start, state.heights[start], 0)]
    while stack:
        cell, left, used = stack.pop()
        key = (cell, left, used if edge_once else 0)
        if key in seen:
            continue
        seen.add(key)
        for neighbour, bit in NEIGHBOURS[cell]:
            if edge_once and used >> bit & 1:
                continue
            now_used = used | 1 << bit
            if neighbour >= CELLS:
                if left == 1 and neighbour == target == goal:
                    return True
                if not thrones_last and left > 1:
                    stack.append((neighbour, left - 1, now_used))
                continue
            occupied = others >> neighbour & 1
            if left == 1:
                if neighbour == goal:
                    return True
                if occupied:
                    stack.append((neighbour, state.heights[neighbour], now_used))
            elif not (no_cross and occupied):
                stack.append((neighbour, left - 1, now_used))
    return False
