"""What agents may know about Drachenfels beyond the rules: an evaluation, move order and sure wins.

The evaluation is a race model. For every knight it estimates how many of its own turns it needs to
win: without armour, the way to the castle (to a rainbow rock with a rainbow up, then over it), then
the search for its princess among the rock castles it has not ruled out. The search visits those
castles one after another, the likeliest per step first, and counts each visit by the chance that
she is there, so the estimate is the expected time to find her (`search`). The chances come from
what the knight itself knows (`chances`): the castles it looked at are worthless to it, and a castle
another knight looked at in vain is a little more likely to be its own. They never read the princess
order of the state, so the value stays the same in every determinized world of a seat's search.

Distances are `routes` tables: steps, where a dragon, a bare hole or crossing and a missing rainbow
cost the steps of a card to clear them. Cards in hand that clear the pieces on the next leg (dragon,
bridge, rainbow) take most of that off; a hand without point cards costs a turn to refill. Steps
become turns at `speed` steps per turn, faster with the double count. Like Grani's, the estimates
become win chances by a softmax (`Weights.temperature`, in turns) plus a small absolute share for a
knight's own progress (`Weights.progress`), so a knight far ahead keeps moving. A knight closing in
on a castle that may hold its princess lowers every other seat's value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple, cast

from spielwerk.core.actions import Word
from spielwerk.core.heuristics import race_values, tuned_weights
from spielwerk.games.drachenfels import cards, routes
from spielwerk.games.drachenfels import rules as r
from spielwerk.games.drachenfels.board import BOARD
from spielwerk.games.drachenfels.notation import Bridge, Dragon, Edge, Place, Rainbow, Target, Walk

if TYPE_CHECKING:
    from spielwerk.core.state import Action, State
    from spielwerk.games.drachenfels.rules import DrachenfelsState

CASTLE = BOARD.castle
ROCK_CASTLES = BOARD.rock_castles
SINGLE_KNIGHT = frozenset((*BOARD.rock_castles, *BOARD.rainbow_rocks))
CARD_FOR = (cards.DRAGON, cards.BRIDGE, cards.RAINBOW)
"""The card that clears each kind of piece `routes.clears` counts."""


class Weights:
    """The race model's constants (steps and turns of the knight concerned), set by hand."""

    speed = 3.0  # steps per turn with the single count (the point cards average 2.7; one picks)
    double_speed = 4.5  # with the double count, the single or the double of each card
    land = 1.0  # turns lost to land exactly on the castle or a rock castle (dead ends: an exact count)
    held = 1.5  # steps a piece on the way still costs when a card in hand clears it
    no_points = 1.0  # turns: a hand without point cards is refilled before the knight moves
    magic = 0.05  # turns per magic card in hand (up to three): kept for later, not thrown away
    temperature = 4.0  # turns ahead that make a knight e (2.7) times as likely to win as another
    order = 1.0  # the whole round, spread over the seats by how soon each moves
    progress = 0.25  # the share of the value that measures a knight's own progress
    horizon = 25.0  # turns: the progress share is progress * exp(-turns / horizon)


Chances = tuple[float, ...]
Spare = tuple[int, int, int]
"""The cards in hand that clear the pieces `routes.clears` counts (dragon, bridge, rainbow)."""
NONE: Spare = (0, 0, 0)


class Rivals(NamedTuple):
    """What the other knights' ways enter, must clear, walk over (bridges) and cross (rainbows)."""

    fields: frozenset[int]
    blocked: frozenset[int]
    bridges: frozenset[int]
    crossed: frozenset[Edge]

_CHANCES: dict[tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...]], Chances] = {}
"""`chances` by seat, looks and princesses."""


def chances(state: DrachenfelsState, seat: int) -> Chances:
    """Per rock castle, the chance that `seat`'s princess stands there, as far as `seat` knows: the
    orders of the princesses that agree with the princesses it saw and with every look in vain."""
    looked = state.looked
    hidden = state.princesses
    key = (seat, looked, hidden)  # the princesses it saw are those of `hidden` where it looked
    found = _CHANCES.get(key)
    if found is None:
        seen = tuple(hidden[c] if hidden and seat in lookers else -1 for c, lookers in enumerate(looked))
        counts = [0] * len(ROCK_CASTLES)
        for order in r.ORDERS:
            if all(
                (seen[c] < 0 or order[c] == seen[c]) and order[c] not in lookers
                for c, lookers in enumerate(looked)
            ):
                counts[order.index(seat)] += 1
        total = sum(counts)
        if not total:  # a position no game reaches: any castle it has not seen
            counts = [int(seat not in lookers) for lookers in looked]
            total = sum(counts) or 1
        found = _CHANCES[key] = tuple(count / total for count in counts)
    return found


