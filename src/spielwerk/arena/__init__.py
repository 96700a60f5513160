"""The arena: tournaments between agents, with seats rotated over the same seeds, rated with openskill.

```python
from spielwerk import arena

ratings = arena.tournament("grani", ["mcts:200", "greedy", "random"], players=3, games=30,
                           workers=2, out=Path("results.jsonl"))
for line in ratings.standings:
    print(line.agent, line.games, line.share, line.interval, line.mu, line.sigma)
```

Every seed is played with every rotation of the agents over the seats (`lineups`), so no agent gains
from a seat or a lucky deal. Games run here, on local processes or as Ray tasks (`ray="auto"`, the
`ray` extra); the same seeds give the same results everywhere for agents with a counted budget. The
ratings (`rate`) and plot (`plot_ratings`) need the `arena` extra (openskill, matplotlib); the rest
of the package imports without it. The command is `spielwerk arena` (docs/research.md, "Arena").
"""

from __future__ import annotations

from spielwerk.arena.games import GameResult, Job, lineups, play_game, schedule
from spielwerk.arena.ratings import THE_GAME, Ratings, Standing, rate
from spielwerk.arena.runner import run, workers_default
from spielwerk.arena.stats import sign_test, wilson
from spielwerk.arena.tournament import Tournament, tournament

__all__ = [
    "THE_GAME",
    "GameResult",
    "Job",
    "Ratings",
    "Standing",
    "Tournament",
    "lineups",
    "play_game",
    "rate",
    "run",
    "schedule",
    "sign_test",
    "tournament",
    "wilson",
    "workers_default",
]
