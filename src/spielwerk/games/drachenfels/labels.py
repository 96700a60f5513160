"""Words for Drachenfels actions in a move list or on buttons, in the reader's language.

`group_label` names the groups a numbered list of texts forms (`3 ` is "card 3 → field"); `action_labels`
gives each legal action of the seat to move its words ("card 3 → 17", "take a card from blue").
Both read only the notation and what that seat may know.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from spielwerk.core.actions import Word
from spielwerk.core.message import Message
from spielwerk.core.state import Action
from spielwerk.games.drachenfels import rules as r
from spielwerk.games.drachenfels.board import BOARD, COLOURS
from spielwerk.games.drachenfels.notation import (
    Bridge,
    Dragon,
    Place,
    Rainbow,
    Target,
    Walk,
    edge_shown,
)
from spielwerk.games.drachenfels.say import a_card, colour_name, say

if TYPE_CHECKING:
    from spielwerk.games.drachenfels.rules import DrachenfelsState

_GROUPS = (
    (re.compile(r"([1-9][0-9]?) "), "group.card"),
    (re.compile(r"[a-z]+ (\S+)>"), "group.from"),
    (re.compile(r"[a-z]+ ([a-z]+) "), "group.from"),
    (re.compile(r"take "), "group.take"),
    (re.compile(r"(?:bridge|rainbow) -"), "group.remove"),
)
"""What a whole prefix looks like, and the key of its name; the first that matches names it."""


def group_label(prefix: str, language: str = "en") -> str | None:
    """What a numbered list of legal actions calls those whose texts begin with `prefix`.

    `3 ` (point card 3, then the field the knight ends on) is "card 3 → field"; `dragon C4>` (from C4
    to a field) is "C4 →", `cloud blue ` (blue's knight to a start field) "blue →", `bridge -` "remove".
    None for the rest: the list shows their prefix.
    """
    for pattern, key in _GROUPS:
        found = pattern.fullmatch(prefix)
        if found:
            what = found.group(1) if found.groups() else ""
            return say(key, value=what, place=colour_name(what)).render(language)
    return None


def action_labels(state: DrachenfelsState, seat: int | None, language: str = "en") -> dict[str, str]:
    """Each legal action of `seat` -> its words in `language`; empty unless `seat` is to move."""
    if seat is None or state.is_over or state.is_chance or state.to_move != seat:
        return {}
    return {str(action): label(state, action).render(language) for action in state.legal_actions()}


def label(state: DrachenfelsState, action: Action) -> Message:
    """The words for one legal action of the seat to move."""
    names = BOARD.names
    if isinstance(action, Walk):
        return say("label.walk", value=action.value, field=names[action.end])
    if isinstance(action, Rainbow):
        return _rainbow(state, action)
    if isinstance(action, Bridge):
        if action.old < 0:
            return say("label.bridge.lay", field=names[action.new])
        if action.new < 0:
            return say("label.bridge.lift", field=names[action.old])
        return say("label.bridge.move", old=names[action.old], new=names[action.new])
    if isinstance(action, Dragon):
        return say("label.dragon", start=names[action.start], end=names[action.end])
    if isinstance(action, Target):
        return say(f"label.{action.verb}", seat=colour_name(COLOURS[action.seat]))
    if isinstance(action, Place):
        return say(f"label.{action.verb}", seat=colour_name(COLOURS[action.seat]), field=names[action.field])
    if isinstance(action, Word) and action.word == "top":
        return say("label.top", card=a_card(state.discard[-1]))
    return say(f"label.{action}")


def _rainbow(state: DrachenfelsState, action: Rainbow) -> Message:
    if state.phase == r.RAINBOW:
        return say("label.rainbow.free", old=edge_shown(action.old), new=edge_shown(action.new))
    if action.old is None:
        return say("label.rainbow.up", edge=edge_shown(action.new))
    if action.new is None:
        return say("label.rainbow.down", edge=edge_shown(action.old))
    return say("label.rainbow.move", old=edge_shown(action.old), new=edge_shown(action.new))

