"""Avalon's benchmark: engine speed, and how often each agent's team wins and why it loses.

Speed, per player count: random playouts (games and steps per second, days per game) and IS-MCTS
iterations per second. Outcomes, per player count and agent: the share of games won, lost by time
(`result == "time"`), by the menhirs going dark (`"menhirs"`) and by death or madness (`"death"`),
each with a 95% Wilson interval, the days played, the relics found, the thinking time per
decision and the iterations per searched decision (`it/srch`: what a budget in seconds came to).
Every seat of a game is played by the same agent (one instance per seat, each with its own seed).
Budgets in iterations make runs repeat exactly; the table prints the time they took.

Examples:
    python -m benchmarks.avalon --speed-only
    python -m benchmarks.avalon --agents random greedy ismcts:300 --games 20 --players 1 2
    python -m benchmarks.avalon --agents ismcts:300 --games 30 --max-days 10

Long runs (as `benchmarks.strength`): `--processes N` plays N games at once (budgets in
iterations keep the results the same), every player count and agent asked for in one run, round by
round (the next game of each before a second of any); `--log FILE` appends each game as a line of
JSON as it ends; `--resume` counts the games already in the log and plays only the others, so a run
can stop and go on; `--tally LOG ...` prints the table of every game in some logs (from several
machines, say); `--paired BEFORE AFTER` compares two logs (of two versions of the content or the
agents) on the seeds both played, with the sign test: a change's gain is judged on the same games,
not on two tables whose seeds differ; `--pair-agents A B` sets the first log's games of agent A
against the second's of agent B (two budgets of one agent, say).
    python -m benchmarks.avalon --outcomes-only --agents ismcts:1000 --games 100 --processes 16 \\
        --players 1 2 3 4 --log benchmarks/results/avalon-ismcts-1000.jsonl --resume
    python -m benchmarks.avalon --tally benchmarks/results/avalon-ismcts-1000.jsonl
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import NamedTuple

import spielwerk
from benchmarks.logs import append_record, read_records
from benchmarks.speed import Playouts, Row, _print_table, playouts, search_rate
from benchmarks.stats import sign_test, wilson
from spielwerk import agents

RELICS = ("bell", "horn", "mirror")
RESULTS = ("won", "time", "menhirs", "death")
"""How an Avalon game ends (`AvalonState.result`)."""


@dataclass
class Tally:
    """What the games of one agent at one player count came to."""

    games: int = 0
    results: Counter[str] = field(default_factory=Counter)
    relics: Counter[str] = field(default_factory=Counter)
    days: int = 0
    decisions: int = 0
    seconds: float = 0.0
    searched: int = 0
    iterations: int = 0

    def add(self, game: Game) -> None:
        """Count one game."""
        self.games += 1
        self.results[game.result] += 1
        self.relics.update(set(game.relics))
        self.days += game.day
        self.decisions += game.decisions
        self.seconds += game.seconds
        self.searched += game.searched
        self.iterations += game.iterations


def rate(count: int, games: int) -> str:
    """A share with its 95% Wilson interval, in percent: "35% (20–52)"."""
    low, high = wilson(count, games)
    share = count / games if games else 0.0
    return f"{100 * share:.0f}% ({100 * low:.0f}–{100 * high:.0f})"


class Game(NamedTuple):
    """One game as a benchmark counts it."""

    result: str
    day: int
    """The last day."""
    relics: list[str]
    """The relics carried at the end."""
    decisions: int
    """Every choice an agent was asked for, forced ones (a single legal action) too."""
    seconds: float
    """The time spent choosing."""
    searched: int = 0
    """The decisions that were searched (iterations spent; 0 in logs older than this count)."""
    iterations: int = 0
    """The search iterations of all of them."""


def play(players: int, spec: str, seed: int, **options: object) -> Game:
    """One game with `spec` on every seat."""
    state = spielwerk.game("avalon", **options).new_state(players=players, seed=seed)
    bots = [agents.from_spec(spec, seed=seed * 4 + seat) for seat in range(players)]
    decisions = searched = iterations = 0
    seconds = 0.0
    while not state.is_over:
        if state.is_chance:
            state.resolve_chance()
            continue
        start = time.perf_counter()
        bot = bots[state.to_move]
        action = bot.choose(state)
        seconds += time.perf_counter() - start
        decisions += 1
        spent = int(bot.stats.get("iterations", 0))
        searched += spent > 0
        iterations += spent
        state.apply(action)
    relics = [relic for hero in state.heroes for relic in hero.relics]  # type: ignore[attr-defined]
    return Game(state.result, state.day, relics, decisions, seconds,  # type: ignore[attr-defined]
                searched, iterations)


Group = tuple[int, str]
"""A player count and the agent on every seat."""


def outcomes(players: int, spec: str, games: int, seed: int = 0,
             on_game: Callable[[int, Game], None] | None = None, processes: int = 1,
             done: Mapping[int, Game] | None = None, **options: object) -> Tally:
    """`games` games of `spec` on every seat, seeds `seed`, `seed + 1`, ... (see `outcomes_of`)."""
    group = (players, spec)
    tell = None if on_game is None else (lambda _: on_game)
    return outcomes_of([group], games, seed, tell, processes, {group: done or {}}, None, **options)[group]


def outcomes_of(groups: Sequence[Group], games: int, seed: int = 0,
                on_game: Callable[[Group], Callable[[int, Game], None]] | None = None, processes: int = 1,
                done: Mapping[Group, Mapping[int, Game]] | None = None,
                on_group: Callable[[Group, Tally], None] | None = None,
                **options: object) -> dict[Group, Tally]:
    """`games` games of each group, seeds `seed`, `seed + 1`, ..., in `processes` processes that all
    groups share. Round by round: every group's k-th game to play comes before any group's next, so
    a long run stopped early holds about as many games of each. The seeds in `done` are counted as
    they were, not played again; `on_game(group)(seed, game)` hears of each game played as it ends,
    `on_group(group, tally)` of each group once its games are all in (in this process)."""
    done = done or {}
    tallies = {group: Tally() for group in groups}
    todo: dict[Group, list[int]] = {}
    for group in groups:
        known = done.get(group, {})
        for game_seed in range(seed, seed + games):
            if game_seed in known:
                tallies[group].add(known[game_seed])
        todo[group] = [game_seed for game_seed in range(seed, seed + games) if game_seed not in known]
    left = {group: len(todo[group]) for group in groups}

    def count(group: Group, game_seed: int, played: Game) -> None:
        if on_game is not None:
            on_game(group)(game_seed, played)
        tallies[group].add(played)
        left[group] -= 1
        if not left[group] and on_group is not None:
            on_group(group, tallies[group])

    if on_group is not None:
        for group in groups:
            if not left[group]:
                on_group(group, tallies[group])
    jobs = [(group, todo[group][k]) for k in range(games) for group in groups if k < len(todo[group])]
    if processes <= 1:
        for group, game_seed in jobs:
            count(group, game_seed, play(group[0], group[1], game_seed, **options))
        return tallies
    with ProcessPoolExecutor(max_workers=processes) as pool:
        futures = {pool.submit(play, group[0], group[1], game_seed, **options): (group, game_seed)
                   for group, game_seed in jobs}
        for future in as_completed(futures):
            count(*futures[future], future.result())
    return tallies


def logger(path: str, players: int, spec: str, max_days: int | None) -> Callable[[int, Game], None]:
    """Append each game to the log at `path` (see `logged`)."""
    def log(seed: int, game: Game) -> None:
        append_record(path, {"players": players, "agent": spec, "max_days": max_days, "seed": seed,
                             **game._asdict(), "seconds": round(game.seconds, 3)})
    return log


Key = tuple[int, str, int | None]
"""A log's games are grouped by player count, agent and max_days."""


