"""What agents may know about Grani beyond the rules: an evaluation, move order and immediate wins.

The evaluation is a race model. For every knight it estimates how many of its own turns it needs to
win: reach the ring (where it lies, or where its bearer stands, to take it by attack), carry it to
the nearest city whose seal it lacks (waiting if another knight holds that city), and then a fixed
cost per further seal it needs. Being shackled, short of amulets, later in the turn order, or a
ring bearer with attackers close by adds to that. The estimates become win chances by a softmax
(`Weights.temperature`, in turns), so the race shares 1 among the seats and compares them; a small
share measures each knight's own progress, so that a knight far ahead keeps moving (`evaluate`).

Distances are counted in turns, not steps (`distances`): a knight without the ring moves one or two
steps, may pass over no dragon and no obstacle, and counts a stop on a dragon (a fight) as one more
turn; the ring bearer passes over everything but a free city (it must stop there) and avoids
stopping on dragons (losing there loses the ring). Knights in the way are ignored: they move.

While the ring is carried, a chaser may either take the ring by attack or wait for the delivery and
race for the ring put down anew (`Weights.regain` turns after it). The bearer alone sees a chaser
that cannot reach it before it delivers (`Weights.escape` turns of slack) as one that only waits: its
own value gains from outrunning the chasers, while theirs still count their chances to attack (the
race shares are taken twice, once as the bearer sees the race). Off by default: `Weights.hold` (the
bearer's turns to deliver count 1 + hold times), `Weights.outrun` (the bearer's gain grows with how
late a chaser comes), `Weights.rerace` (a waiting chaser's turns depend on where it stands: its race
for the ring put down anew in another kingdom, `rerace`), `Weights.carry` (every knight's way home
with the ring counts longer alike) and `Weights.release` (the bearer alone counts the chasers' wait
after a delivery shorter, so that it delivers rather than hold the ring); see `Weights` for how they
were chosen. One evaluation costs
about 8 µs for four players.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, cast

from spielwerk.core.heuristics import race_value, race_values, tuned_weights
from spielwerk.games.grani import movegen
from spielwerk.games.grani.board import BOARD
from spielwerk.games.grani.distances import (
    CITIES,
    CITY_MASK,
    FAR,
    STEPS,
    WALK,
    carry_to,
    home,
    walk_to,
    walk_via_city,
)
from spielwerk.games.grani.notation import Move, Place

if TYPE_CHECKING:
    from spielwerk.core.state import Action, State
    from spielwerk.games.grani.rules import GraniState

    _Key = Callable[[Action], float]

MOVE, BONUS, RING, EXILE, BLOCK, LIFT, SHIFT, OVER = (
    "move", "bonus", "ring", "exile", "block", "lift", "shift", "over"
)
"""The phases of `rules.GraniState` the heuristics look at."""


class Weights:
    """The race model's constants, in turns of the knight concerned.

    First fitted (a conditional logit: a softmax over the seats of a linear score of the features of
    `GraniHeuristics.features`, in an early form without obstacles and dragon fights) to the results
    of about 700 four-player games of greedy and random agents. That gave temperature 8, seal 12,
    chase 6 (the bearer's edge over the chasers), unarmed 3.6, shackle 1.7, threat 1.6, order 0.7
    and a slightly negative amulet weight (knights that fight and attack are the active ones). Then
    set by hand where the fit, good at predicting, made poor decisions: with seal 12 and chase 6,
    delivering the ring looked no better than holding it next to the city (delivering frees the
    ring for the others), so bearers dithered; seal 20 and chase 3 make delivering pay. An amulet is
    worth a little, so that none is spent for nothing; `progress` keeps a knight far ahead moving
    (see `evaluate`). With these, greedy beats three random agents in 40 of 40 games, in about 50
    rounds; with the fitted weights and no progress share it scored 34.75 of 40, in about 320
    rounds, 24 games going to the turn limit.

    The ring bearer's weights were tuned by mcts:200 against three greedy agents on the same seeds
    (benchmarks/tuning.py, docs/benchmarks.md): escape 0, regain 24 and hold 0 scored as well as the
    weights before the bearer's against greedy with regain 8 and hold 0.5 (65.2% against 64.9% over
    432 games), 11.6 points more against greedy with themselves (46.7% against 35.1%), and 26 points
    more than regain 8 with hold 0.5, which had kept the bearer from shuttling mostly by keeping it
    from taking the ring. `outrun`, `carry` and `rerace` are off: no setting tried scored more.
    With regain above seal, holding the ring is worth more to the bearer than delivering it, and
    it waits beside a free city; `release` 8 with hold 0.5 ends that and most of its shuttling, but
    scores 8 points less (benchmarks/results/grani_tuning_dice.jsonl): it is off too.
    """

    temperature = 8.0  # turns ahead that make a knight e (2.7) times as likely to win as another
    seal = 20.0  # turns one more seal costs after the next: fetch the ring again and carry it home
    chase = 3.0  # taking the ring from its bearer costs this much more than picking it up
    unarmed = 3.5  # no amulet: no attacks, no dragon fights, the ways are longer
    amulet = 0.3  # each amulet short of three
    shackle = 1.7  # the next turn is spent taking the shackle off
    threat = 1.6  # the ring bearer, per other armed knight that could attack it next turn
    order = 0.7  # the whole round, spread over the seats by how soon each moves
    progress = 0.3  # the share of the value that measures a knight's own progress, not the race
    horizon = 30.0  # turns: the progress share is progress * exp(-turns to win / horizon)
    regain = 24.0  # turns a chaser needs after the bearer delivered: to the ring put down anew, and home
    hold = 0.0  # the bearer's extra turns per turn still to carry (the longer it holds the ring, the riskier)
    step = 0.02  # the bearer's turns per step to the city: of two ways as many turns long, the shorter
    escape = 0.0  # the bearer sees a chaser slower than its delivery plus this as one that only waits
    outrun = 1000.0  # ... by at most this many turns per turn it comes too late (so approaching ones count)
    carry = 0.0  # every knight's extra turns per turn it will carry the ring (carrying is the risky part)
    rerace = 0.0  # a waiting chaser's turns after the delivery per turn of its race for the ring anew
    release = 0.0  # the bearer alone counts a chaser's wait after the delivery (regain) this much shorter


FEATURES = (
    "race", "more_seals", "bearer", "chaser", "unarmed", "amulets_short", "shackled", "order", "threats",
)
"""The names of `GraniHeuristics.features`, per seat."""
BLOCKED = 2
CARRY_STONES = 0
"""The stones the ring's ways are searched around: none. The bearer passes over stones, so they seldom
change its way, while every new set of stones would cost searches (a greedy agent tries ninety)."""
"""Extra turns when a city is held by another knight (nobody may enter it while it stays)."""


def _deliver(here: int, seals: int, at: Sequence[int], step: float = 0.0) -> tuple[float, int]:
    """(turns, kingdom): the turns the ring bearer on `here` needs to reach a city whose seal it lacks,
    waiting where a knight stands (`at`: the knights' points), and that city's kingdom; `step` more per
    step along the lines to it, so that of two ways as many turns long the shorter counts as nearer.
    Stones are left out (see `CARRY_STONES`)."""
    best, nearest = float(FAR), 0
    steps = STEPS[here]
    for kingdom, city in enumerate(CITIES):
        if not seals >> kingdom & 1:
            turns = _CARRY[kingdom][here] + (BLOCKED if city in at else 0) + step * steps[city]
            if turns < best:
                best, nearest = turns, kingdom
    return best, nearest


def rerace(kingdom: int, seals: int) -> tuple[float, ...]:
    """Per point, the turns a knight with `seals` needs there, once the ring is delivered in `kingdom`'s
    city, to win the race for it anew: to the ring (put on a black point of another kingdom; the mean
    over those points, since the deliverer chooses) and on to a city whose seal it lacks. Stones and
    knights are left out. Kept per kingdom and seals."""
    found = _RERACE.get((kingdom, seals))
    if found is None:
        allowed = movegen.BLACK & ~BOARD.kingdom_masks[kingdom]
        spots = [q for q in range(BOARD.size) if allowed >> q & 1]
        to_city = _HOME[seals]
        found = _RERACE[kingdom, seals] = tuple(
            sum(row[q] + to_city[q] for q in spots) / len(spots) for row in WALK
        )
    return found


_RERACE: dict[tuple[int, int], tuple[float, ...]] = {}


_CARRY = tuple(carry_to(city, CARRY_STONES) for city in CITIES)
"""Per kingdom, the ring bearer's turns from every point to its city (see `CARRY_STONES`)."""
_HOME = tuple(home(seals, CARRY_STONES) for seals in range(1 << len(CITIES)))
"""Per mask of seals held, `home` (see `CARRY_STONES`)."""


class GraniHeuristics:
    """Evaluation, move order and immediate wins for Grani (see `core.heuristics.SearchHints`)."""

    exploration = 0.1
    """The UCT constant that suits this evaluation (MCTS reads it): the values of four or six
    seats share 1, so the differences between moves are smaller than in a two-player game."""
    widening = 1.0
    """Progressive widening for MCTS: a node opens its actions in `order`, one more as its visits
    pass each square, so that ninety places for a stone do not eat the budget."""

    def __init__(self, weights: type[Weights] | Weights = Weights) -> None:
        self.w = w = weights
        # what `_race` and `evaluate` read of the weights, read once: an attribute of a class is dear to read
        self._race_weights = (
            w.chase, w.order, w.seal, w.unarmed, w.amulet, w.shackle, w.carry, w.step, w.regain, w.rerace,
            w.hold, w.threat, w.escape, w.outrun, w.release,
        )
        self._share = (w.temperature, w.progress, w.horizon)

    def with_weights(self, weights: Mapping[str, float]) -> GraniHeuristics:
        """These heuristics with some of `Weights` set otherwise (agent options "w.<name>"); KeyError
        for a name that is not one of them."""
        return GraniHeuristics(tuned_weights(Weights, weights))

    # ----- the race model --------------------------------------------------------------------
    def features(self, state: State) -> list[tuple[float, ...]]:
        """Per seat, what the race model looks at (the order of `FEATURES`); for fitting weights."""
        s = cast("GraniState", state)
        players = s.players
        at, amulets, seals = s.at, s.amulets, s.seals
        ring, bearer = s.ring, s.bearer
        if ring < 0 and bearer < 0:
            ring = ring_guess(s)
        target = ring if ring >= 0 else at[bearer]
        rows: list[tuple[float, ...]] = []
        for i in range(players):
            here = at[i]
            mask = seals[i]
            threats = 0
            race: float
            if i == bearer:
                race = _deliver(here, mask, at)[0]
                for j in range(players):
                    if j != i and amulets[j] and WALK[at[j]][here] <= 1:
                        threats += 1
            else:
                to_ring = walk_to(target, s.obstacles, amulets[i] > 0)[here]
                race = to_ring + home(mask, CARRY_STONES)[target]
            rows.append((
                race, s.seals_to_win - 1 - mask.bit_count(), float(i == bearer),
                float(bearer >= 0 and i != bearer), float(not amulets[i]), 3.0 - amulets[i],
                float(s.shackled[i]), ((i - s.seat) % players) / players, threats,
            ))
        return rows

    def turns_to_win(self, state: State) -> list[float]:
        """Per seat, the estimated turns it needs to win (lower is better)."""
        return self._race(cast("GraniState", state))[0]

    def _race(self, s: GraniState) -> tuple[list[float], list[float]]:
        """(`turns_to_win`, the same as the ring's bearer sees them, the same list where nothing differs):
        the bearer counts a chaser that cannot reach it before it delivers (`Weights.escape` turns of
        slack) as one that only waits."""
        (chase, order, seal, unarmed, amulet, shackle, carry, step_weight, regain, rerace_by, hold, threat,
         escape, outrun, release) = self._race_weights
        players = s.players
        at, amulets, seals, shackled = s.at, s.amulets, s.seals, s.shackled
        ring, bearer = s.ring, s.bearer
        if ring < 0 and bearer < 0:
            ring = ring_guess(s)
        target = ring if ring >= 0 else at[bearer]
        obstacles = s.obstacles
        armed_to = walk_to(target, obstacles, True)
        more = s.seals_to_win - 1
        seat = s.seat
        step = order / players
        estimates: list[float] = []
        lifts: list[tuple[int, float]] = []  # what the bearer adds to chasers' estimates
        carried = ring < 0
        carrying = 1.0 + carry
        if carried:
            delivery, kingdom = _deliver(target, seals[bearer], at, step_weight)
            waiting = delivery + regain
        unarmed_to: tuple[int, ...] | None = None  # each asked for once, where an unarmed knight needs it
        via_city: tuple[int, ...] | None = None
        for i, here in enumerate(at):
            mask, left = seals[i], amulets[i]
            t: float
            if i == bearer:
                t = delivery * (carrying + hold)
                for j in range(players):
                    if j != i and amulets[j] and WALK[at[j]][here] <= 1:
                        t += threat
            elif carried:  # take the ring by attack (armed first), or win the race for it once delivered
                if left:
                    catch = armed_to[here]
                else:
                    if via_city is None:
                        via_city = walk_via_city(target, CARRY_STONES)
                    catch = via_city[here]
                attack = catch + _HOME[mask][target] * carrying + chase
                wait = waiting + rerace_by * rerace(kingdom, mask)[here] if rerace_by else waiting
                t = wait if wait < attack else attack  # min(attack, wait) without the call
                late = catch - delivery - escape
                if late > 0.0 or release:  # else the bearer sees this chaser as the others do
                    seen_wait = wait - release
                    lift = (seen_wait if seen_wait < attack else attack) - t
                    if late > 0.0 and attack < seen_wait:
                        lift += min(seen_wait - attack, outrun * late)
                    if lift:
                        lifts.append((i, lift))
            elif left:
                t = armed_to[here] + _HOME[mask][target] * carrying
            else:
                if unarmed_to is None:
                    unarmed_to = walk_to(target, obstacles, False)
                t = unarmed_to[here] + _HOME[mask][target] * carrying
            t += (more - mask.bit_count()) * seal
            if not left:
                t += unarmed
            t += (3 - left) * amulet
            if shackled[i]:
                t += shackle
            t += ((i - seat) % players) * step
            estimates.append(t)
        if not lifts:
            return estimates, estimates
        seen = list(estimates)
        for i, lift in lifts:
            seen[i] += lift
        return estimates, seen

    # ----- the Heuristics protocol ----------------------------------------------------------
    def evaluate(self, state: State) -> list[float]:
        """Per seat, the chance of winning as the race model sees it, plus a little for progress.

        Mostly the softmax of the race (the seats' shares sum to 1), and a share `progress` of an
        absolute measure, exp(-turns / horizon): in a pure race, a knight far ahead of everybody, or
        one that moves the whole game on (delivering the ring lets the others chase it again), sees
        hardly any difference between its moves, and would dither.
        """
        s = cast("GraniState", state)
        if s.phase == OVER:
            return s.returns()
        estimates, seen = self._race(s)
        temperature, progress, horizon = self._share
        values = race_values(estimates, temperature, progress, horizon)
        if seen is not estimates:
            values[s.bearer] = race_value(seen, s.bearer, temperature, progress, horizon)
        return values

    def winning_action(self, state: State) -> Action | None:
        """An action that wins at once, or None (exact): a move that brings the ring into a city
        whose seal is the last one needed, or, in the very last turn, one that ends the game with
        the mover holding more seals than anybody else."""
        s = cast("GraniState", state)
        phase = s.phase
        if phase == OVER or s.to_move < 0:
            return None
        if s.turns + 1 >= s.max_turns * s.players:
            return _last_turn_win(s)
        if phase != MOVE and phase != BONUS:
            return None
        seat = s.seat
        mask = s.seals[seat]
        if mask.bit_count() + 1 < s.seals_to_win or s.shackled[seat]:
            return None
        ring, carrying = s.ring, s.bearer == seat
        if not carrying and ring < 0:
            return None
        kingdom = BOARD.kingdom
        for action in s.legal_actions():
            if (isinstance(action, Move) and CITY_MASK >> action.end & 1
                    and not mask >> kingdom[action.end] & 1
                    and (carrying or (ring >= 0 and action.via == ring))):
                return action
        return None

    def order(self, state: State, actions: Sequence[Action]) -> list[Action]:
        """The actions most likely to help the seat to move first. Moves: take the ring or deliver
        it, then those that bring the knight (or the ring) nearest to where it should go. Stones:
        onto the others' shortest ways to the ring, off one's own. The ring: near oneself, far from
        the others. A banished knight: far from the ring."""
        s = cast("GraniState", state)
        phase = s.phase
        if phase in (MOVE, BONUS):
            return sorted(actions, key=self._move_key(s))
        if phase == RING:
            score = _ring_score(s)
        elif phase == EXILE:
            score = _exile_score(s)
        elif phase in (BLOCK, SHIFT, LIFT):
            values = _stone_values(s, lift=phase == LIFT)
            keys = [values[a.point if isinstance(a, Place) else 0] for a in actions]
            return [actions[i] for i in sorted(range(len(keys)), key=keys.__getitem__)]
        else:
            return list(actions)
        return sorted(actions, key=lambda action: score(action.point if isinstance(action, Place) else 0))

    def _move_key(self, s: GraniState) -> _Key:
        seat = s.seat
        mask = s.seals[seat]
        here = s.at[seat]
        ring, bearer = s.ring, s.bearer
        to_city = _HOME[mask]
        dragon = _DRAGON_HALF
        if bearer == seat:
            def carry(action: Action) -> float:
                end = action.end if isinstance(action, Move) else here
                return to_city[end] + dragon[end]
            return carry
        target = ring if ring >= 0 else (s.at[bearer] if bearer >= 0 else -1)
        if target < 0:
            return _as_given
        to_target = walk_to(target, s.obstacles, s.amulets[seat] > 0)

        def fetch(action: Action) -> float:
            if not isinstance(action, Move):
                return to_target[here] + 0.5
            end = action.end
            if end == target or action.via == ring >= 0:
                return -1.0
            return to_target[end] + dragon[end]
        return fetch


_DRAGON_HALF = tuple(0.5 * (BOARD.dragons >> point & 1) for point in range(BOARD.size))
"""Per point, what the move order adds for ending a move there: half a turn on a dragon."""


def _last_turn_win(s: GraniState) -> Action | None:
    """In the game's last turn: an action after which the game is over and the mover has won."""
    seat = s.seat
    sim = s.clone()
    for action in s.legal_actions():
        sim.apply(action)
        won = sim.is_over and sim.returns()[seat] == 1.0
        sim.undo()
        if won:
            return action
    return None


def _ring_score(s: GraniState) -> Callable[[int], float]:
    """How good a spot for the ring is for the seat that puts it down (lower is better): near its
    own knight and a city whose seal it lacks, far from every other knight (a quick guess)."""
    seat = s.seat
    mine = WALK[s.at[seat]]
    others = [WALK[p] for i, p in enumerate(s.at) if i != seat]
    to_city = _HOME[s.seals[seat]]

    def score(point: int) -> float:
        nearest = min(row[point] for row in others)
        return mine[point] + to_city[point] - 2 * nearest
    return score


def _stone_values(s: GraniState, lift: bool) -> list[float]:
    """Per point, how good it is for an obstacle (lower is better), or to lift one from (`lift`): how
    many other knights it stands in the way of, on a shortest way to the ring (or its bearer),
    less twice whether it stands in the mover's own way."""
    seat = s.seat
    target = s.ring if s.ring >= 0 else (s.at[s.bearer] if s.bearer >= 0 else -1)
    values = [0.0] * BOARD.size
    if target < 0:
        return values
    # per point, the sum of the weights of the knights whose way it is on (whole numbers: their sum
    # and its sign are exact in any order)
    other, own = (1.0, -2.0) if lift else (-1.0, 2.0)
    bearer = s.bearer
    for i, here in enumerate(s.at):
        if i != bearer:
            weight = other if i != seat else own
            for point in _on_way(here, target):
                values[point] += weight
    return values


def _on_way(start: int, end: int) -> list[int]:
    """The points on a shortest way from `start` to `end` (by WALK), in order (kept per pair)."""
    found = _ON_WAY.get((start, end))
    if found is None:
        whole, to_end, from_start = WALK[start][end], WALK[end], WALK[start]
        found = _ON_WAY[start, end] = [p for p in range(BOARD.size) if from_start[p] + to_end[p] == whole]
    return found


_ON_WAY: dict[tuple[int, int], list[int]] = {}


def _exile_score(s: GraniState) -> Callable[[int], float]:
    """Where to banish a knight (lower is better): far from the ring, or from its new bearer."""
    row = WALK[s.ring if s.ring >= 0 else s.at[s.seat]]

    def score(point: int) -> float:
        return -row[point]
    return score


def ring_guess(s: GraniState) -> int:
    """Where the seat that holds the ring in hand will likely put it: of the points where the rules
    let it go, the best by `_ring_score` (a quick guess for the evaluation)."""
    score = _ring_score(s)
    best, best_score = BOARD.ring_start, math.inf
    for spot in movegen.ring_spots(s, BOARD.kingdom[s.at[s.seat]]):
        value = score(spot.point)
        if value < best_score:
            best, best_score = spot.point, value
    return best


def _as_given(action: Action) -> float:
    return 0.0


HEURISTICS = GraniHeuristics()
"""The heuristics `Grani.heuristics()` hands out."""
