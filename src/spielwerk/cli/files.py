"""Saved games on disk: `state.record()` as JSON, read back with clear errors, and autosave names."""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path
from typing import Any

import spielwerk
from spielwerk.core.errors import SpielwerkError
from spielwerk.core.state import State


class FileError(ValueError):
    """A saved game that cannot be read or written; the message says which file and why."""


def write_record(path: str | Path, state: State) -> Path:
    """Write the game's record as JSON; returns the absolute path written."""
    target = Path(path).expanduser()
    text = json.dumps(state.record(), indent=2, ensure_ascii=False) + "\n"
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as error:
        raise FileError(f"cannot write {target}: {error.strerror or error}") from None
    return target.resolve()


def read_record(path: str | Path) -> dict[str, Any]:
    """A record read from a JSON file (a dict with at least a "game" key)."""
    source = Path(path).expanduser()
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as error:
        raise FileError(f"cannot read {source}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise FileError(f"{source} is not a text file") from None
    try:
        record = json.loads(text)
    except ValueError as error:
        raise FileError(f"{source} is not a saved game (bad JSON: {error})") from None
    if not isinstance(record, dict) or "game" not in record:
        raise FileError(f"{source} is not a saved game (no \"game\" key)")
    return record


def load_game(path: str | Path) -> State:
    """The state a saved game ends in."""
    record = read_record(path)
    try:
        return spielwerk.replay(record)
    except SpielwerkError as error:
        raise FileError(f"{Path(path)} cannot be replayed: {error}") from None


def autosave_path(game_id: str, directory: str | Path | None = None) -> Path:
    """A fresh file name like `spielwerk-gyges-20250101-120000.json` in `directory` (default: here)."""
    folder = Path(directory) if directory is not None else Path.cwd()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    candidate = folder / f"spielwerk-{game_id}-{stamp}.json"
    number = 2
    while candidate.exists():
        candidate = folder / f"spielwerk-{game_id}-{stamp}-{number}.json"
        number += 1
    return candidate


def save_somewhere(state: State, preferred: str | Path | None) -> Path:
    """Save to `preferred` (or a fresh name here); if that fails, to the temp folder."""
    target = Path(preferred) if preferred is not None else autosave_path(state.game.INFO.id)
    try:
        return write_record(target, state)
    except FileError:
        return write_record(autosave_path(state.game.INFO.id, tempfile.gettempdir()), state)
