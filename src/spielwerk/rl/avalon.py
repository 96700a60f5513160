"""Avalon for learning programs: action indices and observations (version 1).

Actions, 108 indices, the same for 1 to 4 players (docs/research.md), every one derived from the
content: its locations' and quests' action slugs, its guardians, items, relics and characters, and the
most options a verse choice has. Characters count by number (1 Cadoc … 4 Tegid), whoever plays them.
  explore      1
  travel       4        north, east, south, west
  act          16       the location actions in location order, then the quests' (`act forage`)
  activate     1
  challenge    2        stag, widow
  give         14 × 4   food, wealth, magic, reputation, the 7 items, the 3 relics × the taker's number
  wait, pass   1 each
  join         4        the leader's number
  decline      1
  choose       3        a verse option by its number
  fight, flee  1 each
  equip        7        the item
  rest         3        eat, feast, fast
  improve      6        might, wits, spirit, energy, health, none
Chance outcomes (dice, verse sides, events, dreams, reveals) have no index: the environment draws them.

The observation is one float vector whose blocks (`layout(players)`) depend on the player count; it
holds only what the seat's view holds (a location's back only where the seat may know it, the top
event only for those who saw it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spielwerk.core.state import Action, State
from spielwerk.games.avalon import flow
from spielwerk.games.avalon.content import ATTRIBUTES, CONTENT, POOLS, RELICS, RESOURCES, ChoiceNode
from spielwerk.games.avalon.day import NEIGHBOURS
from spielwerk.games.avalon.dusk import ATTRIBUTE_IMPROVEMENTS
from spielwerk.games.avalon.notation import DIRECTIONS, Move
from spielwerk.games.avalon.world import slot_name
from spielwerk.rl.blocks import Blocks
from spielwerk.rl.codec import Codec, Parts

LOCATIONS = tuple(sorted(CONTENT.locations))
CHARACTERS = tuple(sorted(CONTENT.characters))
ITEMS = tuple(CONTENT.items)
GUARDIANS = tuple(CONTENT.guardians)
QUESTS = tuple(sorted(CONTENT.quests))
EVENTS = tuple(CONTENT.events)
VERSES = tuple(sorted(CONTENT.verses))
NODES = tuple(sorted({node for verse in CONTENT.verses.values() for node in verse.nodes}))
MAX_OPTIONS = max(len(node.options) for verse in CONTENT.verses.values() for node in verse.nodes.values()
                  if isinstance(node, ChoiceNode))
SLUGS = (
    *(place.action.slug for _, place in sorted(CONTENT.locations.items()) if place.action),
    *(CONTENT.quests[quest].slug for quest in QUESTS if CONTENT.quests[quest].slug),
)
"""Every `act <slug>`: the location actions in location order, then the quests' actions."""
THINGS = (*RESOURCES, *ITEMS, *RELICS)
"""What `give <thing> to <n>` can hand over."""
RESTS = ("eat", "feast", "fast")
IMPROVEMENTS = (*ATTRIBUTE_IMPROVEMENTS, "energy", "health", "none")
SINGLE = ("explore", "activate", "wait", "pass", "decline", "fight", "flee")
"""The words without an argument."""
ARGUMENTS: dict[str, tuple[str, ...]] = {
    "travel": tuple(DIRECTIONS), "act": SLUGS, "challenge": GUARDIANS, "equip": ITEMS, "rest": RESTS,
    "improve": IMPROVEMENTS, "join": tuple(map(str, CHARACTERS)),
    "choose": tuple(str(k) for k in range(1, MAX_OPTIONS + 1)),
}
"""The words whose argument is one of a fixed list, with that list."""

ACTIONS = Blocks(
    ("explore", (1,)),
    ("travel", (len(DIRECTIONS),)),
    ("act", (len(SLUGS),)),
    ("activate", (1,)),
    ("challenge", (len(GUARDIANS),)),
    ("give", (len(THINGS), len(CHARACTERS))),
    ("wait", (1,)),
    ("pass", (1,)),
    ("join", (len(CHARACTERS),)),
    ("decline", (1,)),
    ("choose", (MAX_OPTIONS,)),
    ("fight", (1,)),
    ("flee", (1,)),
    ("equip", (len(ITEMS),)),
    ("rest", (len(RESTS),)),
    ("improve", (len(IMPROVEMENTS),)),
)

