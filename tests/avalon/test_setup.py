"""Set-up, options and the first placement (avalon.setup, avalon.setup.dial, avalon.options,
avalon.map.verse-draw, avalon.char.elowen at set-up)."""

from __future__ import annotations

import pytest

from spielwerk import OptionError
from spielwerk.games.avalon.content import CONTENT
from tests.avalon.helpers import PLACED, game, hero, play, texts

FIRST_BACKS = ["verse 6a", "verse 7b", "verse 8a", "verse 12a", "verse 13b", "verse 14a", "verse 17a",
               "verse 18b"]


def test_avalon_setup__a_lone_character_starts_on_the_heartstone_with_extras() -> None:
    state = game().new_state(players=1, seed=1)
    cadoc = hero(state, 1)
    assert (cadoc["location"], cadoc["health"], cadoc["energy"], cadoc["terror"]) == (13, 10, 5, 0)
    assert (cadoc["food"], cadoc["wealth"], cadoc["magic"], cadoc["reputation"]) == (4, 3, 1, 0)
    assert cadoc["items"] == [{"slug": "hammer", "ready": True, "equipped": True}]
    view = state.view(0)
    assert (view["omen"], view["mercy"], view["day"], view["guardians"]) == (0, 1, 1, {"stag": "c1"})


def test_avalon_setup__seats_play_the_chosen_characters_in_number_order() -> None:
    state = game(characters="4,2").new_state(seed=1)
    assert state.players == 2
    assert [h["number"] for h in state.view(None)["characters"]] == [2, 4]
    info = game(characters="4,2").info
    assert (info.seats, info.min_players, info.max_players) == (("Elowen", "Tegid"), 2, 2)
    tegid = hero(state, 4)
    assert (tegid["food"], tegid["wealth"], tegid["magic"], tegid["reputation"]) == (2, 1, 1, 1)  # no extras


def test_avalon_options__characters_and_max_days_are_checked() -> None:
    with pytest.raises(OptionError, match="twice"):
        game(characters=[1, 1])
    with pytest.raises(OptionError, match="1–4"):
        game(characters="5")
    with pytest.raises(OptionError, match="between 4 and 20"):
        game(max_days=3)
    with pytest.raises(OptionError, match="2 characters for 3 players"):
        game(characters="1,2").new_state(players=3)
    assert game(max_days=12).new_state(players=2, seed=0).view(0)["max_days"] == 12
    default = CONTENT.number("setup", "max_days")[1]  # content, tuned per player count
    assert game().new_state(players=2, seed=0).view(0)["max_days"] == default


@pytest.mark.parametrize(("players", "dial"), [(1, 6), (2, 5), (3, 6), (4, 6)])
def test_avalon_setup_dial__the_heartstone_starts_at_the_player_count_value(players: int, dial: int) -> None:
    assert game().new_state(players=players, seed=0).view(0)["menhirs"] == {"13": dial}


def test_avalon_map_verse_draw__each_first_placement_draws_a_side_at_half_each() -> None:
    state = game().new_state(players=1, seed=1)
    assert [str(a) for a, _ in state.chance_outcomes()] == ["verse 6a", "verse 6b"]
    assert [p for _, p in state.chance_outcomes()] == [0.5, 0.5]
    play(state, *FIRST_BACKS)
    assert sorted(loc["number"] for loc in state.view(0)["locations"] if loc["placed"]) == PLACED
    assert state.history_for(0) == ["verse ?"] * 8  # the backs are face down
    assert [loc["back"] for loc in state.view(0)["locations"] if loc["placed"]] == ["?"] * 8
    assert state.record()["actions"][:2] == ["verse 6a", "verse 7b"]  # the owner's record replays


def test_avalon_char_elowen__she_learns_the_backs_around_her_at_set_up() -> None:
    state = game(characters="2").new_state(seed=1)
    play(state, *FIRST_BACKS)
    backs = {loc["number"]: loc["back"] for loc in state.view(0)["locations"] if loc["placed"]}
    assert backs == {6: "?", 7: "7b", 8: "?", 12: "12a", 13: "13b", 14: "14a", 17: "17a", 18: "?"}
    assert all(loc["back"] in ("?", "") for loc in state.view(None)["locations"])


def test_avalon_setup__day_one_begins_with_dawn_and_its_event() -> None:
    state = play(game().new_state(players=1, seed=1), *FIRST_BACKS)
    assert state.view(0)["phase"] == "dawn"
    assert [str(a) for a in state.legal_actions()] == ["event Q1", "event Q2", "event R1", "event T1"]
    play(state, "event T1", "die 3")
    assert state.view(0)["phase"] == "day"
    assert state.view(0)["menhirs"] == {"13": 4}  # I.3 lowered it to 5, Grey Fog to 4
    assert "pass" in texts(state)
