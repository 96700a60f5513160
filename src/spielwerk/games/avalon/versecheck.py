"""The checks of avalon.verse.format and avalon.verse.content (used by `contentcheck`).

The measures they bound (expected net gain, worst and best case, Energy) are defined in
`versemeasure` and content/README.md, "Measures".
"""

from __future__ import annotations

from spielwerk.games.avalon.content import (
    END,
    SPECIAL_EFFECTS,
    Amount,
    ChoiceNode,
    Condition,
    Content,
    Effect,
    EncounterNode,
    Node,
    Option,
    TestNode,
    Verse,
)
from spielwerk.games.avalon.versemeasure import (
    CONTENT_RULE,
    FORMAT,
    FOUND_ITEMS,
    MAX_ENERGY,
    MAX_GAIN,
    MAX_NODES,
    MIN_DREAD,
    MIN_GAIN,
    MIN_MAP_CHANGES,
    RISKY_BEST,
    RISKY_LOCATION,
    WORST_LOSS,
    Measures,
    find_cycle,
    measure,
    successors,
)

MIRROR_BY_TEST, MIRROR_BY_CHOICE = "5a", "5b"
"""The Saltmarsh's verses: the mirror on a test, and the mirror for a price (its choice replaces the test)."""
MIRROR_VERSES = (MIRROR_BY_TEST, MIRROR_BY_CHOICE)

# ----- checks ----------------------------------------------------------------------------------
def effect_problem(effect: Effect, content: Content, place: str = "verse") -> str | None:
    """Why `effect` names something that does not exist or has no place there (None when it is
    fine); `place` is "verse", "action" (a location's action) or "other"."""
    op, args = effect.op, effect.args
    if op in SPECIAL_EFFECTS and place != "action":
        return f"{effect} belongs to a location action only"
    if op == "hunt" and place == "verse":
        return f"{effect} is not a verse effect"
    if op == "item" and args[0] not in content.items:
        return f"{effect} names no item"
    if op == "move" and args[0] not in content.locations:
        return f"{effect} moves to no location"
    if op == "marker":
        location = content.locations.get(int(args[0]))
        if location is None:
            return f"{effect} names no location"
        if getattr(location, str(args[1])) is None:
            return f"{effect}: location {args[0]} has no {args[1]}"
    if op == "arrow":
        return arrow_problem(str(args[0]), content, f"{effect}")
    if op == "counter" and not (args[0] in content.quests and content.quests[str(args[0])].counter):
        return f"{effect} names no quest with a counter"
    return None


def arrow_problem(text: str, content: Content, label: str) -> str | None:
    """Why the arrow `a=b` or `a>b` cannot be (None when its ends are orthogonal neighbours)."""
    a, b = (int(side) for side in text.replace("=", ">").split(">"))
    for end in (a, b):
        if end not in content.locations:
            return f"{label}: {end} is no location (a lake or off the map)"
    here, there = content.locations[a], content.locations[b]
    if abs(here.column - there.column) + abs(here.row - there.row) != 1:
        return f"{label}: {a} and {b} are not orthogonal neighbours"
    return None


def check_verses(content: Content) -> list[str]:
    """Every way the verses break avalon.verse.format or avalon.verse.content."""
    problems: list[str] = []
    for number in content.locations:
        for side in "ab":
            if f"{number}{side}" not in content.verses:
                problems.append(f"location {number}: verse {number}{side} is missing ({FORMAT})")
    measured: dict[str, Measures] = {}
    for verse_id, verse in content.verses.items():
        found = _check_shape(verse, content)
        problems += found
        if not found:
            measured[verse_id] = measure(verse, content)
            problems += _check_measures(verse, measured[verse_id])
    problems += _check_counts(content)
    problems += _check_gifts(content)
    return problems