# ----- the observation's vocabularies --------------------------------------------------------------
PHASES = ("dawn", "day", "dusk", "over")
FATES = ("alive", "dead", "mad")
HERO_VALUES = ("health", "max_health", "energy", "max_energy", "terror", "limit", *RESOURCES, *ATTRIBUTES,
               "feverish", "blessed")
HERO_FLAGS = ("passed", "done", "waited")
BACKS = ("?", "a", "b")
"""A placed location's back as a seat sees it: face down, or the verse it knows."""
SLOTS = tuple(slot_name((column, row)) for row in range(CONTENT.rows) for column in range(CONTENT.columns))
ARROWS = tuple(sorted((a, b) for a in LOCATIONS for b in NEIGHBOURS[a].values()))
"""Every arrow the map can have: between orthogonal neighbours, either way."""
MENHIRS = tuple(number for number in LOCATIONS if CONTENT.locations[number].menhir is not None)
KINDS = tuple(sorted({*flow.AUTOMATIC, *flow.CHANCE_KINDS, *flow.DECISIONS}))
"""Every frame the game can wait at (`view["waiting"]["for"]`)."""
FOES = (*GUARDIANS, *(event for event in EVENTS if "foe" in CONTENT.events[event]), "verse")
COSTS = (*RESOURCES, *POOLS)
VERDICTS = ("one", "six", "passed", "failed", "item")
"""How a roll went (`told.<verdict>`)."""
OUTCOMES = ("won", "time", "menhirs", "death")


def layout(players: int) -> Blocks:
    """The observation's blocks for `players` characters (seat blocks in seat order)."""
    places, characters = len(LOCATIONS), len(CHARACTERS)
    return Blocks(
        ("day", (1,)),
        ("max_days", (1,)),
        ("phase", (len(PHASES),)),
        ("omen", (1,)),
        ("mercy", (1,)),
        ("me", (players,)),
        ("turn", (players,)),                          # whose decision the game waits for
        ("hero_number", (players, characters)),        # each seat's character
        ("hero_at", (players, places)),
        ("hero_values", (players, len(HERO_VALUES))),
        ("hero_flags", (players, len(HERO_FLAGS))),
        ("hero_fate", (players, len(FATES))),
        ("hero_items", (players, len(ITEMS), 3)),      # owned, ready, equipped
        ("hero_relics", (players, len(RELICS))),
        ("placed", (places,)),
        ("explored", (places,)),
        ("back", (places, len(BACKS))),                # all 0: never placed
        ("action_markers", (places,)),
        ("instant_markers", (places,)),
        ("arrows", (len(ARROWS),)),
        ("menhir_active", (len(MENHIRS),)),
        ("menhir_dial", (len(MENHIRS),)),              # 0: active without a dial
        ("guardians", (len(GUARDIANS), len(SLOTS))),
        ("quests", (len(QUESTS), 2)),                  # on the quest pile, its dial
        ("riddle", (1,)),
        ("bell_harder", (1,)),
        ("open_events", (len(EVENTS),)),
        ("discards", (len(EVENTS),)),
        ("deck", (2,)),                                # cards left in the first and second segment
        ("top_event", (1 + len(EVENTS),)),             # fixed by an augury: unseen, or which
        ("dreams_left", (1,)),
        ("last_hero", (characters,)),                  # the last move on the map: who, what, where
        ("last_action", (ACTIONS.size,)),
        ("last_from", (places,)),
        ("last_to", (places,)),
        ("waiting", (len(KINDS),)),                    # the frame the game waits at
        ("verse", (len(VERSES),)),                     # the verse being read, its node, its options
        ("node", (len(NODES),)),
        ("options", (MAX_OPTIONS, 1 + len(COSTS))),    # there, and what it costs
        ("foe", (len(FOES),)),                         # the running fight and its round
        ("fight_round", (1,)),
        ("join_leader", (characters,)),                # a group to join: its leader and action
        ("join_action", (ACTIONS.size,)),
        ("test", (len(ATTRIBUTES) + 1,)),              # a test's attribute and difficulty
        ("told_verdict", (len(VERDICTS),)),            # the last roll
        ("told_attr", (len(ATTRIBUTES),)),
        ("told_numbers", (2,)),                        # its target and total
        ("told_face", (6,)),
        ("told_item", (len(ITEMS),)),
        ("result", (len(OUTCOMES),)),
    )


