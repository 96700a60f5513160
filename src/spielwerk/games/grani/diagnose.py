"""Reading typed moves and explaining, with the rule's id, why an action is not allowed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spielwerk.core.errors import IllegalAction
from spielwerk.core.message import Message
from spielwerk.core.state import Action
from spielwerk.games.grani import rules
from spielwerk.games.grani.board import BOARD
from spielwerk.games.grani.movegen import pass_problem, stop_problem
from spielwerk.games.grani.names import kingdom_of, knight, place
from spielwerk.games.grani.notation import PASS, REST, STAY, Draw, Move, MoveText, Place, move
from spielwerk.games.grani.say import say

if TYPE_CHECKING:
    from spielwerk.games.grani.rules import GraniState

WAITING = {
    rules.LOT: ("grani.setup.lot-first", "grani.setup"),
    rules.CARD: ("grani.dragon.fight.card-first", "grani.dragon.fight"),
    rules.ROLL: ("grani.dragon.fight.roll-first", "grani.dragon.fight"),
    rules.BONUS: ("grani.dragon.fight.bonus-first", "grani.dragon.fight"),
    rules.EXILE: ("grani.attack.exile-first", "grani.attack"),
    rules.RING: ("grani.city.ring.ring-first", "grani.city.ring"),
    rules.BLOCK: ("grani.magic-stone.block-first", "grani.magic-stone"),
    rules.LIFT: ("grani.sword.lift-first", "grani.sword"),
    rules.SHIFT: ("grani.sword.shift-first", "grani.sword"),
    rules.OVER: ("game.over", "grani.win"),
}
"""What each phase waits for first, as a refusal: the key of its words and the rule it names."""


def _waiting(state: GraniState) -> IllegalAction:
    seat = knight(state.seat)
    if state.phase == rules.MOVE:
        if state.shackled[state.seat]:
            return IllegalAction(say("grani.dragon.shackle.rest-only", seat=seat),
                                 rule="grani.dragon.shackle")
        return IllegalAction(say("grani.move.must.move-now", seat=seat), rule="grani.move.must")
    key, rule = WAITING[state.phase]
    if state.phase == rules.RING and state.last_fight and BOARD.kind[state.at[state.seat]] == "dragon":
        rule = "grani.dragon.ring-lost"
    if state.victim >= 0:
        return IllegalAction(say(key, seat=seat, victim=knight(state.victim)), rule=rule)
    return IllegalAction(say(key, seat=seat), rule=rule)


def match_move(state: GraniState, typed: MoveText) -> Move:
    """The legal move a typed `T10`, `T9-T10` or `T9-T4-T10` stands for, or why there is none."""
    if state.phase not in (rules.MOVE, rules.BONUS) or state.shackled[state.seat]:
        raise _waiting(state)
    seat = state.seat
    start = state.at[seat]
    points = typed.points
    names = BOARD.names
    if len(points) > 1 and points[0] != start:
        raise IllegalAction(say("grani.move.steps.not-there", seat=knight(seat), start=names[start],
                                given=names[points[0]]), rule="grani.move.steps")
    end = points[-1]
    if len(points) == 1 and end == start:
        raise IllegalAction(say("grani.move.steps.already", seat=knight(seat), point=names[end]),
                            rule="grani.move.steps")
    paths = _paths(start, end) if len(points) < 3 else [points[1]]
    middle = points[1] if len(points) == 3 else -1
    if middle >= 0 and (middle not in BOARD.neighbours[start] or end not in BOARD.neighbours[middle]):
        raise IllegalAction(say("grani.move.steps.lines", path="-".join(names[p] for p in points)),
                            rule="grani.move.steps")
    if end == start:
        raise IllegalAction(say("grani.move.steps.back"), rule="grani.move.steps")
    if not paths and end not in BOARD.neighbours[start]:
        raise IllegalAction(say("grani.move.steps.far", end=names[end], start=names[start]),
                            rule="grani.move.steps")
    legal = state._legal_set()
    problems: list[tuple[str, Message]] = []
    bonus = state.phase == rules.BONUS
    if len(points) < 3 and end in BOARD.neighbours[start]:
        if bonus and move(start, end) not in legal:
            problems.append(("grani.dragon.fight", say("grani.dragon.fight.bonus-two")))
        elif move(start, end) in legal:
            return move(start, end)
    carrying = state.bearer == seat
    for middle in paths:
        via = middle if middle == state.ring else -1
        candidate = move(start, end, via)
        problem = pass_problem(state, seat, middle, carrying or via >= 0, bonus)
        if problem is None and candidate in legal:
            if len(points) < 3 and via >= 0 and move(start, end) in legal:
                return move(start, end)  # another way there does not take the ring: the plain text
            return candidate
        problems.append(problem or _stop_or_default(state, end))
    stops = [p for p in problems if p[0] not in ("grani.move.no-pass", "grani.city.ring")]
    rule, reason = (stops or problems)[0] if problems else _stop_or_default(state, end)
    raise IllegalAction(say("grani.move.cannot", seat=knight(seat), point=names[end], reason=reason),
                        rule=rule)


def _stop_or_default(state: GraniState, end: int) -> tuple[str, Message]:
    return stop_problem(state, state.seat, end) or ("grani.move.steps", say("grani.move.steps.not-allowed"))


def _paths(start: int, end: int) -> list[int]:
    """The middle points of the two-step ways from `start` to `end`."""
    return [m for m in BOARD.neighbours[start] if end in BOARD.neighbours[m] and end != start]


def explain_illegal(state: GraniState, action: Action) -> IllegalAction:
    """The rule-naming error for a parsed action that is not legal here."""
    seat = knight(state.seat)
    if isinstance(action, Draw):
        if state.phase not in rules.CHANCE_PHASES:
            waiting = _waiting(state)
            return IllegalAction(say("grani.chance.not-chosen", action=str(action), then=waiting.message),
                                 rule=waiting.rule or "grani.setup")
        if action.verb == "card" and state.phase == rules.CARD:
            return IllegalAction(say("grani.dragon.fight.no-card", value=action.value),
                                 rule="grani.dragon.fight")
        if action.verb == "first" and state.phase == rules.LOT:
            return IllegalAction(say("grani.setup.players", count=state.players), rule="grani.setup")
        return _waiting(state)
    if action == REST and state.phase == rules.MOVE:
        return IllegalAction(say("grani.dragon.shackle.none", seat=seat), rule="grani.dragon.shackle")
    if action == PASS and state.phase == rules.MOVE and not state.shackled[state.seat]:
        return IllegalAction(say("grani.move.must.can", seat=seat), rule="grani.move.must")
    if action == STAY and state.phase != rules.BONUS:
        return IllegalAction(say("grani.dragon.fight.no-bonus"), rule="grani.dragon.fight")
    if isinstance(action, Place):
        return _explain_place(state, action)
    return _waiting(state)


def _explain_place(state: GraniState, action: Place) -> IllegalAction:
    wanted = {"exile": (rules.EXILE,), "ring": (rules.RING,), "lift": (rules.LIFT,),
              "block": (rules.BLOCK, rules.SHIFT)}[action.verb]
    if state.phase not in wanted:
        return _waiting(state)
    point = action.point
    name = place(point)
    if action.verb == "exile":
        return IllegalAction(say("grani.attack.not-exile", place=name), rule="grani.attack")
    if action.verb == "lift":
        return IllegalAction(say("grani.sword.no-stone", place=name), rule="grani.sword")
    if action.verb == "ring":
        return _explain_ring(state, point)
    rule = "grani.sword" if state.phase == rules.SHIFT else "grani.magic-stone"
    if state.phase == rules.SHIFT and point == state.lifted:
        return IllegalAction(say("grani.sword.same-point", place=name), rule=rule)
    if not BOARD.plain >> point & 1:
        return IllegalAction(say("stone.not-plain", place=name), rule=rule)
    if state.obstacles >> point & 1:
        return IllegalAction(say("stone.taken", place=name), rule=rule)
    if point in state.at:
        return IllegalAction(say("stone.knight", place=name, seat=knight(state.at.index(point))), rule=rule)
    if state.ring == point:
        return IllegalAction(say("grani.obstacle.ring.on-ring", place=name), rule="grani.obstacle.ring")
    return IllegalAction(say("grani.obstacle.ring.shut-in", place=name), rule="grani.obstacle.ring")


def _explain_ring(state: GraniState, point: int) -> IllegalAction:
    here = state.at[state.seat]
    rule = "grani.dragon.ring-lost" if BOARD.kind[here] == "dragon" else "grani.city.ring"
    if BOARD.kind[point] != "black":
        why = say("ring.why.black")
    elif BOARD.kingdom[point] == BOARD.kingdom[here]:
        why = say("ring.why.kingdom", kingdom=kingdom_of(here))
    elif state.obstacles >> point & 1:
        why = say("ring.why.stone")
    elif point in state.at:
        why = say("ring.why.knight", seat=knight(state.at.index(point)))
    else:
        why = say("ring.why.cut")
    return IllegalAction(say("ring.cannot", place=place(point), why=why), rule=rule)