class DrachenfelsHeuristics:
    """Evaluation, move order and sure wins for Drachenfels (see `core.heuristics.SearchHints`)."""

    exploration = 0.15
    """The UCT constant that suits this evaluation: a step nearer the goal moves a seat's share by a
    few hundredths only."""
    ismcts_exploration = 0.08
    """IS-MCTS pools every world in one tree, whose nodes see many times the visits of PIMC's small
    trees (one per world): it does best exploring less. At 500 iterations a move against mcts:
    67.9% of 112 games at 0.08, 58.2% of 110 at 0.15, 46% of 52 at 0.05, 41% of 23 at 0.3; mcts
    itself plays no better with 0.25 (50.6% of 80 against 0.15). Logs: benchmarks/results/."""
    widening = 1.0
    """Progressive widening: a turn may offer dozens of dragon, bridge and rainbow moves."""
    settle_chance = True
    """Search leaves are valued after the draws then pending: mid-refresh, a hand is not yet dealt."""

    def __init__(self, weights: type[Weights] | Weights = Weights) -> None:
        self.w = weights

    def with_weights(self, weights: Mapping[str, float]) -> DrachenfelsHeuristics:
        """These heuristics with some of `Weights` set otherwise (agent options "w.<name>"); KeyError
        for a name that is not one of them."""
        return DrachenfelsHeuristics(tuned_weights(Weights, weights))

    # ----- the race model --------------------------------------------------------------------
    def turns_to_win(self, state: State) -> list[float]:
        """Per seat, the estimated turns it needs to win (lower is better)."""
        s = cast("DrachenfelsState", state)
        kept = routes.lookup((s.dragons, s.bridges, s.rainbows, s.opened))
        players, w = s.players, self.w
        step = w.order / players
        first = s.seat if s.phase == r.TURN else s.seat + 1  # a turn begun counts as played
        found = []
        knights, armour, double, draws = s.knights, s.armour, s.double, s.draws
        for seat, hand in enumerate(s.hands):
            spare = (hand[cards.DRAGON], hand[cards.BRIDGE], hand[cards.RAINBOW])
            t = self._turns(kept, chances(s, seat), knights[seat], armour[seat], double[seat], spare)
            if not any(hand[: cards.RAINBOW]) and seat not in draws:
                t += w.no_points
            t -= w.magic * min(3, sum(hand[cards.RAINBOW :]))
            found.append(t + ((seat - first) % players) * step)
        return found

    def turns_from(self, s: DrachenfelsState, seat: int, field: int, armour: bool, double: bool,
                   tabs: tuple[routes.Table, ...], hand: cards.Hand = cards.EMPTY) -> float:
        """Turns `seat`'s knight needs from `field`: to the castle first without armour, then the search."""
        spare = (hand[cards.DRAGON], hand[cards.BRIDGE], hand[cards.RAINBOW])
        return self._turns_from(tabs, chances(s, seat), field, armour, double, spare)

    def _turns(self, kept: routes.Routes, odds: Chances, field: int, armour: bool, double: bool,
               spare: Spare) -> float:
        """`turns_from` for the pieces of `kept`, remembered there by everything it depends on."""
        notes: dict[tuple[Chances, int, bool, bool, Spare], float] | None = kept.notes.get(self)
        if notes is None:
            notes = kept.notes[self] = {}
        key = (odds, field, armour, double, spare)  # numbers only: the collector soon leaves it alone
        found = notes.get(key)
        if found is None:
            found = notes[key] = self._turns_from(kept.tables, odds, field, armour, double, spare)
        return found

    def _turns_from(self, tabs: tuple[routes.Table, ...], odds: Chances, field: int, armour: bool,
                    double: bool, spare: Spare) -> float:
        w = self.w
        left = list(spare)
        turns = 0.0
        if not armour:
            table = tabs[0]
            turns = (table.cost[field] - self._cleared(table.need[field], left)) / w.speed + w.land
            field = CASTLE
        speed = w.double_speed if double else w.speed
        return turns + self.search(odds, tabs, field, speed, left)

    def search(self, odds: Chances, tabs: tuple[routes.Table, ...], field: int, speed: float,
               spare: list[int] | None = None) -> float:
        """Expected turns to find the princess from `field` with armour, visiting the castles where she
        may be, each time the one with the least steps per chance next (the double count after the
        first look); the cards in `spare` clear pieces on the first leg."""
        w = self.w
        left = [c for c, odd in enumerate(odds) if odd > 0.0]
        elapsed = expected = 0.0
        while left:
            best, low = -1, 0.0
            for c in left:  # the first of the least steps per chance
                ratio = tabs[c + 1].cost[field] / odds[c]
                if best < 0 or ratio < low:
                    best, low = c, ratio
            table = tabs[best + 1]
            steps = float(table.cost[field])
            if spare is not None:
                steps -= self._cleared(table.need[field], spare)
                spare = None
            elapsed += steps / speed + w.land
            expected += odds[best] * elapsed
            field, speed = ROCK_CASTLES[best], w.double_speed
            left.remove(best)
        return expected

    def _cleared(self, need: int, spare: list[int]) -> float:
        """The steps the cards in `spare` save on a leg needing `need` (the cards used are taken off)."""
        saved = 0.0
        if not need or not any(spare):
            return saved
        for index, (count, extra) in enumerate(zip(routes.clears(need), EXTRAS, strict=True)):
            used = min(count, spare[index])
            spare[index] -= used
            saved += used * (extra - self.w.held)
        return saved

    # ----- the Heuristics protocol ----------------------------------------------------------
    def evaluate(self, state: State) -> list[float]:
        """Per seat, the chance of winning as the race model sees it, plus a little for progress."""
        s = cast("DrachenfelsState", state)
        if s.phase == r.OVER:
            return s.returns()
        w = self.w
        return race_values(self.turns_to_win(s), w.temperature, w.progress, w.horizon)

    def winning_action(self, state: State) -> Action | None:
        """A walk (or teletransfer) onto the rock castle that must hold the mover's princess by what
        the mover knows, or None. Exact in any state consistent with the mover's knowledge, the real
        one included, since it reads only the princesses the mover saw and the public looks."""
        s = cast("DrachenfelsState", state)
        if s.phase not in (r.TURN, r.PLAY, r.TOP_CARD) or not s.armour[s.seat]:
            return None
        odds = chances(s, s.seat)
        if max(odds) < 1.0:
            return None
        castle = ROCK_CASTLES[odds.index(max(odds))]
        knights = s.knights
        for action in s.legal_actions():
            if isinstance(action, Walk) and action.end == castle:
                return action
            if isinstance(action, Target) and (action.verb, knights[action.seat]) == ("teletransfer", castle):
                return action
        return None

    def order(self, state: State, actions: Sequence[Action]) -> list[Action]:
        """The actions most likely to help the seat to move first: walks by the turns left after them
        (armour, a look and a duel count), cards that clear the mover's way or block a rival's, then
        the rest; cards that block the mover's own way last."""
        s = cast("DrachenfelsState", state)
        if s.phase in r.CHANCE_PHASES or s.phase == r.OVER:
            return list(actions)
        key = _Orderer(self, s).key
        return sorted(actions, key=key)


