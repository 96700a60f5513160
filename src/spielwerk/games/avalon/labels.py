"""Words for Avalon's actions where the notation says too little (`Game.move_labels`, the terminal's
numbered list, the page's buttons) and names for the groups a move list shows (`Game.move_label`).

Built from a seat's view and the legal action texts alone, so a label holds nothing the seat may not
know. `label(..., full=False)` is what the terminal shows beside an action; `full=True` names every
action, for buttons that show words instead of the notation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spielwerk.games.avalon.content import CONTENT, RELICS, RESOURCES
from spielwerk.games.avalon.notation import DIRECTIONS
from spielwerk.games.avalon.say import text as said

GROUPS = ("travel", "act", "give", "challenge", "join", "choose", "rest", "improve", "equip")
"""The words whose actions a move list shows as a group (`group.<word>`: "travel:")."""


def place_name(number: int, language: str = "en") -> str:
    """A location's full name with its number ("13 Heartstone", "13 Herzstein")."""
    return said("label.place", language, number=number, name=said(f"location.{number}", language))


def label(text: str, view: Mapping[str, Any], language: str, to_move: int | None,
          waiting: Mapping[str, Any], full: bool = False) -> str:
    """A few words on what an action text does here ("" where its text says it all); with `full`,
    words for every action."""
    word, _, arg = text.partition(" ")
    heroes = view["characters"]
    here = heroes[to_move]["location"] if to_move is not None and 0 <= to_move < len(heroes) else None
    if word == "join" and arg.isdigit():
        return said("label.join", language, name=said(f"character.{arg}", language))
    if word in ("decline", "fight", "flee"):
        return said(f"label.{word}", language)
    if word == "choose" and "verse" in waiting:
        return said(f"verse.{waiting['verse']}.{waiting['node']}.{arg}", language)
    if word == "act":
        return said(f"action.{arg}", language)
    if word == "challenge":
        return said(f"guardian.{arg}", language)
    if word == "travel" and here is not None and arg in DIRECTIONS:
        place = CONTENT.locations[here]
        step = DIRECTIONS[arg]
        there = CONTENT.at(place.column + step[0], place.row + step[1])
        return said("label.travel", language, place=place_name(there, language)) if there is not None else ""
    return _more(word, arg, here, language) if full else ""


def _more(word: str, arg: str, here: int | None, language: str) -> str:
    """Words for the actions whose notation the terminal shows alone."""
    if word == "explore" and here is not None:
        return said("label.explore", language, place=said(f"location.{here}", language))
    if word == "give":
        thing, _, number = arg.rpartition(" to ")
        if number.isdigit():
            return said("label.give", language, thing=_thing(thing, language),
                        name=said(f"character.{number}", language))
    if word in ("rest", "improve") and arg:
        return said(f"label.{word}.{arg}", language, **_numbers(word, arg))
    if word == "equip":
        return said(f"item.{arg}", language)
    if word in ("activate", "wait", "pass"):
        return said(f"label.{word}", language)
    return ""


def _numbers(word: str, arg: str) -> dict[str, int]:
    """The content's numbers a rest or an improvement names."""
    numbers = CONTENT.numbers[word]
    if word == "rest":
        return {"food": int(numbers.get(f"{arg}_food", 0)), "health": int(numbers["feast_health"])}
    kind = arg if arg in ("energy", "health") else "attribute"
    return {"cost": int(numbers.get(f"{kind}_cost", 0)), "gain": int(numbers.get(f"{kind}_gain", 1))}


def _thing(thing: str, language: str) -> str:
    """What a gift is: "1 food", an item's or a relic's name."""
    if thing in RESOURCES:
        return said("label.one", language, what=said(f"word.{thing}", language))
    return said(f"{'relic' if thing in RELICS else 'item'}.{thing}", language)


def group_label(prefix: str, language: str) -> str | None:
    """What a move list calls the actions beginning with `prefix` ("travel " is "reisen:" in German, a
    row "give food to " is "Nahrung an"); None in English, whose notation names them already."""
    if language == "en":
        return None
    word = prefix.strip()
    if prefix.endswith(" ") and word in GROUPS:
        return said(f"group.{word}", language)
    if prefix.startswith("give ") and prefix.endswith(" to "):
        thing = prefix[len("give "):-len(" to ")]
        if thing in RESOURCES:
            return said("group.give-row", language, thing=said(f"word.{thing}", language))
        known = thing in RELICS or thing in CONTENT.items
        return said("group.give-row", language, thing=_thing(thing, language)) if known else None
    return None
