"""The Grani weight-tuning benchmark (benchmarks/grani_tuning.py): its games and its table."""

from __future__ import annotations

from benchmarks import grani_tuning

from spielwerk import agents


def test_every_candidate_plays_the_same_seeds_in_every_seat() -> None:
    jobs = list(grani_tuning.jobs(["current", "old"], seeds=2, iterations=50, first=7))
    assert len(jobs) == 2 * 4 * 2
    for _name, job in jobs:
        assert job.seats[job.lineup].startswith("mcts:50:w.regain=")
        assert [spec for spec in job.seats if spec != "greedy"] == [job.seats[job.lineup]]
        agents.from_spec(job.seats[job.lineup])  # a spec the agents take
    keys = {name: [(job.seed, job.lineup) for n, job in jobs if n == name] for name in ("current", "old")}
    assert keys["current"] == keys["old"] == [(seed, seat) for seed in (7, 8) for seat in range(4)]


def test_the_table_pairs_the_games_both_played() -> None:
    rows = [{"candidate": name, "seed": seed, "seat": 0, "score": score}
            for name, seed, score in [("current", 0, 0.0), ("current", 1, 1.0), ("current", 2, 0.25),
                                      ("old", 0, 1.0), ("old", 1, 1.0), ("old", 2, 1.0), ("old", 3, 1.0)]]
    current, old = grani_tuning.table(rows)[1:]
    assert current.split()[4:6] == ["3", "41.7%"]
    # old over the three games both played: more in seeds 0 and 2, even in 1; mean +0.58, standard error 0.30
    assert old.split()[4:6] == ["4", "100.0%"]
    assert old.split()[-5:] == ["+58.3%", "30.0%", "2", "0", "0.500"]
