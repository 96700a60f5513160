"""Why an Avalon action is refused: a message a player understands, naming the rule it breaks.

Messages are built only from public facts (never a back verse or an unseen event)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spielwerk.core.chance import CHANCE
from spielwerk.core.errors import IllegalAction, InvalidNotation, SpielwerkError
from spielwerk.core.inputs import quote
from spielwerk.games.avalon import day
from spielwerk.games.avalon.content import CONTENT
from spielwerk.games.avalon.notation import DIRECTIONS, WORDS
from spielwerk.games.avalon.resolve import can_pay, markers_on
from spielwerk.games.avalon.world import cell

if TYPE_CHECKING:
    from spielwerk.games.avalon.rules import AvalonState

FRAME_RULES = {
    "join": ("avalon.day.group", "join {leader} or decline"),
    "verse": ("avalon.verse.resolve", "choose one of the verse's options"),
    "fight": ("avalon.encounter", "fight or flee"),
    "equip": ("avalon.dawn.equip", "equip one of your items"),
    "rest": ("avalon.end.rest", "rest eat, feast or fast"),
    "improve": ("avalon.end.improve", "improve something or improve none"),
}
DAY_RULES = {
    "explore": "avalon.action.explore", "travel": "avalon.action.travel",
    "act": "avalon.action.location", "activate": "avalon.menhir.activate",
    "challenge": "avalon.action.challenge", "give": "avalon.action.give",
    "wait": "avalon.day.wait", "pass": "avalon.day.pass",
}


def refuse(s: AvalonState, text: str) -> SpielwerkError:
    """The error for a text that is no legal action now."""
    words = text.split()
    if not words or words[0] not in WORDS:
        return InvalidNotation(
            f"{quote(text)} is not an Avalon action: actions are like explore, travel north, act forage, "
            "activate, challenge stag, give food to 2, wait, pass, join 1, decline, choose 1, fight, flee, "
            "rest eat, improve wits, equip spear"
        )
    if s.is_over:
        return IllegalAction("the game is over", rule="game.over")
    frame = s.frames[-1]
    if s.to_move == CHANCE:
        return IllegalAction(f"{quote(text)} is not a possible outcome of this chance event",
                             rule="avalon.auto")
    if frame[0] != "day":
        rule, wanted = FRAME_RULES[frame[0]]
        leader = s.heroes[frame[1]].number if frame[0] == "join" else 0
        return IllegalAction(f"{quote(text)} is not possible now: {wanted.format(leader=leader)}", rule=rule)
    word = words[0]
    if word not in DAY_RULES:
        return IllegalAction(f"{quote(text)} is not possible now: it is the Day, a character acts",
                             rule="avalon.day.order")
    reason = _why(s, word, words[1:])
    return IllegalAction(f"{quote(text)} is not possible now: {reason}", rule=DAY_RULES[word])


def _why(s: AvalonState, word: str, args: list[str]) -> str:
    seat = day.actor(s)
    if seat is None:
        return "nobody is to act"
    hero = s.heroes[seat]
    location = hero.location
    energy = int(CONTENT.number("day", "explore_energy"))
    if word == "explore":
        if not can_pay(s, seat, (), energy):
            return f"exploring costs {energy} Energy"
        return f"location {location} has been explored as often as it may be"
    if word == "travel":
        if not args or args[0] not in DIRECTIONS:
            return "travel north, east, south or west"
        column, row = cell(location)
        dx, dy = DIRECTIONS[args[0]]
        target = CONTENT.at(column + dx, row + dy)
        if target is None:
            return f"there is no location {args[0]} of {location}"
        if target not in s.placed:
            return f"location {target} is not placed"
        if (location, target) not in s.arrows:
            return f"no arrow leads from {location} to {target}"
        return f"travelling costs {energy} Energy"
    if word == "act":
        return _why_act(s, seat, args[0] if args else "")
    if word == "activate":
        if CONTENT.locations[location].menhir is None:
            return f"location {location} has no menhir site"
        if s.menhir_dial(location):
            return f"the menhir on {location} is burning"
        cost = CONTENT.locations[location].menhir or ()
        return "lighting it costs 1 Energy plus " + ", ".join(map(str, cost))
    if word == "challenge":
        return "challenge a guardian standing on your location (stag or widow), with 1 Energy"
    if word == "give":
        return "give one food, wealth, magic, reputation, item or relic you have to a character here, " \
               "like give food to 2"
    if word == "wait":
        return "you may wait once a round, while another character has yet to act"
    return "pass ends your day"


def _why_act(s: AvalonState, seat: int, slug: str) -> str:
    location = s.heroes[seat].location
    action = CONTENT.locations[location].action
    quests = [CONTENT.quests[q] for q, _ in s.quests if CONTENT.quests[q].location == location]
    if (action is None or action.slug != slug) and not any(quest.slug == slug for quest in quests):
        offered = [action.slug] if action else []
        offered += [quest.slug for quest in quests]
        return f"location {location} offers " + (", ".join(offered) if offered else "no action")
    if markers_on(s, slug):
        return f"{slug} has a time marker on it"
    if any(CONTENT.quests[q].closes == slug for q, _ in s.quests):
        return f"{slug} is closed while a quest lasts (avalon.event.quest)"
    if action is not None and action.slug == slug:
        for effect in action.effects:
            if effect.op == "move" and int(effect.args[0]) not in s.placed:
                return f"{slug} leads to location {effect.args[0]}, which is not placed (avalon.map.place)"
    if action is not None and action.slug == slug and action.special == "wake":
        return "the menhir here must burn and the characters here carry mirror, horn and bell (avalon.win)"
    return f"{slug} costs more than you have"
