"""Avalon's content read from the TOML files in `content/`: map, characters, events, verses, numbers.

The files are the only description of the content (content/README.md gives their words); this
module turns them into immutable values and refuses what it cannot read, naming the file and entry.
Whether the content meets the rules' requirements is `contentcheck`'s job.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

RESOURCES = ("food", "wealth", "magic", "reputation")
POOLS = ("health", "energy", "terror")
ATTRIBUTES = ("might", "wits", "spirit")
STATUSES = ("feverish", "blessed")
RELICS = ("mirror", "horn", "bell")
LANGUAGES = ("en", "de", "fr")
SHORT_NAME = 10
"""The most characters of a location's short name (`location.<n>.short`), a terminal card's width."""
END = "end"
"""The node name that ends a verse."""


class ContentError(ValueError):
    """Content that cannot be read: the message names the file and the entry."""


class Amount(NamedTuple):
    """A cost or a damage: `food 2`, `terror 3`, `health 2`."""

    kind: str
    n: int

    def __str__(self) -> str:
        return f"{self.kind} {self.n}"


class Effect(NamedTuple):
    """One effect of content/README.md: its word and its arguments (`gain`, ("food", 1))."""

    op: str
    args: tuple[str | int, ...]

    def __str__(self) -> str:
        return " ".join([self.op, *map(str, self.args)])


class Condition(NamedTuple):
    """One `if` of a verse option: `has magic 2`, `member 3`, `relic horn`, `quest Q1`."""

    op: str
    args: tuple[str | int, ...]


class Foe(NamedTuple):
    """An encounter's opponent: attribute and strength, damage per failed round, reward on a win."""

    attr: str
    strength: int
    damage: Amount
    reward: tuple[Effect, ...]


class Option(NamedTuple):
    """One option of a verse choice."""

    conditions: tuple[Condition, ...]
    cost: tuple[Amount, ...]
    effects: tuple[Effect, ...]
    next: str


class Outcome(NamedTuple):
    """What follows a test's pass or fail."""

    effects: tuple[Effect, ...]
    next: str


class ChoiceNode(NamedTuple):
    """A verse node where the leader chooses."""

    options: tuple[Option, ...]


class TestNode(NamedTuple):
    """A verse node with a test of the group."""

    attr: str
    difficulty: int
    passed: Outcome
    failed: Outcome


class EncounterNode(NamedTuple):
    """A verse node with an encounter; `won` and `lost` name where it goes on."""

    foe: Foe
    won: str
    lost: str


Node = ChoiceNode | TestNode | EncounterNode


class Verse(NamedTuple):
    """A verse on the back of a location card: `7a`, with its nodes (`start` first)."""

    id: str
    location: int
    nodes: Mapping[str, Node]


class Action(NamedTuple):
    """A location action: `act <slug>`."""

    slug: str
    cost: tuple[Amount, ...]
    effects: tuple[Effect, ...]
    markers: int

    @property
    def special(self) -> str:
        """"wake" (avalon.win) or "augury" (avalon.event.deck) where its effect makes the action one
        of these, else ""."""
        return next((effect.op for effect in self.effects if effect.op in SPECIAL_EFFECTS), "")


class Instant(NamedTuple):
    """A location's instant effect on each arriving character."""

    effects: tuple[Effect, ...]
    markers: int


class Location(NamedTuple):
    """A location card and its slot on the grid (column 0–5 west to east, row 0–3 north to south)."""

    number: int
    column: int
    row: int
    keywords: frozenset[str]
    menhir: tuple[Amount, ...] | None
    action: Action | None
    instant: Instant | None
    relic: str | None

    @property
    def shelter(self) -> bool:
        """Whether the location is a shelter."""
        return "shelter" in self.keywords


class Character(NamedTuple):
    """A character's printed values."""

    number: int
    slug: str
    health: int
    energy: int
    terror_limit: int
    might: int
    wits: int
    spirit: int
    start: tuple[Amount, ...]
    item: str


