"""The measures of a verse that avalon.verse.content bounds (used by `versecheck`).

The measures (content/README.md, "Measures") value a verse for one character alone, the *lone
leader* of attribute 2 with no item, counting per member:

- +n for each resource gained (`gain`/`each <resource> n`), each Health or Energy gained, each Terror
  lost; −n for the opposite; a cost of n counts −n (a Terror cost too);
- an item counts its bonus, a relic `RELIC_VALUE`, `status blessed` +1, `status feverish` −1;
  Omen, counters, markers, arrows and moves count 0;
- a test succeeds with chance P(d6 + 2 ≥ difficulty), where a 6 always succeeds and a 1 always fails;
- an encounter is up to three such rounds: a success gives the reward and goes on at `won`, a failure
  costs the damage; after the first and second failure the leader fights on or flees (to `lost`),
  the third failure loses (to `lost`).

*Expected net gain*: the expectation when the leader takes, at each choice and after each failed
round, what has the best expectation. It is measured twice: `low` counts only options whose `if` is
about resources (`has`), `high` counts every option as if its `if` held. avalon.verse.content asks
`low` ≥ 1 (every leader can expect a gain) and `high` ≤ 3 (no leader more than 3).
*Worst case*: the least net value of any path, whatever the leader chooses (every option counts,
costs included), each test either way, each encounter won in its first round or fled after its first
failed round. It must be at least −2. *Best case*: the greatest such value.
*Energy*: the most Energy any path gives (at most 2).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import NamedTuple

from spielwerk.games.avalon.content import (
    END,
    RESOURCES,
    Amount,
    ChoiceNode,
    Condition,
    Content,
    Effect,
    Node,
    Option,
    TestNode,
    Verse,
)

LEADER_ATTRIBUTE = 2
RELIC_VALUE = 4
"""A relic is one of the three keys to the win; it counts as this many resources."""
STATUS_VALUE = {"blessed": 1, "feverish": -1}
MIN_GAIN, MAX_GAIN = 1, 3
WORST_LOSS = 2
MAX_ENERGY = 2
MAX_NODES = 4
MIN_MAP_CHANGES = MIN_DREAD = 6
RISKY_LOCATION, RISKY_BEST = 1, 4
"""The Moss Ruins' verses: worst case exactly −WORST_LOSS, best case at least RISKY_BEST."""
FOUND_ITEMS = {"spear": 1, "lantern": 3, "hagstone": 16}
"""Items that verses give, each from exactly one verse at this location."""
SPECIAL_IFS = ("member", "relic", "quest")
FORMAT, CONTENT_RULE = "avalon.verse.format", "avalon.verse.content"


class Measures(NamedTuple):
    """A verse's measures (see the module's docstring)."""

    low: Fraction
    high: Fraction
    worst: int
    best: int
    energy: int
    nodes: int


def chance(difficulty: int, attribute: int = LEADER_ATTRIBUTE) -> Fraction:
    """The chance that a test of `difficulty` succeeds for a lone leader of `attribute`."""
    wins = sum(1 for die in range(1, 7) if die == 6 or (die != 1 and die + attribute >= difficulty))
    return Fraction(wins, 6)


def value(effects: tuple[Effect, ...], content: Content) -> int:
    """The net value of effects for one member."""
    total = 0
    for effect in effects:
        op, args = effect.op, effect.args
        if op in ("gain", "each") and isinstance(args[1], int):
            total += -args[1] if args[0] == "terror" else args[1]
        elif op in ("health", "energy") and isinstance(args[0], int):
            total += args[0]
        elif op == "terror" and isinstance(args[0], int):
            total -= args[0]
        elif op == "item":
            item = content.items.get(str(args[0]))
            total += item.bonus if item else 0
        elif op == "relic":
            total += RELIC_VALUE
        elif op == "status":
            total += STATUS_VALUE.get(str(args[0]), 0)
    return total


def energy(effects: tuple[Effect, ...]) -> int:
    """The Energy effects give (positive amounts only)."""
    given = 0
    for effect in effects:
        op, args = effect.op, effect.args
        amount = args[-1] if args else 0
        if isinstance(amount, int) and amount > 0 and (
                op == "energy" or (op == "gain" and args[0] == "energy")):
            given += amount
    return given


def _cost(option: Option) -> int:
    return -sum(amount.n for amount in option.cost)


