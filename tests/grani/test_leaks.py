"""Nothing a seat is told gives away the dragon deck's order, the one thing nobody may know.

Twin games play the same actions, chance outcomes included, from different seeds, so their decks
would turn up different cards next: at every step each seat and a spectator must be told the same in
every language — the narration, the words for its moves, the refusals, the status line, the pictures."""

from __future__ import annotations

import random
from typing import Any

import pytest

import spielwerk
from spielwerk import SpielwerkError
from spielwerk.games.grani import GraniState
from tests.grani.test_view import PROBES

LANGUAGES = ("en", "de", "fr")


def told(state: GraniState) -> dict[str, Any]:
    """Everything in words that each seat and a spectator is shown now, in every language."""
    game = state.game
    seats: list[int | None] = [*range(state.players), None]
    return {
        language: [
            {
                "narration": state.narration(seat, language),
                "labels": game.move_labels(state, seat, language),
                "refusals": refusals(state, seat, language),
                "waiting": state.view(seat)["waiting_for_message"],
            }
            for seat in seats
        ]
        for language in LANGUAGES
    }


def refusals(state: GraniState, seat: int | None, language: str) -> list[str]:
    """What each probe text says when `seat` types it (the referee's input for a spectator)."""
    found = []
    for text in PROBES:
        try:
            found.append(str(state.clone().apply(text, seat)))
        except SpielwerkError as error:
            found.append(f"{type(error).__name__}: {error.render(language)}")
    return found


def twins(players: int, position: str | None = None) -> tuple[GraniState, GraniState]:
    one, two = (spielwerk.game("grani").new_state(players=players, seed=seed, position=position)
                for seed in (7, 90_210))
    assert isinstance(one, GraniState) and isinstance(two, GraniState)
    return one, two


@pytest.mark.parametrize("players", [3, 5])
def test_twins_of_other_seeds_are_told_the_same_at_every_step(players: int) -> None:
    one, two = twins(players)
    rng = random.Random(players)
    while not one.is_over and len(one.history) < 140:
        assert told(one) == told(two)
        if one.is_chance:
            actions, weights = zip(*one.chance_outcomes(), strict=True)
            text = str(rng.choices(actions, weights)[0])
        else:
            text = str(rng.choice(one.legal_actions()))
        one.apply(text)
        two.apply(text)
    assert told(one) == told(two)


def test_twins_are_told_the_same_through_fights_and_a_new_deck() -> None:
    one, two = twins(3, "yellow=G8 blue=T9 red=U10 deck=64")
    for text in ["G8-G7", "card 4", "roll 2", "T9-T8", "card 6", "roll 6", "stay", "U10-U11"]:
        assert told(one) == told(two)
        one.apply(text)
        two.apply(text)
    assert told(one) == told(two)
    assert one.narration(None)[-1].endswith("the discard pile is shuffled into a new dragon deck")


def test_twins_look_the_same_in_every_picture_and_language() -> None:
    one, two = twins(4, "yellow=G8 blue=T9:ring red=U10 white=E5 deck=6544")
    for text in ["G8-G7", "card 5", "roll 1"]:
        one.apply(text)
        two.apply(text)
    for language in LANGUAGES:
        for seat in (0, 2, None):
            assert one.game.svg(one, seat, language=language) == two.game.svg(two, seat, language=language)
            assert one.game.terminal(one, seat, language) == two.game.terminal(two, seat, language)
