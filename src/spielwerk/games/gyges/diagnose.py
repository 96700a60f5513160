"""Why an action is illegal, in words a player understands, naming the rule it breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spielwerk.core.errors import IllegalAction
from spielwerk.core.state import Action
from spielwerk.core.wording import counted
from spielwerk.games.gyges.board import CELLS, NEIGHBOURS, cell_name, rank_of
from spielwerk.games.gyges.movegen import TARGET_THRONE, put_mask, ring_moves
from spielwerk.games.gyges.notation import SIDE_NAMES, Move, Pass, Setup, is_setup_text

if TYPE_CHECKING:
    from spielwerk.games.gyges.rules import GygesState

OWN_THRONE = ("S", "N")


def explain_illegal(state: GygesState, action: Action) -> IllegalAction:
    """The error for an action that is not among the state's legal actions."""
    side = SIDE_NAMES[state.side]
    if state.phase == "over":
        return IllegalAction(f"the game is over ({state.describe_end()})", rule=state.end_rule)
    if state.phase == "setup":
        return _explain_setup(state, action, side)
    if state.phase == "throne":
        return _explain_throne_put(state, action, side)
    if isinstance(action, Setup):
        return IllegalAction("the set-up is over; rings are moved now", rule="gyges.setup")
    if isinstance(action, Pass):
        return IllegalAction(f"{side} has a legal move and may not pass", rule="gyges.no-move")
    assert isinstance(action, Move)
    return _explain_move(state, action, side)


def _explain_setup(state: GygesState, action: Action, side: str) -> IllegalAction:
    if state.random_setup:
        return IllegalAction("the set-up is drawn at random in this game", rule="gyges.setup")
    if not isinstance(action, Setup):
        return IllegalAction(
            f"{side} is arranging the start rank first: type six digits, files a to f, e.g. 123321",
            rule="gyges.setup",
        )
    if not is_setup_text(action.heights):
        return IllegalAction(
            f"{action} does not use two rings of each height 1, 2 and 3", rule="gyges.setup"
        )
    return IllegalAction(f"{action} is not a set-up here", rule="gyges.setup")


def _explain_throne_put(state: GygesState, action: Action, side: str) -> IllegalAction:
    throne = OWN_THRONE[state.side]
    if not isinstance(action, Move) or cell_name(action.start) != throne or action.drop >= 0:
        example = state.legal_actions()[0]
        return IllegalAction(
            f"{side} must first put the ring from throne {throne} on an empty cell, e.g. {example}",
            rule="gyges.variant.kings",
        )
    if action.end >= CELLS or state.occupied >> action.end & 1:
        return IllegalAction(f"{cell_name(action.end)} is not an empty cell", rule="gyges.variant.kings")
    return _not_nearest(state, action.end, 1 - state.side)


def _explain_move(state: GygesState, action: Move, side: str) -> IllegalAction:
    start, end = action.start, action.end
    rank = state.movable_rank()
    if rank is None:
        return IllegalAction(f"{side} has no legal move and must pass", rule="gyges.no-move")
    if start >= CELLS:
        return IllegalAction("rings leave a throne only in the King's game, after a capture",
                             rule="gyges.variant.kings")
    if not state.occupied >> start & 1:
        return IllegalAction(f"there is no ring on {cell_name(start)}", rule="gyges.turn.nearest-rank")
    if rank_of(start) != rank:
        return _wrong_rank(state, start, rank)
    if end == (36 if state.side == 0 else 37):
        return IllegalAction(f"a ring never enters {side}'s own throne", rule="gyges.move.throne")
    if end == start and action.drop < 0:
        return IllegalAction("a move must change the position: it may not end where it started",
                             rule="gyges.move.no-null")
    if action.drop >= 0:
        problem = _explain_drop(state, action)
        if problem is not None:
            return problem
    elif end < CELLS and state.occupied >> end & 1:
        return IllegalAction(
            f"{cell_name(end)} holds a ring: bounce on from it to end elsewhere, "
            f"or replace it and put its ring on an empty cell, e.g. {cell_name(start)}-{cell_name(end)}/…",
            rule="gyges.land.occupied",
        )
    return _unreachable(state, start, end)