def _check_shape(verse: Verse, content: Content) -> list[str]:
    vid, problems = verse.id, []
    if verse.location not in content.locations:
        problems.append(f"verse {vid}: location {verse.location} does not exist ({FORMAT})")
    for name, node in verse.nodes.items():
        at = f"verse {vid}.{name}"
        for target in successors(node):
            if target != END and target not in verse.nodes:
                problems.append(f"{at}: goes on to {target!r}, which is no node ({FORMAT})")
        if isinstance(node, ChoiceNode) and not 2 <= len(node.options) <= 3:
            problems.append(f"{at}: a choice has {len(node.options)} options; it needs 2–3 ({FORMAT})")
        if isinstance(node, TestNode) and not 4 <= node.difficulty <= 9:
            problems.append(f"{at}: test difficulty {node.difficulty} is outside 4–9 ({FORMAT})")
        if isinstance(node, EncounterNode) and node.foe.damage.kind not in ("health", "terror"):
            problems.append(f"{at}: damage {node.foe.damage} is neither health nor terror ({FORMAT})")
        for effect in _effects(node):
            why = effect_problem(effect, content)
            if why:
                problems.append(f"{at}: {why} ({FORMAT})")
        for condition in _conditions(node):
            if (condition.op == "member" and condition.args[0] not in content.characters) or (
                    condition.op == "quest" and condition.args[0] not in content.quests):
                problems.append(f"{at}: if {condition.op} {condition.args[0]} names nothing ({FORMAT})")
    if problems:
        return problems
    cycle = find_cycle(verse)
    if cycle:
        return [f"verse {vid}: nodes go round in a cycle: {' → '.join(cycle)} ({FORMAT})"]
    reached, todo = set(), ["start"]
    while todo:
        name = todo.pop()
        if name != END and name not in reached:
            reached.add(name)
            todo += successors(verse.nodes[name])
    return [f"verse {vid}: node {name} cannot be reached from start ({FORMAT})"
            for name in verse.nodes if name not in reached]


def _effects(node: Node) -> list[Effect]:
    if isinstance(node, ChoiceNode):
        return [effect for option in node.options for effect in option.effects]
    if isinstance(node, TestNode):
        return [*node.passed.effects, *node.failed.effects]
    return list(node.foe.reward)


def _conditions(node: Node) -> list[Condition]:
    return [c for option in node.options for c in option.conditions] if isinstance(node, ChoiceNode) else []


def _check_measures(verse: Verse, measured: Measures) -> list[str]:
    vid, nodes, problems = verse.id, verse.nodes.values(), []
    rule = CONTENT_RULE
    if measured.nodes > MAX_NODES:
        problems.append(f"verse {vid}: a path passes {measured.nodes} nodes; at most {MAX_NODES} ({rule})")
    choices = [(name, node) for name, node in verse.nodes.items() if isinstance(node, ChoiceNode)]
    if not choices:
        problems.append(f"verse {vid}: has no choice ({rule})")
    for name, choice in choices:
        first = choice.options[0]
        if first.conditions or first.cost:
            problems.append(f"verse {vid}.{name}: the first option has an if or a cost; it must be a free "
                            f"way out ({rule})")
    if verse.id != MIRROR_BY_CHOICE and not any(isinstance(n, TestNode | EncounterNode) for n in nodes):
        problems.append(f"verse {vid}: has neither a test nor an encounter ({rule})")
    if measured.low < MIN_GAIN:
        problems.append(f"verse {vid}: expected net gain {float(measured.low):.2f} is below {MIN_GAIN} "
                        f"({rule})")
    if measured.high > MAX_GAIN:
        problems.append(f"verse {vid}: expected net gain {float(measured.high):.2f} (every if holding) is "
                        f"above {MAX_GAIN} ({rule})")
    if measured.worst < -WORST_LOSS:
        problems.append(f"verse {vid}: worst case {measured.worst} loses more than {WORST_LOSS} per member "
                        f"({rule})")
    if measured.energy > MAX_ENERGY:
        problems.append(f"verse {vid}: gives up to {measured.energy} Energy; at most {MAX_ENERGY} ({rule})")
    if verse.location == RISKY_LOCATION and (measured.worst > -WORST_LOSS or measured.best < RISKY_BEST):
        problems.append(f"verse {vid}: the Moss Ruins are high risk, high reward: worst case "
                        f"{measured.worst} must be -{WORST_LOSS}, best case {measured.best} at least "
                        f"{RISKY_BEST} ({rule})")
    return problems


def verse_effects(verse: Verse) -> list[Effect]:
    """Every effect a verse names (options, test outcomes, encounter rewards)."""
    return [effect for node in verse.nodes.values() for effect in _effects(node)]


