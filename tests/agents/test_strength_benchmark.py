"""The strength benchmark's pieces: Wilson intervals, seat swapping, and a tiny table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from benchmarks import strength
from benchmarks.stats import sign_test, wilson


def test_wilson_interval() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson(200, 200)
    assert low == pytest.approx(0.9812, abs=1e-4) and high == pytest.approx(1.0)


def test_jobs_swap_seats_on_the_same_seeds() -> None:
    jobs = list(strength.jobs([("alphabeta:1s", "random")], 4, 10, "gyges", {"setup": "random"}, 100))
    assert [(job.first_seat, job.seed) for job in jobs] == [(0, 10), (1, 10), (0, 11), (1, 11)]


def test_a_game_is_scored_for_the_first_agent() -> None:
    job = strength.Job(0, "mcts:20", "random", 1, 3, "gyges", (("setup", "random"),), 400)
    outcome = strength.play(job)
    assert outcome.first_seat == 1 and outcome.score in (0.0, 0.5, 1.0)
    assert outcome.moves[1] > 0


def test_table(capsys: pytest.CaptureFixture[str]) -> None:
    strength.main(["--games", "2", "--pair", "mcts:10", "random", "--processes", "1", "--max-plies", "40"])
    out = capsys.readouterr().out
    assert "mcts:10 vs random" in out and "95% Wilson" in out


def test_jobs_rotate_one_seat_round_a_bigger_table() -> None:
    jobs = list(strength.jobs([("mcts:1s", "random")], 8, 5, "grani", {}, 0, players=4))
    assert [(job.first_seat, job.seed) for job in jobs] == [
        (0, 5), (1, 5), (2, 5), (3, 5), (0, 6), (1, 6), (2, 6), (3, 6)
    ]
    assert all(job.players == 4 for job in jobs)


def test_a_four_player_game_scores_the_first_agent_fractionally() -> None:
    job = strength.Job(0, "mcts:5", "greedy", 2, 1, "grani", (("max_turns", 4),), 0, 4)
    outcome = strength.play(job)
    assert outcome.first_seat == 2 and outcome.players == 4
    assert outcome.score in (0.0, 1 / 4, 1 / 3, 1 / 2, 1.0)
    assert outcome.moves[2] > 0 and set(outcome.moves) == {0, 1, 2, 3}


def test_tally_counts_shared_wins_fractionally() -> None:
    tally = strength.Tally("mcts:1s", "random", players=4)
    for score in (1.0, 0.5, 0.0, 0.25):
        tally.add(strength.Outcome(0, 0, score, 10, {0: 1.0, 1: 0.0}, {0: 2, 1: 3}, 4))
    assert tally.score == 1.75 and (tally.wins, tally.draws, tally.games) == (1, 2, 4)
    row = tally.row()
    assert "mcts:1s vs 3x random" in row and "43.8%" in row and "25.0%" in row


def test_four_player_table(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "results" / "games.jsonl"  # the folder is made
    strength.main(["--game", "grani", "--players", "4", "--pair", "mcts:5", "greedy", "--games", "4",
                   "--processes", "1", "--option", "max_turns=3", "--log", str(log)])
    out = capsys.readouterr().out
    assert "mcts:5 vs 3x greedy" in out and "fair" in out and "25.0%" in out
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted(line["seat"] for line in lines) == [0, 1, 2, 3]


def test_drachenfels_games_rotate_the_seats_and_score_the_first_agent() -> None:
    jobs = list(strength.jobs([("ismcts:5", "mcts:5")], 4, 0, "drachenfels", {"max_turns": 2}, 0, players=2))
    assert [(job.first_seat, job.seed) for job in jobs] == [(0, 0), (1, 0), (0, 1), (1, 1)]
    outcome = strength.play(jobs[1])
    assert outcome.first_seat == 1 and outcome.score in (0.0, 0.5, 1.0)
    assert outcome.moves[0] > 0 and outcome.moves[1] > 0


def test_drachenfels_agents_see_the_real_state_but_only_what_their_seat_knows() -> None:
    """Two games that differ only in secrets of the other seat (its hand and the princesses): the
    hidden-information agents, handed the real state, choose alike in both."""
    import spielwerk

    game = spielwerk.game("drachenfels")
    base = {"knights": {"red": "12", "blue": "S3"}, "armour": ["red"], "bridges": ["X1"],
            "dragons": ["C2", "C3", "C4", "D2"]}
    one = game.new_state(seed=1, position={**base, "hands": {"red": ["2", "3"], "blue": ["1", "dragon"]},
                                           "princesses": ["red", "blue", "yellow", "green"]})
    two = game.new_state(seed=1, position={**base, "hands": {"red": ["2", "3"], "blue": ["5", "rainbow"]},
                                           "princesses": ["blue", "red", "yellow", "green"]})
    for spec in ("ismcts:60", "mcts:60", "greedy"):
        assert str(agents_choice(spec, one)) == str(agents_choice(spec, two))


def agents_choice(spec: str, state: object) -> object:
    from spielwerk import agents

    return agents.from_spec(spec, seed=3).choose(state)  # type: ignore[arg-type]


def test_drachenfels_table(capsys: pytest.CaptureFixture[str]) -> None:
    strength.main(["--game", "drachenfels", "--pair", "ismcts:5", "random", "--games", "2",
                   "--processes", "1", "--option", "max_turns=2"])
    out = capsys.readouterr().out
    assert "ismcts:5 vs random" in out and "50.0%" in out


def test_a_logged_match_resumes_where_it_stopped(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "results" / "games.jsonl"  # the folder is made
    common = ["--game", "grani", "--players", "4", "--pair", "mcts:5", "greedy", "--processes", "1",
              "--option", "max_turns=3", "--log", str(log)]
    strength.main([*common, "--games", "4"])
    first = capsys.readouterr().out
    strength.main([*common, "--games", "8", "--resume"])
    again = capsys.readouterr().out
    assert "resuming: 4 games already" in again and "4 games of grani" in again
    assert len(log.read_text().splitlines()) == 8
    row = next(line for line in again.splitlines() if line.startswith("mcts:5 vs"))
    assert row.split()[4] == "8"  # all eight games counted
    assert "mcts:5 vs 3x greedy" in first


def test_the_default_budget_goes_where_a_spec_names_none() -> None:
    assert strength.with_budget("mcts", "200ms") == "mcts:200ms"
    assert strength.with_budget("mcts:500", "200ms") == "mcts:500"
    assert strength.with_budget("ismcts:c=0.1,widen=2", "200ms") == "ismcts:200ms:c=0.1,widen=2"
    assert strength.with_budget("ismcts:2s:c=0.1", "200ms") == "ismcts:2s:c=0.1"
    assert strength.with_budget("random", "200ms") == "random"


def test_sign_test_gives_the_two_sided_exact_chance_of_a_split_as_uneven() -> None:
    assert sign_test(0, 5) == sign_test(5, 0) == 2 / 32
    assert sign_test(0, 0) == sign_test(3, 3) == 1.0
    assert abs(sign_test(4, 12) - 2 * (1 + 16 + 120 + 560 + 1820) / 2**16) < 1e-12
