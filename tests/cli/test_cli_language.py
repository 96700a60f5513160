"""`play --lang de|fr`: the game's status lines, narration, refusals and end reasons, and the terminal's
own words, in the language asked for, rendered from the catalogues by key; no environment variable is
set for a game to read."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text

import spielwerk
from spielwerk.cli.say import WORDS
from spielwerk.core.errors import IllegalAction
from spielwerk.core.game import Game
from spielwerk.core.message import render_json
from spielwerk.core.state import State
from tests.cli.helpers import NEAR_WIN, one_line, play_args, run

LANGUAGES = ["de", "fr"]


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def said(game: Game, message: Mapping[str, Any], language: str) -> str:
    """A message of a view in `language`, from the game's catalogue; never a key left unrendered."""
    text = render_json(game.words(language), message, language)
    assert "{" not in text and text != render_json(game.words("en"), message, "en")
    return text


def shown(key: str, language: str, **args: Any) -> str:
    """The terminal's text of `key` as printed (its markup gone)."""
    return Text.from_markup(WORDS.text(key, language, **args)).plain


def near_win(*actions: str) -> State:
    state = spielwerk.game("gyges").new_state(position=NEAR_WIN, seed=1)
    for action in actions:
        state.apply(action)
    return state


@pytest.mark.parametrize("language", LANGUAGES)
def test_gyges_in_a_language__status_narration_refusal_and_end(language: str) -> None:
    result = run(play_args("--lang", language), ["c6-c5", "a3-a5", "c6-d6", "a5-N"])
    assert result.exit_code == 0, result.output
    output = one_line(result.output)
    game = spielwerk.game("gyges")
    start = near_win()
    south = game.seat_message(0).render(language).capitalize()
    status = said(game, start.view(None)["waiting_for_message"], language)
    head = shown("session.head", language, game="Gygès", count=0)
    assert shown("session.status", language, head=head, player=south, spec="human", waiting=status) in output
    with pytest.raises(IllegalAction) as refused:
        game.parse_action(start, "c6-c5", seat=0)
    refusal = refused.value.render(language)
    assert refusal.endswith("(gyges.turn.nearest-rank)") and refusal != refused.value.render("en")
    assert shown("commands.not-allowed", language, error=refusal) in output
    ended = near_win("a3-a5", "c6-d6", "a5-N")
    told = ended.narration(1, language)  # North's account: South's move since North's first turn
    assert f"{shown('account.so-far', language)} {told[0]}" in output
    assert told[0] != ended.narration(1, "en")[0]
    reason = said(game, ended.view(None)["result"]["reason_message"], language)
    outcome = shown("outcome.wins", language, player=south, scores="1 – 0")
    assert shown("session.game-over.why", language, outcome=outcome, reason=reason) in output


@pytest.mark.parametrize("language", LANGUAGES)
def test_drachenfels_in_a_language__the_account_tells_a_seat_its_own_draws_and_the_others_unnamed(
        language: str) -> None:
    args = ["play", "drachenfels", "--red", "human", "--blue", "random", "--seed", "243", "--lang", language]
    output = run(args, ["quit"]).output
    state = spielwerk.game("drachenfels").new_state(players=2, seed=243)
    while state.is_chance:
        state.resolve_chance()
    assert state.to_move == 0  # red begins
    mine, everyone = state.narration(0, language), state.narration(None, language)
    assert mine != everyone and mine != state.narration(0, "en")
    for line in mine:
        assert f"  {line}" in output  # each line once, or counted where it repeats
    unseen = [at for at, text in enumerate(state.history_for(0)) if text == "draw ?"]
    assert len(unseen) == 7 and all(mine[at] == everyone[at] for at in unseen)  # blue's draws, unnamed
    status = said(state.game, state.view(None)["waiting_for_message"], language)
    assert status in one_line(output)


@pytest.mark.parametrize("language", LANGUAGES)
def test_grani_in_a_language__status_and_the_seats_by_their_names(language: str) -> None:
    args = ["play", "grani", "--players", "3", "--yellow", "human", "--blue", "random", "--red", "random",
            "--seed", "1", "--lang", language, "--position", "yellow=G5 blue=G1 red=G9 turn=yellow"]
    output = one_line(run(args, ["quit"]).output)
    game = spielwerk.game("grani")
    state = game.new_state(players=3, seed=1, position="yellow=G5 blue=G1 red=G9 turn=yellow")
    yellow = game.seat_message(0).render(language)
    assert yellow != "yellow"
    head = shown("session.head", language, game="Grani", count=0)
    status = said(game, state.view(None)["waiting_for_message"], language)
    player = yellow[:1].upper() + yellow[1:]
    assert shown("session.status", language, head=head, player=player, spec="human", waiting=status) in output


def test_no_environment_variable_is_set_for_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, dict[str, str]]] = []
    gyges = type(spielwerk.game("gyges"))
    real = gyges.terminal

    def spy(self: Game, state: State, seat: int | None = None, language: str = "en") -> str:
        calls.append((language, dict(os.environ)))
        return real(self, state, seat, language)

    monkeypatch.setattr(gyges, "terminal", spy)
    before = dict(os.environ)
    result = run(play_args("--lang", "fr"), ["a3-a5", "quit"])
    assert result.exit_code == 0, result.output
    assert calls and all(language == "fr" and environment == before for language, environment in calls)
    assert dict(os.environ) == before


def test_the_language_is_the_environment_s_where_not_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SPIELWERK_LANG")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    output = run(play_args(), ["quit"]).output
    assert "Tschüss." in output and "Süd ›" in output
    assert "Bye." in run(play_args("--lang", "en"), ["quit"]).output  # --lang wins


def test_the_terminal_s_own_words_in_german() -> None:
    output = one_line(run(play_args("--lang", "de"), ["help", "moves", "zz", "#99", "quit"]).output)
    assert "An deinem Zug gib ein" in output and "resign aufgeben: du verlierst" in output
    legal = len(near_win().legal_actions())
    assert f"{legal} erlaubte Züge — gib eine Nummer oder den Text ein" in output
    assert f"Kein Zug 99: Es gibt {legal} (1–{legal}); `moves` zeigt sie." in output
    assert "Nicht verstanden: " in output and "Tschüss." in output


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("game_id", "seats"), [
    ("gyges", ["--south", "human", "--north", "random"]),
    ("grani", ["--yellow", "human", "--blue", "random", "--red", "random"]),
    ("drachenfels", ["--red", "human", "--blue", "random"]),
    ("avalon", ["--players", "2", "--cadoc", "human", "--elowen", "random"]),
])
def test_every_game_s_first_turn_in_a_language__its_status_and_the_account_so_far(
        game_id: str, seats: list[str], language: str) -> None:
    output = one_line(run(["play", game_id, *seats, "--seed", "1", "--lang", language], ["quit"]).output)
    game = spielwerk.game(game_id)
    state = game.new_state(players=3 if game_id == "grani" else 2, seed=1)
    while state.is_chance:  # as the session draws them: from the game's own seeded stream
        state.resolve_chance()
    assert state.to_move == 0  # with seed 1 the person moves first in every game
    status = said(game, state.view(None)["waiting_for_message"], language)
    assert status in output
    for line in state.narration(0, language):
        assert one_line(line) in output
