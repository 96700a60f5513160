"""Golden checks of the walk generator: against brute force over many played positions."""

from __future__ import annotations

from spielwerk.games.drachenfels import movegen
from tests.drachenfels.helpers import decisions
from tests.drachenfels.reference import reference_walks


def test_drachenfels_move_exact__walks_and_rainbows_crossed_match_brute_force_in_played_positions() -> None:
    checked = 0
    for state in decisions(8):
        seat = state.seat
        table = movegen.Table(
            state.knights, frozenset(state.dragons), frozenset(state.bridges), state.rainbows
        )
        for count in (1, 2, 3, 4, 5, 8, 10):
            fast = movegen.walk_ends(table, seat, count, state.armour[seat])
            assert fast == reference_walks(state, seat, count), (count, state.view(None))
            checked += 1
    assert checked > 5000
