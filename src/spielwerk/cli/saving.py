"""`save`, `load` and leaving: the session's game on disk with who sits where, and the command that
goes on with it, printed so that it works as typed (`cli.files`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

from spielwerk.cli.files import FileError, read_game, resume_command, save_somewhere, shown, write_game
from spielwerk.cli.say import WORDS
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
        session.screen.print(session.say("save.failed", error=session.why(error)))
        return
    session.saved_at = len(session.state.history)
    session.screen.print(session.say("save.done", path=escape(str(written))))
    session.screen.print(f"  {escape(resume_command(written, session.program))}", soft_wrap=True)


def load(session: Session, path: str) -> None:
    """Go on with a saved game of the same game and number of players, against the players it was
    saved with where it names them and a person sits among them."""
    screen = session.screen
    if not path:
        screen.print(session.say("load.no-name"))
        return
    try:
        saved = read_game(path)
    except FileError as error:
        screen.print(session.say("load.failed", error=session.why(error)))
        return
    state = saved.state
    here, there = session.state.game.INFO.id, state.game.INFO.id
    if there != here or state.players != session.state.players:
        screen.print(session.say("load.other-game", path=escape(shown(path)), players=state.players,
                                 game=escape(there), here_players=session.state.players, here=escape(here)))
        screen.print(f"  {escape(resume_command(path, session.program))}", soft_wrap=True)
        return
    try:
        players = _players(session, saved.seats, state.seed)
    except SeatError as error:
        screen.print(session.say("load.players", path=escape(shown(path)), error=session.why(error)))
        return
    reseated = players is not session.players
    session.state = state
    session.saved_at = len(state.history)
    session.reseat(players)
    screen.print(session.say("load.done", path=escape(shown(path)), count=len(state.history)))
    if reseated:
        seats = ", ".join(f"{p.tag}: {escape(p.spec)}" for p in session.players)
        screen.print(session.say("load.as-saved", seats=seats))


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
            raise SeatError(WORDS.message("seat.none.saved", given=quote(key), seats=", ".join(names)))
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
        screen.print(session.say("leave.unsaved", reason=reason, error=session.why(error)))
        return
    session.saved_at = len(state.history)
    screen.print(session.say("leave.saved", reason=reason, path=escape(str(written))))
    screen.print(f"  {escape(resume_command(written, session.program))}", soft_wrap=True)
