"""Views: the own hand and secrets for the seat, sizes and public piles for everyone, nothing more."""

from __future__ import annotations

from tests.drachenfels.helpers import dealt, drachenfels, play


def test_drachenfels_hidden_a_seat_sees_its_own_hand_and_the_sizes_of_the_others() -> None:
    state = dealt(3, seed=2)
    hands = [state.view(seat)["hand"] for seat in range(3)]
    assert all(len(hand) == 7 for hand in hands)
    assert state.view(None)["hand"] is None
    for seat in range(3):
        view = state.view(seat)
        assert view["hand_sizes"] == {"red": 7, "blue": 7, "yellow": 7}
        assert view["known"] == {}
        assert "hands" not in view and view["deck"] == 10


def test_drachenfels_hidden_cards_seen_changing_hands_are_known_until_shuffled_away() -> None:
    state = drachenfels(3, hands={"red": ["1"], "blue": ["dragon", "5"], "yellow": ["2"]})
    play(state, "take blue", "pick dragon", "stop")
    assert state.view(1)["known"] == {"red": ["dragon"]}
    assert state.view(2)["known"] == {}  # yellow saw a card go, not which
    assert state.history_for(2)[-2] == "pick ?"
    play(state, "5 22", "2 36")
    assert state.view(1)["known"] == {"red": ["dragon"]}
    play(state, "dragon C1>D1")
    assert state.view(1)["known"] == {}  # red played the dragon blue knew of


def test_drachenfels_hidden_the_spectator_and_players_see_the_public_piles() -> None:
    state = drachenfels(hands={"red": ["rainbow", "1"]}, discard=["3", "dragon"])
    play(state, "rainbow R1-K")
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view["discard"] == ["3", "dragon", "rainbow"]
        assert view["rainbows"] == [["R1", "K"]]
