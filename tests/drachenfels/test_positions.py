"""Positions: only what a game can reach is accepted (the material conserved, pieces where they may
stand, secrets that agree, a phase with what it waits for); anything else is an OptionError that
names what is wrong, whatever the types of its fields."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spielwerk
from spielwerk import OptionError, SpielwerkError
from spielwerk.core.inputs import MAX_POSITION_TEXT
from spielwerk.games.drachenfels.position import PHASES
from tests.drachenfels.helpers import drachenfels

GAME = spielwerk.game("drachenfels")
TWO = {"red": "S1", "blue": "S3"}
ARMED = {"armour": ["red", "blue"]}


def refused(**position: Any) -> str:
    """The message of the OptionError a position gets (two knights on S1 and S3 unless it says)."""
    position.setdefault("knights", TWO)
    with pytest.raises(OptionError) as caught:
        GAME.new_state(players=2, seed=1, position=position)
    return str(caught.value)


@pytest.mark.parametrize(
    ("position", "message"),
    [
        # cards: 31 in a 2-player game (36 less one point set), conserved across hands and piles
        ({"hands": {"red": ["dragon"] * 6}}, "hold 6 dragon cards; a 2-player game has 5"),
        ({"hands": {"red": ["5", "5"]}}, "hold 2 cards of 5 points; a 2-player game has 1"),
        ({"deck": ["1"] * 4}, "hold 0 cards of 2 points; a 2-player game has 4"),
        ({"discard": ["teletransfer"], "hands": {"red": ["teletransfer"]}}, "hold 2 teletransfer cards"),
        ({"hands": {"red": ["joker"]}}, "'joker' is no card"),
        ({"known": {"red": {"blue": ["cloud"]}}}, "red cannot know of cards blue does not hold"),
        ({"hands": {"red": ["1"]}, "known": {"red": {"red": ["1"]}}}, "red knows its own hand"),
        # rainbows, bridges, dragons
        ({"rainbows": ["R1-K", "R2-K", "R3-K", "R4-K", "R1-C1"], "looked": {"C2": ["red"]}, **ARMED},
         "there are four rainbows"),
        ({"rainbows": ["R1-K", "R1-K"]}, "there are four rainbows, each on its own place"),
        ({"rainbows": ["3-K"]}, "3-K is no rainbow"),
        ({"rainbows": ["R1-C1"]}, "the rainbow R1-C1 ends on a rock castle while rainbows are not open"),
        ({"rainbows": ["R1-C1", "R2-C1"], "looked": {"C2": ["red"]}, **ARMED},
         "C1 carries 2 rainbow ends; at most one (drachenfels.rainbow.ends)"),
        ({"rainbows": ["R1-C1", "R1-C3"], "looked": {"C2": ["red"]}, **ARMED},
         "R1 carries 2 rainbows to rock castles; at most one (drachenfels.rainbow.ends)"),
        ({"bridges": ["H1", "H2", "H3"]}, "there are two bridges"),
        ({"bridges": ["17"]}, "a bridge stands only on a hole or a crossing, not on 17"),
        ({"dragons": ["C1", "C2", "C3"]}, "there are four dragons"),
        ({"dragons": ["C1", "C2", "C3", "C3"]}, "there are four dragons, each on its own field"),
        ({"dragons": ["C1", "C2", "C3", "S2"]}, "a dragon stands only on a rock castle, a green dot"),
        # knights
        ({"knights": {"red": "12", "blue": "12"}}, "red and blue share 12"),
        ({"knights": {"red": "S1"}}, "blue's knight needs a field"),
        ({"knights": {"red": "Q9", "blue": "S3"}}, "there is no field 'Q9'"),
        ({"knights": {"red": "S1", "blue": "S3", "green": "S4"}}, "'green' is not a colour in this 2-player"),
        ({"knights": {"red": "C1", "blue": "S3"}, "armour": ["red"]}, "red's knight stands on C1 with a"),
        ({"knights": {"red": "H1", "blue": "S3"}}, "red's knight stands on H1 without a bridge"),
        ({"knights": {"red": "K", "blue": "S3"}}, "red's knight on K has no armour"),
        # princesses and looks
        ({"princesses": ["red", "red", "blue", "green"]}, "the princesses are the four colours, each once"),
        ({"phase": "hide", "princesses": ["red", "blue", "yellow", "green"]}, "hidden after the hide phase"),
        ({"looked": {"C2": ["red"]}}, "red looked at C2 without armour"),
        ({"phase": "hide", "looked": {"C2": ["red"]}}, "red looked at C2 before the princesses were hidden"),
        ({"princesses": [], "looked": {"C2": ["red"]}}, "the princesses stand on the rock castles once"),
        ({"looked": {"C1": ["red"]}, "armour": ["red"]}, "red found its princess on C1, so red has won"),
        ({"looked": {"17": ["red"]}, "armour": ["red"]}, "'17' is not a rock castle"),
        ({"double": ["red"], "armour": ["red"]}, "red never looked at a princess in vain, so its double"),
        ({"opened": True}, "rainbows are open exactly when a knight has looked in vain"),
        ({"winner": "red"}, "red wins only by finding its princess"),
        # phases
        ({"phase": "draw"}, "the seats still to draw ('draws') are named in the draw phase"),
        ({"phase": "draw", "draws": ["red"] * 40}, "40 cards still to be drawn from a pile of 31"),
        ({"phase": "pick", "back": "rob", "takes": 3}, "the pick phase needs a victim other than red"),
        ({"phase": "pick", "back": "rob", "takes": 3, "victim": "blue"}, "blue has no card to take"),
        ({"phase": "top"}, "in the top phase, and only then, 'top' is the card on top of the discard pile"),
        ({"phase": "top", "top": "2", "discard": ["3"]}, "'top' is the card on top of the discard pile"),
        ({"phase": "rainbow"}, "the rainbow phase needs the rainbows just crossed"),
        ({"phase": "send", "victim": "blue"}, "stands on the winner's field until sent away"),
        ({"phase": "rob", "takes": 1, "back": "loot"}, "in the rob phase 'back' is 'rob', not 'loot'"),
        ({"phase": "over"}, "a game without a winner is over only after 200 rounds"),
        ({"turns": 400}, "the game is over after 200 rounds"),
        ({"phase": "lot", "hands": {"red": ["1"]}}, "in the lot phase no card has been dealt or played yet"),
        ({"played": 3}, "3 cards played in this turn, but the discard pile holds 0"),
        ({"played": 1}, "1 card played in this turn, but the discard pile holds 0"),
    ],
)
def test_an_impossible_position_is_refused_saying_what_is_wrong(
    position: dict[str, Any], message: str
) -> None:
    assert message in refused(**position)


ODD: tuple[Any, ...] = (
    None, True, 1.5, -1, 10**5000, float("inf"), "", "²", "٣", [], {}, [[[]]], {"a": {"b": 1}}, ["red"] * 200
)


@pytest.mark.parametrize(
    "key",
    ["turn", "phase", "knights", "armour", "double", "hands", "deck", "discard", "dragons", "rainbows",
     "bridges", "princesses", "looked", "opened", "known", "draws", "victim", "takes", "back", "crossed",
     "played", "top", "winner", "turns", "", "extra"],
)
def test_a_field_of_any_type_is_read_or_refused_cleanly(key: str) -> None:
    refusals = 0
    for value in ODD:
        for position in ({"knights": TWO, key: value}, {"knights": {"red": value, "blue": "S3"}, key: value}):
            try:
                GAME.new_state(players=2, seed=1, position=position)
            except OptionError as error:
                assert len(str(error)) < 300
                refusals += 1
    assert refusals >= len(ODD) + 10  # a knight's field is never one of them; most values fit no key


def test_every_card_name_and_field_is_read_strictly() -> None:
    for hands in ({"red": "1"}, {"red": [1]}, {"red": ["1 "]}, {"red": [["1"]]}, {"red": {"1": 1}}):
        assert "is no card" in refused(hands=hands) or "is a list" in refused(hands=hands)
    assert "takes is a whole number from 0 to 3, not True" in refused(takes=True)
    assert "opened is true or false, not 1" in refused(opened=1)
    assert "is a list, not 'H1'" in refused(bridges="H1")
    assert "the draw pile holds at most 100 entries" in refused(deck=["1"] * 101)


deep: list[Any] = ["1"]
for _ in range(21):
    deep = [deep]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 19_000, "nests deeper than 20 levels"),
        ("9" * 5000, "is JSON"),
        ("{" * (MAX_POSITION_TEXT + 1), f"at most {MAX_POSITION_TEXT} characters"),
        ('{"knights": 1}', "the knights are an object with colours as keys, not 1"),
        ("[1, 2]", "a Drachenfels position is an object of names, not [1, 2]"),
        (json.dumps({"knights": TWO, "deck": deep}), "nests deeper than 20"),
    ],
)
def test_a_position_as_json_text_is_bounded(text: str, message: str) -> None:
    with pytest.raises(OptionError) as caught:
        GAME.new_state(players=2, seed=1, position=text)
    assert message in str(caught.value)
    assert len(str(caught.value)) < 300


def test_a_record_or_state_with_a_bad_position_is_refused() -> None:
    good = drachenfels(hands={"red": ["1"], "blue": ["2"]}).to_json()
    assert GAME.state_from_json(good).to_json() == good
    bad: list[Any] = [{**good["position"], "hands": {"red": ["dragon"] * 9}}, [], "x", 5, {"knights": []}]
    for position in bad:
        with pytest.raises(SpielwerkError):
            GAME.state_from_json({**good, "position": position})
        with pytest.raises(SpielwerkError):
            spielwerk.replay({**good, "position": position})


def test_a_duel_shares_a_field_only_until_the_loser_is_sent() -> None:
    state = drachenfels(
        knights={"red": "12", "blue": "12"}, phase="send", victim="blue", hands={"red": ["1"], "blue": ["2"]}
    )
    assert state.legal_actions() and str(state.legal_actions()[0]).startswith("send blue")
    assert "no duel is fought on R1" in refused(
        knights={"red": "R1", "blue": "R1"}, phase="send", victim="blue"
    )


FIELDS = ["K", "S1", "S2", "S3", "S4", "R1", "R2", "C1", "C2", "X1", "H1", "D1", "12", "17", "24"]
KINDS = ["1", "2", "3", "5", "rainbow", "bridge", "dragon", "teletransfer", "cloud"]
NAMES = st.sampled_from(FIELDS)
COLOUR = st.sampled_from(["red", "blue"])
CARDS = st.lists(st.sampled_from(KINDS), max_size=8)
EDGES = st.lists(st.builds("{}-{}".format, st.sampled_from(["R1", "R2"]), st.sampled_from(["K", "C1", "C2"])))
PLAUSIBLE = {
    "turn": COLOUR,
    "phase": st.sampled_from(PHASES),
    "knights": st.fixed_dictionaries({"red": NAMES, "blue": NAMES}),
    "armour": st.lists(COLOUR, unique=True),
    "hands": st.dictionaries(COLOUR, CARDS),
    "discard": CARDS,
    "dragons": st.one_of(st.just(["C1", "C2", "C3", "D1"]), st.lists(NAMES, min_size=4, max_size=4)),
    "rainbows": EDGES,
    "bridges": st.lists(st.sampled_from(["H1", "X1", "12"]), max_size=3),
    "princesses": st.one_of(st.just([]), st.permutations(["red", "blue", "yellow", "green"])),
    "looked": st.dictionaries(st.sampled_from(["C1", "C2", "C3", "C4"]), st.lists(COLOUR, unique=True)),
    "known": st.dictionaries(COLOUR, st.dictionaries(COLOUR, CARDS)),
    "draws": st.lists(COLOUR, max_size=3),
    "victim": st.one_of(st.none(), COLOUR),
    "takes": st.integers(0, 3),
    "back": st.sampled_from(["", "deal", "rob", "loot"]),
    "crossed": EDGES,
    "top": st.one_of(st.none(), st.sampled_from(["2", "dragon"])),
    "winner": st.one_of(st.none(), COLOUR),
}


@settings(max_examples=300, deadline=None)
@given(st.fixed_dictionaries({}, optional=PLAUSIBLE))
def test_a_plausible_position_is_refused_cleanly_or_plays_on(position: dict[str, Any]) -> None:
    try:
        state = GAME.new_state(players=2, seed=1, position={"knights": TWO, **position})
    except OptionError:
        return
    for _ in range(20):
        if state.is_over:
            break
        assert state.legal_actions()
        state.resolve_chance() if state.is_chance else state.apply(state.legal_actions()[0])
    assert GAME.state_from_json(state.to_json()).to_json() == state.to_json()
