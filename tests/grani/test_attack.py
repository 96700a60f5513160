"""grani.attack, grani.amulet.cost: ending a move on a knight banishes it, for an amulet."""

from __future__ import annotations

from tests.grani.helpers import at, grani, illegal, knight, play, texts, to_move

EXILES = [f"X{n}" for n in range(1, 13)]


def exile_texts(*points: str) -> list[str]:
    """The legal texts of banishing a knight to each of `points`, sorted as `texts` sorts."""
    return sorted(f"exile {p}" for p in points)


def test_grani_attack__the_attacked_knight_is_banished_to_an_exile_point() -> None:
    state = grani("yellow=G8 blue=G12 red=U1")
    assert "G8-G12" in texts(state)
    play(state, "G8-G12")
    assert state.phase == "exile"
    assert to_move(state) == "yellow"
    assert state.view(None)["victim"] == "blue"
    assert texts(state) == exile_texts(*EXILES)
    play(state, "exile X3")
    assert at(state, "blue") == "X3"
    assert knight(state, "yellow") == {
        "colour": "yellow", "at": "G12", "amulets": 2, "shackled": False, "ring": False, "seals": []
    }
    assert to_move(state) == "blue"  # the banished knight does not skip its turn
    assert "X3-X4" in texts(state)


def test_grani_attack__only_free_exile_points() -> None:
    state = grani("yellow=G8 blue=G12 red=X5 blocks=X1")
    play(state, "G8-G12")
    assert texts(state) == exile_texts(*(p for p in EXILES if p not in ("X1", "X5")))
    for text in ("exile X1", "exile X5", "exile G13"):
        error = illegal(state, text)
        assert error.rule == "grani.attack"
    reason = illegal(state, "exile G13").reason
    assert reason == "G13 (the sword in the stone of Galad) is not a free exile point"
    assert illegal(state, "G12-G13").rule == "grani.attack"  # banish first


def test_grani_attack__a_knight_on_an_exile_point_is_banished_elsewhere() -> None:
    # yellow leaves X7 free as it attacks blue on X8
    state = grani("yellow=X7 blue=X8 red=U1")
    play(state, "X7-X8")
    assert texts(state) == exile_texts(*(p for p in EXILES if p != "X8"))


def test_grani_attack__needs_a_free_exile_point() -> None:
    # ruling: with every exile point taken there is nowhere to banish blue to
    state = grani(f"yellow=G8 blue=G12 red=U1 blocks={','.join(EXILES)}")
    assert "G8-G12" not in texts(state)
    error = illegal(state, "G8-G12")
    assert error.rule == "grani.attack"
    assert error.reason == "yellow cannot move to G12: no exile point is free to banish blue to"


def test_grani_attack__the_point_the_attacker_leaves_counts_as_free() -> None:
    others = ",".join(p for p in EXILES if p != "X7")
    state = grani(f"yellow=X7 blue=G8 red=U1 blocks={others}")
    play(state, "X7-G8")
    assert texts(state) == ["exile X7"]
    play(state, "exile X7")
    assert (at(state, "yellow"), at(state, "blue")) == ("G8", "X7")


def test_grani_attack__the_attacker_takes_the_ring_from_its_bearer() -> None:
    state = grani("yellow=G8 blue=G12:ring red=U1")
    play(state, "G8-G12", "exile X1")
    assert knight(state, "yellow")["ring"] is True
    assert knight(state, "blue")["ring"] is False
    assert state.view(None)["ring_bearer"] == "yellow"


def test_grani_attack__then_a_magic_stone_acts_on_the_attacker() -> None:
    state = grani("yellow=G21 blue=G22 red=U1")
    play(state, "G21-G22", "exile X1")
    assert state.phase == "block"
    assert to_move(state) == "yellow"
    play(state, "block G16")
    assert state.view(None)["obstacles"] == ["G16"]
    assert to_move(state) == "blue"


def test_grani_attack__then_the_sword_acts_on_the_attacker() -> None:
    state = grani("yellow=G8 blue=G13 red=U1 blocks=T1")
    play(state, "G8-G13", "exile X1")
    assert texts(state) == ["lift T1"]


def test_grani_attack__on_a_dragon_the_attacker_fights_and_the_shackle_comes_off() -> None:
    state = grani("yellow=G8:2 blue=G7:1:shackled red=U1")
    play(state, "G8-G7", "exile X7")
    assert knight(state, "blue") == {
        "colour": "blue", "at": "X7", "amulets": 1, "shackled": False, "ring": False, "seals": []
    }
    assert knight(state, "yellow")["amulets"] == 1
    assert state.phase == "card"
    play(state, "card 3", "roll 1")  # yellow loses its last amulet
    assert knight(state, "yellow")["amulets"] == 0
    assert knight(state, "yellow")["shackled"] is True
    assert to_move(state) == "blue"
    assert "rest" not in texts(state)  # blue does not skip its turn
    assert "X7-X8" in texts(state)


def test_grani_attack__the_bonus_move_may_attack() -> None:
    state = grani("yellow=G8 blue=G12 red=U1")
    play(state, "G8-G7", "card 2", "roll 2", "G7-G12")
    assert state.phase == "exile"
    play(state, "exile X9")
    assert knight(state, "yellow")["amulets"] == 2
    assert at(state, "blue") == "X9"


def test_grani_amulet_cost__attacking_costs_an_amulet() -> None:
    state = grani("yellow=G8:1 blue=G12 red=U1")
    play(state, "G8-G12", "exile X1")
    assert knight(state, "yellow")["amulets"] == 0


def test_grani_amulet_cost__no_amulet_no_attack() -> None:
    state = grani("yellow=G8:0 blue=G12 red=U1")
    assert "G8-G12" not in texts(state)
    error = illegal(state, "G8-G12")
    assert error.rule == "grani.amulet.cost"
    assert error.reason == "yellow cannot move to G12: attacking blue costs an amulet and yellow has none"


def test_grani_amulet_cost__one_amulet_is_too_few_to_attack_on_a_dragon() -> None:
    state = grani("yellow=G8:1 blue=G7:2:shackled red=U1")
    assert "G8-G7" not in texts(state)
    error = illegal(state, "G8-G7")
    assert error.rule == "grani.amulet.cost"
    assert error.reason == (
        "yellow cannot move to G7: blue stands on a dragon: attacking there needs two amulets "
        "(one for the fight), and yellow has one"
    )


def test_grani_amulet_cost__without_amulets_the_ring_is_still_taken() -> None:
    state = grani("yellow=T9:0 blue=E28 red=U1")
    play(state, "T9-T4")
    assert knight(state, "yellow")["ring"] is True
