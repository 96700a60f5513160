"""What a person may type on their turn: an action, its number, or a command."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape
from rich.padding import Padding
from rich.table import Table

from spielwerk.cli.movelist import format_moves
from spielwerk.cli.seats import Player, SeatError, seat_index
from spielwerk.core.errors import IllegalAction, InvalidNotation, SpielwerkError
from spielwerk.core.inputs import quote
from spielwerk.core.state import Action

if TYPE_CHECKING:
    from spielwerk.cli.session import Session

COMMANDS = {
    "help": "help", "?": "help",
    "quit": "quit", "exit": "quit",
    "moves": "moves", "list": "moves", "ls": "moves",
    "hint": "hint",
    "rules": "rules", "howto": "rules",
    "undo": "undo", "takeback": "undo",
    "resign": "resign",
    "save": "save",
    "load": "load",
    "board": "board", "show": "board",
}
"""The words a person may type, each mapped to its command."""
HELP_ROWS = ("action", "number", "moves", "hint", "rules", "undo", "resign", "save", "load", "board", "help",
             "quit")
"""The rows of `help`, each the catalogue's `help.<row>.typed` (what to type) and `help.<row>`."""
NUMBER_DIGITS = 6
"""Longer numbers are no action's number (and are not read as whole numbers at all)."""


def handle(session: Session, player: Player, line: str) -> bool:
    """Act on one line typed by `player`; False when they leave."""
    typed = line.strip()
    if not typed:
        session.screen.print(session.say("commands.empty"))
        return True
    legal = session.state.legal_actions()
    texts = [str(action) for action in legal]
    chosen = _exact(texts, typed)
    if chosen is not None:
        session.play(player, legal[chosen])
        return True
    word, _, rest = typed.partition(" ")
    command = COMMANDS.get(word.lower())
    if command is not None:
        return _command(session, player, command, rest.strip())
    digits = typed[1:] if typed.startswith("#") else typed
    if _is_number(digits) and not _reads_as_action(session, player, typed):
        return _by_number(session, player, digits, legal)
    try:
        session.play(player, typed)
    except IllegalAction as error:
        session.screen.print(session.say("commands.not-allowed", error=session.why(error)))
    except InvalidNotation as error:
        session.screen.print(session.say("commands.not-understood", error=session.why(error)))
        session.screen.print(session.say("commands.not-understood.tip"))
    except SpielwerkError as error:
        session.screen.print(session.say("commands.not-possible", error=session.why(error)))
    return True


def show_help(session: Session) -> None:
    """Print the commands."""
    state = session.state
    texts = [] if state.is_over or state.is_chance else [str(action) for action in state.legal_actions()]
    picked: dict[str, str] = {}
    for text in texts:
        picked.setdefault("/" if "/" in text else text.partition("-")[0].partition(" ")[0], text)
    shown = ", ".join(f"[bold]{escape(t)}[/]" for t in list(picked.values())[:3])
    examples = session.say("help.examples", examples=shown) if shown else ""
    verb = shared_verb(texts)
    shared = ""
    if verb is not None:
        example = escape(texts[0].partition(" ")[2])
        shared = session.say("help.shared", verb=escape(verb), example=example)
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True, min_width=15)
    table.add_column()
    for row in HELP_ROWS:
        what = session.say(f"help.{row}", examples=examples, shared=shared)
        table.add_row(session.say(f"help.{row}.typed"), what)
    session.screen.print(session.say("help.title"))
    session.screen.print(Padding(table, (0, 0, 0, 2)))


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
        session.leave(session.say("session.bye"))
        return False
    if command == "help":
        show_help(session)
    elif command == "moves":
        _moves(session, player, argument)
    elif command == "hint":
        session.hint()
    elif command == "rules":
        session.show_rules(argument)
    elif command == "resign":
        session.resign(player)
    elif command == "undo":
        _undo(session, player, argument)
    elif command == "save":
        session.save(argument or None)
    elif command == "load":
        session.load(argument)
    elif command == "board":
        session.show()
    return True


def _moves(session: Session, player: Player, argument: str) -> None:
    """`moves [TEXT]`: the legal actions numbered, with the game's words for them where it has some."""
    state, language = session.state, session.language
    texts = [str(action) for action in state.legal_actions()]
    if texts and len(argument) > max(map(len, texts)):  # matches nothing: quoted short, never whole
        session.screen.print(session.say("commands.no-match", text=escape(quote(argument))))
        return
    game = state.game
    labels = game.move_labels(state, player.seat, language)
    for markup in format_moves(texts, session.screen.width, argument,
                               lambda prefix: game.move_label(prefix, language),
                               language=language, labels=labels):
        session.screen.print(markup)


def _undo(session: Session, player: Player, argument: str) -> None:
    """`undo`: the person's own last decision; `undo SEAT`: that person's, typed at a shared terminal."""
    if not argument:
        session.undo_turn(player.seat)
        return
    seat = _seat_named(session, argument)
    if isinstance(seat, SeatError):
        session.screen.print(session.say("commands.undo.refused", error=session.why(seat)))
        return
    owner = session.players[seat]
    if not owner.is_human:
        session.screen.print(session.say("commands.undo.agent", player=owner.tag, spec=escape(owner.spec)))
        return
    session.undo_turn(seat, asked_by=player.seat)


def _seat_named(session: Session, argument: str) -> int | SeatError:
    """The seat `argument` names (by its name, number, or its name in the session's language: "süd"),
    else why there is none."""
    try:
        return seat_index([p.name for p in session.players], argument)
    except SeatError as error:
        typed = argument.strip().lower()
        return next((p.seat for p in session.players if p.title.lower() == typed), error)


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
        session.screen.print(session.say("commands.no-number", number=escape(shown), count=len(legal)))
        return True
    session.play(player, legal[number - 1])
    return True
