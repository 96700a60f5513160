"""Avalon's picture (games/avalon/svg.py): well-formed SVG from the view alone, a target on every
placed card but the mover's own (whose parts take the clicks) and on each part an action ends with,
hit areas as large as the root's `data-hit` says, the language's names, and no hidden back."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ElementTree
from itertools import pairwise

import pytest

import spielwerk
from spielwerk.games.avalon.svg import draw
from tests.avalon.helpers import day, texts
from tests.avalon.twins import twins

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ElementTree.Element:
    """The picture as XML (raises on anything malformed)."""
    return ElementTree.fromstring(svg)


def targets(svg: str) -> set[str]:
    """Every data-target in the picture."""
    return {element.get("data-target", "") for element in parse(svg).iter() if element.get("data-target")}


def cards(svg: str) -> dict[int, str | None]:
    """Each drawn location card (placed ones) by number, with its target."""
    return {int(g.get("data-location", 0)): g.get("data-target")
            for g in parse(svg).iter(f"{SVG}g") if g.get("class") == "card"}


def own_card(state: spielwerk.State) -> int | None:
    """The location of the character to move while a Day decision is asked (its card's parts take
    the clicks), else None."""
    view = state.view(None)
    if state.is_over or state.is_chance or view["waiting"].get("for") != "day":
        return None
    return int(view["characters"][state.to_move]["location"])


def playouts(players: int, seed: int, steps: int) -> list[spielwerk.State]:
    """States along a random game (chance resolved by the state's own stream)."""
    state = spielwerk.game("avalon").new_state(players=players, seed=seed)
    chooser = random.Random(seed)
    seen = []
    for _ in range(steps):
        if state.is_over:
            break
        if state.is_chance:
            state.resolve_chance()
            continue
        seen.append(state.clone())
        legal = state.legal_actions()
        busy = [action for action in legal if str(action) not in ("pass", "wait")]
        state.apply(chooser.choice(busy if busy and chooser.random() < 0.85 else legal))
    seen.append(state)
    return seen


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 5), (4, 8)])
def test_avalon_svg_is_well_formed_with_a_target_on_every_placed_card(players: int, seed: int) -> None:
    for state in playouts(players, seed, 160):
        for seat in (None, 0):
            svg = state.game.svg(state, seat, language="de" if seed % 2 else "en")
            placed = {loc["number"] for loc in state.view(seat)["locations"] if loc["placed"]}
            drawn = cards(svg)
            assert set(drawn) == placed
            own = own_card(state)
            assert all(target for number, target in drawn.items() if number != own)
            assert own is None or drawn[own] is None


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_avalon_svg_every_day_action_has_a_part_to_click(seed: int) -> None:
    checked = 0
    for state in playouts(2, seed, 200):
        if state.is_over or state.view(None)["waiting"].get("for") != "day":
            continue
        svg = state.game.svg(state, state.to_move)
        for text in texts(state):
            if text.split()[0] in ("explore", "travel", "act", "activate", "challenge"):
                assert text.split()[-1] in targets(svg), text
                checked += 1
    assert checked > 20


def test_avalon_svg_travel__the_movers_neighbours_carry_the_directions() -> None:
    state = day(players=1)  # Cadoc on the Heartstone (b3): Ashford north, Old Bridge east, …
    drawn = cards(state.game.svg(state, 0))
    assert (drawn[7], drawn[14], drawn[17], drawn[12]) == ("north", "east", "south", "west")
    assert drawn[13] is None and drawn[6] == "a2"  # the mover's own card: its parts; the others: slots
    assert {"explore", "commune", "1"} <= targets(state.game.svg(state, 0))
    assert not {"stag", "market"} & targets(state.game.svg(state, 0))  # elsewhere: no click picks them
    assert "stag" in targets(day(players=1, stag=[1, 2]).game.svg(day(players=1, stag=[1, 2]), 0))
    assert "activate" not in targets(state.game.svg(state, 0))  # the Heartstone burns with its dial
    dark = day(players=1, menhirs=[[13, 0]])  # lit, its dial lost: it may be lit again
    assert "activate" in texts(dark) and "activate" in targets(dark.game.svg(dark, 0))


