"""Games with secrets at the terminal: who may read the screen, and what is printed for them.

The *audience* is whoever may read what is printed now: the one person, where one person plays (they
see their own draws named: `draw dragon`, the agents' as `draw ?`); at a terminal shared by several
people, the person whose turn is on the screen, or nobody in particular (a spectator's texts) between
turns. Every action and chance outcome is printed as `state.text_for(action, audience)` shows it.

Passing the keyboard (several people, a game with secrets): before a person's turn is shown, the
screen of the person before is cleared (after they pressed Enter, where chance showed them something
since they last typed) and a "pass the keyboard to RED" screen waits for Enter; then that person sees
what happened since their last turn, as they may know it, and their board with their hand. Text typed
at either prompt is not taken for Enter: it is named as ignored and the prompt asked again (`quit`
leaves, `rules` shows the how-to-play, which holds no secret). Agents
play on a cleared screen: they are given the real state, but what they drew is never printed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from itertools import groupby
from typing import TYPE_CHECKING, Any

from rich.markup import escape

from spielwerk.cli.seats import seat_tag
from spielwerk.cli.words import compact
from spielwerk.core.chance import CHANCE
from spielwerk.core.inputs import quote
from spielwerk.core.state import Action

if TYPE_CHECKING:
    from spielwerk.cli.session import Session

_TO_GO = re.compile(r"\s*\(\d+ to go\)$")
"""A count that changes with every draw of a run (`red to draw a card (7 to go)`)."""
QUIT = ("quit", "exit", "q")
RULES = ("rules", "howto")
"""Words that show the how-to-play while the keyboard is handed over (it holds no secret)."""
RECAP_MAX = 40
"""A recap shows at most this many of the last actions (a loaded game's whole past would be too long)."""


class Hotseat:
    """Who may see the screen of a session now, and what was seen by whom."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.owner: int | None = None
        """The person whose secrets may be on the screen now (None: only what everyone may see)."""
        self.unread = False
        """Something only the owner may see was printed after they last typed."""
        self.seen: dict[int, int] = {}
        """Per person: how many actions the game had when they last gave up the screen."""

    @property
    def hidden(self) -> bool:
        """True for a game with secrets."""
        return self.session.state.game.info.hidden

    @property
    def shared(self) -> bool:
        """True where several people share the terminal in a game with secrets: they pass the keyboard."""
        return self.hidden and len(self.session.humans) > 1

    def reset(self) -> None:
        """Forget who saw what (another game was loaded): the next person's turn is handed over afresh."""
        self.owner, self.unread = None, False
        self.seen.clear()

    def audience(self) -> int | None:
        """The seat whose texts may be printed now (None: a spectator's)."""
        humans = self.session.humans
        if len(humans) == 1:
            return humans[0].seat
        return self.owner if self.shared else None

    def text(self, action: Action) -> str:
        """How `action`, applied now, is printed for the audience."""
        return self.session.state.text_for(action, self.audience())

    def typed(self) -> None:
        """The owner typed a line: they have read the screen."""
        self.unread = False

    # ----- passing the keyboard ------------------------------------------------------------------
    def hand_over(self, seat: int | None) -> bool:
        """Make `seat` (None: nobody) the one who may see the screen; False if they chose to leave."""
        if not self.shared or seat == self.owner:
            return True
        session = self.session
        screen = session.screen
        if self.owner is not None:
            leaving = session.players[self.owner]
            while self.unread:
                line = screen.ask(f"{leaving.tag}: [dim]press Enter to hide your cards[/] › ")
                if not line.strip():
                    break
                screen.print(f"[yellow]Ignored:[/] {escape(quote(line.strip()))} — your turn is over; "
                             "press Enter to hide your cards before the keyboard goes on.")
            self.seen[self.owner] = len(session.state.history)
            screen.clear()
        self.owner, self.unread = None, False
        if seat is None:
            return True
        player = session.players[seat]
        screen.print()
        screen.print(f"[bold]Pass the keyboard to[/] {seat_tag(player.name.upper())}")
        while True:
            line = screen.ask(f"[dim]{escape(player.title)}, press Enter when only you can see the screen "
                              "(or type quit)[/] › ").strip()
            if not line:
                break
            if line.lower() in QUIT:
                session.leave("Bye.")
                return False
            if line.lower() in RULES:
                session.show_rules()
                continue
            screen.print(f"[yellow]Ignored:[/] {escape(quote(line))} — the keyboard is being handed to "
                         f"{escape(player.title)}: press Enter first, then type it at your turn.")
        self.owner = seat
        self.recap(seat)
        session.dirty = True
        return True

    def recap(self, seat: int) -> None:
        """What happened since `seat` last had the screen, as that seat may know it."""
        state = self.session.state
        total = len(state.history)
        since = max(self.seen.get(seat, 0), total - RECAP_MAX)
        if since >= total:
            return
        texts = state.history_for(seat, since)
        heading = "Since your last turn:" if seat in self.seen else "So far:"
        self.session.screen.print(f"[bold]{heading}[/]")
        entries = list(zip(self._movers(total - since), texts, strict=True))
        for (mover, waiting), run in groupby(entries, key=lambda entry: entry[0]):
            who = "[magenta]chance[/]" if mover == CHANCE else self._who(mover)
            tail = f" — {escape(waiting)}" if waiting else ""
            self.session.screen.print(f"  {who}: [bold]{escape(compact([text for _, text in run]))}[/]{tail}")

    def _movers(self, count: int) -> list[tuple[int, str]]:
        """Who took each of the last `count` actions (a seat, or CHANCE), with what a chance event
        waited for (a player's draw: "" for decisions)."""
        probe = self.session.state.clone()
        movers = []
        for _ in range(count):
            probe.undo()
            mover = probe.to_move
            movers.append((mover, _waiting(probe.view(None)) if mover == CHANCE else ""))
        return movers[::-1]

    def _who(self, seat: int) -> str:
        player = self.session.players[seat]
        return player.tag if player.is_human else f"{player.tag} ({escape(player.spec)})"

    # ----- chance ------------------------------------------------------------------------------------
    def draw_chance(self) -> None:
        """Resolve the chance nodes in a row and print their outcomes as the audience may see them.

        Outcomes that wait for the same thing (a player's draws) share a line: `Chance: draw ? ×7 —
        blue to draw a card`.
        """
        state = self.session.state
        audience = self.audience()
        entries: list[tuple[str, str]] = []
        while state.is_chance:
            waiting = _waiting(state.view(None))
            state.resolve_chance()
            (shown,), (public,) = state.history_for(audience, -1), state.history_for(None, -1)
            if audience is not None and self.shared and shown != public:
                self.unread = True
            entries.append((waiting, shown))
        for waiting, run in groupby(entries, key=lambda entry: entry[0]):
            told = compact([text for _, text in run])
            tail = f" — {escape(waiting)}" if waiting else ""
            self.session.screen.print(f"[magenta]Chance:[/] [bold]{escape(told)}[/]{tail}")
        self.session.dirty = True


def _waiting(view: Mapping[str, Any]) -> str:
    """What a chance event waits for, without the count that changes with each draw of a run."""
    waiting = view.get("waiting_for")
    return _TO_GO.sub("", waiting) if isinstance(waiting, str) else ""
