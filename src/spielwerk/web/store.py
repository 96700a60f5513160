"""The store: one small interface over the database for the server (blocking calls; the server runs
them in a thread). Every write is one transaction, committed before the call returns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, Table, insert, select, update
from sqlalchemy.orm import Session, sessionmaker

from spielwerk.web.models import OVER, RUNNING, ActionRow, GameRow, SeatRow

GAMES: Table = GameRow.__table__  # type: ignore[assignment]
ACTIONS: Table = ActionRow.__table__  # type: ignore[assignment]


@dataclass(frozen=True)
class StoredSeat:
    """A seat as stored: its number, name, "human" or an agent spec, and its token's hash."""

    seat: int
    name: str
    kind: str
    token_hash: str | None
    display: str | None = None
    opened: bool = True
    """True once the seat's person opened their link (an agent's seat: always)."""


@dataclass(frozen=True)
class Logged:
    """One action of the log: its text and the seat that chose it (None: chance)."""

    text: str
    seat: int | None


@dataclass(frozen=True)
class Caught:
    """What a process needs to bring its table of a game up to date: the log's rows from a ply on, the
    game's rematch, and each seat's chosen name and token hash (a claimed rematch seat gets one)."""

    actions: list[Logged]
    rematch: str | None
    seats: list[tuple[str | None, str | None, bool]] | None
    """(display, token_hash, opened) of each seat in order; None where not asked for."""
    times: Times | None = None
    """The clock as stored with those rows (asked for, and there were rows); else None."""


class RematchTaken(ValueError):
    """The game has a rematch already (another process made it first): claim that one."""


@dataclass(frozen=True)
class Times:
    """A clock as stored: each seat's time left (ms; None for an agent) as of `since`."""

    left: list[int | None]
    since: datetime


@dataclass(frozen=True)
class Append:
    """One game's actions to append from `first_ply` on, whether the game is then over, and its
    clock's times after them (None: no clock)."""

    game_id: str
    first_ply: int
    actions: list[Logged]
    over: bool
    times: Times | None = None


@dataclass
class StoredGame:
    """A game as stored, with its seats and its log in order (the referee's endings included: a
    resignation or a time-out is the log's last row)."""

    id: str
    game: str
    options: dict[str, Any]
    players: int
    seed: int
    status: str
    seats: list[StoredSeat] = field(default_factory=list)
    actions: list[Logged] = field(default_factory=list)
    clock: str | None = None
    times: Times | None = None
    rematch: str | None = None
    rematch_of: str | None = None

    def record(self) -> dict[str, Any]:
        """The full record (seed included) that `spielwerk.replay` turns into the game's state."""
        return {"game": self.game, "options": self.options, "players": self.players, "seed": self.seed,
                "actions": [logged.text for logged in self.actions]}


