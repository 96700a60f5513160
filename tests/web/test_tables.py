"""The tables in memory are bounded: beyond `kept`, the least recently used are let go and loaded from
the log again when asked for (the same game, nothing lost); a table in use (watched, its clock
running) stays. A table let go while a request held it is stale: the request opens it again."""

from __future__ import annotations

from spielwerk.web.bots import BotPool
from spielwerk.web.db import make_engine, migrate
from spielwerk.web.referee import Referee
from spielwerk.web.store import Store
from spielwerk.web.tables import Table
from tests.web.helpers import run_async


async def _referee(db_url: str, kept: int) -> Referee:
    engine = make_engine(db_url)
    migrate(engine)
    referee = Referee(Store(engine), BotPool(0))
    referee.tables.kept = kept
    return referee


async def _games(referee: Referee, count: int, clock: str | None = None) -> list[Table]:
    return [(await referee.create("gyges", None, {}, None, clock))[0] for _ in range(count)]


def test_the_least_recently_used_tables_are_let_go_and_come_back_from_the_log(db_url: str) -> None:
    async def run() -> None:
        referee = await _referee(db_url, kept=2)
        first, second, third = await _games(referee, 3)
        assert [table.id for table in referee.tables.loaded()] == [second.id, third.id]
        assert first.stale  # a request still holding it opens it again
        await referee.act(second, 0, "123321", 0)
        again = await referee.tables.open(second.id)
        assert again is second and again.state.history[-1] == second.state.history[-1]
        again = await referee.tables.open(first.id)  # from the log; `third` is the least recently used
        assert again is not first and [table.id for table in referee.tables.loaded()] == [second.id, first.id]
        assert third.stale
        again = await referee.tables.open(third.id)
        assert [str(action) for action in again.state.history] == []
        assert [table.id for table in referee.tables.loaded()] == [first.id, third.id]
        await referee.close()

    run_async(run())


def test_a_watched_table_and_one_whose_clock_runs_are_kept(db_url: str) -> None:
    async def run() -> None:
        referee = await _referee(db_url, kept=1)
        watched, = await _games(referee, 1)
        box = await referee.watch(watched, 0)
        clocked, = await _games(referee, 1, clock="5m")
        await _games(referee, 3)
        kept = {table.id for table in referee.tables.loaded()}
        assert {watched.id, clocked.id} <= kept and len(kept) == 3
        assert not watched.stale and not clocked.stale
        await referee.unwatch(box)
        await referee.close()

    run_async(run())


def test_a_change_to_a_table_let_go_meanwhile_is_made_on_the_table_loaded_again(db_url: str) -> None:
    async def run() -> None:
        referee = await _referee(db_url, kept=1)
        held, = await _games(referee, 1)
        await _games(referee, 1)  # `held` is let go while its holder has not acted yet
        assert held.stale
        await referee.act(held, 0, "123321", 0)
        loaded = await referee.tables.open(held.id)
        assert [str(action) for action in loaded.state.history] == ["123321"]
        await referee.close()

    run_async(run())