class Item(NamedTuple):
    """An item: its keyword, the attribute the keyword helps, and its bonus."""

    slug: str
    keyword: str
    attr: str
    bonus: int


class Quest(NamedTuple):
    """A quest card (red padlock). Unused fields are empty or 0."""

    id: str
    dial: int
    counter: int
    location: int
    slug: str
    cost: tuple[Amount, ...]
    test: tuple[str, int] | None
    passed: tuple[Effect, ...]
    failed: tuple[Effect, ...]
    markers: int
    effects: tuple[Effect, ...]
    reward: tuple[Amount, ...]
    closes: str
    expired: tuple[Effect, ...]
    expired_difficulty: int
    expired_markers: int


class Guardian(NamedTuple):
    """A guardian: where it starts (or enters), and the fight it gives."""

    slug: str
    start: int
    enters: int
    foe: Foe


@dataclass(frozen=True)
class Content:
    """All of Avalon's content."""

    columns: int
    rows: int
    lakes: frozenset[tuple[int, int]]
    locations: Mapping[int, Location]
    arrows: frozenset[tuple[int, int]]
    """Directed arrows (from, to); a two-way arrow is two."""
    start: int
    placed: tuple[int, ...]
    characters: Mapping[int, Character]
    keywords: Mapping[str, str]
    items: Mapping[str, Item]
    quests: Mapping[str, Quest]
    events: Mapping[str, Mapping[str, Any]]
    """Every event id (quests included) with its raw numbers from events.toml."""
    first_segment: tuple[str, ...]
    dreams: Mapping[str, tuple[Effect, ...]]
    guardians: Mapping[str, Guardian]
    numbers: Mapping[str, Mapping[str, Any]]
    verses: Mapping[str, Verse]
    texts: Mapping[str, Mapping[str, str]]
    """Per language, every prose key (`verse.7a.start`) with its text."""

    def at(self, column: int, row: int) -> int | None:
        """The location on a grid slot, or None (a lake or off the map)."""
        return self._slots.get((column, row))

    def number(self, section: str, name: str) -> Any:
        """A number of numbers.toml (`number("rest", "eat_food")`)."""
        return self.numbers[section][name]

    def text(self, key: str, language: str = "en") -> str:
        """The prose of `key` in `language`, English where that language lacks it, else the key."""
        return self.texts.get(language, {}).get(key) or self.texts["en"].get(key, key)

    @property
    def _slots(self) -> dict[tuple[int, int], int]:
        slots: dict[tuple[int, int], int] | None = self.__dict__.get("_slot_cache")
        if slots is None:
            slots = {(loc.column, loc.row): loc.number for loc in self.locations.values()}
            object.__setattr__(self, "_slot_cache", slots)
        return slots


# ----- reading ---------------------------------------------------------------------------------
SPECIAL_EFFECTS = ("wake", "augury")
"""Effects that make a location action the win or an augury; the only effect of its action."""
_EFFECT_SHAPES: dict[str, tuple[str, ...]] = {
    "gain": ("resource_or_pool", "int"),
    "each": ("resource", "int"),
    "health": ("int",),
    "energy": ("int",),
    "terror": ("int",),
    "item": ("word",),
    "relic": ("relic",),
    "status": ("status", "int"),
    "omen": ("int",),
    "counter": ("word", "int"),
    "marker": ("int", "marker", "int"),
    "arrow": ("arrow", "change"),
    "move": ("int",),
    "wake": (),
    "augury": (),
    "hunt": ("word",),
}
_CONDITION_SHAPES: dict[str, tuple[str, ...]] = {
    "has": ("resource_or_pool", "int"),
    "member": ("int",),
    "relic": ("relic",),
    "quest": ("word",),
}


