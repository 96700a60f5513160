"""The replay pictures of a finished game: a ply's picture taken back from the final state (`undo`)
is the one the record played again to that ply draws, in every game, for every seat and the
spectators, a resignation's game included; pictures are drawn once and kept."""

from __future__ import annotations

import pytest

import spielwerk
from spielwerk import State
from spielwerk.web.pictures import Pictures, at_ply
from tests.conformance.play import play_out, seats
from tests.web.helpers import run_async

GAMES = [("gyges", 2), ("grani", 3), ("drachenfels", 3), ("avalon", 2)]


def finished(game_id: str, players: int, seed: int, resign_after: int | None = None) -> State:
    state = spielwerk.game(game_id).new_state(players=players, seed=seed)
    play_out(state, seed, 400 if resign_after is None else resign_after)
    if not state.is_over:
        state.resign(0)
    return state


def replayed(final: State, ply: int) -> State:
    record = final.record()
    return spielwerk.replay({**record, "actions": record["actions"][:ply]})


@pytest.mark.parametrize(("game_id", "players"), GAMES)
@pytest.mark.parametrize("resign_after", [None, 25])
def test_a_ply_taken_back_from_the_end_draws_the_picture_of_the_record_played_to_it(
        game_id: str, players: int, resign_after: int | None) -> None:
    final = finished(game_id, players, seed=7, resign_after=resign_after)
    plies = len(final.history)
    for ply in sorted({0, 1, 2, plies // 3, plies // 2, plies - 1, plies}):
        back, again = at_ply(final, ply), replayed(final, ply)
        assert back.history == again.history
        for seat in seats(final):
            assert back.view(seat) == again.view(seat), (ply, seat)
            assert back.game.svg(back, seat, language="de") == again.game.svg(again, seat, language="de")
    assert len(final.history) == plies and final.is_over  # the final state itself is untouched


def test_a_picture_is_drawn_once_and_the_oldest_ones_are_let_go() -> None:
    final = finished("gyges", 2, seed=3)
    pictures = Pictures(kept=2)
    drawn: list[int] = []
    real = final.game.svg

    def counting(state: State, seat: int | None = None, *, language: str = "en") -> str:
        drawn.append(len(state.history))
        return real(state, seat, language=language)

    final.game.svg = counting  # type: ignore[method-assign]
    try:
        first = run_async(pictures.draw("g", final, 3, 0, "en"))
        again = run_async(pictures.draw("g", final, 3, 0, "en"))
        run_async(pictures.draw("g", final, 4, 0, "en"))
        run_async(pictures.draw("g", final, 5, 0, "en"))  # the picture of ply 3 is let go
        run_async(pictures.draw("g", final, 3, 0, "en"))
    finally:
        del final.game.svg
    assert first == again
    assert drawn == [3, 4, 5, 3]
