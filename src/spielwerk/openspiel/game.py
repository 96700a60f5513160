"""A spielwerk game as an OpenSpiel Python game: its type, its states and what each seat observes.

Decisions are the indices of `spielwerk.rl` (the game's versioned index space), chance outcomes the ids
of `spielwerk.openspiel.chance`. A state holds a spielwerk state: `clone()` copies it, and pickling
(OpenSpiel's `serialize`) writes its record, which reading back replays.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

import spielwerk
from spielwerk import rl
from spielwerk.core.game import Game
from spielwerk.core.state import State
from spielwerk.openspiel.chance import ChanceIds, chance_ids

PREFIX = "spielwerk_"
"""OpenSpiel's name of a game is this prefix and its id: `spielwerk_gyges`."""
OPENSPIEL_DEFAULTS: dict[str, dict[str, Any]] = {"gyges": {"max_plies": 1000}}
"""Options whose spielwerk default is no limit: OpenSpiel needs a longest game, so they get one here."""
TURN_ALLOWANCE = {"avalon": 100, "drachenfels": 64, "grani": 16}
"""The most decisions one seat's turn can take, with room to spare (a Drachenfels turn: at most 15
cards of the 36, each with its few choices; a Grani turn: a move and its effects; an Avalon day: a
character's actions, verses and dusk, about 7 in random games). Times the round limit (Avalon: its
days, at most 20) and the seats, it bounds a game's length."""


def _spec(game_id: str) -> dict[str, Any]:
    """The game's OpenSpiel parameters and their defaults: `players` and the options that have a
    plain value (an option without one, such as a per-seat mapping, keeps the spielwerk default)."""
    found = spielwerk.game(game_id)
    spec: dict[str, Any] = {"players": found.info.min_players}
    for option in found.info.options:
        default = OPENSPIEL_DEFAULTS.get(game_id, {}).get(option.name, option.default)
        if isinstance(default, bool | int | float | str):
            spec[option.name] = default
    return spec


def _has_chance(game: Game) -> bool:
    """Whether a game with these options can reach a chance node (Gygès only with a random set-up)."""
    if game.INFO.id == "gyges":
        return bool(game.options["setup"] == "random")
    return True


def game_type(game_id: str, game: Game | None = None) -> Any:
    """The pyspiel.GameType of a game (of the game with these options, where given)."""
    game = game or spielwerk.game(game_id, **OPENSPIEL_DEFAULTS.get(game_id, {}))
    info = game.info
    kind = pyspiel.GameType
    return kind(
        short_name=PREFIX + game_id,
        long_name=f"spielwerk {info.name}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC if _has_chance(game)
        else kind.ChanceMode.DETERMINISTIC,
        information=kind.Information.IMPERFECT_INFORMATION if info.hidden
        else kind.Information.PERFECT_INFORMATION,
        utility=kind.Utility.IDENTICAL if info.cooperative else kind.Utility.CONSTANT_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_spec(game_id),
    )


def max_game_length(game: Game, players: int) -> int:
    """The most decisions (chance outcomes not counted) one game can take under its limits."""
    options = game.options
    if game.INFO.id == "gyges":
        return int(options["max_plies"]) + 2  # the plies and the two set-ups
    if game.INFO.id == "avalon":
        return int(options["max_days"] or 20) * players * TURN_ALLOWANCE["avalon"]
    if game.INFO.id in TURN_ALLOWANCE:
        return int(options["max_turns"]) * players * TURN_ALLOWANCE[game.INFO.id] + 4 * players
    raise ValueError(f"no bound on the length of {game.INFO.id}")


