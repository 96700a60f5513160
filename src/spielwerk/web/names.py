"""The engine's game and seat names and its options' descriptions as the message catalogue knows
them: `pybabel extract` finds them here (tests check these lists against the engine's, so a new
game, seat or option is not forgotten). The API keeps sending the engine's own words; only the pages
show them translated."""

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
OPTION_DOCS = (
    N_("the last day: 4–20 (default: the content's for the player count)"),
    N_("the characters played, one per player, e.g. 1,3 (default 1..players)"),
    N_("rounds after which the game ends in a draw (drachenfels.limit)"),
    N_("seals of different cities that win: 3 (default) or 2 (a shorter game)"),
    N_("rounds after which the game ends; the most seals share the win"),
    N_('where a put ring may go: "standard" (default: up to the opponent\'s nearest occupied rank) or '
       '"strict" (short of that rank)'),
    N_("allow replacing a ring landed on (False: the beginners' game)"),
    N_('start ranks: "choose", "random", or "123321,321123" (South, North)'),
    N_('captures to win: 1, 3 for the King\'s game, or {"south": 3, "north": 1}'),
    N_("draw the game after this many plies (None: no limit)"),
)
