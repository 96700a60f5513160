"""What a person may type on their turn: an action, its number, or a command."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

from spielwerk.cli.movelist import format_moves
from spielwerk.core.errors import IllegalAction, InvalidNotation, SpielwerkError
from spielwerk.core.state import Action

if TYPE_CHECKING:
    from spielwerk.cli.seats import Player
    from spielwerk.cli.session import Session

HELP = """\
[bold]On your turn type[/]
  an action        in the game's notation{examples}
  a number         the action with that number in [bold]moves[/] (also [bold]#12[/])
  [bold]moves[/] [dim]\\[TEXT][/]     the legal actions, numbered (TEXT: only those starting so)
  [bold]hint[/]             what an agent would play here
  [bold]undo[/]             take back your last turn and the replies since
  [bold]save[/] [dim]\\[FILE][/]      save the game as JSON (a fresh name here if none is given)
  [bold]load[/] FILE        continue a saved game
  [bold]board[/]            draw the position again
  [bold]help[/]             this text
  [bold]quit[/]             leave, saving an unfinished game (Ctrl-D, Ctrl-C too)"""

COMMANDS = {
    "help": "help", "?": "help",
    "quit": "quit", "exit": "quit",
    "moves": "moves", "list": "moves", "ls": "moves",
    "hint": "hint",
    "undo": "undo", "takeback": "undo",
    "save": "save",
    "load": "load",
    "board": "board", "show": "board",
}
"""The words a person may type, each mapped to its command."""


def handle(session: Session, player: Player, line: str) -> bool:
    """Act on one line typed by `player`; False when they leave."""
    text = line.strip()
    if not text:
        session.screen.print("[dim]Type an action, a number from `moves`, or `help`.[/]")
        return True
    legal = session.state.legal_actions()
    texts = [str(action) for action in legal]
    if text in texts:
        session.play(player, legal[texts.index(text)])
        return True
    word, _, rest = text.partition(" ")
    command = COMMANDS.get(word.lower())
    if command is not None:
        return _command(session, command, rest.strip())
    number = text[1:] if text.startswith("#") else text
    if number.isdigit() and not _reads_as_action(session, text):
        return _by_number(session, player, int(number), legal)
    try:
        session.play(player, text)
    except IllegalAction as error:
        session.screen.print(f"[red]Not allowed:[/] {escape(str(error))}")
    except InvalidNotation as error:
        session.screen.print(f"[red]Not understood:[/] {escape(str(error))}")
        session.screen.print("[dim]`moves` lists the legal actions, `help` the commands.[/]")
    except SpielwerkError as error:
        session.screen.print(f"[red]Not possible:[/] {escape(str(error))}")
    return True


def show_help(session: Session) -> None:
    """Print the commands."""
    texts = [str(action) for action in session.state.legal_actions()]
    picked: dict[str, str] = {}
    for text in texts:
        picked.setdefault("/" if "/" in text else text.partition("-")[0], text)
    shown = list(picked.values())[:3]
    examples = ", e.g. " + ", ".join(f"[bold]{escape(t)}[/]" for t in shown) if shown else ""
    session.screen.print(HELP.format(examples=examples))


def _command(session: Session, command: str, argument: str) -> bool:
    if command == "quit":
        session.leave("Bye.")
        return False
    if command == "help":
        show_help(session)
    elif command == "moves":
        texts = [str(action) for action in session.state.legal_actions()]
        for markup in format_moves(texts, session.screen.width, argument):
            session.screen.print(markup)
    elif command == "hint":
        session.hint()
    elif command == "undo":
        session.undo_turn()
    elif command == "save":
        session.save(argument or None)
    elif command == "load":
        session.load(argument)
    elif command == "board":
        session.show()
    return True


def _reads_as_action(session: Session, text: str) -> bool:
    """True when digits are an action text of the game (a Gygès set-up, say), legal or not."""
    if text.startswith("#"):
        return False
    try:
        session.state.game.parse_action(session.state, text)
    except InvalidNotation:
        return False
    except SpielwerkError:
        return True
    return True


def _by_number(session: Session, player: Player, number: int, legal: list[Action]) -> bool:
    if not 1 <= number <= len(legal):
        session.screen.print(
            f"[red]No action {number}:[/] there {'is' if len(legal) == 1 else 'are'} {len(legal)} "
            f"(1–{len(legal)}); `moves` lists them."
        )
        return True
    session.play(player, legal[number - 1])
    return True
