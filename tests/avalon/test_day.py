"""The Day: order, waiting, groups, passing, travel, arrival, location actions, menhirs, giving
(avalon.day.*, avalon.action.*, avalon.arrival, avalon.menhir.activate, avalon.map.*, avalon.res.*)."""

from __future__ import annotations

import pytest

from spielwerk import IllegalAction
from tests.avalon.helpers import day, hero, loc, play, texts


def test_avalon_day_order__the_first_in_number_order_acts_first() -> None:
    state = day(players=3)
    assert state.to_move == 0
    play(state, "pass")
    assert state.to_move == 1


def test_avalon_day_wait__once_a_round_to_the_end_of_the_queue() -> None:
    state = day(players=2)
    play(state, "wait")
    assert state.to_move == 1
    play(state, "act commune", "decline")
    assert state.to_move == 0
    assert "wait" not in texts(state)  # waited this round, and nobody else is left to act
    lone = day(players=1)
    assert "wait" not in texts(lone)


def test_avalon_day_group__others_here_join_or_decline_in_number_order() -> None:
    state = day(players=3, heroes={2: {"location": 12}})
    play(state, "travel east")
    assert state.to_move == 1 and texts(state) == ["join 1", "decline"]  # seat 2 is elsewhere
    play(state, "join 1")
    assert [hero(state, n)["location"] for n in (1, 2, 3)] == [14, 14, 12]
    assert [hero(state, n)["energy"] for n in (1, 2)] == [5, 7]  # each paid 1, then Old Bridge gave 1


def test_avalon_day_group__a_character_without_energy_for_its_share_is_not_asked() -> None:
    state = day(players=2, heroes={1: {"energy": 0}})
    play(state, "explore")
    assert state.view(0)["waiting"]["for"] != "join"


def test_avalon_day_again__leading_or_joining_makes_done_then_a_new_round() -> None:
    state = day(players=2)
    play(state, "act commune", "join 1")
    assert hero(state, 1)["done"] is False and state.to_move == 0  # both done: a new round began
    play(state, "pass")
    assert state.to_move == 1


def test_avalon_day_pass__when_all_have_passed_the_end_of_day_begins() -> None:
    state = day(players=2)
    play(state, "pass")
    assert "join 1" not in texts(state)
    play(state, "act commune")  # the passed character is not asked to join
    assert state.view(0)["phase"] == "day"
    play(state, "pass")
    assert state.view(0)["phase"] == "dusk"
    assert texts(state) == ["rest eat", "rest feast", "rest fast"]


def test_avalon_action_travel__only_along_arrows_to_placed_neighbours() -> None:
    state = day(heroes={0: {"location": 14}})
    assert [t for t in texts(state) if t.startswith("travel")] == ["travel north", "travel west"]
    with pytest.raises(IllegalAction, match="location 15 is not placed") as refused:
        state.apply("travel east")
    assert refused.value.rule == "avalon.action.travel"
    one_way = day(heroes={0: {"location": 18}})
    assert "travel north" in texts(one_way)  # 18>14
    back = day(heroes={0: {"location": 14}}, placed=[6, 7, 8, 12, 13, 14, 17, 18])
    assert "travel south" not in texts(back)  # no arrow from 14 to 18


def test_avalon_action_travel__costs_one_energy_each() -> None:
    state = day(players=2, heroes={0: {"energy": 0}})
    assert not any(t.startswith("travel") for t in texts(state))
    with pytest.raises(IllegalAction, match="costs 1 Energy"):
        state.apply("travel north")


def test_avalon_arrival__instant_effect_then_its_markers() -> None:
    state = day(heroes={0: {"energy": 3}})
    play(state, "travel east")
    assert hero(state, 1)["energy"] == 3  # paid 1, the Old Bridge gave 1
    assert loc(state, 14)["instant_markers"] == 1
    play(state, "travel west", "travel east")  # the marker is still there: no Energy this time
    assert hero(state, 1)["energy"] == 1


def test_avalon_arrival__reveals_joined_locations_in_range() -> None:
    state = day(menhirs=[[8, 3], [13, 5]], heroes={0: {"location": 8}})
    play(state, "travel south")  # 8 to 14: 15 is joined to 14 and now in range of 8
    assert str(state.legal_actions()[0]) == "verse 15a"
    play(state, "verse 15b")
    assert loc(state, 15)["placed"] and loc(state, 15)["back"] == "?"


def test_avalon_arrival__a_guardian_there_fights_and_a_loss_sends_the_group_back() -> None:
    state = day(stag=[2, 1], heroes={0: {"location": 13}})  # the Stag on c2, the Thornring
    play(state, "travel north", "travel east")  # to 7, then to 8
    assert state.view(0)["waiting"]["fight"] == "stag"
    play(state, "die 2", "flee")
    cadoc = hero(state, 1)
    assert cadoc["location"] == 7 and cadoc["health"] == 9  # 2 damage, Ironhide takes 1 off


def test_avalon_action_location__cost_effect_and_time_markers() -> None:
    state = day(heroes={0: {"location": 7}})
    play(state, "act market")
    cadoc = hero(state, 1)
    assert (cadoc["energy"], cadoc["wealth"], cadoc["food"]) == (4, 2, 7)
    assert loc(state, 7)["action_markers"] == 1
    assert "act market" not in texts(state)
    with pytest.raises(IllegalAction, match="market has a time marker") as refused:
        state.apply("act market")
    assert refused.value.rule == "avalon.action.location"


