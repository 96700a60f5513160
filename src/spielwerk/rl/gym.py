"""A Gymnasium environment: one seat learns, spielwerk's agents play every other seat (`rl.gym_env`).

The learner plays `seat`; the others are agents made from specs as the command line and the web
take them ("mcts:200", "greedy", "random", "ismcts:1s": `spielwerk.agents.from_spec`). Observations
are the learner's dict of the PettingZoo environment (`rl.env`): "observation", its float32 vector,
and "action_mask", 1 at its legal indices. The action space is the game's whole index space (or its
parts', with `parts=True`). The reward is 0 until the end, then the learner's return. An index that
is not legal now ends the episode (terminated) with reward ILLEGAL_REWARD and info["illegal"] saying
why; a game that ends at a limit of its options is truncated, as in `rl.env`.

`reset(seed=s)` plays the game `spielwerk.game(...).new_state(seed=s)` would, and seeds every
opponent from `s` and its seat (as `spielwerk play --seed` does), so the same seed and the same
indices give the same episode wherever the opponents' budgets are counted ("mcts:200", not
"mcts:1s"). The opponents search determinized copies only: their search never draws the real dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from spielwerk import agents, rl
from spielwerk.cli.seats import agent_seed
from spielwerk.core.inputs import MAX_SEED
from spielwerk.core.state import Action
from spielwerk.rl import action_index, action_parts
from spielwerk.rl.aec import SpielwerkEnv

ILLEGAL_REWARD = -1.0
"""The reward of an index that is not legal now; the episode ends with it."""

Observed = dict[str, Any]


class SpielwerkGymEnv(gymnasium.Env[Observed, np.int64]):
    """One seat of a spielwerk game as a single-agent Gymnasium environment."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium's own attribute)

    def __init__(self, game_id: str, seat: int | str = 0, opponents: str | Sequence[str] = "mcts:200", *,
                 players: int | None = None, parts: bool = False, render_mode: str | None = None,
                 **options: Any) -> None:
        if players is None and not isinstance(opponents, str):
            players = len(opponents) + 1
        self.aec = SpielwerkEnv(game_id, players, parts=parts, render_mode=render_mode, **options)
        """The PettingZoo environment underneath (its `state` is the spielwerk state)."""
        names = self.aec.possible_agents
        self.seat = names.index(seat) if isinstance(seat, str) and seat in names else seat
        if not isinstance(self.seat, int) or isinstance(self.seat, bool) or not 0 <= self.seat < len(names):
            raise ValueError(f"seat {seat!r} is none of the seats 0-{len(names) - 1} or {', '.join(names)}")
        self.agent = names[self.seat]
        """The learner's agent name in `aec` ("south", "red", …)."""
        others = [other for other in range(len(names)) if other != self.seat]
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise ValueError(f"{len(specs)} opponents for {len(others)} other seats of {game_id}")
        self.opponents: dict[int, str] = dict(zip(others, specs, strict=True))
        """The spec of the agent at each other seat."""
        for spec in self.opponents.values():  # a bad spec or an agent unfit for the game fails now
            agents.from_spec(spec, seed=0).check_fits(self.aec.game.info, len(names))
        self._agents: dict[int, agents.Agent] = {}
        self.observation_space: gymnasium.spaces.Dict = self.aec.observation_space(self.agent)
        self.action_space: gymnasium.spaces.Discrete = self.aec.action_space(self.agent)
        self.render_mode = render_mode
        self._over = True

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observed, dict[str, Any]]:
        """A new game; `seed` fixes its chance and the opponents' seeds (None: drawn from the last)."""
        super().reset(seed=seed)
        game_seed = seed % MAX_SEED if seed is not None else int(self.np_random.integers(2**63))
        self.aec.reset(seed=game_seed)
        self._agents = {other: agents.from_spec(spec, seed=agent_seed(game_seed, other))
                        for other, spec in self.opponents.items()}
        self._over = False
        played = self._play_opponents()
        return self._observe(), {"seed": game_seed, "played": played}

    def step(self, action: Any) -> tuple[Observed, float, bool, bool, dict[str, Any]]:
        """Play the learner's index, then the opponents until the learner is to move or the game ends."""
        if self._over:
            raise RuntimeError("the episode is over: reset the environment first")
        index = int(action)
        mask = self.aec.observe(self.agent)["action_mask"]
        if not 0 <= index < mask.size or not mask[index]:
            self._over = True
            why = f"index {index} stands for no legal action of {self.agent} now"
            return self._observe(), ILLEGAL_REWARD, True, False, {"illegal": why, "played": []}
        self.aec.step(index)
        played = self._play_opponents()
        state = self.aec.state
        info: dict[str, Any] = {"played": played}
        if not state.is_over:
            return self._observe(), 0.0, False, False, info
        self._over = True
        info["returns"] = list(state.returns())
        return (self._observe(), float(self.aec.rewards[self.agent]), bool(self.aec.terminations[self.agent]),
                bool(self.aec.truncations[self.agent]), info)

    def render(self) -> str | None:
        """The board as the terminal draws it for a spectator, with ANSI colours ("ansi")."""
        return self.aec.render()

    def close(self) -> None:
        """Nothing to release."""

    def _observe(self) -> Observed:
        return self.aec.observe(self.agent)

    def _play_opponents(self) -> list[str]:
        """Let the agents play until the learner is to move or the game is over; their actions."""
        state, played = self.aec.state, []
        while not state.is_over and state.to_move != self.seat:
            action: Action = self._agents[state.to_move].choose(state)
            steps = action_parts(state, action) if self.aec.parts else (action_index(state, action),)
            for index in steps:
                self.aec.step(index)
            played.append(str(action))
        return played


def register() -> list[str]:
    """Register every game with a research bridge as a Gymnasium id, "spielwerk/<game>-v<version>"
    (the version of its index space), so that `gymnasium.make("spielwerk.rl.gym:spielwerk/grani-v1",
    players=3, opponents="random")` makes it; the ids. Importing this module registers them."""
    ids = {game_id: f"spielwerk/{game_id}-v{rl.version(game_id)}" for game_id in rl.games()}
    for game_id, env_id in ids.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=f"{__name__}:SpielwerkGymEnv", kwargs={"game_id": game_id})
    return list(ids.values())


register()