def move_index(move: Move) -> int:
    """The index of an Avalon decision; KeyError or ValueError for anything else."""
    word, arg = move.word, move.arg
    if word in SINGLE and not arg:
        return ACTIONS.index(word, 0)
    if word == "give":
        thing, _, number = arg.rpartition(" to ")
        return ACTIONS.index(word, THINGS.index(thing), CHARACTERS.index(int(number)))
    return ACTIONS.index(word, ARGUMENTS[word].index(arg))


def index_move(index: int) -> Move:
    """The decision of an index; IndexError outside the space."""
    block, at = ACTIONS.locate(index)
    if block in SINGLE:
        return Move(block)
    if block == "give":
        return Move("give", f"{THINGS[at[0]]} to {CHARACTERS[at[1]]}")
    return Move(block, ARGUMENTS[block][at[0]])


def _text_index(text: str) -> int:
    """The index of a decision written as text (`travel north`)."""
    word, _, arg = text.partition(" ")
    return move_index(Move(word, arg))


class AvalonCodec(Codec):
    """Avalon: one index per decision, its argument taken from the content."""

    game_id = "avalon"
    version = 1
    action_space = ACTIONS

    def encode(self, state: State, action: Action) -> int:
        """The index of a decision; ValueError for a chance outcome or anything else."""
        if not isinstance(action, Move):
            raise ValueError(f"{action!r} is no Avalon decision")
        try:
            return move_index(action)
        except (KeyError, ValueError):
            raise ValueError(f"{action!r} is no Avalon decision") from None

    def decode(self, state: State, index: int) -> Action:
        """The decision of `index`, the same in every position."""
        return index_move(index)

    def layout(self, players: int) -> Blocks:
        """The observation's blocks for `players` characters."""
        return layout(players)

    def fill(self, parts: Parts, view: Mapping[str, Any], options: Mapping[str, Any]) -> None:
        """The day and its dials, the characters, the island, the events, what the game waits for."""
        numbers = [hero["number"] for hero in view["characters"]]
        for name in ("day", "max_days", "omen", "mercy", "riddle", "bell_harder", "dreams_left"):
            parts[name][0] = view[name]
        parts.one_hot("phase", PHASES.index(view["phase"]))
        seat = view["seat"]
        parts.one_hot("me", seat if seat is not None and 0 <= seat < len(numbers) else None)
        who = ((view["waiting_for_message"] or {}).get("args") or {}).get("who")
        if isinstance(who, Mapping) and str(who.get("key", "")).startswith("character."):
            parts.one_hot("turn", numbers.index(int(who["key"].split(".")[1])))
        for number, hero in enumerate(view["characters"]):
            _hero(parts, number, hero)
        _island(parts, view)
        _events(parts, view)
        last = view["last_move"]
        if last is not None:
            parts.one_hot("last_hero", CHARACTERS.index(last["hero"]))
            parts.one_hot("last_action", _text_index(last["action"]))
            parts.one_hot("last_from", LOCATIONS.index(last["from"]))
            parts.one_hot("last_to", LOCATIONS.index(last["to"]))
        _waiting(parts, view["waiting"])
        _told(parts, view["told_message"])
        result = view["result"]
        parts.one_hot("result", None if result is None else OUTCOMES.index(result["outcome"]))


def _hero(parts: Parts, number: int, hero: Mapping[str, Any]) -> None:
    """One seat's character board."""
    parts["hero_number"][number, CHARACTERS.index(hero["number"])] = 1.0
    parts["hero_at"][number, LOCATIONS.index(hero["location"])] = 1.0
    parts["hero_values"][number] = [hero[name] for name in HERO_VALUES]
    parts["hero_flags"][number] = [hero[name] for name in HERO_FLAGS]
    parts["hero_fate"][number, FATES.index(hero["fate"])] = 1.0
    for item in hero["items"]:
        parts["hero_items"][number, ITEMS.index(item["slug"])] = [1.0, item["ready"], item["equipped"]]
    for relic in hero["relics"]:
        parts["hero_relics"][number, RELICS.index(relic)] = 1.0


