"""The agent contract: budgets, the clock that keeps a search inside one, and the Agent base."""

from __future__ import annotations

import random
import re
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from spielwerk.agents.say import say
from spielwerk.core.collector import rarely_collected
from spielwerk.core.errors import OptionError, SpielwerkError
from spielwerk.core.game import GameInfo
from spielwerk.core.heuristics import Heuristics
from spielwerk.core.inputs import quote, quote_name
from spielwerk.core.state import Action, State

_TIME = re.compile(r"^([0-9]{1,9}(?:\.[0-9]{0,9})?|\.[0-9]{1,9})\s*(s|ms)$", re.ASCII)
_COUNT = re.compile(r"[0-9]{1,12}", re.ASCII)
MAX_SECONDS = 24 * 3600.0
"""The longest time budget (a day); anything longer is a mistake, not a plan."""
MAX_COUNT = 10**9
WEIGHT = "w."
"""The prefix of an agent option that sets a weight of the game's heuristics ("mcts:200:w.hold=0.25")."""


@dataclass(frozen=True)
class Budget:
    """How long an agent may think: `seconds` of wall time, or `count` iterations or nodes."""

    seconds: float | None = None
    count: int | None = None

    @classmethod
    def parse(cls, value: Budget | str | int | float) -> Budget:
        """A budget from `"2s"`, `"500ms"`, `"1.5s"` (time) or `5000` / `"5000"` (iterations or nodes)."""
        if isinstance(value, Budget):
            return value
        if isinstance(value, bool):
            raise OptionError(say("agent.budget.form", given=quote(value)))
        if isinstance(value, int):
            return cls._count(value)
        if isinstance(value, float):
            return cls._seconds(value)
        if isinstance(value, str):
            text = value.strip().lower().replace("_", "")
            if _COUNT.fullmatch(text):
                return cls._count(int(text))
            match = _TIME.match(text)
            if match:
                seconds = float(match.group(1))
                return cls._seconds(seconds / 1000 if match.group(2) == "ms" else seconds)
        raise OptionError(say("agent.budget.form", given=quote(value)))

    @classmethod
    def _count(cls, count: int) -> Budget:
        if not 1 <= count <= MAX_COUNT:
            raise OptionError(say("agent.budget.count", most=f"{MAX_COUNT:,}", given=quote(count)))
        return cls(count=count)

    @classmethod
    def _seconds(cls, seconds: float) -> Budget:
        if not 0 < seconds <= MAX_SECONDS:
            raise OptionError(say("agent.budget.time", given=quote(seconds)))
        return cls(seconds=seconds)

    def __str__(self) -> str:
        if self.seconds is not None:
            return f"{self.seconds:g}s"
        return str(self.count)


class Clock:
    """Counts work and says when a budget is spent (time is read only every `every` ticks)."""

    __slots__ = ("count", "deadline", "every", "limit", "spent", "start")

    def __init__(self, budget: Budget, every: int = 64) -> None:
        self.start = time.perf_counter()
        self.limit = budget.count
        self.deadline = None if budget.seconds is None else self.start + budget.seconds
        self.every = every
        self.count = 0
        self.spent = False

    def tick(self) -> bool:
        """Count one unit of work; True once the budget is spent (and from then on)."""
        self.count += 1
        if self.spent:
            return True
        if self.limit is not None:
            self.spent = self.count >= self.limit
        elif self.deadline is not None and self.count % self.every == 0:
            self.spent = time.perf_counter() >= self.deadline
        return self.spent

    def elapsed(self) -> float:
        """Seconds since the clock started."""
        return time.perf_counter() - self.start


