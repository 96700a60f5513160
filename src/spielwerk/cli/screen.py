"""The one place the terminal is touched: printing rich markup and reading lines.

Tests drive a `Screen` with a console that writes to a buffer and an `input_fn` that returns
scripted lines (and raises EOFError when they run out), exactly as a person at a terminal would.
"""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

from rich.console import Console

InputFn = Callable[[str], str]
_COLOUR_CODE = re.compile(r"(\x1b\[[0-9;]*m)")
CLEAR_LINES = 40
"""Blank lines printed to clear output that is no terminal."""


class Screen:
    """Output through a rich console, input through `input_fn` (the builtin `input` by default)."""

    def __init__(
        self, console: Console | None = None, input_fn: InputFn | None = None, *, echo: bool = False
    ) -> None:
        self.console = console if console is not None else Console(highlight=False)
        self.input_fn: InputFn = input_fn if input_fn is not None else input
        self.echo = echo
        """Print what was read after the prompt (for scripted input, so transcripts read naturally)."""

    def print(self, markup: Any = "", **options: Any) -> None:
        """Print rich markup (or any rich renderable); numbers are not auto-coloured."""
        options.setdefault("highlight", False)
        self.console.print(markup, **options)

    def ask(self, prompt: str) -> str:
        """Show a prompt (markup) and read one line; raises EOFError or KeyboardInterrupt as input does."""
        if self.input_fn is input and self.console.is_terminal:
            line = input(self._line_editing_prompt(prompt))
        else:
            self.console.print(prompt, end="", highlight=False)
            self.console.file.flush()
            line = self.input_fn("")
        if self.echo:
            self.console.print(line, markup=False, highlight=False)
        return line

    def _line_editing_prompt(self, prompt: str) -> str:
        """The prompt as `input` takes it, colour codes fenced so that readline can redraw the line."""
        with self.console.capture() as capture:
            self.console.print(prompt, end="", highlight=False)
        text = capture.get()
        if "readline" in sys.modules:
            text = _COLOUR_CODE.sub("\x01\\1\x02", text)
        return text

    def clear(self, note: str = "the screen is cleared") -> None:
        """Scroll what is on the screen out of sight: a terminal is wiped (its scrollback too, where it
        can be), other output gets a screenful of blank lines and a rule saying so (`note`)."""
        if self.console.is_terminal:
            self.console.print("\n" * self.console.height, end="")
            self.console.clear()
            self.console.file.write("\x1b[3J")  # the scrollback too, on terminals that keep one
            self.console.file.flush()
            return
        self.console.print("\n" * CLEAR_LINES, end="")
        self.console.rule(note, style="dim")

    @contextlib.contextmanager
    def busy(self, text: str) -> Iterator[None]:
        """A spinner with `text` while something slow runs (only on a real terminal)."""
        if not self.console.is_terminal:
            yield
            return
        with self.console.status(text, spinner="dots"):
            yield

    @property
    def width(self) -> int:
        """The console's width in characters."""
        return self.console.width