def _word(kind: str, text: str, where: str) -> str | int:
    allowed = {
        "resource": RESOURCES, "resource_or_pool": RESOURCES + POOLS, "relic": RELICS,
        "status": STATUSES, "marker": ("action", "instant"), "change": ("add", "remove"),
    }
    if kind == "int":
        sign, digits = (-1, text[1:]) if text.startswith("-") else (1, text)
        if not (digits.isascii() and digits.isdigit()):
            raise ContentError(f"{where}: {text!r} is not a whole number")
        return sign * int(digits)
    if kind == "arrow":
        joint = "=" if "=" in text else ">"
        a, _, b = text.partition(joint)
        if not (a.isdigit() and b.isdigit()):
            raise ContentError(f"{where}: {text!r} is not an arrow like 4=10 or 4>5")
        return text
    if kind in allowed and text not in allowed[kind]:
        raise ContentError(f"{where}: {text!r} is not one of {', '.join(allowed[kind])}")
    return text


def _int(text: str, where: str) -> int:
    value = _word("int", text, where)
    return value if isinstance(value, int) else 0


def _phrase(text: Any, shapes: dict[str, tuple[str, ...]], where: str) -> tuple[str, tuple[str | int, ...]]:
    if not isinstance(text, str) or not text.split():
        raise ContentError(f"{where}: {text!r} is not a phrase")
    op, *words = text.split()
    shape = shapes.get(op)
    if shape is None:
        raise ContentError(f"{where}: unknown word {op!r} in {text!r}")
    if len(words) != len(shape):
        raise ContentError(f"{where}: {text!r} takes {len(shape)} argument(s)")
    return op, tuple(_word(kind, word, f"{where}: {text!r}") for kind, word in zip(shape, words, strict=True))


def effects(items: Any, where: str) -> tuple[Effect, ...]:
    """Effects from a list of phrases."""
    return tuple(Effect(*_phrase(item, _EFFECT_SHAPES, where)) for item in _list(items, where))


def _conditions(items: Any, where: str) -> tuple[Condition, ...]:
    return tuple(Condition(*_phrase(item, _CONDITION_SHAPES, where)) for item in _list(items, where))


def amounts(items: Any, where: str) -> tuple[Amount, ...]:
    """Costs or gains like `food 2` from a list of phrases."""
    return tuple(_amount(item, where) for item in _list(items, where))


def _amount(text: Any, where: str) -> Amount:
    if not isinstance(text, str) or len(text.split()) != 2:
        raise ContentError(f"{where}: {text!r} is not an amount like 'food 2'")
    kind, n = text.split()
    _word("resource_or_pool", kind, where)
    return Amount(kind, _int(n, where))


def _rated(text: Any, where: str) -> tuple[str, int]:
    """`might 6`: an attribute and a number."""
    if not isinstance(text, str) or len(text.split()) != 2 or text.split()[0] not in ATTRIBUTES:
        raise ContentError(f"{where}: {text!r} is not like 'might 6'")
    return text.split()[0], _int(text.split()[1], where)


def _list(items: Any, where: str) -> list[Any]:
    if items is None:
        return []
    if not isinstance(items, list):
        raise ContentError(f"{where}: expected a list, not {items!r}")
    return items


def _foe(entry: Mapping[str, Any], key: str, where: str) -> Foe:
    attr, strength = _rated(entry.get(key), where)
    return Foe(attr, strength, _amount(entry.get("damage"), where), effects(entry.get("reward"), where))


