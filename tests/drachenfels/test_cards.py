"""Magic cards: rainbows, bridges, dragons, teletransfer and the big cloud."""

from __future__ import annotations

from tests.drachenfels.helpers import drachenfels, illegal, play, texts

TWO = {"red": "S1", "blue": "S3"}


def uses(state: object, card: str) -> list[str]:
    return [text for text in texts(state) if text.startswith(card)]  # type: ignore[arg-type]


def test_drachenfels_card_rainbow__put_up_from_a_rainbow_rock_to_the_castle() -> None:
    state = drachenfels(knights=TWO, hands={"red": ["rainbow", "1"]})
    assert uses(state, "rainbow") == ["rainbow R1-K", "rainbow R2-K", "rainbow R3-K", "rainbow R4-K"]
    play(state, "rainbow R1-K")
    assert state.view(None)["rainbows"] == [["R1", "K"]]
    assert state.view(None)["phase"] == "play"


def test_drachenfels_card_rainbow__take_away_or_move_one_that_stands() -> None:
    state = drachenfels(knights=TWO, hands={"red": ["rainbow", "rainbow", "1"]}, rainbows=["R1-K"])
    assert {"rainbow -R1-K", "rainbow R1-K>R2-K"} <= set(uses(state, "rainbow"))
    play(state, "rainbow R1-K>R2-K")
    assert state.view(None)["rainbows"] == [["R2", "K"]]
    play(state, "rainbow -R2-K")
    assert state.view(None)["rainbows"] == []


def test_drachenfels_card_rainbow__a_crossed_rainbow_may_move_for_free() -> None:
    state = drachenfels(knights={"red": "5", "blue": "S3"}, hands={"red": ["2", "1"]}, rainbows=["R1-K"])
    play(state, "2 K")
    assert texts(state) == ["keep", "rainbow R1-K>R2-K", "rainbow R1-K>R3-K", "rainbow R1-K>R4-K"]
    play(state, "rainbow R1-K>R3-K")
    assert state.view(None)["rainbows"] == [["R3", "K"]]
    assert state.view(None)["turn"] == "blue"
    assert state.view(0)["hand"] == ["1"]  # the free move cost no card


def test_drachenfels_card_bridge__bring_take_away_and_move() -> None:
    state = drachenfels(knights=TWO, hands={"red": ["bridge", "bridge", "bridge", "1"]})
    sites = ("H1", "H2", "H3", "H4", "X1", "X2", "X3", "X4")
    assert uses(state, "bridge") == [f"bridge {site}" for site in sites]
    play(state, "bridge H1", "bridge H1>X2", "bridge -X2")
    assert state.view(None)["bridges"] == []


def test_drachenfels_card_bridge__only_two_bridges() -> None:
    state = drachenfels(knights=TWO, hands={"red": ["bridge", "1"]}, bridges=["H1", "H2"])
    assert "bridge H3" not in uses(state, "bridge")
    assert "bridge H1>H3" in uses(state, "bridge")


def test_drachenfels_card_bridge__not_with_a_knight_on_it() -> None:
    state = drachenfels(knights={"red": "H1", "blue": "S3"}, hands={"red": ["bridge", "1"]}, bridges=["H1"])
    assert "bridge -H1" not in uses(state, "bridge")
    error = illegal(state, "bridge -H1")
    assert error.rule == "drachenfels.card.bridge"
    assert "knight on it" in error.reason


def test_drachenfels_card_dragon__to_a_free_green_dot_or_dragon_rock() -> None:
    state = drachenfels(knights={"red": "S1", "blue": "17"}, hands={"red": ["dragon", "1"]})
    moves = uses(state, "dragon")
    assert "dragon C1>D1" in moves and "dragon C1>24" in moves
    assert "dragon C1>17" not in moves  # a knight stands there
    assert "dragon C1>1" not in moves  # no green dot
    assert illegal(state, "dragon C1>1").rule == "drachenfels.card.dragon"
    play(state, "dragon C1>D1")
    assert state.view(None)["dragons"] == ["C2", "C3", "C4", "D1"]


def test_drachenfels_card_teletransfer__swap_places_with_another_knight() -> None:
    state = drachenfels(
        knights={"red": "S1", "blue": "K"}, armour=["blue"], hands={"red": ["teletransfer", "1"]}
    )
    play(state, "teletransfer blue")
    assert state.view(None)["knights"] == {"red": "K", "blue": "S1"}
    assert state.view(None)["armour"]["red"] is True  # arriving at the castle gives the armour


def test_drachenfels_card_teletransfer__no_unarmoured_knight_onto_a_rock_castle() -> None:
    state = drachenfels(
        knights={"red": "S1", "blue": "C2"},
        armour=["blue"],
        hands={"red": ["teletransfer", "1"]},
        dragons=["C1", "C3", "C4", "D1"],
        looked={"C2": ["blue"]},
        princesses=["red", "yellow", "blue", "green"],
    )
    assert uses(state, "teletransfer") == []
    assert illegal(state, "teletransfer blue").rule == "drachenfels.card.teletransfer"


def test_drachenfels_card_cloud__another_knight_to_a_free_start_field() -> None:
    state = drachenfels(knights={"red": "S1", "blue": "20"}, hands={"red": ["cloud", "1"]})
    assert uses(state, "cloud") == ["cloud blue S2", "cloud blue S3", "cloud blue S4"]
    assert illegal(state, "cloud red S2").rule == "drachenfels.card.cloud"  # another player's knight
    assert illegal(state, "cloud blue S1").rule == "drachenfels.card.cloud"  # a free start field
    play(state, "cloud blue S4")
    assert state.view(None)["knights"]["blue"] == "S4"
