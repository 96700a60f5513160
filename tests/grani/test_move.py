"""grani.move.*, grani.start: one or two steps along the lines, what blocks the way, where a knight stops."""

from __future__ import annotations

from tests.grani.helpers import FAR, at, grani, illegal, knight, play, texts, to_move

# G8 is a black point in Galad joined to G7 (a dragon), G12, G13 (the sword), X7 and X11 (exile points).
G8_MOVES = [
    "G8-E9", "G8-G12", "G8-G13", "G8-G18", "G8-G19", "G8-G4", "G8-G7",
    "G8-X11", "G8-X12", "G8-X3", "G8-X7", "G8-X8",
]


def test_grani_move_steps__one_or_two_steps_turning_allowed() -> None:
    state = grani(f"yellow=G8 {FAR}")
    # one step: G7, G12, G13, X7, X11; two steps: round every corner, but never over the dragon G7
    assert texts(state) == G8_MOVES


def test_grani_move_steps__the_move_is_played_and_the_next_knight_moves() -> None:
    state = grani(f"yellow=G8 {FAR}")
    play(state, "G8-X12")  # G8-X11-X12: two steps with a turn
    assert at(state, "yellow") == "X12"
    assert to_move(state) == "blue"
    assert state.phase == "move"


def test_grani_move_steps__no_way_back_to_the_start() -> None:
    state = grani(f"yellow=G8 {FAR}")
    assert "G8-G8" not in texts(state)
    error = illegal(state, "G8-G12-G8")
    assert error.rule == "grani.move.steps"
    assert error.reason == "a move may not come back to the point it began on"


def test_grani_move_steps__at_most_two_steps() -> None:
    state = grani(f"yellow=G8 {FAR}")
    error = illegal(state, "G8-G17")
    assert error.rule == "grani.move.steps"
    assert error.reason == "G17 is more than two steps from G8"


def test_grani_move_steps__a_typed_path_follows_the_lines() -> None:
    state = grani(f"yellow=G8 {FAR}")
    error = illegal(state, "G8-X8-X12")  # X8 and G8 are not joined
    assert error.rule == "grani.move.steps"
    assert error.reason == "G8-X8-X12 does not follow the lines"
    assert illegal(state, "G12-G13").reason == "yellow's knight stands on G8, not on G12"


def test_grani_move_steps__the_end_point_alone_names_the_move() -> None:
    state = grani(f"yellow=G8 {FAR}")
    assert str(state.apply("x12")) == "G8-X12"
    assert at(state, "yellow") == "X12"


def test_grani_move_must__a_knight_that_can_move_must() -> None:
    state = grani(f"yellow=G8 {FAR}")
    assert "pass" not in texts(state)
    error = illegal(state, "pass")
    assert error.rule == "grani.move.must"
    assert error.reason == "yellow can move and must"


def test_grani_move_must__a_blocked_knight_skips_its_turn() -> None:
    # T3 is joined to T2 (a stone) and T8 (a dragon, and yellow has no amulet to fight it)
    state = grani(f"yellow=T3:0 {FAR} blocks=T2")
    assert texts(state) == ["pass"]
    play(state, "pass")
    assert at(state, "yellow") == "T3"
    assert to_move(state) == "blue"


def test_grani_move_free__no_stop_on_an_obstacle() -> None:
    state = grani(f"yellow=G8 {FAR} blocks=G12")
    assert "G8-G12" not in texts(state)
    error = illegal(state, "G8-G12")
    assert error.rule == "grani.move.free"
    assert error.reason == "yellow cannot move to G12: G12 holds an obstacle stone"


def test_grani_move_no_pass__an_obstacle_blocks_the_way() -> None:
    # G4 and X3 are two steps from G8 only over X7
    state = grani(f"yellow=G8 {FAR} blocks=X7")
    assert texts(state) == [t for t in G8_MOVES if t not in ("G8-G4", "G8-X3", "G8-X7")]
    error = illegal(state, "G8-X3")
    assert error.rule == "grani.move.no-pass"
    assert error.reason == "yellow cannot move to X3: X7 holds an obstacle stone that blocks the way"


def test_grani_move_no_pass__a_dragon_blocks_the_way() -> None:
    # G6 and G11 are two steps from G8 only over the dragon G7
    state = grani(f"yellow=G8 {FAR}")
    error = illegal(state, "G8-G6")
    assert error.rule == "grani.move.no-pass"
    assert error.reason == "yellow cannot move to G6: G7 is a dragon: only the ring bearer may pass over it"


