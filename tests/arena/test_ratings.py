"""The ratings: openskill's Plackett–Luce over the games' returns, in an order that does not depend on
which game finished first; co-operative games rate the team against the game."""

from __future__ import annotations

import random

import pytest

from spielwerk import arena
from spielwerk.arena.games import GameResult

pytest.importorskip("openskill")


def game(seed: int, seats: list[str], returns: list[float], lineup: int = 0) -> GameResult:
    count = len(seats)
    return GameResult("grani", {}, seed, seats, returns, 10, True, lineup, [0.1] * count, [1] * count)


def tournament() -> list[GameResult]:
    """'strong' always wins; 'weak' and 'middle' share the rest as the seeds go."""
    played = []
    for seed in range(10):
        for lineup, seats in enumerate(arena.lineups(["strong", "middle", "weak"], 3)):
            returns = [1.0 if s == "strong" else 0.0 for s in seats]
            played.append(game(seed, list(seats), returns, lineup))
    played.append(game(99, ["weak", "middle", "strong"], [0.0, 0.5, 0.5]))  # a shared win
    return played


def test_the_winner_rates_first_and_a_tie_rates_alike() -> None:
    ratings = arena.rate(tournament())
    table = {line.agent: line for line in ratings.standings}
    assert ratings.standings[0].agent == "strong"
    assert table["middle"].mu == pytest.approx(table["weak"].mu, abs=2.5)  # they tie every game but one
    assert table["strong"].mu - 2 * table["strong"].sigma > table["weak"].mu
    assert (table["strong"].games, table["strong"].wins, table["strong"].score) == (31, 30, 30.5)
    low, high = table["strong"].interval
    assert low < 30.5 / 31 < high <= 1.0
    assert len(ratings.history["strong"]) == 31 and ratings.history["strong"][-1].game == 31


def test_the_order_games_finish_in_changes_nothing() -> None:
    played = tournament()
    shuffled = played[:]
    random.Random(3).shuffle(shuffled)
    assert arena.rate(shuffled).standings == arena.rate(played).standings


def test_a_lone_agent_is_counted_but_not_rated() -> None:
    ratings = arena.rate([game(0, ["a", "a", "a"], [1.0, 0.0, 0.0])])
    (line,) = ratings.standings
    assert (line.games, line.wins, line.score) == (1, 1, 1 / 3) and ratings.history == {}


def test_a_cooperative_game_rates_the_team_against_the_game() -> None:
    played = [GameResult("avalon", {}, seed, list(seats), [won] * 2, 5, True, lineup)
              for seed in range(8)
              for lineup, seats in enumerate(arena.lineups(["good", "fair", "poor"], 2))
              for won in [float("good" in seats)]]  # a team wins where "good" is in it
    ratings = arena.rate(played, cooperative=True)
    order = [line.agent for line in ratings.standings]
    assert order[0] == "good" and order[-1] == arena.THE_GAME and len(order) == 4
    table = {line.agent: line for line in ratings.standings}
    assert table["good"].share == 1.0 and table["poor"].share == table["fair"].share == 0.5
    assert table["good"].mu > table["fair"].mu + 3 and table["good"].wins == 16