EXTRAS = (routes.DRAGON, routes.BRIDGE, routes.RAINBOW)


def leg(s: DrachenfelsState, seat: int, tabs: tuple[routes.Table, ...]) -> routes.Table:
    """The table of `seat`'s next goal: the castle without armour, else the castle it visits first."""
    if not s.armour[seat]:
        return tabs[0]
    odds, field = chances(s, seat), s.knights[seat]
    left = [c for c, odd in enumerate(odds) if odd > 0.0] or [0]
    return tabs[1 + min(left, key=lambda c: tabs[c + 1].cost[field] / max(odds[c], 1e-9))]


class _Orderer:
    """The sort key of `DrachenfelsHeuristics.order` for one state: about the mover's turns to win
    after the action (lower first)."""

    def __init__(self, h: DrachenfelsHeuristics, s: DrachenfelsState) -> None:
        self.h, self.s, self.seat = h, s, s.seat
        self.pieces = (s.dragons, s.bridges, s.rainbows, s.opened)
        self.kept = routes.lookup(self.pieces)
        self.tabs = self.kept.tables
        seat = s.seat
        self.odds = chances(s, seat)
        self.here = h._turns(self.kept, self.odds, s.knights[seat], s.armour[seat], s.double[seat], NONE)
        self.piece = routes.DRAGON / h.w.speed  # about the turns a piece in the way costs
        self._ways: dict[int, routes.Way] = {}
        self._rivals: Rivals | None = None
        self._stuck_found: bool | None = None

    def way(self, seat: int) -> routes.Way:
        """The cheapest way of `seat`'s knight to its next goal."""
        found = self._ways.get(seat)
        if found is None:
            s = self.s
            found = self._ways[seat] = self.kept.route(leg(s, seat, self.tabs), s.knights[seat])
        return found

    def rivals(self) -> Rivals:
        """What the ways of the other knights enter, clear, walk over and cross, together."""
        found = self._rivals
        if found is None:
            ways = [self.way(other) for other in range(self.s.players) if other != self.seat]
            found = self._rivals = Rivals(
                frozenset().union(*(way.fields for way in ways)),
                frozenset().union(*(way.blocked for way in ways)),
                frozenset().union(*(way.bridges for way in ways)),
                frozenset().union(*(way.crossed for way in ways)),
            )
        return found

    def key(self, action: Action) -> float:
        s, here, piece = self.s, self.here, self.piece
        if isinstance(action, Walk):  # the action's own class (no action class derives from another)
            return self.walk(action)
        if isinstance(action, Dragon):
            start, end = action.start, action.end
            mine, rivals = self.way(self.seat), self.rivals()
            gain = piece * ((start in mine.blocked) - (end in mine.fields))
            gain += 0.5 * (end in rivals.fields) - 0.5 * (start in rivals.blocked)
            return here + 0.3 - gain
        if isinstance(action, Bridge):
            old, new = action.old, action.new
            mine = self.way(self.seat)
            gain = piece * ((new in mine.blocked) - (old in mine.bridges))
            gain += 0.5 * (old in self.rivals().bridges)
            return here + 0.3 - gain
        if isinstance(action, Rainbow):
            was, now = action.old, action.new
            mine = self.way(self.seat)
            gain = piece * ((now in mine.missing) - (was in mine.crossed))
            gain += 0.5 * (was in self.rivals().crossed)
            return here + (0.0 if s.phase == r.RAINBOW else 0.3) - gain
        if isinstance(action, Target):
            return self.target(action)
        if isinstance(action, Place):
            place = action
            other = place.seat
            odds = chances(s, other)
            there = self.h._turns(self.kept, odds, place.field, s.armour[other], s.double[other], NONE)
            return here - (0.5 if place.verb == "cloud" else 0.0) - 0.05 * there
        if isinstance(action, Word) and action.word == "refresh":
            if not self._has_points():
                return here - 0.5
            return here + (0.0 if self._stuck() else 1.0)
        return here + (0.2 if isinstance(action, Word) and action.word == "top" else 0.0)

    def walk(self, action: Walk) -> float:
        """The mover's turns to win from the walk's end: armour taken, a castle looked at, a duel won."""
        s, seat, end = self.s, self.seat, action.end
        armour = s.armour[seat]
        if end in ROCK_CASTLES and armour and self.odds[ROCK_CASTLES.index(end)] >= 1.0:
            return -1000.0  # she must be there
        turns = self.h._turns(self.kept, self.odds, end, armour or end == CASTLE, s.double[seat], NONE)
        knights = s.knights
        if end not in SINGLE_KNIGHT and end != CASTLE and end in knights and knights.index(end) != seat:
            turns -= 1.0  # a duel: the loser goes back to a start and may lose cards
        return turns

    def target(self, action: Target) -> float:
        """Teletransfer: the mover's turns from the other knight's field; taking cards: by the hand."""
        s, seat, here = self.s, self.seat, self.here
        if action.verb == "teletransfer":
            field = s.knights[action.seat]
            armour = s.armour[seat] or field == CASTLE
            return self.h._turns(self.kept, self.odds, field, armour, s.double[seat], NONE) + 0.2
        if s.phase != r.TURN or not self._has_points():
            return here - 0.2
        return here + (0.1 if self._stuck() else 0.5)

    def _stuck(self) -> bool:
        """Whether the mover's next leg has a piece in the way that no card in its hand clears."""
        found = self._stuck_found
        if found is None:
            s, seat = self.s, self.seat
            need = routes.clears(leg(s, seat, self.tabs).need[s.knights[seat]])
            hand = s.hands[seat]
            found = any(count > hand[kind] for count, kind in zip(need, CARD_FOR, strict=True))
            self._stuck_found = found
        return found

    def _has_points(self) -> bool:
        return any(self.s.hands[self.seat][: cards.RAINBOW])


HEURISTICS = DrachenfelsHeuristics()
"""The heuristics `Drachenfels.heuristics()` hands out."""
