"""What the engine says, in a reader's language: the texts a payload, a lobby entry or a refusal
carries beside the engine's English. Everything is rendered by key from the game's words
(`Game.words`, the core's included), never matched back from English; where a game has no words for
something yet, its English (or its notation) is shown as it is."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from spielwerk.core.game import Game
from spielwerk.core.message import is_message_json, render, render_json
from spielwerk.core.state import State

CUTS = " />-"
_CUT = re.compile(f"[{re.escape(CUTS)}]")
"""The signs after which a text of the notation may be cut into a group's beginning and the rest
(`3 17` after `3 `, `dragon C4>17` after `dragon C4>`, `b1-c3/e5` after `b1-` or `b1-c3/`)."""


def standalone(text: str) -> str:
    """A name as it stands alone, at the start of a line: its first letter a capital."""
    return text[:1].upper() + text[1:]


def rendered(game: Game, said: Any, lang: str, english: Any = "") -> str:
    """A message as views carry it (`{"key", "args"}`) in `lang`; `english` where there is none."""
    if is_message_json(said):
        return render_json(game.words(lang), said, lang)
    return english if isinstance(english, str) else ""


def text(words: Mapping[str, str], key: str, lang: str, fallback: str) -> str:
    """The text of `key` (one without placeholders) in the catalogue `words`; `fallback` where the
    catalogue has no such key."""
    return render(words, key, {}, lang) if key in words else fallback


def game_name(game: Game, lang: str) -> str:
    """The game's name in `lang` (`game.name` of its words)."""
    return text(game.words(lang), "game.name", lang, game.info.name)


def seat_names(game: Game, players: int, lang: str) -> list[str]:
    """Each seat's name in `lang`, as it stands alone ("Süd", "Cadoc")."""
    return [standalone(game.seat_message(seat).render(lang)) for seat in range(players)]


def status(game: Game, view: Mapping[str, Any], lang: str) -> str:
    """What the game waits for (the view's `waiting_for`) in `lang`."""
    return rendered(game, view.get("waiting_for_message"), lang, view.get("waiting_for"))


def reason(game: Game, view: Mapping[str, Any], lang: str) -> str | None:
    """Why the game ended (the view's result's `reason`) in `lang`; None while it runs."""
    result = view.get("result")
    if not isinstance(result, Mapping):
        return None
    return rendered(game, result.get("reason_message"), lang, result.get("reason")) or None


def prefixes(text: str) -> list[str]:
    """Every beginning of `text` that ends with one of CUTS and leaves something after it."""
    return [text[: cut.end()] for cut in _CUT.finditer(text, 0, len(text) - 1)]


def groups(game: Game, texts: Iterable[str], lang: str) -> dict[str, str]:
    """The names the game gives the beginnings of `texts` (`Game.move_label`): prefix -> name in
    `lang`, for each prefix the game names ("3 " -> "Karte 3 → Feld")."""
    named: dict[str, str] = {}
    if type(game).move_label is Game.move_label:  # a game that names none (asking costs a payload)
        return named
    for prefix in sorted({prefix for text in texts for prefix in prefixes(text)}):
        name = _group_name(game, prefix, lang)
        if name:
            named[prefix] = name
    return named


@lru_cache(maxsize=8192)
def _group_name(game: Game, prefix: str, lang: str) -> str | None:
    """`game.move_label(prefix, lang)`, kept: a game names a beginning the same way every time."""
    return game.move_label(prefix, lang)


def hand(game: Game, view: Mapping[str, Any], lang: str) -> list[str] | None:
    """The seat's cards (the view's `hand`) by their names in `lang` (`card.<card>` of the game's
    words, else as the view writes them); None where the view holds no hand."""
    cards = view.get("hand")
    if not isinstance(cards, list):
        return None
    words = game.words(lang)
    return [text(words, f"card.{card}", lang, str(card)) for card in cards]


def words(state: State, seat: int | None, view: Mapping[str, Any], legal: list[str],
          lang: str) -> dict[str, Any]:
    """The texts of a payload in `lang`: the game's and the seats' names, the status, the reason of
    the end, the seat's cards, and words for its legal actions (`labels`: text -> words) and for the
    beginnings the page groups them by (`groups`: prefix -> name), and the places to click for those
    whose text names none (`places`: text -> groups of place names) with what a picked place is
    marked with (`pick_marks`). Made from what the seat may know."""
    game = state.game
    places = game.move_places(state, seat) if legal else {}
    return {
        "lang": lang,
        "game": game_name(game, lang),
        "seats": seat_names(game, state.players, lang),
        "status": status(game, view, lang),
        "reason": reason(game, view, lang),
        "hand": hand(game, view, lang),
        "labels": game.move_labels(state, seat, lang) if legal else {},
        "places": places,
        "pick_marks": game.pick_marks(state, seat) if places else [],
        "groups": groups(game, legal, lang),
    }
