"""End of Day, death, the Mercy, winning and losing (avalon.end.*, avalon.death, avalon.mercy,
avalon.win, avalon.loss, avalon.returns, avalon.char.tegid)."""

from __future__ import annotations

import pytest

from spielwerk import IllegalAction
from spielwerk.games.avalon.rules import AvalonState
from tests.avalon.helpers import PLACED, day, hero, play, texts

DUSK = [["dusk", 1]]


def test_avalon_end_rest__eat_feast_fast_with_the_shelter_bonus() -> None:
    state = day(players=3, frames=DUSK, heroes={0: {"energy": 0}, 1: {"energy": 0, "location": 14},
                                               2: {"energy": 0, "health": 3, "food": 2}})
    play(state, "rest eat", "rest fast", "rest feast")
    assert [hero(state, n)["energy"] for n in (1, 2, 3)] == [5, 1, 5]  # eat 4+1 shelter (max 5); fast 1
    assert hero(state, 3)["health"] == 6  # feast +2, then +1 on the shelter at recovery
    assert [hero(state, n)["food"] for n in (1, 2, 3)] == [1, 2, 0]


def test_avalon_end_rest__the_long_night_gives_one_less() -> None:
    state = day(frames=DUSK, open_events=["T3"], deck_b=[e for e in _all_b() if e != "T3"],
                heroes={0: {"energy": 0}})
    play(state, "rest eat")
    assert hero(state, 1)["energy"] == 4  # 4 + 1 shelter - 1 Long Night


