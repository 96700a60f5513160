"""Stepping through a saved game: forwards with `apply`, backwards with `undo`."""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape

from spielwerk.cli.screen import Screen
from spielwerk.cli.seats import outcome_text, seat_names
from spielwerk.core.chance import CHANCE
from spielwerk.core.inputs import quote
from spielwerk.core.state import Action, State

PROMPT = "[dim]Enter/n next · b back · number: go to ply · q quit[/] › "


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
    """A saved game shown one position at a time."""

    def __init__(self, final: State, screen: Screen, viewer: int | None = None) -> None:
        self.screen = screen
        self.viewer = viewer
        self.actions: tuple[Action, ...] = final.history
        self.texts = final.history_for(viewer)
        """Each action as the viewer saw it (in a game with secrets, others' draws read `draw ?`)."""
        self.state = final.clone()
        movers: list[int] = []
        while self.state.history:
            self.state.undo()
            movers.append(self.state.to_move)
        self.movers = movers[::-1]
        """Who took each action: a seat, or CHANCE."""
        self.names = seat_names(final.game.info, final.players)

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
        """Draw the current position with the action that led to it."""
        total = len(self.actions)
        head = f"[bold]{escape(self.state.game.info.name)}[/] · ply {self.ply} of {total}"
        if self.ply:
            mover = self.movers[self.ply - 1]
            action = f"[bold]{escape(self.texts[self.ply - 1])}[/]"
            who = "chance:" if mover == CHANCE else f"{escape(self.names[mover])} played"
            head += f" · {who} {action}"
        self.screen.print()
        self.screen.print(head)
        self.screen.print(self.state.game.terminal(self.state, self.viewer))
        if self.state.is_over:
            self.screen.print(f"[bold]Game over:[/] {escape(outcome_text(self.state))}")

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
                line = self.screen.ask(PROMPT).strip().lower()
            except (EOFError, KeyboardInterrupt):
                self.screen.print()
                return
            if line in ("q", "quit", "exit"):
                return
            if line in ("", "n", "next", "f"):
                if self.ply == len(self.actions):
                    self.screen.print("[dim]That is the end of the game (b goes back, q quits).[/]")
                    continue
                self.go(self.ply + 1)
            elif line in ("b", "back", "p", "prev"):
                if self.ply == 0:
                    self.screen.print("[dim]That is the start of the game.[/]")
                    continue
                self.go(self.ply - 1)
            elif line in ("start", "s"):
                self.go(0)
            elif line in ("end", "e"):
                self.go(len(self.actions))
            elif line.lstrip("#").isascii() and line.lstrip("#").isdigit():
                digits = line.lstrip("#")
                if len(digits) > len(str(len(self.actions))) or int(digits) > len(self.actions):
                    total = len(self.actions)
                    self.screen.print(f"[yellow]The game has {total} {'ply' if total == 1 else 'plies'}.[/]")
                    continue
                self.go(int(digits))
            else:
                self.screen.print(f"[yellow]Not understood:[/] {escape(quote(line))} — {PROMPT[:-3]}")
                continue
            self.show()
