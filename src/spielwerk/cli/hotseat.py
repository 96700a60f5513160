"""Games with secrets at the terminal: who may read the screen, and what is printed for them.

The *audience* is whoever may read what is printed now: the one person, where one person plays (they
see their own draws named: `draw dragon`, the agents' as `draw ?`); at a terminal shared by several
people, the person whose turn is on the screen, or nobody in particular (a spectator's texts) between
turns. Every action and chance outcome is printed as `state.text_for(action, audience)` shows it.

Passing the keyboard (several people, a game with secrets): before a person's turn is shown, the
screen of the person before is cleared (after they pressed Enter, where chance showed them something
since they last typed) and a "pass the keyboard to RED" screen waits for Enter; then that person reads
the account of what happened since their previous decision, as they may know it (`cli.account`), and
their board with their hand. Text typed
at either prompt is not taken for Enter: it is named as ignored and the prompt asked again (`quit`
leaves, `rules` shows the how-to-play, which holds no secret). Agents
play on a cleared screen: they are given the real state, but what they drew is never printed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from itertools import groupby
from typing import TYPE_CHECKING, Any

from rich.markup import escape

from spielwerk.cli.say import status
from spielwerk.cli.seats import seat_tag
from spielwerk.cli.telling import compact
from spielwerk.core.inputs import quote
from spielwerk.core.message import is_message_json
from spielwerk.core.state import Action

if TYPE_CHECKING:
    from spielwerk.cli.session import Session

_NUMBER = re.compile(r"[0-9]+")
QUIT = ("quit", "exit", "q")
RULES = ("rules", "howto")
"""Words that show the how-to-play while the keyboard is handed over (it holds no secret)."""


class Hotseat:
    """Who may see the screen of a session now."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.owner: int | None = None
        """The person whose secrets may be on the screen now (None: only what everyone may see)."""
        self.unread = False
        """Something only the owner may see was printed after they last typed."""

    @property
    def hidden(self) -> bool:
        """True for a game with secrets."""
        return self.session.state.game.info.hidden

    @property
    def shared(self) -> bool:
        """True where several people share the terminal in a game with secrets: they pass the keyboard."""
        return self.hidden and len(self.session.humans) > 1

    def reset(self) -> None:
        """Forget who had the screen (another game was loaded): the next person's turn is handed over
        afresh."""
        self.owner, self.unread = None, False

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
                line = screen.ask(session.say("hotseat.hide", player=leaving.tag))
                if not line.strip():
                    break
                screen.print(session.say("hotseat.hide.ignored", line=escape(quote(line.strip()))))
            screen.clear(session.say("screen.cleared"))
        self.owner, self.unread = None, False
        if seat is None:
            return True
        player = session.players[seat]
        screen.print()
        screen.print(session.say("hotseat.pass", player=seat_tag(player.name, player.title.upper())))
        while True:
            line = screen.ask(session.say("hotseat.pass.ask", player=escape(player.title))).strip()
            if not line:
                break
            if line.lower() in QUIT:
                session.leave(session.say("session.bye"))
                return False
            if line.lower() in RULES:
                session.show_rules()
                continue
            ignored = escape(quote(line))
            screen.print(session.say("hotseat.pass.ignored", line=ignored, player=escape(player.title)))
        self.owner = seat
        session.tell_account(seat)
        session.dirty = True
        return True

    # ----- chance ------------------------------------------------------------------------------------
    def draw_chance(self) -> None:
        """Resolve the chance nodes in a row and print their outcomes as the audience may see them.

        Outcomes that wait for the same thing (a player's draws) share a line: `Chance: draw ? ×7 —
        blue to draw a card`.
        """
        session = self.session
        state = session.state
        audience = self.audience()
        entries: list[tuple[str, str, str]] = []
        while state.is_chance:
            view = state.view(None)
            waiting = status(state.game, view, session.language) or ""
            state.resolve_chance()
            (shown,), (public,) = state.history_for(audience, -1), state.history_for(None, -1)
            if audience is not None and self.shared and shown != public:
                self.unread = True
            entries.append((_run_key(view), waiting, shown))
        for _, run in groupby(entries, key=lambda entry: entry[0]):
            draws = list(run)
            told, waiting = escape(compact([shown for _, _, shown in draws])), draws[0][1]
            self.session.screen.print(
                session.say("chance.outcome.waiting", outcome=told, waiting=escape(waiting)) if waiting
                else session.say("chance.outcome", outcome=told))
        self.session.dirty = True


def _run_key(view: Mapping[str, Any]) -> str:
    """What a chance event waits for, the same for every draw of a run: the status's key and its
    arguments but the count that changes with each draw (`red to draw a card (7 to go)`)."""
    said = view.get("waiting_for_message")
    if isinstance(said, Mapping) and is_message_json(said):
        args = {name: value for name, value in (said.get("args") or {}).items() if name != "count"}
        return json.dumps([said["key"], args], sort_keys=True, default=str)
    waiting = view.get("waiting_for")
    return _NUMBER.sub("#", waiting) if isinstance(waiting, str) else ""
