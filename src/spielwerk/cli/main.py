"""The `spielwerk` command line: play, replay, render and games."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

import spielwerk
from spielwerk import agents
from spielwerk.cli.arena import arena
from spielwerk.cli.files import FileError, load_game, program, read_game, system_reason
from spielwerk.cli.helppage import WordedCommand
from spielwerk.cli.params import file_path, number, whole
from spielwerk.cli.replay import Replayer, states_at
from spielwerk.cli.say import text
from spielwerk.cli.screen import Screen
from spielwerk.cli.seats import (
    DEFAULT_OPPONENT,
    HUMAN,
    SeatError,
    agent_seed,
    make_player,
    plan_seats,
    seat_index,
    seat_names,
)
from spielwerk.cli.session import Session
from spielwerk.cli.telling import rules_text
from spielwerk.cli.usage import WordedGroup, chosen_language, language_asked, told
from spielwerk.core.errors import SpielwerkError
from spielwerk.core.game import GameInfo
from spielwerk.core.inputs import quote
from spielwerk.core.options import format_value, parse_options
from spielwerk.core.state import State


class SeatCommand(WordedCommand):
    """A command that also takes `--<seat> WHO` for the seats of whichever game is played."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Set aside `--name VALUE` (or `--name=VALUE`) for names that are not declared options."""
        declared = {opt for param in self.params for opt in getattr(param, "opts", [])}
        declared |= {"--help"}
        kept: list[str] = []
        seats: dict[str, str] = {}
        items = iter(args)
        for arg in items:
            name, equals, value = arg.partition("=")
            if arg.startswith("--") and len(arg) > 2 and name not in declared:
                if not equals:
                    value = next(items, "")
                    if not value or value.startswith("-"):
                        raise click.UsageError(text("usage.seat.who", language_asked(args), option=name,
                                                    human=HUMAN), ctx=ctx)
                seats[name[2:]] = value
            else:
                kept.append(arg)
        ctx.meta["seats"] = seats
        return super().parse_args(ctx, kept)


@click.group(cls=WordedGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="spielwerk")
@click.option("--lang", "language", default=None, metavar="LANG", expose_value=False)
def cli() -> None:
    """Play tabletop games from their rulebooks.

    \b
    spielwerk play gyges --south human --north alphabeta:2s
    spielwerk play grani --players 4 --yellow human --blue human --red mcts:1s --white random
    """


@cli.command(cls=SeatCommand)
@click.argument("game", required=False)
@click.option("--seat", "generic", multiple=True, metavar="SEAT=WHO")
@click.option("--seed", type=whole(), default=None)
@click.option("-o", "--option", "options", multiple=True, metavar="KEY=VALUE")
@click.option("--position", default=None)
@click.option("--players", type=whole(), default=None)
@click.option("--load", "load", type=file_path(), default=None)
@click.option("--hint", "hint", default=None, metavar="AGENT")
@click.option("--autosave", type=file_path(), default=None)
@click.option("--lang", "language", default=None, metavar="LANG")
@click.pass_context
def play(ctx: click.Context, game: str | None, generic: tuple[str, ...], seed: int | None,
         options: tuple[str, ...], position: str | None, players: int | None, load: str | None,
         hint: str | None, autosave: str | None, language: str | None) -> None:
    """Play GAME in the terminal. Each seat is `human` or an agent with a budget.

    Name seats as the game does (Gygès: --south human --north alphabeta:2s; Grani: --yellow human
    --blue mcts:1s ...) or by name or number with --seat (--seat 0=human --seat red=random).
    Agents: random, mcts, alphabeta, ...; a budget is a time (2s, 500ms) or a count (5000).
    Seats nobody names go to mcts:1s, the first of them to you where no seat is human.
    Several people may share the terminal: each is asked in turn, under their seat's name.
    """
    chosen = chosen_language(language)
    try:
        ctx.exit(_play(ctx, game, generic, seed, options, position, players, load, hint, autosave, chosen))
    except KeyboardInterrupt:  # Ctrl-C before the game began: leave quietly (`make play` too)
        click.echo("\n" + text("session.bye", chosen))


