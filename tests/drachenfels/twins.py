"""Twin games for hidden-information tests: equal for one seat, different in what it cannot see.

Chance outcomes the seat sees are the same in both twins; those it does not see (another player's
draws, the hidden princesses) are drawn independently, so the twins hold different hidden cards and
princesses. Decisions are texts legal in both. Which seat sees a chance outcome is decided here by
the rules, not by the code under test. A look at a princess is the one legitimate reveal: a run
stops when the twins' public results part.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from spielwerk.games.drachenfels import DrachenfelsState
from tests.drachenfels.helpers import fresh


def sees(state: DrachenfelsState, seat: int | None) -> bool:
    """Whether `seat` sees this chance outcome, by the rules (not by the code under test): nobody
    sees the princesses hidden, everybody the lot, the receiver a draw, the taker and the victim a
    card taken at random."""
    phase = state.phase
    if phase == "hide":
        return False
    if phase == "draw":
        return seat == state.draws[0]
    if phase == "pick":
        return seat in (state.seat, state.victim)
    return True


def chance_step(a: DrachenfelsState, b: DrachenfelsState, seat: int | None, rng: random.Random) -> bool:
    """Resolve a chance node in both twins; False if the seat-visible outcome cannot be the same."""
    outcomes_a = [action for action, _ in a.chance_outcomes()]
    if not sees(a, seat):
        a.apply(rng.choice(outcomes_a))
        b.apply(rng.choice([action for action, _ in b.chance_outcomes()]))
        return True
    shared = sorted({str(x) for x in outcomes_a} & {str(x) for x, _ in b.chance_outcomes()})
    if not shared:
        return False
    choice = rng.choice(shared)
    a.apply(choice)
    b.apply(choice)
    return True


def decide(a: DrachenfelsState, b: DrachenfelsState, rng: random.Random) -> bool:
    """Apply one decision legal in both twins, card plays preferred; False if there is none."""
    shared = sorted({str(x) for x in a.legal_actions()} & {str(x) for x in b.legal_actions()})
    if not shared:
        return False
    plays = [text for text in shared if text.split()[0] not in ("refresh", "take", "stop", "keep")]
    choice = rng.choice(plays if plays and rng.random() < 0.8 else shared)
    a.apply(choice)
    b.apply(choice)
    return True


Twins = tuple[DrachenfelsState, DrachenfelsState]


def twins(players: int, seed: int, seat: int | None, steps: int) -> Iterator[Twins]:
    """Yield the twins before each step, until a game ends, the twins part, or `steps` are done."""
    yield from play_twins(fresh(players, seed=seed), fresh(players, seed=seed + 7919), seat, seed, steps)


def position_twins(players: int, seed: int, seat: int | None, steps: int) -> Iterator[Twins]:
    """Twins started from positions: a game played a while, then two worlds `seat` cannot tell apart
    (its determinizations), each the start of a new game; then as `twins`."""
    rng = random.Random(seed)
    state = fresh(players, seed=seed)
    for _ in range(rng.randrange(400)):
        if state.is_over:
            break
        if state.is_chance:
            state.resolve_chance()
        else:
            state.apply(rng.choice(state.legal_actions()))
    a, b = state.determinize(seat, random.Random(seed)), state.determinize(seat, random.Random(seed + 1))
    yield from play_twins(a, b, seat, seed, steps)


def play_twins(
    a: DrachenfelsState, b: DrachenfelsState, seat: int | None, seed: int, steps: int
) -> Iterator[Twins]:
    """Yield twins `a` and `b` before each step, until a game ends, the twins part, or `steps` are done."""
    rng = random.Random(seed)
    for _ in range(steps):
        if a.is_over or b.is_over:
            return
        yield a, b
        moved = chance_step(a, b, seat, rng) if a.is_chance else decide(a, b, rng)
        if not moved or a.view(None)["winner"] != b.view(None)["winner"]:
            return
