"""The State base: history, apply/undo, chance, records; games fill in the rules."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any, Self

from spielwerk.core.catalogue import say
from spielwerk.core.chance import CHANCE, chance_draw
from spielwerk.core.ending import RESIGN, TIMEOUT, Ending
from spielwerk.core.errors import IllegalAction, InvalidNotation, SpielwerkError
from spielwerk.core.inputs import action_text, quote, text_of
from spielwerk.core.narration import Told
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

NOT_YOUR_TURN = str(say("seat.turn"))
"""The one refusal a seat gets for input while it is not to move (it tells nothing else)."""
TURN_RULE = "seat.turn"
SEAT_RULE = "seat.unknown"
GAME_OVER_RULE = "game.over"
ENDING_RULE = "game.ending"


class State(ABC):
    """A game in progress. Subclasses implement the abstract hooks; the base keeps history."""

    def __init__(self, game: Game, players: int, seed: int) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self._history: list[Action] = []
        self._undo_tokens: list[Any] = []
        self._shared = False
        """True while the history lists may be another state's too (a clone shares them until one of
        the two changes)."""
        self._chance_events = 0
        self._legal_cache: frozenset[Action] | None = None
        self._legal_list: list[Action] | None = None
        """The legal actions, kept until the state changes (a payload and its labels both ask)."""
        self._secrets: list[tuple[frozenset[int], str] | None] = []
        self._ending: Ending | None = None
        self._told: list[Told] | None = None
        """What each action so far was told as, kept once `narration` was asked for (None: not kept,
        as in search copies)."""

    # ----- hooks a game implements -------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> int:
        """The seat to act, 0..players-1, or CHANCE at a chance node (undefined once over)."""

    @property
    @abstractmethod
    def _game_over(self) -> bool:
        """True once the rules have ended the game (the base adds the referee's endings)."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Every legal action, each once; at a chance node the possible outcomes; [] once over."""

    @abstractmethod
    def _parse(self, text: str) -> Action:
        """The legal action `text` denotes; raises InvalidNotation or IllegalAction (naming the rule).

        `text` is a string within the input limits; the base has already refused off-turn seats.
        """

    @abstractmethod
    def _returns(self) -> list[float]:
        """Per seat at the end of a game the rules ended: 1 win, 0 loss, shared wins split, 0.5 each
        for a draw."""

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
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
        raise SpielwerkError(say("chance.not-here"))

    def _witnesses(self, action: Action) -> frozenset[int] | None:
        """The seats that may see `action`'s text if it is applied now; None: every seat.

        Games with secrets override this for actions that reveal something to some seats only
        (a card drawn from a hidden pile, say); the others see `_masked_text(action)` instead.
        """
        return None

    def _masked_text(self, action: Action) -> str:
        """What a seat that may not see `action` is shown of it ("draw ?", say)."""
        return str(action)

    def _tell(self, before: Self, action: Action) -> Told:
        """What each seat is told of `action`, just applied to `before` (this state is the after).

        The default names the seat and the action's text as each seat saw it ("South: b1-c3",
        "Chance: 4"); games tell more, in their words. What a seat is told must hold nothing it
        may not know (the conformance suite compares twin games)."""
        seat = before.to_move

        def line(text: str) -> Any:
            if seat == CHANCE:
                return say("narrate.chance", action=text)
            return say("narrate.action", seat=self.game.seat_message(seat), action=text)

        witnesses = before._witnesses(action)
        if witnesses is None:
            return Told(line(str(action)))
        shown = line(str(action))
        return Told(line(before._masked_text(action)), {witness: shown for witness in witnesses})

    def _start(self) -> dict[str, Any]:
        """Extra keys a record needs to rebuild the start (a game started from a position, say)."""
        return {}

    def _start_for(self, seat: int | None) -> dict[str, Any]:
        """The start keys of the record shown to `seat`: games with secrets hide from a start
        position what that seat may not know (other hands, say)."""
        return self._start()

    # ----- the contract, shared by every game -------------------------------------------
    @property
    def is_over(self) -> bool:
        """True once the game has ended, by the rules or by the referee (a resignation, a time-out)."""
        return self._ending is not None or self._game_over

    @property
    def is_chance(self) -> bool:
        """True at a chance node."""
        return not self.is_over and self.to_move == CHANCE

    def legal_actions(self) -> list[Action]:
        """Every legal action, each once; at a chance node the possible outcomes; [] once over (a new
        list each call: the caller may change it)."""
        if self._ending is not None:
            return []
        if self._legal_list is None:
            self._legal_list = self._legal_actions()
        return list(self._legal_list)

    def returns(self) -> list[float]:
        """Per seat at the end: 1 win, 0 loss, shared wins split, 0.5 each for a draw."""
        if self._ending is not None:
            return self._ending.returns(self.players, self.game.info.cooperative)
        return self._returns()

    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-ready dict of what `seat` may know (None: a spectator)."""
        seen = self._view(seat)
        if self._ending is not None:
            over = say("status.over")
            name = self.game.seat_message(self._ending.seat)
            seen["result"] = self._ending.result(self.players, self.game.info.cooperative, name)
            seen["waiting_for"], seen["waiting_for_message"] = str(over), over.to_json()
        return seen

    @property
    def played_actions(self) -> tuple[Action, ...]:
        """The game's own actions: the history without the referee's ending (a resignation)."""
        return tuple(self._history[:-1] if self._ending is not None else self._history)

    @property
    def ending(self) -> Ending | None:
        """The referee's decision that ended the game (a resignation, a time-out), or None."""
        return self._ending

    def resign(self, seat: int) -> Ending:
        """`seat` gives up: it loses and the game ends (recorded, so a replay ends the same)."""
        return self._end(RESIGN, seat)

    def time_out(self, seat: int) -> Ending:
        """`seat`'s time ran out: it loses and the game ends (recorded like a resignation)."""
        return self._end(TIMEOUT, seat)

    def narration(self, seat: int | None, language: str = "en") -> list[str]:
        """What happened, one line per action so far (chance and endings included), as `seat` (None:
        a spectator) may know it, in `language`."""
        return [told.to(seat).render(language) for told in self.tellings()]

    def tellings(self) -> list[Told]:
        """Each action so far as told (kept from now on, so later actions add one each)."""
        if self._told is None or len(self._told) != len(self._history):
            self._told = self._retell()
        return list(self._told)

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

    def texts_for(self, actions: Iterable[Action], seat: int | None) -> list[str]:
        """How each of `actions`, applied now, is shown to `seat`: `text_for` of each, in one call
        (a search asks it for every legal action)."""
        kind = type(self)
        if kind.text_for is not State.text_for:
            return [self.text_for(action, seat) for action in actions]
        if kind._witnesses is State._witnesses:
            return list(map(str, actions))  # a game without secrets shows every action as it is
        witnesses_of, masked = self._witnesses, self._masked_text
        texts = []
        for action in actions:
            witnesses = witnesses_of(action)
            seen = witnesses is None or (seat is not None and seat in witnesses)
            texts.append(str(action) if seen else masked(action))
        return texts

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
        ending = _as_ending(action)
        if ending is not None:
            if seat is not None:
                raise IllegalAction(say("game.ending.not-yours", action=str(ending)), rule=ENDING_RULE)
            return self._end(ending.by, ending.seat)
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
            raise SpielwerkError(say("chance.resolve"))
        outcome = chance_draw(self.seed, self._chance_events, self.chance_outcomes())
        self._push(outcome)
        return outcome

    def undo(self) -> Action:
        """Take back the last action (chance outcomes too); returns it."""
        if not self._history:
            raise SpielwerkError(say("game.undo.nothing"))
        if self._shared:
            self._own_lists()
        history = self._history
        token = self._undo_tokens.pop()
        action = history[-1]
        if isinstance(action, Ending):
            self._ending = None
        else:
            self._undo(token)
        history.pop()
        self._secrets.pop()
        self._legal_cache = self._legal_list = None
        told = self._told
        if told is not None and len(told) > len(history):
            told.pop()
        if self.is_chance and not isinstance(action, Ending):
            self._chance_events -= 1
        return action

    def clone(self) -> Self:
        """An independent copy with the same history and seed."""
        copy = self._copy()
        copy.game, copy.players, copy.seed = self.game, self.players, self.seed
        copy._history, copy._secrets, copy._undo_tokens = self._history, self._secrets, self._undo_tokens
        copy._shared = self._shared = True  # copied by the first of the two that changes them
        copy._chance_events = self._chance_events
        copy._legal_cache = self._legal_cache
        copy._legal_list = None
        copy._ending = self._ending
        copy._told = None
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
        self._shared = False
        self._chance_events = 0
        self._legal_cache = self._legal_list = None
        self._told = None

    def _action_form(self, action: Action) -> Action:
        """The legal action a value given in place of a text stands for: itself where it is legal, else
        what its text denotes; raises the rule-naming error if there is none. A value that is no action
        at all (or whose text cannot be had) is InvalidNotation."""
        legal = self._legal_list
        if legal is not None and any(map(is_, legal, repeat(action))):
            return action  # the very value `legal_actions()` handed out: no set to build
        try:
            if action in self._legal_set():
                return action
        except TypeError:
            raise InvalidNotation(say("input.not-an-action", given=quote(action))) from None
        text = text_of(action)
        if text is None:
            raise InvalidNotation(say("input.not-an-action", given=quote(action)))
        return self._parse(text)

    def _check_seat(self, seat: int | None) -> None:
        """Refuse input from `seat` when it may not act now; None (the referee) may while the referee
        has not ended the game."""
        if seat is None:
            if self._ending is not None:
                raise IllegalAction(say("game.over"), rule=GAME_OVER_RULE)
            return
        self._check_seat_number(seat)
        if self.is_over:
            raise IllegalAction(say("game.over"), rule=GAME_OVER_RULE)
        if self.to_move != seat:
            raise IllegalAction(say("seat.turn"), rule=TURN_RULE)

    def _check_seat_number(self, seat: Any) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(say("seat.unknown", seat=quote(seat)), rule=SEAT_RULE)

    def _end(self, by: str, seat: int) -> Ending:
        """Record the referee's ending: `seat` resigned or ran out of time."""
        self._check_seat_number(seat)
        if self.is_over:
            raise IllegalAction(say("game.over"), rule=GAME_OVER_RULE)
        ending = Ending(by, seat)
        self._push(ending)
        return ending

    def _retell(self) -> list[Told]:
        """Each action of the history as told, by playing the game again from its start."""
        again = self.game.new_state(players=self.players, seed=self.seed, **self._start())
        again._told = []
        for action in self._history:
            again._push(action)
        return again._told

    def _legal_set(self) -> frozenset[Action]:
        """The legal actions as a set, kept until the state changes."""
        if self._legal_cache is None:
            if self._legal_list is None:
                self._legal_list = self._legal_actions() if self._ending is None else []
            self._legal_cache = frozenset(self._legal_list)
        return self._legal_cache

    def _push(self, action: Action) -> None:
        before = self.clone() if self._told is not None else None
        if self._shared:
            self._own_lists()
        if isinstance(action, Ending):
            self._secrets.append(None)
            self._undo_tokens.append(None)
            self._ending = action
        else:
            if self.is_chance:
                self._chance_events += 1
            witnesses = self._witnesses(action)
            self._secrets.append(None if witnesses is None else (witnesses, self._masked_text(action)))
            self._undo_tokens.append(self._do(action))
        self._history.append(action)
        self._legal_cache = self._legal_list = None
        if before is not None and self._told is not None:
            self._told.append(self._tell_any(before, action))

    def _own_lists(self) -> None:
        """Copy the history lists this state shares with a clone before changing them."""
        self._history, self._secrets, self._undo_tokens = (
            list(self._history), list(self._secrets), list(self._undo_tokens))
        self._shared = False

    def _tell_any(self, before: Self, action: Action) -> Told:
        if isinstance(action, Ending):
            return Told(action.told(self.game.seat_message(action.seat)))
        return self._tell(before, action)

    def _repr_svg_(self) -> str:
        """Notebooks show a state as its spectator picture."""
        return self.game.svg(self)

    def __repr__(self) -> str:
        return f"<{self.game.INFO.name} state after {counted(len(self._history), 'action')}>"


def _as_ending(action: Any) -> Ending | None:
    """The referee's ending that `action` (a value or its text) is, else None."""
    if isinstance(action, Ending):
        return action
    return Ending.parse(action) if isinstance(action, str) else None
