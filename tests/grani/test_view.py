"""What a seat sees: everything public, the same for all; the dragon deck's order for nobody."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import spielwerk
from spielwerk import SpielwerkError
from spielwerk.games.grani import GraniState
from tests.grani.helpers import FAR, grani, play, texts

PROBES = ["card 4", "card 0", "roll 3", "G5-G1", "G5-G10", "exile X3", "ring U12", "block T9", "lift T9",
          "stay", "rest", "pass", "first red", "T4-T9", "G8-G7", "hello"]
"""Texts tried at every step: legal or not, the answer may not depend on the seed."""


def answers(state: GraniState) -> list[str]:
    """What applying each probe says (the action's text, or the error's type and message)."""
    found = []
    for text in PROBES:
        try:
            found.append(str(state.clone().apply(text)))
        except SpielwerkError as error:
            found.append(f"{type(error).__name__}: {error}")
    return found


def seen(state: GraniState) -> dict[str, Any]:
    """Everything a seat or a spectator is shown, per seat (None: a spectator)."""
    seats: list[int | None] = [*range(state.players), None]
    return {
        "views": [state.view(seat) for seat in seats],
        "records": [state.record(seat) for seat in seats],
        "legal": texts(state),
        "answers": answers(state),
    }


def test_every_seat_and_a_spectator_see_the_same_json_ready_view() -> None:
    state = grani("yellow=G8 blue=T9:2:ring red=X3:1:seals=TU turn=blue blocks=T13,U8 deck=6544")
    play(state, "T9-T8", "card 5")
    views = [state.view(seat) for seat in (0, 1, 2, None)]
    assert all({k: v for k, v in view.items() if k != "seat"} ==
               {k: v for k, v in views[0].items() if k != "seat"} for view in views)
    assert json.loads(json.dumps(views[0])) == views[0]
    view = views[0]
    assert view["phase"] == "roll"
    assert view["card"] == 5
    assert view["deck"] == {"cards": 3, "left": {"4": 2, "6": 1}}
    assert view["discard"] == {"0": 2, "2": 4, "3": 6, "4": 4, "5": 3, "6": 1}  # the 5 lies face up
    assert view["waiting_for"] == "blue's roll against the dragon"
    assert view["last_action"] == "card 5"
    assert view["obstacles"] == ["T13", "U8"]


def test_the_view_holds_no_seed() -> None:
    seed = 987_654_321
    state = spielwerk.game("grani").new_state(players=4, seed=seed)
    rng = random.Random(5)
    for _ in range(60):
        text = json.dumps([state.view(seat) for seat in (0, 1, 2, 3, None)])
        assert str(seed) not in text
        assert '"seed"' not in text
        if state.is_chance:
            state.resolve_chance()
        else:
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [3, 6])
def test_the_deck_order_is_hidden_two_seeds_look_the_same(players: int) -> None:
    # the same actions, chance outcomes included, in games of different seeds: nobody can tell them apart
    games = [spielwerk.game("grani").new_state(players=players, seed=seed) for seed in (11, 2024)]
    one, two = games
    assert isinstance(one, GraniState) and isinstance(two, GraniState)
    rng = random.Random(players)
    while not one.is_over and len(one.history) < 250:
        assert seen(one) == seen(two)
        assert one.record()["seed"] != two.record()["seed"]  # the owner's records do differ
        if one.is_chance:
            outcomes = one.chance_outcomes()
            assert [(str(a), p) for a, p in outcomes] == [(str(a), p) for a, p in two.chance_outcomes()]
            actions, weights = zip(*outcomes, strict=True)
            text = str(rng.choices(actions, weights)[0])
        else:
            text = str(rng.choice(one.legal_actions()))
        one.apply(text)
        two.apply(text)
    assert seen(one) == seen(two)


def test_the_deck_order_is_hidden_through_fights() -> None:
    # many fights in a row: the cards left are public, their order is nobody's
    positions = "yellow=G8 blue=T9 red=U10 deck=6544"
    game = spielwerk.game("grani")
    one, two = (game.new_state(players=3, seed=seed, position=positions) for seed in (1, 2))
    assert isinstance(one, GraniState) and isinstance(two, GraniState)
    for text in ["G8-G7", "card 4", "roll 2", "T9-T8", "card 6", "roll 6", "stay", "U10-U11", "card 4",
                 "roll 4", "stay", "rest", "T8-T9", "U11-U12", "G7-G8", "T9-T8", "card 5"]:
        assert seen(one) == seen(two)
        one.apply(text)
        two.apply(text)
    assert seen(one) == seen(two)
    assert one.view(None)["deck"] == {"cards": 0, "left": {}}
    for text in ["roll 1", "U12-U11"]:  # the deck is used up: the next fight shuffles the discard pile
        one.apply(text)
        two.apply(text)
        assert seen(one) == seen(two)
    assert one.view(None)["deck"] == {"cards": 24, "left": {"0": 2, "2": 4, "3": 6, "4": 6, "5": 4, "6": 2}}


def test_a_finished_game_shows_its_seed() -> None:
    state = grani(f"yellow=E23:ring:seals=TU {FAR}")
    assert state.record(0)["seed"] is None
    play(state, "E23-E24")
    assert state.record(0)["seed"] == state.seed


def test_the_view_names_the_last_move_and_whose_turn_it_is() -> None:
    state = grani("yellow=T10 blue=G12 red=U1")
    assert state.view(None)["last_move"] is None
    assert state.view(None)["turn_of"] == "yellow"
    state.apply("T10-T4-T9")
    view = state.view(1)
    assert view["last_move"] == {"from": "T10", "to": "T9", "via": "T4"}
    assert view["turn_of"] == "blue"
