"""Reading typed moves and explaining, with the rule's id, why an action is not allowed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spielwerk.core.errors import IllegalAction
from spielwerk.core.state import Action
from spielwerk.games.grani import rules
from spielwerk.games.grani.board import BOARD
from spielwerk.games.grani.movegen import pass_problem, stop_problem
from spielwerk.games.grani.notation import PASS, REST, STAY, Draw, Move, MoveText, Place, move

if TYPE_CHECKING:
    from spielwerk.games.grani.rules import GraniState

WAITING = {
    rules.LOT: ("the first player is drawn by lot first", "grani.setup"),
    rules.CARD: ("a dragon card must be turned up first", "grani.dragon.fight"),
    rules.ROLL: ("the die must be rolled against the dragon first", "grani.dragon.fight"),
    rules.BONUS: ("{colour} won the fight: make the bonus move of two steps, or 'stay'",
                  "grani.dragon.fight"),
    rules.EXILE: ("{colour} must banish {victim} to a free exile point first, e.g. 'exile X1'",
                  "grani.attack"),
    rules.RING: ("{colour} must put the ring down in another kingdom first, e.g. 'ring T9'",
                 "grani.city.ring"),
    rules.BLOCK: ("{colour} must put an obstacle stone first, e.g. 'block T9'", "grani.magic-stone"),
    rules.LIFT: ("{colour} must lift an obstacle stone to move it first, e.g. 'lift T9'", "grani.sword"),
    rules.SHIFT: ("{colour} must put the lifted stone on another point first, e.g. 'block T9'",
                  "grani.sword"),
    rules.OVER: ("the game is over", "grani.win"),
}


def _waiting(state: GraniState) -> IllegalAction:
    if state.phase == rules.MOVE:
        if state.shackled[state.seat]:
            return IllegalAction(f"{state.colour(state.seat)} wears a shackle: this turn only 'rest' "
                                 "takes it off", rule="grani.dragon.shackle")
        return IllegalAction(f"{state.colour(state.seat)} must move the knight now", rule="grani.move.must")
    text, rule = WAITING[state.phase]
    if state.phase == rules.RING and state.last_fight and BOARD.kind[state.at[state.seat]] == "dragon":
        rule = "grani.dragon.ring-lost"
    victim = state.colour(state.victim) if state.victim >= 0 else ""
    return IllegalAction(text.format(colour=state.colour(state.seat), victim=victim), rule=rule)


def match_move(state: GraniState, typed: MoveText) -> Move:
    """The legal move a typed `T10`, `T9-T10` or `T9-T4-T10` stands for, or why there is none."""
    if state.phase not in (rules.MOVE, rules.BONUS) or state.shackled[state.seat]:
        raise _waiting(state)
    seat = state.seat
    start = state.at[seat]
    points = typed.points
    if len(points) > 1 and points[0] != start:
        raise IllegalAction(f"{state.colour(seat)}'s knight stands on {BOARD.names[start]}, "
                            f"not on {BOARD.names[points[0]]}", rule="grani.move.steps")
    end = points[-1]
    if len(points) == 1 and end == start:
        raise IllegalAction(f"{state.colour(seat)}'s knight already stands on {BOARD.names[end]}",
                            rule="grani.move.steps")
    paths = _paths(start, end) if len(points) < 3 else [points[1]]
    if (len(points) == 3 and points[1] not in BOARD.neighbours[start]) or (len(points) == 3 and end not in \
            BOARD.neighbours[points[1]]):
        raise IllegalAction(f"{'-'.join(BOARD.names[p] for p in points)} does not follow the lines",
                            rule="grani.move.steps")
    if end == start:
        raise IllegalAction("a move may not come back to the point it began on", rule="grani.move.steps")
    if not paths and end not in BOARD.neighbours[start]:
        raise IllegalAction(f"{BOARD.names[end]} is more than two steps from {BOARD.names[start]}",
                            rule="grani.move.steps")
    legal = state._legal_set()
    problems: list[tuple[str, str]] = []
    bonus = state.phase == rules.BONUS
    if len(points) < 3 and end in BOARD.neighbours[start]:
        if bonus and move(start, end) not in legal:
            problems.append(("grani.dragon.fight", "the bonus move is exactly two steps"))
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
    raise IllegalAction(f"{state.colour(seat)} cannot move to {BOARD.names[end]}: {reason}", rule=rule)


def _stop_or_default(state: GraniState, end: int) -> tuple[str, str]:
    return stop_problem(state, state.seat, end) or ("grani.move.steps", "that move is not allowed")


def _paths(start: int, end: int) -> list[int]:
    """The middle points of the two-step ways from `start` to `end`."""
    return [m for m in BOARD.neighbours[start] if end in BOARD.neighbours[m] and end != start]


def explain_illegal(state: GraniState, action: Action) -> IllegalAction:
    """The rule-naming error for a parsed action that is not legal here."""
    seat = state.seat
    if isinstance(action, Draw):
        if state.phase not in rules.CHANCE_PHASES:
            return IllegalAction(f"'{action}' is drawn by chance, not chosen; {_waiting(state).reason}",
                                 rule=_waiting(state).rule or "grani.setup")
        if action.verb == "card" and state.phase == rules.CARD:
            return IllegalAction(f"no card of strength {action.value} is left in the deck",
                                 rule="grani.dragon.fight")
        if action.verb == "first" and state.phase == rules.LOT:
            return IllegalAction(f"only {state.players} knights play", rule="grani.setup")
        return _waiting(state)
    if action == REST and state.phase == rules.MOVE:
        return IllegalAction(f"{state.colour(seat)} wears no shackle: only a shackled knight rests",
                             rule="grani.dragon.shackle")
    if action == PASS and state.phase == rules.MOVE and not state.shackled[seat]:
        return IllegalAction(f"{state.colour(seat)} can move and must", rule="grani.move.must")
    if action == STAY and state.phase != rules.BONUS:
        return IllegalAction("'stay' declines a bonus move, and there is none to make",
                             rule="grani.dragon.fight")
    if isinstance(action, Place):
        return _explain_place(state, action)
    return _waiting(state)


def _explain_place(state: GraniState, action: Place) -> IllegalAction:
    wanted = {"exile": (rules.EXILE,), "ring": (rules.RING,), "lift": (rules.LIFT,),
              "block": (rules.BLOCK, rules.SHIFT)}[action.verb]
    if state.phase not in wanted:
        return _waiting(state)
    name = BOARD.describe(action.point)
    if action.verb == "exile":
        return IllegalAction(f"{name} is not a free exile point", rule="grani.attack")
    if action.verb == "lift":
        return IllegalAction(f"there is no obstacle stone on {name} to lift", rule="grani.sword")
    if action.verb == "ring":
        return _explain_ring(state, action.point)
    point = action.point
    rule = "grani.sword" if state.phase == rules.SHIFT else "grani.magic-stone"
    if state.phase == rules.SHIFT and point == state.lifted:
        return IllegalAction(f"the stone lifted from {name} must go on another point", rule=rule)
    if not BOARD.plain >> point & 1:
        return IllegalAction(f"a stone cannot go on {name}: it goes on a black or white point", rule=rule)
    if state.obstacles >> point & 1:
        return IllegalAction(f"{name} holds a stone already", rule=rule)
    if point in state.at:
        knight = state.colour(state.at.index(point))
        return IllegalAction(f"a stone cannot go on {name}: {knight} stands there", rule=rule)
    if state.ring == point:
        return IllegalAction(f"the ring lies on {name}: no stone may go there", rule="grani.obstacle.ring")
    return IllegalAction(f"a stone on {name} would shut the ring in: its point must stay joined to "
                         "every city", rule="grani.obstacle.ring")


def _explain_ring(state: GraniState, point: int) -> IllegalAction:
    here = state.at[state.seat]
    rule = "grani.dragon.ring-lost" if BOARD.kind[here] == "dragon" else "grani.city.ring"
    name = BOARD.describe(point)
    if BOARD.kind[point] != "black":
        why = "it goes on a black point, never on a symbol point or an exile point"
    elif BOARD.kingdom[point] == BOARD.kingdom[here]:
        why = f"it must leave {BOARD.kingdom_name(here).capitalize()} for another kingdom"
    elif state.obstacles >> point & 1:
        why = "a stone lies there"
    elif point in state.at:
        why = f"{state.colour(state.at.index(point))} stands there"
    else:
        why = "stones cut it off from a city, and other points are joined to more cities"
    return IllegalAction(f"the ring cannot go on {name}: {why}", rule=rule)
