"""Words for Drachenfels actions in a move list or on buttons, in the reader's language.

`group_label` names the groups a numbered list of texts forms (`3 ` is "card 3 → field", `dragon `
is "Drache" in German); `action_labels` gives words to the actions whose notation says too little
("take a card from blue", "refresh the hand"). Both read only the notation and what the seat to move
may know.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from spielwerk.core.actions import Word
from spielwerk.core.message import Message
from spielwerk.core.state import Action
from spielwerk.games.drachenfels.board import COLOURS
from spielwerk.games.drachenfels.notation import Target
from spielwerk.games.drachenfels.say import WORDS, a_card, colour_name, say

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
    to a field) is "C4 →", `cloud blue ` (blue's knight to a start field) "blue →", `bridge -` "remove";
    `dragon ` is the card's name where the language names it otherwise ("Drache"). None for the rest:
    the list shows their prefix.
    """
    for pattern, key in _GROUPS:
        found = pattern.fullmatch(prefix)
        if found:
            what = found.group(1) if found.groups() else ""
            return say(key, value=what, place=colour_name(what)).render(language)
    word = prefix.strip()
    key = f"group.word.{word}"
    if prefix == f"{word} " and key in WORDS.own("en"):
        name = say(key).render(language)
        return None if name == word else name
    return None


def action_labels(state: DrachenfelsState, seat: int | None, language: str = "en") -> dict[str, str]:
    """Words for the legal actions of `seat` whose notation says too little (a decision, a card taken
    from a seat): action text -> words in `language`. Empty unless `seat` is to move."""
    if seat is None or state.is_over or state.is_chance or state.to_move != seat:
        return {}
    found = {}
    for action in state.legal_actions():
        words = label(state, action)
        if words is not None:
            found[str(action)] = words.render(language)
    return found


def label(state: DrachenfelsState, action: Action) -> Message | None:
    """The words for one legal action of the seat to move; None where its notation is its name (a point
    card under "card 3 → field", a magic card's places)."""
    if isinstance(action, Target):
        return say(f"label.{action.verb}", seat=colour_name(COLOURS[action.seat]))
    if isinstance(action, Word) and action.word == "top":
        return say("label.top", card=a_card(state.discard[-1]))
    if isinstance(action, Word):
        return say(f"label.{action}")
    return None