def _node(entry: Any, where: str) -> Node:
    if not isinstance(entry, dict):
        raise ContentError(f"{where}: a node is a table")
    kinds = [kind for kind in ("choice", "test", "encounter") if kind in entry]
    if len(kinds) != 1:
        raise ContentError(f"{where}: a node has exactly one of choice, test, encounter")
    if kinds == ["choice"]:
        options = []
        for k, option in enumerate(_list(entry["choice"], where), 1):
            at = f"{where} option {k}"
            if not isinstance(option, dict):
                raise ContentError(f"{at}: an option is a table")
            options.append(Option(
                _conditions(option.get("if"), at), amounts(option.get("cost"), at),
                effects(option.get("do"), at), _next(option, at),
            ))
        return ChoiceNode(tuple(options))
    if kinds == ["test"]:
        attr, difficulty = _rated(entry["test"], where)
        return TestNode(attr, difficulty, _outcome(entry.get("pass"), f"{where} pass"),
                        _outcome(entry.get("fail"), f"{where} fail"))
    foe = _foe(entry, "encounter", where)
    return EncounterNode(foe, _next(entry, where, "won"), _next(entry, where, "lost"))


def _outcome(entry: Any, where: str) -> Outcome:
    if not isinstance(entry, dict):
        raise ContentError(f"{where}: expected a table with do and next")
    return Outcome(effects(entry.get("do"), where), _next(entry, where))


def _next(entry: Mapping[str, Any], where: str, key: str = "next") -> str:
    target = entry.get(key)
    if not isinstance(target, str):
        raise ContentError(f"{where}: {key} names a node or 'end'")
    return target


def _verses(data: Mapping[str, Any]) -> dict[str, Verse]:
    verses = {}
    for verse_id, nodes in data.get("verse", {}).items():
        where = f"verses.toml verse.{verse_id}"
        if not (verse_id[:-1].isdigit() and verse_id[-1] in "ab") or not isinstance(nodes, dict):
            raise ContentError(f"{where}: a verse is named like 7a or 7b and holds nodes")
        parsed = {name: _node(node, f"{where}.{name}") for name, node in nodes.items()}
        if "start" not in parsed:
            raise ContentError(f"{where}: there is no start node")
        for name, node in parsed.items():
            for target in _targets(node):
                if target != END and target not in parsed:
                    raise ContentError(f"{where}.{name}: goes on to {target!r}, which is no node")
        verses[verse_id] = Verse(verse_id, int(verse_id[:-1]), parsed)
    return verses


def _targets(node: Node) -> list[str]:
    if isinstance(node, ChoiceNode):
        return [option.next for option in node.options]
    if isinstance(node, TestNode):
        return [node.passed.next, node.failed.next]
    return [node.won, node.lost]


def _grid(data: Mapping[str, Any]) -> tuple[dict[int, tuple[int, int]], frozenset[tuple[int, int]], int, int]:
    cells: dict[int, tuple[int, int]] = {}
    lakes = set()
    rows = data["grid"]
    for row, line in enumerate(rows):
        for column, word in enumerate(line.split()):
            if word == "~":
                lakes.add((column, row))
            elif word.isdigit() and int(word) not in cells:
                cells[int(word)] = (column, row)
            else:
                raise ContentError(f"map.toml grid row {row + 1}: {word!r} is neither a number nor ~")
    columns = max(len(line.split()) for line in rows)
    return cells, frozenset(lakes), columns, len(rows)


def _location(number: int, cell: tuple[int, int], entry: Mapping[str, Any]) -> Location:
    where = f"map.toml location.{number}"
    action = entry.get("action")
    instant = entry.get("instant")
    return Location(
        number, cell[0], cell[1], frozenset(entry.get("keywords", [])),
        amounts(entry["menhir"], where) if "menhir" in entry else None,
        Action(action["slug"], amounts(action.get("cost"), where), effects(action.get("do"), where),
               int(action.get("markers", 0))) if action else None,
        Instant(effects(instant.get("do"), where), int(instant.get("markers", 0))) if instant else None,
        entry.get("relic"),
    )


def _arrows(texts: list[str]) -> frozenset[tuple[int, int]]:
    arrows = set()
    for text in texts:
        _word("arrow", text, "map.toml arrows")
        joint = "=" if "=" in text else ">"
        a, b = (int(side) for side in text.split(joint))
        arrows.add((a, b))
        if joint == "=":
            arrows.add((b, a))
    return frozenset(arrows)


