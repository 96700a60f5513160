"""The account a person reads at their turn: what happened since their previous decision, in words.

Each line is the game's narration of one action (as `state.narration(seat, language)` tells it), as that
seat may know it, so the account holds nothing the seat may not see. At a seat's first turn it tells
everything so far; a long account keeps its last ACCOUNT_MAX lines after a "…" that counts the rest.
A line said several times in a row is printed once with its count ("Blue draws a card ×7").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby

from rich.markup import escape

from spielwerk.cli.say import text
from spielwerk.core.ending import Ending
from spielwerk.core.state import State

ACCOUNT_MAX = 20
"""An account shows at most this many lines (a loaded game's whole past would be too long)."""


@dataclass(frozen=True)
class Account:
    """The lines told to a seat since its previous decision (`since` None: since the start)."""

    lines: tuple[str, ...]
    since: int | None
    """Where in the history the seat's previous decision stands, or None where it has none yet."""
    earlier: int = 0
    """Actions left out before the lines (more than ACCOUNT_MAX were to tell)."""

    def markup(self, language: str) -> list[str]:
        """The account as markup lines: a heading, then each action's line (a run of one same line
        once, counted); [] where nothing is to tell."""
        if not self.lines:
            return []
        heading = text("account.since" if self.since is not None else "account.so-far", language)
        elided = [text("account.earlier", language, count=self.earlier)] if self.earlier else []
        return [heading, *elided, *counted(self.lines)]


def counted(lines: Sequence[str]) -> list[str]:
    """Lines as markup, a run of one same line once with its count ("Blue draws a card ×7")."""
    runs = [(line, len(list(same))) for line, same in groupby(lines)]
    return [escape(line) + (f" [dim]×{count}[/]" if count > 1 else "") for line, count in runs]


def previous_decision(state: State, seat: int, limit: int) -> int | None:
    """Where `seat`'s last action stands in the history, looking back at most `limit` actions; None
    where it took none of them."""
    probe = state.clone()
    for _ in range(min(limit, len(state.history))):
        action = probe.undo()
        if isinstance(action, Ending):
            continue
        if not probe.is_chance and probe.to_move == seat:
            return len(probe.history)
    return None


def account(state: State, seat: int, language: str, limit: int = ACCOUNT_MAX) -> Account:
    """What `seat` is told of the actions after its previous decision (all of them where it has none),
    at most `limit` lines."""
    total = len(state.history)
    since = previous_decision(state, seat, limit + 1)
    start = since + 1 if since is not None else 0
    shown_from = max(start, total - limit)
    told = state.tellings()[shown_from:] if shown_from < total else []
    lines = [telling.to(seat).render(language) for telling in told]
    return Account(tuple(lines), since, shown_from - start)
