"""`spielwerk arena`: a tournament between agents, rated, with a table, a results file and a plot."""

from __future__ import annotations

import time
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

import spielwerk
from spielwerk.arena.games import GameResult, Job
from spielwerk.arena.plot import FORMATS
from spielwerk.arena.ratings import THE_GAME, Ratings, Standing
from spielwerk.arena.results import ResultsError
from spielwerk.arena.runner import workers_default
from spielwerk.arena.tournament import Tournament
from spielwerk.cli.files import system_reason
from spielwerk.cli.helppage import WordedCommand
from spielwerk.cli.params import file_path, whole
from spielwerk.cli.say import decimal, text
from spielwerk.cli.usage import chosen_language, told
from spielwerk.core.errors import SpielwerkError
from spielwerk.core.options import parse_options


@click.command(cls=WordedCommand)
@click.argument("game")
@click.option("--agents", "specs", required=True, metavar="SPECS")
@click.option("--players", type=whole(), default=None)
@click.option("--games", type=whole(1), default=100, show_default=True)
@click.option("--seed", type=whole(), default=0, show_default=True)
@click.option("-o", "--option", "options", multiple=True, metavar="KEY=VALUE")
@click.option("--max-plies", type=whole(0), default=0)
@click.option("--out", type=file_path(Path), default=None)
@click.option("--records", type=file_path(Path), default=None)
@click.option("--plot", type=file_path(Path), default=None)
@click.option("--workers", type=whole(1), default=None)
@click.option("--ray", "ray", default=None, metavar="ADDRESS")
@click.option("--lang", "language", default=None, metavar="LANG")
def arena(game: str, specs: str, players: int | None, games: int, seed: int, options: tuple[str, ...],
          max_plies: int, out: Path | None, records: Path | None, plot: Path | None, workers: int | None,
          ray: str | None, language: str | None) -> None:
    """Play a tournament of GAME between agents, seats rotated over the same seeds, and rate them.

    \b
    spielwerk arena grani --players 3 --agents mcts:1s,greedy,random --games 400 --out results.jsonl
    spielwerk arena gyges --agents alphabeta:2s,mcts:2s --games 100 --plot ratings.svg --ray auto
    """
    chosen = chosen_language(language)
    console = Console(highlight=False)
    if plot is not None and plot.suffix.lower() not in FORMATS:
        raise click.UsageError(text("arena.plot.format", chosen, file=str(plot)))
    listed = agent_specs(specs)
    try:
        tournament = Tournament(game, listed, players, games, seed, parse_options(options), max_plies, out,
                                records)
        done, todo = tournament.plan()
    except ResultsError as error:
        raise click.ClickException(text(error.key, chosen, **error.values)) from None
    except (SpielwerkError, ValueError) as error:
        raise click.UsageError(told(error, chosen)) from None
    _needs("openskill", "arena", chosen)
    if plot is not None:
        _needs("matplotlib", "arena", chosen)
    if ray is not None:
        _needs("ray", "ray", chosen)
    if done:
        console.print(text("arena.resuming", chosen, count=len(done), file=escape(str(out)), todo=len(todo)))
    start = time.perf_counter()
    _play(tournament, done, todo, workers or workers_default(), ray, console, chosen)
    seconds = round(time.perf_counter() - start, 1)
    ratings = tournament.rate(done)
    console.print(_table(tournament, ratings, len(done), chosen))
    if todo:
        console.print(text("arena.elapsed", chosen, count=len(todo), seconds=seconds))
    if plot is not None:
        _plot(ratings, plot, tournament, chosen)
        console.print(text("arena.wrote", chosen, file=escape(str(plot))))


def _needs(module: str, extra: str, language: str) -> None:
    """Stop with a clear message where an extra's module is missing."""
    try:
        __import__(module)
    except ImportError:
        raise click.ClickException(text("arena.needs", language, module=module, extra=extra)) from None


def _play(tournament: Tournament, done: list[GameResult], todo: list[Job],
          workers: int, ray: str | None, console: Console, language: str) -> None:
    """Play the games still to play, with a progress bar; each result joins `done`."""
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TimeRemainingColumn())
    total = len(done) + len(todo)
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(text("arena.progress", language, game=escape(_name(tournament, language))),
                                 total=total,
                                 completed=len(done))
        try:
            for result in tournament.play(todo, workers, ray):
                done.append(result)
                progress.advance(task)
        except ConnectionError as error:
            raise click.ClickException(text("arena.ray.failed", language, error=str(error))) from None


def agent_specs(given: str) -> list[str]:
    """The agents of `--agents`, split at commas; a part that is only an option (`w.hold=0`, no
    agent name before a colon) belongs to the agent before it: "mcts:200:c=1,w.hold=0,greedy" is
    two agents, the first with two options."""
    specs: list[str] = []
    for part in (piece.strip() for piece in given.split(",")):
        if not part:
            continue
        if specs and "=" in part and ":" not in part.split("=", 1)[0]:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def _name(tournament: Tournament, language: str) -> str:
    """The game's name in `language` ("Gygès")."""
    chosen = spielwerk.game(tournament.game)
    return chosen.words(language).get("game.name", chosen.info.name)


def _table(tournament: Tournament, ratings: Ratings, count: int, language: str) -> Table:
    """The standings: agent, games, wins, score (its 95% interval), the rating mu ± 2 sigma, and the
    thinking time per decision."""
    players = tournament.players or 0
    table = Table(title=text("arena.title", language, game=escape(_name(tournament, language)),
                             players=players, count=count),
                  caption=text("arena.caption.cooperative" if tournament.cooperative else "arena.caption",
                               language, fair=decimal(100 / max(1, players), 1, language)))
    rows = [_row(line, language) for line in ratings.standings]
    for column, key in enumerate(("agent", "games", "wins", "score", "rating", "per-move")):
        # a narrow terminal folds the headers, never a cell
        widest = max((len(row[column]) for row in rows), default=1)
        table.add_column(text(f"arena.column.{key}", language), justify="left" if column == 0 else "right",
                         min_width=widest)
    for row in rows:
        table.add_row(*map(escape, row))
    return table


def _row(line: Standing, language: str) -> list[str]:
    """One line of the table, as plain texts, its numbers as `language` writes them."""
    def number(value: float, digits: int = 1) -> str:
        return decimal(value, digits, language)

    rating = text("arena.cell.rating", language, mu=number(line.mu), spread=number(2 * line.sigma))
    if line.agent == THE_GAME:
        return [text("arena.the-game", language), "", "", "", rating, ""]
    low, high = line.interval
    score = text("arena.cell.score", language, share=number(100 * line.share), low=number(100 * low),
                 high=number(100 * high))
    return [line.agent, str(line.games), str(line.wins), score, rating, number(line.per_move, 3)]


def _plot(ratings: Ratings, path: Path, tournament: Tournament, language: str) -> None:
    from spielwerk.arena.plot import plot_ratings

    labels = {"games": text("arena.plot.games", language), "rating": text("arena.plot.rating", language),
              "title": text("arena.plot.title", language, game=_name(tournament, language),
                                players=tournament.players or 0)}
    try:
        plot_ratings(ratings.history, path, {THE_GAME: text("arena.the-game", language)}, labels)
    except OSError as error:
        raise click.ClickException(text("arena.plot.failed", language, file=str(path),
                                        error=system_reason(error))) from None


__all__ = ["arena"]
