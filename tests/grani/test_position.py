"""Position texts: every position reached in play reads back as itself, and every impossible one, or one
of the wrong form or size, is refused with an OptionError that names what is wrong."""

from __future__ import annotations

import random
import time

import pytest

import spielwerk
from spielwerk import OptionError
from spielwerk.core.inputs import MAX_POSITION_TEXT, QUOTE_LENGTH
from spielwerk.games.grani import GraniState
from spielwerk.games.grani.position import format_position
from tests.grani.helpers import grani

BASE = "yellow=G8 blue=T9:2:ring red=U11:1:shackled:seals=TU turn=blue blocks=T13,U8 deck=6544"
THREE = "yellow=G8 blue=E28 red=U1"


def refused(position: str, players: int | None = None, **options: object) -> str:
    game = spielwerk.game("grani", **options)
    with pytest.raises(OptionError) as caught:
        game.new_state(players=players, seed=1, position=position)
    return str(caught.value)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_grani_position__every_position_reached_in_play_reads_back_as_itself(players: int) -> None:
    rng = random.Random(players)
    for seed in range(3):
        state = spielwerk.game("grani").new_state(players=players, seed=seed)
        assert isinstance(state, GraniState)
        while not state.is_over and len(state.history) < 1500:
            if state.phase == "move":
                text = format_position(state)
                again = grani(text)
                assert format_position(again) == text
                assert [str(a) for a in again.legal_actions()] == [str(a) for a in state.legal_actions()]
            if state.is_chance:
                state.resolve_chance()
            else:
                state.apply_trusted(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    ("position", "says"),
    [
        # knights: one per seat, on real points, apart except on the start
        ("yellow=G8 yellow=G9 blue=E28 red=U1", "the yellow knight is given twice"),
        ("yellow=Q1 blue=E28 red=U1", "yellow= names 'Q1', which is no point of the board"),
        ("yellow=G8 blue=G8 red=U1", "two knights stand on G8; only the start holds several"),
        ("yellow=U4 blue=U4 red=U1", "two knights stand on U4"),
        ("yellow=G8 blue=E28 red=U1 blocks=G8", "yellow stands on G8, which holds a stone"),
        # amulets 0–3, each mark once
        ("yellow=G8:4 blue=E28 red=U1", "yellow has 4 amulets; a knight has 0–3"),
        ("yellow=G8:-1 blue=E28 red=U1", "yellow has an unknown mark '-1'"),
        ("yellow=G8:²", "yellow has an unknown mark '²'"),
        ("yellow=G8:" + "9" * 5000, "yellow has an unknown mark '9999"),
        ("yellow=G8:inf blue=E28 red=U1", "yellow has an unknown mark 'inf'"),
        ("yellow=G8:3:2 blue=E28 red=U1", "yellow gives its amulets twice"),
        ("yellow=G8:ring:ring blue=E28 red=U1", "yellow gives :ring twice"),
        ("yellow=G8:ring blue=E28:ring red=U1", "yellow and blue both carry the ring; there is one ring"),
        ("yellow=G8:ring blue=E28 red=U1 ring=T9", "the ring is either carried or on the board, not both"),
        # shackles: only after a lost fight
        ("yellow=G8:2:shackled blue=E28 red=U1", "yellow is shackled on G8, but shackles are only put on"),
        ("yellow=G7:shackled blue=E28 red=U1",
         "yellow is shackled with 3 amulets, but losing the fight cost it one"),
        ("yellow=G7:1:shackled:ring blue=E28 red=U1", "yellow is shackled and carries the ring"),
        ("yellow=G7:1:shackled:shackled blue=E28 red=U1", "yellow gives :shackled twice"),
        ("yellow=U4:ring blue=E28 red=U1",
         "yellow carries the ring on U4 (the city of Urgad), but a ring bearer that enters a city delivers"),
        # seals: real cities, each once, fewer than win
        ("yellow=G8:seals=TX blue=E28 red=U1", "yellow's seals='TX' names cities by their kingdom's letter"),
        ("yellow=G8:seals=TT blue=E28 red=U1", "yellow's seals= names Tirad twice"),
        ("yellow=G8:seals= blue=E28 red=U1", "yellow's seals= names no city"),
        ("yellow=G8:seals=T:seals=U blue=E28 red=U1", "yellow gives seals= twice"),
        ("yellow=G8:seals=TUG blue=E28 red=U1", "yellow holds 3 seals and would have won already"),
        # the ring: on its start or a black point, never under a knight or a stone, never shut in
        ("yellow=T4 blue=E28 red=U1", "the ring lies on T4, where yellow stands"),
        ("yellow=G8 blue=E28 red=U1 ring=U4", "the ring cannot lie on U4 (the city of Urgad)"),
        ("yellow=G8 blue=E28 red=U1 ring=X1", "the ring cannot lie on X1 (an exile point)"),
        ("yellow=G8 blue=E28 red=U1 ring=G7", "the ring cannot lie on G7 (a dragon in Galad)"),
        ("yellow=G8 blue=E28 red=U1 ring=T9 blocks=T9", "the ring lies on T9, which holds a stone"),
        ("yellow=G8 blue=E28 red=U1 ring=T1 blocks=T2,T6", "the stones shut the ring on T1 off from a city"),
        ("yellow=G8 blue=E28 red=U1 ring=ZZ", "ring= names 'ZZ', which is no point of the board"),
        # stones: at most 16, each on its own black or white point
        (THREE + " blocks=" + ",".join(f"X{n}" for n in range(1, 13)) + ",T1,T2,T3,T6,T7",
         "blocks= lists 17 stones; the game has 16"),
        (THREE + " blocks=" + ",".join(["T1"] * 5000), "blocks= lists 5000 stones; the game has 16"),
        (THREE + " blocks=T1,t1", "blocks= names 'T1' twice; a point holds one stone"),
        (THREE + " blocks=T1,,T2", "blocks= names '', which is no point of the board"),
        (THREE + " blocks=T8", "a stone cannot lie on T8 (a dragon in Tirad)"),
        # the dragon deck: only the game's cards, no more of a strength than it has
        (THREE + " deck=7", "deck='7' lists card strengths 0–6"),
        (THREE + " deck=²", "deck='²' lists card strengths 0–6"),
        (THREE + " deck=1", "deck= lists 1 cards of strength 1; the game has none"),
        (THREE + " deck=666", "deck= lists 3 cards of strength 6; the game has 2"),
        (THREE + " deck=" + "4" * 5000, "deck= lists 5000 cards of strength 4; the game has 6"),
        # turn and turns
        (THREE + " turn=white", "turn='white' names no knight in this game (yellow, blue, red)"),
        (THREE + " turn=red turn=blue", "turn= is given twice"),
        (THREE + " turns=²", "turns='²' is not a whole number (0–1199)"),
        (THREE + " turns=-1", "turns='-1' is not a whole number"),
        (THREE + " turns=inf", "turns='inf' is not a whole number"),
        (THREE + " turns=1_0", "turns='1_0' is not a whole number"),
        (THREE + " turns=" + "9" * 5000, "turns='9999"),
        (THREE + " turns=1200", "turns=1200 reaches the turn limit (1200 turns); the game would be over"),
        # the form
        (THREE + " where=G5", "unknown key 'where'"),
        (THREE + " G5", "position: 'G5' is not key=value"),
        (THREE + " ring=", "position: 'ring=' is not key=value"),
    ],
)
def test_grani_position__impossible_or_malformed_positions_say_what_is_wrong(
    position: str, says: str
) -> None:
    players = 3 if position.startswith(("yellow=G8:²", "yellow=G8:" + "9")) else None
    message = refused(position, players)
    assert says in message
    assert len(message) < 300  # the input is quoted short