def _explain_drop(state: GygesState, action: Move) -> IllegalAction | None:
    start, end, drop = action.start, action.end, action.drop
    if not state.replacement:
        return IllegalAction("replacing is off in this game (replacement=False)", rule="gyges.land.replace")
    if end >= CELLS or not state.occupied >> end & 1:
        return IllegalAction(f"{cell_name(end)} holds no ring to put elsewhere", rule="gyges.land.replace")
    if drop != start and (drop == end or state.occupied >> drop & 1):
        return IllegalAction(f"the ring must be put on an empty cell, and {cell_name(drop)} is not empty",
                             rule="gyges.land.replace")
    if not put_mask(state.occupied & ~(1 << start), 1 - state.side, state.strict) >> drop & 1:
        return _not_nearest(state, drop, 1 - state.side, lifted=start)
    if drop == start and state.heights[start] == state.heights[end]:
        return IllegalAction("putting the ring back where the moving ring came from changes nothing",
                             rule="gyges.move.no-null")
    reach = ring_moves(state.heights, state.occupied, start, state.side, True, state.strict)
    if not reach.lands >> end & 1:
        return _unreachable(state, start, end)
    return None


def _not_nearest(state: GygesState, cell: int, opponent: int, lifted: int = -1) -> IllegalAction:
    occupied = state.occupied & ~(1 << lifted) if lifted >= 0 else state.occupied
    ranks = [rank_of(c) for c in range(CELLS) if occupied >> c & 1]
    nearest = max(ranks) if opponent == 1 else min(ranks)
    who = SIDE_NAMES[opponent]
    if state.strict:
        reason = (f"{cell_name(cell)} is on or behind rank {nearest}, {who}'s nearest occupied rank: "
                  "with replace_rule=strict a put ring stays short of that rank")
    else:
        reason = (f"{cell_name(cell)} is behind rank {nearest}, {who}'s nearest occupied rank: "
                  f"a put ring may stand on that rank but not between it and {who}'s throne")
    return IllegalAction(reason, rule="gyges.replace.not-nearest")


def _wrong_rank(state: GygesState, start: int, rank: int) -> IllegalAction:
    occupied_ranks = sorted({rank_of(c) for c in range(CELLS) if state.occupied >> c & 1},
                            reverse=state.side == 1)
    nearest = occupied_ranks[0]
    name = cell_name(start)
    if rank == nearest:
        return IllegalAction(
            f"{name} cannot move: only rings on rank {rank}, your nearest occupied rank, may move",
            rule="gyges.turn.nearest-rank",
        )
    return IllegalAction(
        f"{name} cannot move: no ring on rank {nearest} can move, so rings on rank {rank} move instead",
        rule="gyges.turn.fallback",
    )


def _unreachable(state: GygesState, start: int, end: int) -> IllegalAction:
    name, target = cell_name(start), cell_name(end)
    height = state.heights[start]
    if _reaches(state, start, end, edge_once=False, no_cross=True):
        return IllegalAction(
            f"every way from {name} to {target} uses some connection twice", rule="gyges.move.edge-once"
        )
    if _reaches(state, start, end, edge_once=True, no_cross=False):
        return IllegalAction(
            f"every way from {name} to {target} passes over a ring, and rings may not be jumped",
            rule="gyges.move.no-cross",
        )
    if _reaches(state, start, end, edge_once=True, no_cross=True, thrones_last=False):
        return IllegalAction(
            f"every way from {name} to {target} passes through a throne, "
            "and a ring may enter a throne only on the last step of its move",
            rule="gyges.move.throne",
        )
    return IllegalAction(
        f"the ring on {name} moves exactly {counted(height, 'step')} (and on from each ring it lands on); "
        f"it cannot reach {target}",
        rule="gyges.move.exact",
    )


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
