"""The referee: creates games, judges every input through the engine, stores each accepted action
before anyone hears of it, fans the change out, and lets agents take their turns. A resignation and
a flag fall are the engine's endings (`state.resign`, `state.time_out`): rows of the log like any
action, so every process (and `spielwerk.replay` of the record) ends the game the same way.

Several processes may referee the same games (one database, Redis between them): each judges against
its table brought up to date from the log, and the (game, ply) key refuses the second of two writes of
one ply; the loser catches up from the log and judges the input again. An agent's turn is played by the
process that stored the action before it (the unique key makes a duplicate harmless)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import spielwerk
from spielwerk import agents
from spielwerk.core.catalogue import say
from spielwerk.core.errors import OptionError, SpielwerkError
from spielwerk.core.game import GameInfo
from spielwerk.core.inputs import quote
from spielwerk.core.state import State
from spielwerk.web import clock as clocks
from spielwerk.web import i18n, speech
from spielwerk.web.auth import new_game_id, new_token, rematch_token, token_hash
from spielwerk.web.bots import BotPool, bot_seed
from spielwerk.web.clock import Clock, ClockSpec
from spielwerk.web.db import retried
from spielwerk.web.errors import GAME_OVER_RULE, RUNNING_RULE, STALE_RULE, WebError
from spielwerk.web.fanout import Fanout, LocalFanout
from spielwerk.web.hub import Hub, Mailbox
from spielwerk.web.i18n import N_
from spielwerk.web.models import OVER, RUNNING
from spielwerk.web.pictures import Pictures
from spielwerk.web.store import Logged, RematchTaken, Store, StoredGame, StoredSeat
from spielwerk.web.tables import HUMAN, Seat, Table, Tables
from spielwerk.web.writer import Writer

log = logging.getLogger("spielwerk.web")
Change = Callable[[State], list["Logged"]]
"""A change of a game: applied to its state (raising where the engine refuses it), the log rows made."""
Same = Callable[[State, str], bool]
"""Whether a request's change is the row `text` of the log, judged at the state before that row."""
MAX_SEATS = 16
RETRIES = 3
"""How often a read loads a table afresh whose flag fall could not be stored, before it answers 409."""
TICK = 0.25
"""Seconds between two looks at the clocks of the games in memory (a flag falls at most this late)."""


class _Behind(Exception):
    """The write of a ply failed (another process may have stored it first): catch up and judge again."""


@dataclass(frozen=True)
class NewSeat:
    """A seat of a game just made: its number, name, and token (None for an agent)."""

    seat: int
    name: str
    kind: str
    token: str | None


