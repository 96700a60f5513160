"""The OpenSpiel bridge: each game loads in pyspiel with the right type, passes OpenSpiel's random
simulation test, serializes by its record, offers chance outcomes that sum to 1, observes from the
seat's view only, and OpenSpiel's MCTS plays a spielwerk agent in the example."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel is not installed: the openspiel extra (make test installs it)")

from spielwerk import openspiel, rl  # noqa: E402
from spielwerk.openspiel.chance import chance_ids  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
openspiel.register()

SHORT = [
    "spielwerk_gyges(max_plies=60)",
    "spielwerk_gyges(max_plies=60,setup=random,throne_captures=3)",
    "spielwerk_drachenfels(players=2,max_turns=8)",
    "spielwerk_drachenfels(players=3,max_turns=5)",
    "spielwerk_drachenfels(players=4,max_turns=4)",
    "spielwerk_grani(players=3,max_turns=8)",
    "spielwerk_grani(players=6,max_turns=4,seals_to_win=2)",
    *(["spielwerk_avalon(players=1)", "spielwerk_avalon(players=4)"] if "avalon" in rl.games() else []),
]
"""Games short enough for the random simulation test to play several of each."""
Type = pyspiel.GameType


def play_randomly(state: Any, rng: random.Random, steps: int) -> Any:
    """`state` after up to `steps` random decisions and chance outcomes drawn by their chances."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, chances)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_register_names_every_bridged_game_and_is_idempotent() -> None:
    names = [f"spielwerk_{game_id}" for game_id in rl.games()]
    assert openspiel.register() == names
    assert openspiel.games() == rl.games()
    assert set(names) <= set(pyspiel.registered_names())


@pytest.mark.parametrize(("name", "chance", "information", "players"), [
    ("spielwerk_gyges", Type.ChanceMode.DETERMINISTIC, Type.Information.PERFECT_INFORMATION, 2),
    ("spielwerk_gyges(setup=random)", Type.ChanceMode.EXPLICIT_STOCHASTIC,
     Type.Information.PERFECT_INFORMATION, 2),
    ("spielwerk_drachenfels(players=3)", Type.ChanceMode.EXPLICIT_STOCHASTIC,
     Type.Information.IMPERFECT_INFORMATION, 3),
    ("spielwerk_grani(players=5)", Type.ChanceMode.EXPLICIT_STOCHASTIC,
     Type.Information.PERFECT_INFORMATION, 5),
])
def test_games_load_with_their_type(name: str, chance: Any, information: Any, players: int) -> None:
    game = pyspiel.load_game(name)
    kind, game_id = game.get_type(), name.removeprefix("spielwerk_").split("(")[0]
    assert (kind.chance_mode, kind.information) == (chance, information)
    assert kind.utility == Type.Utility.CONSTANT_SUM and game.utility_sum() == 1.0
    assert kind.reward_model == Type.RewardModel.TERMINAL
    assert game.num_players() == players
    assert game.num_distinct_actions() == rl.num_actions(game_id, players)
    assert game.max_chance_outcomes() == (len(chance_ids(game_id)) if chance != Type.ChanceMode.DETERMINISTIC
                                          else 0)
    assert game.observation_tensor_shape() == [rl.observation_size(game_id, players)]
    assert game.information_state_tensor_shape() == game.observation_tensor_shape()


@pytest.mark.skipif("avalon" not in rl.games(), reason="spielwerk.rl has no Avalon bridge yet")
def test_avalon_is_co_operative_with_identical_returns() -> None:
    game = pyspiel.load_game("spielwerk_avalon(players=3)")
    assert game.get_type().utility == Type.Utility.IDENTICAL
    assert game.get_type().information == Type.Information.IMPERFECT_INFORMATION
    assert game.num_distinct_actions() == rl.num_actions("avalon", 3)
    for seed in range(3):
        returns = play_randomly(game.new_initial_state(), random.Random(seed), 5_000).returns()
        assert len(set(returns)) == 1 and returns[0] in (0.0, 1.0)


def test_a_bad_player_count_or_option_is_refused() -> None:
    with pytest.raises(Exception, match="player"):
        pyspiel.load_game("spielwerk_gyges(players=3)")
    with pytest.raises(Exception, match="setup"):
        pyspiel.load_game("spielwerk_gyges(setup=sideways)")


@pytest.mark.parametrize("name", SHORT)
def test_openspiel_random_simulation_test_passes(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=True, verbose=False)


def test_a_game_under_default_limits_passes_the_random_simulation_test() -> None:
    pyspiel.random_sim_test(pyspiel.load_game("spielwerk_grani(players=3)"), num_sims=1, serialize=False,
                            verbose=False)


@pytest.mark.parametrize("name", SHORT)
def test_chance_outcomes_sum_to_one_and_name_what_the_game_offers(name: str) -> None:
    game, rng = pyspiel.load_game(name), random.Random(7)
    state = game.new_initial_state()
    nodes = 0
    while not state.is_terminal():
        if state.is_chance_node():
            nodes += 1
            outcomes = state.chance_outcomes()
            assert sum(chance for _, chance in outcomes) == pytest.approx(1.0)
            assert all(0 < chance <= 1 for _, chance in outcomes)
            ids = [outcome for outcome, _ in outcomes]
            assert ids == sorted(set(ids)) == state.legal_actions()
            assert all(0 <= outcome < game.max_chance_outcomes() for outcome in ids)
            offered = {str(action) for action, _ in state.spielwerk_state.chance_outcomes()}
            assert {state.action_to_string(pyspiel.PlayerId.CHANCE, outcome) for outcome in ids} == offered
        play_randomly(state, rng, 1)
    assert nodes > 0 or game.get_type().chance_mode == Type.ChanceMode.DETERMINISTIC
    if game.get_type().utility == Type.Utility.CONSTANT_SUM:
        assert sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("name", SHORT[1:6:2])
