"""What a person may type on their turn: an action, its number, or a command."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

from spielwerk.cli.movelist import format_moves
from spielwerk.cli.seats import Player, SeatError, seat_index
from spielwerk.core.errors import IllegalAction, InvalidNotation, SpielwerkError
from spielwerk.core.inputs import quote
from spielwerk.core.state import Action

if TYPE_CHECKING:
    from spielwerk.cli.session import Session

HELP = """\
[bold]On your turn type[/]
  an action        in the game's notation{examples}{shared}
  a number         the action with that number in [bold]moves[/] (also [bold]#12[/])
  [bold]moves[/] [dim]\\[TEXT][/]     the legal actions, numbered (TEXT: only those starting so)
  [bold]hint[/]             what an agent would play here, and how it sees the game
  [bold]rules[/]            how to play this game
  [bold]undo[/] [dim]\\[SEAT][/]      take back your last decision and the agents' replies since
                   (SEAT: that person's), unless chance showed something since
                   (a card, a die, a lot) or another person decided since
  [bold]save[/] [dim]\\[FILE][/]      save the game and who plays each seat (without FILE: under a
                   fresh name in spielwerk's folder of saved games)
  [bold]load[/] FILE        continue a saved game, against the players it was saved with
  [bold]board[/]            draw the position again
  [bold]help[/]             this text
  [bold]quit[/]             leave, saving an unfinished game (Ctrl-D, Ctrl-C too)"""

COMMANDS = {
    "help": "help", "?": "help",
    "quit": "quit", "exit": "quit",
    "moves": "moves", "list": "moves", "ls": "moves",
    "hint": "hint",
    "rules": "rules", "howto": "rules",
    "undo": "undo", "takeback": "undo",
    "save": "save",
    "load": "load",
    "board": "board", "show": "board",
}
"""The words a person may type, each mapped to its command."""
NUMBER_DIGITS = 6
"""Longer numbers are no action's number (and are not read as whole numbers at all)."""


def handle(session: Session, player: Player, line: str) -> bool:
    """Act on one line typed by `player`; False when they leave."""
    text = line.strip()
    if not text:
        session.screen.print("[dim]Type an action, a number from `moves`, or `help`.[/]")
        return True
    legal = session.state.legal_actions()
    texts = [str(action) for action in legal]
    chosen = _exact(texts, text)
    if chosen is not None:
        session.play(player, legal[chosen])
        return True
    word, _, rest = text.partition(" ")
    command = COMMANDS.get(word.lower())
    if command is not None:
        return _command(session, player, command, rest.strip())
    digits = text[1:] if text.startswith("#") else text
    if _is_number(digits) and not _reads_as_action(session, player, text):
        return _by_number(session, player, digits, legal)
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
    state = session.state
    texts = [] if state.is_over or state.is_chance else [str(action) for action in state.legal_actions()]
    picked: dict[str, str] = {}
    for text in texts:
        picked.setdefault("/" if "/" in text else text.partition("-")[0].partition(" ")[0], text)
    shown = list(picked.values())[:3]
    examples = ", e.g. " + ", ".join(f"[bold]{escape(t)}[/]" for t in shown) if shown else ""
    verb = shared_verb(texts)
    shared = ""
    if verb is not None:
        example = texts[0].partition(" ")[2]
        shared = (f"\n                   (every action now starts with [bold]{escape(verb)}[/]: "
                  f"[bold]{escape(example)}[/] alone will do)")
    session.screen.print(HELP.format(examples=examples, shared=shared))


def shared_verb(texts: list[str]) -> str | None:
    """The first word every action text shares (`block` of `block T1`, `block T2`, ...), if any."""
    verbs = {text.partition(" ")[0] for text in texts if " " in text}
    if len(verbs) != 1 or len(texts) < 2 or any(" " not in text for text in texts):
        return None
    return verbs.pop()


def _exact(texts: list[str], typed: str) -> int | None:
    """The index of the action `typed` names exactly (any case; the shared verb may be left out)."""
    lowered = [text.lower() for text in texts]
    key = " ".join(typed.lower().split())
    if key in lowered:
        return lowered.index(key)
    verb = shared_verb(texts)
    if verb is not None and not key.isdigit() and f"{verb} {key}".lower() in lowered:
        return lowered.index(f"{verb} {key}".lower())
    return None


def _command(session: Session, player: Player, command: str, argument: str) -> bool:
    if command == "quit":
        session.leave("Bye.")
        return False
    if command == "help":
        show_help(session)
    elif command == "moves":
        texts = [str(action) for action in session.state.legal_actions()]
        if texts and len(argument) > max(map(len, texts)):  # matches nothing: quoted short, never whole
            session.screen.print(f"[yellow]No legal action matches {escape(quote(argument))}.[/]")
            return True
        for markup in format_moves(texts, session.screen.width, argument, session.state.game.move_label):
            session.screen.print(markup)
    elif command == "hint":
        session.hint()
    elif command == "rules":
        session.show_rules()
    elif command == "undo":
        _undo(session, player, argument)
    elif command == "save":
        session.save(argument or None)
    elif command == "load":
        session.load(argument)
    elif command == "board":
        session.show()
    return True


def _undo(session: Session, player: Player, argument: str) -> None:
    """`undo`: the person's own last decision; `undo SEAT`: that person's, typed at a shared terminal."""
    if not argument:
        session.undo_turn(player.seat)
        return
    try:
        seat = seat_index([p.name for p in session.players], argument)
    except SeatError as error:
        session.screen.print(f"[red]Not taken back:[/] {escape(str(error))}")
        return
    owner = session.players[seat]
    if not owner.is_human:
        session.screen.print(f"[yellow]Not taken back:[/] {owner.tag} is played by {escape(owner.spec)}; "
                             "an agent's actions go back only with a person's decision before them.")
        return
    session.undo_turn(seat, asked_by=player.seat)


def _reads_as_action(session: Session, player: Player, text: str) -> bool:
    """True when digits are an action text of the game (a Gygès set-up, say), legal or not."""
    if text.startswith("#"):
        return False
    try:
        session.state.game.parse_action(session.state, text, seat=player.seat)
    except InvalidNotation:
        return False
    except SpielwerkError:
        return True
    return True


def _is_number(text: str) -> bool:
    """True for plain digits 0-9 (not `²` or other digits that `int` would refuse or read otherwise)."""
    return text.isascii() and text.isdigit()


def _by_number(session: Session, player: Player, digits: str, legal: list[Action]) -> bool:
    number = int(digits) if len(digits) <= NUMBER_DIGITS else 0
    if not 1 <= number <= len(legal):
        shown = digits if len(digits) <= NUMBER_DIGITS else quote(digits)
        session.screen.print(
            f"[red]No action {escape(shown)}:[/] there {'is' if len(legal) == 1 else 'are'} {len(legal)} "
            f"(1–{len(legal)}); `moves` lists them."
        )
        return True
    session.play(player, legal[number - 1])
    return True
