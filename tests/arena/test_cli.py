"""`spielwerk arena`: the table, the results file and its resumption, records, plots, refusals."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import spielwerk
from spielwerk.cli.main import cli

pytest.importorskip("openskill")

GRANI = ["arena", "grani", "--players", "3", "--agents", "mcts:10,greedy,random", "-o", "max_turns=6",
         "--workers", "1"]


def run(args: Sequence[str]) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_tournament_prints_its_table_and_writes_every_game(tmp_path: Path) -> None:
    out, records = tmp_path / "results.jsonl", tmp_path / "records.jsonl"
    result = run([*GRANI, "--games", "6", "--out", str(out), "--records", str(records)])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())  # the terminal's width may break a line anywhere
    for word in ("Grani, 3 players: 6 games", "mcts:10", "greedy", "random", "95% interval", "rating",
                 "a fair share is 33.3%"):
        assert word in said
    written = lines(out)
    keys = sorted((line["seed"], line["lineup"]) for line in written)
    assert keys == [(s, r) for s in (0, 1) for r in range(3)]
    assert {tuple(line["seats"]) for line in written} == {  # type: ignore[arg-type]
        ("mcts:10", "greedy", "random"), ("greedy", "random", "mcts:10"), ("random", "mcts:10", "greedy")}
    assert all(line["options"] == {"max_turns": 6, "seals_to_win": 3} for line in written)
    for line in lines(records):
        state = spielwerk.replay(line["record"])  # type: ignore[arg-type]
        assert state.is_over and state.returns() == line["returns"]


def test_the_results_file_resumes_and_the_table_counts_every_game(tmp_path: Path) -> None:
    out = tmp_path / "deep" / "results.jsonl"  # the folder is made
    run([*GRANI, "--games", "3", "--out", str(out)])
    with out.open("a") as file:
        file.write('{"game": "grani", "seed"')  # a line cut short by an interrupted run
    again = run([*GRANI, "--games", "6", "--out", str(out)])
    assert "3 games already in" in again.output and "3 still to play" in again.output
    assert "6 games" in again.output
    written = [json.loads(line) for line in out.read_text().splitlines() if line.endswith("}")]
    keys = [(line["seed"], line["lineup"]) for line in written]
    assert sorted(keys) == [(s, r) for s in (0, 1) for r in range(3)]
    done = run([*GRANI, "--games", "6", "--out", str(out)])
    assert "0 still to play" in done.output and "6 games" in done.output


def test_a_results_file_of_another_tournament_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    run([*GRANI, "--games", "3", "--out", str(out)])
    other = CliRunner().invoke(cli, ["arena", "grani", "--players", "4", "--agents", "random",
                                     "--out", str(out)])
    assert other.exit_code != 0 and "another tournament" in other.output


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_the_rating_plot(tmp_path: Path, suffix: str) -> None:
    pytest.importorskip("matplotlib")
    plot = tmp_path / f"ratings{suffix}"
    result = run([*GRANI, "--games", "3", "--plot", str(plot), "--lang", "de"])
    said = " ".join(result.output.split())  # the terminal's width may break a line anywhere
    assert "Wertung" in said and f"{plot.name} geschrieben" in said
    assert re.search(r"\d+,\d % \(\d+,\d–\d+,\d\)", said), said  # numbers as German writes them
    head = plot.read_bytes()[:200]
    assert head.startswith(b"\x89PNG") if suffix == ".png" else b"<svg" in head


def test_a_cooperative_game_rates_against_the_game() -> None:
    result = run(["arena", "avalon", "--players", "2", "--agents", "random,greedy", "--games", "2",
                  "--workers", "1", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    assert "(le jeu)" in result.output and "coopératif" in result.output


@pytest.mark.parametrize(("args", "says"), [
    (["--agents", "nobody"], "nobody"),
    (["--agents", ","], "name:budget"),
    (["--agents", "alphabeta:10,random", "--players", "3"], "alphabeta"),
    (["--agents", "random", "--plot", "ratings.pdf"], "PNG or SVG"),
])
def test_refusals(args: list[str], says: str) -> None:
    result = CliRunner().invoke(cli, ["arena", "grani", *args])
    assert result.exit_code == 2 and says in result.output


def test_an_agent_with_several_options_is_one_agent() -> None:
    from spielwerk.cli.arena import agent_specs

    assert agent_specs("mcts:200:w.regain=24,w.hold=0, greedy,random") == \
        ["mcts:200:w.regain=24,w.hold=0", "greedy", "random"]
    assert agent_specs("mcts:1s,,greedy") == ["mcts:1s", "greedy"]
