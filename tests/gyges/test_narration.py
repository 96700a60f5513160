"""The narration: every Gygès action told in words, in English, German and French."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk.core.state import State
from tests.gyges.helpers import fresh, gyges, play

START = "321123/....../....../....../....../123321 s"


def last_line(state: State, language: str = "en") -> str:
    """What a spectator is told of the last action."""
    return state.narration(None, language)[-1]


def test_a_plain_move_names_its_start_and_end() -> None:
    assert last_line(play(gyges(START), "b1-b3")) == "South: b1 → b3"


def test_gyges_land_bounce__the_line_names_the_ring_bounced_on_and_where_it_went() -> None:
    state = play(gyges("....../....../....../.1..../.2..../...... n"), "b3-d2")
    assert last_line(state) == "North: b3 → b2, bounces on the 2-ring to d2"


def test_gyges_land_bounce__each_bounce_of_a_move_is_told_in_turn() -> None:
    state = play(gyges("....../....../2...../....../2...../1..... s"), "a1-a6")
    assert last_line(state) == "South: a1 → a2, bounces on the 2-ring to a4, then on the 2-ring to a6"


def test_gyges_land_replace__the_put_ring_is_told_with_its_height() -> None:
    state = play(gyges(START), "c1-b1/c2")
    assert last_line(state) == "South: c1 → b1, puts the 2-ring from b1 on c2"


def test_gyges_land_replace__after_a_bounce() -> None:
    state = play(gyges("....../....../..1.../....../..2.../..1... s"), "c1-c4/a4")
    assert last_line(state) == "South: c1 → c2, bounces on the 2-ring to c4, puts the 1-ring from c4 on a4"


def test_gyges_win__reaching_the_throne_wins() -> None:
    state = play(gyges("..1.../....../....../....../....../...... s"), "c6-N")
    assert last_line(state) == "South: c6 → North's throne and wins"


def test_gyges_win__a_bounce_onto_the_throne() -> None:
    state = play(gyges("....../..2.../....../..2.../....../...... s"), "c3-N")
    assert last_line(state) == "South: c3 → c5, bounces on the 2-ring onto North's throne and wins"


def test_gyges_win__a_bounce_onto_south_s_throne_by_north() -> None:
    state = play(gyges("....../....../....../1...../2...../...... n"), "a3-S")
    assert last_line(state) == "North: a3 → a2, bounces on the 2-ring onto South's throne and wins"


def test_gyges_variant_kings__captures_puts_and_the_winning_capture() -> None:
    state = gyges("1.1.../....../....../....../....../...... s", throne_captures=2)
    play(state, "a6-N", "N-f6", "f6-e6", "c6-N")
    assert state.narration(None) == [
        "South: a6 → North's throne: capture 1 of 2",
        "North puts the 1-ring from throne N on f6",
        "North: f6 → e6",
        "South: c6 → North's throne and wins (capture 2 of 2)",
    ]


def test_gyges_no_move__passes_and_the_draw_they_make() -> None:
    state = play(gyges("....../....../....../....../....../...... s"), "pass", "pass")
    assert state.narration(None) == [
        "South has no legal move and passes",
        "North has no legal move and passes; drawn: neither player could move",
    ]


def test_gyges_draw_repetition__the_third_time_is_told() -> None:
    state = play(gyges("....../....../....../....../....../1....1 s"), "a1-a2", "a2-a1", "a1-a2", "a2-a1")
    assert last_line(state) == "North: a2 → a1; drawn: the same position occurred a third time"


def test_gyges_draw_repetition__the_ply_limit_is_told() -> None:
    state = play(gyges(START, max_plies=1), "b1-b3")
    assert last_line(state) == "South: b1 → b3; drawn: the limit of 1 ply was reached"


def test_gyges_setup__chosen_set_ups() -> None:
    state = play(fresh(), "123321", "321123")
    assert state.narration(None) == ["South sets up 123321", "North sets up 321123"]


def test_gyges_setup__a_set_up_drawn_at_random_is_told_as_chance() -> None:
    state = fresh(seed=5, setup="random")
    state.resolve_chance()
    drawn = str(state.history[-1])
    assert last_line(state) == f"South's start rank is drawn at random: {drawn}"
    assert last_line(state, "de") == f"Die Grundreihe von Süd wird ausgelost: {drawn}"
    assert last_line(state, "fr") == f"La rangée de départ de Sud est tirée au sort : {drawn}"


def test_resigning_and_running_out_of_time_are_told() -> None:
    resigned = gyges(START)
    resigned.resign(0)
    assert resigned.narration(None, "de") == ["Süd gibt auf"]
    timed_out = play(gyges(START), "b1-b3")
    timed_out.time_out(1)
    assert timed_out.narration(None) == ["South: b1 → b3", "North runs out of time"]


@pytest.mark.parametrize(
    ("position", "actions", "german", "french"),
    [
        (START, ["b1-b3"], "Süd: b1 → b3", "Sud : b1 → b3"),
        ("....../....../....../.1..../.2..../...... n", ["b3-d2"],
         "Nord: b3 → b2, springt über den 2er-Ring weiter nach d2",
         "Nord : b3 → b2, rebondit sur l'anneau de hauteur 2 jusqu'en d2"),
        ("....../....../2...../....../2...../1..... s", ["a1-a6"],
         "Süd: a1 → a2, springt über den 2er-Ring weiter nach a4, dann über den 2er-Ring nach a6",
         "Sud : a1 → a2, rebondit sur l'anneau de hauteur 2 jusqu'en a4, "
         "puis sur l'anneau de hauteur 2 jusqu'en a6"),
        (START, ["c1-b1/c2"], "Süd: c1 → b1, setzt den 2er-Ring von b1 auf c2",
         "Sud : c1 → b1, replace l'anneau de hauteur 2 de b1 en c2"),
        ("....../..2.../....../..2.../....../...... s", ["c3-N"],
         "Süd: c3 → c5, springt über den 2er-Ring weiter auf den Thron von Nord und gewinnt",
         "Sud : c3 → c5, rebondit sur l'anneau de hauteur 2 jusque sur le trône de Nord et gagne"),
        ("....../....../....../....../....../...... s", ["pass", "pass"],
         "Nord hat keinen erlaubten Zug und passt; Unentschieden: keiner der beiden konnte ziehen",
         "Nord n'a aucun coup légal et passe ; nulle : aucun des deux joueurs ne pouvait jouer"),
    ],
)
def test_lines_in_german_and_french(position: str, actions: list[str], german: str, french: str) -> None:
    state = play(gyges(position), *actions)
    assert (last_line(state, "de"), last_line(state, "fr")) == (german, french)


def test_the_kings_game_in_german_and_french() -> None:
    state = play(gyges("1.1.../....../....../....../....../...... s", throne_captures=2), "a6-N", "N-f6")
    assert state.narration(None, "de") == [
        "Süd: a6 → Thron von Nord: Eroberung 1 von 2",
        "Nord setzt den 1er-Ring vom Thron N auf f6",
    ]
    assert state.narration(None, "fr") == [
        "Sud : a6 → trône de Nord : prise 1 sur 2",
        "Nord pose l'anneau de hauteur 1 du trône N en f6",
    ]
    assert play(fresh(), "123321").narration(None, "de") == ["Süd stellt auf: 123321"]


def test_every_seat_hears_the_same_one_line_per_action() -> None:
    state = play(fresh(seed=3), "123321", "321123", "b1-b3", "e6-e4", "c1-d1/c2")
    lines = state.narration(None)
    assert len(lines) == len(state.history)
    for language in ("en", "de", "fr"):
        assert state.narration(0, language) == state.narration(1, language) == state.narration(None, language)


def test_narration_follows_undo_and_a_replayed_record() -> None:
    state = play(gyges(START), "b1-b3", "e6-e4")
    assert state.narration(None) == ["South: b1 → b3", "North: e6 → e4"]
    state.undo()
    assert state.narration(None) == ["South: b1 → b3"]
    state.apply("c6-b6/c5")
    again = spielwerk.replay(state.record())
    assert again.narration(None) == state.narration(None) == [
        "South: b1 → b3", "North: c6 → b6, puts the 2-ring from b6 on c5",
    ]