def test_a_state_serializes_as_its_record_and_replays(name: str) -> None:
    game = pyspiel.load_game(name)
    for steps in (0, 5, 40, 200):
        state = play_randomly(game.new_initial_state(), random.Random(steps), steps)
        text = pyspiel.serialize_game_and_state(game, state)
        again_game, again = pyspiel.deserialize_game_and_state(text)
        assert str(again_game) == str(game)
        assert str(again) == str(state) and again.history() == state.history()
        assert again.spielwerk_state.record() == state.spielwerk_state.record()
        assert again.spielwerk_state.history == state.spielwerk_state.history
        follow, follow_again = random.Random(1), random.Random(1)
        assert str(play_randomly(again, follow_again, 30)) == str(play_randomly(state.clone(), follow, 30))
        assert str(game.deserialize_state(state.serialize())) == str(state)


def test_legal_actions_are_rl_indices_and_play_the_same_game() -> None:
    game, rng = pyspiel.load_game("spielwerk_drachenfels(players=3,max_turns=6)"), random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        held = state.spielwerk_state
        if not state.is_chance_node():
            indices = rl.legal_indices(held)
            assert state.legal_actions() == sorted(indices)
            assert state.current_player() == held.to_move
            mask = np.asarray(state.legal_actions_mask())
            assert np.array_equal(mask, rl.action_mask(held))
            action = rng.choice(state.legal_actions())
            assert state.action_to_string(state.current_player(), action) == str(indices[action])
            assert state.legal_actions(held.to_move) and not state.legal_actions((held.to_move + 1) % 3)
        play_randomly(state, rng, 1)
    assert state.returns() == state.spielwerk_state.returns()


def test_observations_are_the_seats_views() -> None:
    game, rng = pyspiel.load_game("spielwerk_drachenfels(players=3,max_turns=6)"), random.Random(5)
    state = play_randomly(game.new_initial_state(), rng, 60)
    held = state.spielwerk_state
    for seat in range(3):
        seen = rl.observation(held, seat)
        assert np.array_equal(np.asarray(state.observation_tensor(seat), np.float32), seen)
        assert np.array_equal(np.asarray(state.information_state_tensor(seat), np.float32), seen)
        assert f'"seat":{seat}' in state.observation_string(seat)
    assert state.information_state_string(0) != state.information_state_string(1)


def test_twins_that_differ_in_secrets_look_alike_to_every_seat() -> None:
    """Two games whose hidden princesses differ, then alike: each seat's strings and tensors match."""
    game = pyspiel.load_game("spielwerk_drachenfels(players=3,max_turns=6)")
    first, second = game.new_initial_state(), game.new_initial_state()
    assert first.is_chance_node() and first.chance_outcomes()[0][0] == 0  # the princesses' hiding
    first.apply_action(0)
    second.apply_action(23)
    rng = random.Random(11)
    for _ in range(80):
        if first.is_terminal():
            break
        if first.is_chance_node():
            outcome = rng.choice([outcome for outcome, _ in first.chance_outcomes()])
        else:
            outcome = rng.choice(first.legal_actions())
        if outcome not in second.legal_actions():
            break  # the hidden princesses made the games part (a knight reached a rock castle)
        first.apply_action(outcome)
        second.apply_action(outcome)
        for seat in range(3):
            assert first.information_state_string(seat) == second.information_state_string(seat)
            assert first.observation_string(seat) == second.observation_string(seat)
            assert first.observation_tensor(seat) == second.observation_tensor(seat)
    assert str(first) != str(second)


def test_information_states_recall_what_happened() -> None:
    game, rng = pyspiel.load_game("spielwerk_gyges(max_plies=30)"), random.Random(2)
    state, seen = game.new_initial_state(), set()
    while not state.is_terminal():
        seen.add(state.information_state_string(0))
        play_randomly(state, rng, 1)
    assert len(seen) == len(state.history())


@pytest.mark.parametrize(("game_id", "players"), [
    ("gyges", 2), ("drachenfels", 4), ("grani", 6), *([("avalon", 4)] if "avalon" in rl.games() else []),
])
def test_random_games_under_default_limits_stay_within_the_longest_game(game_id: str, players: int) -> None:
    rng = random.Random(0)
    game = pyspiel.load_game(openspiel.name(game_id), {"players": players})
    state = play_randomly(game.new_initial_state(), rng, 40_000)
    decisions = sum(1 for item in state.full_history() if item.player >= 0)
    assert state.is_terminal() and decisions <= game.max_game_length()


def test_the_mcts_example_plays_a_game() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "openspiel_mcts.py"), "4", "random", "6"],
                          capture_output=True, text=True, timeout=120, check=True)
    assert "mcts: " in done.stdout and "returns: mcts" in done.stdout
