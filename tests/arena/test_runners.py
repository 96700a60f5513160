"""The same seeds give the same results in this process, on local processes and as Ray tasks; the
package imports without its extras."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from spielwerk.cli.main import cli

TINY = ["arena", "grani", "--players", "3", "--agents", "mcts:8,greedy,random", "--games", "6",
        "-o", "max_turns=5"]


def results(path: Path) -> list[dict[str, Any]]:
    """The results file's games in seed order, without the thinking times (the one thing that differs)."""
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    for line in lines:
        del line["seconds"]
    return sorted(lines, key=lambda line: (line["seed"], line["lineup"]))


def table(output: str) -> list[str]:
    """The table's rows, without the column of thinking times."""
    return [row.rsplit("│", 2)[0] for row in output.splitlines() if row.startswith("│")]


def arena(*args: str) -> str:
    pytest.importorskip("openskill")
    result = CliRunner().invoke(cli, [*TINY, *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_local_processes_give_what_one_process_gives(tmp_path: Path) -> None:
    one = arena("--workers", "1", "--out", str(tmp_path / "one.jsonl"))
    two = arena("--workers", "2", "--out", str(tmp_path / "two.jsonl"))
    assert results(tmp_path / "one.jsonl") == results(tmp_path / "two.jsonl")
    assert table(one) == table(two) and len(table(one)) == 3


@pytest.fixture
def local_ray() -> Iterator[None]:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_gives_what_local_processes_give(tmp_path: Path, local_ray: None) -> None:
    here = arena("--workers", "2", "--out", str(tmp_path / "here.jsonl"))
    on_ray = arena("--ray", "auto", "--out", str(tmp_path / "ray.jsonl"))
    assert results(tmp_path / "here.jsonl") == results(tmp_path / "ray.jsonl")
    assert table(here) == table(on_ray)


def test_the_package_imports_without_its_extras() -> None:
    code = ("import sys, spielwerk.arena, spielwerk.cli.main; "
            "print(sorted(m for m in ('openskill', 'matplotlib', 'ray') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
