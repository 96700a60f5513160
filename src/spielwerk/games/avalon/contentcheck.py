"""Checks that Avalon's content meets the requirements of rules/avalon.md (content/README.md).

`python -m spielwerk.games.avalon.contentcheck [FOLDER]` prints every problem, or "content OK".

Each problem names the entry and the rule it breaks. The rules give no finer id for some
requirements; these name their section: `avalon.map` (the Map section), `avalon.text` (prose keys,
content/README.md "Prose"). The verses' checks and the measures they use (expected net gain, worst
case: content/README.md "Measures") are in `versecheck` and `versemeasure`:

- *expected net gain*: per member, resources gained minus resources and pools lost (Terror counts
  the other way, items their bonus, a relic 4), for a lone leader of attribute 2 and no item, tests
  and encounter rounds by the rules' formula on a d6, the leader taking the option and the flight of
  best expectation; at least 1 counting only options without a `member`, `relic` or `quest` if, at
  most 3 counting every option;
- *worst case*: the least such net value of any path, whatever the leader chooses, each test either
  way, an encounter won at once or fled after its first failed round; at least −2.
"""

from __future__ import annotations

import sys
from collections import deque

from spielwerk.games.avalon.content import (
    ATTRIBUTES,
    LANGUAGES,
    RESOURCES,
    SHORT_NAME,
    ChoiceNode,
    Content,
    ContentError,
    Effect,
    load_content,
)
from spielwerk.games.avalon.versecheck import arrow_problem, check_verses, effect_problem, verse_effects

MAP, SETUP, WIN, TEXT = "avalon.map", "avalon.setup", "avalon.win", "avalon.text"
MENHIR = "avalon.menhir.activate"
VERSE_FORMAT = "avalon.verse.format"
CHARACTERS = (1, 2, 3, 4)
DROWNED_CIRCLE = 10


def validate(content: Content) -> list[str]:
    """Every way `content` falls short of the rules' requirements ([] when it meets them all)."""
    return [*check_verses(content), *_check_map(content), *_check_characters(content),
            *_check_effects(content), *_check_text(content)]


def _check_map(content: Content) -> list[str]:
    problems = []
    for a, b in sorted(content.arrows):
        why = arrow_problem(f"{a}>{b}", content, f"arrow {a}>{b}")
        if why:
            problems.append(f"{why} ({MAP})")
    if content.start not in content.locations:
        problems.append(f"start {content.start} is no location ({SETUP})")
    elif content.start not in content.placed:
        problems.append(f"start {content.start} is not placed ({SETUP})")
    problems += [f"placed {n} is no location ({SETUP})" for n in content.placed if n not in content.locations]
    for location in content.locations.values():
        for amount in location.menhir or ():
            if amount.kind not in RESOURCES:
                problems.append(f"location {location.number}: menhir cost {amount} is not a resource "
                                f"({MENHIR})")
    reached = reachable(content)
    goals = {n: "a relic site" for n, loc in content.locations.items() if loc.relic}
    goals[DROWNED_CIRCLE] = "the Drowned Circle"
    for quest in content.quests.values():
        if quest.location:
            goals.setdefault(quest.location, f"quest {quest.id}")
    for number, what in sorted(goals.items()):
        if number not in content.locations:
            problems.append(f"location {number} ({what}) does not exist ({WIN})")
        elif number not in reached:
            problems.append(f"location {number} ({what}) cannot be reached from the start ({WIN})")
    return problems


def reachable(content: Content) -> set[int]:
    """The locations reachable from the start by arrows, verse moves and location-action moves."""
    edges = {a: set[int]() for a in content.locations}
    for a, b in content.arrows:
        edges.setdefault(a, set()).add(b)
    moves = [(loc.number, loc.action.effects) for loc in content.locations.values() if loc.action]
    moves += [(verse.location, tuple(verse_effects(verse))) for verse in content.verses.values()]
    for here, effects in moves:
        for effect in effects:
            if effect.op == "move" and isinstance(effect.args[0], int):
                edges.setdefault(here, set()).add(effect.args[0])
    reached, queue = {content.start}, deque([content.start])
    while queue:
        for there in edges.get(queue.popleft(), ()):
            if there not in reached:
                reached.add(there)
                queue.append(there)
    return reached