def _quest(quest_id: str, entry: Mapping[str, Any]) -> Quest:
    where = f"events.toml quest.{quest_id}"
    return Quest(
        quest_id, int(entry.get("dial", 0)), int(entry.get("counter", 0)), int(entry.get("location", 0)),
        str(entry.get("slug", "")), amounts(entry.get("cost"), where),
        _rated(entry["test"], where) if "test" in entry else None,
        effects(entry.get("pass"), where), effects(entry.get("fail"), where), int(entry.get("markers", 0)),
        effects(entry.get("do"), where), amounts(entry.get("reward"), where), str(entry.get("closes", "")),
        effects(entry.get("expired"), where), int(entry.get("expired_difficulty", 0)),
        int(entry.get("expired_markers", 0)),
    )


def parse_content(files: Mapping[str, Mapping[str, Any]]) -> Content:
    """Content from the parsed TOML files (keyed by file name without `.toml`)."""
    try:
        geography, people, happenings = files["map"], files["characters"], files["events"]
        cells, lakes, columns, rows = _grid(geography)
        locations = {
            number: _location(number, cell, geography.get("location", {}).get(str(number), {}))
            for number, cell in sorted(cells.items())
        }
        characters = {
            int(number): Character(
                int(number), entry["slug"], entry["health"], entry["energy"], entry["terror_limit"],
                entry["might"], entry["wits"], entry["spirit"],
                amounts(entry["start"], f"characters.toml character.{number}"), entry["item"],
            )
            for number, entry in people["character"].items()
        }
        keywords = dict(people["keywords"])
        items = {
            slug: Item(slug, entry["keyword"], keywords[entry["keyword"]], int(entry["bonus"]))
            for slug, entry in people["item"].items()
        }
        quests = {quest_id: _quest(quest_id, entry) for quest_id, entry in happenings["quest"].items()}
        events: dict[str, Mapping[str, Any]] = {**happenings["quest"], **happenings["event"]}
        guardians = {
            slug: Guardian(slug, int(entry.get("start", 0)), int(entry.get("enters", 0)),
                           _foe(entry, "foe", f"events.toml guardian.{slug}"))
            for slug, entry in happenings["guardian"].items()
        }
        return Content(
            columns=columns, rows=rows, lakes=lakes, locations=locations,
            arrows=_arrows(geography["arrows"]), start=int(geography["start"]),
            placed=tuple(int(n) for n in geography["placed"]), characters=characters, keywords=keywords,
            items=items, quests=quests, events=events, first_segment=tuple(happenings["deck"]["first"]),
            dreams={dream: effects(entry, f"dream {dream}") for dream, entry in happenings["dream"].items()},
            guardians=guardians, numbers=files["numbers"], verses=_verses(files.get("verses", {})),
            texts={language: _flatten(files.get(f"text.{language}", {})) for language in LANGUAGES},
        )
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, ContentError):
            raise
        raise ContentError(f"the content lacks or misstates {error}") from None


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, f"{name}."))
        else:
            flat[name] = str(value)
    return flat


FILES = ("map", "characters", "events", "numbers", "verses", *(f"text.{language}" for language in LANGUAGES))


def load_content(folder: str | Path | None = None) -> Content:
    """The content in `folder`, or the one that comes with spielwerk."""
    files: dict[str, Mapping[str, Any]] = {}
    for name in FILES:
        if folder is None:
            source = resources.files("spielwerk.games.avalon").joinpath("content", f"{name}.toml")
            if not source.is_file():
                continue
            text = source.read_text(encoding="utf-8")
        else:
            path = Path(folder) / f"{name}.toml"
            if not path.is_file():
                continue
            text = path.read_text(encoding="utf-8")
        try:
            files[name] = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise ContentError(f"{name}.toml is not valid TOML: {error}") from None
    return parse_content(files)


CONTENT = load_content()
"""The content every Avalon game is played with."""
