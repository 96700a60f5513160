"""Dawn in eight steps (avalon.dawn.*): menhirs go out, the wyrdness eats the map, dials turn,
an event is revealed, guardians roam, items are readied."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spielwerk.games.avalon import events
from spielwerk.games.avalon.content import CONTENT
from spielwerk.games.avalon.resolve import add_omen, change, covered, put_instant_markers, put_markers
from spielwerk.games.avalon.world import cell, chebyshev

if TYPE_CHECKING:
    from spielwerk.games.avalon.rules import AvalonState, Frame

KEYWORD_ORDER = ("weapon", "tool", "charm")
DOUBLE_DIALS_OMEN = CONTENT.number("dawn", "double_dials_omen")
KEYWORDS = {slug: item.keyword for slug, item in CONTENT.items.items()}
"""Each item's keyword."""


def run_dawn(s: AvalonState, frame: Frame) -> None:
    """Do the steps of Dawn from the frame's on, each moving on to the next, until one puts frames on
    the stack or ends the game (one step only while narration keeps the steps); after I.8 the Day
    begins."""
    step = frame[1]
    while True:
        s.frames = (*s.frames[:-1], ("dawn", step + 1) if step < 8 else ("day",))  # s.replace, in the loop
        STEPS[step](s)
        if step == 8 or s.trail is not None or s.result or s.frames[-1][0] != "dawn":
            return
        step += 1


def extinguish(s: AvalonState) -> None:
    """I.1: remove every active menhir without a dial; with none left the game is lost."""
    s.menhirs = tuple([(place, dial) for place, dial in s.menhirs if dial])
    if not s.menhirs:
        s.result = "menhirs"


def wyrdness(s: AvalonState) -> None:
    """I.2: discard each placed location out of range with its markers; characters there move to the
    nearest placed location and gain Terror."""
    reach = covered(s.menhirs)  # in_range
    lost = sorted(s.placed - reach)
    if not lost:
        return
    s.placed = s.placed - set(lost)
    for place in lost:
        put_instant_markers(s, place, -s.instant_markers[place])
        for slug in _slugs_at(s, place):
            put_markers(s, slug, -999)
    for seat in s.living():
        hero = s.heroes[seat]
        if hero.location in lost:
            refuge = min(s.placed, key=lambda place: (chebyshev(cell(place), cell(hero.location)), place))
            s.set_hero(seat, location=refuge)
            change(s, seat, "terror", CONTENT.number("dawn", "wyrdness_terror"))


def _slugs_at(s: AvalonState, location: int) -> list[str]:
    action = CONTENT.locations[location].action
    quests = [quest.slug for quest in CONTENT.quests.values() if quest.location == location and quest.slug]
    return ([action.slug] if action else []) + quests


def menhir_dials(s: AvalonState) -> None:
    """I.3: lower each active menhir's dial by 1 (twice from Omen 5 on); at 1 it is removed."""
    times = 2 if s.omen >= DOUBLE_DIALS_OMEN else 1
    for _ in range(times):
        s.menhirs = tuple([(place, dial - 1 if dial > 1 else 0) for place, dial in s.menhirs])


def time_dials(s: AvalonState) -> None:
    """I.4, in the rule's order: lower quest and status dials (at 1 removed, with the quest's expiry
    effect), then one time marker off each action and instant effect (an expiry's markers too)."""
    kept = []
    for quest_id, dial in s.quests:
        if dial > 1:
            kept.append((quest_id, dial - 1))
        elif dial == 1:
            kept.extend(_expire(s, quest_id))
        else:
            kept.append((quest_id, dial))
    s.quests = tuple(kept)
    for seat in s.living():
        hero = s.heroes[seat]
        if hero.feverish or hero.blessed:
            s.set_hero(seat, feverish=max(0, hero.feverish - 1) if hero.feverish > 1 else 0,
                       blessed=max(0, hero.blessed - 1) if hero.blessed > 1 else 0)
    for slug, _ in s.action_markers:
        put_markers(s, slug, -1)
    if any(s.instant_markers):
        s.instant_markers = tuple([n - 1 if n > 1 else 0 for n in s.instant_markers])


def _expire(s: AvalonState, quest_id: str) -> list[tuple[str, int]]:
    quest = CONTENT.quests[quest_id]
    if quest.expired_difficulty:
        s.q1_hard = True
        return [(quest_id, 0)]
    s.discards = (*s.discards, quest_id)
    for effect in quest.expired:
        if effect.op == "omen":
            add_omen(s, int(effect.args[0]))
    if quest.expired_markers and quest.closes:
        put_markers(s, quest.closes, quest.expired_markers)
    return []


def reveal_event(s: AvalonState) -> None:
    """I.5: reveal the top event (fixed by an augury, else drawn at a chance node)."""
    if s.top:
        s.push(("reveal", f"event {s.top}"))
    elif events.segment(s):
        s.push(("event",))


def roam(s: AvalonState) -> None:
    """I.6: each guardian in play, the Stag first, rolls and moves (twice under T5), then attacks
    the characters it stands on."""
    moves = int(events.numbers("T5")["guardian_moves"]) if events.today(s, "T5") else 1
    frames = []
    for slug in ("widow", "stag"):
        if (s.stag if slug == "stag" else s.widow) is not None:
            frames += [("attack", slug), ("guardian", slug, moves)]
    s.push(*frames)


def plans(s: AvalonState) -> None:
    """I.7: the players plan; nothing happens in the engine."""


def equip(s: AvalonState) -> None:
    """I.8: exhausted items become ready; a character owning two of a keyword chooses which to equip,
    and the only one of its keyword is equipped (its twin may have been given away)."""
    frames = []
    for seat in s.living():
        hero = s.heroes[seat]
        if len(hero.items) == 1:  # the only item of its keyword: ready and equipped
            slug, ready, equipped = hero.items[0]
            if not (ready and equipped):
                s.set_hero(seat, items=((slug, True, True),))
            continue
        owned = {keyword: sum(KEYWORDS[slug] == keyword for slug, _, _ in hero.items)
                 for keyword in KEYWORD_ORDER}
        items = tuple((slug, True, equipped or owned[KEYWORDS[slug]] == 1)
                      for slug, _, equipped in hero.items)
        if items != hero.items:
            s.set_hero(seat, items=items)
        frames += [("equip", seat, keyword) for keyword in KEYWORD_ORDER if owned[keyword] >= 2]
    s.push(*reversed(frames))


STEPS = {1: extinguish, 2: wyrdness, 3: menhir_dials, 4: time_dials, 5: reveal_event, 6: roam, 7: plans,
         8: equip}
