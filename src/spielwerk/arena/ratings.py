"""Ratings and standings of a tournament's agents: openskill's Plackett–Luce model, for any number of
players, with every game's returns as its ranking (equal returns tie).

A co-operative game (Avalon) has no ranking among its seats: they win or lose together. There each
game rates the team, every agent at the table, against the game itself, a player of its own
(`THE_GAME`): the team's share is the shared return, the game's the rest. An agent's rating then says
how well teams with it beat the game.

Needs the `arena` extra (openskill); this module imports it only when rating.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from spielwerk.arena.games import GameResult
from spielwerk.arena.stats import wilson

THE_GAME = "@game"
"""The co-operative game's own player in the ratings."""


@dataclass
class Standing:
    """One agent's line of the table."""

    agent: str
    games: int = 0
    score: float = 0.0  # the sum over its games of its seats' mean return
    wins: int = 0  # games a seat of it won (alone, or with the team in a co-operative game)
    plies: int = 0
    seconds: float = 0.0  # thinking time over all its decisions
    moves: int = 0
    mu: float = 0.0
    sigma: float = 0.0

    @property
    def share(self) -> float:
        """Its mean score per game (0 to 1)."""
        return self.score / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of its mean score."""
        return wilson(self.score, self.games)

    @property
    def per_move(self) -> float:
        """Its mean thinking time per decision, in seconds."""
        return self.seconds / self.moves if self.moves else 0.0


@dataclass
class Point:
    """An agent's rating after the tournament's `game`-th game (counted from 1)."""

    game: int
    mu: float
    sigma: float


@dataclass
class Ratings:
    """The table's lines (best rating first) and each agent's rating after each of its games."""

    standings: list[Standing]
    history: dict[str, list[Point]] = field(default_factory=dict)


def in_order(results: Iterable[GameResult]) -> list[GameResult]:
    """The games in the order they are rated: by seed, then line-up, so that a table does not depend
    on which game finished first (on processes or a cluster)."""
    return sorted(results, key=lambda result: (result.seed, result.lineup, result.seats))


def rate(results: Iterable[GameResult], cooperative: bool = False) -> Ratings:
    """Count and rate every game of `results` (see the module's doc for co-operative games)."""
    from openskill.models import PlackettLuce, PlackettLuceRating

    model = PlackettLuce()
    ratings: dict[str, PlackettLuceRating] = {}
    lines: dict[str, Standing] = {}
    history: dict[str, list[Point]] = {}
    for number, result in enumerate(in_order(results), start=1):
        agents = list(dict.fromkeys(result.seats))
        for spec in agents:
            line = lines.setdefault(spec, Standing(spec))
            line.games += 1
            line.score += result.score(spec)
            line.wins += result.won(spec)
            line.plies += result.plies
            for seat, held in enumerate(result.seats):
                if held == spec and seat < len(result.moves):
                    line.seconds += result.seconds[seat]
                    line.moves += result.moves[seat]
        teams, scores = _teams(agents, result, cooperative)
        if len(teams) < 2:
            continue  # one agent alone at the table: no ranking to learn from
        for name in (name for team in teams for name in team):
            ratings.setdefault(name, model.rating(name=name))
        rated = model.rate([[ratings[name] for name in team] for team in teams], scores=scores)
        for team, new in zip(teams, rated, strict=True):
            for name, rating in zip(team, new, strict=True):
                ratings[name] = rating
                history.setdefault(name, []).append(Point(number, rating.mu, rating.sigma))
    for spec, line in lines.items():
        rating = ratings.get(spec, model.rating())
        line.mu, line.sigma = rating.mu, rating.sigma
    table = sorted(lines.values(), key=lambda line: (-line.mu, line.agent))
    if THE_GAME in ratings:
        table.append(Standing(THE_GAME, mu=ratings[THE_GAME].mu, sigma=ratings[THE_GAME].sigma))
    return Ratings(table, history)


def _teams(agents: Sequence[str], result: GameResult,
           cooperative: bool) -> tuple[list[list[str]], list[float]]:
    """The teams openskill ranks for one game, and their scores (higher is better)."""
    if cooperative:
        shared = result.returns[0]
        return [list(agents), [THE_GAME]], [shared, 1.0 - shared]
    return [[spec] for spec in agents], [result.score(spec) for spec in agents]
