"""Grani heuristics: distances, the race-model evaluation, move order and exact immediate wins."""

from __future__ import annotations

import random

import pytest

import spielwerk
from spielwerk.core.state import Action
from spielwerk.games.grani.board import BOARD
from spielwerk.games.grani.distances import FAR, WALK, WALLED, carry_to, home, walk_to
from spielwerk.games.grani.heuristics import HEURISTICS, GraniHeuristics, rerace
from spielwerk.games.grani.rules import GraniState
from tests.grani.helpers import FAR as PARKED
from tests.grani.helpers import grani, play

# G25 is the city of Galad, joined to G21 and G26; T5 the city of Tirad; U4 of Urgad; E24 of Elgad.
# The ring starts on T4, joined to T9 and T10.


def p(name: str) -> int:
    return BOARD.index[name]


def test_heuristics_come_with_the_game() -> None:
    assert spielwerk.game("grani").heuristics() is HEURISTICS


def test_distances_are_turns_of_one_or_two_steps() -> None:
    assert WALK[p("G21")][p("G25")] == 1 and WALK[p("G25")][p("G21")] == 1
    assert all(WALK[a][b] == WALK[b][a] for a in range(BOARD.size) for b in range(BOARD.size))
    assert all(WALK[a][b] < FAR for a in range(BOARD.size) for b in range(BOARD.size))
    assert all(carry_to(c, 0)[a] < FAR for c in BOARD.city_of for a in range(BOARD.size))
    assert carry_to(p("T5"), 0)[p("T9")] <= WALK[p("T9")][p("T5")]  # the bearer passes over dragons


def test_walk_to_goes_around_obstacles() -> None:
    ring = BOARD.ring_start
    free = walk_to(ring, 0)
    assert free[p("T9")] == 1 and free[ring] == 0
    both = 1 << p("T9") | 1 << p("T10")  # the ring's only neighbours
    shut = walk_to(ring, both)
    # nobody gets through until a sword moves a stone: the way without stones, and WALLED turns more
    assert shut[p("G5")] == free[p("G5")] + WALLED and shut[p("T15")] == free[p("T15")] + WALLED
    one = walk_to(ring, 1 << p("T10"))
    assert one[p("T9")] == 1 and all(a >= b for a, b in zip(one, free, strict=True))


def test_a_knight_without_amulets_stops_on_no_dragon_on_its_way() -> None:
    dragon = next(q for q in range(BOARD.size) if BOARD.kind[q] == "dragon")
    target = next(q for q in BOARD.neighbours[dragon] if BOARD.kind[q] == "black")
    assert walk_to(target, 0, armed=False)[dragon] >= walk_to(target, 0, armed=True)[dragon]
    assert all(a >= b for a, b in zip(walk_to(target, 0, False), walk_to(target, 0, True), strict=True))


def test_evaluate_is_a_win_chance_per_seat() -> None:
    state = spielwerk.game("grani").new_state(players=4, seed=3)
    state.resolve_chance()
    values = HEURISTICS.evaluate(state)
    assert len(values) == 4 and all(0.0 <= v <= 1.0 for v in values)
    assert sum(values) == pytest.approx(1.0, abs=0.35)


def test_seals_the_ring_and_amulets_count() -> None:
    base = "yellow=G8 blue=G12 red=U1 turn=red"
    sealed = HEURISTICS.evaluate(grani("yellow=G8:seals=T blue=G12 red=U1 turn=red"))
    plain = HEURISTICS.evaluate(grani(base))
    assert sealed[0] > plain[0] and sealed[1] < plain[1]
    bearer = HEURISTICS.evaluate(grani("yellow=G8:ring blue=G12 red=U1 turn=red"))
    assert bearer[0] > plain[0]
    poor = HEURISTICS.evaluate(grani("yellow=G8:0 blue=G12 red=U1 turn=red"))
    assert poor[0] < plain[0]
    fighter = HEURISTICS.evaluate(grani("yellow=T8:2 blue=G12 red=U1 turn=red"))  # T8 is a dragon
    shackled = HEURISTICS.evaluate(grani("yellow=T8:2:shackled blue=G12 red=U1 turn=red"))
    assert shackled[0] < fighter[0]


