"""The ring benchmark's counting (benchmarks/grani_ring.py): a scripted bearer, and a tiny real run."""

from __future__ import annotations

from typing import Any

import pytest
from benchmarks import grani_ring

from spielwerk import agents
from spielwerk.core.state import Action, State
from tests.grani.helpers import grani

WAY = ["G24-G23", "G23-G24", "G24-G23", "G23-G27", "G27-G26", "G26-G25"]
"""Yellow's moves with the ring, steps to the nearest free city (Galad's, G25) 4, 3, 4, 3, 2, 1, 0:
closer five times of six, back where its last turn began twice, then delivered."""
START = "yellow=G24:ring blue=U1:0 red=T28:0 white=U20:0 turn=yellow"
"""The others without amulets, far away: they can neither attack yellow nor reach Galad's city."""


class Script:
    """Plays `moves` in order in the move phase, else the first legal action."""

    def __init__(self, moves: list[str]) -> None:
        self.moves = list(moves)

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        if self.moves and getattr(state, "phase", "") == "move":
            wanted = self.moves.pop(0)
            return next(a for a in actions if str(a) == wanted)
        return actions[0]


def test_a_scripted_bearer_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    def scripted(spec: str, seed: int | None = 0, **options: Any) -> Script:
        return Script(WAY if spec == "way" else [])

    monkeypatch.setattr(agents, "from_spec", scripted)  # grani_ring looks it up at each game
    assert grani_ring.to_free_city(grani(START), 0) == 4
    job = grani_ring.Job("way", "first", 0, 1, 4, len(WAY), position=START)
    mine, others = grani_ring.play(job)
    assert (mine.turns, mine.closer, mine.shuttles, mine.deliveries) == (6, 5, 2, 1)
    assert mine.in_reach == 0  # both shuttles began three or four steps from Galad's city
    assert mine.spells == [(6, True)] and mine.seat_rounds == len(WAY)
    assert (mine.games, mine.rounds) == (1, len(WAY))
    assert others.turns == 0 and others.seat_rounds == 3 * len(WAY)


def test_a_shuttle_a_move_from_a_free_city_is_counted_in_reach(monkeypatch: pytest.MonkeyPatch) -> None:
    way = ["G24-G23", "G23-G27", "G27-G23", "G23-G27", "G27-G26", "G26-G25"]  # 4, 3, 2, 3, 2, 1, 0 steps
    monkeypatch.setattr(agents, "from_spec", lambda spec, seed=0, **_: Script(way if spec == "way" else []))
    mine, _ = grani_ring.play(grani_ring.Job("way", "first", 0, 1, 4, len(way), position=START))
    assert (mine.turns, mine.shuttles, mine.in_reach, mine.deliveries) == (6, 2, 1, 1)  # G27-G23 began 2 away
    assert (mine.near, mine.taken) == (3, 1)  # begun 2, 2 and 1 steps away; only the last delivered


def test_a_tiny_run_adds_up(capsys: pytest.CaptureFixture[str]) -> None:
    tallies = [grani_ring.play(grani_ring.Job("mcts:5", "greedy", seat, seed, 4, 15)) for seat, seed in
               ((0, 3), (1, 4))]
    for tally in (t for pair in tallies for t in pair):
        assert 0 <= tally.closer <= tally.turns and 0 <= tally.shuttles <= tally.turns
        assert sum(turns for turns, _ in tally.spells) == tally.turns  # every turn with the ring in a spell
        assert sum(delivered for _, delivered in tally.spells) <= tally.deliveries
    assert grani_ring.main(["--games", "2", "--pair", "mcts:5", "greedy", "--max-turns", "5"]) == 0
    out = capsys.readouterr().out
    assert "mcts:5" in out and "greedy (x3)" in out
