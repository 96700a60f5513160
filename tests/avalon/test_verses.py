"""Exploring and verses, tests, encounters and items (avalon.action.explore, avalon.verse.format,
avalon.verse.resolve, avalon.test, avalon.encounter, avalon.item.use, avalon.char.cadoc)."""

from __future__ import annotations

import pytest

from spielwerk import IllegalAction
from tests.avalon.helpers import PLACED, day, hero, loc, play, texts

WITH_RUINS = [1, *PLACED]


def backs(**sides: str) -> list[str]:
    """The backs list with the first locations on `a` and the given ones (`l12="b"`) changed."""
    result = [""] + ["a" if number in WITH_RUINS else "" for number in range(1, 21)]
    for name, side in sides.items():
        result[int(name[1:])] = side
    return result


def test_avalon_action_explore__one_energy_then_the_verse_is_turned_up() -> None:
    state = day()
    play(state, "explore")
    assert hero(state, 1)["energy"] == 4
    assert [str(a) for a in state.legal_actions()] == ["verse 13a"]  # read aloud: everyone sees it
    play(state, "verse 13a")
    assert texts(state) == ["choose 1", "choose 2", "choose 3"]
    assert state.view(0)["waiting"] == {"for": "verse", "verse": "13a", "node": "start"}


def test_avalon_action_explore__afterwards_the_other_verse_is_the_back() -> None:
    state = play(day(), "explore", "verse 13a", "choose 1")
    assert loc(state, 13)["explored"] == 1 and loc(state, 13, seat=None)["back"] == "13b"


def test_avalon_action_explore__a_place_is_explored_twice_at_most() -> None:
    explored = [0] * 21
    explored[13] = 2
    state = day(players=2, explored=explored)
    assert "explore" not in texts(state)
    with pytest.raises(IllegalAction, match="explored as often as it may be") as refused:
        state.apply("explore")
    assert refused.value.rule == "avalon.action.explore"


def test_avalon_action_explore__the_saltmarsh_while_the_mirror_is_unfound() -> None:
    explored = [0] * 21
    explored[5] = 4
    placed = [5, *PLACED]
    state = day(explored=explored, placed=placed, backs=backs(l5="a"), heroes={0: {"location": 5}})
    assert "explore" in texts(state)
    found = day(explored=explored, placed=placed, backs=backs(l5="a"),
                heroes={0: {"location": 5, "relics": ["mirror"]}})
    assert "explore" not in texts(found)


def test_avalon_verse_resolve__only_options_whose_if_holds_and_cost_is_paid() -> None:
    state = day(backs=backs(l13="b"), heroes={0: {"reputation": 0}})
    play(state, "explore", "verse 13b")
    assert texts(state) == ["choose 1", "choose 2"]  # option 3 costs 1 reputation
    with_tegid = day(backs=backs(l12="b"), heroes={0: {"location": 12}})
    play(with_tegid, "explore", "verse 12b")
    assert texts(with_tegid) == ["choose 1", "choose 2"]  # option 3 wants character 4 in the group


def test_avalon_verse_resolve__the_leader_pays_and_the_effects_follow() -> None:
    state = play(day(), "explore", "verse 13a", "choose 3")
    cadoc = hero(state, 1)
    assert (cadoc["magic"], cadoc["reputation"]) == (0, 1) and state.view(0)["omen"] == 0


def test_avalon_verse_resolve__the_riddle_counts_each_exploration() -> None:
    state = day(quests=[["Q3", 0]], deck_b=["Q4", "T2", "T3", "T4", "T5", "T6", "R2", "R3", "R4", "R5", "R6",
                                            "R7", "R8", "R9", "R10"], q3=2)
    play(state, "explore", "verse 13a", "choose 1")
    view = state.view(0)
    assert view["quests"] == [] and "Q3" in view["discards"]
    assert (hero(state, 1)["reputation"], hero(state, 1)["magic"]) == (1, 2)  # the riddle solved


def test_avalon_test__die_plus_best_attribute_against_the_difficulty() -> None:
    state = play(day(), "explore", "verse 13a", "choose 2")  # spirit 5
    assert state.view(0)["waiting"]["test"] == "spirit 5"
    play(state, "die 4")  # 4 + spirit 1 = 5: passed
    assert hero(state, 1)["magic"] == 3
    failed = play(day(), "explore", "verse 13a", "choose 2", "die 3")
    assert hero(failed, 1)["terror"] == 1