class Store:
    """Games, seats and the append-only action log in one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)

    def create(self, game: StoredGame) -> None:
        """Store a new game with its seats and first actions, in one transaction; a rematch also
        marks the game it follows (`rematch_of`) as having it."""
        now = datetime.now(UTC)
        with self._sessions.begin() as session:
            session.add(GameRow(id=game.id, game=game.game, options=game.options, players=game.players,
                                seed=str(game.seed), created=now, status=game.status, clock=game.clock,
                                clock_left=game.times.left if game.times else None,
                                clock_since=game.times.since if game.times else None,
                                rematch_of=game.rematch_of))
            session.flush()
            session.add_all(SeatRow(game_id=game.id, seat=seat.seat, name=seat.name, kind=seat.kind,
                                    token_hash=seat.token_hash, opened=seat.opened) for seat in game.seats)
            _add_actions(session, game.id, 0, game.actions, now)
            if game.rematch_of is not None:  # one rematch a game: the first writer's (rows locked)
                marked = session.execute(
                    update(GameRow).where(GameRow.id == game.rematch_of, GameRow.rematch.is_(None))
                    .values(rematch=game.id).execution_options(synchronize_session=False))
                if getattr(marked, "rowcount", 0) != 1:
                    raise RematchTaken(f"game {game.rematch_of} has a rematch already")

    def append(self, game_id: str, first_ply: int, actions: Sequence[Logged], over: bool,
               times: Times | None = None) -> None:
        """Append actions from `first_ply` on (and mark the game over, and keep the clock's times);
        committed on return. Raises (IntegrityError) where one of those plies is already stored, and
        then stores nothing."""
        with self.engine.begin() as connection:
            _add(connection, Append(game_id, first_ply, list(actions), over, times), datetime.now(UTC))

    def set_seat(self, game_id: str, seat: int, *, display: str | None = None,
                 token_hash: str | None = None, opened: bool = False, times: Times | None = None) -> None:
        """Keep a seat's chosen name, the token hash of a rematch's seat its person claimed, or that its
        person opened their link (`opened`, with the clock's `times` where that started it)."""
        with self._sessions.begin() as session:
            row = session.get(SeatRow, (game_id, seat))
            if row is None:
                raise KeyError((game_id, seat))
            if display is not None:
                row.display = display
            if token_hash is not None:
                row.token_hash = token_hash
            if opened:
                row.opened = True
            if times is not None:
                session.execute(update(GAMES).where(GAMES.c.id == game_id).values(
                    clock_left=list(times.left), clock_since=times.since))

    def append_many(self, appends: Sequence[Append]) -> list[Exception | None]:
        """Several games' appends in one transaction (one commit); per append None, or the error that
        refused it. Where the transaction fails, each append is tried on its own, so that a ply already
        stored refuses only its own append. A batch of one is a plain `append`."""
        if len(appends) > 1:
            now = datetime.now(UTC)
            try:
                with self.engine.begin() as connection:
                    for item in appends:
                        _add(connection, item, now)
                return [None] * len(appends)
            except Exception:
                pass  # one by one below
        results: list[Exception | None] = []
        for item in appends:
            try:
                self.append(item.game_id, item.first_ply, item.actions, item.over, item.times)
                results.append(None)
            except Exception as error:
                results.append(error)
        return results

    def load(self, game_id: str) -> StoredGame | None:
        """A game with its seats and log, or None where there is none with that id."""
        with self._sessions() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                return None
            seats = session.scalars(select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat))
            actions = session.scalars(
                select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.ply))
            return StoredGame(
                id=row.id, game=row.game, options=dict(row.options), players=row.players, seed=int(row.seed),
                status=row.status,
                seats=[StoredSeat(s.seat, s.name, s.kind, s.token_hash, s.display, s.opened) for s in seats],
                actions=[Logged(a.action, a.seat) for a in actions],
                clock=row.clock, rematch=row.rematch, rematch_of=row.rematch_of,
                times=None if row.clock_left is None or row.clock_since is None
                else Times(list(row.clock_left), _aware(row.clock_since)),
            )

    def catch_up(self, game_id: str, first_ply: int, seats: bool = False, rematch: bool = False,
                 clock: bool = False) -> Caught:
        """The log of `game_id` from ply `first_ply` on (what other processes may have appended); with
        `seats`, also its seats' names, token hashes and whether they were opened as stored now, with
        `rematch` its rematch, with `clock` its clock's times where there were rows or seats were asked
        for (what other processes may have changed besides the log); one query, more only where asked
        (plain statements on a connection, no ORM session: every request of a process sharing its games
        asks this)."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(ActionRow.action, ActionRow.seat)
                .where(ActionRow.game_id == game_id, ActionRow.ply >= first_ply).order_by(ActionRow.ply))
            actions = [Logged(action, seat) for action, seat in rows]
            times = None
            if clock and (actions or seats):  # read after the rows: times newer than them are set again
                stored_clock = connection.execute(  # by the next catch-up, which finds their rows
                    select(GameRow.clock_left, GameRow.clock_since).where(GameRow.id == game_id)).first()
                if stored_clock is not None and stored_clock[0] is not None and stored_clock[1] is not None:
                    times = Times(list(stored_clock[0]), _aware(stored_clock[1]))
            stored = [] if not seats else [
                (display, token_hash, bool(opened)) for display, token_hash, opened in connection.execute(
                    select(SeatRow.display, SeatRow.token_hash, SeatRow.opened)
                    .where(SeatRow.game_id == game_id).order_by(SeatRow.seat))]
            made = None if not rematch else connection.scalar(
                select(GameRow.rematch).where(GameRow.id == game_id))
            return Caught(actions, made, stored if seats else None, times)

    def rematch_of(self, game_id: str) -> str | None:
        """The id of the rematch of `game_id` as stored now, or None."""
        with self._sessions() as session:
            return session.scalar(select(GameRow.rematch).where(GameRow.id == game_id))

    def running(self, clocked: bool = False) -> list[str]:
        """The ids of every game not yet over (`clocked`: only those with a clock)."""
        query = select(GameRow.id).where(GameRow.status == RUNNING)
        if clocked:
            query = query.where(GameRow.clock.is_not(None))
        with self._sessions() as session:
            return list(session.scalars(query))


def _add(connection: Connection, item: Append, now: datetime) -> None:
    """One game's append inside a transaction: its log rows, then its status and clock (plain
    statements, no ORM objects: an action's commit is the server's most frequent write)."""
    _add_actions(connection, item.game_id, item.first_ply, item.actions, now)
    values: dict[str, Any] = {}
    if item.over:
        values["status"] = OVER
    if item.times is not None:
        values["clock_left"], values["clock_since"] = list(item.times.left), item.times.since
    if values:
        connection.execute(update(GAMES).where(GAMES.c.id == item.game_id).values(**values))


def _add_actions(executor: Session | Connection, game_id: str, first_ply: int, actions: Sequence[Logged],
                 now: datetime) -> None:
    """Insert the log rows of `actions` from `first_ply` on (the (game, ply) key refuses a ply twice)."""
    if actions:
        executor.execute(insert(ACTIONS), [
            {"game_id": game_id, "ply": first_ply + number, "action": logged.text, "seat": logged.seat,
             "at": now} for number, logged in enumerate(actions)])


def _aware(at: datetime) -> datetime:
    """SQLite hands back naive times: they were stored in UTC."""
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)