def test_the_bearer_near_a_city_it_lacks_is_the_favourite() -> None:
    near = HEURISTICS.evaluate(grani("yellow=G21:ring blue=T9 red=U1 turn=blue"))
    assert near[0] == max(near)
    farthest = max((q for q in range(BOARD.size) if BOARD.kind[q] == "black"),
                   key=lambda q: min(carry_to(c, 0)[q] for c in BOARD.city_of))
    far = HEURISTICS.evaluate(grani(f"yellow={BOARD.names[farthest]}:ring blue=T9 red=U1 turn=blue"))
    assert far[0] < near[0]


def test_evaluate_at_the_end_is_the_result() -> None:
    state = grani(f"yellow=G21:ring:seals=TU {PARKED}")
    play(state, "G21-G25")
    assert state.is_over
    assert HEURISTICS.evaluate(state) == state.returns() == [1.0, 0.0, 0.0]


def test_winning_action_delivers_the_last_seal() -> None:
    state = grani(f"yellow=G21:ring:seals=TU {PARKED}")
    win = HEURISTICS.winning_action(state)
    assert str(win) == "G21-G25"
    assert HEURISTICS.winning_action(grani(f"yellow=G21:ring:seals=T {PARKED}")) is None  # one seal short
    assert HEURISTICS.winning_action(grani(f"yellow=G21:seals=TU {PARKED}")) is None  # no ring
    assert HEURISTICS.winning_action(grani(f"yellow=G21:ring:seals=TG {PARKED}")) is None  # has Galad's


def test_winning_action_takes_the_ring_on_the_way() -> None:
    state = grani(f"yellow=G20:seals=TU ring=G21 {PARKED}")
    win = HEURISTICS.winning_action(state)
    assert win is not None and str(win) in {str(a) for a in state.legal_actions()}
    state.apply(win)
    assert state.is_over and state.returns()[0] == 1.0


def test_winning_action_with_two_seals_to_win() -> None:
    state = grani(f"yellow=G21:ring:seals=E {PARKED}", seals_to_win=2)
    assert str(HEURISTICS.winning_action(state)) == "G21-G25"


def test_order_puts_taking_the_ring_and_delivering_it_first() -> None:
    state = grani("yellow=T15 blue=G12 red=U1")
    first = HEURISTICS.order(state, state.legal_actions())[0]
    assert str(first).endswith("T4")  # onto the ring's point
    state = grani("yellow=G21:ring blue=T9 red=U1")
    assert str(HEURISTICS.order(state, state.legal_actions())[0]) == "G21-G25"


@pytest.mark.parametrize("players", [3, 6])
def test_random_games_evaluate_everywhere_and_wins_are_exact(players: int) -> None:
    """Along random games: evaluate is well formed at every state, and winning_action names a win
    exactly when one of the legal actions wins at once."""
    game = spielwerk.game("grani", seals_to_win=2, max_turns=60)
    rng = random.Random(players)
    for seed in range(2):
        state = game.new_state(players=players, seed=seed)
        assert isinstance(state, GraniState)
        while not state.is_over:
            values = HEURISTICS.evaluate(state)
            assert len(values) == players and all(0.0 <= v <= 1.0 for v in values)
            if state.is_chance:
                state.resolve_chance()
                continue
            actions = state.legal_actions()
            assert sorted(map(str, HEURISTICS.order(state, actions))) == sorted(map(str, actions))
            win = HEURISTICS.winning_action(state)
            mover = state.to_move
            wins = [a for a in actions if _wins(state, a, mover)]
            assert (win is None) == (not wins) and (win is None or win in wins)
            state.apply(actions[int(rng.random() * len(actions))])


