"""A tournament's games: who sits where on which seed, and one game played to its end."""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import spielwerk
from spielwerk import agents
from spielwerk.cli.seats import agent_seed


@dataclass(frozen=True)
class Job:
    """One game to play: the game and its options, the seed, and the agent spec of every seat."""

    game: str
    options: tuple[tuple[str, Any], ...]
    seed: int
    seats: tuple[str, ...]
    lineup: int = 0  # which line-up of the tournament (its rotation): the order the ratings count games in
    max_plies: int = 0  # 0: no cap; a game still going then ends with every seat's share 1 / players
    record: bool = False  # keep the game's record (for self-play export)

    @property
    def players(self) -> int:
        """The seats at the table."""
        return len(self.seats)

    @property
    def key(self) -> tuple[int, tuple[str, ...]]:
        """What tells this game from the tournament's others: its seed and line-up."""
        return self.seed, self.seats


@dataclass
class GameResult:
    """What one game gave: every seat's return, its length, and each seat's thinking."""

    game: str
    options: dict[str, Any]
    seed: int
    seats: list[str]
    returns: list[float]
    plies: int  # the players' actions (chance outcomes not counted)
    over: bool  # ended by the rules (False: stopped at the ply cap)
    lineup: int = 0
    seconds: list[float] = field(default_factory=list)  # thinking time per seat
    moves: list[int] = field(default_factory=list)  # decisions per seat
    record: dict[str, Any] | None = None

    @property
    def players(self) -> int:
        """The seats at the table."""
        return len(self.seats)

    @property
    def key(self) -> tuple[int, tuple[str, ...]]:
        """The seed and line-up, as `Job.key`."""
        return self.seed, tuple(self.seats)

    def to_json(self) -> dict[str, Any]:
        """One line of the results file (without the record, which goes to its own file)."""
        return {"game": self.game, "options": self.options, "players": self.players, "seed": self.seed,
                "lineup": self.lineup, "seats": self.seats, "returns": self.returns, "plies": self.plies,
                "over": self.over, "moves": self.moves, "seconds": [round(s, 4) for s in self.seconds]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameResult:
        """A result read back from a line of the results file."""
        seats = [str(spec) for spec in data["seats"]]
        return cls(str(data["game"]), dict(data.get("options", {})), int(data["seed"]), seats,
                   [float(r) for r in data["returns"]], int(data["plies"]), bool(data.get("over", True)),
                   int(data.get("lineup", 0)), [float(s) for s in data.get("seconds", [])],
                   [int(m) for m in data.get("moves", [])])

    def score(self, spec: str) -> float:
        """What the game gave agent `spec`: the mean return of the seats it held."""
        held = [r for s, r in zip(self.seats, self.returns, strict=True) if s == spec]
        return sum(held) / len(held)

    def won(self, spec: str) -> bool:
        """True where a seat of `spec` won (alone, or with the team in a co-operative game)."""
        return any(s == spec and r == 1.0 for s, r in zip(self.seats, self.returns, strict=True))


def lineups(specs: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every rotation of the agents over the seats: line-up r seats agent (r + seat) mod len(specs).

    So each agent holds every seat once over the line-ups: with more agents than seats each plays
    `players` of them, with fewer each holds several seats of one game."""
    count = len(specs)
    return [tuple(specs[(r + seat) % count] for seat in range(players)) for r in range(count)]


def schedule(game: str, options: Mapping[str, Any], specs: Sequence[str], players: int, games: int,
             seed: int = 0, max_plies: int = 0, record: bool = False,
             tables: Sequence[tuple[str, ...]] | None = None) -> Iterator[Job]:
    """The tournament's games: seeds `seed`, `seed + 1`, … each played with every line-up (`tables`,
    by default `lineups(specs, players)`), `games` rounded up to a whole number of seeds."""
    chosen = list(tables) if tables is not None else lineups(specs, players)
    frozen = tuple(sorted(options.items()))
    for number in range(math.ceil(games / len(chosen))):
        for index, seats in enumerate(chosen):
            yield Job(game, frozen, seed + number, seats, index, max_plies, record)


def play_game(job: Job) -> GameResult:
    """Play one game of `job` to its end (or its ply cap); each agent seeded as `spielwerk play
    --seed` seeds it, so a game replays with the same seed and agents."""
    chosen = spielwerk.game(job.game, **dict(job.options))
    state = chosen.new_state(players=job.players, seed=job.seed)
    bots = [agents.from_spec(spec, seed=agent_seed(job.seed, seat)) for seat, spec in enumerate(job.seats)]
    seconds, moves, plies = [0.0] * job.players, [0] * job.players, 0
    while not state.is_over and not 0 < job.max_plies <= plies:
        if state.is_chance:
            state.resolve_chance()
            continue
        seat = state.to_move
        start = time.perf_counter()
        action = bots[seat].choose(state)
        seconds[seat] += time.perf_counter() - start
        moves[seat] += 1
        state.apply(action)
        plies += 1
    returns = state.returns() if state.is_over else [1 / job.players] * job.players
    return GameResult(job.game, dict(job.options), job.seed, list(job.seats), returns, plies, state.is_over,
                      job.lineup, seconds, moves, state.record() if job.record else None)