def _dreadful(verse: Verse) -> bool:
    """Whether the verse can raise Omen or Terror (an effect, a Terror cost or a Terror damage)."""
    for effect in verse_effects(verse):
        amount = effect.args[-1] if effect.args else 0
        if isinstance(amount, int) and amount > 0 and (
                effect.op in ("omen", "terror") or (effect.op == "gain" and effect.args[0] == "terror")):
            return True
    for node in verse.nodes.values():
        if isinstance(node, EncounterNode) and node.foe.damage.kind == "terror":
            return True
        if isinstance(node, ChoiceNode) and any(
                a.kind == "terror" and a.n > 0 for o in node.options for a in o.cost):
            return True
    return False


def _check_counts(content: Content) -> list[str]:
    problems = []
    changers = [v for v in content.verses.values()
                if any(e.op in ("arrow", "marker", "move") for e in verse_effects(v))]
    if len(changers) < MIN_MAP_CHANGES:
        problems.append(f"only {len(changers)} verses change the map; at least {MIN_MAP_CHANGES} "
                        f"({CONTENT_RULE})")
    dread = [v for v in content.verses.values() if _dreadful(v)]
    if len(dread) < MIN_DREAD:
        problems.append(f"only {len(dread)} verses raise Omen or Terror; at least {MIN_DREAD} "
                        f"({CONTENT_RULE})")
    return problems


def counts(content: Content) -> tuple[int, int]:
    """How many verses change the map and how many raise Omen or Terror."""
    verses = content.verses.values()
    return (sum(any(e.op in ("arrow", "marker", "move") for e in verse_effects(v)) for v in verses),
            sum(_dreadful(v) for v in verses))


def _check_gifts(content: Content) -> list[str]:
    problems: list[str] = []
    givers: dict[str, list[str]] = {slug: [] for slug in FOUND_ITEMS}
    rule = CONTENT_RULE
    for verse in content.verses.values():
        for effect in verse_effects(verse):
            slug = str(effect.args[0]) if effect.args else ""
            if effect.op == "item" and slug in givers:
                if verse.id not in givers[slug]:
                    givers[slug].append(verse.id)
            elif effect.op == "item":
                problems.append(f"verse {verse.id} gives item {slug}, which no verse may give ({rule})")
            elif effect.op == "relic" and (slug != "mirror" or verse.id not in MIRROR_VERSES):
                problems.append(f"verse {verse.id} gives relic {slug}; only 5a and 5b give one, the mirror "
                                f"({rule})")
    for slug, location in FOUND_ITEMS.items():
        at = [vid for vid in givers[slug] if content.verses[vid].location == location]
        if len(givers[slug]) != 1 or len(at) != 1:
            problems.append(f"item {slug} comes from verses {givers[slug]}; it must come from exactly one, "
                            f"at location {location} ({rule})")
    return problems + _check_mirror(content)


def _leaves(option: Option) -> bool:
    return not (option.conditions or option.cost or option.effects) and option.next == END


def _check_mirror(content: Content) -> list[str]:
    problems = []
    mirror = Effect("relic", ("mirror",))
    for vid in (MIRROR_BY_TEST, MIRROR_BY_CHOICE):
        start = content.verses[vid].nodes["start"] if vid in content.verses else None
        if not (isinstance(start, ChoiceNode) and _leaves(start.options[0])):
            problems.append(f"verse {vid}: must open with a choice whose first option leaves with nothing "
                            f"({CONTENT_RULE})")
    verse = content.verses.get(MIRROR_BY_TEST)
    tests = [n for n in verse.nodes.values() if isinstance(n, TestNode)] if verse else []
    if not any((n.attr, n.difficulty) == ("wits", 6) and mirror in n.passed.effects
               and Effect("terror", (2,)) in n.failed.effects for n in tests):
        problems.append(f"verse {MIRROR_BY_TEST}: must give the mirror on a wits 6 test (fail: terror 2) "
                        f"({CONTENT_RULE})")
    verse = content.verses.get(MIRROR_BY_CHOICE)
    start = verse.nodes["start"] if verse else None
    options = start.options if isinstance(start, ChoiceNode) else ()
    prices = {option.cost for option in options if mirror in option.effects}
    if prices != {(Amount("magic", 2),), (Amount("terror", 3),)}:
        problems.append(f"verse {MIRROR_BY_CHOICE}: its choice must give the mirror for magic 2 or for "
                        f"terror 3 ({CONTENT_RULE})")
    return problems