def _island(parts: Parts, view: Mapping[str, Any]) -> None:
    """The locations as the seat knows them, the arrows, the menhirs, the guardians."""
    for location in view["locations"]:
        at = LOCATIONS.index(location["number"])
        parts["placed"][at] = location["placed"]
        parts["explored"][at] = location["explored"]
        parts["action_markers"][at] = location["action_markers"]
        parts["instant_markers"][at] = location["instant_markers"]
        back = location["back"]
        if back:
            parts["back"][at, BACKS.index(back if back == "?" else back[-1])] = 1.0
    for arrow in view["arrows"]:
        a, _, b = arrow.partition(">")
        parts["arrows"][ARROWS.index((int(a), int(b)))] = 1.0
    for place, dial in view["menhirs"].items():
        parts["menhir_active"][MENHIRS.index(int(place))] = 1.0
        parts["menhir_dial"][MENHIRS.index(int(place))] = dial
    for slug, slot in view["guardians"].items():
        parts["guardians"][GUARDIANS.index(slug), SLOTS.index(slot)] = 1.0


def _events(parts: Parts, view: Mapping[str, Any]) -> None:
    """The quest pile, the open and discarded events, the decks and the top card an augury fixed."""
    for quest in view["quests"]:
        parts["quests"][QUESTS.index(quest["id"])] = [1.0, quest["dial"]]
    for name in ("open_events", "discards"):
        for event in view[name]:
            parts[name][EVENTS.index(event)] = 1.0
    parts["deck"][:] = [view["deck"]["first"], view["deck"]["second"]]
    top = view["top_event"]
    if top:
        parts.one_hot("top_event", 0 if top == "?" else 1 + EVENTS.index(top))


def _waiting(parts: Parts, waiting: Mapping[str, Any]) -> None:
    """The frame the game waits at, the verse being read with its node's options, the running fight,
    the group to join, the test."""
    if not waiting:
        return
    parts.one_hot("waiting", KINDS.index(waiting["for"]))
    if "verse" in waiting:
        parts.one_hot("verse", VERSES.index(waiting["verse"]))
        parts.one_hot("node", NODES.index(waiting["node"]))
        node = CONTENT.verses[waiting["verse"]].nodes.get(waiting["node"])
        if isinstance(node, ChoiceNode):
            for number, option in enumerate(node.options):
                parts["options"][number, 0] = 1.0
                for cost in option.cost:
                    parts["options"][number, 1 + COSTS.index(cost.kind)] += cost.n
    if "fight" in waiting:
        foe = waiting["fight"]
        parts.one_hot("foe", FOES.index(foe if foe in FOES else "verse"))
        parts["fight_round"][0] = waiting["round"]
    if "leader" in waiting:
        parts.one_hot("join_leader", CHARACTERS.index(waiting["leader"]))
        parts.one_hot("join_action", _text_index(waiting["action"]))
    if "test" in waiting:
        attr, _, difficulty = waiting["test"].partition(" ")
        parts["test"][ATTRIBUTES.index(attr)] = 1.0
        parts["test"][-1] = int(difficulty)


def _told(parts: Parts, told: Mapping[str, Any] | None) -> None:
    """The last roll of a test or fight: its verdict, attribute, target, total, face and item."""
    if not told:
        return
    args = told["args"]
    parts.one_hot("told_verdict", VERDICTS.index(told["key"].split(".")[1]))
    parts.one_hot("told_attr", ATTRIBUTES.index(args["attr"]["key"].split(".")[1]))
    parts["told_numbers"][:] = [args["target"], args["total"]]
    parts.one_hot("told_face", int(args["face"]) - 1)
    item = args["item"]
    if item:
        parts.one_hot("told_item", ITEMS.index(item["key"].split(".")[1]))
