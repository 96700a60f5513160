"""The same seed gives the same game: seeded random games of Grani, Drachenfels and Avalon (their
records, returns and every seat's view along the way) and the choices of mcts and ismcts for a seed
and an iteration budget equal what the code gave before its speed work (fixtures in
same_games.json; `python -m tests.agents.test_same_games` writes them anew, only on purpose)."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

import spielwerk
from spielwerk import agents
from spielwerk.core.state import State

FIXTURES = Path(__file__).with_name("same_games.json")
RANDOM_GAMES = [("grani", 3, 0), ("grani", 4, 1), ("grani", 6, 2), ("drachenfels", 2, 0),
                ("drachenfels", 3, 1), ("drachenfels", 4, 2), ("avalon", 1, 0), ("avalon", 2, 1),
                ("avalon", 3, 2), ("avalon", 4, 3)]
SEARCHES = [(game, players, agent) for game, players, _ in RANDOM_GAMES for agent in ("mcts", "ismcts")]


def _step(state: State, rng: random.Random) -> None:
    if state.is_chance:
        state.resolve_chance()
    else:
        actions = state.legal_actions()
        state.apply(actions[int(rng.random() * len(actions))])


def _views(state: State) -> str:
    seen = [state.view(seat) for seat in [None, *range(state.players)]]
    return hashlib.sha256(json.dumps(seen, sort_keys=True, default=str).encode()).hexdigest()[:16]


def random_game(game_id: str, players: int, seed: int) -> dict[str, Any]:
    """A random game played to its end: its record, returns and a digest of the views every tenth step."""
    state = spielwerk.game(game_id).new_state(players=players, seed=seed)
    rng = random.Random(seed)
    views = []
    while not state.is_over:
        if len(state.history) % 10 == 0:
            views.append(_views(state))
        _step(state, rng)
    views.append(_views(state))
    return {"record": state.record(), "returns": state.returns(), "views": views}


def searched(game_id: str, players: int, agent: str) -> list[dict[str, Any]]:
    """Three decisions of `agent` (60 iterations, seed 3) from a position of a random game, chance from
    the game's own stream: each choice and the search's counts."""
    state = spielwerk.game(game_id).new_state(players=players, seed=5)
    rng = random.Random(5)
    for _ in range(12 * players):
        if state.is_over:
            break
        _step(state, rng)
    bot = agents.make(agent, budget="60", seed=3)
    choices: list[dict[str, Any]] = []
    while len(choices) < 3 and not state.is_over:
        if state.is_chance:
            state.resolve_chance()
            continue
        action = bot.choose(state)
        stats = {key: bot.stats[key] for key in ("iterations", "visits", "value", "children")}
        choices.append({"action": str(action), **stats})
        state.apply(action)
    return choices


def _fixtures() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURES.read_text())
    return data


@pytest.mark.parametrize(("game_id", "players", "seed"), RANDOM_GAMES)
def test_a_seeded_random_game_is_the_same(game_id: str, players: int, seed: int) -> None:
    assert random_game(game_id, players, seed) == _fixtures()["random"][f"{game_id} {players} {seed}"]


@pytest.mark.parametrize(("game_id", "players", "agent"), SEARCHES)
def test_a_seeded_search_chooses_the_same(game_id: str, players: int, agent: str) -> None:
    assert searched(game_id, players, agent) == _fixtures()["search"][f"{game_id} {players} {agent}"]


def main() -> None:
    """Write the fixtures from the code as it is."""
    data = {
        "random": {f"{g} {p} {s}": random_game(g, p, s) for g, p, s in RANDOM_GAMES},
        "search": {f"{g} {p} {a}": searched(g, p, a) for g, p, a in SEARCHES},
    }
    FIXTURES.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
