"""spielwerk for learning programs: fixed action indices, observations and PettingZoo environments.

Needs the `rl` extra (`pip install "spielwerk[rl]"`: numpy, PettingZoo, Gymnasium); the core never
imports this package. Gygès, Drachenfels, Grani and Avalon have a versioned index space and observation
layout here (docs/research.md):

    from spielwerk import rl
    state = spielwerk.game("drachenfels").new_state(players=3, seed=1)
    rl.num_actions("drachenfels")          # 1350
    rl.action_mask(state)                  # int8, 1 where an index is legal now
    rl.action_from_index(state, i)         # the legal action of index i
    rl.observation(state, seat)            # float32, from state.view(seat) only
    env = rl.env("drachenfels", players=3) # a PettingZoo AEC environment
    rl.gym_env("drachenfels", players=3, opponents="mcts:200")  # a Gymnasium one against agents
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from spielwerk.core.game import Game
from spielwerk.core.state import Action, State
from spielwerk.rl.avalon import AvalonCodec
from spielwerk.rl.codec import Codec, Parts, Vector
from spielwerk.rl.drachenfels import DrachenfelsCodec
from spielwerk.rl.grani import GraniCodec
from spielwerk.rl.gyges import GygesCodec

if TYPE_CHECKING:
    from collections.abc import Sequence

    from spielwerk.rl.aec import SpielwerkEnv
    from spielwerk.rl.gym import SpielwerkGymEnv

CODECS: dict[str, Codec] = {
    found.game_id: found for found in (AvalonCodec(), DrachenfelsCodec(), GraniCodec(), GygesCodec())
}
"""The games with a research bridge, by id."""


def games() -> list[str]:
    """The ids of the games this package can index and observe."""
    return sorted(CODECS)


def codec(game: str | Game | State) -> Codec:
    """The index space and observation layout of a game (given by id, as a Game or by a state)."""
    if isinstance(game, State):
        game = game.game
    game_id = game.INFO.id if isinstance(game, Game) else game
    if game_id not in CODECS:
        raise ValueError(f"no research bridge for {game_id!r} yet: {', '.join(games())} have one")
    return CODECS[game_id]


def version(game: str | Game) -> int:
    """The version of a game's index space and observation layout (it changes with any meaning)."""
    return codec(game).version


def num_actions(game: str | Game, players: int | None = None) -> int:
    """How many action indices the game has (for `players` seats: the same for every count so far)."""
    found = codec(game)
    return found.actions(players or _min_players(game)).size


def action_index(state: State, action: Action) -> int:
    """The index of `action`, a seat's decision in `state`; ValueError for one the space lacks (a
    chance outcome of a game whose chance the environment draws, say)."""
    try:
        return codec(state).encode(state, action)
    except (KeyError, IndexError):
        raise ValueError(f"{action!r} has no index in {state.game.INFO.id}") from None


def action_from_index(state: State, index: int) -> Action:
    """The legal action that `index` stands for in `state`; ValueError where it is not legal now."""
    found = codec(state)
    try:
        action = found.decode(state, int(index))
    except IndexError:
        raise ValueError(f"index {index} lies outside the {state.game.INFO.id} index space") from None
    if action not in state.legal_actions() or found.encode(state, action) != index:
        raise ValueError(f"index {index} stands for no legal action now")
    return action


def legal_indices(state: State) -> dict[int, Action]:
    """Every legal decision of the seat to move, by its index (empty once over)."""
    if state.is_chance:
        raise ValueError("a chance node has no seat's decisions: resolve it first")
    found = codec(state)
    return {found.encode(state, action): action for action in state.legal_actions()}


def num_action_parts(game: str | Game) -> int:
    """How many indices the parts of a game's decisions have (`env(..., parts=True)`); ValueError for
    a game whose decisions come whole only."""
    space = codec(game).parts_space
    if space is None:
        raise ValueError(f"{codec(game).game_id} has no decisions in parts")
    return space.size


def action_parts(state: State, action: Action) -> tuple[int, ...]:
    """`action`, a seat's decision in `state`, as its successive parts (a Gygès move: start, end, put)."""
    return codec(state).parts(state, action)


def legal_parts(state: State) -> dict[tuple[int, ...], Action]:
    """Every legal decision of the seat to move, by its parts."""
    found = codec(state)
    return {found.parts(state, action): action for action in state.legal_actions()}


def action_mask(state: State) -> npt.NDArray[np.int8]:
    """1 at the index of every legal decision of the seat to move, 0 elsewhere."""
    mask = np.zeros(num_actions(state.game, state.players), dtype=np.int8)
    mask[list(legal_indices(state))] = 1
    return mask


def observation(state: State, seat: int | None) -> Vector:
    """What `seat` (None: a spectator) sees of `state`, as a float32 vector of the game's layout for
    its player count; built from `state.view(seat)` and the game's public options only."""
    found = codec(state)
    parts = Parts(found.layout(state.players))
    found.fill(parts, state.view(seat), state.game.options)
    return parts.vector


def observation_layout(game: str | Game, players: int | None = None) -> dict[str, dict[str, Any]]:
    """Where each named part of the observation lies: name -> {"offset", "shape"}."""
    return codec(game).layout(players or _min_players(game)).describe()


def observation_size(game: str | Game, players: int | None = None) -> int:
    """How many numbers an observation has for `players` seats."""
    return codec(game).layout(players or _min_players(game)).size


def env(game_id: str, players: int | None = None, *, parts: bool = False, render_mode: str | None = None,
        **options: Any) -> SpielwerkEnv:
    """A PettingZoo AEC environment of `game_id` for `players` seats with the game's `options`; with
    `parts`, a decision is taken a part at a time (Gygès: 237 indices in place of 49,411)."""
    from spielwerk.rl.aec import SpielwerkEnv

    return SpielwerkEnv(game_id, players, parts=parts, render_mode=render_mode, **options)


def gym_env(game_id: str, seat: int | str = 0, opponents: str | Sequence[str] = "mcts:200", *,
            players: int | None = None, parts: bool = False, render_mode: str | None = None,
            **options: Any) -> SpielwerkGymEnv:
    """A Gymnasium environment of `game_id` where the learner plays `seat` (a number or a seat's name)
    and spielwerk agents the others: `opponents` is one agent spec for all ("mcts:200", "random") or one
    per other seat in seat order (their count then gives the players). An illegal index ends the
    episode with reward -1 (`rl.gym.ILLEGAL_REWARD`)."""
    from spielwerk.rl.gym import SpielwerkGymEnv

    return SpielwerkGymEnv(game_id, seat, opponents, players=players, parts=parts, render_mode=render_mode,
                           **options)


def _min_players(game: str | Game) -> int:
    import spielwerk

    found = game if isinstance(game, Game) else spielwerk.game(game)
    return found.info.min_players


__all__ = [
    "action_from_index",
    "action_index",
    "action_mask",
    "action_parts",
    "codec",
    "env",
    "games",
    "gym_env",
    "legal_indices",
    "legal_parts",
    "num_action_parts",
    "num_actions",
    "observation",
    "observation_layout",
    "observation_size",
    "version",
]
