"""Drachenfels heuristics: route tables, what a seat knows of its princess, the race evaluation,
move order and sure wins."""

from __future__ import annotations

from typing import Any

import pytest

import spielwerk
from spielwerk import agents
from spielwerk.games.drachenfels import routes
from spielwerk.games.drachenfels.board import BOARD
from spielwerk.games.drachenfels.heuristics import HEURISTICS as H
from spielwerk.games.drachenfels.heuristics import chances
from tests.conformance.play import playout
from tests.drachenfels.helpers import drachenfels

# The inner road of red runs S1-1-2-3-4-5-R1; 5-D1-16 is its only land exit to the outer ring, where
# 12-X1-C1 leads to the rock castle C1. Holes H1 (S1-H1-R4) and H2 (R1-H2-S2) need bridges.
CORNER: dict[str, Any] = {
    "knights": {"red": "12", "blue": "S3"},
    "armour": ["red"],
    "bridges": ["X1"],
    "dragons": ["C2", "C3", "C4", "D2"],
    "hands": {"red": ["2", "3"], "blue": ["1"]},
}


def f(name: str) -> int:
    return BOARD.index[name]


def red(state: Any) -> float:
    return H.evaluate(state)[0]


def test_heuristics_come_with_the_game() -> None:
    assert spielwerk.game("drachenfels").heuristics() is H


def test_routes_count_steps_and_the_pieces_in_the_way() -> None:
    start = (tuple(sorted(BOARD.rock_castles)), (), (), False)
    castle, c1 = routes.tables(start)[0], routes.tables(start)[1]
    assert castle.cost[f("K")] == 0 and c1.cost[f("C1")] == 0
    # from R1 one step over a rainbow that is not up yet
    assert castle.cost[f("R1")] == 1 + routes.RAINBOW and routes.clears(castle.need[f("R1")]) == (0, 0, 1)
    # from 12: the crossing needs a bridge and C1 its dragon moved
    assert c1.cost[f("12")] == 2 + routes.BRIDGE + routes.DRAGON
    assert routes.clears(c1.need[f("12")]) == (1, 1, 0)
    up = routes.tables((start[0], (f("X1"),), ((f("R1"), f("K")),), False))
    assert up[0].cost[f("R1")] == 1 and up[1].cost[f("12")] == 2 + routes.DRAGON
    way = routes.route(start, c1, f("16"))
    assert f("X1") in way.blocked and f("C1") in way.blocked and f("12") in way.fields


def test_a_dragon_on_the_dragon_rock_shuts_the_inner_road() -> None:
    free = routes.tables((tuple(sorted(BOARD.rock_castles)), (), (), False))
    shut = routes.tables(((f("C2"), f("C3"), f("C4"), f("D1")), (), (), False))
    assert shut[1].cost[f("5")] > free[1].cost[f("5")] - routes.DRAGON  # C1 is free now, D1 is not
    assert routes.clears(shut[3].need[f("5")])[0] >= 1  # to C3 the way still meets a dragon


def test_stars_join_the_corners() -> None:
    tabs = routes.tables(((f("D1"), f("D2"), f("D3"), f("D4")), (f("X1"), f("X3")), (), False))
    assert tabs[1].cost[f("47")] == 5  # onto the star 48, fly to 14, then 13, 12, X1, C1
    assert tabs[1].cost[f("14")] == 4
    assert tabs[1].cost[f("48")] > tabs[1].cost[f("47")]  # a knight standing on a star does not fly


def test_chances_rule_out_the_castles_a_seat_saw_and_read_no_hidden_order() -> None:
    state = drachenfels(knights={"red": "S1", "blue": "S3"})
    assert chances(state, 0) == (0.25, 0.25, 0.25, 0.25)
    looked = drachenfels(knights={"red": "S1", "blue": "S3"}, looked={"C1": ["red"]}, armour=["red"],
                         princesses=["yellow", "blue", "red", "green"])
    odds = chances(looked, 0)
    assert odds[0] == 0.0 and sum(odds) == pytest.approx(1.0) and odds[1] == pytest.approx(1 / 3)
    # red saw yellow on C1; blue looked in vain at C2: C2 is not blue's, so blue's chances shift
    both = drachenfels(knights={"red": "S1", "blue": "S3"}, looked={"C1": ["red"], "C2": ["blue"]},
                       armour=["red", "blue"], princesses=["yellow", "red", "blue", "green"])
    assert chances(both, 1)[1] == 0.0 and chances(both, 0)[1] > chances(both, 0)[2]
    # the order on the castles nobody saw changes nothing
    other = drachenfels(knights={"red": "S1", "blue": "S3"}, looked={"C1": ["red"], "C2": ["blue"]},
                        armour=["red", "blue"], princesses=["yellow", "red", "green", "blue"])
    assert chances(other, 0) == chances(both, 0) and H.evaluate(other) == H.evaluate(both)


