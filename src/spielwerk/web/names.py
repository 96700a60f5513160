"""The engine's game and seat names as the message catalogue knows them: `pybabel extract` finds them
here (a test checks this list against the engine's names, so a new game or seat is not forgotten).
The API keeps sending the engine's own names; only the pages show them translated."""

from __future__ import annotations


def N_(message: str) -> str:  # the name pybabel extract looks for
    """Marks `message` for the catalogue; returns it unchanged."""
    return message


GAMES = (N_("Avalon"), N_("Drachenfels"), N_("Grani"), N_("Gygès"))
SEATS = (
    N_("south"), N_("north"),
    N_("red"), N_("blue"), N_("yellow"), N_("green"), N_("white"), N_("black"),
    N_("Cadoc"), N_("Elowen"), N_("Morwen"), N_("Tegid"),
)
