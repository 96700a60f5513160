"""Errors: bad notation is InvalidNotation, an illegal action names its rule in plain words; nothing else."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spielwerk
from spielwerk import IllegalAction, InvalidNotation, SpielwerkError
from spielwerk.games.grani import GraniState
from tests.grani.helpers import fresh, grani, illegal, play, texts

MOVE = "yellow=G8 blue=G12 red=U1 blocks=T1"


def in_phase(position: str, *actions: str, players: int = 0) -> Callable[[], GraniState]:
    """A maker of a state in some phase: a position, then some actions (or a new game of `players`)."""

    def make() -> GraniState:
        return play(fresh(players) if players else grani(position), *actions)

    return make


PHASES: dict[str, Callable[[], GraniState]] = {
    "lot": in_phase("", players=4),
    "move": in_phase(MOVE),
    "shackled": in_phase("yellow=G7:2:shackled blue=G12 red=U1"),
    "blocked": in_phase("yellow=T3:0 blue=E28 red=U1 blocks=T2"),
    "card": in_phase(MOVE, "G8-G7"),
    "roll": in_phase(MOVE, "G8-G7", "card 4"),
    "bonus": in_phase(MOVE, "G8-G7", "card 4", "roll 6"),
    "exile": in_phase(MOVE, "G8-G12"),
    "ring": in_phase("yellow=G8:ring blue=G12 red=U1", "G8-G7", "card 4", "roll 1"),
    "city ring": in_phase("yellow=G21:ring blue=G12 red=U1", "G21-G25"),
    "block": in_phase("yellow=G21 blue=G12 red=U1", "G21-G22"),
    "lift": in_phase(MOVE, "G8-G13"),
    "shift": in_phase(MOVE, "G8-G13", "lift T1"),
    "over": in_phase("yellow=E23:ring:seals=TU blue=G12 red=U1", "E23-E24"),
}


@pytest.mark.parametrize(
    "text",
    ["", "   ", "hello", "G8-", "-G12", "G8--G12", "Z9", "G0", "T29", "X13", "G8-G12-G13-G14", "G8/G12",
     "G8 to G12", "12", "exile", "exile X3 X4", "exile G8-G12", "ring", "block", "lift Q1", "card 1",
     "card seven", "card ²", "card 4 5", "roll 0", "roll 7", "roll", "first purple", "first", "stay now",
     "pass pass", "☃", "G8\x00G12"],
)
def test_garbage_is_invalid_notation(text: str) -> None:
    state = PHASES["move"]()
    before = state.to_json()
    with pytest.raises(InvalidNotation) as caught:
        state.apply(text)
    assert state.to_json() == before
    assert "Move(" not in str(caught.value) and "<" not in str(caught.value)


def test_notation_ignores_case_and_spaces() -> None:
    state = PHASES["move"]()
    assert str(state.clone().apply("  g8 - x12 ")) == "G8-X12"
    assert str(state.clone().apply("G8 X12")) == "G8-X12"
    exile = PHASES["exile"]()
    assert str(exile.apply("EXILE x3")) == "exile X3"
    card = PHASES["card"]()
    assert str(card.apply("Card 4")) == "card 4"


@pytest.mark.parametrize(
    ("phase", "text", "rule", "reason"),
    [
        ("lot", "G5-G1", "grani.setup", "the first player is drawn by lot first"),
        ("lot", "first green", "grani.setup", "only 4 knights play"),
        ("move", "card 4", "grani.move.must",
         "'card 4' is drawn by chance, not chosen; yellow must move the knight now"),
        ("move", "stay", "grani.dragon.fight", "'stay' declines a bonus move, and there is none to make"),
        ("move", "exile X3", "grani.move.must", "yellow must move the knight now"),
        ("move", "block X3", "grani.move.must", "yellow must move the knight now"),
        ("move", "G8-G18", "grani.move.no-pass",
         "yellow cannot move to G18: a knight stands on G12 and blocks the way"),
        ("move", "G8-G6", "grani.move.no-pass",
         "yellow cannot move to G6: G7 is a dragon: only the ring bearer may pass over it"),
        ("shackled", "G7-G8", "grani.dragon.shackle",
         "yellow wears a shackle: this turn only 'rest' takes it off"),
        ("shackled", "pass", "grani.dragon.shackle",
         "yellow wears a shackle: this turn only 'rest' takes it off"),
        ("blocked", "T3-T8", "grani.amulet.cost",
         "yellow cannot move to T8: yellow has no amulet left and cannot fight the dragon on T8"),
        ("blocked", "T3-T2", "grani.move.free", "yellow cannot move to T2: T2 holds an obstacle stone"),
        ("card", "roll 3", "grani.dragon.fight", "a dragon card must be turned up first"),
        ("card", "G7-G8", "grani.dragon.fight", "a dragon card must be turned up first"),
        ("roll", "card 4", "grani.dragon.fight", "the die must be rolled against the dragon first"),
        ("roll", "stay", "grani.dragon.fight", "'stay' declines a bonus move, and there is none to make"),
        ("bonus", "rest", "grani.dragon.fight",
         "yellow won the fight: make the bonus move of two steps, or 'stay'"),
        ("bonus", "pass", "grani.dragon.fight",
         "yellow won the fight: make the bonus move of two steps, or 'stay'"),
        ("bonus", "G7-G4", "grani.dragon.fight",
         "yellow cannot move to G4: the bonus move is exactly two steps"),
        ("exile", "stay", "grani.dragon.fight", "'stay' declines a bonus move, and there is none to make"),
        ("exile", "G12-G13", "grani.attack",
         "yellow must banish blue to a free exile point first, e.g. 'exile X1'"),
        ("exile", "exile G8", "grani.attack", "G8 is not a free exile point"),
        ("ring", "exile X3", "grani.dragon.ring-lost",
         "yellow must put the ring down in another kingdom first, e.g. 'ring T9'"),
        ("ring", "ring G12", "grani.dragon.ring-lost",
         "the ring cannot go on G12: it must leave Galad for another kingdom"),
        ("city ring", "ring G26", "grani.city.ring",
         "the ring cannot go on G26: it must leave Galad for another kingdom"),
        ("city ring", "ring U12", None, None),
        ("block", "lift T1", "grani.magic-stone", "yellow must put an obstacle stone first, e.g. 'block T9'"),
        ("block", "block G12", "grani.magic-stone", "a stone cannot go on G12: blue stands there"),
        ("lift", "block T2", "grani.sword",
         "yellow must lift an obstacle stone to move it first, e.g. 'lift T9'"),
        ("lift", "lift T2", "grani.sword", "there is no obstacle stone on T2 to lift"),
        ("shift", "lift T2", "grani.sword",
         "yellow must put the lifted stone on another point first, e.g. 'block T9'"),
        ("shift", "block T1", "grani.sword", "the stone lifted from T1 must go on another point"),
        ("over", "ring U12", "grani.win", "the game is over"),
        ("over", "first red", "grani.win", "'first red' is drawn by chance, not chosen; the game is over"),
    ],
)
def test_illegal_actions_name_their_rule(phase: str, text: str, rule: str | None, reason: str | None) -> None:
    state = PHASES[phase]()
    if rule is None:  # a legal action, for contrast
        state.apply(text)
        return
    error = illegal(state, text)
    assert (error.rule, error.reason) == (rule, reason)


def test_every_phase_has_a_legal_action_until_the_end() -> None:
    for name, make in PHASES.items():
        state = make()
        assert bool(state.legal_actions()) != (name == "over"), name


def test_applying_an_action_of_another_state_checks_it() -> None:
    other = grani("yellow=G12 blue=E28 red=U1")
    action = next(a for a in other.legal_actions() if str(a) == "G12-G18")
    state = PHASES["move"]()
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert caught.value.rule == "grani.move.steps"
    assert caught.value.reason == "yellow's knight stands on G8, not on G12"


def test_parse_action_gives_the_legal_action() -> None:
    game = spielwerk.game("grani")
    state = PHASES["move"]()
    action = game.parse_action(state, "g8-x12")
    assert action in state.legal_actions()
    assert str(action) == "G8-X12"
    with pytest.raises(IllegalAction):
        game.parse_action(state, "G8-G6")


def test_chance_outcomes_only_at_a_chance_node() -> None:
    with pytest.raises(SpielwerkError):
        PHASES["move"]().chance_outcomes()
    with pytest.raises(SpielwerkError):
        PHASES["move"]().resolve_chance()


TOKENS = ["G8", "G12", "G7", "G13", "X3", "X1", "T1", "T2", "T4", "U12", "G5", "E28", "-", " ", "  ", "exile",
          "ring", "block", "lift", "stay", "rest", "pass", "card", "roll", "first", "red", "4", "6", "0", "1",
          "²", "٣", "x", "--", "\t", "ß", "İ", "\n"]
notation_like = st.lists(st.sampled_from(TOKENS), max_size=6).map("".join)
any_text = st.one_of(notation_like, st.text(max_size=20))


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(sorted(PHASES)), any_text)
def test_fuzz_only_spielwerk_errors_and_the_state_stays(phase: str, text: str) -> None:
    state = PHASES[phase]()
    before = (state.to_json(), state.view(None), texts(state))
    legal = state.legal_actions()
    try:
        action = state.apply(text)
    except SpielwerkError as error:
        assert isinstance(error, IllegalAction | InvalidNotation), type(error)
        assert (state.to_json(), state.view(None), texts(state)) == before
        if isinstance(error, IllegalAction):
            assert error.rule.startswith("grani.")
        return
    assert action in legal
