"""Inputs made to break the engine's error contract, and the check that they cannot.

Every input goes to the engine through the public API, as a user or a network client would send it.
The contract allows two outcomes: the input is accepted, or a `SpielwerkError` is raised and the state
is as it was. Anything else (another exception, a changed state after an error) is a finding.
`benchmarks.fuzz` runs a million of these; `tests/conformance/test_fuzz.py` a few hundred per game.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import spielwerk
from spielwerk import SpielwerkError, State

KINDS = ("action", "seat-action", "parse", "object", "options", "position", "state-json", "record")
"""The kinds of input: texts and other objects given to `apply`/`parse_action`, options, positions,
JSON states and records."""

ODD_TEXTS = (
    "", " ", "²", "٣", "１", "⁹", "½", "\x00", "\u200b", "\ud800", "🐉", "-1", "-0", "inf", "-inf", "nan",
    "1e309", "Infinity", "NaN", "0x1f", "1_000", "None", "null", "true", "[]", "{}", "[[[[", "\\", "%s",
    "{0}", "'", '"', "\n", "\t", "pass", "end", "take", "=", ":", ",", "/", "-", ">", "9" * 5000, "a" * 300,
)
EXAMPLE_POSITIONS: dict[str, tuple[Any, ...]] = {
    "grani": (
        "yellow=G8 blue=T9:2:ring red=U11:1:shackled:seals=TU turn=blue blocks=T13,U8 deck=6544",
        "yellow=G8 blue=G9 red=E3:3:seals=TUG white=X1 ring=T9 turn=red turns=12",
    ),
    "gyges": ("321123/....../....../....../....../123321 s", "....../..1.2./....../.3..../....../...... n"),
    "drachenfels": (
        {"knights": {"red": "12", "blue": "S2"}},
        {"knights": {"red": "K", "blue": "S2", "yellow": "3"}},
    ),
}
"""A few position examples per game (as the README gives them), beside those taken from play."""


def deep_list(depth: int) -> list[Any]:
    """A list nested `depth` levels deep."""
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def deep_dict(depth: int) -> dict[str, Any]:
    """A dict nested `depth` levels deep."""
    value: dict[str, Any] = {}
    for _ in range(depth):
        value = {"a": value}
    return value


def odd_value(rng: random.Random) -> Any:
    """A value of a surprising type or size."""
    choices: list[Callable[[], Any]] = [
        lambda: None, lambda: True, lambda: False, lambda: 0, lambda: -1, lambda: 2**64, lambda: 10**5000,
        lambda: 1.5, lambda: float("inf"), lambda: float("nan"), lambda: "", lambda: rng.choice(ODD_TEXTS),
        lambda: [], lambda: {}, lambda: [1, 2], lambda: {"a": 1}, lambda: deep_list(rng.choice((30, 3000))),
        lambda: deep_dict(rng.choice((30, 3000))), lambda: b"bytes", lambda: ("tuple",), lambda: {1, 2},
    ]
    return rng.choice(choices)()


MAX_MUTANT = 20_000
"""Mutated texts are cut to this length after every edit (inputs far beyond every limit, never so
large that making them costs the fuzz its memory)."""


def mutate_text(rng: random.Random, text: str, others: list[str]) -> str:
    """`text` changed by one to three random edits (at most MAX_MUTANT characters long)."""
    for _ in range(rng.randint(1, 3)):
        text = text[:MAX_MUTANT]
        at = rng.randint(0, len(text))
        end = min(len(text), at + rng.randint(0, 4))
        edit = rng.randrange(9)
        if edit == 0:
            text = text[:at] + rng.choice(ODD_TEXTS) + text[at:]
        elif edit == 1:
            text = text[:at] + text[end:]
        elif edit == 2:
            text = text[:at] + rng.choice(ODD_TEXTS) + text[end:]
        elif edit == 3:
            numbers = ("9" * 5000, "²", "٣", "-1", "inf")
            digits = iter(range(3))  # at most three digits change, so the text stays small
            text = "".join(rng.choice(numbers) if c.isdigit() and next(digits, None) is not None else c
                           for c in text)
        elif edit == 4:
            text = text + " " + rng.choice(others) if others else text * 2
        elif edit == 5:
            words = text.split()
            rng.shuffle(words)
            text = " ".join(words)
        elif edit == 6:
            text = text.upper() if rng.random() < 0.5 else text.lower()
        elif edit == 7:
            text = "".join(chr(rng.randrange(32, 0x3000)) for _ in range(rng.randint(0, 12)))
        else:
            text = text * rng.randint(2, 60)
    return text[:MAX_MUTANT]


def mutate_json(rng: random.Random, value: Any, texts: list[str]) -> Any:
    """A deep copy of `value` with one part replaced, removed, added to or retyped."""
    value = copy.deepcopy(value)
    holder, key = _random_slot(rng, value)
    if holder is None:
        return odd_value(rng)
    old = holder[key]
    edit = rng.randrange(6)
    if edit == 0:
        holder[key] = odd_value(rng)
    elif edit == 1 and isinstance(old, str):
        holder[key] = mutate_text(rng, old, texts)
    elif edit == 2 and isinstance(old, int) and not isinstance(old, bool):
        holder[key] = rng.choice((old + 1, old - 1, -old, old * 10**6, 10**5000, float(old)))
    elif edit == 3:
        del holder[key]
    elif edit == 4 and isinstance(holder, dict):
        holder[rng.choice(("extra", "position", "seed", "turn", "", "é"))] = odd_value(rng)
    else:
        holder[key] = [old] if rng.random() < 0.5 else str(old)[:100]
    return value


def _random_slot(rng: random.Random, value: Any) -> tuple[Any, Any]:
    """A random (container, key) inside `value`, walking down from the top; (None, None) if none."""
    holder, key = None, None
    current = value
    while isinstance(current, (dict, list)) and current:
        keys = list(current) if isinstance(current, dict) else list(range(len(current)))
        holder, key = current, rng.choice(keys)
        current = current[key]
        if rng.random() < 0.4:
            break
    return holder, key


@dataclass
class Corpus:
    """What the fuzz starts from for one game: states, texts, positions, records and options seen in play."""

    game_id: str
    states: list[State] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    positions: list[Any] = field(default_factory=list)
    records: list[dict[str, Any]] = field(default_factory=list)
    options: list[dict[str, Any]] = field(default_factory=list)
    actions: list[Any] = field(default_factory=list)


def build_corpus(game_id: str, seed: int = 0, games: int = 3, record_length: int = 40) -> Corpus:
    """A corpus from seeded random games at every player count: states at several points (the start,
    chance nodes, mid-game, the end), their legal texts, positions and short records."""
    rng = random.Random(seed)
    game = spielwerk.game(game_id)
    corpus = Corpus(game_id, positions=list(EXAMPLE_POSITIONS.get(game_id, ())))
    corpus.options = [dict(game.options), {option.name: option.default for option in game.info.options}]
    for players in range(game.info.min_players, game.info.max_players + 1):
        for number in range(games):
            state = game.new_state(players=players, seed=rng.getrandbits(64))
            stops = {0, 1, 2, 5, 20, record_length, rng.randrange(40, 400)}
            for ply in _random_play(state, rng, limit=400 if number else 100_000):
                if ply in stops:
                    _take(corpus, state, rng)
            _take(corpus, state, rng)
    return corpus


def _random_play(state: State, rng: random.Random, limit: int) -> Iterator[int]:
    for ply in range(limit):
        if state.is_over:
            return
        yield ply
        if state.is_chance:
            state.resolve_chance()
        else:
            state.apply_trusted(rng.choice(state.legal_actions()))


def _take(corpus: Corpus, state: State, rng: random.Random) -> None:
    corpus.states.append(state.clone())
    legal = state.legal_actions()
    corpus.texts.extend(str(action) for action in rng.sample(legal, min(8, len(legal))))
    corpus.actions.extend(rng.sample(legal, min(2, len(legal))))
    if len(state.history) <= 60:
        corpus.records.append(state.to_json())
    position = getattr(state, "position", None)
    if callable(position):
        corpus.positions.append(position())
    world = state.determinize(rng.randrange(state.players), rng).to_json()
    if "position" in world:
        corpus.positions.append(world["position"])


def fingerprint(state: State) -> str:
    """Everything the public contract shows of a state, as one text (to see that an error left it alone)."""
    legal = [str(action) for action in state.legal_actions()]
    views = [state.view(seat) for seat in (*range(state.players), None)]
    return json.dumps([state.to_json(), views, legal], sort_keys=True, default=str)


@dataclass
class Finding:
    """An input that broke the contract."""

    kind: str
    game_id: str
    problem: str
    given: str


SLOW_SECONDS = 2.0
"""An input that takes longer than this to answer is a finding (a hang, or work out of bounds)."""


def try_input(corpus: Corpus, kind: str, rng: random.Random) -> Finding | None:
    """Make one input of `kind` for `corpus`'s game, give it to the engine, and judge the outcome."""
    state = rng.choice(corpus.states).clone()
    given, give = make_input(corpus, kind, rng, state)
    before = fingerprint(state) if kind in STATE_KINDS else ""
    start = time.perf_counter()
    try:
        give()
        return _slow(kind, corpus, given, start)
    except SpielwerkError:
        if before and fingerprint(state) != before:
            return Finding(kind, corpus.game_id, "state changed by a refused input", _show(given))
        return _slow(kind, corpus, given, start)
    except Exception as error:
        return Finding(kind, corpus.game_id, f"{type(error).__name__}: {str(error)[:120]}", _show(given))


