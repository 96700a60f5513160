"""Gygès: two players race neutral rings to the opposite throne."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from spielwerk.core.catalogue import Words
from spielwerk.core.errors import OptionError
from spielwerk.core.game import Game, GameInfo
from spielwerk.core.heuristics import Heuristics
from spielwerk.core.inputs import quote, quote_name
from spielwerk.core.message import render
from spielwerk.core.options import Option, boolean, integer
from spielwerk.core.state import State
from spielwerk.games.gyges.notation import SIDE_NAMES, is_setup_text
from spielwerk.games.gyges.rules import GygesState
from spielwerk.games.gyges.say import WORDS, say


def _check_setup(value: Any) -> str:
    if value in ("choose", "random"):
        return str(value)
    parts = value.split(",") if isinstance(value, str) else []
    if len(parts) == 2 and all(is_setup_text(p) for p in parts):
        return str(value)
    raise OptionError(say("option.setup.invalid"))


def _check_captures(value: Any) -> int | dict[str, int]:
    check = integer(1, 3)
    if isinstance(value, dict):
        if set(value) != set(SIDE_NAMES):
            raise OptionError(say("option.throne_captures.handicap"))
        return {side: int(check(value[side]) or 0) for side in SIDE_NAMES}
    return int(check(value) or 0)


REPLACE_RULES = {"standard": "standard", "strict": "strict", "classic": "standard", "seed": "strict"}
"""replace_rule values as given -> as kept; "classic" and "seed" are the names older records use."""


def _check_replace_rule(value: Any) -> str:
    word = value.strip().lower() if isinstance(value, str) else None
    if word in REPLACE_RULES:
        return REPLACE_RULES[word]
    raise OptionError(say("option.replace_rule.invalid"))


OPTIONS = (
    Option("replace_rule", "standard",
           'where a put ring may go: "standard" (default: up to the opponent\'s nearest occupied rank) '
           'or "strict" (short of that rank)', _check_replace_rule),
    Option("replacement", True, "allow replacing a ring landed on (False: the beginners' game)", boolean),
    Option("setup", "choose", 'start ranks: "choose", "random", or "123321,321123" (South, North)',
           _check_setup),
    Option("throne_captures", 1, 'captures to win: 1, 3 for the King\'s game, or {"south": 3, "north": 1}',
           _check_captures),
    Option("max_plies", None, "draw the game after this many plies (None: no limit)",
           integer(1, optional=True)),
)


class Gyges(Game):
    """The game of Gygès."""

    WORDS: ClassVar[Words] = WORDS
    INFO = GameInfo(
        id="gyges", name="Gygès", min_players=2, max_players=2, chance=False, hidden=False,
        options=OPTIONS, seats=SIDE_NAMES,
    )

    @property
    def info(self) -> GameInfo:
        """Gygès has chance only when the start ranks are drawn at random."""
        if self.options["setup"] != "random":
            return self.INFO
        return GameInfo(**{**self.INFO.__dict__, "chance": True})

    @property
    def captures_needed(self) -> tuple[int, int]:
        """Throne captures each side needs to win (South, North)."""
        value = self.options["throne_captures"]
        if isinstance(value, dict):
            return value["south"], value["north"]
        return value, value

    def heuristics(self) -> Heuristics:
        """Gygès knowledge for agents: evaluation, move order, position key, immediate wins."""
        from spielwerk.games.gyges.heuristics import HEURISTICS

        return HEURISTICS

    def _new_state(self, players: int, seed: int, **start: Any) -> GygesState:
        position = start.pop("position", None)
        if start:
            names = ", ".join(quote_name(name) for name in list(start)[:5])
            raise OptionError(say("start.unknown", names=names))
        if position is not None and not isinstance(position, str):
            raise OptionError(say("start.position", value=quote(position)))
        return GygesState(self, seed, position)

    def svg(self, state: State, seat: int | None = None, *, language: str = "en") -> str:
        """The board as SVG (notebooks show states with it); North's seat sees it from the north."""
        from spielwerk.games.gyges.svg import board_svg

        return board_svg(state.view(seat), flipped=seat == 1, language=language)

    def terminal(self, state: State, seat: int | None = None, language: str = "en") -> str:
        """The board for a terminal, as rich markup, South at the bottom, its words in `language`."""
        from spielwerk.games.gyges.terminal import board_markup

        return board_markup(state.view(seat), language)

    def move_labels(self, state: State, seat: int | None, language: str = "en") -> dict[str, str]:
        """Words for `seat`'s legal actions that the notation says too little about: a pass, a set-up,
        a move onto a throne, a replacement, a King's game put (plain moves need none)."""
        from spielwerk.games.gyges.labels import move_labels

        return move_labels(state, seat, language) if isinstance(state, GygesState) else {}

    def prose(self, view: Mapping[str, Any], language: str = "en") -> dict[str, Any]:
        """How to set up by the board, for the side setting up (nothing else: the board says it)."""
        seat = view.get("seat")
        if view.get("phase") != "setup" or seat is None or seat != view.get("to_move"):
            return {}
        words = self.words(language)
        rank = 1 if seat == 0 else 6
        text = render(words, "prose.setup.text", {"rank": rank}, language)
        if seat == 1:
            text += " " + render(words, "prose.setup.turned", {}, language)
        return {"title": render(words, "prose.setup.title", {}, language), "text": text, "labels": {}}

    def move_places(self, state: State, seat: int | None) -> dict[str, list[list[str]]]:
        """A set-up by the board: the start cells of the two 1-rings, then the 2-rings', then the
        3-rings' (each pair in any order)."""
        from spielwerk.games.gyges.labels import setup_places

        return setup_places(state, seat) if isinstance(state, GygesState) else {}

    def pick_marks(self, state: State, seat: int | None) -> list[str]:
        """A set-up's start cells are marked with the height of the ring each gets."""
        from spielwerk.games.gyges.labels import SETUP_MARKS, setup_places

        return list(SETUP_MARKS) if isinstance(state, GygesState) and setup_places(state, seat) else []


__all__ = ["Gyges", "GygesState"]
