"""Dawn's eight steps (avalon.dawn.*), dials (avalon.dial.time), Omen (avalon.omen), statuses
(avalon.status), guardians (avalon.guardian.die)."""

from __future__ import annotations

from typing import Any

import pytest

from spielwerk import OptionError
from tests.avalon.helpers import day, hero, loc, play, texts

DAWN = [["dawn", 1]]
EMPTY_A: dict[str, Any] = {"deck_a": [], "discards": ["Q1", "Q2", "T1", "R1"]}
"""The first segment spent: the next draw is from the other sixteen."""


def test_avalon_dawn_extinguish__a_menhir_without_a_dial_goes_out() -> None:
    state = day(frames=DAWN, menhirs=[[13, 3], [8, 0]], **EMPTY_A)
    assert state.view(0)["menhirs"] == {"13": 2}


def test_avalon_dawn_extinguish__with_no_menhir_left_the_game_is_lost() -> None:
    state = day(frames=DAWN, menhirs=[[13, 0]])
    assert state.is_over and state.view(0)["result"]["outcome"] == "menhirs" and state.returns() == [0.0]


def test_avalon_dawn_wyrdness__out_of_range_places_go_with_their_markers() -> None:
    state = day(frames=DAWN, menhirs=[[8, 2]], placed=[6, 7, 8, 12, 13, 14, 17, 18],
                heroes={0: {"location": 17}}, instant_markers=[0] * 14 + [0, 0, 0, 0, 0, 0, 0],
                action_markers=[["work", 1], ["market", 1]], **EMPTY_A)
    placed = sorted(location["number"] for location in state.view(0)["locations"] if location["placed"])
    assert placed == [7, 8, 13, 14]  # 6, 12, 17 and 18 are out of range of the Thornring
    cadoc = hero(state, 1)
    assert cadoc["location"] == 13 and cadoc["terror"] == 2  # the nearest placed (13 before 14), 2 Terror
    assert loc(state, 17)["action_markers"] == 0 and loc(state, 7)["action_markers"] == 0  # I.4 took 1


def test_avalon_dawn_menhir_dials__down_by_one_and_twice_from_omen_five() -> None:
    state = day(frames=DAWN, menhirs=[[13, 4], [8, 1]], **EMPTY_A)
    assert state.view(0)["menhirs"] == {"13": 3, "8": 0}  # at 1 the dial is removed; it burns today
    dark = day(frames=DAWN, menhirs=[[13, 4]], omen=5, **EMPTY_A)
    assert dark.view(0)["menhirs"] == {"13": 2}


def test_avalon_dial_time__a_menhir_lit_on_day_d_at_v_burns_through_day_d_plus_v() -> None:
    state = day(menhirs=[[13, 2]], day=3, **EMPTY_A)  # lit on day 3 at 2: burns through day 5
    for today, dream, event in ((4, "D1", "Q3"), (5, "D2", "Q4")):  # a quest each dawn, no encounter
        play(state, "pass", "rest fast", *(["improve none"] if "improve none" in texts(state) else []))
        play(state, f"dream {dream}", f"event {event}", "die 1")
        assert state.view(0)["day"] == today and not state.is_over
    play(state, "pass", "rest fast", "dream D3")
    assert state.is_over and state.view(0)["result"]["outcome"] == "menhirs"


def test_avalon_dawn_time_dials__quest_and_status_dials_and_one_marker_each() -> None:
    state = day(frames=DAWN, quests=[["Q2", 1], ["Q1", 3]], deck_a=["T1", "R1"], discards=[],
                heroes={0: {"feverish": 1, "blessed": 2}}, action_markers=[["forage", 2]],
                instant_markers=[0, 1] + [0] * 19)
    view = state.view(0)
    assert view["quests"] == [{"id": "Q1", "dial": 2}]  # Q2 expired: Omen +1
    assert view["omen"] == 1 and "Q2" in view["discards"]
    assert (hero(state, 1)["feverish"], hero(state, 1)["blessed"]) == (0, 1)
    assert loc(state, 2)["action_markers"] == 1 and loc(state, 1)["instant_markers"] == 0


def test_avalon_dawn_time_dials__the_drowned_bell_expires_harder_and_stays() -> None:
    state = day(frames=DAWN, quests=[["Q1", 1]], deck_a=["Q2", "T1", "R1"], discards=[])
    view = state.view(0)
    assert view["quests"] == [{"id": "Q1", "dial": 0}] and view["bell_harder"] is True


def test_avalon_dawn_event__a_quest_goes_to_the_quest_pile_with_its_dial() -> None:
    state = day(frames=DAWN)
    play(state, "event Q2")
    assert state.view(0)["quests"] == [{"id": "Q2", "dial": 3}] and state.view(0)["open_events"] == []


