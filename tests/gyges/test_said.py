"""What Gygès says as keys and arguments: refusals, bad notation, bad options, what the game waits for,
and why it ended; the English stays as it was, German and French render from the same message."""

from __future__ import annotations

from typing import Any

import pytest

import spielwerk
from spielwerk import IllegalAction, InvalidNotation, OptionError
from spielwerk.core.message import render_json
from spielwerk.games.gyges import OPTIONS
from tests.gyges.helpers import fresh, gyges, illegal, play

START = "321123/....../....../....../....../123321 s"
SOUTH = {"key": "seat.south", "args": {}}
NORTH = {"key": "seat.north", "args": {}}


def said(message: dict[str, Any], language: str) -> str:
    """A message as a view carries it, rendered from the game's words."""
    return render_json(spielwerk.game("gyges").words(language), message, language)


def test_gyges_turn_nearest_rank__the_refusal_carries_ring_and_rank() -> None:
    error = illegal(gyges(START), "a6-a5")
    assert str(error) == (
        "a6 cannot move: only rings on rank 1, your nearest occupied rank, may move "
        "(gyges.turn.nearest-rank)")
    assert error.message is not None and error.message.key == "gyges.turn.nearest-rank"
    assert error.message.args == {"ring": "a6", "rank": 1}
    assert error.render("de") == (
        "a6 kann nicht ziehen: nur Ringe auf Reihe 1, deiner nächsten besetzten, dürfen ziehen "
        "(gyges.turn.nearest-rank)")


def test_gyges_move_exact__one_step_and_several() -> None:
    error = illegal(gyges(START), "a1-a4")
    assert error.message is not None and error.message.key == "gyges.move.exact"
    assert error.message.args == {"start": "a1", "end": "a4", "count": 1}
    assert error.reason == (
        "the ring on a1 moves exactly 1 step (and on from each ring it lands on); it cannot reach a4")
    assert error.message.render("de") == (
        "der Ring auf a1 zieht genau 1 Schritt (und von jedem Ring, auf dem er landet, weiter); "
        "a4 erreicht er nicht")
    two = illegal(gyges(START), "b1-b4").message
    assert two is not None and two.key == "gyges.move.exact" and two.args["count"] == 2
    assert "genau 2 Schritte" in two.render("de") and "exactement 2 pas" in two.render("fr")


def test_gyges_no_move__a_pass_with_a_move_names_the_seat_in_each_language() -> None:
    error = illegal(gyges(START), "pass")
    assert error.reason == "south has a legal move and may not pass"
    assert error.message is not None and error.message.to_json() == {
        "key": "gyges.no-move.has-move", "args": {"seat": SOUTH}}
    assert error.message.render("de") == "Süd hat einen erlaubten Zug und darf nicht passen"
    assert error.message.render("fr") == "Sud a un coup légal et ne peut pas passer"


@pytest.mark.parametrize(
    ("options", "text", "key", "english"),
    [
        ({}, "a1-b1/a5", "gyges.replace.not-nearest",
         "a5 is behind rank 4, north's nearest occupied rank: a put ring may stand on that rank but not "
         "between it and north's throne"),
        ({"replace_rule": "strict"}, "a1-b1/b4", "gyges.replace.not-nearest.strict",
         "b4 is on or behind rank 4, north's nearest occupied rank: with replace_rule=strict a put ring "
         "stays short of that rank"),
    ],
)
def test_gyges_replace_not_nearest__the_opponent_and_the_rank_are_arguments(
    options: dict[str, Any], text: str, key: str, english: str
) -> None:
    error = illegal(gyges("....../....../3...../....../....../12.... s", **options), text)
    assert error.rule == "gyges.replace.not-nearest" and error.reason == english
    assert error.message is not None and error.message.key == key
    assert error.message.to_json()["args"]["seat"] == NORTH and error.message.args["rank"] == 4
    assert "der nächsten besetzten Reihe von Nord" in error.message.render("de")


def test_gyges_win__input_after_the_end_says_why_it_ended() -> None:
    state = play(gyges("..1.../....../....../....../....../...... s"), "c6-N")
    error = illegal(state, "pass")
    assert error.rule == "gyges.win"
    assert error.reason == "the game is over (south wins by reaching the opponent's throne)"
    assert error.render("de") == (
        "die Partie ist vorbei (Süd gewinnt durch Erreichen des gegnerischen Throns) (gyges.win)")


def test_after_a_resignation_the_referee_s_moves_are_refused_too() -> None:
    state = gyges(START)
    state.resign(0)
    error = illegal(state, "a1-a2")
    assert error.rule == "game.over" and error.message is not None and error.message.key == "game.over"
    with pytest.raises(IllegalAction):
        state.apply(state.game.parse_action(gyges(START), "a1-a2"))
    assert len(state.history) == 1