def test_avalon_res_pay__the_leader_pays_and_a_cost_is_paid_in_full() -> None:
    state = day(heroes={0: {"location": 7, "wealth": 0}})
    assert "act market" not in texts(state)
    with pytest.raises(IllegalAction, match="market costs more than you have"):
        state.apply("act market")
    group = day(players=2, heroes={0: {"location": 12, "food": 1}, 1: {"location": 12, "health": 5}})
    play(group, "act meal", "join 1")
    assert (hero(group, 1)["food"], hero(group, 2)["food"]) == (0, 2)  # only the leader paid
    assert (hero(group, 1)["health"], hero(group, 2)["health"]) == (10, 7)  # each member healed


def test_avalon_res_limits__resources_stop_at_nine_and_losses_at_zero() -> None:
    state = day(heroes={0: {"location": 7, "food": 8}})
    play(state, "act market")
    assert hero(state, 1)["food"] == 9
    fen = day(heroes={0: {"location": 14, "health": 1}}, menhirs=[[13, 5]])
    assert fen.view(0)["mercy"] == 1


def test_avalon_menhir_activate__pays_lights_at_the_start_value_and_reveals() -> None:
    state = day(heroes={0: {"location": 8}})
    assert "activate" in texts(state)
    play(state, "activate")
    assert state.view(0)["menhirs"] == {"8": 6, "13": 6}
    cadoc = hero(state, 1)
    assert (cadoc["energy"], cadoc["magic"], cadoc["food"]) == (4, 0, 3)
    assert [str(a) for a in state.legal_actions()] == ["verse 2a", "verse 2b"]  # 2 and 9 come into range
    play(state, "verse 2a")
    assert [str(a) for a in state.legal_actions()] == ["verse 9a", "verse 9b"]


def test_avalon_menhir_activate__not_while_it_burns_with_a_dial() -> None:
    state = day()
    assert "activate" not in texts(state)
    with pytest.raises(IllegalAction, match="burning") as refused:
        state.apply("activate")
    assert refused.value.rule == "avalon.menhir.activate"
    dialless = day(menhirs=[[13, 0], [8, 3]])
    assert "activate" in texts(dialless)


def test_avalon_char_morwen__her_group_lights_a_menhir_one_higher() -> None:
    both = {0: {"location": 8, "magic": 1}, 1: {"location": 8}}
    state = day(players=2, options={"characters": "1,3"}, heroes=both)
    play(state, "activate", "join 1")
    assert state.view(0)["menhirs"]["8"] == 6  # two characters: 5, and 1 for Morwen
    alone = day(players=2, options={"characters": "1,3"}, heroes={0: {"location": 8, "magic": 1}})
    play(alone, "activate")
    assert alone.view(0)["menhirs"]["8"] == 5


def test_avalon_map_range__on_or_next_to_an_active_menhir() -> None:
    state = day(heroes={0: {"location": 14}})
    play(state, "travel north")  # to 8: 9 and 2 are joined but out of range of the Heartstone
    assert loc(state, 9)["placed"] is False and loc(state, 2)["placed"] is False
    assert hero(state, 1)["location"] == 8


def test_avalon_map_place__travel_ends_only_on_placed_locations() -> None:
    state = day(heroes={0: {"location": 8}})
    assert "travel east" not in texts(state) and "travel north" not in texts(state)


def test_avalon_action_challenge__a_guardian_here_for_one_energy_each() -> None:
    state = day(players=2, stag=[1, 2])
    assert "challenge stag" in texts(state)
    play(state, "challenge stag", "join 1", "die 6")
    view = state.view(0)
    assert "stag" not in view["guardians"]
    assert hero(state, 1)["relics"] == ["horn"] and hero(state, 2)["relics"] == []
    assert (hero(state, 1)["reputation"], hero(state, 2)["reputation"]) == (1, 2)
    assert (hero(state, 1)["energy"], hero(state, 2)["energy"]) == (4, 6)


def test_avalon_action_give__free_and_the_turn_goes_on() -> None:
    state = day(players=2, heroes={0: {"relics": ["horn"]}})
    assert "give horn to 2" in texts(state) and "give hammer to 2" in texts(state)
    play(state, "give food to 2", "give horn to 2")
    assert state.to_move == 0
    assert (hero(state, 1)["food"], hero(state, 2)["food"]) == (1, 3)
    assert hero(state, 2)["relics"] == ["horn"]
    play(state, "give hammer to 2")
    assert hero(state, 2)["items"] == [{"slug": "hammer", "ready": True, "equipped": True},
                                       {"slug": "mapcase", "ready": True, "equipped": True}]
    far = day(players=2, heroes={1: {"location": 12}})
    assert not any(t.startswith("give") for t in texts(far))


def test_avalon_auto__a_single_option_is_not_asked() -> None:
    state = day(heroes={0: {"food": 0}})
    play(state, "pass")
    assert state.view(0)["waiting"]["for"] != "rest"  # only `rest fast`: taken
    assert hero(state, 1)["energy"] == 5  # (it was full)


def test_avalon_map_place__the_ferry_needs_its_landing_placed() -> None:
    placed = [6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 18]
    state = day(placed=placed, menhirs=[[13, 3], [10, 3]], heroes={0: {"location": 11}})
    assert "act ferry" not in texts(state)
    with pytest.raises(IllegalAction, match="not placed"):
        state.apply("act ferry")
    landing = day(placed=[*placed, 20], menhirs=[[13, 3], [10, 3]], heroes={0: {"location": 11}})
    play(landing, "act ferry")
    assert hero(landing, 1)["location"] == 20 and loc(landing, 11)["action_markers"] == 1