class Referee:
    """The only one who changes a game: under its table's lock, through the engine, log first."""

    def __init__(self, store: Store, bots: BotPool, fanout: Fanout | None = None) -> None:
        self.store = store
        self.fanout: Fanout = fanout or LocalFanout()
        self.tables = Tables(store, self.fanout.shared)
        self.writer = Writer(store)
        self.hub = Hub()
        self.pictures = Pictures()
        self.bots = bots
        self._thinking: dict[str, asyncio.Task[None]] = {}
        self._ticker: asyncio.Task[None] | None = None
        self.tables.busy = self._busy

    def _busy(self, table: Table) -> bool:
        """True where the table is in use beyond its lock: watched here, an agent thinking in it, or its
        clock running (the ticker watches the tables in memory)."""
        return (self.hub.watched(table.id) or table.id in self._thinking
                or (table.clock is not None and not table.is_over))

    async def create(self, game_id: str, players: int | None, options: dict[str, Any],
                     kinds: Sequence[str] | None, clock: str | None = None) -> tuple[Table, list[NewSeat]]:
        """A new game, stored with its seats (and any chance events at its start) before it is shown;
        `clock` (`10m+5s`) gives each person that time."""
        return await self._make(game_id, players, options, kinds, clock)

    async def _make(self, game_id: str, players: int | None, options: dict[str, Any],
                    kinds: Sequence[str] | None, clock: str | None,
                    rematch_of: Table | None = None, claimant: tuple[int, str] | None = None,
                    ) -> tuple[Table, list[NewSeat]]:
        """A new game; for a rematch, only the claimant's seat (its number and old token) gets a
        token now: the other people claim theirs with their old tokens."""
        game = spielwerk.game(game_id, **options)
        spec = None if clock is None else ClockSpec.parse(clock)
        count = players if players is not None else len(kinds) if kinds else None
        state = game.new_state(players=count)
        kinds = list(kinds) if kinds is not None else [HUMAN] * state.players
        if len(kinds) != state.players:
            raise OptionError(f"{state.players} players take {state.players} seats, not {len(kinds)}")
        kinds = [_kind(kind, game.info, state.players) for kind in kinds]
        logged = _settle(state)
        new_id = new_game_id()

        def token_of(index: int, kind: str) -> str | None:
            if kind != HUMAN:
                return None
            if claimant is None:
                return new_token()
            return rematch_token(claimant[1], new_id) if index == claimant[0] else None

        seats = [NewSeat(index, game.info.seat_name(index), kind, token_of(index, kind))
                 for index, kind in enumerate(kinds)]
        timer = None if spec is None else Clock.start(spec, [kind == HUMAN for kind in kinds], clocks.now())
        table = Table(new_id, state, [], timer)
        stored = StoredGame(
            id=new_id, game=game.info.id, options=dict(game.options), players=state.players,
            seed=state.seed, status=OVER if state.is_over else RUNNING,
            seats=[StoredSeat(s.seat, s.name, s.kind, None if s.token is None else token_hash(s.token),
                              opened=s.kind != HUMAN) for s in seats],
            actions=logged, clock=None if spec is None else str(spec), times=table.times(),
            rematch_of=None if rematch_of is None else rematch_of.id,
        )
        await asyncio.to_thread(retried, self.store.create, stored)
        table.seats = [Seat.of(seat) for seat in stored.seats]
        if timer is not None:
            timer.waiting = not table.everyone_here()  # no time runs before every person is here
        table.rematch_of = stored.rematch_of
        self.tables.add(table)
        self.schedule(table)
        return table, seats

    async def resign(self, table: Table, seat: int, lang: str = i18n.DEFAULT, ply: int | None = None) -> str:
        """`seat` gives up: the game ends for everyone (a row of the log, `resign 1`), stored before it
        is answered (the seat's new payload in `lang`, as JSON text). With `ply` (the number of actions
        the client saw) a repeated request answers like the first."""
        def change(state: State) -> list[Logged]:
            return [Logged(str(state.resign(seat)), seat)]

        def same(state: State, done: str) -> bool:
            return done == f"resign {seat}"

        return await self._judged(table, seat, change, ply, lang, same, behind_ok=True)

    async def look(self, table: Table, seat: int | None, lang: str = i18n.DEFAULT) -> dict[str, Any]:
        """`seat`'s payload now in `lang` (a clock whose time is up ends the game first)."""
        for _ in range(RETRIES):
            async with table.lock:
                await self._arrived(table, seat)
                await self._flag(table)
                if not table.stale:
                    return table.payload(seat, lang)
            table = await self.tables.open(table.id)
        raise WebError(409, "the game changed meanwhile; ask for it again", STALE_RULE)

    async def name(self, table: Table, seat: int, display: str) -> None:
        """Keep the name `seat`'s person chose, and tell every watcher that something changed."""
        async with table.lock:
            await asyncio.to_thread(retried, self.store.set_seat, table.id, seat, display=display)
            table.seats[seat] = replace(table.seats[seat], display=display)
            self.hub.publish(table, everyone=True)
        await self.fanout.announce(table.id, None)

    async def rematch(self, table: Table, seat: int, token: str) -> tuple[Table, list[NewSeat], bool]:
        """The rematch of a finished game, as `seat` (whose token is `token`) sees it: made by the
        first seat that asks (same game, options, players, clock; everyone one seat on), claimed by
        every other: each person's new token is derived from their old one, so asking again gives
        the same seat and token. True where the game was made now. One game has one rematch: where
        another process made it first (the store refuses a second), this request claims that one."""
        async with table.lock:
            if not table.is_over:
                raise WebError(409, "a rematch is made once the game is over", RUNNING_RULE)
            players = table.state.players
            moved = (seat + 1) % players
            if table.rematch is None:
                kinds = [table.seats[(index - 1) % players].kind for index in range(players)]
                game = table.state.game
                try:
                    made, seats = await self._make(
                        game.info.id, players, dict(game.options), kinds,
                        None if table.clock is None else str(table.clock.spec), table, (moved, token))
                except RematchTaken:
                    table.rematch = await asyncio.to_thread(retried, self.store.rematch_of, table.id)
                    if table.rematch is None:
                        raise WebError(409, "the game changed meanwhile; ask for it again",
                                       STALE_RULE) from None
                else:
                    table.rematch = made.id
                    self.hub.publish(table, everyone=True)
                    await self.fanout.announce(table.id, None)
                    return made, seats, True
            rematch = table.rematch
        made = await self.tables.open(rematch)
        new = rematch_token(token, made.id)
        async with made.lock:
            if made.seats[moved].token_hash is None:
                await asyncio.to_thread(retried, self.store.set_seat, made.id, moved,
                                        token_hash=token_hash(new))
                made.seats[moved] = replace(made.seats[moved], token_hash=token_hash(new))
                await self.fanout.announce(made.id, None)
        return made, [NewSeat(s.index, s.name, s.kind, new if s.index == moved else None)
                      for s in made.seats], False

    async def act(self, table: Table, seat: int, text: str, ply: int | None = None,
                  lang: str = i18n.DEFAULT) -> str:
        """Apply `seat`'s action, settle the chance events after it, store them all, then answer
        (the seat's new payload in `lang`, as the JSON text its pushes carry) and tell every watcher.
        Bad input changes nothing. Where another process stored that ply first, the table catches up
        from the log and the input is judged again (`ply`: only at that ply, else 409 web.stale)."""
        def change(state: State) -> list[Logged]:
            return [Logged(str(state.apply(text, seat=seat)), seat), *_settle(state)]

        def same(before: State, done: str) -> bool:
            try:
                return str(before.parse_action(text, seat)) == done
            except SpielwerkError:
                return False

        return await self._judged(table, seat, change, ply, lang, same)

    async def _judged(self, table: Table, seat: int, change: Change, ply: int | None, lang: str,
                      same: Same | None = None, behind_ok: bool = False) -> str:
        """`change` made by `seat`, judged against the log: where another process stored that ply
        first, the table catches up and the change is judged again. With `ply`, a request whose change
        `same` finds at that ply of the log (a retry, a double click) answers the seat's payload now,
        changing nothing; any other change at a ply already played is refused (409 web.stale, naming
        the row there). With `behind_ok` (a resignation) a page that is behind still makes its change:
        what others did meanwhile does not change the wish."""
        while True:
            try:
                return await self._change(table, seat, change, ply, lang, same, behind_ok)
            except _Behind as behind:
                failed_at = behind.args[0]
            table = await self.tables.open(table.id)
            if len(table.state.history) == failed_at:  # nobody moved on: the write itself failed
                raise WebError(409, "the game changed meanwhile; ask for it again", STALE_RULE)

    async def _change(self, table: Table, seat: int, change: Change, ply: int | None, lang: str,
                      same: Same | None, behind_ok: bool = False) -> str:
        async with table.lock:
            if table.stale:
                raise _Behind(-1)
            before = len(table.state.history)
            await self._flag(table)
            if table.stale:
                raise _Behind(before)
            state = table.state
            first = len(state.history)
            if ply is not None and ply < first and same is not None and await _repeated(state, ply, same):
                return table.text(seat, lang)  # the first request's change: answered, not made again
            if behind_ok and ply is not None and same is not None and state.ending is not None \
                    and same(state, str(state.history[-1])):
                return table.text(seat, lang)  # made later than the page's ply, by an earlier request
            self._open(table)
            if ply is not None and ply != first and not (behind_ok and ply < first):
                raise stale(state, seat, ply)
            await self._arrived(table, seat)
            running = table.running()
            logged = change(state)
            if table.clock is not None:
                if state.ending is not None:  # charged to the moment it ended, nothing added
                    table.clock.stop(running, clocks.now())
                else:  # the increment once a turn, when it passes to another seat
                    passed = table.is_over or state.to_move != running
                    table.clock.moved(running, clocks.now(), passed=passed)
            try:
                await self._commit(table, first, logged)
            except WebError:
                raise _Behind(first) from None
            self.hub.publish(table)
            answer = table.text(seat, lang)
            now = len(state.history)
        await self.fanout.announce(table.id, now)
        self.schedule(table)
        return answer

    async def watch(self, table: Table, seat: int | None, lang: str = i18n.DEFAULT) -> Mailbox:
        """A mailbox that gets `seat`'s payload in `lang` now and after every change (made here or,
        through the fan-out, by another process); `unwatch` it when done."""
        await self.fanout.follow(table.id)
        try:
            for _ in range(RETRIES):
                async with table.lock:
                    await self.tables.catch_up(table)  # what was stored before the subscription began
                    await self._arrived(table, seat)
                    await self._flag(table)
                    if not table.stale:
                        return self.hub.join(table, seat, lang)
                table = await self.tables.open(table.id)
            raise WebError(409, "the game changed meanwhile; ask for it again", STALE_RULE)
        except BaseException:
            await self.fanout.unfollow(table.id)
            raise

    async def _arrived(self, table: Table, seat: int | None) -> None:
        """Under the table's lock: `seat`'s person has opened their link (a look, a socket, an action).
        The first time it is kept; where every person is then here, the clock starts now (stored, and
        every watcher here and in other processes told)."""
        if seat is None or table.seats[seat].opened or table.stale:
            return
        table.seats[seat] = replace(table.seats[seat], opened=True)
        clock = table.clock
        starts = clock is not None and clock.waiting and table.everyone_here()
        if starts and clock is not None:
            clock.begin(clocks.now())
        await asyncio.to_thread(retried, self.store.set_seat, table.id, seat, opened=True,
                                times=table.times() if starts else None)
        if starts:
            self.hub.publish(table, everyone=True)
            await self.fanout.announce(table.id, None)

    async def unwatch(self, box: Mailbox) -> None:
        """Stop handing payloads to `box`."""
        self.hub.leave(box)
        await self.fanout.unfollow(box.game_id)

    async def changed(self, game_id: str, ply: int | None) -> None:
        """Another process stored `game_id` up to `ply` (None: something besides the log's rows, a
        name, a rematch or a claim): where this process has the game in memory or watches it, bring
        its table up to date from the store (watcher or not) and hand this process's watchers their
        payloads."""
        watched = self.hub.watched(game_id)
        cached = self.tables.cached(game_id)
        if not watched and cached is None:
            return  # loaded (up to date) on its next request
        if ply is not None and cached is not None and not cached.stale and len(cached.state.history) >= ply:
            if watched:  # made here (our own announcement) or caught up already: no query, but a
                async with cached.lock:  # request's catch-up hands watchers nothing by itself
                    self.hub.publish(cached)
            return
        table = await self.tables.open(game_id, names=ply is None)
        if watched:
            async with table.lock:
                self.hub.publish(table, everyone=ply is None)

    async def start(self) -> None:
        """On start: hear of other processes' changes; watch the clocks; let agents whose turn it is play."""
        await self.fanout.start(self.changed)
        await self.resume()

    async def resume(self) -> None:
        """On start: watch the clocks of every running game with one, and let every agent whose
        turn it is in a running game play."""
        for game_id in await asyncio.to_thread(self.store.running, True):
            try:
                await self.tables.open(game_id)
            except (SpielwerkError, WebError):
                log.exception("game %s could not be resumed", game_id)
        self._ticker = asyncio.create_task(self._tick())
        if not self.bots.active:
            return
        for game_id in await asyncio.to_thread(self.store.running):
            try:
                self.schedule(await self.tables.open(game_id))
            except (SpielwerkError, WebError):
                log.exception("game %s could not be resumed", game_id)

    def schedule(self, table: Table) -> None:
        """Let the agent whose turn it is think, unless one already thinks for this game."""
        if self.bots.active and table.bot_to_move() is not None and table.id not in self._thinking:
            self._thinking[table.id] = asyncio.create_task(self._play_bots(table.id))

    async def close(self) -> None:
        """Stop the agents thinking and the clocks being watched."""
        tasks = list(self._thinking.values()) + ([self._ticker] if self._ticker else [])
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        await self.fanout.close()
        await self.writer.close()
        self.bots.close()

    def _open(self, table: Table) -> None:
        """Refuse a change to a game that is over (saying why it ended) or whose state may differ from
        the log."""
        if table.stale:
            raise WebError(409, "the game changed meanwhile; ask for it again", STALE_RULE)
        if table.state.is_over:
            raise over(table.state)

    async def _flag(self, table: Table) -> None:
        """Under the table's lock: where the running seat's time is up, it loses on time (`timeout 1`,
        a row of the log). Where the row cannot be stored the table is forgotten (`stale`): the
        caller loads it afresh."""
        running = table.running()
        at = clocks.now()
        if table.clock is None or table.stale or running is None or not table.clock.flagged(running, at):
            return
        state = table.state
        first = len(state.history)
        logged = [Logged(str(state.time_out(running)), None)]
        table.clock.stop(running, at)
        try:
            await self._commit(table, first, logged)
        except WebError:
            return
        self.hub.publish(table)
        await self.fanout.announce(table.id, len(state.history))

    async def _tick(self) -> None:
        """Every TICK seconds: end the games in memory whose running seat's time is up."""
        while True:
            await asyncio.sleep(TICK)
            at = clocks.now()
            for table in self.tables.loaded():
                if table.clock is not None and table.clock.flagged(table.running(), at):
                    try:
                        async with table.lock:
                            await self.tables.catch_up(table)  # ended or moved on elsewhere?
                            await self._flag(table)
                    except Exception:
                        log.exception("game %s: its clock could not be checked", table.id)

    async def _commit(self, table: Table, first: int, logged: list[Logged]) -> None:
        """Store `logged` from ply `first` on; where that fails the table is dropped, so that the next
        request replays the log (the only truth), and the client is told."""
        write = asyncio.ensure_future(
            self.writer.append(table.id, first, logged, table.state.is_over, table.times()))
        try:
            await asyncio.shield(write)
        except BaseException as error:
            self.tables.forget(table)
            if isinstance(error, Exception):
                log.exception("game %s: storing ply %d failed", table.id, first)
                raise WebError(409, "the game changed meanwhile; ask for it again", STALE_RULE) from None
            raise

    async def _play_bots(self, game_id: str) -> None:
        """While an agent is to move in `game_id`: think in the pool, then act like any seat."""
        try:
            while True:
                table = await self.tables.open(game_id)
                async with table.lock:
                    bot = table.bot_to_move()
                    if bot is None:
                        return
                    record, ply = table.state.to_json(), len(table.state.history)
                text = await self.bots.think(record, bot.kind, bot_seed(table.state.seed, bot.index, ply))
                if table.stale or len(table.state.history) != ply:
                    continue
                if table.is_over:
                    return
                with contextlib.suppress(WebError):  # another process played that ply: think again
                    await self.act(table, bot.index, text, ply)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the agent of game %s failed; it stops", game_id)
        finally:
            self._thinking.pop(game_id, None)


