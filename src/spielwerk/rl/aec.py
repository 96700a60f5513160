"""A PettingZoo AEC environment for every game with a research bridge (`spielwerk.rl.env`).

Agents are the seats' names ("south", "red", …). Each agent observes a dict: "observation", its
float32 vector (`spielwerk.rl.observation`), and "action_mask", 1 at its legal indices while it is to
move (all 0 otherwise). Chance is drawn inside, from the game's seeded stream: `reset(seed=s)` starts
the game with seed `s`, so the same seed and the same actions give the same game. Rewards are 0 until
the end, then each seat's return as `state.returns()` gives it. A game the rules end is a termination;
one that ends at a limit of its options (Gygès's `max_plies`, Drachenfels's and Grani's `max_turns`) a
truncation. An index that is not legal now raises ValueError.

With `parts=True` a decision is taken a part at a time where the game allows it (a Gygès move: its
start, its end, its put, each a step of the same agent): the action space is the game's parts
(`spielwerk.rl.num_action_parts`), the mask holds the parts that can come next, and the mover's
observation ends with the parts it has chosen so far (1 at each; all 0 for the others).
"""

from __future__ import annotations

import io
import random
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv  # type: ignore[import-untyped]

import spielwerk
from spielwerk.core.chance import CHANCE
from spielwerk.core.inputs import MAX_SEED
from spielwerk.core.state import Action, State
from spielwerk.rl import codec, num_action_parts, num_actions, observation, observation_size


class SpielwerkEnv(AECEnv):  # type: ignore[misc]
    """One game of spielwerk played turn by turn, as PettingZoo's AEC API expects."""

    def __init__(self, game_id: str, players: int | None = None, *, parts: bool = False,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.game = spielwerk.game(game_id, **options)
        self.codec = codec(self.game)
        self.players = self.game.info.min_players if players is None else players
        self.game.new_state(players=self.players, seed=0)  # refuses a player count the game has not
        self.metadata: dict[str, Any] = {
            "render_modes": ["ansi"], "name": f"spielwerk_{game_id}", "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.possible_agents = [self.game.info.seat_name(seat) for seat in range(self.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.parts = parts
        actions = num_action_parts(self.game) if parts else num_actions(self.game, self.players)
        size = observation_size(self.game, self.players) + (actions if parts else 0)
        self._observation_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, np.inf, (size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (actions,), np.int8),
        })
        self._action_space = gymnasium.spaces.Discrete(actions)
        self._seeds = random.Random()
        self.state: State = self.game.new_state(players=self.players, seed=0)
        self._choices: dict[tuple[int, ...], Action] = {}
        """The legal decisions of the seat to move, by their parts (by their index without parts)."""
        self._chosen: tuple[int, ...] = ()
        """The parts of a decision chosen so far."""
        self._next: list[int] = []
        """The indices that may come next."""
        self.reset()

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        """The same Dict space for every agent: the observation vector and the action mask."""
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        """The game's whole index space (`spielwerk.rl.num_actions`), or its parts' space."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; `seed` fixes its chance (None: the next seed of the last one given)."""
        if seed is not None:
            self._seeds.seed(seed)
        game_seed = self._seeds.randrange(MAX_SEED) if seed is None else int(seed) % MAX_SEED
        self.state = self.game.new_state(players=self.players, seed=game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._advance()

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation and, while it is to move, its action mask."""
        seat = self._seat[agent]
        moving = not self.state.is_over and self.state.to_move == seat
        mask = np.zeros(self._action_space.n, dtype=np.int8)
        if moving:
            mask[self._next] = 1
        seen = observation(self.state, seat)
        if self.parts:
            chosen = np.zeros(self._action_space.n, dtype=np.float32)
            chosen[list(self._chosen) if moving else []] = 1.0
            seen = np.concatenate([seen, chosen])
        return {"observation": seen, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action index (None for an agent whose game is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or int(action) not in self._next:
            raise ValueError(f"{action!r} is not a legal index for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        chosen = (*self._chosen, int(action))
        if chosen in self._choices:
            self.state.apply_trusted(self._choices[chosen])
            self._advance()
        else:
            self._chosen = chosen
            self._next = self._following()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The board as the terminal draws it for a spectator, with ANSI colours ("ansi")."""
        if self.render_mode != "ansi":
            return None
        from rich.console import Console

        written = io.StringIO()
        console = Console(file=written, force_terminal=True, color_system="standard", width=120)
        console.print(self.game.terminal(self.state, None))
        return written.getvalue()

    def close(self) -> None:
        """Nothing to release."""

    def _advance(self) -> None:
        """Draw chance until a seat is to move or the game is over; then select that seat or end."""
        state = self.state
        while state.is_chance:
            state.resolve_chance()
        if state.is_over:
            returns = state.returns()
            truncated = self.codec.truncated(state.view(None))
            for agent, seat in self._seat.items():
                self.rewards[agent] = float(returns[seat])
                self.terminations[agent] = not truncated
                self.truncations[agent] = truncated
            self._choices, self._chosen, self._next = {}, (), []
            self.agent_selection = self.agents[0]
            return
        split = self.codec.parts if self.parts else lambda state, action: (self.codec.encode(state, action),)
        self._choices = {split(state, action): action for action in state.legal_actions()}
        self._chosen = ()
        self._next = self._following()
        assert state.to_move != CHANCE
        self.agent_selection = self.possible_agents[state.to_move]

    def _following(self) -> list[int]:
        """The indices that may follow the parts chosen so far."""
        depth, chosen = len(self._chosen), self._chosen
        return sorted({parts[depth] for parts in self._choices if parts[:depth] == chosen})
