"""The State base: history, apply/undo, chance, records; games fill in the rules."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Self

from spielwerk.core.chance import CHANCE, chance_stream, pick_weighted
from spielwerk.core.errors import IllegalAction, InvalidNotation, SpielwerkError
from spielwerk.core.inputs import action_text, quote, text_of
from spielwerk.core.wording import counted

if TYPE_CHECKING:
    from spielwerk.core.game import Game

Action = Hashable
"""An action is a small immutable value whose `str` is its one canonical text."""


class EveryoneType:
    """The type of EVERYONE: `record()` for the owner of the game, seed included."""

    def __repr__(self) -> str:
        return "EVERYONE"


EVERYONE = EveryoneType()

NOT_YOUR_TURN = "it is not your turn"
"""The one refusal a seat gets for input while it is not to move (it tells nothing else)."""
TURN_RULE = "seat.turn"
SEAT_RULE = "seat.unknown"
GAME_OVER_RULE = "game.over"


class State(ABC):
    """A game in progress. Subclasses implement the abstract hooks; the base keeps history."""

    def __init__(self, game: Game, players: int, seed: int) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self._history: list[Action] = []
        self._undo_tokens: list[Any] = []
        self._chance_events = 0
        self._legal_cache: frozenset[Action] | None = None
        self._secrets: list[tuple[frozenset[int], str] | None] = []

    # ----- hooks a game implements -------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> int:
        """The seat to act, 0..players-1, or CHANCE at a chance node (undefined once over)."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action, each once; at a chance node the possible outcomes; [] once over."""

    @abstractmethod
    def _parse(self, text: str) -> Action:
        """The legal action `text` denotes; raises InvalidNotation or IllegalAction (naming the rule).

        `text` is a string within the input limits; the base has already refused off-turn seats.
        """

    @abstractmethod
    def returns(self) -> list[float]:
        """Per seat at the end: 1 win, 0 loss, shared wins split, 0.5 each for a draw."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-ready dict of what `seat` may know (None: a spectator)."""

    @abstractmethod
    def _do(self, action: Action) -> Any:
        """Change the state by a legal action; return what `_undo` needs to take it back."""

    @abstractmethod
    def _undo(self, token: Any) -> None:
        """Take back the last action given the token its `_do` returned."""

    @abstractmethod
    def _copy(self) -> Self:
        """An independent copy of the game-specific part (the base copies its own)."""

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The outcomes at a chance node with their probabilities."""
        raise SpielwerkError("this is not a chance node")

    def _witnesses(self, action: Action) -> frozenset[int] | None:
        """The seats that may see `action`'s text if it is applied now; None: every seat.

        Games with secrets override this for actions that reveal something to some seats only
        (a card drawn from a hidden pile, say); the others see `_masked_text(action)` instead.
        """
        return None

    def _masked_text(self, action: Action) -> str:
        """What a seat that may not see `action` is shown of it ("draw ?", say)."""
        return str(action)

    def _start(self) -> dict[str, Any]:
        """Extra keys a record needs to rebuild the start (a game started from a position, say)."""
        return {}

    def _start_for(self, seat: int | None) -> dict[str, Any]:
        """The start keys of the record shown to `seat`: games with secrets hide from a start
        position what that seat may not know (other hands, say)."""
        return self._start()

    # ----- the contract, shared by every game -------------------------------------------
    @property
    def is_chance(self) -> bool:
        """True at a chance node."""
        return not self.is_over and self.to_move == CHANCE

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the start, chance outcomes included."""
        return tuple(self._history)

    def text_for(self, action: Action, seat: int | None) -> str:
        """How `action`, applied now, is shown to `seat` (None: a spectator)."""
        witnesses = self._witnesses(action)
        if witnesses is None or (seat is not None and seat in witnesses):
            return str(action)
        return self._masked_text(action)

    def history_for(self, seat: int | None, since: int = 0) -> list[str]:
        """The texts of the actions from number `since` on (default: all, negative counts from the
        end) as `seat` saw them (None: a spectator)."""
        return [
            str(action) if secret is None or (seat is not None and seat in secret[0]) else secret[1]
            for action, secret in zip(self._history[since:], self._secrets[since:], strict=True)
        ]

    def parse_action(self, text: str, seat: int | None = None) -> Action:
        """The legal action `text` denotes, judged as `seat`'s input (None: the referee's).

        Raises InvalidNotation or IllegalAction (naming the rule). A seat that is not to move gets
        one fixed refusal, and a seat never names a chance outcome.
        """
        self._check_seat(seat)
        return self._parse(action_text(text))

    def apply(self, action: Action | str, seat: int | None = None) -> Action:
        """Apply an action (or its text), judged as `seat`'s input (None: the referee's); returns the
        action applied. Bad input raises a SpielwerkError and leaves the state as it was."""
        self._check_seat(seat)
        action = self._parse(action_text(action)) if isinstance(action, str) else self._action_form(action)
        self._push(action)
        return action

    def apply_trusted(self, action: Action) -> None:
        """Apply an action taken from this very position's `legal_actions()` or `chance_outcomes()`
        without checking it again (search saves a move generation per step). Anything else may leave
        the state corrupt: what a user gives goes to `apply`."""
        self._push(action)

    def resolve_chance(self) -> Action:
        """At a chance node, draw the outcome from the state's own seeded stream and apply it."""
        if not self.is_chance:
            raise SpielwerkError("resolve_chance needs a chance node")
        outcome = pick_weighted(chance_stream(self.seed, self._chance_events), self.chance_outcomes())
        self._push(outcome)
        return outcome

    def undo(self) -> Action:
        """Take back the last action (chance outcomes too); returns it."""
        if not self._history:
            raise SpielwerkError("there is nothing to undo")
        self._undo(self._undo_tokens.pop())
        action = self._history.pop()
        self._secrets.pop()
        self._legal_cache = None
        if self.is_chance:
            self._chance_events -= 1
        return action

    def clone(self) -> Self:
        """An independent copy with the same history and seed."""
        copy = self._copy()
        copy.game, copy.players, copy.seed = self.game, self.players, self.seed
        copy._history = list(self._history)
        copy._secrets = list(self._secrets)
        copy._undo_tokens = list(self._undo_tokens)
        copy._chance_events = self._chance_events
        copy._legal_cache = self._legal_cache
        return copy

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        """A full state consistent with `view(seat)`, with a fresh seed drawn from `rng`.

        Perfect-information games need only the fresh seed, so that a search on the copy
        never learns the real game's future dice; games with secrets override this.
        """
        copy = self.clone()
        copy.seed = rng.getrandbits(32)
        return copy

    def record(self, seat: int | EveryoneType | None = EVERYONE) -> dict[str, Any]:
        """Everything needed to replay this game exactly.

        Given a seat (None: a spectator), the record is the one that seat may be shown: while a
        game with chance is running its seed is left out (None), because the seed fixes every
        future card and die. Actions that seat did not see (another player's draw) appear as it
        saw them ("draw ?"); such a record is an account for that seat and no longer replays.
        """
        if isinstance(seat, EveryoneType):
            withhold, actions, start = False, [str(action) for action in self._history], self._start()
        else:
            withhold = self.game.info.chance and not self.is_over
            actions, start = self.history_for(seat), self._start_for(seat)
        return {
            "game": self.game.INFO.id,
            "options": dict(self.game.options),
            "players": self.players,
            "seed": None if withhold else self.seed,
            **start,
            "actions": actions,
        }

    def to_json(self) -> dict[str, Any]:
        """The full state as JSON-ready data; `game.state_from_json` rebuilds it exactly."""
        return self.record()

    def _begin_here(self) -> None:
        """Make the present position this state's start, forgetting the history before it.

        A determinized copy calls this: its past is not the real game's and must not show it.
        Its `_start()` then names the position it begins from.
        """
        self._history, self._undo_tokens, self._secrets = [], [], []
        self._chance_events = 0
        self._legal_cache = None

    def _action_form(self, action: Action) -> Action:
        """The legal action a value given in place of a text stands for: itself where it is legal, else
        what its text denotes; raises the rule-naming error if there is none. A value that is no action
        at all (or whose text cannot be had) is InvalidNotation."""
        try:
            if action in self._legal_set():
                return action
        except TypeError:
            raise InvalidNotation(f"{quote(action)} is not an action") from None
        text = text_of(action)
        if text is None:
            raise InvalidNotation(f"{quote(action)} is not an action")
        return self._parse(text)

    def _check_seat(self, seat: int | None) -> None:
        """Refuse input from `seat` when it may not act now; None (the referee) always may."""
        if seat is None:
            return
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {quote(seat)} in this game", rule=SEAT_RULE)
        if self.is_over:
            raise IllegalAction("the game is over", rule=GAME_OVER_RULE)
        if self.to_move != seat:
            raise IllegalAction(NOT_YOUR_TURN, rule=TURN_RULE)

    def _legal_set(self) -> frozenset[Action]:
        """The legal actions as a set, kept until the state changes."""
        if self._legal_cache is None:
            self._legal_cache = frozenset(self.legal_actions())
        return self._legal_cache

    def _push(self, action: Action) -> None:
        if self.is_chance:
            self._chance_events += 1
        witnesses = self._witnesses(action)
        self._secrets.append(None if witnesses is None else (witnesses, self._masked_text(action)))
        self._undo_tokens.append(self._do(action))
        self._history.append(action)
        self._legal_cache = None

    def _repr_svg_(self) -> str:
        """Notebooks show a state as its spectator picture."""
        return self.game.svg(self)

    def __repr__(self) -> str:
        return f"<{self.game.INFO.name} state after {counted(len(self._history), 'action')}>"
