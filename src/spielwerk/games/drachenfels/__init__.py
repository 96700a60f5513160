"""Drachenfels: 2–4 knights fetch their armour, then look for their own princess on the rock castles."""

from __future__ import annotations

import json
from typing import Any

from spielwerk.core.errors import OptionError
from spielwerk.core.game import Game, GameInfo
from spielwerk.core.heuristics import Heuristics
from spielwerk.core.inputs import MAX_NESTING, MAX_POSITION_TEXT
from spielwerk.core.options import Option, integer
from spielwerk.core.state import State
from spielwerk.games.drachenfels.board import COLOURS
from spielwerk.games.drachenfels.rules import DrachenfelsState
from spielwerk.games.drachenfels.say import WORDS, say

OPTIONS = (
    Option("max_turns", 200, "rounds after which the game ends in a draw (drachenfels.limit)", integer(1)),
)


class Drachenfels(Game):
    """The game of Drachenfels."""

    WORDS = WORDS
    INFO = GameInfo(
        id="drachenfels",
        name="Drachenfels",
        min_players=2,
        max_players=4,
        chance=True,
        hidden=True,
        options=OPTIONS,
        seats=COLOURS,
    )

    def new_state(self, players: int | None = None, seed: int | None = None, **start: Any) -> State:
        """A new game; started from a position, the players are its knights unless given."""
        position = start.get("position")
        if isinstance(position, str):
            start["position"] = position = _position_from_text(position)
        if players is None and isinstance(position, dict) and isinstance(position.get("knights"), dict):
            players = len(position["knights"])
        return super().new_state(players, seed, **start)

    def _new_state(self, players: int, seed: int, **start: Any) -> DrachenfelsState:
        position = start.pop("position", None)
        if start:
            raise OptionError(say("position.start-keys", keys=", ".join(start)))
        state = DrachenfelsState(self, players, seed)
        if position is not None:
            from spielwerk.games.drachenfels.position import decode

            decode(state, position)
            state.begin_here()
        return state

    def heuristics(self) -> Heuristics:
        """Drachenfels knowledge for agents: an evaluation of the race to armour and princess, move order."""
        from spielwerk.games.drachenfels.heuristics import HEURISTICS

        return HEURISTICS

    def svg(self, state: State, seat: int | None = None, *, language: str = "en") -> str:
        """The board and the public pieces, plus what `seat` alone knows (its princesses), as SVG, its
        words in `language`."""
        from spielwerk.games.drachenfels.svg import draw

        return draw(state.view(seat), language=language)

    def terminal(self, state: State, seat: int | None = None, language: str = "en") -> str:
        """A map of the board with the knights, and `seat`'s own hand and secrets, as rich markup, its
        words in `language`."""
        from spielwerk.games.drachenfels.terminal import board_markup

        return board_markup(state.view(seat), language)

    def move_label(self, prefix: str, language: str = "en") -> str | None:
        """Names in a numbered move list, in `language`: `3 ` is "card 3 → field", `dragon C4>` is "C4 →"."""
        from spielwerk.games.drachenfels.labels import group_label

        return group_label(prefix, language)

    def move_labels(self, state: State, seat: int | None, language: str = "en") -> dict[str, str]:
        """Words for each legal action of `seat`, when it is to move: `3 17` is "card 3 → 17",
        `take blue` "take a card from blue" (in `language`)."""
        from spielwerk.games.drachenfels.labels import action_labels

        assert isinstance(state, DrachenfelsState)
        return action_labels(state, seat, language)

def _position_from_text(text: str) -> Any:
    """A position given as JSON text (as the command line passes it)."""
    example = '{"knights": {"red": "12", "blue": "S2"}}'
    if len(text) > MAX_POSITION_TEXT:
        raise OptionError(say("position.text.long", most=MAX_POSITION_TEXT))
    try:
        return json.loads(text)
    except ValueError as error:  # bad JSON, or a number too long to read
        raise OptionError(say("position.text.json", example=example, why=str(error)[:80])) from None
    except RecursionError:
        raise OptionError(say("position.nesting", most=MAX_NESTING)) from None


__all__ = ["Drachenfels", "DrachenfelsState"]