class SpielwerkGame(pyspiel.Game):  # type: ignore[misc]
    """One spielwerk game for a player count and options, as OpenSpiel loads it."""

    def __init__(self, game_id: str, params: Mapping[str, Any] | None = None) -> None:
        settings = {**_spec(game_id), **dict(params or {})}
        players = int(settings.pop("players"))
        game = spielwerk.game(game_id, **settings)
        start = game.new_state(players=players, seed=0)  # refuses a player count the game has not
        ids = chance_ids(game_id) if _has_chance(game) else ChanceIds(())
        info = pyspiel.GameInfo(
            num_distinct_actions=rl.num_actions(game, players),
            max_chance_outcomes=len(ids),
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None if game.info.cooperative else 1.0,
            max_game_length=max_game_length(game, players),
        )
        super().__init__(game_type(game_id, game), info, {**settings, "players": players})
        self.spielwerk_game = game
        self.players = players
        self.start = start
        """The start, copied for each new state (OpenSpiel's clone begins with a new state too)."""
        self.chance = ids

    def new_initial_state(self) -> SpielwerkState:
        """The start of a game (its chance is OpenSpiel's to draw: the seed plays no part)."""
        return SpielwerkState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None) -> Observer:
        """What a seat observes: its view now, or with perfect recall its information state."""
        if params:
            raise ValueError(f"no observation parameters: {dict(params)}")
        return Observer(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class Held:
    """The spielwerk state inside an OpenSpiel state: cloned with `State.clone`, pickled as its record
    (replayed when unpickled), with the legal indices of its present position kept once listed."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.legal: tuple[tuple[int, Any], list[int]] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        return Held(self.state.clone())

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return _replayed, (json.dumps(self.state.record()),)

    def legal_indices(self) -> list[int]:
        """The sorted indices of the legal decisions of the seat to move."""
        history = self.state.history
        where = (len(history), history[-1] if history else None)
        if self.legal is None or self.legal[0] != where:
            self.legal = (where, sorted(rl.legal_indices(self.state)))
        return self.legal[1]


def _replayed(record: str) -> Held:
    """A held state from its record (what unpickling a `Held` calls)."""
    return Held(spielwerk.replay(json.loads(record)))


class SpielwerkState(pyspiel.State):  # type: ignore[misc]
    """One position of a spielwerk game, as OpenSpiel plays it."""

    def __init__(self, game: SpielwerkGame) -> None:
        super().__init__(game)
        self.held = Held(game.start.clone())

    @property
    def chance(self) -> ChanceIds:
        """The game's chance outcomes by id."""
        return chance_ids(self.held.state.game.INFO.id)

    @property
    def spielwerk_state(self) -> State:
        """The spielwerk state this position holds (a copy is safe to change: `clone()`)."""
        return self.held.state

    def current_player(self) -> int:
        """The seat to move; OpenSpiel's chance or terminal player where no seat is."""
        state = self.held.state
        if state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if state.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        return state.to_move

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.held.legal_indices())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each outcome's id and probability, as the game's chance API gives them."""
        ids = self.chance.ids
        return sorted((ids[outcome], float(chance)) for outcome, chance in self.held.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        state = self.held.state
        if state.is_chance:
            if not 0 <= action < len(self.chance):
                raise ValueError(f"no chance outcome has id {action}")
            state.apply(self.chance.outcomes[action])
        else:
            state.apply_trusted(rl.action_from_index(state, action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return str(self.chance.outcomes[action])
        return str(rl.codec(self.held.state).decode(self.held.state, action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.held.state.is_over

    def returns(self) -> list[float]:
        """The game's returns once it is over (1 a win, 0 a loss, a shared win split), else zeros."""
        state = self.held.state
        return [float(value) for value in state.returns()] if state.is_over else [0.0] * state.players

    def __str__(self) -> str:
        return json.dumps(self.held.state.record(), ensure_ascii=False)


class Observer:
    """What a seat observes, as OpenSpiel's Python observers give it: `tensor` and its named parts
    (`dict`, the blocks of the game's `spielwerk.rl` observation layout) and a string.

    The tensor is `spielwerk.rl.observation`, built from the seat's view only (a spectator's view for
    public observations); the string is that view as JSON. With perfect recall the string also holds
    the seat's account of the game so far (its `record(seat)`: what it saw of every action), so that
    positions the seat can tell apart have different strings; the tensor stays the present view.
    """

    def __init__(self, game: SpielwerkGame, kind: Any) -> None:
        if kind.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("no observation shows every seat's secrets")
        self.public = kind.private_info == pyspiel.PrivateInfoType.NONE
        self.recall = bool(kind.perfect_recall)
        layout = rl.observation_layout(game.spielwerk_game, game.players)
        self.tensor = np.zeros(rl.observation_size(game.spielwerk_game, game.players), np.float32)
        self.dict: dict[str, Any] = {}
        for name, place in layout.items():
            shape = tuple(place["shape"])
            size = int(np.prod(shape))
            if size:
                self.dict[name] = self.tensor[place["offset"]:place["offset"] + size].reshape(shape)

    def _seat(self, player: int) -> int | None:
        return None if self.public else player

    def set_from(self, state: SpielwerkState, player: int) -> None:
        """Write what `player` observes of `state` into `tensor`."""
        self.tensor[:] = rl.observation(state.held.state, self._seat(player))

    def string_from(self, state: SpielwerkState, player: int) -> str:
        """What `player` observes of `state`, as a string."""
        seat = self._seat(player)
        found = state.held.state
        seen: dict[str, Any] = {"seat": seat, "view": found.view(seat)}
        if self.recall:
            account = found.record(seat)
            account.pop("seed", None)
            seen["account"] = account
        return json.dumps(seen, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
