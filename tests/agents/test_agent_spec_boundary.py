"""Agent specs come from users and network clients: every bad one is an OptionError, quoted short."""

from __future__ import annotations

from typing import Any

import pytest

from spielwerk import OptionError, agents
from spielwerk.core.inputs import quote


@pytest.mark.parametrize(
    "spec",
    ["mcts:²s", "mcts:٣", "mcts:" + "9" * 5000, "mcts:infs", "mcts:1e309s", "mcts:0", "mcts:100000s",
     "mcts:1s:c=²", "x" * 5000, "mcts:1s:" + "a" * 5000 + "=1", "", ":", "mcts:1s:c", "nope:1s"],
    ids=lambda spec: spec[:20],
)
def test_bad_agent_specs_are_option_errors(spec: str) -> None:
    with pytest.raises(OptionError) as refused:
        agents.from_spec(spec)
    assert len(str(refused.value)) < 300


@pytest.mark.parametrize(
    "budget", [float("inf"), float("nan"), -1.0, 0, 10**5000, True, [1], "1.5.5s"], ids=lambda b: quote(b)[:9]
)
def test_bad_budgets_are_option_errors(budget: Any) -> None:
    with pytest.raises(OptionError):
        agents.make("random", budget=budget)


def test_good_specs_still_read() -> None:
    assert str(agents.from_spec("mcts:500ms").budget) == "0.5s"
    assert str(agents.from_spec("alphabeta:2s").budget) == "2s"
    assert agents.from_spec("ismcts:1000:c=0.1").budget.count == 1000
