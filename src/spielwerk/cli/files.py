"""Saved games on disk: `state.record()` as JSON with who sat where, read back with clear errors.

A saved game is the game's record (`state.record()`, which `spielwerk.replay` takes) with one more
key, `seats`: each seat's name and who played it, `human` or an agent spec with its budget and
options (`{"south": "human", "north": "alphabeta:2s"}`), so that a loaded game goes on against the
same opponents. Files without `seats` (plain records) load too. Games saved without a name (and
every autosave) go to the user's data folder, never into the current folder.
"""

from __future__ import annotations

import errno
import json
import shlex
import shutil
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

import spielwerk
from spielwerk.cli.say import WORDS
from spielwerk.core.errors import SpielwerkError
from spielwerk.core.inputs import MAX_ACTION_TEXT, quote
from spielwerk.core.message import Message
from spielwerk.core.state import State

SEATS = "seats"
"""The key of a saved game that names who played each seat."""
MAX_SEATS = 16
MAX_PATH_SHOWN = 300
"""Longer paths (typed by mistake, say) are quoted short in messages."""
PROGRAM = "spielwerk"
say = WORDS.message


class FileError(ValueError):
    """A saved game that cannot be read or written; `.message` says which file and why, in any
    language (`render`)."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(str(message))

    def render(self, language: str = "en") -> str:
        """Which file and why, in `language`."""
        return self.message.render(language)


@dataclass
class SavedGame:
    """A game read from a file: its state and who played each seat (by seat name; empty if unknown)."""

    state: State
    seats: dict[str, str] = field(default_factory=dict)


def autosave_folder() -> Path:
    """Where games saved without a name go: `saves` in the user's data folder for spielwerk
    (`~/.local/share/spielwerk/saves` on Linux, `~/Library/Application Support/spielwerk/saves` on a Mac)."""
    return platformdirs.user_data_path(PROGRAM, appauthor=False) / "saves"


def write_game(path: str | Path, state: State, seats: Mapping[str, str] | None = None) -> Path:
    """Write the game's record (with `seats`, where given) as JSON; returns the absolute path written."""
    target = Path(path).expanduser()
    data = state.record()
    if seats:
        data[SEATS] = dict(seats)
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as error:
        raise FileError(say("file.cannot-write", path=shown(target), why=system_reason(error))) from None
    return target.resolve()


def read_record(path: str | Path) -> dict[str, Any]:
    """A record read from a JSON file (a dict with at least a "game" key)."""
    source = Path(path).expanduser()
    try:
        text = source.read_text(encoding="utf-8")
    except OSError as error:
        raise FileError(say("file.cannot-read", path=shown(source), why=system_reason(error))) from None
    except UnicodeDecodeError:
        raise FileError(say("file.not-text", path=shown(source))) from None
    try:
        record = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise FileError(say("file.bad-json", path=shown(source), why=str(error))) from None
    if not isinstance(record, dict) or "game" not in record:
        raise FileError(say("file.no-game", path=shown(source)))
    return record


def read_game(path: str | Path) -> SavedGame:
    """The state a saved game ends in, with who played each seat."""
    record = read_record(path)
    seats = _seats(record.pop(SEATS, {}), path)
    try:
        state = spielwerk.replay(record)
    except SpielwerkError as error:
        raise FileError(say("file.not-replayed", path=shown(path), why=error.message or str(error))) from None
    return SavedGame(state, seats)


def load_game(path: str | Path) -> State:
    """The state a saved game ends in."""
    return read_game(path).state


def _seats(value: Any, path: str | Path) -> dict[str, str]:
    """The `seats` of a saved game, checked: seat names and specs, all short texts."""
    fine = (
        isinstance(value, dict)
        and len(value) <= MAX_SEATS
        and all(isinstance(key, str) and isinstance(spec, str) for key, spec in value.items())
        and all(0 < len(text) <= MAX_ACTION_TEXT for item in value.items() for text in item)
    )
    if not fine:
        raise FileError(say("file.bad-seats", path=shown(path), given=quote(value)))
    return dict(value)


def autosave_path(game_id: str, directory: str | Path | None = None) -> Path:
    """A fresh file name like `spielwerk-gyges-20250101-120000.json` in `directory` (default: the
    autosave folder, made where it is missing)."""
    folder = Path(directory) if directory is not None else autosave_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise FileError(say("file.no-folder", path=shown(folder), why=system_reason(error))) from None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    candidate = folder / f"spielwerk-{game_id}-{stamp}.json"
    number = 2
    while candidate.exists():
        candidate = folder / f"spielwerk-{game_id}-{stamp}-{number}.json"
        number += 1
    return candidate


def save_somewhere(
    state: State, preferred: str | Path | None, seats: Mapping[str, str] | None = None
) -> Path:
    """Save to `preferred` (or a fresh name in the autosave folder); if that fails, to the temp folder."""
    game_id = state.game.INFO.id
    try:
        target = Path(preferred) if preferred is not None else autosave_path(game_id)
        return write_game(target, state, seats)
    except FileError:
        return write_game(autosave_path(game_id, tempfile.gettempdir()), state, seats)


def system_reason(error: OSError) -> Message | str:
    """Why a read or write failed, in any language for the common reasons ("no such file or folder"),
    else as the system words it (in English)."""
    key = _REASONS.get(error.errno) if error.errno is not None else None
    return say(f"file.why.{key}") if key else error.strerror or str(error)


_REASONS = {errno.ENOENT: "not-found", errno.EACCES: "denied", errno.EPERM: "denied", errno.EISDIR: "folder",
            errno.ENOTDIR: "not-folder", errno.ENOSPC: "full", errno.EROFS: "read-only",
            errno.ENAMETOOLONG: "too-long"}
"""The reasons told in the catalogue, by error number."""


def shown(path: str | Path) -> str:
    """A path for a message: whole where it is of a sane length, else a short quoted prefix."""
    text = str(path)
    return text if len(text) <= MAX_PATH_SHOWN and text.isprintable() else quote(text)


def program() -> str:
    """How to start this program again, as a person types it: `spielwerk` where that name finds this
    very program, else its full path (`.venv/bin/spielwerk` of a project, run by `make play`)."""
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if script is None or script.name != PROGRAM or not script.is_file():
        return PROGRAM
    found = shutil.which(PROGRAM)
    if found is not None and Path(found).resolve() == script.resolve():
        return PROGRAM
    return shlex.quote(str(script.resolve()))


def resume_command(path: str | Path, name: str | None = None) -> str:
    """The command that goes on with the game saved at `path`, ready to be typed as printed."""
    return f"{name or program()} play --load {shlex.quote(str(path))}"
