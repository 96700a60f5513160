"""Grani: 3–6 knights carry the ring to the cities, past dragons, dice and each other."""

from __future__ import annotations

from typing import Any

from spielwerk.core.errors import OptionError
from spielwerk.core.game import Game, GameInfo
from spielwerk.core.heuristics import Heuristics
from spielwerk.core.inputs import MAX_POSITION_TEXT, quote_name
from spielwerk.core.options import Option, integer
from spielwerk.core.state import State
from spielwerk.games.grani.notation import COLOURS
from spielwerk.games.grani.rules import GraniState
from spielwerk.games.grani.say import WORDS, say

OPTIONS = (
    Option("seals_to_win", 3, "seals of different cities that win: 3 (default) or 2 (a shorter game)",
           integer(2, 3)),
    Option("max_turns", 400, "rounds after which the game ends; the most seals share the win",
           integer(1)),
)


class Grani(Game):
    """The game of Grani."""

    INFO = GameInfo(
        id="grani", name="Grani", min_players=3, max_players=6, chance=True, hidden=False,
        options=OPTIONS, seats=COLOURS,
    )
    WORDS = WORDS

    def new_state(self, players: int | None = None, seed: int | None = None, **start: Any) -> State:
        """A new game; started from a position text, the players are its knights unless given."""
        position = start.get("position")
        if players is None and isinstance(position, str) and len(position) <= MAX_POSITION_TEXT:
            named = {token.partition("=")[0].lower() for token in position.split()}
            players = len(named & set(COLOURS)) or None
        return super().new_state(players, seed, **start)

    def _new_state(self, players: int, seed: int, **start: Any) -> GraniState:
        position = start.pop("position", None)
        if start:
            names = ", ".join(quote_name(name) for name in list(start)[:4])
            raise OptionError(say("setup.start-keys", names=names))
        return GraniState(self, players, seed, position)

    def heuristics(self) -> Heuristics:
        """Grani knowledge for agents: a race-model evaluation, move order, immediate wins."""
        from spielwerk.games.grani.heuristics import HEURISTICS

        return HEURISTICS

    def svg(self, state: State, seat: int | None = None, *, language: str = "en") -> str:
        """The board and everything on it as SVG (the same for every seat), its words in `language`."""
        from spielwerk.games.grani.svg import board_svg

        return board_svg(state.view(seat), language)

    def terminal(
        self, state: State, seat: int | None = None, language: str = "en", *, width: int | None = None
    ) -> str:
        """A map of the board with the knights' state, as rich markup, in lines of at most `width`
        characters (None: the console's width): the full map, a compact one that fits 80 columns,
        or a list of the points with their neighbours; its words in `language`."""
        from spielwerk.games.grani.terminal import board_markup

        return board_markup(state.view(seat), width, language)

    def move_label(self, prefix: str, language: str = "en") -> str | None:
        """The heading of a group of decisions in a move list (`block ` is "block:", in German
        "Stein setzen (block):"); None for the others."""
        from spielwerk.games.grani.labels import group_label

        return group_label(prefix, language)

    def move_labels(self, state: State, seat: int | None, language: str = "en") -> dict[str, str]:
        """Words for the legal actions whose notation hides what they do: a fight, an attack, the
        ring taken or delivered, a stone to place; every decision of a turn."""
        from spielwerk.games.grani.labels import action_labels

        return action_labels(state, seat, language) if isinstance(state, GraniState) else {}


__all__ = ["Grani", "GraniState"]