def _play(ctx: click.Context, game: str | None, generic: tuple[str, ...], seed: int | None,
          options: tuple[str, ...], position: str | None, players: int | None, load: str | None,
          hint: str | None, autosave: str | None, language: str) -> int:
    """Set up the seats and run the session; returns the exit status."""
    named_seats: dict[str, str] = ctx.meta.get("seats", {})
    keys = [*named_seats, *(item.partition("=")[0] for item in generic)]
    state, saved_seats = _start_state(game, seed, options, position, players, load, keys, language)
    names = seat_names(state.game.info, state.players)
    try:
        specs = plan_seats(names, {**saved_seats, **named_seats}, generic)
        seats = [
            make_player(seat, names[seat], spec, agent_seed(state.seed, seat))
            for seat, spec in enumerate(specs)
        ]
        for player in seats:
            if player.agent is not None:
                player.agent.check_fits(state.game.info, state.players)
    except (SeatError, SpielwerkError) as error:
        options_text = " ".join(f"--{name.replace(' ', '')} WHO" for name in names)
        seats_line = text("seat.options", language, game=state.game.info.name, options=options_text)
        raise click.UsageError(f"{error.render(language)}\n{seats_line}") from None
    interactive = sys.stdin.isatty()
    if interactive:
        _enable_line_editing()
    screen = Screen(Console(highlight=False), echo=not interactive)
    session = Session(state, seats, screen, hint=hint, save_to=autosave, hint_seed=state.seed,
                      program=program(), language=language)
    return session.run()


def _start_state(game: str | None, seed: int | None, options: tuple[str, ...], position: str | None,
                 players: int | None, load: str | None, seat_keys: list[str],
                 language: str) -> tuple[State, dict[str, str]]:
    """The state to play from, and the seats a loaded game names (by seat name)."""
    if load is not None:
        clashes = [flag for flag, given in (("--option", options), ("--position", position),
                                            ("--seed", seed is not None), ("--players", players)) if given]
        if clashes:
            raise click.UsageError(text("usage.load.keeps", language, options=", ".join(clashes)))
        try:
            saved = read_game(load)
        except FileError as error:
            raise click.ClickException(error.render(language)) from None
        state = saved.state
        if game is not None and game != state.game.INFO.id:
            raise click.UsageError(text("usage.load.other-game", language, file=load, game=state.game.INFO.id,
                                        named=quote(game)))
        return state, saved.seats
    if game is None:
        raise click.UsageError(text("usage.play.no-game", language, games=", ".join(spielwerk.games())))
    start: dict[str, Any] = {"position": position} if position is not None else {}
    try:
        chosen = spielwerk.game(game, **parse_options(options))
        count = players if players is not None else _players_named(chosen.info, seat_keys)
        return chosen.new_state(players=count, seed=seed, **start), {}
    except (SpielwerkError, ValueError) as error:
        raise click.UsageError(told(error, language)) from None


def _players_named(info: GameInfo, seat_keys: list[str]) -> int | None:
    """Without --players: as many as the last seat named needs (--white: 4), or None (the game's choice)."""
    names = seat_names(info, info.max_players)
    count = info.min_players
    for key in seat_keys:
        with contextlib.suppress(SeatError):
            count = max(count, seat_index(names, key) + 1)
    return count if count > info.min_players else None


def _enable_line_editing() -> None:
    """Arrow keys and history at the prompt, where the platform has readline."""
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401


@cli.command()
@click.argument("file", type=file_path())
@click.option("--all", "show_all", is_flag=True)
@click.option("--seat", default=None)
@click.option("--lang", "language", default=None, metavar="LANG")
def replay(file: str, show_all: bool, seat: str | None, language: str | None) -> None:
    """Step through a saved game, each action told in words: Enter or n next, b back, a number jumps
    to that ply, q quits."""
    chosen = chosen_language(language)
    state = _load_or_fail(file, chosen)
    viewer = _viewer(state, seat, chosen)
    screen = Screen(Console(highlight=False), echo=not sys.stdin.isatty())
    replayer = Replayer(state, screen, viewer, chosen)
    if show_all:
        replayer.print_all()
    else:
        replayer.run()