def test_avalon_svg_speaks_the_language_english_where_it_has_none() -> None:
    state = day(players=2)
    german, french = state.game.svg(state, 0, language="de"), state.game.svg(state, 0, language="fr")
    assert "Herzstein" in german and "Heartstone" not in german and "Gesundheit" in german
    assert "Pierre-Cœur" in french and "Heartstone" not in french and "Santé" in french
    assert state.game.svg(state, 0, language="it") == state.game.svg(state, 0, language="en")  # none: English
    assert state.game.svg(state, 1) == draw(state.view(1), "en", 0)


def test_avalon_svg_twins_differing_in_secret_backs_look_the_same() -> None:
    differ = 0
    for seed in (2, 6, 11):
        for steps in (0, 5, 25):
            first, second = twins(seed, steps)
            assert first.view(0) == second.view(0)
            differ += first.backs != second.backs
            for lang in ("en", "de"):
                assert first.game.svg(first, 0, language=lang) == second.game.svg(second, 0, language=lang)
            svg = first.game.svg(first, 0)
            shown = first.view(0)["locations"]
            hidden = [f"{n}{first.backs[n]}" for n in first.placed if shown[n - 1]["back"] == "?"]
            assert hidden and not any(re.search(rf">{back}<", svg) for back in hidden)
    assert differ == 9


def test_avalon_svg_shows_the_backs_the_view_shows() -> None:
    state = day(players=1, explored=[0] * 7 + [1] + [0] * 13)
    svg = state.game.svg(state, 0)
    assert state.view(0)["locations"][6]["back"] == "7a"
    assert ">7a<" in svg and ">8a<" not in svg


def hits(svg: str) -> tuple[float, list[tuple[str, float, float, float, float]]]:
    """The root's `data-hit`, and each target but the cards with its hit area (x, y, width, height;
    in the card's own units where it lies on one)."""
    root = parse(svg)
    found = []
    for element in root.iter():
        if element.get("data-target") and element.get("class") != "card":
            area = next(element.iter(f"{SVG}rect"))
            assert area.get("class") == "hit", element.get("data-target")
            x, y, width, height = (float(area.get(side, 0)) for side in ("x", "y", "width", "height"))
            found.append((str(element.get("data-target")), x, y, width, height))
    return float(root.get("data-hit", 0)), found


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 5), (4, 8)])
def test_avalon_svg_every_part_to_click_has_a_hit_area_as_large_as_data_hit_says(players: int,
                                                                                 seed: int) -> None:
    sizes = []
    for state in playouts(players, seed, 120):
        smallest, found = hits(state.game.svg(state, None if state.is_chance else state.to_move))
        sizes.append(smallest)
        assert found or state.is_chance or state.is_over
        for name, _, _, width, height in found:
            assert min(width, height) >= smallest - 0.01, name
    assert min(sizes) == 40  # no card of these games was crowded


def test_avalon_svg_a_crowded_card_shares_its_row_and_says_so() -> None:
    crowded = day(players=4, menhirs=[[13, 0]], stag=[1, 2], widow=[1, 2])  # all on the Heartstone
    smallest, found = hits(crowded.game.svg(crowded, 0, language="de"))
    row = {name: (x, width) for name, x, _, width, _ in found
           if name in ("explore", "activate", "stag", "widow")}
    assert list(row) == ["explore", "activate", "stag", "widow"]  # the pills, then the guardians here
    edges = sorted(row.values())
    assert all(a + w <= b + 0.01 for (a, w), (b, _) in pairwise(edges))  # side by side
    assert edges[-1][0] + edges[-1][1] <= 134.01  # within the card
    assert 20 < smallest == min(width for _, width in edges) < 40
