"""The engine's legal actions equal those of the simple reference, over positions reached by play."""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import spielwerk
from spielwerk import IllegalAction
from spielwerk.games.grani import GraniState
from tests.grani import reference
from tests.grani.helpers import texts

DECISIONS = ("move", "bonus", "exile", "ring", "block", "lift", "shift")
POINTS = sorted(reference.KIND)
PLAIN = [p for p in POINTS if reference.KIND[p] in ("black", "exile")]
COLOURS = ["yellow", "blue", "red", "white", "green", "black"]


def check(state: GraniState) -> None:
    """Legal actions as the reference finds them; each text reads back as its action."""
    legal = state.legal_actions()
    found = texts(state)
    assert len(found) == len(set(found)), "an action is listed twice"
    if state.phase in DECISIONS:
        assert set(found) == reference.legal_texts(state.view(None)), state.view(None)
    for action in legal:
        assert state.parse_action(str(action)) == action


def step(state: GraniState, rng: random.Random) -> None:
    """One random action; chance outcomes by their probabilities, drawn from `rng`."""
    if state.is_chance:
        actions, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply(rng.choices(actions, weights)[0])
    else:
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("seed", [0, 1])
def test_random_games_agree_with_the_reference(players: int, seed: int) -> None:
    rng = random.Random(f"{players}:{seed}")
    state = spielwerk.game("grani").new_state(players=players, seed=seed)
    assert isinstance(state, GraniState)
    while not state.is_over and len(state.history) < 400:
        check(state)
        step(state, rng)


@st.composite
def positions(draw: st.DrawFn) -> str:
    """A position text the game can reach: knights anywhere free, amulets, shackles (after a lost fight:
    at most two amulets, no ring), seals (fewer than win), stones, the ring or its bearer (not on a city)."""
    players = draw(st.integers(3, 6))
    stones = draw(st.lists(st.sampled_from(PLAIN), max_size=16, unique=True))
    free = [p for p in POINTS if p not in stones]
    spots = draw(st.lists(st.sampled_from(free), min_size=players, max_size=players, unique=True))
    bearers = [seat for seat in range(players) if reference.KIND[spots[seat]] != "city"]
    bearer = draw(st.sampled_from([-1, *bearers]))
    parts = []
    for seat in range(players):
        shackled = seat != bearer and reference.KIND[spots[seat]] == "dragon" and draw(st.booleans())
        text = f"{COLOURS[seat]}={spots[seat]}:{draw(st.integers(0, 2 if shackled else 3))}"
        if seat == bearer:
            text += ":ring"
        if shackled:
            text += ":shackled"
        seals = draw(st.sets(st.sampled_from("TUGE"), max_size=2))
        if seals:
            text += ":seals=" + "".join(sorted(seals))
        parts.append(text)
    if bearer < 0:
        ring_spots = [p for p in free if p not in spots and reference.KIND[p] == "black"]
        ring = draw(st.sampled_from(ring_spots))
        assume(reference.joined_to_every_city(ring, set(stones)))
        parts.append(f"ring={ring}")
    if stones:
        parts.append("blocks=" + ",".join(stones))
    parts.append(f"turn={COLOURS[draw(st.integers(0, players - 1))]}")
    return " ".join(parts)


@settings(max_examples=150, deadline=None)
@given(positions(), st.integers(0, 2**32 - 1))
def test_random_positions_agree_with_the_reference(position: str, seed: int) -> None:
    players = sum(1 for colour in COLOURS if f"{colour}=" in position)
    state = spielwerk.game("grani").new_state(players=players, seed=seed, position=position)
    assert isinstance(state, GraniState)
    rng = random.Random(seed)
    for _ in range(40):  # play on, through fights, attacks, stones and the ring
        if state.is_over:
            break
        check(state)
        step(state, rng)


def path_is_legal(table: reference.Table, points: list[str], bonus: bool) -> bool:
    """Whether the knight may walk exactly `start-middle-end`, by the rules' words."""
    start, middle, end = points
    carrying = bool(table.me["ring"]) or middle == table.ring
    free_city = reference.KIND[middle] == "city" and not table.knights_on(middle, but=table.seat)
    return (end != start and not (carrying and free_city)
            and reference.may_pass(table, middle, carrying, bonus) and reference.may_stop(table, end))


@settings(max_examples=60, deadline=None)
@given(positions(), st.integers(0, 2**32 - 1))
def test_typed_paths_are_read_by_the_rules(position: str, seed: int) -> None:
    # every typed two-step path `S-M-E` is accepted exactly when that way is legal; it takes the ring
    # (and says so) exactly when M is the ring's point; every `S-E` is accepted when some move ends on E
    players = sum(1 for colour in COLOURS if f"{colour}=" in position)
    state = spielwerk.game("grani").new_state(players=players, seed=seed, position=position)
    assert isinstance(state, GraniState)
    rng = random.Random(seed)
    for _ in range(10):
        if state.is_over:
            break
        if state.phase in ("move", "bonus") and not state.shackled[state.seat]:
            table = reference.Table.of(state.view(None))
            start = table.me["at"]
            ends = {str(a).rsplit("-", 1)[-1] for a in state.legal_actions() if str(a) != "stay"}
            for middle in sorted(reference.LINES[start]):
                for end in sorted(reference.LINES[middle]):
                    text = f"{start}-{middle}-{end}"
                    try:
                        applied = str(state.clone().apply(text))
                    except IllegalAction:
                        assert not path_is_legal(table, [start, middle, end], state.phase == "bonus"), text
                        continue
                    assert path_is_legal(table, [start, middle, end], state.phase == "bonus"), text
                    assert applied == (text if middle == table.ring else f"{start}-{end}")
            for end in POINTS:
                try:
                    applied = str(state.clone().apply(f"{start}-{end}"))
                except IllegalAction:
                    assert end not in ends
                    continue
                assert applied.rsplit("-", 1)[-1] == end
        step(state, rng)


@pytest.mark.slow
@settings(max_examples=3000, deadline=None)
@given(positions(), st.integers(0, 2**32 - 1))
def test_many_random_positions_agree_with_the_reference(position: str, seed: int) -> None:
    test_random_positions_agree_with_the_reference.hypothesis.inner_test(position, seed)  # type: ignore[attr-defined]


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_whole_random_games_agree_with_the_reference(players: int) -> None:
    for seed in range(5):
        rng = random.Random(seed)
        state = spielwerk.game("grani", max_turns=150).new_state(players=players, seed=seed)
        assert isinstance(state, GraniState)
        while not state.is_over:
            check(state)
            step(state, rng)
