"""Tests, encounters and verses (avalon.test, avalon.encounter, avalon.verse.resolve)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spielwerk.core.message import Message
from spielwerk.games.avalon import guardians
from spielwerk.games.avalon.content import (
    CONTENT,
    END,
    ChoiceNode,
    Condition,
    EncounterNode,
    Foe,
    Option,
    TestNode,
)
from spielwerk.games.avalon.notation import Move, move
from spielwerk.games.avalon.resolve import (
    Group,
    add_q3,
    can_pay,
    change,
    effects_frame,
    leader,
    members,
    pay,
)
from spielwerk.games.avalon.say import say, word

if TYPE_CHECKING:
    from spielwerk.games.avalon.rules import AvalonState, Frame


# ----- tests ------------------------------------------------------------------------------------
Roll = tuple[str, int, int, int, str, str]
"""How a test or encounter round went (`AvalonState.told`): attribute, target, die, total (0 where
the die alone decided), verdict (VERDICTS) and the item that turned a failure ("" for none)."""
VERDICTS = ("one", "six", "passed", "failed", "item")
"""A 1 always fails, a 6 always succeeds, the total passed or failed, an item made it."""


def succeeds(s: AvalonState, group: Group, attr: str, target: int, face: int) -> bool:
    """A test or encounter round: die + the group's highest attribute (+1 Blessed) + 1 for two or
    more, against `target`; a 6 always succeeds, a 1 always fails; then an item may turn a
    failure (avalon.test, avalon.item.use). Using an item exhausts it. `s.told` keeps the roll."""
    present = members(s, group)
    if face == 1 or not present:
        s.told = (attr, target, face, 0, "one", "")
        return False
    if face == 6:
        s.told = (attr, target, face, 0, "six", "")
        return True
    best = max(getattr(s.heroes[seat], attr) for seat in present)
    value = face + best
    if any(getattr(s.heroes[seat], attr) == best and s.heroes[seat].blessed for seat in present):
        value += CONTENT.number("test", "blessed_bonus")
    if len(present) >= 2:
        value += CONTENT.number("test", "group_bonus")
    if value >= target:
        s.told = (attr, target, face, value, "passed", "")
        return True
    helpers = sorted(
        (CONTENT.items[slug].bonus, s.heroes[seat].number, slug, seat)
        for seat in present
        for slug, ready, equipped in s.heroes[seat].items
        if ready and equipped and CONTENT.items[slug].attr == attr
        and value + CONTENT.items[slug].bonus >= target
    )
    if not helpers:
        s.told = (attr, target, face, value, "failed", "")
        return False
    _, _, used, owner = helpers[0]
    s.told = (attr, target, face, value, "item", used)
    hero = s.heroes[owner]
    s.set_hero(owner, items=tuple((slug, ready and slug != used, equipped)
                                  for slug, ready, equipped in hero.items))
    return True


def roll_message(roll: Roll) -> Message:
    """How a roll went, in words: "spirit against 5: rolled 4 for 5, passed"."""
    attr, target, face, total, verdict, item = roll
    return say(f"told.{verdict}", attr=word(attr), target=target, face=face, total=total,
               item=say(f"item.{item}.short") if item else "")


def take_test_die(s: AvalonState, frame: Frame, face: int) -> None:
    """The die of a test frame ("test", attribute, difficulty, group)."""
    _, attr, difficulty, group = frame
    s.pop()
    s.outcome = "pass" if succeeds(s, group, attr, difficulty, face) else "fail"


# ----- encounters ---------------------------------------------------------------------------------
def foe_of(reference: str) -> Foe:
    """The foe a fight frame names: a guardian, an event (`R4`) or a verse node (`verse:7a:start`)."""
    if reference in CONTENT.guardians:
        return CONTENT.guardians[reference].foe
    if reference.startswith("verse:"):
        _, verse_id, node_name = reference.split(":")
        node = CONTENT.verses[verse_id].nodes[node_name]
        if isinstance(node, EncounterNode):
            return node.foe
    from spielwerk.games.avalon.events import event_foe

    return event_foe(reference)


def take_fight_die(s: AvalonState, frame: Frame, face: int) -> None:
    """One round of an encounter: a win gives the reward; a failure hurts every member, then the
    leader chooses to fight on or flee; a third failure loses (avalon.encounter)."""
    _, reference, group, round_, _stage = frame
    foe = foe_of(reference)
    if succeeds(s, group, foe.attr, foe.strength, face):
        s.pop()
        s.outcome = "won"
        if reference in CONTENT.guardians:
            guardians.defeat(s, reference)
        reward = effects_frame(tuple(members(s, group)), foe.reward)
        if reward:
            s.push(reward)
        return
    for seat in members(s, group):
        change(s, seat, foe.damage.kind, foe.damage.n if foe.damage.kind == "terror" else -foe.damage.n,
               encounter=True)
    if round_ >= CONTENT.number("encounter", "rounds") or not members(s, group):
        s.pop()
        s.outcome = "lost"
    else:
        s.replace(("fight", reference, group, round_, "choice"))


def fight_choices(s: AvalonState, frame: Frame) -> list[Move]:
    """After a failed round: `fight` on or `flee`."""
    return [move("fight"), move("flee")]


def take_fight_choice(s: AvalonState, frame: Frame, move: Move) -> None:
    """Fight another round, or flee (which ends the encounter as lost)."""
    _, reference, group, round_, _stage = frame
    if move.word == "fight":
        s.replace(("fight", reference, group, round_ + 1, "roll"))
    else:
        s.pop()
        s.outcome = "lost"


# ----- verses -----------------------------------------------------------------------------------
def run_verse(s: AvalonState, frame: Frame) -> bool:
    """Go on with a verse frame ("verse", id, node, group, waiting); True when it waits for a choice."""
    _, verse_id, node_name, group, waiting = frame
    if node_name == END or leader(s, group) is None:
        s.pop()
        return False
    node = CONTENT.verses[verse_id].nodes[node_name]
    if isinstance(node, ChoiceNode):
        return True
    if not waiting:
        s.replace(("verse", verse_id, node_name, group, 1))
        present = tuple(members(s, group))
        if isinstance(node, TestNode):
            s.push(("test", node.attr, node.difficulty, present))
        else:
            s.outcome = ""
            s.push(("fight", f"verse:{verse_id}:{node_name}", present, 1, "roll"))
        return False
    if isinstance(node, TestNode):
        outcome = node.passed if s.outcome == "pass" else node.failed
        _go_on(s, frame, outcome.next, outcome.effects)
    else:
        _go_on(s, frame, node.won if s.outcome == "won" else node.lost, ())
    return False


def _go_on(s: AvalonState, frame: Frame, target: str, effects: tuple[object, ...]) -> None:
    _, verse_id, _, group, _ = frame
    s.replace(("verse", verse_id, target, group, 0))
    follow = effects_frame(group, effects)  # type: ignore[arg-type]
    if follow:
        s.push(follow)


def options(s: AvalonState, frame: Frame) -> list[tuple[int, Option]]:
    """The numbered options of the verse's choice the leader may take (avalon.verse.resolve)."""
    _, verse_id, node_name, group, _ = frame
    node = CONTENT.verses[verse_id].nodes[node_name]
    head = leader(s, group)
    if not isinstance(node, ChoiceNode) or head is None:
        return []
    return [
        (k, option) for k, option in enumerate(node.options, 1)
        if (not option.conditions or all(holds(s, group, condition) for condition in option.conditions))
        and can_pay(s, head, option.cost)
    ]