def logged(paths: Sequence[str]) -> dict[Key, dict[int, Game]]:
    """The games of the logs at `paths` by group and seed (a seed logged twice: the first)."""
    found: dict[Key, dict[int, Game]] = defaultdict(dict)
    for path in paths:
        for record in read_records(path):
            key = (int(record["players"]), str(record["agent"]), record["max_days"])
            game = Game(str(record["result"]), int(record["day"]), list(record["relics"]),
                        int(record["decisions"]), float(record["seconds"]),
                        int(record.get("searched", 0)), int(record.get("iterations", 0)))
            found[key].setdefault(int(record["seed"]), game)
    return dict(sorted(found.items(), key=lambda item: (item[0][0], item[0][1], item[0][2] or 0)))


def paired_rows(before: str, after: str, agents: tuple[str, str] | None = None) -> Iterator[str]:
    """Two logs compared game by game (the same group, the same seed): the games each won, those only
    one of them won, and the sign test's chance of a split at least as uneven between equals. With
    `agents`, the first log's games of one agent meet the second's of the other (two budgets, say)."""
    first, second = logged([before]), logged([after])
    for key in first:
        players, spec, days = key
        if agents is not None and spec != agents[0]:
            continue
        other = key if agents is None else (players, agents[1], days)
        if other not in second:
            continue
        seeds = first[key].keys() & second[other].keys()
        won = [{seed for seed in seeds if games[seed].result == "won"}
               for games in (first[key], second[other])]
        only = len(won[0] - won[1]), len(won[1] - won[0])
        name = spec if agents is None else f"{spec} / {agents[1]}"
        name = name if days is None else f"{name} d{days}"
        yield (f"{players}p {name}: {len(seeds)} seeds in both; won {len(won[0])} before, {len(won[1])}"
               f" after; only before {only[0]}, only after {only[1]}; sign test p = {sign_test(*only):.2f}")


