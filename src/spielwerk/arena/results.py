"""The results file: one JSON line per game, read back to resume a tournament; and the records file."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from spielwerk.arena.games import GameResult, Job


class ResultsError(ValueError):
    """A results file that cannot be continued: another game or table, or lines that are no results."""

    def __init__(self, key: str, **args: Any) -> None:
        super().__init__(key)
        self.key, self.values = key, args


def read_results(path: Path, game: str, options: Mapping[str, Any], players: int) -> list[GameResult]:
    """The games already in `path` (none where it does not exist); a line cut short by an interrupted
    write is left out (its game is played again). Raises ResultsError where a game of another
    tournament is in it."""
    if not path.exists():
        return []
    found: list[GameResult] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            continue  # a line cut short by an interrupted write: that game is played again
        try:
            result = GameResult.from_json(data)
        except (ValueError, KeyError, TypeError, AttributeError):
            raise ResultsError("arena.results.unreadable", file=str(path), line=number) from None
        if (result.game, result.options, result.players) != (game, as_json(options), players):
            raise ResultsError("arena.results.other", file=str(path), line=number, game=result.game,
                               players=result.players)
        found.append(result)
    return found


def as_json(options: Mapping[str, Any]) -> dict[str, Any]:
    """`options` as they read back from a JSON line (a tuple as a list)."""
    loaded: dict[str, Any] = json.loads(json.dumps(dict(options)))
    return loaded


def still_to_play(jobs: Iterable[Job], done: Iterable[GameResult]) -> list[Job]:
    """The jobs whose seed and line-up no result in `done` has."""
    played = {result.key for result in done}
    return [job for job in jobs if job.key not in played]


def append_line(path: Path, data: Mapping[str, Any]) -> None:
    """Add one JSON line to `path` (made with its folder where missing), flushed at once; a line cut
    short before is closed first."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a+b") as file:
        if file.tell() > 0:
            file.seek(-1, 2)
            if file.read(1) != b"\n":
                file.write(b"\n")
        file.write(json.dumps(data, ensure_ascii=False).encode("utf-8") + b"\n")


def record_line(result: GameResult) -> dict[str, Any]:
    """One line of the records file: the game's seed, seats and returns, and its record (the engine's
    JSON that replays it: `spielwerk.replay(line["record"])`)."""
    return {"seed": result.seed, "seats": result.seats, "returns": result.returns, "record": result.record}
