"""Stepping through a saved game: forwards with `apply`, backwards with `undo`; each step shows the
game's narration of its action (`state.narration`) as the viewer may know it, in the replay's language."""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape

from spielwerk.cli.say import end_reason, text
from spielwerk.cli.screen import Screen
from spielwerk.cli.seats import outcome_text
from spielwerk.core.inputs import quote
from spielwerk.core.message import Arg
from spielwerk.core.state import Action, State


def states_at(final: State, plies: Sequence[int]) -> list[State] | None:
    """Copies of the game after each number of actions in `plies`; None if one is out of range."""
    total = len(final.history)
    if any(not 0 <= ply <= total for ply in plies):
        return None
    states = []
    for ply in plies:
        state = final.clone()
        for _ in range(total - ply):
            state.undo()
        states.append(state)
    return states


class Replayer:
    """A saved game shown one position at a time, each step with the game's line for its action."""

    def __init__(self, final: State, screen: Screen, viewer: int | None = None, language: str = "en") -> None:
        self.screen = screen
        self.viewer = viewer
        self.language = language
        self.actions: tuple[Action, ...] = final.history
        self.texts = final.history_for(viewer)
        """Each action as the viewer saw it (in a game with secrets, others' draws read `draw ?`)."""
        self.lines = final.narration(viewer, language)
        """Each action as the game tells it to the viewer, in `language`."""
        self.state = final.clone()
        while self.state.history:
            self.state.undo()

    def say(self, key: str, /, **args: Arg) -> str:
        """The terminal's text of `key` in the replay's language."""
        return text(key, self.language, **args)

    @property
    def ply(self) -> int:
        """How many actions the shown position has had."""
        return len(self.state.history)

    def go(self, ply: int) -> None:
        """Move to the position after `ply` actions (clamped to the game)."""
        ply = max(0, min(ply, len(self.actions)))
        while self.ply > ply:
            self.state.undo()
        while self.ply < ply:
            self.state.apply(self.actions[self.ply])

    def show(self) -> None:
        """Draw the current position, after the game's line for the action that led to it."""
        game = self.state.game
        head = self.say("replay.head", game=escape(game.info.name), ply=self.ply, total=len(self.actions))
        if self.ply:
            head += f" · [dim]{escape(self.texts[self.ply - 1])}[/]"
        self.screen.print()
        self.screen.print(head)
        if self.ply:
            self.screen.print(f"[bold]{escape(self.lines[self.ply - 1])}[/]")
        self.screen.print(game.terminal(self.state, self.viewer, language=self.language))
        if self.state.is_over:
            outcome = escape(outcome_text(self.state, self.language))
            reason = end_reason(game, self.state.view(self.viewer), self.language)
            self.screen.print(self.say("session.game-over", outcome=outcome) if not reason
                              else self.say("session.game-over.why", outcome=outcome, reason=escape(reason)))

    def print_all(self) -> None:
        """Every position from the start to the end, without asking."""
        for ply in range(len(self.actions) + 1):
            self.go(ply)
            self.show()

    def run(self) -> None:
        """Ask for steps until the viewer quits (or input ends)."""
        self.show()
        while True:
            try:
                line = self.screen.ask(self.say("replay.prompt")).strip().lower()
            except (EOFError, KeyboardInterrupt):
                self.screen.print()
                return
            if line in ("q", "quit", "exit"):
                return
            if line in ("", "n", "next", "f"):
                if self.ply == len(self.actions):
                    self.screen.print(self.say("replay.end"))
                    continue
                self.go(self.ply + 1)
            elif line in ("b", "back", "p", "prev"):
                if self.ply == 0:
                    self.screen.print(self.say("replay.start"))
                    continue
                self.go(self.ply - 1)
            elif line in ("start", "s"):
                self.go(0)
            elif line in ("end", "e"):
                self.go(len(self.actions))
            elif line.lstrip("#").isascii() and line.lstrip("#").isdigit():
                digits = line.lstrip("#")
                if len(digits) > len(str(len(self.actions))) or int(digits) > len(self.actions):
                    self.screen.print(self.say("replay.plies", count=len(self.actions)))
                    continue
                self.go(int(digits))
            else:
                self.screen.print(self.say("replay.not-understood", line=escape(quote(line)),
                                           prompt=self.say("replay.prompt.short")))
                continue
            self.show()