async def _repeated(state: State, ply: int, same: Same) -> bool:
    """True where the row at `ply` of the log is the change `same` describes (judged in a thread, at
    the state replayed to that ply)."""
    if ply < 0:
        return False
    record = state.record()
    done = str(record["actions"][ply])

    def judge() -> bool:
        return same(spielwerk.replay({**record, "actions": record["actions"][:ply]}), done)

    return await asyncio.to_thread(judge)


def stale(state: State, seat: int, ply: int) -> WebError:
    """The refusal of a change made at `ply`, a ply of the log that holds something else now (as
    `seat` may know it) or that is not played yet."""
    played = len(state.history)
    if ply >= played:
        return WebError(409, f"the game has {played} plies, not {ply}; ask for it again", STALE_RULE)
    done = state.history_for(seat, ply)[0]
    return WebError(409, f"ply {ply} is played already: {done}; ask for the game again", STALE_RULE)


def _settle(state: State) -> list[Logged]:
    """Resolve every chance event now due, from the state's own seeded stream; their log rows."""
    logged = []
    while state.is_chance:
        logged.append(Logged(str(state.resolve_chance()), None))
    return logged


def _kind(kind: Any, info: GameInfo, players: int) -> str:
    """"human", or the agent spec `kind` is (`alphabeta:1s`); OptionError for anything else, and for
    an agent that cannot play this game."""
    if not isinstance(kind, str) or not kind.strip() or len(kind) > 200:
        raise OptionError(f"a seat is {HUMAN} or an agent such as random or mcts:1s, not {quote(kind)}")
    if kind.strip().lower() == HUMAN:
        return HUMAN
    try:
        agent = agents.from_spec(kind.strip())
    except OptionError as error:
        known = ", ".join(agents.names())
        raise OptionError(f"{error} (a seat is {HUMAN}, or an agent: {known})") from None
    agent.check_fits(info, players)
    return kind.strip()


def over(state: State) -> WebError:
    """The refusal of a change to a finished game (409 game.over), saying why it ended: "the game is
    over: North resigned"."""
    view = state.view(None)
    english = str(say("game.over"))
    reason = speech.reason(state.game, view, "en")
    if reason is None:
        return WebError(409, english, GAME_OVER_RULE, say("game.over").render)

    def said(lang: str) -> str:
        why = speech.reason(state.game, view, lang) or reason
        return i18n.gettext(lang, N_("The game is over: {reason}")).format(reason=why)

    return WebError(409, f"{english}: {reason}", GAME_OVER_RULE, said)
