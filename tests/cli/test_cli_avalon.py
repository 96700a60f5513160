"""Avalon at the terminal: the picture of a view, the verse's prose in a language, a scripted game."""

from __future__ import annotations

import json
import os

import pytest
from rich.console import Console

import spielwerk
from spielwerk.core.state import State
from spielwerk.games.avalon.content import CONTENT
from spielwerk.games.avalon.terminal import MAP_WIDTH
from tests.avalon.helpers import position
from tests.cli.helpers import run

PEOPLE = ["play", "avalon", "--players", "2", "--cadoc", "human", "--elowen", "random", "--seed", "5"]
"""Cadoc played by a person, Elowen by a random agent; with seed 5 Cadoc explores the Heartstone's
13a, Elowen declines, and after `choose 2` Elowen declares `travel east` and asks Cadoc along."""


def started(*actions: str, seed: int = 5) -> State:
    """A two-player game after `actions`, chance drawn from the seed in between."""
    state = spielwerk.game("avalon").new_state(players=2, seed=seed)
    for action in (None, *actions):
        if action is not None:
            state.apply(action)
        while state.is_chance:
            state.resolve_chance()
    return state


def plain(state: State, seat: int | None, language: str = "en", width: int = 80) -> list[str]:
    """The picture as printed text, line by line."""
    console = Console(width=200, record=True, highlight=False, file=open(os.devnull, "w"))  # noqa: SIM115
    console.print(state.game.terminal(state, seat, language=language, width=width))  # type: ignore[call-arg]
    return console.export_text().splitlines()


def test_avalon_terminal_cards__placed_and_unplaced_menhirs_and_who_stands_where() -> None:
    text = "\n".join(plain(started(), 0))
    assert "13 ◆4 ⌂" in text and "Heartstone" in text       # the start, lit at 4 for two characters
    assert "8 ◇" in text and "Thornring" in text             # an unlit menhir site, placed
    assert "Moss Ruins" in text and "unplaced" in text
    assert "Stag" in text and "◄─►" in text
    assert "Cadoc (1) you" in text and "Health 10/10" in text and "Smith's Hammer (ready)" in text
    assert "Day 1 of 10" in text and "Omen 0" in text and "Mercy unused" in text


def test_avalon_terminal_hides_backs__only_the_scouts_seat_sees_them() -> None:
    state = started()
    back = state.view(1)["locations"][12]["back"]            # Heartstone, scouted by Elowen
    assert back.startswith("13") and state.view(0)["locations"][12]["back"] == "?"
    assert back not in "\n".join(plain(state, 0))
    assert back in "\n".join(plain(state, 1))


def test_avalon_terminal_running_verse__its_prose_and_numbered_options() -> None:
    state = started("explore", "decline")
    waiting = state.view(0)["waiting"]
    verse, node = waiting["verse"], waiting["node"]
    text = " ".join(" ".join(plain(state, 0)).split())
    assert CONTENT.text(f"verse.{verse}.{node}") in text
    assert f"1 choose 1 {CONTENT.text(f'verse.{verse}.{node}.1')}" in text
    assert "Cadoc leads and chooses" in text


def test_avalon_terminal_verse_in_german() -> None:
    state = started("explore", "decline")
    waiting = state.view(0)["waiting"]
    german = CONTENT.text(f"verse.{waiting['verse']}.{waiting['node']}", "de")
    assert german != CONTENT.text(f"verse.{waiting['verse']}.{waiting['node']}")
    text = " ".join(" ".join(plain(state, 0, "de")).split())
    assert german in text and "13 Herzstein" in text and "Heartstone" not in text  # the places' names too


def test_avalon_terminal_cards__short_names_in_the_language() -> None:
    english, german = ("\n".join(plain(started(), 0, language)) for language in ("en", "de"))
    assert "Chapel" in english and "Circle" in english and "Hermitage" in english
    assert "Kapelle" in german and "Kreis" in german and "Klause" in german
    assert "Versunken" not in german   # not two cards cut alike from "Versunkene …" and "Versunkener …"


@pytest.mark.parametrize("actions", [(), ("explore", "decline"), ("travel north", "join 1")])
def test_avalon_terminal_fits_80_columns__and_lists_the_cards_when_narrower(actions: tuple[str, ...]) -> None:
    state = started(*actions)
    assert max(len(line) for line in plain(state, 0)) <= 80
    narrow = plain(state, 0, width=60)
    assert max(len(line) for line in narrow) <= 60
    assert any(line.strip().startswith("13 ◆4") for line in narrow) and MAP_WIDTH > 60


def test_avalon_terminal_join_prompt__names_the_leader_and_action_and_numbers_the_answers() -> None:
    state = started("travel north")
    text = "\n".join(plain(state, 1))
    assert "Cadoc declares travel north at 13 Heartstone: Elowen, join or decline?" in text
    assert "1 join 1 (go along with Cadoc)" in text and "2 decline" in text


def test_avalon_cli_scripted_game__explore_choose_and_join_by_number() -> None:
    result = run(PEOPLE, ["1", "2", "1", "quit"])
    out = result.output
    assert result.exit_code == 0, out
    assert "Cadoc plays explore" in out and "Elowen (random) plays decline" in out
    assert "Verse 13a of 13 Heartstone" in out and "Cadoc plays choose 2" in out
    assert "Elowen declares travel east at 13 Heartstone: Cadoc, join or decline?" in out
    assert "Cadoc plays join 2" in out


def test_avalon_cli_lang_de__german_verses_with_the_environment_untouched() -> None:
    before = dict(os.environ)
    result = run([*PEOPLE, "--lang", "de"], ["1", "quit"])
    out = " ".join(result.output.split())
    assert " ".join(CONTENT.text("verse.13a.start", "de").split()) in out
    assert dict(os.environ) == before


def test_avalon_rules__the_how_to_play() -> None:
    result = run(["rules", "avalon"])
    assert result.exit_code == 0 and "How to play Avalon" in result.output


def test_avalon_cli_whole_game__two_people_and_an_agent_play_to_the_end_and_lose_together() -> None:
    # Each line is either the Enter that hands the keyboard to the next person or that person's
    # answer (the first option): a line that does not fit is ignored and asked for again.
    lines = ["", "1"] * 1500
    args = ["play", "avalon", "--players", "3", "--cadoc", "human", "--elowen", "random", "--morwen", "human",
            "-o", "max_days=4", "--seed", "3"]
    out = " ".join(run(args, lines).output.split())
    assert "Day 4 of 4 · over" in out and "Morwen plays" in out and "Elowen (random) plays" in out
    assert "Game over: Cadoc, Elowen and Morwen lose together (0 – 0 – 0)" in out


def test_avalon_cli_alone__waking_the_circle_is_a_win() -> None:
    ready = position(heroes={0: {"location": 10, "relics": ["bell", "horn", "mirror"]}},
                     menhirs=[[13, 3], [10, 2]], placed=[6, 7, 8, 9, 10, 12, 13, 14])
    args = ["play", "avalon", "--cadoc", "human", "--position", json.dumps(ready)]
    out = " ".join(run(args, ["act wake"]).output.split())
    assert "Cadoc plays act wake" in out and "Game over: Cadoc wins (1)" in out


def test_avalon_terminal_in_french__places_and_verses() -> None:
    state = started("explore", "decline")
    waiting = state.view(0)["waiting"]
    french = CONTENT.text(f"verse.{waiting['verse']}.{waiting['node']}", "fr")
    text = " ".join(" ".join(plain(state, 0, "fr")).split())
    assert french in text and "13 Pierre-Cœur" in text and "Heartstone" not in text and "Cœur" in text
