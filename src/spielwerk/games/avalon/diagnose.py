"""Why an Avalon action is refused: a message a player understands, naming the rule it breaks.

Messages are built only from public facts (never a back verse or an unseen event)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spielwerk.core.chance import CHANCE
from spielwerk.core.errors import IllegalAction, InvalidNotation, SpielwerkError
from spielwerk.core.inputs import quote
from spielwerk.games.avalon import day
from spielwerk.games.avalon.content import CONTENT
from spielwerk.games.avalon.notation import DIRECTIONS, WORDS
from spielwerk.games.avalon.resolve import can_pay, markers_on
from spielwerk.games.avalon.say import amounts, say
from spielwerk.games.avalon.world import cell

if TYPE_CHECKING:
    from spielwerk.games.avalon.rules import AvalonState

FRAME_RULES = {
    "join": "avalon.day.group",
    "verse": "avalon.verse.resolve",
    "fight": "avalon.encounter",
    "equip": "avalon.dawn.equip",
    "rest": "avalon.end.rest",
    "improve": "avalon.end.improve",
}
"""The rule a decision frame asks after, and the key of its refusal."""
DAY_RULES = {
    "explore": "avalon.action.explore", "travel": "avalon.action.travel",
    "act": "avalon.action.location", "activate": "avalon.menhir.activate",
    "challenge": "avalon.action.challenge", "give": "avalon.action.give",
    "wait": "avalon.day.wait", "pass": "avalon.day.pass",
}


def refuse(s: AvalonState, text: str) -> SpielwerkError:
    """The error for a text that is no legal action now."""
    words = text.split()
    shown = quote(text)
    if not words or words[0] not in WORDS:
        return InvalidNotation(say("notation.action", text=shown))
    if s.is_over:
        return IllegalAction(say("game.over"), rule="game.over")
    frame = s.frames[-1]
    if s.to_move == CHANCE:
        return IllegalAction(say("avalon.auto", text=shown), rule="avalon.auto")
    if frame[0] != "day":
        rule = FRAME_RULES[frame[0]]
        leader = s.heroes[frame[1]].number if frame[0] == "join" else 0
        return IllegalAction(say(rule, text=shown, leader=leader), rule=rule)
    word = words[0]
    if word not in DAY_RULES:
        return IllegalAction(say("avalon.day.order", text=shown), rule="avalon.day.order")
    key, args = _why(s, word, words[1:])
    return IllegalAction(say(key, text=shown, **args), rule=DAY_RULES[word])


Why = tuple[str, dict[str, Any]]
"""A refusal's key and its arguments but the text."""


def _why(s: AvalonState, word: str, args: list[str]) -> Why:
    seat = day.actor(s)
    if seat is None:
        return "avalon.day.order.nobody", {}
    hero = s.heroes[seat]
    location = hero.location
    energy = int(CONTENT.number("day", "explore_energy"))
    if word == "explore":
        if not can_pay(s, seat, (), energy):
            return "avalon.action.explore.energy", {"energy": energy}
        return "avalon.action.explore.spent", {"location": location}
    if word == "travel":
        return _why_travel(s, location, args, energy)
    if word == "act":
        return _why_act(s, seat, args[0] if args else "")
    if word == "activate":
        if CONTENT.locations[location].menhir is None:
            return "avalon.menhir.activate.site", {"location": location}
        if s.menhir_dial(location):
            return "avalon.menhir.activate.burning", {"location": location}
        cost = CONTENT.locations[location].menhir or ()
        return "avalon.menhir.activate.cost", {"cost": amounts(cost)}
    return DAY_RULES[word], {}


def _why_travel(s: AvalonState, location: int, args: list[str], energy: int) -> Why:
    if not args or args[0] not in DIRECTIONS:
        return "avalon.action.travel.direction", {}
    column, row = cell(location)
    dx, dy = DIRECTIONS[args[0]]
    target = CONTENT.at(column + dx, row + dy)
    if target is None:
        return "avalon.action.travel.edge", {"direction": args[0], "location": location}
    if target not in s.placed:
        return "avalon.action.travel.unplaced", {"target": target}
    if (location, target) not in s.arrows:
        return "avalon.action.travel.arrow", {"location": location, "target": target}
    return "avalon.action.travel.energy", {"energy": energy}


def _why_act(s: AvalonState, seat: int, slug: str) -> Why:
    location = s.heroes[seat].location
    action = CONTENT.locations[location].action
    quests = [CONTENT.quests[q] for q, _ in s.quests if CONTENT.quests[q].location == location]
    if (action is None or action.slug != slug) and not any(quest.slug == slug for quest in quests):
        offered = [action.slug] if action else []
        offered += [quest.slug for quest in quests]
        if not offered:
            return "avalon.action.location.none", {"location": location}
        return "avalon.action.location.offers", {"location": location, "offered": ", ".join(offered)}
    if markers_on(s, slug):
        return "avalon.action.location.marker", {"slug": slug}
    if any(CONTENT.quests[q].closes == slug for q, _ in s.quests):
        return "avalon.action.location.quest", {"slug": slug}
    if action is not None and action.slug == slug:
        for effect in action.effects:
            if effect.op == "move" and int(effect.args[0]) not in s.placed:
                return "avalon.action.location.landing", {"slug": slug, "location": effect.args[0]}
    if action is not None and action.slug == slug and action.special == "wake":
        return "avalon.action.location.wake", {}
    return "avalon.action.location.cost", {"slug": slug}
