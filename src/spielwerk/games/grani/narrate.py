"""What happened in a Grani game, in words: one line per action, chance included.

Everything in Grani is public but the order of the dragon deck, which no line can know (a card is
told once it is turned up), so every seat and every spectator is told the same. A line begins with
what was done and goes on with what came of it, clause by clause: the ring taken, a knight attacked,
a seal won, a fight to come, the turn limit reached.
"""

from __future__ import annotations

from spielwerk.core.message import Message
from spielwerk.core.narration import Told
from spielwerk.core.state import Action
from spielwerk.games.grani import rules
from spielwerk.games.grani.board import BOARD
from spielwerk.games.grani.names import cities, kingdom_of, knight, of_kingdom, together
from spielwerk.games.grani.notation import PASS, REST, STAY, Draw, Move, Place
from spielwerk.games.grani.rules import GraniState
from spielwerk.games.grani.say import say

WORDED: dict[Action, str] = {STAY: "narrate.stay", REST: "narrate.rest", PASS: "narrate.pass"}


def tell(before: GraniState, after: GraniState, action: Action) -> Told:
    """What everyone is told of `action`, applied to `before` to give `after`."""
    head, clauses = _told(before, after, action)
    if after.is_over and after.end_rule == "grani.draw":
        winners = [knight(s) for s, value in enumerate(after.returns()) if value > 0]
        clauses.append(say("narrate.draw", names=together(winners), count=len(winners)))
    line = head
    for clause in clauses:
        line = say("narrate.and", first=line, then=clause)
    return Told(line)


def _told(before: GraniState, after: GraniState, action: Action) -> tuple[Message, list[Message]]:
    """The line's head and its clauses."""
    seat = knight(before.seat)
    if isinstance(action, Draw):
        return _chance(before, after, action)
    if isinstance(action, Move):
        key = "narrate.bonus" if before.phase == rules.BONUS else "narrate.move"
        head = say(key, seat=seat, start=BOARD.names[action.start], end=BOARD.names[action.end])
        return head, _moved(before, after, action)
    if isinstance(action, Place):
        return _placed(before, after, action), []
    return say(WORDED.get(action, "narrate.pass"), seat=seat), []


def _chance(before: GraniState, after: GraniState, draw: Draw) -> tuple[Message, list[Message]]:
    """The lot, a dragon card, or the die against the dragon."""
    if draw.verb == "first":
        return say("narrate.first", seat=knight(draw.value)), []
    if draw.verb == "card":
        return say("narrate.card", card=draw.value), []
    seat = before.seat
    args = {"seat": knight(seat), "roll": draw.value, "card": before.card}
    if after.phase == rules.BONUS:
        return say("narrate.roll.won", **args), []
    lost = say("narrate.roll.lost", point=BOARD.names[after.at[seat]], **args)
    return lost, [say("narrate.ring.lost")] if before.bearer == seat else []


def _moved(before: GraniState, after: GraniState, step: Move) -> list[Message]:
    """What a move brought: the ring picked up, a knight attacked, then what the point does."""
    seat = before.seat
    clauses = []
    if before.ring >= 0 and before.ring in (step.via, step.end):
        clauses.append(say("narrate.ring.take", point=BOARD.names[before.ring]))
    victim = after.victim
    if victim >= 0:
        key = "narrate.attack.ring" if before.bearer == victim else "narrate.attack"
        return [*clauses, say(key, victim=knight(victim))]
    return clauses + _arrived(before, after, seat, step.end, took_ring=bool(clauses))


def _arrived(before: GraniState, after: GraniState, seat: int, point: int, took_ring: bool) -> list[Message]:
    """What the point a knight stopped on did: a city (with the ring or without), a dragon, a magic
    stone, the sword."""
    kind = BOARD.kind[point]
    gained = after.amulets[seat] - before.amulets[seat]
    amulets = [say("narrate.amulets", count=gained)] if gained > 0 else []
    if kind == "city" and (took_ring or before.bearer == seat):
        won = after.seals[seat] != before.seals[seat]
        delivered = say("narrate.deliver" if won else "narrate.deliver.again", of=of_kingdom(point))
        if after.is_over and after.end_rule == "grani.win":
            return [delivered, *amulets, say("narrate.win", cities=cities(after.seals[seat]))]
        return [delivered, *amulets]
    if kind == "city":
        return [say("narrate.city", of=of_kingdom(point)), *amulets]
    if kind == "dragon":
        shuffled = sum(before.deck) == 0
        return [say("narrate.dragon"), *([say("narrate.reshuffle")] if shuffled else [])]
    if kind in ("magic", "sword"):
        acts = after.phase in (rules.BLOCK, rules.LIFT)
        return [say(f"narrate.{kind}" if acts else f"narrate.{kind}.none")]
    return []


def _placed(before: GraniState, after: GraniState, choice: Place) -> Message:
    """A decision on a point: a knight banished, the ring put down, a stone lifted or put."""
    seat = knight(before.seat)
    name = BOARD.names[choice.point]
    if choice.verb == "exile":
        return _banished(before, after, choice.point)
    if choice.verb == "ring":
        return say("narrate.ring.put", seat=seat, point=name, kingdom=kingdom_of(choice.point))
    if choice.verb == "lift":
        return say("narrate.lift", seat=seat, point=name)
    if before.phase == rules.SHIFT:
        return say("narrate.shift", seat=seat, start=BOARD.names[before.lifted], end=name)
    return say("narrate.block", seat=seat, point=name, left=after.stones)


def _banished(before: GraniState, after: GraniState, point: int) -> Message:
    """The attacked knight sent into exile, its shackle off, and what the attacker's point does."""
    seat, victim = before.seat, before.victim
    key = "narrate.exile.unshackled" if before.shackled[victim] else "narrate.exile"
    line = say(key, seat=knight(seat), victim=knight(victim), point=BOARD.names[point])
    for clause in _arrived(before, after, seat, after.at[seat], took_ring=False):
        line = say("narrate.and", first=line, then=clause)
    return line