def outcome_row(players: int, spec: str, tally: Tally) -> str:
    """One line of the outcome table."""
    games = tally.games
    shares = "  ".join(f"{rate(tally.results[r], games):>14}" for r in RESULTS)
    found = " ".join(f"{relic[0]}{100 * tally.relics[relic] // max(1, games)}" for relic in RELICS)
    think = tally.seconds / max(1, tally.decisions)
    depth = f"{tally.iterations / tally.searched:,.0f}" if tally.searched else "—"
    return (f"{players}p {spec:<14} {games:>5}  {shares}  {tally.days / max(1, games):>4.1f}  {found:<14}"
            f" {1000 * think:>7.1f}  {depth:>7}")


OUTCOME_HEADER = (f"{'agent':<17} {'games':>5}  {'won':>14}  {'lost: time':>14}  {'menhirs':>14}"
                  f"  {'death':>14}  {'days':>4}  {'relics %':<14} {'ms/dec':>7}  {'it/srch':>7}")


def speed_rows(players: Sequence[int], seconds: float, think: str) -> Iterator[Row]:
    """Random playouts, steps and days per game, and IS-MCTS iterations per second, per player count."""
    for count in players:
        run = random_playouts(count, seconds)
        yield f"{count}p random playouts, games/s", run.per_second(run.games), f"{run.games} games"
        yield (f"{count}p random play, steps/s", run.per_second(run.steps),
               f"{run.per_second(run.decisions):,.0f} decisions/s; {run.per_game(run.steps):.0f} steps, "
               f"{run.per_game(run.turns):.1f} days per game")
        yield f"{count}p IS-MCTS iterations/s", search_rate("avalon", count, "ismcts", think, gap=20), think


def random_playouts(players: int, seconds: float, seed: int = 0) -> Playouts:
    """Random games for about `seconds` (at least one); `turns` counts the days played."""
    return playouts("avalon", players, seconds, seed, turns=lambda state: state.day)  # type: ignore[attr-defined]


def main(argv: list[str] | None = None) -> None:
    """Print the speed table, then the outcome table."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4])
    parser.add_argument("--agents", nargs="+", default=["random", "greedy", "ismcts:300"])
    parser.add_argument("--games", type=int, default=20, help="games per player count and agent")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-days", type=int, default=None, help="the option max_days (default: content's)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time for random playouts")
    parser.add_argument("--think", default="300", help="IS-MCTS budget for its iteration rate")
    parser.add_argument("--speed-only", action="store_true")
    parser.add_argument("--outcomes-only", action="store_true")
    parser.add_argument("--processes", type=int, default=1, help="games played at once, each in a process")
    parser.add_argument("--log", metavar="FILE", help="append one JSON line per game to FILE")
    parser.add_argument("--resume", action="store_true",
                        help="count the games already in --log and play only the others")
    parser.add_argument("--tally", nargs="+", metavar="LOG",
                        help="print the outcome table of every game in these logs, and play none")
    parser.add_argument("--paired", nargs=2, metavar=("BEFORE", "AFTER"),
                        help="compare two logs on the seeds both played, and play none")
    parser.add_argument("--pair-agents", nargs=2, metavar=("AGENT_BEFORE", "AGENT_AFTER"),
                        help="with --paired: compare one agent's games in BEFORE with another's in AFTER")
    args = parser.parse_args(argv)
    if args.resume and not args.log:
        parser.error("--resume needs --log FILE")
    if args.pair_agents and not args.paired:
        parser.error("--pair-agents needs --paired BEFORE AFTER")
    if args.paired:
        agents = None if args.pair_agents is None else tuple(args.pair_agents)
        for row in paired_rows(args.paired[0], args.paired[1], agents):
            print(row)
        return
    if args.tally:
        print(OUTCOME_HEADER)
        for (players, spec, days), games in logged(args.tally).items():
            tally = Tally()
            for game in games.values():
                tally.add(game)
            print(outcome_row(players, spec if days is None else f"{spec} d{days}", tally))
        return
    if not args.outcomes_only:
        _print_table(speed_rows(args.players, args.seconds, args.think))
    if args.speed_only:
        return
    options = {} if args.max_days is None else {"max_days": args.max_days}
    print(OUTCOME_HEADER, flush=True)
    groups = [(players, spec) for players in args.players for spec in args.agents]
    found = logged([args.log]) if args.resume else {}
    done = {group: found.get((*group, args.max_days), {}) for group in groups}
    log = args.log
    tell = None if log is None else (lambda group: logger(log, group[0], group[1], args.max_days))
    outcomes_of(groups, args.games, args.seed, tell, args.processes, done,
                on_group=lambda group, tally: print(outcome_row(*group, tally), flush=True), **options)


if __name__ == "__main__":
    main()