def _all_b() -> list[str]:
    return ["Q3", "Q4", "T2", "T3", "T4", "T5", "T6", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10"]


def test_avalon_end_recover__menhir_terror_shelter_health() -> None:
    heroes = {0: {"terror": 3, "health": 5}, 1: {"terror": 3, "location": 14}}
    state = day(players=2, frames=DUSK, heroes=heroes)
    play(state, "rest fast", "rest fast")
    assert (hero(state, 1)["terror"], hero(state, 1)["health"]) == (2, 6)
    assert hero(state, 2)["terror"] == 3


def test_avalon_char_tegid__everyone_on_his_place_loses_one_more_terror() -> None:
    state = day(players=2, options={"characters": "1,4"}, frames=DUSK,
                heroes={0: {"terror": 3, "location": 14}, 1: {"terror": 3, "location": 14}})
    play(state, "rest fast", "rest fast")
    assert (hero(state, 1)["terror"], hero(state, 4)["terror"]) == (2, 2)


def test_avalon_end_dreams__the_most_terrified_dreams_one_of_the_deck() -> None:
    state = day(players=2, frames=DUSK, heroes={0: {"terror": 2}, 1: {"terror": 4}})
    play(state, "rest fast", "rest fast")
    assert [str(a) for a in state.legal_actions()] == [f"dream D{n}" for n in range(1, 9)]
    play(state, "dream D3")
    assert hero(state, 2)["terror"] == 1  # 4, -1 on the menhir, -2 the dream
    assert state.view(0)["dreams_left"] == 7


def test_avalon_end_dreams__a_spent_deck_is_shuffled_again() -> None:
    state = day(frames=DUSK, dreams=["D8"])
    play(state, "rest fast")
    assert state.view(0)["dreams_left"] == 8
    assert hero(state, 1)["reputation"] == 1


def test_avalon_end_improve__reputation_buys_one_improvement() -> None:
    state = day(frames=DUSK, dreams=["D8"], heroes={0: {"reputation": 4}})
    play(state, "rest fast")
    assert texts(state) == ["improve might", "improve wits", "improve spirit", "improve energy",
                            "improve health", "improve none"]  # 5 reputation after the dream
    play(state, "improve might")
    assert (hero(state, 1)["might"], hero(state, 1)["reputation"]) == (4, 2)
    again = day(frames=DUSK, dreams=["D8"], heroes={0: {"reputation": 4, "might": 4}})
    play(again, "rest fast")
    assert "improve might" not in texts(again)  # at most 4


def test_avalon_end_improve__health_raises_max_and_current() -> None:
    state = day(frames=DUSK, dreams=["D8"], heroes={0: {"reputation": 1, "health": 4}})
    play(state, "rest fast", "improve health")
    assert (hero(state, 1)["max_health"], hero(state, 1)["health"]) == (12, 7)  # +1 shelter, +2


def test_avalon_end_cleanup__open_events_end_and_the_next_day_dawns() -> None:
    state = day(frames=DUSK, dreams=["D8"], open_events=["T3"], deck_b=[e for e in _all_b() if e != "T3"])
    play(state, "rest fast")  # the one dream, and `improve none` alone: both taken
    view = state.view(0)
    assert view["day"] == 2 and view["open_events"] == [] and view["discards"] == ["T3"]


def test_avalon_loss__the_last_day_ends_the_game() -> None:
    state = day(frames=DUSK, dreams=["D8"], day=7)  # the last day alone
    play(state, "rest fast")
    assert state.is_over and state.view(0)["result"]["outcome"] == "time"


def test_avalon_returns__everyone_wins_or_loses_together() -> None:
    state = day(players=3, frames=DUSK, dreams=["D8"], day=10)  # the last day for three
    play(state, "rest fast", "rest fast", "rest fast")
    assert state.returns() == [0.0, 0.0, 0.0]
    won = _ready_to_wake(players=2)
    play(won, "act wake", "decline")
    assert won.returns() == [1.0, 1.0]


def _ready_to_wake(players: int = 1) -> AvalonState:
    relics = {0: {"location": 10, "relics": ["bell", "horn"]}, 1: {"location": 10, "relics": ["mirror"]}}
    if players == 1:
        relics = {0: {"location": 10, "relics": ["bell", "horn", "mirror"]}}
    return day(players=players, menhirs=[[13, 3], [10, 2]], placed=[6, 7, 8, 9, 10, 12, 13, 14],
               heroes=relics)


def test_avalon_win__waking_the_circle_with_three_relics_while_it_burns() -> None:
    state = _ready_to_wake()
    play(state, "act wake")
    assert state.is_over and state.view(0)["result"]["outcome"] == "won"
    dark = day(menhirs=[[13, 3]], placed=[6, 7, 8, 9, 10, 12, 13, 14],
               heroes={0: {"location": 10, "relics": ["bell", "horn", "mirror"]}})
    assert "act wake" not in texts(dark)
    with pytest.raises(IllegalAction, match="mirror, horn and bell") as refused:
        dark.apply("act wake")
    assert refused.value.rule == "avalon.action.location"


def test_avalon_death__at_zero_health_with_the_mercy_spent() -> None:
    state = day(players=2, mercy=0, stag=[1, 2], heroes={0: {"health": 1, "relics": ["horn"]}})
    play(state, "challenge stag", "decline", "die 2")
    assert hero(state, 1)["fate"] == "dead"
    assert hero(state, 2)["relics"] == ["horn"]  # to the lowest-numbered living character there
    assert state.to_move == 1 and not state.is_over


def test_avalon_mercy__the_rescued_leave_their_group_not_the_groups_formed_later() -> None:
    placed = sorted({*PLACED, 1})
    state = day(players=2, heroes={0: {"location": 7}, 1: {"location": 7, "terror": 7}},
                menhirs=[[8, 5], [13, 5]], placed=placed,
                backs=[""] + ["a" if number in placed else "" for number in range(1, 21)])
    play(state, "travel north", "join 1")  # the Moss Ruins' Terror: Elowen at her limit, spared
    while state.is_chance:  # the backs of the cards placed around the Moss Ruins
        state.resolve_chance()
    assert (hero(state, 2)["terror"], hero(state, 2)["location"], state.view(0)["mercy"]) == (5, 8, 0)
    while "dream" not in state.view(None)["waiting_for"]:
        options = texts(state)
        play(state, next(text for text in ("pass", "rest fast") if text in options))
    terror = hero(state, 2)["terror"]
    play(state, "dream D2")  # her dream (Terror +1) is hers alone, a group formed after the Mercy
    assert hero(state, 2)["terror"] == terror + 1

    state = day(heroes={0: {"location": 14, "health": 1}}, frames=[["dawn", 6]], stag=[2, 2], widow=[1, 1],
                widow_came=True, omen=3)
    play(state, "die 6", "die 1")  # the Stag stays on Cadoc and wins the round: spared, taken to 13
    assert (hero(state, 1)["location"], hero(state, 1)["health"]) == (13, 5)
    play(state, "die 3")  # the Widow steps south onto him there
    assert state.view(None)["waiting"]["fight"] == "widow" and "die 6" in texts(state)


def test_avalon_loss__when_every_character_is_gone() -> None:
    state = day(mercy=0, stag=[1, 2], heroes={0: {"health": 1}})
    play(state, "challenge stag", "die 2")
    assert state.is_over and state.view(0)["result"]["outcome"] == "death" and state.returns() == [0.0]


def test_avalon_mercy__the_first_fall_is_spared_once() -> None:
    state = day(players=2, stag=[2, 2], menhirs=[[13, 3], [8, 2]],
                heroes={0: {"health": 1, "location": 14, "food": 3}, 1: {"location": 14}})
    play(state, "challenge stag", "join 1", "die 2")
    cadoc = hero(state, 1)
    assert (cadoc["health"], cadoc["food"], cadoc["location"], cadoc["passed"]) == (5, 0, 8, True)
    assert state.view(0)["mercy"] == 0 and cadoc["fate"] == "alive"
    assert state.view(0)["waiting"]["fight"] == "stag"  # Elowen fights on alone
    assert texts(state) == ["fight", "flee"] and state.to_move == 1
