"""The speed benchmarks: Grani's rows (random playouts, steps, game length and MCTS iterations), the
other games' rows and the mixed Gygès positions."""

from __future__ import annotations

from typing import Any

import pytest
from benchmarks import speed

import spielwerk


def test_grani_playouts_count_steps_decisions_and_turns() -> None:
    run = speed.grani_playouts(3, seconds=0.0)  # at least one game
    assert run.games == 1
    assert run.steps > run.decisions > 0 and run.turns > 0
    assert run.per_second(run.steps) > 0 and run.per_game(run.turns) == run.turns


def test_a_number_of_games_plays_the_same_seeded_games_each_time() -> None:
    first, second = (speed.playouts("grani", 3, seconds=1000.0, games=2) for _ in range(2))
    assert first.games == second.games == 2
    assert (first.steps, first.decisions, first.turns) == (second.steps, second.decisions, second.turns)


def test_grani_mcts_rate() -> None:
    assert speed.grani_mcts_rate(4, "20", positions=1, games=1) > 0


def test_grani_table(capsys: pytest.CaptureFixture[str]) -> None:
    speed.main(["--game", "grani", "--seconds", "0", "--think", "10", "--players", "3"])
    out = capsys.readouterr().out
    assert "3p random play, steps/s" in out and "3p MCTS iterations/s" in out and "rounds" in out


def test_drachenfels_playouts_count_wins_and_rounds() -> None:
    run = speed.playouts("drachenfels", 2, seconds=0.0)
    assert run.games == 1 and run.steps > run.decisions > 0 and run.turns > 0
    assert run.won in (0, 1)


def test_drachenfels_search_and_evaluation_rates() -> None:
    assert speed.search_rate("drachenfels", 3, "ismcts", "10", positions=1, games=1) > 0
    assert speed.search_rate("drachenfels", 2, "mcts", "10", positions=1, games=1) > 0
    warm, cold = speed.evaluation_rate("drachenfels", 4, count=5)
    assert warm > 0 and cold > 0


def test_drachenfels_table(capsys: pytest.CaptureFixture[str]) -> None:
    speed.main(["--game", "drachenfels", "--seconds", "0", "--think", "5", "--players", "2"])
    out = capsys.readouterr().out
    for label in ("2p random play, steps/s", "2p random games won, %", "2p heuristic evaluations/s",
                  "2p IS-MCTS iterations/s", "2p MCTS iterations/s", "rounds"):
        assert label in out


def test_playouts_warm_up_on_another_seed_untimed(monkeypatch: pytest.MonkeyPatch) -> None:
    game = spielwerk.game("avalon")
    seeds: list[int] = []
    new_state = game.new_state

    def recording(**options: Any) -> Any:
        seeds.append(options["seed"])
        return new_state(**options)

    monkeypatch.setattr(spielwerk, "game", lambda _id: game)

    def days_of(state: Any) -> int:
        return int(state.day)

    monkeypatch.setattr(game, "new_state", recording)
    run = speed.playouts("avalon", 2, seconds=1000.0, seed=5, turns=days_of, games=2)
    assert seeds == [4, 5, 6] and run.games == 2
    seeds.clear()
    speed.playouts("avalon", 2, seconds=1000.0, seed=0, turns=days_of, games=1)
    assert seeds == [2**128 - 1, 0]


def test_the_mixed_gyges_positions_are_those_first_drawn() -> None:
    from hashlib import sha256

    from benchmarks.positions import mixed_positions

    first = mixed_positions(100)  # the digest of what the code of 90d39df drew, before the dice changed
    assert sha256("\n".join(first).encode()).hexdigest() == (
        "1a22149839429e3647767b80915eea4f21e9ab199442b60cde5ee79dfdee412c")