def test_avalon_test__a_six_always_succeeds_and_a_one_always_fails() -> None:
    steps = ("explore", "verse 13b", "choose 2")
    hard = play(day(backs=backs(l13="b"), heroes={0: {"wits": 0}}), *steps, "die 6")
    assert hero(hard, 1)["food"] == 5
    easy = play(day(backs=backs(l13="b"), heroes={0: {"wits": 4}}), *steps, "die 1")
    assert hero(easy, 1)["food"] == 4


def test_avalon_test__a_group_adds_one_and_blessed_adds_one() -> None:
    group = day(players=2)
    play(group, "explore", "join 1", "verse 13a", "choose 2", "die 2")  # 2 + 1 + 1 for two: failed
    assert hero(group, 1)["terror"] == 1
    blessed = day(heroes={0: {"blessed": 2}})
    play(blessed, "explore", "verse 13a", "choose 2", "die 3")  # 3 + 1 + 1 Blessed = 5
    assert hero(blessed, 1)["terror"] == 0 and hero(blessed, 1)["magic"] == 3


def test_avalon_item_use__a_ready_item_turns_a_near_miss_and_is_exhausted() -> None:
    state = day(placed=WITH_RUINS, backs=backs(), heroes={0: {"location": 1}}, menhirs=[[8, 4], [13, 4]])
    play(state, "explore", "verse 1a", "choose 2", "die 2")  # might 6: 2 + 3 = 5, the hammer makes 6
    cadoc = hero(state, 1)
    assert [item["slug"] for item in cadoc["items"]] == ["hammer", "spear"]
    assert cadoc["items"][0]["ready"] is False and cadoc["health"] == 10


def test_avalon_item_use__no_item_saves_a_one() -> None:
    state = day(placed=WITH_RUINS, backs=backs(), heroes={0: {"location": 1}}, menhirs=[[8, 4], [13, 4]])
    play(state, "explore", "verse 1a", "choose 2", "die 1")
    assert hero(state, 1)["health"] == 8 and hero(state, 1)["items"][0]["ready"] is True


def test_avalon_encounter__a_failed_round_hurts_then_fight_or_flee() -> None:
    state = day(players=2, options={"characters": "2,3"}, backs=backs(l14="a"),
                heroes={0: {"location": 14}, 1: {"location": 14}})
    play(state, "explore", "join 2", "verse 14a", "choose 2", "die 2")  # might 6: 2 + 1 + 1 = 4
    assert [hero(state, n)["health"] for n in (2, 3)] == [6, 6]
    assert texts(state) == ["fight", "flee"] and state.to_move == 0
    play(state, "fight", "die 5")  # 5 + 1 + 1: won
    assert (hero(state, 2)["wealth"], hero(state, 2)["food"]) == (3, 3)


def test_avalon_encounter__a_third_failed_round_loses() -> None:
    state = day(options={"characters": "2"}, backs=backs(l14="a"), heroes={0: {"location": 14}})
    play(state, "explore", "verse 14a", "choose 2", "die 2", "fight", "die 2", "fight", "die 2")
    assert hero(state, 2)["health"] == 4 and hero(state, 2)["wealth"] == 2  # no reward
    assert state.view(0)["waiting"]["for"] == "day"


def test_avalon_char_cadoc__ironhide_takes_one_off_each_health_loss_in_an_encounter() -> None:
    state = day(backs=backs(l14="a"), heroes={0: {"location": 14}})
    play(state, "explore", "verse 14a", "choose 2", "die 1", "flee")
    assert hero(state, 1)["health"] == 10  # 1 damage, 1 off


def test_avalon_verse_format__a_fallen_leader_is_replaced_and_the_verse_goes_on() -> None:
    state = day(players=2, mercy=0, options={"characters": "2,3"}, backs=backs(l14="a"),
                heroes={0: {"location": 14, "health": 1}, 1: {"location": 14}})
    play(state, "explore", "join 2", "verse 14a", "choose 2", "die 2")
    assert hero(state, 2)["fate"] == "dead"
    assert state.to_move == 1 and texts(state) == ["fight", "flee"]  # Morwen leads on


def test_avalon_test__the_view_tells_how_the_last_roll_went() -> None:
    state = play(day(), "explore", "verse 13a", "choose 2")
    assert state.view(0)["waiting_for"] == "a die for a test against 5"
    play(state, "die 4")
    assert state.view(0)["told"] == "spirit against 5: rolled 4 for 5, passed"
    ruins = day(placed=WITH_RUINS, backs=backs(), heroes={0: {"location": 1}}, menhirs=[[8, 4], [13, 4]])
    play(ruins, "explore", "verse 1a", "choose 2", "die 2")
    assert ruins.view(0)["told"] == "might against 6: rolled 2 for 5, the hammer makes it"
    assert ruins.view(0)["waiting_for"] == "Cadoc to act"
