"""The Python example of docs/research.md's Arena section runs (with fewer, shorter games)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).parents[2]


def test_the_arena_snippet_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("openskill")
    text = (ROOT / "docs" / "research.md").read_text(encoding="utf-8")
    snippet = text.split("## Arena", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    assert "games=30" in snippet and "mcts:200" in snippet
    monkeypatch.chdir(tmp_path)
    scope: dict[str, Any] = {}
    exec(snippet.replace("games=30", "games=3").replace("mcts:200", "mcts:10"), scope)
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) == 3 and {line.split()[0] for line in printed} == {"mcts:10", "greedy", "random"}
    assert len((tmp_path / "results.jsonl").read_text().splitlines()) == 3
