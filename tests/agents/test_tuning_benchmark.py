"""The weight-tuning benchmark (benchmarks/tuning.py): its games, its table and its results files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, cast

import pytest
from benchmarks import tuning

from spielwerk import agents
from spielwerk.core import chance
from spielwerk.core.errors import OptionError


@pytest.mark.parametrize("game", sorted(tuning.TUNINGS))
def test_every_candidate_plays_the_same_seeds_in_every_seat(game: str) -> None:
    setup = tuning.TUNINGS[game]
    names = list(setup.candidates)[:2]
    jobs = list(tuning.jobs(game, names, seeds=2, iterations=50, first=7))
    assert len(jobs) == 2 * setup.players * 2
    for _name, job in jobs:
        assert job.seats[job.lineup].startswith(f"{setup.agent}:50:w.{setup.names[0]}=")
        assert [spec for spec in job.seats if spec != "greedy"] == [job.seats[job.lineup]]
        agent = agents.from_spec(job.seats[job.lineup])
        assert set(agent.weights) >= set(setup.names)
    keys = {name: [(job.seed, job.lineup) for n, job in jobs if n == name] for name in names}
    expected = [(seed, seat) for seed in (7, 8) for seat in range(setup.players)]
    assert keys[names[0]] == keys[names[1]] == expected


@pytest.mark.parametrize("game", sorted(tuning.TUNINGS))
def test_every_candidate_sets_the_columns_weights_and_current_is_the_default(game: str) -> None:
    setup = tuning.TUNINGS[game]
    assert all(set(weights) >= set(setup.names) for weights in setup.candidates.values())
    heuristics = __import__("spielwerk").game(game).heuristics()
    assert {name: getattr(heuristics.w, name) for name in setup.names} == setup.candidates["current"]


def test_the_table_pairs_the_games_both_played() -> None:
    rows = [{"candidate": name, "seed": seed, "seat": 0, "score": score}
            for name, seed, score in [("current", 0, 0.0), ("current", 1, 1.0), ("current", 2, 0.25),
                                      ("old", 0, 1.0), ("old", 1, 1.0), ("old", 2, 1.0), ("old", 3, 1.0)]]
    current, old = tuning.table("grani", rows)[1:]
    assert current.split()[:10] == ["current", "24", "0", "0.02", "0", "1000", "0", "0", "3", "41.7%"]
    # old over the three games both played: more in seeds 0 and 2, even in 1; mean +0.58, standard error 0.30
    assert old.split()[8:10] == ["4", "100.0%"]
    assert old.split()[-5:] == ["+58.3%", "30.0%", "2", "0", "0.500"]


def test_a_candidates_weights_beyond_the_columns_end_its_row() -> None:
    rows = [{"candidate": name, "seed": 0, "seat": 0, "score": 0.5} for name in ("current", "E-threat0.8")]
    current, other = tuning.table("grani", rows)[1:]
    assert other.split()[:8] == ["E-threat0.8", "24", "0", "0.02", "0", "1000", "0", "0"]
    assert other.endswith("  threat=0.8")
    assert "=" not in current


def test_a_results_file_keeps_each_games_rows_apart(tmp_path: Path) -> None:
    path = tmp_path / "tuning.jsonl"
    lines = [{"candidate": "old", "seed": 0, "seat": 0, "score": 1.0},  # the first Grani runs had no game
             {"game": "drachenfels", "candidate": "current", "seed": 0, "seat": 1, "score": 0.0}]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert [row["candidate"] for row in tuning.read(path, "grani")] == ["old"]
    assert [row["seat"] for row in tuning.read(path, "drachenfels")] == [1]
    assert tuning.read(tmp_path / "none.jsonl", "grani") == []


@pytest.mark.parametrize("game", sorted(tuning.TUNINGS))
def test_a_candidates_weights_reach_the_agents_heuristics(game: str) -> None:
    setup = tuning.TUNINGS[game]
    name, weights = next((n, w) for n, w in setup.candidates.items() if w != setup.candidates["current"])
    agent = agents.from_spec(tuning.spec(setup.agent, weights, 10))
    state = __import__("spielwerk").game(game).new_state(players=setup.players, seed=0)
    tuned = agent.heuristics_for(state)
    assert tuned is not None and tuned is not state.game.heuristics(), name
    weights_seen = cast(Any, tuned).w
    assert {weight: getattr(weights_seen, weight) for weight in setup.names} == weights
    with pytest.raises(OptionError, match=r"w\.nonsense"):
        agents.from_spec(f"{setup.agent}:10:w.nonsense=1").heuristics_for(state)
    with pytest.raises(OptionError, match=r"w\.nonsense"):  # and before a game is made
        agents.from_spec(f"{setup.agent}:10:w.nonsense=1").check_fits(state.game.info, setup.players)


def test_games_compare_only_with_games_against_the_same_opponents_under_the_same_dice() -> None:
    now = tuning.defaults("grani")
    before = {**now, "regain": 8.0, "hold": 0.5}
    dice = chance.ROLLS
    played: list[tuple[str, float, dict[str, Any]]] = [
        ("current", 1.0, {}), ("old", 0.0, {}),
        ("current", 0.0, {"opponents": now, "dice": dice}), ("old", 1.0, {"opponents": now, "dice": dice}),
        ("current", 1.0, {"opponents": before, "dice": dice}), ("old", 0.0, {"opponents": now})]
    rows = [{"candidate": name, "seed": 0, "seat": 0, "score": score, **extra}
            for name, score, extra in played]
    groups: dict[str, list[str]] = {}
    for line in tuning.table("grani", rows):
        if line.startswith("against greedy with "):
            head = line.removeprefix("against greedy with ").removesuffix(":")
            groups[head] = []
        else:
            groups[head].append(line)
    unnamed = tuning.conditions({})
    assert unnamed == f"{tuning.UNNAMED}; dice {tuning.OLD_DICE}"
    assert next(iter(groups)) == unnamed
    ours, earlier_dice, earlier_weights = (tuning.conditions({"opponents": now, "dice": dice}),
                                           tuning.conditions({"opponents": now}),
                                           tuning.conditions({"opponents": before, "dice": dice}))
    assert set(groups) == {unnamed, ours, earlier_dice, earlier_weights}
    assert groups[unnamed][2].split()[-5:] == ["-100.0%", "0.0%", "0", "1", "1.000"]  # lost where current won
    assert groups[ours][2].split()[-5:] == ["+100.0%", "0.0%", "1", "0", "1.000"]  # won where current lost
    assert len(groups[earlier_weights]) == 2  # the header and current alone
    assert len(groups[earlier_dice]) == 2  # the header and old alone: not paired with today's dice
    assert not any(line.startswith("against") for line in tuning.table("grani", rows[:2]))  # one group


def test_a_weight_added_since_at_its_neutral_value_leaves_the_opponents_as_they_were() -> None:
    before = {"regain": 24.0, "seal": 20.0}
    as_before = tuning.opponents({"opponents": before})
    assert tuning.opponents({"opponents": {**before, "release": 0.0}}) == as_before
    assert tuning.opponents({"opponents": {**before, "release": 4.0}}) != as_before