def test_bad_notation_and_positions_carry_their_message() -> None:
    with pytest.raises(InvalidNotation) as caught:
        gyges(START).apply("hello")
    message = caught.value.message
    assert message is not None and message.key == "notation.action" and message.args == {"text": "'hello'"}
    assert caught.value.render("fr").startswith("'hello' n'est pas un coup de Gygès : écrivez un coup")
    with pytest.raises(InvalidNotation) as bad:
        spielwerk.game("gyges").new_state(position="321123/....../1...../....../....../123321 s")
    assert bad.value.message is not None and bad.value.message.key == "notation.position.rings"
    assert bad.value.render("de") == (
        "die Stellung hat 5 Ringe der Höhe 1, das Spiel aber nur 4 jeder Höhe (gyges.setup)")


def test_a_bad_option_value_is_said_in_every_language() -> None:
    setup = next(option for option in OPTIONS if option.name == "setup")
    with pytest.raises(OptionError) as caught:
        setup.normalise("sometimes")
    assert caught.value.message is not None and caught.value.message.key == "option.setup.invalid"
    assert str(caught.value) == (
        'must be "choose", "random", or both start ranks like "123321,321123" (South first)')
    assert caught.value.render("de").endswith("(Süd zuerst)")


@pytest.mark.parametrize(
    ("state", "english", "german"),
    [
        (fresh(), "South arranges rank 1: six digits, two each of 1, 2, 3 (e.g. 123321)",
         "Süd stellt Reihe 1 auf: sechs Ziffern, je zweimal 1, 2, 3 (z. B. 123321)"),
        (fresh(setup="random"), "a start rank for south, drawn at random",
         "eine ausgeloste Grundreihe für Süd"),
        (gyges(START), "South to move a ring on rank 1", "Süd zieht einen Ring auf Reihe 1"),
        (gyges("....../....../....../....../....../...... n"), "North has no legal move and must pass",
         "Nord hat keinen erlaubten Zug und muss passen"),
        (play(gyges("1...../....../..31../....../....../...... s", throne_captures=3), "c4-N"),
         "North puts the ring from throne N on an empty cell",
         "Nord setzt den Ring vom Thron N auf ein leeres Feld"),
        (play(gyges("..1.../....../....../....../....../...... s"), "c6-N"), "nothing: the game is over",
         "nichts: die Partie ist vorbei"),
    ],
)
def test_the_view_says_what_the_game_waits_for(state: spielwerk.State, english: str, german: str) -> None:
    message = state.view(None)["waiting_for_message"]
    assert (said(message, "en"), said(message, "de")) == (english, german)


@pytest.mark.parametrize(
    ("position", "options", "actions", "rule", "english", "french"),
    [
        ("..1.../....../....../....../....../...... s", {}, ["c6-N"], "gyges.win",
         "south wins by reaching the opponent's throne", "Sud gagne en atteignant le trône adverse"),
        ("....../....../....../....../....../...... s", {}, ["pass", "pass"], "gyges.no-move",
         "drawn: neither player could move", "nulle : aucun des deux joueurs ne pouvait jouer"),
        ("....../....../....../....../....../1....1 s", {}, ["a1-a2", "a2-a1", "a1-a2", "a2-a1"],
         "gyges.draw.repetition", "drawn: the same position occurred a third time",
         "nulle : la même position est revenue une troisième fois"),
        (START, {"max_plies": 1}, ["b1-b3"], "gyges.draw.repetition", "drawn: the limit of 1 ply was reached",
         "nulle : la limite de 1 demi-coup est atteinte"),
        (START, {"max_plies": 2}, ["b1-b3", "e6-e4"], "gyges.draw.repetition",
         "drawn: the limit of 2 plies was reached", "nulle : la limite de 2 demi-coups est atteinte"),
    ],
)
def test_the_result_says_why_the_game_ended(
    position: str, options: dict[str, Any], actions: list[str], rule: str, english: str, french: str
) -> None:
    result = play(gyges(position, **options), *actions).view(0)["result"]
    assert result["rule"] == rule and result["reason"] == english
    assert said(result["reason_message"], "en") == english
    assert said(result["reason_message"], "fr") == french


def test_a_resignation_names_the_seat_in_its_language() -> None:
    state = gyges(START)
    state.resign(1)
    result = state.view(None)["result"]
    assert result["reason"] == "North resigned"
    assert said(result["reason_message"], "de") == "Nord hat aufgegeben"
