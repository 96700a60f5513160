"""A tournament: its games planned, those not yet in its results file played, each result written."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import spielwerk
from spielwerk import agents
from spielwerk.agents.say import say
from spielwerk.arena.games import GameResult, Job, schedule
from spielwerk.arena.ratings import Ratings, rate
from spielwerk.arena.results import append_line, read_results, record_line, still_to_play
from spielwerk.arena.runner import run
from spielwerk.core.errors import OptionError
from spielwerk.core.inputs import quote


@dataclass
class Tournament:
    """`specs` (agent specs, "mcts:200") play `games` games of `game` at `players` seats, every seed
    with every rotation of the agents over the seats (`lineups`). `out`: the results file (JSONL, read
    back to resume); `records`: where each new game's record goes (JSONL, for training)."""

    game: str
    specs: Sequence[str]
    players: int | None = None  # the game's fewest by default
    games: int = 100
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    max_plies: int = 0
    out: Path | None = None
    records: Path | None = None
    tables: Sequence[tuple[str, ...]] | None = None  # line-ups in place of the rotations
    cooperative: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        self.specs = list(dict.fromkeys(self.specs))  # an agent named twice plays once
        if not self.specs:
            raise OptionError(say("agent.spec", given=quote("")))
        chosen = spielwerk.game(self.game, **self.options)  # raises on an unknown game or option
        info = chosen.info
        self.players = self.players if self.players is not None else info.min_players
        self.options = dict(chosen.options)
        self.cooperative = info.cooperative
        chosen.new_state(players=self.players, seed=0)  # raises on a player count the game refuses
        for spec in dict.fromkeys(self.specs):
            agents.from_spec(spec).check_fits(info, self.players)

    def jobs(self) -> list[Job]:
        """Every game of the tournament, played or not."""
        assert self.players is not None
        return list(schedule(self.game, self.options, self.specs, self.players, self.games, self.seed,
                             self.max_plies, self.records is not None, self.tables))

    def plan(self) -> tuple[list[GameResult], list[Job]]:
        """The games already in the results file, and the tournament's games still to play."""
        assert self.players is not None
        done = read_results(self.out, self.game, self.options, self.players) if self.out else []
        return done, still_to_play(self.jobs(), done)

    def play(self, jobs: Sequence[Job], workers: int = 1, ray: str | None = None) -> Iterator[GameResult]:
        """Play `jobs` (see `runner.run`), writing each result (and record) as it ends."""
        for result in run(jobs, workers, ray):
            if self.out is not None:
                append_line(self.out, result.to_json())
            if self.records is not None:
                append_line(self.records, record_line(result))
            yield result

    def rate(self, results: Sequence[GameResult]) -> Ratings:
        """The ratings and table of `results`."""
        return rate(results, self.cooperative)


def tournament(game: str, specs: Sequence[str], workers: int = 1, ray: str | None = None,
               each: Callable[[GameResult], None] | None = None, **settings: Any) -> Ratings:
    """Play a whole tournament (resuming its `out` file) and rate every game of it: the arena from
    Python. `settings` are `Tournament`'s (players, games, seed, options, max_plies, out, records)."""
    chosen = Tournament(game, specs, **settings)
    done, todo = chosen.plan()
    for result in chosen.play(todo, workers, ray):
        done.append(result)
        if each is not None:
            each(result)
    return chosen.rate(done)
