"""The command line's refusals and their frame (usage, help hint, "Error:") in the language of the
command: `--lang`, read even where click refuses a word before it, else the environment's."""

from __future__ import annotations

import errno
import subprocess
import sys
from pathlib import Path

import click
import pytest

import spielwerk
from spielwerk.cli.files import system_reason
from spielwerk.cli.params import number, whole
from spielwerk.cli.usage import language_asked, worded
from spielwerk.core.language import LANGUAGE_VARIABLES
from spielwerk.core.message import Message
from tests.cli.helpers import NEAR_WIN, run, save_game


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def refused(args: list[str], code: int = 2) -> str:
    """What `spielwerk ARGS` prints on refusing, checked to end with the exit status `code`."""
    result = run(args)
    assert result.exit_code == code, result.output
    return result.output


def test_usage_english_frame_and_words_stay_as_click_wrote_them() -> None:
    assert refused(["play", "gyges", "--bogus"]) == (
        "Usage: cli play [OPTIONS] [GAME]\n"
        "Try 'cli play --help' for help.\n"
        "\n"
        "Error: --bogus needs who sits there, e.g. --bogus human\n")
    assert refused(["replay"]).endswith("Error: Missing argument 'FILE'.\n")
    assert refused(["plya"]).endswith(
        "Error: No such command 'plya'. (Did you mean one of: 'play', 'replay'?)\n")


def test_usage_german_frame_and_a_seat_without_who() -> None:
    assert refused(["play", "gyges", "--lang", "de", "--bogus"]) == (
        "Aufruf: cli play [OPTIONS] [GAME]\n"
        "'cli play --help' zeigt die Hilfe.\n"
        "\n"
        "Fehler: --bogus braucht, wer dort sitzt, z. B. --bogus human\n")


def test_usage_french_frame_and_no_game_named() -> None:
    games = ", ".join(spielwerk.games())
    assert refused(["play", "--lang", "fr"]) == (
        "Usage : cli play [OPTIONS] [GAME]\n"
        "'cli play --help' affiche l'aide.\n"
        "\n"
        f"Erreur : nommez un jeu ({games}) ou chargez une partie enregistrée avec --load\n")


def test_usage_clicks_own_refusals_in_german_and_french() -> None:
    assert refused(["replay", "--lang", "de"]).endswith("Fehler: Es fehlt das Argument 'FILE'.\n")
    assert refused(["arena", "gyges", "--lang", "fr"]).endswith("Erreur : Il manque l'option '--agents'.\n")
    assert "Fehler: Unbekannte Option '--alll'. Meintest du '--all'?" in refused(
        ["replay", "game.json", "--alll", "--lang", "de"])
    assert refused(["plya", "--lang", "fr"]).endswith(
        "Erreur : Commande inconnue 'plya'. (Vouliez-vous dire l'une de : 'play', 'replay' ?)\n")


def test_usage_refused_before_lang_is_read__still_in_its_language() -> None:
    assert "Fehler: --sout braucht, wer dort sitzt" in refused(["play", "gyges", "--sout", "--lang", "de"])
    assert refused(["play", "gyges", "--players", "x", "--lang=fr"]).endswith(
        "Erreur : Valeur incorrecte pour '--players' : 'x' n'est pas un nombre entier.\n")


def test_usage_without_lang__the_environments_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LANGUAGE_VARIABLES[0], "de")
    assert refused(["plya"]).startswith(
        "Aufruf: cli [OPTIONS] COMMAND [ARGS]...\n'cli --help' zeigt die Hilfe.\n")
    assert "Erreur : Commande inconnue 'plya'." in refused(["plya", "--lang", "fr"])  # --lang wins


def test_usage_errors_with_a_message_are_rendered_in_the_language() -> None:
    assert "Fehler: unbekanntes Spiel 'chess'" in refused(["rules", "chess", "--lang", "de"])
    assert "Erreur : jeu inconnu 'chess'" in refused(["arena", "chess", "--agents", "random", "--lang", "fr"])
    assert "Fehler: kein Platz 'east': Die Plätze sind south, north" in refused(
        ["render", "--position", NEAR_WIN, "--game", "gyges", "--seat", "east", "--lang", "de"])
    assert refused(["replay", "nowhere.json", "--lang", "fr"], code=1) == (
        "Erreur : impossible de lire nowhere.json : fichier ou dossier introuvable\n")


def test_usage_a_seat_item_without_who_in_german() -> None:
    assert refused(["play", "gyges", "--seat", "x", "--lang", "de"]).endswith(
        "Fehler: --seat erwartet SEAT=WHO, z. B. --seat 0=human oder --seat 1=mcts:1s, nicht 'x'\n"
        "Plätze von Gygès: --south WHO --north WHO\n")


def test_usage_loading_a_game_in_german_and_french(tmp_path: Path) -> None:
    save_game(tmp_path / "saved.json", ["a3-a5"])
    assert refused(["play", "--load", "saved.json", "--seed", "1", "--lang", "de"]).endswith(
        "Fehler: --seed ändert keine geladene Partie: Sie behält ihre eigenen Einstellungen\n")
    assert refused(["play", "grani", "--load", "saved.json", "--lang", "fr"]).endswith(
        "Erreur : saved.json contient une partie de gyges, pas 'grani'\n")