class Agent(ABC):
    """Chooses actions for the seat to move, within a budget, deterministically for a seed and a count."""

    name: ClassVar[str]
    default_budget: ClassVar[str] = "1s"
    options: ClassVar[dict[str, Any]] = {}
    """Tuning options an agent takes, with their defaults (`agents.make(name, c=0.7)`)."""

    def __init__(
        self,
        budget: Budget | str | int | float | None = None,
        seed: int | None = 0,
        heuristics: Heuristics | None = None,
        **options: Any,
    ) -> None:
        self.budget = Budget.parse(self.default_budget if budget is None else budget)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise OptionError(say("agent.seed", given=quote(seed)))
        self.seed = seed
        self.rng = random.Random(seed)
        self.heuristics_override = heuristics
        self.weights = {name[len(WEIGHT):]: _option_value(name, 0.0, value)
                        for name, value in options.items() if name.startswith(WEIGHT)}
        """Weights of the game's heuristics this agent sets (options "w.<name>"), by name."""
        self._tuned: tuple[Heuristics, Heuristics] | None = None
        options = {name: value for name, value in options.items() if not name.startswith(WEIGHT)}
        unknown = sorted(quote_name(name) for name in set(options) - set(self.options))
        if unknown:
            known = ", ".join(self.options) or str(say("option.none"))
            raise OptionError(say("agent.option.unknown", agent=repr(self.name), given=", ".join(unknown),
                                  options=known))
        checked = {name: _option_value(name, self.options[name], value) for name, value in options.items()}
        self.settings: dict[str, Any] = {**self.options, **checked}
        self.stats: dict[str, Any] = {}
        """What the last `choose` did: iterations or nodes, seconds, depth, and so on."""

    def choose(self, state: State) -> Action:
        """One of `state.legal_actions()` for the seat to move; `state` is left as it was."""
        if state.is_over:
            raise SpielwerkError(say("agent.over"))
        if state.is_chance:
            raise SpielwerkError(say("agent.chance"))
        with rarely_collected():
            return self._choose(state)

    def check_fits(self, info: GameInfo, players: int) -> None:
        """Raise OptionError where this agent cannot play `info`'s game with `players` seats (checked
        before a game is made, and again by `choose`): every game by default, but weights (`w.<name>`)
        the game's heuristics lack are refused here, before the first move."""
        if self.weights and self.heuristics_override is None and self._tuned is None:
            import spielwerk  # the game registry imports the agents: asked for only here

            chosen = spielwerk.game(info.id).heuristics()
            if chosen is not None:  # kept for `heuristics_for`, so each move does not tune again
                self._tuned = chosen, _with_weights(chosen, self.weights, self.name)

    @abstractmethod
    def _choose(self, state: State) -> Action:
        """Choose for a state where a seat is to move."""

    def heuristics_for(self, state: State) -> Heuristics | None:
        """The heuristics this agent uses: its own if given, else the game's (or None), with the
        agent's `weights` set by the heuristics' `with_weights` where the agent names any."""
        if self.heuristics_override is not None:
            return self.heuristics_override
        chosen = state.game.heuristics()
        if not self.weights or chosen is None:
            return chosen
        if self._tuned is None or self._tuned[0] is not chosen:
            self._tuned = chosen, _with_weights(chosen, self.weights, self.name)
        return self._tuned[1]

    def __repr__(self) -> str:
        return f"agents.make({self.name!r}, budget={str(self.budget)!r}, seed={self.seed!r})"


def pick(rng: random.Random, actions: list[Action]) -> Action:
    """A uniform choice that reads the generator the same way on every Python version."""
    return actions[int(rng.random() * len(actions))]


def _shuffle_inline(rng: random.Random, items: list[Any]) -> None:
    """Shuffle `items` in place with the draws of `random.Random.shuffle` written out."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def _draws_alike() -> bool:
    """True where `_shuffle_inline` draws and orders as this Python's `random.Random.shuffle` (checked
    once, on a few seeds and lengths)."""
    for seed in range(8):
        for length in (0, 1, 2, 3, 5, 8, 13, 33, 100):
            ours, theirs = list(range(length)), list(range(length))
            mine, reference = random.Random(seed), random.Random(seed)
            _shuffle_inline(mine, ours)
            reference.shuffle(theirs)
            if ours != theirs or mine.random() != reference.random():
                return False
    return True


shuffle: Callable[[random.Random, list[Any]], None] = (
    _shuffle_inline if _draws_alike() else random.Random.shuffle)
"""Shuffle a list in place exactly as `rng.shuffle(items)` does (the same draws, the same order),
faster where the draws can be written out (search shuffles every node's actions)."""


def _with_weights(heuristics: Heuristics, weights: dict[str, float], agent: str) -> Heuristics:
    """`heuristics` with `weights` set, or OptionError where it has no such weights."""
    tune = getattr(heuristics, "with_weights", None)
    try:
        if tune is None:
            raise KeyError(next(iter(weights)))
        tuned: Heuristics = tune(weights)
    except KeyError as missing:
        raise OptionError(say("agent.weight.unknown", agent=repr(agent),
                              given=quote_name(WEIGHT + str(missing.args[0])))) from None
    return tuned


def _option_value(name: str, default: Any, value: Any) -> Any:
    """`value` for the agent option `name` if it has the kind of the default: a truth value where the
    default is one, else a finite number from 0 to MAX_COUNT (whole where the default is whole)."""
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        raise OptionError(say("agent.option.boolean", option=name, given=quote(value)))
    whole = isinstance(default, int)
    kinds = (int,) if whole else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds) or not 0 <= value <= MAX_COUNT:
        key = "agent.option.whole" if whole else "agent.option.number"
        raise OptionError(say(key, option=name, most=f"{MAX_COUNT:,}", given=quote(value)))
    return value
