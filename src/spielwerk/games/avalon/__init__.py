"""Avalon: the day cycle of Tainted Grail as a co-operative game for 1–4 players (rules/avalon.md)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from spielwerk.core.chance import CHANCE
from spielwerk.core.errors import OptionError
from spielwerk.core.game import Game, GameInfo
from spielwerk.core.heuristics import Heuristics
from spielwerk.core.inputs import MAX_NESTING, MAX_POSITION_TEXT, quote
from spielwerk.core.options import Option, integer
from spielwerk.core.state import State
from spielwerk.games.avalon.content import CONTENT
from spielwerk.games.avalon.rules import AvalonState
from spielwerk.games.avalon.say import WORDS, say


def character_name(number: int) -> str:
    """A character's name ("Cadoc")."""
    key = f"character.{number}"
    name = CONTENT.text(key)
    return CONTENT.characters[number].slug.capitalize() if name == key else name


NAMES = tuple(character_name(number) for number in sorted(CONTENT.characters))
"""Seat names: the characters' names, in number order."""


def characters(value: Any) -> list[int] | None:
    """The `characters` option: distinct character numbers 1–4 (`[1, 3]` or "1,3"), or None (1..n)."""
    if value is None or (isinstance(value, str) and value.strip().lower() in {"", "none"}):
        return None
    if isinstance(value, str):
        parts = [part.strip() for part in value.split(",")]
        if not all(part.isascii() and part.isdigit() and len(part) == 1 for part in parts):
            raise OptionError(say("option.characters.digits"))
        value = [int(part) for part in parts]
    if isinstance(value, int) and not isinstance(value, bool):
        value = [value]
    if not isinstance(value, list) or not value or len(value) > len(CONTENT.characters):
        raise OptionError(say("option.characters.list"))
    if any(isinstance(n, bool) or not isinstance(n, int) or n not in CONTENT.characters for n in value):
        raise OptionError(say("option.characters.numbers"))
    if len(set(value)) != len(value):
        raise OptionError(say("option.characters.twice"))
    return sorted(value)


OPTIONS = (
    Option("max_days", None, "the last day: 4–20 (default: the content's for the player count)",
           integer(4, 20, optional=True)),
    Option("characters", None, "the characters played, one per player, e.g. 1,3 (default 1..players)",
           characters),
)


class Avalon(Game):
    """The co-operative game of Avalon."""

    INFO = GameInfo(
        id="avalon",
        name="Avalon",
        min_players=1,
        max_players=4,
        chance=True,
        hidden=True,
        options=OPTIONS,
        seats=NAMES,
        cooperative=True,
    )
    WORDS = WORDS

    @property
    def info(self) -> GameInfo:
        """With the `characters` option: as many players as characters, each seat named after one."""
        chosen = self.options["characters"]
        if not chosen:
            return self.INFO
        return replace(self.INFO, seats=tuple(character_name(n) for n in chosen),
                       min_players=len(chosen), max_players=len(chosen))

    def how_to_play(self, language: str = "en", medium: str = "terminal") -> str:
        """The how-to-play for `medium` in `language` (else English), its numbers the content's
        (`howto.fill`), in the words of the language it is written in."""
        from spielwerk.games.avalon.howto import fill

        text = super().how_to_play(language, medium)
        written = language if text != super().how_to_play("en", medium) else "en"
        return fill(text, CONTENT.numbers, written)

    def heuristics(self) -> Heuristics:
        """Avalon knowledge for agents: the team's shared evaluation and a move order."""
        from spielwerk.games.avalon.heuristics import HEURISTICS

        return HEURISTICS

    def new_state(self, players: int | None = None, seed: int | None = None, **start: Any) -> State:
        """A new game; the players are as many as the characters chosen, unless given."""
        position = start.get("position")
        if isinstance(position, str):
            start["position"] = _position_from_text(position)
        chosen = self.options["characters"]
        if players is None and chosen:
            players = len(chosen)
        if chosen and players is not None and players != len(chosen):
            raise OptionError(say("option.characters.players", chosen=str(chosen), count=len(chosen),
                                  players=quote(players)))
        return super().new_state(players, seed, **start)

    def terminal(self, state: State, seat: int | None = None, language: str = "en", *,
                 width: int | None = None) -> str:
        """The island's map, the characters and what the game waits for, as rich markup of at most
        80 columns (`width`: fewer), every word in `language`."""
        from spielwerk.games.avalon.terminal import board_markup

        to_move = None if state.is_over or state.is_chance else state.to_move
        legal = [str(action) for action in state.legal_actions()] if to_move is not None else []
        return board_markup(state.view(seat), seat, language, width=width, to_move=to_move, legal=legal)

    def move_label(self, prefix: str, language: str = "en") -> str | None:
        """What a move list calls the actions beginning with `prefix` in `language` ("travel " is
        "reisen:"); None in English, whose notation names them."""
        from spielwerk.games.avalon.labels import group_label

        return group_label(prefix, language)

    def move_labels(self, state: State, seat: int | None, language: str = "en") -> dict[str, str]:
        """Words for each legal action of `seat` while it is to move ("travel north": "to 7 Ashford",
        "explore": "explore Heartstone"), built from what the seat may see."""
        from spielwerk.games.avalon.labels import label

        if seat is None or state.is_over or state.is_chance or state.to_move != seat:
            return {}
        view = state.view(seat)
        waiting = view.get("waiting") or {}
        found = {str(action): label(str(action), view, language, seat, waiting, full=True)
                 for action in state.legal_actions()}
        return {text: words for text, words in found.items() if words}

    def prose(self, view: Mapping[str, Any], language: str = "en") -> dict[str, Any]:
        """The verse being read and its options' labels, names for actions, in `language`."""
        from spielwerk.games.avalon.prose import prose

        return prose(view, language)

    def svg(self, state: State, seat: int | None = None, *, language: str = "en") -> str:
        """The island, the characters and the day's state as `seat` may see them, as SVG in `language`."""
        from spielwerk.games.avalon.svg import draw

        mover = None if state.is_over or state.to_move == CHANCE else state.to_move
        return draw(state.view(seat), language, mover)

    def _new_state(self, players: int, seed: int, **start: Any) -> AvalonState:
        position = start.pop("position", None)
        if start:
            raise OptionError(say("start.unknown", names=", ".join(start)))
        state = AvalonState(self, players, seed)
        if position is not None:
            from spielwerk.games.avalon.position import decode

            decode(state, position)
            state.settle()
            state.begin_here()
        return state


def _position_from_text(text: str) -> Any:
    if len(text) > MAX_POSITION_TEXT:
        raise OptionError(say("start.position.long", most=MAX_POSITION_TEXT))
    try:
        return json.loads(text)
    except ValueError as error:
        raise OptionError(say("start.position.json", error=str(error)[:80])) from None
    except RecursionError:
        raise OptionError(say("start.position.deep", most=MAX_NESTING)) from None


__all__ = ["Avalon", "AvalonState"]