def test_usage_render_in_german_and_french(tmp_path: Path) -> None:
    save_game(tmp_path / "saved.json", ["a3-a5"])
    assert refused(["render", "--lang", "fr"]).endswith(
        "Erreur : donnez soit une partie enregistrée FILE, soit --position TEXT\n")
    assert refused(["render", "saved.json", "--ply", "5", "--lang", "de"]).endswith(
        "Fehler: --ply muss zwischen 0 und 1 liegen\n")
    assert refused(["render", "saved.json", "--players", "2", "--lang", "de"]).endswith(
        "Fehler: --game, --option und --players gehören zu --position; "
        "eine gespeicherte Partie hat ihre eigenen\n")
    wrote = run(["render", "saved.json", "-o", "picture.svg", "--lang", "fr"])
    assert wrote.exit_code == 0 and wrote.output == "picture.svg écrit\n"
    assert refused(["render", "saved.json", "-o", "nowhere/picture.svg", "--lang", "de"], code=1) == (
        "Fehler: nowhere/picture.svg kann nicht geschrieben werden: Datei oder Ordner nicht gefunden\n")


def test_usage_numbers_refused_in_the_language_of_the_command_line() -> None:
    assert refused(["play", "gyges", "--seed", "abc", "--lang", "de"]).endswith(
        "Fehler: Ungültiger Wert für '--seed': 'abc' ist keine ganze Zahl.\n")
    assert refused(["arena", "gyges", "--agents", "random", "--games", "0", "--lang", "fr"]).endswith(
        "Erreur : Valeur incorrecte pour '--games' : '0' est trop petit : au moins 1.\n")
    assert refused(["serve", "--port", "70000"]).endswith(
        "Error: Invalid value for '--port': '70000' is too large: at most 65535.\n")
    assert refused(["serve", "--header-timeout", "soon", "--lang", "de"]).endswith(
        "Fehler: Ungültiger Wert für '--header-timeout': 'soon' ist keine Zahl.\n")
    assert refused(["serve", "--header-timeout", "-0,5", "--lang", "fr"]).endswith(
        "Erreur : Valeur incorrecte pour '--header-timeout' : '-0,5' est trop petit : au moins 0.\n")


def test_usage_numbers_pass_as_click_read_them() -> None:
    assert whole().convert(" 7", None, None) == 7 and whole(0, 64).convert(64, None, None) == 64
    assert number(0).convert("0,5", None, None) == 0.5 and number(0).convert(10.0, None, None) == 10.0
    assert run(["arena", "--help"]).output.count("[default: 100; x>=1]") == 1  # help shows the range


def test_usage_a_folder_where_a_file_belongs_in_german(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    assert refused(["render", "games", "--lang", "de"]).endswith(
        "Fehler: Ungültiger Wert für '[FILE]': 'games' ist ein Ordner, keine Datei.\n")
    assert refused(["play", "--load", "games", "--lang", "fr"]).endswith(
        "Erreur : Valeur incorrecte pour '--load' : 'games' est un dossier, pas un fichier.\n")


def test_usage_a_system_reason_worded_where_the_catalogue_has_it_else_as_the_system_gives_it() -> None:
    assert system_reason(OSError(errno.EIO, "Input/output error")) == "Input/output error"
    assert system_reason(OSError("no number")) == "no number"
    denied = system_reason(PermissionError(errno.EACCES, "Permission denied"))
    assert isinstance(denied, Message) and denied.render("de") == "keine Berechtigung"


def test_usage_serve_seats_in_german_and_french() -> None:
    assert refused(["serve", "--seat", "south=human", "--lang", "de"]).endswith(
        "Fehler: --seat und --players gehören zu --play GAME\n")
    assert refused(["serve", "--play", "gyges", "--seat", "south", "--lang", "fr"]).endswith(
        "Erreur : une place s'écrit NAME=KIND, par ex. south=human, pas 'south'\n")


def test_usage_language_asked__the_last_lang_before_a_double_dash() -> None:
    assert language_asked(["play", "--lang", "de", "gyges", "--lang=fr"]) == "fr"
    assert language_asked(["play", "--lang", "de", "--", "--lang", "fr"]) == "de"
    assert language_asked(["play", "gyges"]) == "en"  # the environment's (the tests': English)


def test_usage_interrupted__told_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(click.exceptions.Exit) as ended, worded("de"):
        raise KeyboardInterrupt
    assert ended.value.exit_code == 1 and capsys.readouterr().err == "\nAbgebrochen.\n"


def test_python_dash_m_spielwerk_is_the_command_line() -> None:
    done = subprocess.run([sys.executable, "-m", "spielwerk", "play", "gyges", "--bogus", "--lang", "de"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert "Fehler: --bogus braucht, wer dort sitzt" in done.stderr
