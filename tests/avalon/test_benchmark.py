"""The Avalon benchmark's helpers (benchmarks/avalon.py): shares with Wilson intervals, tallies, logs
of long runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from benchmarks.avalon import (
    RESULTS,
    Game,
    Tally,
    logged,
    logger,
    main,
    outcome_row,
    outcomes,
    outcomes_of,
    paired_rows,
    play,
    random_playouts,
    rate,
)


def test_rate_prints_the_share_and_its_wilson_interval() -> None:
    assert rate(0, 10) == "0% (0–28)"
    assert rate(10, 10) == "100% (72–100)"
    assert rate(5, 10) == "50% (24–76)"
    assert rate(0, 0) == "0% (0–100)"


def test_tally_counts_results_relics_days_and_thinking() -> None:
    tally = Tally()
    tally.add(Game("won", 7, ["bell", "horn", "mirror"], 40, 2.0, 30, 30_000))
    tally.add(Game("menhirs", 5, ["horn", "horn"], 20, 1.0, 10, 10_000))
    assert tally.games == 2 and tally.results["won"] == 1 and tally.results["menhirs"] == 1
    assert tally.relics["horn"] == 2 and tally.relics["bell"] == 1
    assert tally.days == 12 and tally.decisions == 60 and tally.seconds == 3.0
    row = outcome_row(2, "greedy", tally)
    assert row.startswith("2p greedy") and "50% (9–91)" in row and "b50 h100 m50" in row
    assert row.endswith("   50.0    1,000")  # ms a decision, iterations a searched one


def test_random_games_end_by_a_result_of_the_rules() -> None:
    tally = outcomes(2, "random", 3, seed=0)
    assert tally.games == 3 and set(tally.results) <= set(RESULTS)
    assert 1 <= tally.days / tally.games <= 20


def test_random_playouts_count_days_as_turns() -> None:
    run = random_playouts(1, 0.0)
    assert run.games == 1 and 1 <= run.turns <= 20 and run.steps >= run.decisions > 0


def summary(tally: Tally) -> tuple[object, ...]:
    """What a tally counts, but the seconds (which a log rounds)."""
    return tally.games, tally.results, tally.relics, tally.days, tally.decisions


def test_a_run_logged_game_by_game_is_read_back_as_it_was_played(tmp_path: Path) -> None:
    log = tmp_path / "run.jsonl"
    played = outcomes(2, "random", 3, seed=5, on_game=logger(str(log), 2, "random", None))
    assert len(log.read_text(encoding="utf-8").splitlines()) == 3
    games = logged([str(log), str(log)])  # a game logged twice counts once
    assert list(games) == [(2, "random", None)] and sorted(games[(2, "random", None)]) == [5, 6, 7]
    again = outcomes(2, "random", 3, seed=5, done=games[(2, "random", None)])
    assert summary(again) == summary(played)


def test_resume_plays_only_the_games_not_in_the_log(tmp_path: Path, capsys: object) -> None:
    log = tmp_path / "results" / "run.jsonl"
    run = ["--outcomes-only", "--agents", "random", "--players", "1", "--log", str(log)]
    main([*run, "--games", "2"])
    first = capsys.readouterr().out.splitlines()  # type: ignore[attr-defined]
    main([*run, "--games", "3", "--resume"])
    lines = log.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["seed"] for line in lines] == [0, 1, 2]
    second = capsys.readouterr().out.splitlines()  # type: ignore[attr-defined]
    assert first[1].split()[2] == "2" and second[1].split()[2] == "3"


def test_tally_prints_the_table_of_logs_without_playing(tmp_path: Path, capsys: object) -> None:
    log = tmp_path / "run.jsonl"
    logger(str(log), 3, "ismcts:1s", 9)(17, Game("won", 8, ["bell", "horn", "mirror"], 90, 90.0))
    main(["--tally", str(log)])
    lines = capsys.readouterr().out.splitlines()  # type: ignore[attr-defined]
    assert lines[1].startswith("3p ismcts:1s d9") and "100% (21–100)" in lines[1]
    assert lines[1].endswith("1000.0        —")  # a log without the iterations: not known


def test_games_in_several_processes_come_to_the_same_tally(tmp_path: Path) -> None:
    log = tmp_path / "run.jsonl"
    alone = outcomes(1, "greedy", 4, seed=3)
    shared = outcomes(1, "greedy", 4, seed=3, on_game=logger(str(log), 1, "greedy", None), processes=2)
    assert summary(shared) == summary(alone)
    lines = log.read_text(encoding="utf-8").splitlines()
    assert sorted(json.loads(line)["seed"] for line in lines) == [3, 4, 5, 6]


def test_groups_share_one_run_round_by_round() -> None:
    played: list[tuple[int, str, int]] = []
    finished: list[tuple[int, str]] = []
    done: dict[tuple[int, str], dict[int, Game]] = {(1, "random"): {0: Game("time", 8, [], 40, 1.0)}}
    tallies = outcomes_of([(1, "random"), (2, "random")], 2, 0,
                          on_game=lambda group: lambda seed, game: played.append((*group, seed)),
                          done=done, on_group=lambda group, tally: finished.append(group))
    assert played == [(1, "random", 1), (2, "random", 0), (2, "random", 1)]  # the first missing game of each
    assert finished == [(1, "random"), (2, "random")]
    assert tallies[(1, "random")].games == tallies[(2, "random")].games == 2
    assert tallies[(1, "random")].results["time"] >= 1  # the logged game is counted as it was
    alone = outcomes(2, "random", 2, seed=0)
    assert summary(alone) == summary(tallies[(2, "random")])  # the same games as one group alone


LOST = Game("time", 10, [], 100, 10.0)
WON = Game("won", 7, ["bell", "horn", "mirror"], 70, 7.0)


def log_pairs(logs: tuple[Path, Path], players: int, specs: tuple[str, str],
              pairs: list[tuple[Game, Game]]) -> None:
    """Log game `seed` of `pairs` as its first game in the first log, its second in the second."""
    for seed, games in enumerate(pairs):
        for path, spec, game in zip(logs, specs, games, strict=True):
            logger(str(path), players, spec, None)(seed, game)


def test_paired_compares_two_logs_on_the_seeds_both_played(tmp_path: Path, capsys: object) -> None:
    before, after = tmp_path / "before.jsonl", tmp_path / "after.jsonl"
    lost, won = LOST, WON
    log_pairs((before, after), 3, ("ismcts:1000", "ismcts:1000"),
              [(lost, won), (lost, won), (won, won), (won, lost), (lost, lost)])
    logger(str(after), 3, "ismcts:1000", None)(9, won)  # played by one log only: not compared
    logger(str(after), 4, "ismcts:1000", None)(0, won)  # a group the other log lacks: no row
    assert list(paired_rows(str(before), str(after))) == [
        "3p ismcts:1000: 5 seeds in both; won 2 before, 3 after; only before 1, only after 2; "
        "sign test p = 1.00"]
    main(["--paired", str(before), str(after)])
    assert "won 2 before, 3 after" in capsys.readouterr().out  # type: ignore[attr-defined]


def test_paired_agents_compares_two_budgets_of_one_agent_by_seed(tmp_path: Path, capsys: object) -> None:
    quick, slow = tmp_path / "quick.jsonl", tmp_path / "slow.jsonl"
    lost, won = LOST, WON
    log_pairs((quick, slow), 4, ("ismcts:1000", "ismcts:1s"),
              [(lost, won), (lost, won), (lost, won), (won, won), (won, lost)])
    logger(str(slow), 4, "ismcts:1000", None)(0, lost)  # the slow log's games of the first agent: unused
    assert list(paired_rows(str(quick), str(slow))) == [
        "4p ismcts:1000: 1 seeds in both; won 0 before, 0 after; only before 0, only after 0; "
        "sign test p = 1.00"]
    assert list(paired_rows(str(quick), str(slow), ("ismcts:1000", "ismcts:1s"))) == [
        "4p ismcts:1000 / ismcts:1s: 5 seeds in both; won 2 before, 4 after; only before 1, "
        "only after 3; sign test p = 0.62"]
    main(["--paired", str(quick), str(slow), "--pair-agents", "ismcts:1000", "ismcts:1s"])
    assert "won 2 before, 4 after" in capsys.readouterr().out  # type: ignore[attr-defined]
    with pytest.raises(SystemExit):
        main(["--pair-agents", "ismcts:1000", "ismcts:1s"])


def test_a_search_counts_its_iterations_and_an_agent_that_does_not_search_none() -> None:
    game = play(2, "ismcts:10", seed=1, max_days=4)
    assert 0 < game.searched <= game.decisions and game.iterations == 10 * game.searched
    unsearched = play(2, "random", seed=1, max_days=4)
    assert unsearched.decisions > 0 and unsearched.searched == unsearched.iterations == 0
