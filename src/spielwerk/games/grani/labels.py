"""Words for Grani's legal actions in a list of moves: headings for groups of decisions, and what an
action does where its notation does not say it (a fight, an attack, the ring taken or delivered)."""

from __future__ import annotations

from spielwerk.core.message import Message
from spielwerk.core.state import Action
from spielwerk.games.grani import rules
from spielwerk.games.grani.board import BOARD
from spielwerk.games.grani.names import kingdom_of, knight, of_kingdom
from spielwerk.games.grani.notation import PASS, REST, STAY, Move, Place
from spielwerk.games.grani.rules import GraniState
from spielwerk.games.grani.say import WORDS, say

GROUPS = {"exile ": "group.exile", "ring ": "group.ring", "block ": "group.block", "lift ": "group.lift"}
"""The groups of decisions a move list names, by the text they begin with."""
WORDED: dict[Action, str] = {STAY: "label.stay", REST: "label.rest", PASS: "label.pass"}


def group_label(prefix: str, language: str = "en") -> str | None:
    """The heading of the decisions beginning with `prefix` ("exile:"); None for other groups."""
    key = GROUPS.get(prefix)
    return None if key is None else WORDS.text(key, language)


def action_labels(state: GraniState, seat: int | None, language: str = "en") -> dict[str, str]:
    """Action text -> what it does, for the legal actions of the seat to act (a spectator reads them
    too; another seat gets none), where the notation alone does not say it."""
    if state.is_over or state.is_chance or (seat is not None and seat != state.to_move):
        return {}
    labels = {}
    for action in state.legal_actions():
        message = label(state, action)
        if message is not None:
            labels[str(action)] = message.render(language)
    return labels


def label(state: GraniState, action: Action) -> Message | None:
    """What a legal `action` of `state` does, in words; None where its notation says enough."""
    if isinstance(action, Move):
        return _move(state, action)
    if isinstance(action, Place):
        name = BOARD.names[action.point]
        if action.verb == "exile":
            return say("label.exile", victim=knight(state.victim), point=name)
        if action.verb == "ring":
            return say("label.ring", point=name, kingdom=kingdom_of(action.point))
        if action.verb == "lift":
            return say("label.lift", point=name)
        return say("label.shift" if state.phase == rules.SHIFT else "label.block", point=name)
    key = WORDED.get(action)
    return None if key is None else say(key)


def _move(state: GraniState, step: Move) -> Message | None:
    """A move's consequences: the ring taken, an attack, a delivery, a fight, a stone to place."""
    seat, end = state.seat, step.end
    takes = state.ring >= 0 and state.ring in (step.via, end)
    parts = [say("label.take", point=BOARD.names[state.ring])] if takes else []
    victim = next((s for s, point in enumerate(state.at) if point == end and s != seat), -1)
    if victim >= 0:
        key = "label.attack.ring" if state.bearer == victim else "label.attack"
        parts.append(say(key, victim=knight(victim)))
    kind = BOARD.kind[end]
    if kind == "city":
        carrying = takes or state.bearer == seat
        if carrying:
            parts.append(say("label.deliver", kingdom=kingdom_of(end)))
        else:
            parts.append(say("label.city", of=of_kingdom(end)))
    elif kind == "dragon" or (kind == "magic" and state.stones) or (kind == "sword" and state.obstacles):
        parts.append(say(f"label.{kind}", point=BOARD.names[end]))
    if not parts:
        return None
    joined = parts[0]
    for part in parts[1:]:
        joined = say("label.and", first=joined, then=part)
    return joined