def _wins(state: GraniState, action: object, mover: int) -> bool:
    state.apply(action)
    won = state.is_over and state.returns()[mover] == 1.0
    state.undo()
    return won


@pytest.mark.parametrize("start", ["G24", "E20", "U5", "G17"])
def test_the_bearer_values_moving_nearer_a_free_city_over_moving_away(start: str) -> None:
    """Every move that brings the bearer nearer a city whose seal it lacks (in turns, as it carries)
    is worth more to it than every move that takes it farther away."""
    state = grani(f"yellow={start}:ring:seals=T blue=X1 red=X12")  # nobody near enough to attack
    nearer, farther = _bearer_values(state, HEURISTICS)
    assert nearer and farther
    assert min(nearer) > max(farther)


def test_the_bearer_takes_a_way_out_of_every_chasers_reach_over_one_a_chaser_can_cut() -> None:
    """From T9 the nearest city is two turns away through U5, which blue (armed, on X1) reaches in
    two turns; T3 and T7 are a turn farther from the city but out of both chasers' reach until the
    bearer delivers: the bearer values them most (`Weights.escape`); without escape it heads for U5."""
    state = grani("yellow=T9:ring:seals=T blue=X1 red=X12")
    ranked = sorted(state.legal_actions(), key=lambda action: -_value_after(state, action, HEURISTICS))
    assert {str(action) for action in ranked[:2]} == {"T9-T3", "T9-T7"}
    plain = HEURISTICS.with_weights({"escape": 1000.0})
    assert str(max(state.legal_actions(), key=lambda action: _value_after(state, action, plain))) == "T9-U5"


def _value_after(state: GraniState, action: Action, heuristics: GraniHeuristics) -> float:
    state.apply(action)
    value = heuristics.evaluate(state)[0]  # yellow, the bearer
    state.undo()
    return value


def _bearer_values(state: GraniState, heuristics: GraniHeuristics) -> tuple[list[float], list[float]]:
    """The values to the bearer (seat 0) of its moves nearer a city it lacks, and of those farther away."""
    to_city = home(state.seals[0], 0)
    here = to_city[state.at[0]]
    nearer, farther = [], []
    for action in state.legal_actions():
        state.apply(action)
        value = heuristics.evaluate(state)[0]
        end = to_city[state.at[0]]
        state.undo()
        if end < here:
            nearer.append(value)
        elif end > here:
            farther.append(value)
    return nearer, farther


def test_the_bearer_counts_chasers_too_late_to_catch_it_as_waiting() -> None:
    """With `escape` set, the bearer sees a chaser that cannot reach it before it delivers as one
    that only waits for the ring put down anew; the chasers' own values do not change, and a chaser
    close enough to attack counts as before."""
    escaping = HEURISTICS.with_weights({"escape": 0.0, "regain": 24.0})
    usual = HEURISTICS.with_weights({"escape": 1000.0, "regain": 24.0})
    far = grani("yellow=G21:ring blue=T9 red=U1 turn=blue")  # a turn from Galad; blue far off
    near = grani("yellow=G21:ring blue=G16 red=U1 turn=blue")  # G16: a turn from G21
    sees, was = escaping.evaluate(far), usual.evaluate(far)
    assert sees[0] > was[0] and sees[1:] == was[1:]
    assert escaping.evaluate(near)[0] > usual.evaluate(near)[0]  # red, on U1, is still too far
    close = grani("yellow=G21:ring blue=G16 red=G26 turn=blue")
    assert escaping.evaluate(close) == usual.evaluate(close)