@cli.command()
@click.argument("file", type=file_path(), required=False)
@click.option("--ply", type=whole(), default=None)
@click.option("--position", default=None)
@click.option("--game", "game_id", default=None)
@click.option("-O", "--option", "options", multiple=True, metavar="KEY=VALUE")
@click.option("-o", "--output", default="-", type=file_path(allow_dash=True))
@click.option("--players", type=whole(), default=None)
@click.option("--seat", default=None)
@click.option("--lang", "language", default=None, metavar="LANG")
def render(file: str | None, ply: int | None, position: str | None, game_id: str | None,
           options: tuple[str, ...], output: str, players: int | None, seat: str | None,
           language: str | None) -> None:
    """Write an SVG picture of a saved game's position (or of --position TEXT)."""
    chosen = chosen_language(language)
    if (file is None) == (position is None):
        raise click.UsageError(text("usage.render.what", chosen))
    if file is not None:
        if options or game_id or players is not None:
            raise click.UsageError(text("usage.render.saved", chosen))
        final = _load_or_fail(file, chosen)
        states = states_at(final, [len(final.history) if ply is None else ply])
        if states is None:
            raise click.UsageError(text("usage.render.ply", chosen, last=len(final.history)))
        state = states[0]
    else:
        state = _position_state(game_id, options, position or "", players, chosen)
    try:
        picture = state.game.svg(state, _viewer(state, seat, chosen), language=chosen)
    except SpielwerkError as error:
        raise click.ClickException(error.render(chosen)) from None
    if output == "-":
        click.echo(picture, nl=False)
    else:
        try:
            Path(output).write_text(picture, encoding="utf-8")
        except OSError as error:
            raise click.ClickException(text("file.cannot-write", chosen, path=output,
                                            why=system_reason(error))) from None
        click.echo(text("render.wrote", chosen, file=output), err=True)


@cli.command(name="rules")
@click.argument("game")
@click.option("--lang", "language", default=None, metavar="LANG")
@click.option("--ids", "ids_only", is_flag=True)
def rules(game: str, language: str | None, ids_only: bool) -> None:
    """How to play GAME (the goal, a turn, what to type), then every rule by its id with its sentence."""
    said = chosen_language(language)
    try:
        chosen = spielwerk.game(game)
    except SpielwerkError as error:
        raise click.UsageError(error.render(said)) from None
    Console(highlight=False).print(rules_text(chosen, said, ids_only=ids_only))


@cli.command(name="games")
@click.option("--lang", "language", default=None, metavar="LANG")
def list_games(language: str | None) -> None:
    """List the games with their seats and options."""
    chosen = chosen_language(language)
    console = Console(highlight=False)
    for game_id in spielwerk.games():
        game = spielwerk.game(game_id)
        info, words = game.info, game.words(chosen)
        players = str(info.min_players)
        if info.max_players != info.min_players:
            players += f"–{info.max_players}"
        kinds = (("chance", info.chance), ("hidden", info.hidden))
        traits = [text(f"games.{trait}", chosen) for trait, on in kinds if on]
        line = text("games.line", chosen, id=game_id, name=escape(words.get("game.name", info.name)),
                    players=players)
        line += " · " + text("games.seats", chosen, seats=", ".join(info.seats)) if info.seats else ""
        console.print(line + (f" · {', '.join(traits)}" if traits else ""))
        table = Table.grid(padding=(0, 2))
        table.add_column(no_wrap=True)
        table.add_column(style="dim")
        for option in info.options:
            key = f"option.{option.name}.doc"
            doc = game.WORDS.text(key, chosen) if key in words else option.doc
            table.add_row(f"  -o [bold]{option.name}[/]={escape(format_value(option.default))}", escape(doc))
        console.print(table)
    console.print(text("games.seat-kinds", chosen, human=HUMAN, agents=", ".join(agents.names()),
                       example=DEFAULT_OPPONENT))


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=whole(0, 65535), default=None)
@click.option("--db", "db_url", default=None, metavar="URL")
@click.option("--redis", "redis_url", default=None, metavar="URL")
@click.option("--no-browser", is_flag=True)
@click.option("--quiet", is_flag=True)
@click.option("--no-rate-limits", is_flag=True)
@click.option("--forwarded-allow-ips", default="127.0.0.1", show_default=True, metavar="IPS")
@click.option("--bot-workers", type=whole(0, 64), default=None)
@click.option("--play", "play_game", default=None, metavar="GAME")
@click.option("--seat", "seat_specs", multiple=True, metavar="NAME=KIND")
@click.option("--players", type=whole(), default=None)
@click.option("--public-url", default=None, metavar="URL")
@click.option("--header-timeout", type=number(0), default=10.0, show_default=True,
              metavar="SECONDS")