def test_grani_position__a_win_or_the_limit_depend_on_the_options() -> None:
    assert "holds 2 seals and would have won" in refused(f"yellow=G8:seals=TU {THREE[10:]}", seals_to_win=2)
    assert "turns=30 reaches the turn limit (30 turns)" in refused(f"{THREE} turns=30", max_turns=10)
    assert grani(f"{THREE} turns=29", max_turns=10).turns == 29


def test_grani_position__the_knights_are_those_of_the_players() -> None:
    assert "a 4-player game needs the knights yellow, blue, red, white" in refused(THREE, players=4)
    assert "a 3-player game needs the knights" in refused("yellow=G8 blue=E28 white=U1")


def test_grani_position__reachable_corner_cases_are_accepted() -> None:
    # several knights on the start, a shackled knight without amulets, the ring where stones part the
    # cities from each other (stones put while a knight carried it), a used-up deck
    crowd = "yellow=G5 blue=G5 red=G5 turn=yellow turns=3"
    assert format_position(grani(crowd)) == crowd
    assert grani("yellow=G7:0:shackled blue=E28 red=U1").shackled[0]
    parted = grani("yellow=G8 blue=E28 red=U1 ring=T1 blocks=U3,U8")  # Urgad's city walled off
    assert parted.ring >= 0
    assert format_position(grani(f"{THREE} deck=")).endswith("deck=")
    shouted = grani("YELLOW=g8:RING:Seals=ut blue=E28 red=U1")
    assert format_position(shouted).startswith("yellow=G8:ring:seals=TU")


@pytest.mark.parametrize("position", [None, 5, ["yellow=G8"], {"yellow": "G8"}, b"yellow=G8"])
def test_grani_position__a_position_is_a_text(position: object) -> None:
    if position is None:
        assert spielwerk.game("grani").new_state(seed=1, position=position).players == 3
        return
    with pytest.raises(OptionError):
        spielwerk.game("grani").new_state(seed=1, position=position)


def test_grani_position__long_texts_are_refused_quickly() -> None:
    start = time.perf_counter()
    assert "at most 20000 characters" in refused("x" * (MAX_POSITION_TEXT + 1))
    assert "at most 20000 characters" in refused(f"{THREE} " * 2000)
    message = refused("yellow=G8 blue=E28 red=U1 " + "k" * 10_000 + "=1")
    assert len(message) < 100 + 2 * QUOTE_LENGTH
    assert time.perf_counter() - start < 1.0


def test_grani_position__unknown_start_keys_are_quoted_short() -> None:
    game = spielwerk.game("grani")
    with pytest.raises(OptionError) as caught:
        game.new_state(seed=1, **{"x" * 5000: 1})
    assert len(str(caught.value)) < 150