def test_avalon_dawn_event__another_event_takes_effect_and_stays_open() -> None:
    state = day(frames=DAWN, menhirs=[[13, 5]], **EMPTY_A)
    assert len(state.chance_outcomes()) == 16
    play(state, "event T4")
    assert state.view(0)["menhirs"] == {"13": 2} and state.view(0)["open_events"] == ["T4"]


def test_avalon_omen__the_grey_widow_comes_at_three_on_f3() -> None:
    state = day(frames=DAWN, omen=2, **EMPTY_A)
    play(state, "event T2")
    view = state.view(0)
    assert view["omen"] == 3 and view["guardians"] == {"stag": "c1", "widow": "f3"}
    assert hero(state, 1)["terror"] == 0  # on the Heartstone's burning menhir: no Terror from T2


def test_avalon_dawn_guardians__each_rolls_and_moves_then_attacks() -> None:
    state = day(frames=DAWN, stag=[1, 1], **EMPTY_A)  # the Stag on b2, north of the Heartstone
    play(state, "event R9", "die 3")  # south: onto b3, where Cadoc stands
    assert state.view(0)["guardians"]["stag"] == "b3"
    assert state.view(0)["waiting"]["fight"] == "stag"


def test_avalon_guardian_die__hunt_steps_toward_the_nearest_character() -> None:
    state = day(frames=DAWN, stag=[4, 0], **EMPTY_A)  # the Stag on e1
    play(state, "event R9", "die 5")  # hunt: north is off the map, east is farther, south nears b3
    assert state.view(0)["guardians"]["stag"] == "e2"


def test_avalon_guardian_die__a_step_off_the_map_or_into_a_lake_is_not_made() -> None:
    state = day(frames=DAWN, stag=[2, 0], **EMPTY_A)  # c1
    play(state, "event R9", "die 1")
    assert state.view(0)["guardians"]["stag"] == "c1"
    lake = day(frames=DAWN, stag=[3, 2], **EMPTY_A)  # d3, east of it the lake on e3
    play(lake, "event R9", "die 2")
    assert lake.view(0)["guardians"]["stag"] == "d3"


def test_avalon_dawn_plans__nothing_to_do_then_the_day_begins() -> None:
    state = day(frames=DAWN, **EMPTY_A)
    play(state, "event R9", "die 1")
    assert state.view(0)["phase"] == "day" and state.to_move == 0


def test_avalon_dawn_equip__two_of_a_keyword_one_is_chosen() -> None:
    items = [["hammer", False, True], ["spear", True, False]]
    state = day(frames=DAWN, heroes={0: {"items": items}}, **EMPTY_A)
    play(state, "event R9", "die 1")
    assert texts(state) == ["equip hammer", "equip spear"]
    play(state, "equip spear")
    assert hero(state, 1)["items"] == [{"slug": "hammer", "ready": True, "equipped": False},
                                       {"slug": "spear", "ready": True, "equipped": True}]


def test_avalon_dawn_equip__the_only_one_of_its_keyword_is_equipped() -> None:
    items = [["spear", False, False]]  # the hammer it was kept beside was given away
    state = day(frames=DAWN, heroes={0: {"items": items}}, **EMPTY_A)
    play(state, "event R9", "die 1")
    assert hero(state, 1)["items"] == [{"slug": "spear", "ready": True, "equipped": True}]


def test_avalon_status__feverish_rests_give_one_less() -> None:
    state = day(heroes={0: {"energy": 0, "feverish": 2}})
    assert texts(state) == ["rest eat", "rest feast", "rest fast"]  # `pass` was the only action: taken
    play(state, "rest fast")
    assert hero(state, 1)["energy"] == 1  # 1, +1 on the Heartstone's shelter, -1 Feverish


@pytest.mark.parametrize(("facts", "fault"), [
    ({"menhirs": []}, "a running game has an active menhir"),
    ({"menhirs": [[10, 3]]}, "an active menhir lights no placed location"),
])
def test_avalon_dawn_wyrdness__a_position_must_leave_it_somewhere_to_send_characters(
        facts: dict[str, Any], fault: str) -> None:
    # at I.2 with no menhir (or one far from every placed location) the wyrdness would take the
    # whole map and have nowhere to send the characters: play never gets there, so no position may
    with pytest.raises(OptionError, match=fault):
        day(frames=[["dawn", 2]], **facts)
    assert day(frames=[["dawn", 2]], menhirs=[[8, 3]]).view(0)["day"] == 1  # 8 lights placed 7, 8, 14
