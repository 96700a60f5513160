"""Gygès in the reader's language: move labels, the picture and the terminal in German and French,
and random games (every option the game has) rendered in every language without a gap."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console

import spielwerk
from spielwerk.core.message import UNFILLED, render_json
from spielwerk.core.state import State
from tests.gyges.helpers import fresh, gyges, play

START = "321123/....../....../....../....../123321 s"
LANGUAGES = ("en", "de", "fr")


def picture(state: State, language: str, seat: int | None = None) -> str:
    """The terminal's board without colours."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, color_system=None, highlight=False)
    console.print(state.game.terminal(state, seat, language))
    return buffer.getvalue()


def test_gyges_land_replace__labels_name_the_put_ring_for_the_mover_only() -> None:
    state = gyges(START)
    game = state.game
    labels = game.move_labels(state, 0)
    assert labels["c1-b1/c2"] == "c1 → b1, the 2-ring from b1 to c2"
    assert "b1-b3" not in labels  # the notation says it all
    assert game.move_labels(state, 0, "de")["c1-b1/c2"] == "c1 → b1, den 2er-Ring von b1 nach c2"
    assert game.move_labels(state, 0, "fr")["c1-b1/c2"] == "c1 → b1, l'anneau de hauteur 2 de b1 en c2"
    assert game.move_labels(state, 1) == {} and game.move_labels(state, None) == {}


def test_labels_for_set_ups_throne_moves_puts_and_passes() -> None:
    assert fresh().game.move_labels(fresh(), 0, "fr")["123321"] == \
        "anneaux de 1 sur a1 et f1, de 2 sur b1 et e1, de 3 sur c1 et d1"
    win = gyges("..1.../....../....../....../....../...... s")
    assert win.game.move_labels(win, 0) == {"c6-N": "c6 → North's throne: win"}
    kings = gyges("1...../....../..31../....../....../...... s", throne_captures=3)
    assert kings.game.move_labels(kings, 0, "de")["c4-N"] == "c4 → Thron von Nord: Eroberung 1 von 3"
    play(kings, "c4-N")
    assert kings.game.move_labels(kings, 1)["N-b6"] == "the 3-ring from throne N to b6"
    stuck = gyges("....../....../....../....../....../...... s")
    assert stuck.game.move_labels(stuck, 0, "de") == {"pass": "passen: kein erlaubter Zug"}


def test_the_picture_speaks_the_reader_s_language() -> None:
    running = play(gyges(START), "b1-b3")
    game = running.game
    assert ">to move</text>" in game.svg(running)
    assert ">am Zug</text>" in game.svg(running, 0, language="de")
    assert ">au trait</text>" in game.svg(running, language="fr")
    won = play(gyges("....../..2.../....../..2.../....../...... s"), "c3-N")
    german = game.svg(won, language="de")
    assert ">Süd gewinnt (1 – 0)</text>" in german
    assert ">der Ring von c3 (Höhe 2) hat den Thron von Nord erreicht</text>" in german
    drawn = play(gyges("....../....../....../....../....../...... s"), "pass", "pass")
    assert ">Partie nulle (½ – ½)</text>" in game.svg(drawn, language="fr")
    assert ">aucun des deux joueurs ne pouvait jouer</text>" in game.svg(drawn, language="fr")


def test_the_terminal_speaks_the_reader_s_language() -> None:
    state = play(gyges("....../....../..1.../....../..2.../..1... s"), "c1-c4/a4")
    german = picture(state, "de")
    assert "letzter Zug c1-c4/a4  (von c1 nach c4, der Ring dort auf a4 gesetzt)" in german
    assert "sein Weg    c1 → c2 → c3 → c4, abgesprungen von c2" in german
    assert "Nord zieht einen Ring auf Reihe 4" in german
    assert "◂ Reihe 4 zieht" in german and "S Thron von Süd" in german
    french = picture(play(gyges("....../..2.../....../..2.../....../...... s"), "c3-N"), "fr")
    assert "N trône de Nord, où se trouve  2 , l'anneau qui l'a atteint" in french
    assert "Partie terminée : Sud gagne en atteignant le trône adverse" in french
    assert "Sud gagne (1 – 0) : l'anneau de c3 (hauteur 2) a atteint le trône de Nord" in french
    kings = play(gyges("1...../....../..31../....../....../...... s", throne_captures=3), "c4-N")
    assert "prises       Sud 1 sur 3, Nord 0 sur 3" in picture(kings, "fr")
    assert "Nord pose l'anneau du trône N sur une case vide, par exemple N-b6" in picture(kings, "fr")
    assert picture(fresh(setup="random"), "de").rstrip().endswith("eine ausgeloste Grundreihe für Süd")


