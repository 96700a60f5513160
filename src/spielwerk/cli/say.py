"""The terminal's own words (prompts, command help, answers) and the game's words it prints.

The terminal's catalogue is `cli/words/{en,de,fr}.toml` over the core's, with the same keys in every
language; its texts may hold rich markup, and whatever is put into a placeholder is escaped by the
caller. What a game says (a status line, an end reason, a seat's name) is rendered from the game's own
catalogue, by key, in the language the session was started in: nothing here reads the environment.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spielwerk.core.catalogue import CORE, Words
from spielwerk.core.game import Game
from spielwerk.core.message import Arg, is_message_json, render_json

WORDS = Words("spielwerk.cli", parent=CORE)
"""The terminal's catalogues."""


def text(key: str, language: str, /, **args: Arg) -> str:
    """The terminal's text of `key` with `args` in `language`."""
    return WORDS.text(key, language, **args)


def decimal(value: float, digits: int, language: str) -> str:
    """`value` with `digits` decimals, written as `language` writes numbers ("75.0", "75,0")."""
    return f"{value:.{digits}f}".replace(".", text("number.point", language))


def said(game: Game, data: Mapping[str, Any], name: str, language: str) -> str | None:
    """What `data[name]` says, in `language`: rendered from `data[name + "_message"]` by the game's
    words where the game gives its key (`waiting_for_message`), else the text as given (English); None
    where there is no text."""
    message = data.get(f"{name}_message")
    if isinstance(message, Mapping) and is_message_json(message):
        return render_json(game.words(language), message, language)
    plain = data.get(name)
    return plain if isinstance(plain, str) and plain else None


def status(game: Game, view: Mapping[str, Any], language: str) -> str | None:
    """What the game waits for, from a view (`waiting_for`), in `language`."""
    return said(game, view, "waiting_for", language)


def end_reason(game: Game, view: Mapping[str, Any], language: str) -> str | None:
    """Why the game ended, from a view's `result` (`reason`), in `language`."""
    result = view.get("result")
    return said(game, result, "reason", language) if isinstance(result, Mapping) else None


def seat_name(game: Game, seat: int, language: str) -> str:
    """A seat's name as it reads in a sentence of `language` ("south", "Süd"); the game's own name for
    the seat where its catalogue has none."""
    names = game.info.seats
    key = f"seat.{names[seat]}" if 0 <= seat < len(names) else ""
    if key and key not in game.words("en"):
        return names[seat]
    return game.seat_message(seat).render(language)


def capital(name: str) -> str:
    """`name` beginning with a capital ("South", "Player 1")."""
    return name[:1].upper() + name[1:]
