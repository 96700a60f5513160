"""The last move on Avalon's map: every seat's view names it (a Day action is public), positions keep
it, and the picture draws it: a band along the way a `travel` took, a frame in the character's
colour around the card, and around the slug of an `act`."""

from __future__ import annotations

import re

import pytest

from spielwerk import OptionError
from spielwerk.games.avalon.position import encode
from tests.avalon.helpers import day, game, play, position

SEATS = (None, 0, 1)


def mark(svg: str) -> str:
    """The opening tag of the picture's last-move mark ("" where it has none)."""
    found = re.search(r'<g class="last-move"[^>]*>', svg)
    return found.group(0) if found else ""


def test_avalon_last_move__none_at_the_start_then_a_travel_that_every_seat_sees() -> None:
    state = day(players=2)
    assert all(state.view(seat)["last_move"] is None for seat in SEATS)
    assert not mark(state.game.svg(state, 0)) and "last-way" not in state.game.svg(state, 0)
    play(state, "travel north", "decline")  # Cadoc goes from the Heartstone to Ashford, Elowen stays
    moved = {"hero": 1, "action": "travel north", "from": 13, "to": 7}
    assert all(state.view(seat)["last_move"] == moved for seat in SEATS)
    for seat in SEATS:
        svg = state.game.svg(state, seat)
        assert mark(svg) == '<g class="last-move" data-last="travel north" data-hero="1">'
        assert svg.count('class="last-way"') == 1 and "last-slug" not in svg
    state.undo()
    state.undo()
    assert state.view(0)["last_move"] is None and not mark(state.game.svg(state, 0))


def test_avalon_last_move__an_act_frames_its_slug_an_exploration_its_card() -> None:
    state = day(players=2)
    play(state, "wait", "act commune")  # Elowen communes on the Heartstone, Cadoc is asked to join
    assert state.view(None)["last_move"] == {"hero": 2, "action": "act commune", "from": 13, "to": 13}
    svg = state.game.svg(state, None, language="de")
    assert mark(svg) == '<g class="last-move" data-last="act commune" data-hero="2">'
    assert "last-slug" in svg and "last-way" not in svg and "letzter Zug: Elowen" in svg
    alone = day(players=1)
    play(alone, "explore")
    assert alone.view(0)["last_move"] == {"hero": 1, "action": "explore", "from": 13, "to": 13}
    assert mark(alone.game.svg(alone, 0)) and "last-slug" not in alone.game.svg(alone, 0)


def test_avalon_last_move__a_position_keeps_it_and_refuses_a_wrong_one() -> None:
    state = day(players=1)
    play(state, "travel east")
    assert encode(state)["last"] == [1, "travel", "east", 13]
    again = game().new_state(players=1, position=encode(state))
    assert again.view(0)["last_move"] == {"hero": 1, "action": "travel east", "from": 13, "to": 14}
    wrongs = ([2, "travel", "east", 13], [1, "fly", "", 13], [1, "travel", "up", 13], [1, "explore", "", 99])
    for wrong in wrongs:
        with pytest.raises(OptionError, match="last is a character's move"):
            game().new_state(players=1, position=position(1, last=wrong))
