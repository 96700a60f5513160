"""Errors: bad notation is InvalidNotation, an illegal action names its rule in plain words; nothing else."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spielwerk import IllegalAction, InvalidNotation, SpielwerkError
from spielwerk.games.drachenfels import DrachenfelsState
from tests.drachenfels.helpers import drachenfels, fresh, illegal, play

TWO = {"red": "3", "blue": "1"}


def in_phase(*actions: str, **position: object) -> Callable[[], DrachenfelsState]:
    """A maker of a state in some phase: a position, then some actions."""

    def make() -> DrachenfelsState:
        return play(drachenfels(**position), *actions)  # type: ignore[arg-type]

    return make


HANDS = {"red": ["2", "rainbow", "1"], "blue": ["dragon", "4"]}
PHASES: dict[str, Callable[[], DrachenfelsState]] = {
    "hide": fresh,
    "turn": in_phase(knights=TWO, hands=HANDS, discard=["bridge"]),
    "play": in_phase("rainbow R1-K", knights=TWO, hands=HANDS),
    "top": in_phase("top", knights=TWO, hands=HANDS, discard=["bridge"]),
    "rob": in_phase("take blue", "pick 4", knights=TWO, hands=HANDS),
    "pick": in_phase("take blue", knights=TWO, hands=HANDS),
    "send": in_phase("2 1", knights=TWO, hands=HANDS),
    "loot": in_phase("2 1", "send blue S2", knights=TWO, hands=HANDS),
    "rainbow": in_phase("1 K", knights={"red": "R1", "blue": "S3"}, hands=HANDS, rainbows=["R1-K"]),
    "over": in_phase(
        "2 C1",
        knights={"red": "12", "blue": "S3"},
        armour=["red"],
        bridges=["X1"],
        hands=HANDS,
        dragons=["C2", "C3", "C4", "D2"],
    ),
}


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "hello",
        "3",
        "3 17 18",
        "0 17",
        "6 17",
        "3 Q9",
        "rainbow",
        "rainbow R1",
        "rainbow R1-",
        "bridge",
        "bridge Z1",
        "dragon C1",
        "dragon C1>",
        "teletransfer",
        "teletransfer purple",
        "cloud blue",
        "cloud S1 blue",
        "take",
        "take 3",
        "send blue",
        "draw",
        "draw joker",
        "pick",
        "first",
        "first purple",
        "refresh now",
        "princesses red",
        "princesses red,red,blue,green",
        "☃",
        "3\x0017",
        "² dragon",  # a digit to str.isdigit, but no count
        "٣ 17",
        "１ 17",
        "9" * 150 + " 17",
        "05 17",
        "3 ²",
        "draw ²",
    ],
)
def test_garbage_is_invalid_notation(text: str) -> None:
    state = PHASES["turn"]()
    before = state.to_json()
    with pytest.raises(InvalidNotation) as caught:
        state.apply(text)
    assert state.to_json() == before
    assert "Walk(" not in str(caught.value) and "<" not in str(caught.value)


@pytest.mark.parametrize(
    ("phase", "text", "rule"),
    [
        ("hide", "refresh", "drachenfels.setup"),
        ("turn", "draw 3", "drachenfels.setup"),
        ("turn", "5 K", "drachenfels.play"),
        ("turn", "2 K", "drachenfels.castle"),
        ("turn", "end", "drachenfels.turn"),
        ("turn", "take red", "drachenfels.refresh"),
        ("turn", "take yellow", "drachenfels.setup"),  # yellow does not play in a 2-player game
        ("turn", "take green", "drachenfels.setup"),
        ("rob", "take green", "drachenfels.setup"),
        ("loot", "take green", "drachenfels.setup"),
        ("play", "teletransfer green", "drachenfels.setup"),
        ("turn", "cloud yellow S2", "drachenfels.setup"),
        ("turn", "stop", "drachenfels.turn"),
        ("play", "refresh", "drachenfels.turn"),
        ("play", "end", "drachenfels.play"),
        ("top", "2 5", "drachenfels.discard-top"),
        ("rob", "2 5", "drachenfels.refresh"),
        ("rob", "take red", "drachenfels.refresh"),
        ("pick", "2 5", "drachenfels.refresh"),
        ("send", "send blue 5", "drachenfels.duel"),
        ("send", "send red S2", "drachenfels.duel"),
        ("loot", "take red", "drachenfels.duel"),
        ("rainbow", "rainbow R2-K", "drachenfels.card.rainbow"),
        ("rainbow", "refresh", "drachenfels.card.rainbow"),
        ("over", "refresh", "drachenfels.win"),
    ],
)
def test_illegal_actions_name_their_rule(phase: str, text: str, rule: str) -> None:
    error = illegal(PHASES[phase](), text)
    assert error.rule == rule
    assert "Walk(" not in error.reason and "None" not in error.reason


WORDS = st.sampled_from(
    [
        "3",
        "K",
        "S1",
        "R1-K",
        "rainbow",
        "bridge",
        "dragon",
        "C1>D1",
        "take",
        "blue",
        "red",
        "refresh",
        "top",
        "end",
        "stop",
        "keep",
        "send",
        "cloud",
        "teletransfer",
        "-",
        ">",
        "H1",
        "pick",
        "draw",
        "first",
        "princesses",
        "4",
        "17",
        "X1",
        "?",
        " ",
    ]
)


@settings(max_examples=300, deadline=None)
@given(phase=st.sampled_from(sorted(PHASES)), words=st.lists(WORDS, max_size=4), raw=st.text(max_size=6))
def test_nothing_typed_crashes_or_changes_a_refused_state(phase: str, words: list[str], raw: str) -> None:
    state = PHASES[phase]()
    before = state.to_json()
    for text in (" ".join(words), raw, "".join(words)):
        try:
            state.clone().apply(text)
        except SpielwerkError as error:
            assert isinstance(error, (IllegalAction, InvalidNotation)), error
            assert state.to_json() == before


def test_counts_are_written_with_the_right_plural() -> None:
    knights = {"red": "R1", "blue": "S3"}
    one = in_phase(knights=knights, hands={"red": ["1"], "blue": ["1"]})
    assert "exactly 1 point from R1" in illegal(one(), "1 K").reason
    looked = {"looked": {"C2": ["red"]}, "armour": ["red"]}  # blue's princess: red walks single or double
    double = in_phase(knights=knights, hands={"red": ["2"], "blue": ["1"]}, **looked)
    assert "exactly 2 or 4 points from R1" in illegal(double(), "2 K").reason


def test_a_long_or_strange_input_is_quoted_short() -> None:
    state = PHASES["turn"]()
    with pytest.raises(InvalidNotation) as caught:
        state.apply("bridge " + "Z" * 150)
    assert len(str(caught.value)) < 120 and "…" in str(caught.value)