def _slow(kind: str, corpus: Corpus, given: Any, start: float) -> Finding | None:
    seconds = time.perf_counter() - start
    if seconds <= SLOW_SECONDS:
        return None
    return Finding(kind, corpus.game_id, f"slow: {seconds:.1f} s", _show(given))


STATE_KINDS = ("action", "seat-action", "parse", "object")
"""The kinds of input given to a state in play (which must be left as it was when one is refused)."""


def make_input(corpus: Corpus, kind: str, rng: random.Random, state: State) -> tuple[Any, Callable[[], Any]]:
    """An input of `kind` and the call that gives it to the engine."""
    game = spielwerk.game(corpus.game_id)
    texts = corpus.texts
    if kind in ("action", "seat-action", "parse"):
        text = mutate_text(rng, rng.choice(texts), texts) if rng.random() < 0.9 else rng.choice(texts)
        seat = _some_seat(rng, state) if kind != "action" else None
        if kind == "parse":
            return text, lambda: game.parse_action(state, text, seat=seat)
        return text, lambda: state.apply(text, seat=seat)
    if kind == "object":
        thing = _odd_action(rng, corpus)
        return thing, lambda: state.apply(thing)
    if kind == "options":
        options = mutate_json(rng, rng.choice(corpus.options), texts)
        named = {str(k): v for k, v in options.items()} if isinstance(options, dict) else {"options": options}
        return named, lambda: spielwerk.game(corpus.game_id, **named)
    if kind == "position":
        position = rng.choice(corpus.positions)
        mutate = mutate_text if isinstance(position, str) else mutate_json
        position = mutate(rng, position, texts)
        players: Any = rng.choice((None, None, game.info.min_players, game.info.max_players, 0, 99, "3"))
        seed = rng.getrandbits(32)
        return position, lambda: game.new_state(players=players, seed=seed, position=position)
    record = mutate_json(rng, rng.choice(corpus.records), texts)
    if kind == "state-json":
        return record, lambda: game.state_from_json(record)
    return record, lambda: spielwerk.replay(record)


