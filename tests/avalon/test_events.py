"""Quests and events (avalon.event.quest and the event list of rules/avalon.md)."""

from __future__ import annotations

from typing import Any

from spielwerk.games.avalon.position import encode
from tests.avalon.helpers import PLACED, day, hero, loc, play, texts

REST_B = ["Q3", "Q4", "T2", "T3", "T4", "T5", "T6", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10"]


def quest_on_pile(quest: str, dial: int, **facts: Any) -> dict[str, Any]:
    """Facts with one quest of the second segment on the quest pile, the first segment spent."""
    return {"quests": [[quest, dial]], "deck_a": [], "discards": ["Q1", "Q2", "T1", "R1"],
            "deck_b": [e for e in REST_B if e != quest], **facts}


def chapel(**facts: Any) -> dict[str, Any]:
    """Facts with the Sunken Chapel placed and the Drowned Bell on the quest pile."""
    return {"quests": [["Q1", 3]], "deck_a": ["Q2", "T1", "R1"], "placed": [*PLACED, 19, 20],
            "menhirs": [[13, 3], [15, 3]], **facts}


def test_avalon_event_quest__the_bell_is_raised_at_the_chapel_on_a_might_test() -> None:
    state = day(**chapel(heroes={0: {"location": 20}}))
    assert "act bell" in texts(state)
    play(state, "act bell", "die 3")  # 3 + 3 = 6
    view = state.view(0)
    assert hero(state, 1)["relics"] == ["bell"] and view["quests"] == [] and "Q1" in view["discards"]
    assert hero(state, 1)["energy"] == 3


def test_avalon_event_quest__a_failed_bell_costs_terror_and_a_time_marker() -> None:
    state = day(**chapel(heroes={0: {"location": 20}}))
    play(state, "act bell", "die 1")
    assert hero(state, 1)["terror"] == 1 and state.view(0)["quests"] == [{"id": "Q1", "dial": 3}]
    assert "act bell" not in texts(state)


def test_avalon_event_quest__after_expiry_the_bell_needs_eight() -> None:
    state = day(**chapel(quests=[["Q1", 0]], q1_hard=True, heroes={0: {"location": 20}}))
    play(state, "act bell", "die 4")  # 4 + 3 = 7 < 8, and the hammer's +1 makes 8
    assert hero(state, 1)["relics"] == ["bell"]
    harder = day(**chapel(quests=[["Q1", 0]], q1_hard=True, heroes={0: {"location": 20}}))
    play(harder, "act bell", "die 3")
    assert hero(harder, 1)["relics"] == []


def test_avalon_event_quest__the_lambs_at_stag_wood() -> None:
    state = day(players=2, quests=[["Q2", 2]], deck_a=["Q1", "T1", "R1"], placed=[*PLACED, 2],
                menhirs=[[13, 3], [8, 3]], heroes={0: {"location": 2}, 1: {"location": 2}})
    assert "act forage" in texts(state) and "act lambs" in texts(state)
    play(state, "act lambs", "join 1", "die 2")  # wits 5: 2 + 3 (Elowen) + 1 for two
    assert [hero(state, n)["reputation"] for n in (1, 2)] == [1, 2]
    assert [hero(state, n)["food"] for n in (1, 2)] == [3, 3]


def test_avalon_event_quest__smoke_over_ashford_closes_the_market_until_doused() -> None:
    state = day(players=2, **quest_on_pile("Q4", 2, heroes={0: {"location": 7}, 1: {"location": 7}}))
    assert "act market" not in texts(state) and "act douse" in texts(state)
    play(state, "act douse", "join 1")
    assert [hero(state, n)["reputation"] for n in (1, 2)] == [1, 2]
    assert state.view(0)["quests"] == [] and "act market" in texts(state)


def test_avalon_event_quest__smoke_expired_omen_and_markers_on_the_market() -> None:
    state = day(frames=[["dawn", 1]], **quest_on_pile("Q4", 1))
    view = state.view(0)
    # I.4 in its order: the dial runs out (Omen +1, 2 markers on the market), then a marker comes off
    assert view["omen"] == 1 and view["quests"] == [] and loc(state, 7)["action_markers"] == 1


def test_avalon_event_quest__the_hermits_riddle_is_a_counter() -> None:
    state = day(frames=[["dawn", 1]], **quest_on_pile("Q3", 0))
    assert state.view(0)["quests"] == [{"id": "Q3", "dial": 0}]  # no time dial to run out


def test_avalon_events__market_day_and_mist() -> None:
    state = day(heroes={0: {"location": 7}}, open_events=["R1"], deck_a=["Q1", "Q2", "T1"])
    play(state, "act market")
    assert hero(state, 1)["food"] == 9  # 4 + 5
    mist = day(frames=[["dawn", 1]], deck_a=[], discards=["Q1", "Q2", "T1", "R1"])
    play(mist, "event R7", "die 1")
    assert loc(mist, 11)["action_markers"] == 2


def test_avalon_events__wolves_fight_everyone_away_from_shelter() -> None:
    state = day(players=2, frames=[["dawn", 1]], deck_a=[], discards=["Q1", "Q2", "T1", "R1"],
                heroes={1: {"location": 14}})
    play(state, "event R4")
    assert state.view(0)["waiting"]["fight"] == "R4"
    play(state, "die 6")
    assert hero(state, 2)["wealth"] == 2  # Elowen (on the bridge) won: +1 wealth; Cadoc sheltered


def wolves_at_dawn(heroes: dict[int, dict[str, Any]]) -> Any:
    """Two characters at I.5 of Dawn, R4 in the second segment; the only active menhir is on 15."""
    return day(players=2, frames=[["dawn", 5]], deck_a=[], discards=["Q1", "Q2", "T1", "R1"],
               menhirs=[[15, 3]], heroes=heroes)


def test_avalon_events__wolves_r4_one_the_mercy_moves_fights_at_most_once() -> None:
    state = wolves_at_dawn({1: {"location": 14, "health": 1}})  # Cadoc sheltered on 13, nobody on 15
    play(state, "event R4", "die 1")  # Elowen loses on the bridge: 0 Health, the Mercy moves her to 15
    assert (hero(state, 2)["location"], hero(state, 2)["health"], state.view(0)["mercy"]) == (15, 4, 0)
    assert state.view(0)["waiting"] == {"for": "guardian"}  # no second fight on 15: the wolves are done, I.6


def test_avalon_events__wolves_r4_groups_are_fixed_at_reveal() -> None:
    state = wolves_at_dawn({0: {"location": 15}, 1: {"location": 14, "health": 1}})
    play(state, "event R4")
    frames = encode(state)["frames"]
    assert frames[-2:] == [["wolves", [[15, [0]]]], ["fight", "R4", [1], 1, "roll"]]  # 14, then 15
    play(state, "die 1")  # Elowen falls on 14 and the Mercy moves her to 15, after the reveal
    assert hero(state, 2)["location"] == 15 and encode(state)["frames"][-1] == ["fight", "R4", [0], 1, "roll"]
    play(state, "die 1")  # the wolves on 15 bite Cadoc alone (his hide takes the 1 Health)
    assert (hero(state, 1)["health"], hero(state, 2)["health"]) == (10, 4)


def test_avalon_events__grey_fog_dimming_blight_and_fever() -> None:
    fog = day(frames=[["dawn", 1]], menhirs=[[13, 4], [8, 2]])
    play(fog, "event T1")
    assert fog.view(0)["menhirs"] == {"13": 2, "8": 0}
    blight = day(frames=[["dawn", 1]], players=2, deck_a=[], discards=["Q1", "Q2", "T1", "R1"],
                 heroes={1: {"food": 0, "health": 3}})
    play(blight, "event T6")
    assert [hero(blight, n)["food"] for n in (1, 2)] == [1, 0]
    fever = day(frames=[["dawn", 1]], players=2, deck_a=[], discards=["Q1", "Q2", "T1", "R1"],
                heroes={1: {"health": 3}})
    play(fever, "event R5")
    assert [hero(fever, n)["feverish"] for n in (1, 2)] == [0, 2]


def test_avalon_events__night_hunt_moves_the_stag_toward_the_nearest() -> None:
    state = day(frames=[["dawn", 1]], stag=[1, 0], deck_a=[], discards=["Q1", "Q2", "T1", "R1"])
    play(state, "event R10")
    assert state.view(0)["guardians"]["stag"] == "b2"  # one hunt step south toward b3