def _check_characters(content: Content) -> list[str]:
    problems = []
    if tuple(sorted(content.characters)) != CHARACTERS:
        problems.append(f"the characters are {sorted(content.characters)}; they must be 1–4 ({SETUP})")
    for number, character in sorted(content.characters.items()):
        at = f"character {number}"
        if character.item not in content.items:
            problems.append(f"{at}: item {character.item} does not exist ({SETUP})")
        for amount in character.start:
            if amount.kind not in RESOURCES:
                problems.append(f"{at}: start {amount} is not a resource ({SETUP})")
        for field in ("health", "energy", "terror_limit", *ATTRIBUTES):
            if getattr(character, field) < 1:
                problems.append(f"{at}: {field} {getattr(character, field)} must be at least 1 ({SETUP})")
    return problems


def _check_effects(content: Content) -> list[str]:
    """Effects outside verses: location actions and instants, quests, dreams, guardians."""
    sources: list[tuple[str, str, tuple[Effect, ...], str]] = []
    problems = []
    for loc in content.locations.values():
        if loc.action:
            label = f"location {loc.number} action {loc.action.slug}"
            sources.append((label, MAP, loc.action.effects, "action"))
            if loc.action.special and len(loc.action.effects) > 1:
                problems.append(f"{label}: {loc.action.special} is its only effect ({MAP})")
        if loc.instant:
            sources.append((f"location {loc.number} instant", MAP, loc.instant.effects, "other"))
    for quest in content.quests.values():
        effects = (*quest.passed, *quest.failed, *quest.effects, *quest.expired)
        sources.append((f"quest {quest.id}", "avalon.event.quest", effects, "other"))
    sources += [(f"dream {dream}", "avalon.end.dreams", listed, "other")
                for dream, listed in content.dreams.items()]
    sources += [(f"guardian {slug}", "avalon.encounter", guardian.foe.reward, "other")
                for slug, guardian in content.guardians.items()]
    for label, rule, listed, place in sources:
        for effect in listed:
            why = effect_problem(effect, content, place)
            if why:
                problems.append(f"{label}: {why} ({rule})")
    return problems


def text_keys(content: Content) -> list[str]:
    """Every prose key the content needs, in each language."""
    keys = [f"location.{n}{part}" for n in content.locations for part in ("", ".short")]
    for n in content.characters:
        keys += [f"character.{n}", f"character.{n}.title", f"character.{n}.ability"]
    keys += [f"item.{slug}{part}" for slug in content.items for part in ("", ".short")]
    keys += [f"relic.{slug}" for slug in ("mirror", "horn", "bell")]
    keys += [f"guardian.{slug}" for slug in content.guardians]
    keys += [f"action.{loc.action.slug}" for loc in content.locations.values() if loc.action]
    keys += [f"action.{quest.slug}" for quest in content.quests.values() if quest.slug]
    for kind, ids in (("event", content.events), ("dream", content.dreams)):
        for entry in ids:
            keys += [f"{kind}.{entry}", f"{kind}.{entry}.text"]
    return keys + verse_keys(content)


def verse_keys(content: Content) -> list[str]:
    """The prose keys of the verses: each node, and each option of a choice."""
    keys = []
    for verse_id, verse in content.verses.items():
        for name, node in verse.nodes.items():
            keys.append(f"verse.{verse_id}.{name}")
            if isinstance(node, ChoiceNode):
                keys += [f"verse.{verse_id}.{name}.{k}" for k in range(1, len(node.options) + 1)]
    return keys


def _check_text(content: Content) -> list[str]:
    problems = []
    needed = text_keys(content)
    verse_needed = set(verse_keys(content))
    for language in LANGUAGES:
        texts = content.texts.get(language, {})
        for key in needed:
            if not texts.get(key, "").strip():
                rule = VERSE_FORMAT if key in verse_needed else TEXT
                problems.append(f"text.{language}: {key} is missing ({rule})")
        shorts = {n: texts.get(f"location.{n}.short", "").strip() for n in content.locations}
        for n, short in shorts.items():
            key = f"text.{language}: location.{n}.short"
            if len(short) > SHORT_NAME:
                problems.append(f"{key} is over {SHORT_NAME} characters ({TEXT})")
            elif short and list(shorts.values()).count(short) > 1:
                problems.append(f"{key} is another location's too ({TEXT})")
        for key in sorted(texts):
            if key.startswith("verse.") and key not in verse_needed:
                problems.append(f"text.{language}: {key} names no verse node or option ({VERSE_FORMAT})")
    return problems


def main(argv: list[str]) -> int:
    """Check the content in the folder named in `argv` (or spielwerk's own); 0 when it is fine."""
    try:
        content = load_content(argv[0] if argv else None)
    except (ContentError, OSError) as error:
        print(f"cannot read the content: {error}")
        return 2
    problems = validate(content)
    for problem in problems:
        print(problem)
    if not problems:
        print("content OK")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