def verse_choices(s: AvalonState, frame: Frame) -> list[Move]:
    """`choose k` for each option the leader may take."""
    return [move("choose", str(k)) for k, _ in options(s, frame)]


def take_choice(s: AvalonState, frame: Frame, move: Move) -> None:
    """The leader pays the option's cost; its effects follow, then its next node."""
    chosen = dict(options(s, frame))[int(move.arg)]
    head = leader(s, frame[3])
    if head is not None:
        pay(s, head, chosen.cost)
    _go_on(s, frame, chosen.next, chosen.effects)


def holds(s: AvalonState, group: Group, condition: Condition) -> bool:
    """Whether an option's `if` holds (avalon.verse.format)."""
    op, args = condition
    present = members(s, group)
    head = leader(s, group)
    if op == "has":
        return head is not None and getattr(s.heroes[head], str(args[0])) >= int(args[1])
    if op == "member":
        return any(s.heroes[seat].number == int(args[0]) for seat in present)
    if op == "relic":
        return any(str(args[0]) in s.heroes[seat].relics for seat in present)
    return any(quest == str(args[0]) for quest, _ in s.quests)


def finish_exploration(s: AvalonState, frame: Frame) -> None:
    """After a verse: the other verse becomes the back, and the Hermit's Riddle counts it."""
    _, location = frame
    s.pop()
    explored, backs = list(s.explored), list(s.backs)
    explored[location] += 1
    backs[location] = "b" if backs[location] == "a" else "a"
    s.explored, s.backs = tuple(explored), tuple(backs)
    add_q3(s, 1)
