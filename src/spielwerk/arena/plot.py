"""The rating plot: each agent's rating (mu, with a band of ± 2 sigma) over the tournament's games, as
PNG or SVG by the file's suffix. Needs the `arena` extra (matplotlib), imported only when drawing."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from spielwerk.arena.ratings import Point

FORMATS = (".png", ".svg")
"""The suffixes a plot may be written to."""


def plot_ratings(history: Mapping[str, list[Point]], path: Path, names: Mapping[str, str],
                 labels: Mapping[str, str]) -> None:
    """Draw `history` to `path`. `names` gives each agent's legend text (the agent by default);
    `labels` the axes' and title's texts ("games", "rating", "title")."""
    import matplotlib

    matplotlib.use("Agg")  # no display needed
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(figsize=(8, 4.5), layout="constrained")
    for agent, points in history.items():
        games = [point.game for point in points]
        mu = [point.mu for point in points]
        (line,) = axes.plot(games, mu, label=names.get(agent, agent), linewidth=1.5)
        axes.fill_between(games, [p.mu - 2 * p.sigma for p in points], [p.mu + 2 * p.sigma for p in points],
                          color=line.get_color(), alpha=0.15, linewidth=0)
    axes.set_xlabel(labels["games"])
    axes.set_ylabel(labels["rating"])
    axes.set_title(labels["title"])
    axes.grid(alpha=0.3)
    if history:
        axes.legend(loc="best", fontsize="small")
    metadata = {"Date": None} if path.suffix.lower() == ".svg" else {}  # the same run, the same file
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, metadata=metadata, dpi=120)
    pyplot.close(figure)
