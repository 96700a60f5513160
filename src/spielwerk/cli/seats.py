"""Who sits where: seat specs (`human`, `alphabeta:2s`, `mcts:5000`) by seat name or number; who won."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rich.color import Color, ColorParseError
from rich.markup import escape

from spielwerk import agents
from spielwerk.cli.say import WORDS, capital, seat_name, text
from spielwerk.core.errors import SpielwerkError
from spielwerk.core.game import GameInfo
from spielwerk.core.inputs import quote
from spielwerk.core.message import Message
from spielwerk.core.state import State

HUMAN = "human"
DEFAULT_OPPONENT = "mcts:1s"
"""Who takes a seat nobody named, when someone else is named human or nothing is named at all."""


class SeatError(ValueError):
    """A seat name, number or spec that cannot be used; `.message` says why in any language
    (`render`)."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(str(message))

    def render(self, language: str = "en") -> str:
        """Why, in `language`."""
        return self.message.render(language)


@dataclass
class Player:
    """One seat: its number, its name, what was asked for, and the agent (None for a person)."""

    seat: int
    name: str
    spec: str
    agent: agents.Agent | None = None
    shown: str = ""
    """The seat's name in the session's language ("Süd"); "" for `name` itself."""

    @property
    def is_human(self) -> bool:
        """True where a person types the moves."""
        return self.agent is None

    @property
    def title(self) -> str:
        """The seat's name for people, capitalised ("South", "Süd")."""
        return capital(self.shown or self.name)

    @property
    def tag(self) -> str:
        """The seat's name as markup, on its own colour where the name is one ("yellow")."""
        return seat_tag(self.name, self.title)


def seat_tag(name: str, title: str | None = None) -> str:
    """`Yellow` in black on yellow, `Blue` in white on blue, ...; a name that is no colour in bold.

    `title` is what the tag reads (the name in another language, "Gelb"); default: the name."""
    title = escape(capital(name) if title is None else title)
    try:
        red, green, blue = Color.parse(name.strip().lower()).get_truecolor()
    except ColorParseError:
        return f"[bold]{title}[/]"
    ink = "black" if 0.299 * red + 0.587 * green + 0.114 * blue > 100 else "white"
    return f"[bold {ink} on {name.strip().lower()}]{title}[/]"


def seat_names(info: GameInfo, players: int) -> list[str]:
    """The name of every seat in a game of `players` ("south", "north", or "player 1", ...)."""
    return [info.seat_name(seat) for seat in range(players)]


def seat_index(names: Sequence[str], key: str) -> int:
    """A seat by name (any case) or by number counted from 0."""
    word = key.strip().lower()
    if word.isascii() and word.isdigit() and len(word) <= 3 and int(word) < len(names):
        return int(word)
    for index, name in enumerate(names):
        if name.lower() == word or name.lower().replace(" ", "") == word:
            return index
    numbers = f"0–{len(names) - 1}"
    raise SeatError(WORDS.message("seat.none", given=quote(key), seats=", ".join(names), numbers=numbers))


def plan_seats(names: Sequence[str], named: Mapping[str, str], generic: Sequence[str]) -> list[str]:
    """The spec of each seat from `--<seat> SPEC` options and `--seat SEAT=SPEC` items.

    If no seat is given to a person, the first seat nobody named is the person's; every other
    seat nobody named gets `DEFAULT_OPPONENT`.
    """
    specs: dict[int, str] = {}
    for key, spec in named.items():
        specs[seat_index(names, key)] = spec.strip()
    for item in generic:
        key, sep, spec = item.partition("=")
        if not sep or not spec.strip():
            raise SeatError(WORDS.message("seat.generic", given=quote(item)))
        specs[seat_index(names, key)] = spec.strip()
    free = [seat for seat in range(len(names)) if seat not in specs]
    if free and not any(spec.lower() == HUMAN for spec in specs.values()):
        specs[free[0]] = HUMAN
    return [specs.get(seat, DEFAULT_OPPONENT) for seat in range(len(names))]


def make_player(seat: int, name: str, spec: str, seed: int | None) -> Player:
    """A seat with its agent made (none for `human`); `SeatError` names what went wrong."""
    if spec.lower() == HUMAN:
        return Player(seat, name, HUMAN)
    return Player(seat, name, spec, make_agent(spec, seed))


def make_agent(spec: str, seed: int | None) -> agents.Agent:
    """An agent from a spec like `alphabeta:2s`; `SeatError` for an unknown one or a bad budget."""
    try:
        return agents.from_spec(spec, seed=seed)
    except SpielwerkError as error:
        known = ", ".join(agents.names())
        if error.message is not None and error.message.key == "agent.unknown":  # it lists them already
            raise SeatError(WORDS.message("seat.agent.unknown", given=error.message.args["given"],
                                          human=HUMAN, agents=known)) from None
        raise SeatError(WORDS.message("seat.agent", error=error.message or str(error), human=HUMAN,
                                      agents=known)) from None


def agent_seed(game_seed: int, seat: int) -> int:
    """Each agent's own seed, derived from the game's so that a seeded game replays exactly."""
    return (game_seed * 31 + seat + 1) % (1 << 32)


def outcome_text(state: State, language: str = "en") -> str:
    """"South wins (1 – 0)", "a draw (0.5 – 0.5)", "Cadoc and Elowen lose together (0 – 0)"
    (a co-operative game), "Cadoc wins (1)" (alone), ... for a finished game, in `language`."""
    names = [capital(seat_name(state.game, seat, language)) for seat in range(state.players)]
    returns = state.returns()
    best = max(returns)
    winners = [name for name, value in zip(names, returns, strict=True) if value == best]
    scores = " – ".join(f"{value:g}" for value in returns)
    if len(returns) == 1:
        return text("outcome.alone.win" if best > 0 else "outcome.alone.lose", language,
                    player=names[0], scores=scores)
    if state.game.info.cooperative and len(set(returns)) == 1:
        return text("outcome.together.win" if best > 0 else "outcome.together.lose", language,
                    players=names, scores=scores)
    if len(winners) == len(returns):
        return text("outcome.draw", language, scores=scores)
    if len(winners) == 1:
        return text("outcome.wins", language, player=winners[0], scores=scores)
    return text("outcome.share", language, players=winners, scores=scores)