def test_values_are_win_chances_in_range_and_deterministic() -> None:
    game = spielwerk.game("drachenfels")
    for players in (2, 3, 4):
        for state in playout(game.new_state(players=players, seed=players), 3, 400):
            before = state.to_json()
            values = H.evaluate(state)
            assert len(values) == players and all(0.0 <= v <= 1.0 for v in values)
            assert H.evaluate(state.clone()) == values and state.to_json() == before


def test_a_knight_nearer_the_castle_is_worth_more() -> None:
    far = drachenfels(knights={"red": "S1", "blue": "S3"}, rainbows=["R1-K"])
    near = drachenfels(knights={"red": "5", "blue": "S3"}, rainbows=["R1-K"])
    assert red(near) > red(far)
    assert H.evaluate(near)[1] < H.evaluate(far)[1]


def test_armour_raises_the_value() -> None:
    without = drachenfels(knights={"red": "R1", "blue": "S3"}, rainbows=["R1-K"])
    armoured = drachenfels(knights={"red": "R1", "blue": "S3"}, rainbows=["R1-K"], armour=["red"])
    assert red(armoured) > red(without)


def test_a_knight_nearer_a_castle_it_has_not_ruled_out_is_worth_more() -> None:
    near = drachenfels(**CORNER)
    far = drachenfels(**{**CORNER, "knights": {"red": "40", "blue": "S3"}})
    assert red(near) > red(far)
    ruled_out = drachenfels(**CORNER, looked={"C1": ["red"]}, princesses=["yellow", "blue", "red", "green"])
    unseen = drachenfels(**CORNER, looked={"C4": ["red"]}, princesses=["yellow", "blue", "red", "green"])
    assert red(ruled_out) < red(unseen)  # next to C1, where red saw another's princess (both walk double)


def test_a_rival_next_to_a_castle_that_may_hold_his_princess_lowers_our_value() -> None:
    base: dict[str, Any] = {"armour": ["blue"], "bridges": ["X3"], "dragons": ["C1", "C2", "C4", "D1"],
                            "hands": {"red": ["1"], "blue": ["2"]}}
    close = drachenfels(knights={"red": "S1", "blue": "46"}, **base)
    away = drachenfels(knights={"red": "S1", "blue": "S3"}, **base)
    assert red(close) < red(away)
    seen = drachenfels(knights={"red": "S1", "blue": "46"}, looked={"C3": ["blue"]},
                       princesses=["red", "blue", "yellow", "green"], **base)
    assert red(seen) > red(close)  # C3 is ruled out for blue


def test_the_double_count_and_useful_cards_count() -> None:
    single = drachenfels(**{**CORNER, "knights": {"red": "40", "blue": "S3"}})
    double = drachenfels(**{**CORNER, "knights": {"red": "40", "blue": "S3"}}, looked={"C4": ["red"]})
    assert red(double) > red(single)
    plain = drachenfels(knights={"red": "S1", "blue": "S3"}, hands={"red": ["3"], "blue": ["1"]})
    rainbow = drachenfels(knights={"red": "S1", "blue": "S3"}, hands={"red": ["3", "rainbow"], "blue": ["1"]})
    no_points = drachenfels(knights={"red": "S1", "blue": "S3"}, hands={"red": ["rainbow"], "blue": ["1"]})
    assert red(rainbow) > red(plain) and red(no_points) < red(rainbow)


def test_order_puts_the_walk_to_the_castle_first() -> None:
    state = drachenfels(**{**CORNER, "hands": {"red": ["2", "3", "dragon"], "blue": ["1"]}})
    first = H.order(state, state.legal_actions())[0]
    assert str(first) == "2 C1"
    armour = drachenfels(knights={"red": "R1", "blue": "S3"}, rainbows=["R1-K"],
                         hands={"red": ["1", "3", "bridge"], "blue": ["1"]})
    assert str(H.order(armour, armour.legal_actions())[0]) == "1 K"