def test_grani_move_no_pass__a_knight_blocks_the_way() -> None:
    # X12 is two steps from G8 only over X11, where blue stands
    state = grani("yellow=G8 blue=X11 red=U1")
    assert texts(state) == [t for t in G8_MOVES if t != "G8-X12"]
    error = illegal(state, "G8-X12")
    assert error.rule == "grani.move.no-pass"
    assert error.reason == "yellow cannot move to X12: a knight stands on X11 and blocks the way"


def test_grani_move_no_pass__symbol_points_do_not_block() -> None:
    # E9 and G19 are two steps from G8 only over the sword G13
    state = grani(f"yellow=G8 {FAR}")
    assert {"G8-E9", "G8-G19"} <= set(texts(state))


def test_grani_move_no_pass__the_ring_bearer_passes_over_everything() -> None:
    # over the dragon G7 (to G6, G11), the stone X7 (to G4, X3) and blue on X11 (to X12)
    state = grani("yellow=G8:ring blue=X11 red=U1 blocks=X7")
    assert texts(state) == [
        "G8-E9", "G8-G11", "G8-G12", "G8-G13", "G8-G18", "G8-G19", "G8-G4", "G8-G6", "G8-G7",
        "G8-X11", "G8-X12", "G8-X3", "G8-X8",
    ]
    play(state, "G8-G6")
    assert at(state, "yellow") == "G6"
    assert knight(state, "yellow")["ring"] is True


def test_grani_move_effects__passing_over_a_dragon_is_no_fight() -> None:
    state = grani(f"yellow=G8:ring {FAR}")
    play(state, "G8-G6")
    assert state.phase == "move"
    assert to_move(state) == "blue"
    assert knight(state, "yellow")["amulets"] == 3


def test_grani_move_effects__passing_over_the_sword_moves_no_stone() -> None:
    state = grani(f"yellow=G8 {FAR} blocks=T1")
    play(state, "G8-G13-E9")
    assert state.phase == "move"
    assert to_move(state) == "blue"
    assert state.view(None)["obstacles"] == ["T1"]


def test_grani_move_effects__passing_over_a_magic_stone_puts_no_stone() -> None:
    # G21-G22-G16: over the magic stone G22
    state = grani(f"yellow=G21 {FAR} blocks=G15")
    play(state, "G21-G22-G16")
    assert to_move(state) == "blue"
    assert state.view(None)["obstacles"] == ["G15"]
    assert state.view(None)["stones_left"] == 15


def test_grani_move_effects__passing_over_a_city_gives_no_amulet() -> None:
    # G21-G25-G26 (or G21-G22-G26): passing the city of Galad
    state = grani(f"yellow=G21:1 {FAR}")
    play(state, "G21-G25-G26")
    assert at(state, "yellow") == "G26"
    assert knight(state, "yellow")["amulets"] == 1


def test_grani_start__no_knight_moves_onto_the_start_while_two_stand_there() -> None:
    state = grani("yellow=G1 blue=G5 red=G5 white=G5")
    assert texts(state) == ["G1-G2", "G1-G3", "G1-T26"]
    error = illegal(state, "G1-G5")
    assert error.rule == "grani.start"
    assert error.reason == (
        "yellow cannot move to G5: G5 holds 3 knights: nobody may move onto it while two or more stand there"
    )


def test_grani_start__with_one_knight_left_the_start_is_an_ordinary_point() -> None:
    state = grani("yellow=G1 blue=G5 red=U1 white=E28")
    assert texts(state) == ["G1-G2", "G1-G3", "G1-G5", "G1-T26"]
    play(state, "G1-G5")  # an attack on blue
    assert state.phase == "exile"


def test_grani_start__the_first_moves_leave_the_crowded_start() -> None:
    state = grani("yellow=G5 blue=G5 red=G5")
    # G5 is joined to G1, G2 and the dragon G10; G3 and T26 lie beyond G2
    assert texts(state) == ["G5-G1", "G5-G10", "G5-G2", "G5-G3", "G5-T26"]
    play(state, "G5-G1")
    # blue may attack yellow on G1, but not pass over it
    assert texts(state) == ["G5-G1", "G5-G10", "G5-G2", "G5-G3", "G5-T26"]
    play(state, "G5-G2")
    # red, last on the start, may attack yellow or blue but pass over neither
    assert texts(state) == ["G5-G1", "G5-G10", "G5-G2"]