OPTIONS: list[dict[str, Any]] = [
    {},
    {"setup": "random"},
    {"throne_captures": 3},
    {"throne_captures": {"south": 1, "north": 3}, "setup": "123321,321123"},
    {"replacement": False},
    {"replace_rule": "strict", "max_plies": 30},
]


def random_game(options: dict[str, Any], seed: int) -> State:
    """A game of random actions (chance drawn from the seed), ended by the referee if it runs long."""
    rng = random.Random(seed)
    state = spielwerk.game("gyges", **options).new_state(seed=seed)
    while not state.is_over and len(state.history) < 80:
        if state.is_chance:
            state.resolve_chance()
        else:
            state.apply(rng.choice(state.legal_actions()))
    if not state.is_over and seed % 2:
        state.time_out(rng.randrange(2))
    elif not state.is_over:
        state.resign(rng.randrange(2))
    return state


def spoken(state: State, language: str) -> list[str]:
    """Every text the state shows in `language` to each seat and a spectator."""
    game, texts = state.game, []
    words = game.words(language)
    for seat in (None, 0, 1):
        texts += state.narration(seat, language)
        view = state.view(seat)
        texts.append(render_json(words, view["waiting_for_message"], language))
        if view["result"] is not None:
            texts.append(render_json(words, view["result"]["reason_message"], language))
        texts += game.move_labels(state, seat, language).values()
        texts += [game.svg(state, seat, language=language), game.terminal(state, seat, language)]
    return texts


@pytest.mark.parametrize("options", OPTIONS)
def test_random_games_render_in_every_language(options: dict[str, Any]) -> None:
    for seed in (1, 2):
        state = random_game(options, seed)
        replayed = spielwerk.replay(state.record())
        for plies in range(len(state.history), -1, -1):  # the end, then every seventh position back
            while len(replayed.history) > plies:
                replayed.undo()
            if plies % 7 and plies != len(state.history):
                continue
            for language in LANGUAGES:
                for text in spoken(replayed, language):
                    assert not UNFILLED.search(text), (language, text)
            english, german = replayed.narration(None), replayed.narration(None, "de")
            assert len(german) == plies and all(german) and all(replayed.narration(None, "fr"))
            assert all(ours != theirs for ours, theirs in zip(english, german, strict=True))


def test_the_side_setting_up_is_told_how_to_by_the_board_in_its_language() -> None:
    state = fresh()
    game = state.game
    told = game.prose(state.view(0), "de")
    assert told["title"] == "Deine Aufstellung" and "Reihe 1" in told["text"]
    assert game.prose(state.view(1), "de") == {} and game.prose(state.view(None)) == {}
    assert game.move_places(state, 0)["123321"] == [["a1", "f1"], ["b1", "e1"], ["c1", "d1"]]
    assert game.pick_marks(state, 0) == ["1", "1", "2", "2", "3", "3"]
    assert "turned" not in game.prose(state.view(0))["text"]
    assert game.move_places(state, 1) == {} and game.pick_marks(state, 1) == []
    play(state, "123321")
    told = game.prose(state.view(1))["text"]
    assert "rank 6" in told and told.endswith("The board is turned for you: your side is at the bottom, "
                                               "file a on the right.")
    assert game.move_places(state, 1)["112233"] == [["a6", "b6"], ["c6", "d6"], ["e6", "f6"]]
    play(state, "112233")
    assert game.move_places(state, 0) == {} and game.pick_marks(state, 0) == []