def _special(conditions: tuple[Condition, ...]) -> bool:
    return any(condition.op in SPECIAL_IFS for condition in conditions)


def measure(verse: Verse, content: Content) -> Measures:
    """The measures of an acyclic verse."""
    nodes = verse.nodes

    def expect(name: str, special: bool, memo: dict[str, Fraction]) -> Fraction:
        if name == END:
            return Fraction(0)
        if name not in memo:
            memo[name] = _expect(nodes[name], lambda after: expect(after, special, memo), special, content)
        return memo[name]

    def walk(name: str, pick: Callable[[list[int]], int], memo: dict[str, int]) -> int:
        if name == END:
            return 0
        if name not in memo:
            node = nodes[name]
            ways: list[int] = []
            if isinstance(node, ChoiceNode):
                ways = [_cost(o) + value(o.effects, content) + walk(o.next, pick, memo) for o in node.options]
            elif isinstance(node, TestNode):
                ways = [value(out.effects, content) + walk(out.next, pick, memo)
                        for out in (node.passed, node.failed)]
            else:
                ways = [value(node.foe.reward, content) + walk(node.won, pick, memo),
                        -_damage(node.foe.damage) + walk(node.lost, pick, memo)]
            memo[name] = pick(ways)
        return memo[name]

    def most_energy(name: str) -> int:
        if name == END:
            return 0
        node = nodes[name]
        if isinstance(node, ChoiceNode):
            return max(energy(o.effects) + most_energy(o.next) for o in node.options)
        if isinstance(node, TestNode):
            return max(energy(out.effects) + most_energy(out.next) for out in (node.passed, node.failed))
        return max(energy(node.foe.reward) + most_energy(node.won), most_energy(node.lost))

    return Measures(expect("start", False, {}), expect("start", True, {}), walk("start", min, {}),
                    walk("start", max, {}), most_energy("start"), longest_path(verse))


def _damage(damage: Amount) -> int:
    return damage.n


def _expect(node: Node, after: Callable[[str], Fraction], special: bool, content: Content) -> Fraction:
    if isinstance(node, ChoiceNode):
        options = [o for o in node.options if special or not _special(o.conditions)]
        return max((_cost(o) + value(o.effects, content) + after(o.next) for o in options),
                   default=Fraction(0))
    if isinstance(node, TestNode):
        p = chance(node.difficulty)
        return (p * (value(node.passed.effects, content) + after(node.passed.next))
                + (1 - p) * (value(node.failed.effects, content) + after(node.failed.next)))
    p = chance(node.foe.strength)
    win = value(node.foe.reward, content) + after(node.won)
    lost = after(node.lost)
    damage = _damage(node.foe.damage)
    rounds = int(content.number("encounter", "rounds"))
    best = p * win + (1 - p) * (lost - damage)            # the last round: a failure loses
    for _ in range(rounds - 1):
        best = p * win + (1 - p) * (max(lost, best) - damage)
    return best


def successors(node: Node) -> list[str]:
    """The nodes (or `end`) a node can go on to."""
    if isinstance(node, ChoiceNode):
        return [option.next for option in node.options]
    if isinstance(node, TestNode):
        return [node.passed.next, node.failed.next]
    return [node.won, node.lost]


def find_cycle(verse: Verse) -> list[str]:
    """A cycle of node names (first repeated at the end), or [] when the verse has none."""
    state: dict[str, int] = {}
    trail: list[str] = []

    def visit(name: str) -> list[str]:
        if name == END or name not in verse.nodes or state.get(name) == 2:
            return []
        if state.get(name) == 1:
            return [*trail[trail.index(name):], name]
        state[name] = 1
        trail.append(name)
        for target in successors(verse.nodes[name]):
            found = visit(target)
            if found:
                return found
        trail.pop()
        state[name] = 2
        return []

    for name in ["start", *verse.nodes]:
        found = visit(name)
        if found:
            return found
    return []


def longest_path(verse: Verse) -> int:
    """The most nodes on a path from `start` to the end (acyclic verses)."""
    def depth(name: str) -> int:
        if name == END or name not in verse.nodes:
            return 0
        return 1 + max(depth(target) for target in successors(verse.nodes[name]))
    return depth("start")


def is_resource(amount: Amount) -> bool:
    """Whether a cost is a resource (not a pool)."""
    return amount.kind in RESOURCES
