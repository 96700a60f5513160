"""Setup, the three kinds of turn, card play order, refreshing and robbing, the discard top, the limit."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk.games.drachenfels.cards import deck_for, names
from tests.drachenfels.helpers import drachenfels, fresh, illegal, play, texts

TWO = {"red": "S1", "blue": "S3"}


def rest_of(players: int, *placed: str) -> list[str]:
    """Every card of the game not among `placed`."""
    left = names(deck_for(players))
    for card in placed:
        left.remove(card)
    return left


def test_drachenfels_setup__princesses_lot_and_seven_cards_each() -> None:
    state = fresh(3, seed=4)
    assert state.view(None)["phase"] == "hide"
    assert len(state.chance_outcomes()) == 24
    state.resolve_chance()
    assert state.history_for(0) == ["princesses ?"]
    assert [str(a) for a, _ in state.chance_outcomes()] == ["first red", "first blue", "first yellow"]
    while state.is_chance:
        state.resolve_chance()
    view = state.view(None)
    assert view["hand_sizes"] == {"red": 7, "blue": 7, "yellow": 7}
    assert view["deck"] == 31 - 21
    assert view["knights"] == {"red": "S1", "blue": "S2", "yellow": "S3"}
    assert view["princesses"] == {} and view["phase"] == "turn"


def test_drachenfels_setup__one_point_set_less_below_four_players() -> None:
    assert sum(deck_for(4)) == 36 and sum(deck_for(3)) == 31 and sum(deck_for(2)) == 31
    assert deck_for(2)[:5] == (4, 4, 4, 4, 1)
    with pytest.raises(spielwerk.OptionError):
        spielwerk.game("drachenfels").new_state(players=5)


def test_drachenfels_turn__play_refresh_or_the_discard_top() -> None:
    state = drachenfels(knights=TWO, hands={"red": ["3"], "blue": ["1"]}, discard=["2"])
    assert texts(state) == ["3 3", "refresh", "take blue", "top"]


def test_drachenfels_turn__after_a_card_no_refresh() -> None:
    state = drachenfels(knights=TWO, hands={"red": ["rainbow", "3"], "blue": ["1"]})
    play(state, "rainbow R1-K")
    assert "refresh" not in texts(state) and "take blue" not in texts(state)
    assert illegal(state, "refresh").rule == "drachenfels.turn"


def test_drachenfels_play__magic_cards_then_one_point_card_ends_the_turn() -> None:
    state = drachenfels(knights=TWO, hands={"red": ["rainbow", "bridge", "3", "4"]})
    play(state, "rainbow R1-K", "bridge H1")
    assert state.view(None)["turn"] == "red"
    assert "end" not in texts(state)  # a player holding a point card ends with one
    assert illegal(state, "end").rule == "drachenfels.play"
    play(state, "3 3")
    assert state.view(None)["turn"] == "blue"
    assert state.view(0)["hand"] == ["4"]
    assert state.view(None)["discard"] == ["rainbow", "bridge", "3"]


def test_drachenfels_play__only_magic_cards_end_when_the_player_says() -> None:
    state = drachenfels(knights=TWO, hands={"red": ["rainbow", "rainbow"]})
    play(state, "rainbow R1-K")
    assert "end" in texts(state)
    play(state, "end")
    assert state.view(None)["turn"] == "blue"


def test_drachenfels_play__the_turn_ends_when_the_hand_is_empty() -> None:
    state = drachenfels(knights=TWO, hands={"red": ["rainbow"]})
    play(state, "rainbow R1-K")
    assert state.view(None)["turn"] == "blue"


def test_drachenfels_play__a_point_card_that_cannot_move_does_not_hold_the_turn() -> None:
    state = drachenfels(knights={"red": "K", "blue": "S3"}, armour=["red"], hands={"red": ["bridge", "3"]})
    play(state, "bridge H1")
    assert not any(text.startswith("3") for text in texts(state))  # no rainbow leads out of the castle
    assert "end" in texts(state)
    play(state, "end")
    assert state.view(None)["turn"] == "blue"


def test_drachenfels_play__a_card_without_any_effect_cannot_be_played() -> None:
    state = drachenfels(knights={"red": "K", "blue": "S3"}, armour=["red"], hands={"red": ["3"]})
    assert texts(state) == ["refresh"]
    assert illegal(state, "3 1").rule == "drachenfels.move.exact"


def test_drachenfels_refresh__the_hand_goes_into_the_pile_and_seven_are_drawn() -> None:
    state = drachenfels(
        knights=TWO, hands={"red": ["1", "2"], "blue": ["dragon"]}, known={"blue": {"red": ["2"]}}
    )
    play(state, "refresh")
    assert state.is_chance and state.view(None)["deck"] == 31 - 1
    assert state.view(1)["known"] == {}  # what blue knew of red's hand is shuffled away
    while state.is_chance:
        state.resolve_chance()
    assert state.view(None)["hand_sizes"] == {"red": 7, "blue": 1}
    assert state.view(None)["turn"] == "blue"


def test_drachenfels_refresh__a_small_pile_takes_the_discards_in_first() -> None:
    deck, discard = ["2", "2", "3", "3", "4"], ["rainbow", "bridge", "dragon"]
    state = drachenfels(
        knights=TWO,
        hands={"red": ["1"], "blue": rest_of(2, "1", *deck, *discard)},
        deck=deck,
        discard=discard,
    )
    play(state, "refresh")
    assert state.view(None)["discard"] == [] and state.view(None)["deck"] == 9
    while state.is_chance:
        state.resolve_chance()
    assert state.view(None)["deck"] == 2


def test_drachenfels_refresh__or_take_up_to_three_cards_at_random() -> None:
    state = drachenfels(3, hands={"red": ["1"], "blue": ["dragon", "dragon"], "yellow": ["5"]})
    play(state, "take blue", "pick dragon")
    assert texts(state) == ["stop", "take blue", "take yellow"]
    play(state, "take yellow", "pick 5")
    assert texts(state) == ["stop", "take blue"]
    play(state, "take blue", "pick dragon")
    assert state.view(None)["turn"] == "blue"
    assert state.view(0)["hand"] == ["1", "5", "dragon", "dragon"]
    assert state.history_for(1)[-4:] == ["take yellow", "pick ?", "take blue", "pick dragon"]


def test_drachenfels_discard_top__magic_acts_at_once_then_play_goes_on() -> None:
    state = drachenfels(knights=TWO, hands={"red": ["3"]}, discard=["2", "dragon"])
    play(state, "top")
    assert all(text.startswith("dragon") for text in texts(state))
    assert illegal(state, "3 3").rule == "drachenfels.discard-top"
    play(state, "dragon C1>D1")
    assert state.view(None)["discard"] == ["2", "dragon"]
    assert texts(state) == ["3 3"]


def test_drachenfels_discard_top__points_move_and_end_the_turn() -> None:
    state = drachenfels(knights=TWO, hands={"red": ["3"]}, discard=["2"])
    play(state, "top")
    assert texts(state) == ["2 2"]
    play(state, "2 2")
    assert state.view(None)["turn"] == "blue"
    assert state.view(0)["hand"] == ["3"]


def test_drachenfels_discard_top__not_a_card_that_can_do_nothing() -> None:
    state = drachenfels(
        knights={"red": "K", "blue": "S3"}, armour=["red"], hands={"red": ["1"]}, discard=["2"]
    )
    assert "top" not in texts(state)
    assert illegal(state, "top").rule == "drachenfels.discard-top"


def test_drachenfels_limit__the_game_is_drawn_after_max_turns_rounds() -> None:
    state = spielwerk.game("drachenfels", max_turns=1).new_state(
        seed=1, position={"knights": TWO, "hands": {"red": ["1"], "blue": ["1"]}}
    )
    play(state, "1 1", "1 35")
    assert state.is_over and state.returns() == [0.5, 0.5]
    result = state.view(None)["result"]
    assert result["outcome"] == "draw" and result["rule"] == "drachenfels.limit"
    assert result["reason"] == "a draw: the limit of 1 round is reached"
    assert result["reason_message"] == {"key": "end.limit", "args": {"count": 1}}


def test_drachenfels_setup__a_position_may_come_as_json_text() -> None:
    state = spielwerk.game("drachenfels").new_state(position='{"knights": {"red": "12", "blue": "S2"}}')
    assert state.players == 2 and state.view(None)["knights"] == {"red": "12", "blue": "S2"}
    with pytest.raises(spielwerk.OptionError, match="JSON"):
        spielwerk.game("drachenfels").new_state(position="{red: 12}")
