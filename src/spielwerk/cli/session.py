"""The play loop: people type, agents think, chance is drawn, and no game is ever lost.

The session knows no rules. It shows `game.terminal(state, seat)`, asks `legal_actions()`,
`apply()`s and `undo()`es, resolves chance nodes with `resolve_chance()`, and writes
`record()`s. Ctrl-D, Ctrl-C, `quit` and unexpected errors all save an unfinished game first.
"""

from __future__ import annotations

import time
from pathlib import Path

from rich.markup import escape

from spielwerk import agents
from spielwerk.cli import commands
from spielwerk.cli.files import FileError, load_game, save_somewhere, write_record
from spielwerk.cli.screen import Screen
from spielwerk.cli.seats import Player, SeatError, make_agent, outcome_text
from spielwerk.core.state import Action, State


class Session:
    """One game at the terminal: the state, who sits where, and the screen."""

    def __init__(
        self,
        state: State,
        players: list[Player],
        screen: Screen,
        *,
        hint: str | None = None,
        save_to: str | Path | None = None,
        hint_seed: int = 0,
    ) -> None:
        self.state = state
        self.players = players
        self.screen = screen
        self.hint_spec = hint or next((p.spec for p in players if not p.is_human), "mcts:1s")
        self.hint_seed = hint_seed
        self.save_to = Path(save_to) if save_to is not None else None
        """Where an unfinished game is saved on leaving (None: a fresh name in the current folder)."""
        self.saved_at: int | None = None
        """How many actions the game had when it was last saved (None: never saved)."""
        self.dirty = True
        """The position changed since the board was last shown."""
        self._hint_agent: agents.Agent | None = None

    # ----- the loop -----------------------------------------------------------------------
    def run(self) -> int:
        """Play until the game ends and people leave; returns the exit status."""
        self._banner()
        try:
            self._loop()
        except EOFError:
            self.screen.print()
            self.leave("End of input.")
        except KeyboardInterrupt:
            self.screen.print()
            self.leave("Interrupted.")
            return 130
        except Exception as error:  # a bug somewhere: report it, but keep the game
            self.leave(f"[red]Something went wrong:[/] {escape(f'{type(error).__name__}: {error}')}")
            return 1
        return 0

    def _loop(self) -> None:
        while True:
            state = self.state
            if state.is_over:
                self.show()
                self._announce_end()
                if not self.has_humans or not self._after_game():
                    return
            elif state.is_chance:
                outcome = state.resolve_chance()
                # a game with secrets may draw something only one seat may see: name no outcome there
                told = "" if state.game.info.hidden else f" {escape(str(outcome))}"
                self.screen.print(f"[magenta]Chance:[/]{told or ' drawn'}")
                self.dirty = True
            else:
                player = self.players[state.to_move]
                if player.is_human:
                    if self.dirty:
                        self.show()
                    if not commands.handle(self, player, self.screen.ask(f"[bold]{player.title}[/] › ")):
                        return
                else:
                    self._agent_turn(player)

    def _agent_turn(self, player: Player) -> None:
        assert player.agent is not None
        if not self.has_humans and self.dirty:
            self.show()
        label = f"{player.title} ({escape(player.spec)})"
        start = time.perf_counter()
        with self.screen.busy(f"{label} is thinking…"):
            action = player.agent.choose(self.state.clone())
        seconds = time.perf_counter() - start
        self.state.apply(action)
        self.dirty = True
        self.screen.print(f"{label} plays [bold]{escape(str(action))}[/] [dim]({seconds:.1f}s)[/]")

    def _after_game(self) -> bool:
        """After the end: undo, save, board or leave; True when play goes on (after an undo)."""
        while True:
            line = self.screen.ask("[dim]Game over — undo, save FILE, board, or quit (Enter)[/] › ")
            word, _, rest = line.strip().partition(" ")
            word = word.lower()
            if word in ("", "quit", "exit", "q"):
                return False
            if word == "undo":
                if self.undo_turn():
                    return True
            elif word == "save":
                self.save(rest.strip() or None)
            elif word in ("board", "show"):
                self.show()
            elif word in ("help", "?"):
                commands.show_help(self)
            else:
                self.screen.print("[yellow]The game is over:[/] type undo, save FILE, board, or quit.")

    # ----- what commands do -----------------------------------------------------------------
    @property
    def has_humans(self) -> bool:
        """True when a person plays a seat."""
        return any(player.is_human for player in self.players)

    def viewer(self) -> int | None:
        """The seat whose view is shown: the person to move, the only person, or None (spectator)."""
        state = self.state
        if not state.is_over and not state.is_chance and self.players[state.to_move].is_human:
            return state.to_move
        humans = [p.seat for p in self.players if p.is_human]
        return humans[0] if len(humans) == 1 else None

    def show(self) -> None:
        """Draw the position, with a line saying whose turn it is."""
        state = self.state
        info = state.game.info
        plies = len(state.history)
        head = f"[bold]{escape(info.name)}[/] · {plies} action{'s' if plies != 1 else ''}"
        if not state.is_over and not state.is_chance:
            player = self.players[state.to_move]
            head += f" · [bold]{player.title}[/] ({escape(player.spec)}) to play"
        self.screen.print()
        self.screen.print(head)
        self.screen.print(state.game.terminal(state, self.viewer()))
        self.dirty = False

    def play(self, player: Player, action: Action | str) -> None:
        """Apply a person's action and say so."""
        applied = self.state.apply(action)
        self.dirty = True
        self.screen.print(f"{player.title} plays [bold]{escape(str(applied))}[/]")

    def undo_turn(self) -> bool:
        """Take back to the last time a person was to move, with every reply since; False if none."""
        probe = self.state.clone()
        count = 0
        while probe.history:
            probe.undo()
            count += 1
            if not probe.is_chance and self.players[probe.to_move].is_human:
                break
        else:
            self.screen.print("[yellow]Nothing to take back:[/] no person has moved yet.")
            return False
        taken = [str(self.state.undo()) for _ in range(count)]
        self.dirty = True
        listed = ", ".join(reversed(taken))
        self.screen.print(f"Took back {count} action{'s' if count != 1 else ''}: {escape(listed)}")
        return True

    def hint(self) -> None:
        """Ask an agent what it would play here."""
        try:
            if self._hint_agent is None:
                self._hint_agent = make_agent(self.hint_spec, self.hint_seed)
            with self.screen.busy(f"Asking {escape(self.hint_spec)}…"):
                action = self._hint_agent.choose(self.state.clone())
        except SeatError as error:
            self.screen.print(f"[red]No hint:[/] {escape(str(error))}")
            return
        self.screen.print(f"Hint ({escape(self.hint_spec)}): [bold]{escape(str(action))}[/]")

    def save(self, path: str | None) -> None:
        """Save the game where asked (or under a fresh name) and say where."""
        try:
            written = write_record(path, self.state) if path else save_somewhere(self.state, self.save_to)
        except FileError as error:
            self.screen.print(f"[red]Not saved:[/] {escape(str(error))}")
            return
        self.saved_at = len(self.state.history)
        self.screen.print(f"Saved to [bold]{escape(str(written))}[/] "
                          f"[dim](continue with: spielwerk play --load {escape(str(written))})[/]")

    def load(self, path: str) -> None:
        """Continue a saved game of the same game and number of players."""
        if not path:
            self.screen.print("[yellow]load needs a file name,[/] e.g. load mygame.json")
            return
        try:
            state = load_game(path)
        except FileError as error:
            self.screen.print(f"[red]Not loaded:[/] {escape(str(error))}")
            return
        here, there = self.state.game.INFO.id, state.game.INFO.id
        if there != here or state.players != self.state.players:
            self.screen.print(
                f"[red]Not loaded:[/] {escape(path)} holds a {state.players}-player game of {escape(there)}, "
                f"this is a {self.state.players}-player game of {escape(here)} "
                f"(start it with: spielwerk play --load {escape(path)})"
            )
            return
        self.state = state
        self.saved_at = len(state.history)
        self.dirty = True
        self.screen.print(f"Loaded {escape(path)} ({len(state.history)} actions).")

    def leave(self, reason: str) -> None:
        """Say why the session ends; an unfinished, unsaved game is saved first."""
        state = self.state
        unsaved = bool(state.history) and self.saved_at != len(state.history)
        if state.is_over or not unsaved:
            self.screen.print(reason)
            return
        try:
            written = save_somewhere(state, self.save_to)
        except FileError as error:
            self.screen.print(f"{reason} [red]The game could not be saved:[/] {escape(str(error))}")
            return
        self.saved_at = len(state.history)
        self.screen.print(
            f"{reason} The game is saved in [bold]{escape(str(written))}[/]; continue it with:\n"
            f"  spielwerk play --load {escape(str(written))}"
        )

    # ----- words ------------------------------------------------------------------------------
    def _banner(self) -> None:
        state = self.state
        seats = ", ".join(f"{p.title}: {escape(p.spec)}" for p in self.players)
        self.screen.print(f"[bold]{escape(state.game.info.name)}[/] — {seats} — seed {state.seed}")
        if self.has_humans:
            self.screen.print("[dim]Type an action, `moves` to list them, `hint`, `undo`, `save`, "
                              "or `help`.[/]")

    def _announce_end(self) -> None:
        self.screen.print(f"[bold]Game over:[/] {escape(outcome_text(self.state))}")
