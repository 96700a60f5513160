"""Benchmark logs: one JSON object a line, appended as each game ends, so that a long run can stop
and go on (`--resume`), or be split over machines and read together."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def append_record(path: str, record: dict[str, Any]) -> None:
    """Append `record` to the log at `path` (made, with its folder, if missing)."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as file:
        file.write(json.dumps(record) + "\n")


def read_records(path: str) -> list[dict[str, Any]]:
    """The records of the log at `path`, oldest first; none where there is no log yet."""
    try:
        with open(path, encoding="utf-8") as file:
            return [json.loads(line) for line in file if line.strip()]
    except FileNotFoundError:
        return []
