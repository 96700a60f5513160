"""The tournament's schedule: every seed with every rotation of the agents, and one game played."""

from __future__ import annotations

from collections import Counter

import pytest

import spielwerk
from spielwerk import arena
from spielwerk.arena.games import GameResult


def test_rotations_put_every_agent_in_every_seat_once() -> None:
    assert arena.lineups(["a", "b", "c"], 3) == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    more = arena.lineups(["a", "b", "c"], 2)  # more agents than seats: each plays two of the three
    assert more == [("a", "b"), ("b", "c"), ("c", "a")]
    for seat in range(2):
        assert sorted(table[seat] for table in more) == ["a", "b", "c"]
    fewer = arena.lineups(["a", "b"], 4)  # fewer: each holds two seats of a game
    assert fewer == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    assert Counter(seat for table in fewer for seat in table) == {"a": 4, "b": 4}


def test_games_round_up_to_whole_seeds_and_every_seed_meets_every_lineup() -> None:
    jobs = list(arena.schedule("grani", {"max_turns": 5}, ["x", "y", "z"], 3, 7, seed=10))
    assert len(jobs) == 9
    assert [(job.seed, job.lineup) for job in jobs] == [(s, r) for s in (10, 11, 12) for r in range(3)]
    assert all(dict(job.options) == {"max_turns": 5} and job.players == 3 for job in jobs)


def test_a_game_replays_alike_and_its_record_replays_it() -> None:
    job = arena.Job("drachenfels", (("max_turns", 6),), 4, ("mcts:10", "greedy"), record=True)
    one, two = arena.play_game(job), arena.play_game(job)
    assert one.returns == two.returns and one.plies == two.plies and one.record == two.record
    assert one.record is not None and sum(one.moves) == one.plies > 0
    state = spielwerk.replay(one.record)
    assert len(state.history) >= one.plies
    assert state.returns() == one.returns if state.is_over else not one.over


def test_a_capped_game_gives_every_seat_its_share() -> None:
    job = arena.Job("gyges", (("setup", "random"),), 1, ("random", "random"), max_plies=3)
    result = arena.play_game(job)
    assert (result.plies, result.over, result.returns) == (3, False, [0.5, 0.5])


def test_an_agent_scores_the_mean_of_its_seats() -> None:
    result = GameResult("grani", {}, 0, ["a", "b", "a", "b"], [1.0, 0.0, 0.0, 0.0], 10, True)
    assert (result.score("a"), result.score("b"), result.won("a"), result.won("b")) == (0.5, 0.0, True, False)
    assert GameResult.from_json(result.to_json()).to_json() == result.to_json()


def test_a_tournament_refuses_what_cannot_be_played() -> None:
    with pytest.raises(spielwerk.SpielwerkError):
        arena.Tournament("grani", ["alphabeta:100", "random"], players=3)  # alpha-beta: two players
    with pytest.raises(spielwerk.SpielwerkError):
        arena.Tournament("gyges", ["random"], players=3)
    with pytest.raises(spielwerk.SpielwerkError):
        arena.Tournament("gyges", ["nobody"])
    assert arena.Tournament("gyges", ["random", "greedy", "random"]).specs == ["random", "greedy"]