def _some_seat(rng: random.Random, state: State) -> Any:
    if rng.random() < 0.85:
        return rng.randrange(state.players)
    return rng.choice((-1, state.players, 99, "0", 1.5, True, None, [0], 2**70))


def _odd_action(rng: random.Random, corpus: Corpus) -> Any:
    """Something given to `apply` in place of an action text: a value of another type, or a real
    action value with one field set to something strange."""
    if corpus.actions and rng.random() < 0.5:
        action = rng.choice(corpus.actions)
        if dataclasses.is_dataclass(action) and not isinstance(action, type):
            fields = dataclasses.fields(action)
            if fields:
                name = rng.choice(fields).name
                try:
                    return dataclasses.replace(action, **{name: odd_value(rng)})
                except Exception:
                    return action
        return action
    return odd_value(rng)


def _show(given: Any) -> str:
    try:
        text = repr(given)
    except Exception:
        return f"a {type(given).__name__}"
    return text if len(text) <= 200 else text[:200] + "…"


@dataclass
class Tally:
    """Counts of a fuzz run: inputs by kind and findings by problem, with an example of each."""

    inputs: int = 0
    by_kind: dict[str, int] = field(default_factory=dict)
    findings: dict[str, list[Finding]] = field(default_factory=dict)
    slowest: tuple[float, str] = (0.0, "")

    def add(self, kind: str, finding: Finding | None, seconds: float, game_id: str) -> None:
        """Count one input."""
        self.inputs += 1
        self.by_kind[kind] = self.by_kind.get(kind, 0) + 1
        if finding is not None:
            problem = finding.problem.split(":")[0]
            self.findings.setdefault(problem, []).append(finding)
        if seconds > self.slowest[0]:
            self.slowest = (seconds, f"{game_id} {kind}")


def fuzz(corpus: Corpus, count: int, seed: int, tally: Tally) -> Tally:
    """Give `count` inputs of every kind in turn to `corpus`'s game."""
    rng = random.Random(seed)
    for number in range(count):
        kind = KINDS[number % len(KINDS)]
        start = time.perf_counter()
        finding = try_input(corpus, kind, rng)
        tally.add(kind, finding, time.perf_counter() - start, corpus.game_id)
    return tally
