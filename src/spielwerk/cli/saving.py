"""`save`, `load` and leaving: the session's game on disk with who sits where, and the command that
goes on with it, printed so that it works as typed (`cli.files`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

from spielwerk.cli.files import FileError, read_game, resume_command, save_somewhere, shown, write_game
from spielwerk.cli.seats import HUMAN, Player, SeatError, agent_seed, make_player
from spielwerk.core.inputs import quote

if TYPE_CHECKING:
    from spielwerk.cli.session import Session


def seat_specs(session: Session) -> dict[str, str]:
    """Who plays each seat, by seat name: `human` or the agent's spec."""
    return {player.name: player.spec for player in session.players}


def save(session: Session, path: str | None) -> None:
    """Save the game where asked (or under a fresh name in the autosave folder) and say where."""
    seats = seat_specs(session)
    try:
        written = write_game(path, session.state, seats) if path else save_somewhere(
            session.state, session.save_to, seats)
    except FileError as error:
        session.screen.print(f"[red]Not saved:[/] {escape(str(error))}")
        return
    session.saved_at = len(session.state.history)
    session.screen.print(f"Saved to [bold]{escape(str(written))}[/]; continue it with:")
    session.screen.print(f"  {escape(resume_command(written, session.program))}", soft_wrap=True)


def load(session: Session, path: str) -> None:
    """Go on with a saved game of the same game and number of players, against the players it was
    saved with where it names them and a person sits among them."""
    screen = session.screen
    if not path:
        screen.print("[yellow]load needs a file name,[/] e.g. load mygame.json")
        return
    try:
        saved = read_game(path)
    except FileError as error:
        screen.print(f"[red]Not loaded:[/] {escape(str(error))}")
        return
    state = saved.state
    here, there = session.state.game.INFO.id, state.game.INFO.id
    if there != here or state.players != session.state.players:
        screen.print(
            f"[red]Not loaded:[/] {escape(shown(path))} holds a {state.players}-player game of "
            f"{escape(there)}, this is a {session.state.players}-player game of {escape(here)}; "
            "start it with:"
        )
        screen.print(f"  {escape(resume_command(path, session.program))}", soft_wrap=True)
        return
    try:
        players = _players(session, saved.seats, state.seed)
    except SeatError as error:
        screen.print(f"[red]Not loaded:[/] the players saved in {escape(shown(path))}: {escape(str(error))}")
        return
    reseated = players is not session.players
    session.state = state
    session.saved_at = len(state.history)
    session.reseat(players)
    count = len(state.history)
    screen.print(f"Loaded {escape(shown(path))} ({count} action{'s' if count != 1 else ''}).")
    if reseated:
        screen.print("Playing on as saved: " + ", ".join(f"{p.tag}: {escape(p.spec)}" for p in players))


def _players(session: Session, seats: dict[str, str], seed: int) -> list[Player]:
    """The players a loaded game names, where one of them is a person; else the players here."""
    if not seats or not any(spec.strip().lower() == HUMAN for spec in seats.values()):
        return session.players
    names = [player.name for player in session.players]
    specs = {player.name: player.spec for player in session.players}
    lowered = {name.lower(): name for name in names}
    for key, spec in seats.items():
        name = lowered.get(key.strip().lower())
        if name is None:
            raise SeatError(f"no seat {quote(key)} in this game (seats: {', '.join(names)})")
        specs[name] = spec
    return [make_player(seat, name, specs[name], agent_seed(seed, seat)) for seat, name in enumerate(names)]


def leave(session: Session, reason: str) -> None:
    """Say why the session ends; an unfinished, unsaved game is saved first, and how to go on is told."""
    state = session.state
    screen = session.screen
    unsaved = bool(state.history) and session.saved_at != len(state.history)
    if state.is_over or not unsaved:
        screen.print(reason)
        return
    try:
        written = save_somewhere(state, session.save_to, seat_specs(session))
    except FileError as error:
        screen.print(f"{reason} [red]The game could not be saved:[/] {escape(str(error))}")
        return
    session.saved_at = len(state.history)
    screen.print(f"{reason} The game is saved in [bold]{escape(str(written))}[/]; continue it with:")
    screen.print(f"  {escape(resume_command(written, session.program))}", soft_wrap=True)
