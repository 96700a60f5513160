"""Property-based fuzz of every input a user or a network client can give, for every game.

The contract: an input is accepted, or it raises a `SpielwerkError` and leaves the state as it was.
The inputs come from `benchmarks.fuzzing` (mutated action texts, values of other types, options,
positions, JSON states and records), drawn by hypothesis; `make fuzz` runs a million of them.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest
from benchmarks.fuzzing import KINDS, STATE_KINDS, Corpus, build_corpus, fingerprint, try_input
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spielwerk
from spielwerk import SpielwerkError

GAMES = spielwerk.games()
WHERE = ("position", "record", "options")

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@functools.cache
def corpus_of(game_id: str) -> Corpus:
    """One corpus per game for the whole run (small: one game per player count)."""
    return build_corpus(game_id, seed=1, games=1)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(KINDS), rng=st.randoms(use_true_random=False))
def test_mutated_inputs_give_an_answer_or_a_spielwerk_error(
    game_id: str, kind: str, rng: random.Random
) -> None:
    finding = try_input(corpus_of(game_id), kind, rng)
    assert finding is None, finding


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=60), pick=st.integers(min_value=0), seat=st.none() | st.integers(-2, 7))
def test_any_text_from_any_seat_is_an_answer_or_a_spielwerk_error(
    game_id: str, text: str, pick: int, seat: int | None
) -> None:
    states = corpus_of(game_id).states
    state = states[pick % len(states)].clone()
    before = fingerprint(state)
    try:
        state.apply(text, seat=seat)
    except SpielwerkError:
        assert fingerprint(state) == before


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=100, deadline=None)
@given(value=json_values, pick=st.integers(min_value=0), where=st.sampled_from(WHERE))
def test_any_json_value_as_position_record_or_options_is_refused_cleanly(
    game_id: str, value: Any, pick: int, where: str
) -> None:
    game = spielwerk.game(game_id)
    records = corpus_of(game_id).records
    try:
        if where == "position":
            game.new_state(seed=1, position=value)
        elif where == "options":
            spielwerk.game(game_id, **(value if isinstance(value, dict) else {"value": value}))
        else:
            record = dict(records[pick % len(records)])
            key = ["game", "options", "players", "seed", "actions"][pick % 5]
            spielwerk.replay({**record, key: value})
    except SpielwerkError:
        pass


def test_the_fuzz_finds_a_broken_contract() -> None:
    """The harness has teeth: a state whose parser raises another error, or changes before it refuses,
    is reported."""
    corpus = build_corpus("gyges", seed=2, games=1)
    state_type = type(corpus.states[0])
    original = state_type._parse

    def crashing(self: Any, text: str) -> Any:
        raise KeyError(text)

    def spoiling(self: Any, text: str) -> Any:
        self._history.append("spoiled")
        self._secrets.append(None)
        return original(self, text)

    try:
        for broken, problem in ((crashing, "KeyError"), (spoiling, "state changed")):
            state_type._parse = broken  # type: ignore[method-assign]
            rng = random.Random(0)
            found = [try_input(corpus, "action", rng) for _ in range(50)]
            assert any(f is not None and f.problem.startswith(problem) for f in found)
    finally:
        state_type._parse = original  # type: ignore[method-assign]
    assert set(STATE_KINDS) <= set(KINDS)