def test_with_outrun_a_chaser_counts_more_the_later_it_comes() -> None:
    """`outrun` caps what the bearer adds to a late chaser's estimate at so many turns per turn it is
    late: a chaser closing in (later by less) is added less, and a cap of 1000 is `escape` alone."""
    far = grani("yellow=G21:ring blue=T9 red=U1 turn=blue")
    full, capped, usual = (HEURISTICS.with_weights({"escape": 0.0, "regain": 24.0, **extra}).evaluate(far)[0]
                           for extra in ({}, {"outrun": 0.5}, {"escape": 1000.0}))
    assert usual < capped < full
    nearer = grani("yellow=G21:ring blue=G12 red=U1 turn=blue")
    gain = [HEURISTICS.with_weights({"escape": 0.0, "regain": 24.0, "outrun": 0.5}).evaluate(state)[0]
            - HEURISTICS.with_weights({"regain": 24.0, "escape": 1000.0}).evaluate(state)[0]
            for state in (far, nearer)]
    assert gain[0] > gain[1] > 0.0


def test_with_rerace_a_waiting_chaser_counts_its_race_for_the_ring_put_down_anew() -> None:
    """`rerace` adds to a waiting chaser's estimate its turns, from where it stands, to the ring put
    down anew in another kingdom than the delivery's and on to a city it lacks: a chaser far from those
    points waits for longer than one near them; the bearer's own estimate does not change."""
    galad = BOARD.kingdom[p("G25")]
    plain = HEURISTICS.with_weights({"regain": 0.0})
    racing = HEURISTICS.with_weights({"regain": 0.0, "rerace": 1.0})
    for chaser in ("T1", "E1", "X1"):  # far enough that waiting beats an attack
        state = grani(f"yellow=G21:ring blue={chaser} red=X12 turn=blue")  # a turn from Galad
        before, after = plain.turns_to_win(state), racing.turns_to_win(state)
        assert after[0] == before[0]
        assert after[1] - before[1] == pytest.approx(rerace(galad, 0)[p(chaser)])
    table = rerace(galad, 0)
    assert min(table) > 5.0 and max(table) - min(table) > 3.0  # a few turns, more from the edges


def test_with_carry_every_knights_way_home_with_the_ring_counts_more() -> None:
    """`carry` adds so many turns per turn of carrying, to the bearer's delivery and to every other
    knight's way home from the ring alike: taking the ring costs nothing more, while each step the
    bearer makes towards the city gains it more than it gains the chasers."""
    lying = grani("yellow=G21 blue=T9 red=X12")  # the ring on T4
    before = HEURISTICS.with_weights({"regain": 1000.0}).turns_to_win(lying)
    after = HEURISTICS.with_weights({"regain": 1000.0, "carry": 0.5}).turns_to_win(lying)
    ring_home = home(lying.seals[0], 0)[p("T4")]
    assert [b - a for a, b in zip(before, after, strict=True)] == pytest.approx([0.5 * ring_home] * 3)
    weights = {"regain": 1000.0, "hold": 0.0, "step": 0.0, "carry": 0.5}  # "old" with carry
    state = grani("yellow=G17:ring:seals=T blue=X1 red=X12")  # where "old" alone would move away
    nearer, farther = _bearer_values(state, HEURISTICS.with_weights(weights))
    assert nearer and farther and min(nearer) > max(farther)


def test_with_release_the_bearer_delivers_rather_than_hold_the_ring_beside_the_city() -> None:
    """Beside Galad, with both chasers far off, the defaults value holding the ring (a waiting chaser
    needs `regain` 24 turns after a delivery, a seal is worth 20) over delivering it; with `release`
    the bearer alone counts that wait shorter and delivers. The chasers' own values do not change."""
    state = grani("yellow=G21:ring blue=X1 red=X12")
    assert _best_move(state, HEURISTICS) != "G21-G25"
    released = HEURISTICS.with_weights({"release": 4.0})
    assert _best_move(state, released) == "G21-G25"
    assert released.evaluate(state)[0] < HEURISTICS.evaluate(state)[0]
    assert released.evaluate(state)[1:] == HEURISTICS.evaluate(state)[1:]


def _best_move(state: GraniState, heuristics: GraniHeuristics) -> str:
    return str(max(state.legal_actions(), key=lambda action: _value_after(state, action, heuristics)))