def test_order_prefers_cards_that_clear_the_own_way() -> None:
    state = drachenfels(**{**CORNER, "dragons": ["C1", "C3", "C4", "D2"],
                           "hands": {"red": ["1", "dragon"], "blue": ["1"]}})
    ranked = [str(action) for action in H.order(state, state.legal_actions())]
    assert ranked[0].startswith("dragon C1>")
    assert ranked.index("dragon C1>7") < ranked.index("dragon C3>7")
    shut = drachenfels(knights={"red": "S1", "blue": "S3"}, hands={"red": ["3", "rainbow"], "blue": ["1"]})
    ranked = [str(action) for action in H.order(shut, shut.legal_actions())]
    assert ranked.index("rainbow R1-K") < ranked.index("rainbow R3-K")


# Red, without armour, stands on R1 with no rainbow up from there and no rainbow card; the top
# discard is a 1, so red could walk 5-R1-5 for ever: every other rainbow card lies in the discard.
BLOCKED: dict[str, Any] = {
    "knights": {"red": "R1", "blue": "28"},
    "armour": ["blue"],
    "dragons": ["C1", "C3", "C4", "D2"],
    "rainbows": ["R2-K"],
    "bridges": ["X1"],
    "discard": ["4", "4", "rainbow", "3", "rainbow", "cloud", "2", "rainbow", "5", "dragon", "bridge", "2",
                "dragon", "3", "2", "2", "1", "1", "1"],
    "hands": {"red": ["3", "4", "bridge", "dragon"],
              "blue": ["rainbow", "1", "3", "4", "dragon", "teletransfer"]},
}


def test_order_tries_a_refresh_early_where_no_card_in_hand_clears_the_way() -> None:
    stuck = drachenfels(**BLOCKED)
    ranked = [str(action) for action in H.order(stuck, stuck.legal_actions())]
    assert ranked.index("refresh") < 8 and ranked.index("refresh") < ranked.index("dragon C3>7")
    free = drachenfels(**{**BLOCKED, "rainbows": ["R1-K"]})
    ranked = [str(action) for action in H.order(free, free.legal_actions())]
    assert ranked.index("refresh") > ranked.index("dragon C3>7")


@pytest.mark.parametrize("name", ["mcts", "ismcts"])
def test_a_blocked_knight_refreshes_rather_than_walking_on_the_top_discard(name: str) -> None:
    assert str(agents.make(name, budget=300, seed=0).choose(drachenfels(**BLOCKED))) == "refresh"


def test_winning_action_only_where_the_mover_knows_she_is_there() -> None:
    # red's princess is on C1, but red has not looked anywhere: no sure win, though "2 C1" would win
    unknown = drachenfels(**CORNER, princesses=["red", "blue", "yellow", "green"])
    assert H.winning_action(unknown) is None
    # red saw yellow, blue and green on C2-C4: C1 must be his
    known = drachenfels(**CORNER, princesses=["red", "blue", "yellow", "green"],
                        looked={"C2": ["red"], "C3": ["red"], "C4": ["red"]}, double=["red"])
    win = H.winning_action(known)
    assert win is not None and str(win).endswith(" C1")
    known.apply(win)
    assert known.is_over and known.returns()[0] == 1.0
    # looks in vain by others count too: red saw yellow and green on C2 and C3, blue looked at C1
    # in vain, so blue's princess is on C4 and red's on C1
    others = drachenfels(**{**CORNER, "armour": ["red", "blue"]},
                         princesses=["red", "yellow", "green", "blue"],
                         looked={"C1": ["blue"], "C2": ["red"], "C3": ["red"]})
    win = H.winning_action(others)
    assert win is not None and str(win).endswith(" C1")
    assert H.winning_action(drachenfels(**{**CORNER, "armour": []})) is None


def test_ismcts_takes_the_armour_and_the_sure_win() -> None:
    state = drachenfels(knights={"red": "R1", "blue": "S3"}, rainbows=["R1-K"],
                        hands={"red": ["1", "3", "4"], "blue": ["1"]})
    assert str(agents.make("ismcts", budget=100, seed=0).choose(state)) == "1 K"
    known = drachenfels(**CORNER, princesses=["red", "blue", "yellow", "green"],
                        looked={"C2": ["red"], "C3": ["red"], "C4": ["red"]})
    assert str(agents.make("ismcts", budget=20, seed=0).choose(known)) == "2 C1"
