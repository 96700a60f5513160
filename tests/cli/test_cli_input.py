"""Input at the terminal: judged as the seat of the person typing, never echoed long, never a crash;
Ctrl-C leaves quietly; text typed while the keyboard is handed over is not swallowed."""

from __future__ import annotations

import io
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO, Any

import pytest
from rich.console import Console

import spielwerk
from spielwerk.cli import main as cli_main
from spielwerk.cli.screen import Screen
from spielwerk.cli.seats import make_player
from spielwerk.cli.session import Session
from spielwerk.core.state import State
from tests.cli.helpers import NEAR_WIN, one_line, play_args, run
from tests.cli.test_cli_drachenfels import SEED, dealt


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def test_every_typed_action_is_applied_as_the_typing_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    seats: list[int | None] = []
    real = State.apply

    def spy(self: State, action: Any, seat: int | None = None) -> Any:
        seats.append(seat)
        return real(self, action, seat=seat)

    monkeypatch.setattr(State, "apply", spy)
    result = run(play_args(), ["a3-a5", "zz", "1", "a5-N"])  # text, nonsense, a number from `moves`
    assert "Game over: South wins" in result.output
    assert seats == [0, 1, 1, 0]


def test_long_lines_and_odd_digits_are_answered_shortly_and_the_game_goes_on() -> None:
    lines = ["x" * 5000, "9" * 5000, "#" + "1" * 50, "²", "٣", "undo " + "q" * 5000,
             "load " + "f" * 5000, "save " + "/g" * 3000, "moves " + "z" * 5000, "a3-a5", "c6-d6", "a5-N"]
    feed = iter(lines)

    def typed(prompt: str) -> str:
        line = next(feed, None)
        if line is None:
            raise EOFError
        return line

    buffer = io.StringIO()
    screen = Screen(Console(file=buffer, width=1000, highlight=False), typed)  # no echo of what is typed
    people = [make_player(0, "south", "human", None), make_player(1, "north", "human", None)]
    state = spielwerk.game("gyges").new_state(position=NEAR_WIN, seed=1)
    assert Session(state, people, screen).run() == 0
    said = buffer.getvalue()
    for long in ("x" * 50, "9" * 50, "1" * 50, "q" * 50, "f" * 50, "/g" * 50, "z" * 50):
        assert long not in said
    output = one_line(said)
    assert "Not understood: 'xxxxxxxx" in output and "is too long for an action" in output
    assert "No action '99999999" in output and "No action '11111111" in output
    assert "Not understood: '²' is not a Gygès action" in output
    assert "Not taken back: no seat 'qqqq" in output
    assert "Not loaded: cannot read 'ffff" in output
    assert "No legal action matches 'zzzz" in output
    assert "Game over: South wins" in output


def test_ctrl_c_ends_the_program_quietly_with_the_game_saved(tmp_path: Path) -> None:
    saved = tmp_path / "kept game.json"
    # Ctrl-C as at a terminal, even where the tests run in the background (which ignores SIGINT)
    program = ("import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
               "from spielwerk.cli.main import main; main()")
    args = [sys.executable, "-c", program, *play_args("--autosave", str(saved))]
    with subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          env={**os.environ, "COLUMNS": "200"}) as process:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(b"a3-a5\n")
        process.stdin.flush()
        shown = _read_until(process.stdout, b"North \xe2\x80\xba", seconds=60)  # North's prompt: it waits
        process.send_signal(signal.SIGINT)
        rest, err = process.communicate(timeout=30)
    out = (shown + rest).decode()
    assert process.returncode == 0, err.decode()
    assert "Traceback" not in err.decode() and "Aborted" not in out
    assert "Interrupted. The game is saved in" in out and saved.exists()


def _read_until(stream: IO[bytes], marker: bytes, seconds: float) -> bytes:
    """What `stream` gives until `marker` has come (or `seconds` have passed)."""
    shown = b""
    deadline = time.monotonic() + seconds
    while marker not in shown and time.monotonic() < deadline:
        ready, _, _ = select.select([stream], [], [], 0.5)
        if ready:
            chunk = os.read(stream.fileno(), 65536)
            if not chunk:
                break
            shown += chunk
    return shown


def test_ctrl_c_before_the_game_begins_says_bye(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_main, "make_player", interrupted)
    result = run(["play", "gyges", "--position", NEAR_WIN])
    assert result.exit_code == 0 and result.output.strip() == "Bye."


def test_text_typed_while_the_keyboard_is_handed_over_is_named_and_not_taken_for_enter() -> None:
    first = dealt().view(dealt().to_move)["seat"]
    assert first == "red"
    args = ["play", "drachenfels", "--red", "human", "--blue", "human", "--seed", str(SEED)]
    result = run(args, ["3 17", "rules", "", "refresh", "done", "", "quit"])
    output = one_line(result.output)
    assert ("Ignored: '3 17' — the keyboard is being handed to Red: press Enter first, then type it at "
            "your turn.") in output
    assert "How to play Drachenfels" in output
    assert "Red plays refresh" in output
    assert "Ignored: 'done' — your turn is over; press Enter to hide your cards" in output
    assert output.index("Ignored: 'done'") < output.index("the screen is cleared") < output.index(
        "Pass the keyboard to BLUE")
    assert "Bye." in output