@click.option("--max-connections-per-address", "per_address", type=whole(0), default=100,
              show_default=True)
@click.option("--lang", "language", default=None, metavar="LANG")
@click.option("--api-docs", is_flag=True)
def serve(host: str, port: int | None, db_url: str | None, redis_url: str | None, no_browser: bool,
          quiet: bool, no_rate_limits: bool, forwarded_allow_ips: str, bot_workers: int | None,
          play_game: str | None, seat_specs: tuple[str, ...], players: int | None, public_url: str | None,
          header_timeout: float, per_address: int, api_docs: bool, language: str | None) -> None:
    """Serve games over HTTP and websockets (needs the `web` extra: pip install 'spielwerk[web]');
    the lobby at / makes games, `--play` makes one at once."""
    chosen = chosen_language(language)
    try:
        from spielwerk.web.serve import NewGame, ServeError
        from spielwerk.web.serve import serve as run_server
    except ImportError as error:
        raise click.ClickException(text("serve.needs-web", chosen, error=str(error))) from None
    play = None
    if play_game is not None:
        play = NewGame(play_game, _web_seats(play_game, seat_specs, players, chosen), players)
    elif seat_specs or players is not None:
        raise click.UsageError(text("usage.serve.play-only", chosen))
    try:
        run_server(host, port, db_url, open_browser=not no_browser, bot_workers=bot_workers, play=play,
                   redis_url=redis_url, quiet=quiet, rate_limits=not no_rate_limits,
                   forwarded_allow_ips=forwarded_allow_ips, api_docs=api_docs, public_url=public_url,
                   header_timeout=header_timeout, per_address=per_address,
                   language=chosen)
    except ServeError as error:
        raise click.ClickException(str(error)) from None


def _web_seats(game_id: str, specs: tuple[str, ...], players: int | None, language: str) -> list[str]:
    """Each seat's kind, in seat order, from NAME=KIND items (a seat not named: human)."""
    try:
        info = spielwerk.game(game_id).info
    except SpielwerkError as error:
        raise click.UsageError(error.render(language)) from None
    names = seat_names(info, players or info.min_players)
    kinds = [HUMAN] * len(names)
    for spec in specs:
        name, equals, kind = spec.partition("=")
        if not equals or not kind.strip():
            raise click.UsageError(text("usage.serve.seat", language, example=f"{names[0]}={HUMAN}",
                                        given=quote(spec)))
        try:
            kinds[seat_index(names, name.strip())] = kind.strip()
        except SeatError as error:
            raise click.UsageError(error.render(language)) from None
    return kinds


def _load_or_fail(file: str, language: str) -> State:
    """The saved game in `file`, else the command stops saying why, in `language`."""
    try:
        return load_game(file)
    except FileError as error:
        raise click.ClickException(error.render(language)) from None


def _viewer(state: State, seat: str | None, language: str) -> int | None:
    """The seat named by `--seat` (None: a spectator), else the command stops saying why."""
    if seat is None:
        return None
    try:
        return seat_index(seat_names(state.game.info, state.players), seat)
    except SeatError as error:
        raise click.UsageError(error.render(language)) from None


def _position_state(game_id: str | None, options: tuple[str, ...], position: str,
                    players: int | None, language: str) -> State:
    """The state of `--position` in `--game` (the only game hosted, where none is named)."""
    if game_id is None:
        hosted = spielwerk.games()
        if len(hosted) != 1:
            raise click.UsageError(text("usage.render.no-game", language, games=", ".join(hosted)))
        game_id = hosted[0]
    try:
        chosen = spielwerk.game(game_id, **parse_options(options))
        return chosen.new_state(players=players, seed=0, position=position)
    except (SpielwerkError, ValueError) as error:
        raise click.UsageError(told(error, language)) from None


cli.add_command(arena)


def main() -> None:
    """The console script's entry point."""
    cli()


__all__ = ["cli", "main"]
