"""What the lobby offers: each game's entry (players, seats, options) with its words in the lobby's
language, and the agents a seat may have, each with a plain strength word (easy, medium, strong,
strongest) that the page says in its language."""

from __future__ import annotations

from typing import Any

from fastapi.encoders import jsonable_encoder

from spielwerk.core.game import Game, GameInfo
from spielwerk.web import speech

STRONG_BUDGET = "1s"
STRONGEST_BUDGET = "5s"
"""Thinking time a move of the strong and the strongest agent the lobby offers."""


def suggested_agent(info: GameInfo) -> str:
    """Alpha-beta for two players with perfect information, IS-MCTS with secrets, else MCTS."""
    if info.max_players == 2 and not info.hidden and not info.chance:
        return "alphabeta"
    return "ismcts" if info.hidden else "mcts"


def strengths(info: GameInfo) -> list[dict[str, str]]:
    """The agents the lobby offers for a game, weakest first: `{"strength", "spec"}` with the
    strength word (the page's catalogue says it) and the agent spec a seat of `POST /api/games` takes:
    easy is random, medium greedy, strong and strongest the game's suggested agent with 1 s and 5 s a
    move."""
    best = suggested_agent(info)
    return [
        {"strength": "easy", "spec": "random"},
        {"strength": "medium", "spec": "greedy"},
        {"strength": "strong", "spec": f"{best}:{STRONG_BUDGET}"},
        {"strength": "strongest", "spec": f"{best}:{STRONGEST_BUDGET}"},
    ]


def strength_of(info: GameInfo, spec: str) -> str | None:
    """The strength word of an agent spec the lobby offers for the game (None for any other)."""
    return next((offered["strength"] for offered in strengths(info) if offered["spec"] == spec), None)


def entry(game: Game, lang: str = "en") -> dict[str, Any]:
    """A game's facts for a lobby: players, each seat's name (as many as the most players), options,
    the agents it offers; `words` holds the game's, the seats' and the options' names (and the
    options' descriptions) in `lang`."""
    info = game.info
    words = game.words(lang)
    return {
        "id": info.id, "name": info.name,
        "min_players": info.min_players, "max_players": info.max_players,
        "seats": [info.seat_name(seat) for seat in range(info.max_players)],
        "options": [{"name": option.name, "default": jsonable_encoder(option.default), "doc": option.doc,
                     "label": speech.text(words, f"option.{option.name}", lang, option.name),
                     "about": speech.text(words, f"option.{option.name}.doc", lang, option.doc)}
                    for option in info.options],
        "agents": strengths(info),
        "words": {"game": speech.game_name(game, lang),
                  "seats": speech.seat_names(game, info.max_players, lang)},
    }
