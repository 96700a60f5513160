"""The Avalon state: the island, the characters, the decks, and a stack of steps still to resolve.

The day cycle is procedural (a Dawn of eight steps, actions with groups, verses with tests and
encounters inside them, an End of Day), so what the game waits for is a stack of small frames,
each a tuple of plain values: the top frame names the decision or chance node, and `flow.advance`
runs every automatic step until the next one. Every fact is an immutable value replaced on change,
so an undo token is a snapshot of them all (FACTS) and a position is them as JSON.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Self, cast

from spielwerk.core.chance import CHANCE
from spielwerk.core.errors import SpielwerkError
from spielwerk.core.narration import Told
from spielwerk.core.state import Action, State
from spielwerk.games.avalon import flow, steps
from spielwerk.games.avalon.content import CONTENT
from spielwerk.games.avalon.notation import TEXTS, Move, normalise, text
from spielwerk.games.avalon.say import say
from spielwerk.games.avalon.world import ALIVE, Hero, new_hero

if TYPE_CHECKING:
    from spielwerk.games.avalon import Avalon

Frame = tuple[Any, ...]
Step = tuple[Frame, Any, tuple[Any, ...]]
"""A step an action went through: the frame on top, the move taken there (None for an automatic
step) and every fact before it."""
LOCATIONS = len(CONTENT.locations) + 1
"""Per-location tuples are indexed by location number; index 0 is unused."""

FACTS = (
    "heroes", "placed", "backs", "explored", "action_markers", "instant_markers", "arrows", "menhirs",
    "stag", "widow", "widow_came", "omen", "q3", "quests", "q1_hard", "deck_a", "deck_b", "top",
    "top_from", "top_seen", "open_events", "discards", "dreams", "mercy", "day", "queue", "known",
    "frames", "outcome", "left", "result", "told", "last",
)
"""Every attribute that makes up a position; snapshots, positions and determinizations copy these."""
_FACTS_IN: Callable[[dict[str, Any]], tuple[Any, ...]] = itemgetter(*FACTS)
"""Every fact from a state's `__dict__` (a dict lookup each: attrgetter's way through the type costs
twice as much)."""
BACKS = FACTS.index("backs")
KEPT_EVERY = 16
"""A new game's steps keep an undo token every so many (`AvalonState.replays`)."""
MASKED = {word: f"{word} ?" for word in flow.SECRET_WORDS}
"""`_masked_text` of the outcomes of each secret word, made once."""
HERO_FIELDS = {name: index for index, name in enumerate(Hero._fields)}
"""Each field of a character by its place in the tuple (`set_hero`)."""


class AvalonState(State):
    """A game of Avalon for 1–4 characters; seat i plays the i-th chosen character."""

    game: Avalon

    def __init__(self, game: Avalon, players: int, seed: int) -> None:
        super().__init__(game, players, seed)
        chosen = game.options["characters"] or list(range(1, players + 1))
        self.max_days: int = game.options["max_days"] or CONTENT.number("setup", "max_days")[players - 1]
        self.dial_start: int = CONTENT.number("setup", "dial")[players - 1]
        alone = players == 1
        self.heroes: tuple[Hero, ...] = tuple([_start_hero(number, alone) for number in sorted(chosen)])
        self.placed: frozenset[int] = frozenset()
        self.backs: tuple[str, ...] = _NO_BACKS
        """The side of each location's card that is its back now: "a", "b", or "" (never placed)."""
        self.explored: tuple[int, ...] = _NONE_AT
        self.action_markers: tuple[tuple[str, int], ...] = ()
        """(slug, markers) of each location or quest action with time markers on it."""
        self.instant_markers: tuple[int, ...] = _NONE_AT
        self.arrows = CONTENT.arrows
        self.menhirs: tuple[tuple[int, int], ...] = ((CONTENT.start, self.dial_start),)
        """(location, dial) of each active menhir; dial 0: active without a dial."""
        self.stag: tuple[int, int] | None = _slot(CONTENT.guardians["stag"].start)
        self.widow: tuple[int, int] | None = None
        self.widow_came = False
        self.omen = 0
        self.q3 = 0
        self.quests: tuple[tuple[str, int], ...] = ()
        """(id, dial) of each card on the quest pile; Q3's dial is unused (its counter is `q3`)."""
        self.q1_hard = False
        self.deck_a: frozenset[str] = _DECK_A
        self.deck_b: frozenset[str] = _DECK_B
        self.top: str = ""
        """An event an `augury` drew and put on top, waiting for I.5."""
        self.top_from: str = ""
        self.top_seen: frozenset[int] = frozenset()
        self.open_events: tuple[str, ...] = ()
        self.discards: tuple[str, ...] = ()
        self.dreams: tuple[str, ...] = _DREAMS
        self.mercy: int = CONTENT.number("setup", "mercy")
        self.day = 1
        self.queue: tuple[int, ...] = tuple(range(players))
        self.known: tuple[frozenset[int], ...] = (frozenset(),) * players
        """Per seat, the locations whose present back that seat knows (Elowen's scouting)."""
        self.frames: tuple[Frame, ...] = (("dawn", 1), *flow.setup_frames(self))
        self.outcome = ""
        """What the last test or encounter came to, for the frame below it."""
        self.left: frozenset[int] = frozenset()
        """Seats that left their groups (the Allmother's Mercy) during the running action."""
        self.result = ""
        """"" while running; "won", or how the game was lost ("time", "menhirs", "death")."""
        self.told: tuple[Any, ...] = ()
        """How the last test or encounter round went (`fights.Roll`), or () before the first."""
        self.last: tuple[Any, ...] = ()
        """The last move a character made on the map: (its number, the action's word and argument,
        the location it was declared on), or () before the first."""
        self.choices: tuple[Move, ...] | None = None
        """The decisions at this node, kept from `flow.advance` until the state changes."""
        self.odds: tuple[tuple[Move, float], ...] | None = None
        """The outcomes at this chance node, kept like `choices`."""
        self.mover: int | None = None
        """The seat to move (or CHANCE) where `flow.advance` stopped, kept like `choices`."""
        self.dealt = False
        """A world `determinize` dealt."""
        self.shares = False
        """A dealt world, while it shares its steps with the others dealt from its state: off from its
        first step that no world took before (`steps.SEEN`), which it takes alone, as it does every
        step after it, until an undo."""
        self.replays = True
        """A state `new_state` made (not a copy, which search takes back): only every KEPT_EVERY-th of
        its steps without steps to remember keeps an undo token; an undo takes the others again from
        the last one kept (`_replayed`)."""
        self.at: steps.Shared | None = None
        """In a dealt world: the kept step whose facts after are this world's, but the backs (`steps`;
        None where unknown)."""
        self.walked: steps.Walked | None = None
        """The steps this state took since it was first taken back (`steps`; None before, and in a
        copy)."""
        self.origin: tuple[Any, ...] | None = None
        """The facts this state started from, where it did not start from set-up (positions, worlds)."""
        self.unknown: tuple[Any, ...] | None = None
        """The seat `_unknown_backs` was last asked for, the facts it read and its answer."""
        self.trail: list[Step] | None = None
        """While narration is kept: the steps the last action went through (`narrate`)."""
        flow.advance(self)

    # ----- the contract ----------------------------------------------------------------
    @property
    def to_move(self) -> int:
        """The seat whose decision the top frame waits for, or CHANCE."""
        mover = self.mover
        return flow.mover(self) if mover is None else mover

    @property
    def _game_over(self) -> bool:
        """True once the game is won or lost."""
        return bool(self.result)

    @property
    def is_over(self) -> bool:
        """True once the game is won, lost or ended by the referee (the base's answer, asked directly)."""
        return self._ending is not None or bool(self.result)

    @property
    def is_chance(self) -> bool:
        """True at a chance node (the base's answer, asked directly)."""
        if self._ending is not None or self.result:
            return False
        mover = self.mover
        return (flow.mover(self) if mover is None else mover) == CHANCE

    def _legal_actions(self) -> list[Action]:
        """Every legal decision, or at a chance node every outcome."""
        if self.result:
            return []
        choices = self.choices
        if choices is not None:  # kept only at a decision
            return list(choices)
        if self.to_move == CHANCE:
            return [move for move, _ in self.odds or flow.chances(self)]
        self.choices = tuple(flow.decisions(self))
        return list(self.choices)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The outcomes at a chance node with their exact probabilities."""
        odds = self.odds
        if odds is not None and not self.result:  # kept only at a chance node
            return list(odds)
        if self.result or self.to_move != CHANCE:
            return super().chance_outcomes()
        return list(flow.chances(self))

    def _parse(self, text: str) -> Action:
        from spielwerk.games.avalon.diagnose import refuse

        wanted = normalise(text)
        for action in self.legal_actions():
            if str(action) == wanted:
                return action
        raise refuse(self, wanted)

    def _returns(self) -> list[float]:
        """Co-operative: every seat 1 on a win, 0 on a loss (avalon.returns)."""
        if not self.result:
            raise SpielwerkError(say("state.not-over"))
        won = 1.0 if self.result == "won" else 0.0
        return [won] * self.players

    def _view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know: everything public, plus the backs and event it saw (None: a spectator)."""
        from spielwerk.games.avalon.view import view

        return view(self, seat)

    def _witnesses(self, action: Action) -> frozenset[int] | None:
        if type(action) is Move and action.word not in flow.SECRET_WORDS:
            return None  # every seat sees it (`flow.witnesses`)
        return flow.witnesses(self, action)

    def text_for(self, action: Action, seat: int | None) -> str:
        """How `action`, applied now, is shown to `seat` (the base's answer: only a drawn verse or
        event can be hidden, `flow.witnesses`)."""
        if type(action) is Move and action.word not in flow.SECRET_WORDS:
            return text(action)
        return super().text_for(action, seat)

    def texts_for(self, actions: Iterable[Action], seat: int | None) -> list[str]:
        """`text_for` of each of `actions` (search asks it for every legal action), in one call."""
        secret, kept, texts = flow.SECRET_WORDS, TEXTS.get, []
        for action in actions:
            if type(action) is Move and action.word not in secret:
                texts.append(kept(action) or text(action))
            else:
                texts.append(State.text_for(self, action, seat))
        return texts

    def _masked_text(self, action: Action) -> str:
        return f"{action.word} ?" if isinstance(action, Move) else "?"

    def apply(self, action: Action | str, seat: int | None = None) -> Action:
        """The base's `apply`; the referee's move handed out by `legal_actions()` goes straight on."""
        legal = self._legal_list
        if seat is None and legal is not None and type(action) is Move and self._ending is None:
            for one in legal:
                if one is action:
                    self._push(action)
                    return action
        return super().apply(action, seat)

    def _push(self, action: Action) -> None:
        """The base's `_push`, in one call for a move while no narration is kept (play and search)."""
        if self._told is not None or self._ending is not None or self.result or type(action) is not Move:
            super()._push(action)
            return
        if self._shared:
            self._own_lists()
        mover = self.mover
        if (flow.mover(self) if mover is None else mover) == CHANCE:
            self._chance_events += 1
        if action.word in flow.SECRET_WORDS:
            witnesses = flow.witnesses(self, action)
            self._secrets.append(None if witnesses is None else (witnesses, MASKED[action.word]))
        else:
            self._secrets.append(None)
        if self.dealt or self.walked is not None:
            self._undo_tokens.append(self._do(action))
        else:  # `_do` with no steps to remember
            tokens = self._undo_tokens
            if self.replays and len(tokens) % KEPT_EVERY:
                tokens.append(None)
            else:
                tokens.append((_FACTS_IN(self.__dict__), self.choices, self.odds, mover))
            self.choices = self.odds = self.mover = self.trail = None
            flow.step(self, action, mover)
        self._history.append(action)
        self._legal_cache = self._legal_list = None

    def legal_actions(self) -> list[Action]:
        """The base's `legal_actions`, in one call where the decisions are kept."""
        legal = self._legal_list
        if legal is None:
            choices = self.choices
            if choices is None or self._ending is not None or self.result:
                return super().legal_actions()
            legal = self._legal_list = list(choices)
        return list(legal)

    def _do(self, action: Action) -> Any:
        if not isinstance(action, Move):
            raise TypeError(f"not an Avalon action: {action!r}")
        if self.dealt and self._told is None:
            return self._step_dealt(action)
        facts = _FACTS_IN(self.__dict__)
        token = (facts, self.choices, self.odds, self.mover)
        self.at = None
        walked, remembered = self.walked, None
        if walked is not None and self._told is None:
            remembered = steps.key(action, facts)
            step = walked.get(remembered)
            if step is not None:
                _, after, self.choices, self.odds, self.mover = step
                self.__dict__.update(zip(FACTS, after, strict=True))
                self.trail = None
                return token
        mover = self.mover
        self.choices = self.odds = self.mover = None
        self.trail = [(self.frames[-1], action, facts)] if self._told is not None else None
        flow.step(self, action, mover)
        if walked is not None and remembered is not None:
            after = _FACTS_IN(self.__dict__)
            steps.remember(walked, remembered, (facts, after, self.choices, self.odds, self.mover))
        return token

    def _step_dealt(self, action: Move) -> Any:
        """A step of a dealt world, shared with the other worlds dealt from the same state (`steps`);
        its undo token."""
        backs, at = self.backs, self.at
        facts: tuple[Any, ...] | None
        if at is None:
            facts = _FACTS_IN(self.__dict__)
            token: tuple[Any, ...] = (facts, self.choices, self.odds, self.mover)
            kept = steps.first_steps(
                steps.dealt_key((self.players, self.max_days, self.dial_start), action, facts, BACKS)
            ) if self.shares else None
        else:  # the facts are the kept step's, but the backs
            facts = None
            token = (at, backs, self.choices, self.odds, self.mover)
            kept = steps.next_steps(at, action)
        if kept is None:  # the first world to take this step: it and the steps after it are taken alone
            self.shares = False
            self.at = self.trail = None
            mover = self.mover
            self.choices = self.odds = self.mover = None
            flow.step(self, action, mover)
            return token
        step = steps.recall_dealt(kept, backs)
        if step is not None:
            after, dealt, self.choices, self.odds, self.mover = step[3:8]
            self.__dict__.update(zip(FACTS, after, strict=True))
            if not dealt:
                self.backs = backs
            self.trail = None
            self.at = step
            return token
        mover = self.mover
        self.choices = self.odds = self.mover = None
        self.trail = None
        watched = self.backs = steps.watch(backs)
        try:
            flow.step(self, action, mover)
        finally:
            dealt = self.backs is not watched
            if not dealt:
                self.backs = backs
        after = _FACTS_IN(self.__dict__)
        self.at = steps.remember_dealt(
            kept, facts, watched, after, dealt, self.choices, self.odds, self.mover)
        return token

    def _tell(self, before: Self, action: Action) -> Told:
        """What each seat is told of `action` and all it led to (`narrate`)."""
        from spielwerk.games.avalon.narrate import tell

        return tell(before, self, action)

    def facts(self) -> tuple[Any, ...]:
        """Every fact (FACTS) as it is now: a snapshot, since each is an immutable value."""
        return _FACTS_IN(self.__dict__)

    def _undo(self, token: Any) -> None:
        if token is None:
            token = self._replayed()
        if len(token) == 5:  # a dealt world's step taken after a kept one (`_step_dealt`)
            at, backs, self.choices, self.odds, self.mover = token
            self.__dict__.update(zip(FACTS, at[3], strict=True))
            self.backs, self.at = backs, at
        else:
            facts, self.choices, self.odds, self.mover = token
            self.__dict__.update(zip(FACTS, facts, strict=True))
            self.at = None
        self.shares = self.dealt
        if self.walked is None:
            self.walked = {}

    def _replayed(self) -> tuple[Any, ...]:
        """The undo token of the last action, which `_push` did not keep: the steps from the last one
        that kept a token taken again (their tokens kept on the way)."""
        tokens, history = self._undo_tokens, self._history
        last = len(history) - 1  # its token is already taken off
        start = last - 1
        while tokens[start] is None:
            start -= 1
        facts, self.choices, self.odds, self.mover = tokens[start]
        self.__dict__.update(zip(FACTS, facts, strict=True))
        self.at = self.trail = None
        for index in range(start, last):
            mover = self.mover
            if index > start:
                tokens[index] = (_FACTS_IN(self.__dict__), self.choices, self.odds, mover)
            self.choices = self.odds = self.mover = None
            flow.step(self, cast(Move, history[index]), mover)
        return (_FACTS_IN(self.__dict__), self.choices, self.odds, self.mover)

    def _copy(self) -> Self:
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        copy.walked = None
        copy.replays = False
        return copy

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        """A full state consistent with `view(seat)`: unknown backs and an unseen augury card dealt
        again uniformly, with a fresh seed."""
        copy = self.clone()
        copy.seed = rng.getrandbits(32)
        copy.choices = copy.odds = None  # the mover is the same: it reads no back nor the top event
        copy.dealt = copy.shares = True
        copy.at = None
        backs = list(self.backs)
        bits = rng.getrandbits
        for number in self._unknown_backs(seat):
            side = bits(2)  # the draws of rng.choice("ab"), without its two calls
            while side >= 2:
                side = bits(2)
            backs[number] = "ab"[side]
        copy.backs = tuple(backs)
        if self.top and (seat is None or seat not in self.top_seen):
            from_a = self.top_from == "A"
            pool = sorted((self.deck_a if from_a else self.deck_b) | {self.top})
            card = rng.choice(pool)
            rest = frozenset(pool) - {card}
            copy.top = card
            if from_a:
                copy.deck_a = rest
            else:
                copy.deck_b = rest
        copy.frames = flow.reveals_dealt(copy.frames, copy.backs, copy.top)
        copy.begin_here()
        return copy

    def _unknown_backs(self, seat: int | None) -> tuple[int, ...]:
        """The places whose backs `seat` does not know, in number order (kept for the facts they are
        found from: a search deals a world from the same state in every iteration)."""
        kept = self.unknown
        if (kept is not None and kept[0] == seat and kept[1] is self.backs and kept[2] is self.explored
                and kept[3] is self.frames and kept[4] is self.known):
            places: tuple[int, ...] = kept[5]
            return places
        from spielwerk.games.avalon.view import unexplored_known

        known = unexplored_known(self, seat)  # with the explored ones: what view.knows_back says
        explored = self.explored
        places = tuple(number for number, side in enumerate(self.backs)
                       if side and not (explored[number] > 0 or number in known))
        self.unknown = (seat, self.backs, explored, self.frames, self.known, places)
        return places

    def _start(self) -> dict[str, Any]:
        if self.origin is None:
            return {}
        from spielwerk.games.avalon.position import encode

        return {"position": encode(self, self.origin)}

    def _start_for(self, seat: int | None) -> dict[str, Any]:
        if self.origin is None:
            return {}
        from spielwerk.games.avalon.position import hide

        return {"position": hide(self._start()["position"], seat)}

    def settle(self) -> None:
        """Run the automatic steps a position may start with (a position at Dawn, say)."""
        self.choices = self.odds = self.mover = self.at = None
        flow.advance(self)

    def begin_here(self) -> None:
        """Make the present position the start of this state's record (positions and determinizations)."""
        self.origin = _FACTS_IN(self.__dict__)
        self._begin_here()

    # ----- small helpers the flow modules share ----------------------------------------------
    def hero(self, seat: int) -> Hero:
        """The character of `seat`."""
        return self.heroes[seat]

    def set_hero(self, seat: int, **changes: Any) -> None:
        """Change some fields of a seat's character."""
        heroes = list(self.heroes)
        values = list(heroes[seat])
        for name, value in changes.items():
            values[HERO_FIELDS[name]] = value
        heroes[seat] = tuple.__new__(Hero, values)
        self.heroes = tuple(heroes)

    def set_all(self, seats: Iterable[int], field: int, value: Any) -> None:
        """Change one field of several seats' characters, named by its place in the tuple, to `value`."""
        heroes = list(self.heroes)
        for seat in seats:
            values = list(heroes[seat])
            values[field] = value
            heroes[seat] = tuple.__new__(Hero, values)
        self.heroes = tuple(heroes)

    def set_each(self, seats: Iterable[int], changes: tuple[tuple[int, Any], ...]) -> None:
        """Change the same fields of several seats' characters, each named by its place in the tuple
        (HERO_FIELDS), to the same values."""
        heroes = list(self.heroes)
        for seat in seats:
            values = list(heroes[seat])
            for field, value in changes:
                values[field] = value
            heroes[seat] = tuple.__new__(Hero, values)
        self.heroes = tuple(heroes)

    def set_field(self, seat: int, field: int, value: Any) -> None:
        """Change one field of a seat's character, named by its place in the tuple (HERO_FIELDS)."""
        heroes = list(self.heroes)
        values = list(heroes[seat])
        values[field] = value
        heroes[seat] = tuple.__new__(Hero, values)
        self.heroes = tuple(heroes)

    def seat_of(self, number: int) -> int | None:
        """The seat playing character `number`, or None."""
        for seat, hero in enumerate(self.heroes):
            if hero.number == number:
                return seat
        return None

    def living(self) -> list[int]:
        """The seats whose characters are still in the game, in number order."""
        heroes = self.heroes
        if len(heroes) == 1:
            return [0] if heroes[0].fate == ALIVE else []
        living = []
        for seat, hero in enumerate(heroes):
            if hero.fate == ALIVE:
                living.append(seat)
        return living

    def menhir_dial(self, location: int) -> int | None:
        """The dial of the active menhir on `location` (0: no dial), or None if none is active there."""
        for place, dial in self.menhirs:
            if place == location:
                return dial
        return None

    def push(self, *frames: Frame) -> None:
        """Put frames on the stack; the last one given runs first."""
        self.frames = self.frames + frames

    def pop(self) -> Frame:
        """Take the top frame off the stack."""
        frames = self.frames
        self.frames = frames[:-1]
        return frames[-1]

    def replace(self, frame: Frame) -> None:
        """Put `frame` in place of the top frame."""
        self.frames = (*self.frames[:-1], frame)


def _slot(location: int) -> tuple[int, int] | None:
    if not location:
        return None
    place = CONTENT.locations[location]
    return place.column, place.row


def _start_hero(number: int, alone: bool) -> Hero:
    """Character `number` as a game starts with it, alone or not (made once: a hero is a value)."""
    hero = _START_HEROES.get((number, alone))
    if hero is None:
        from spielwerk.games.avalon.content import amounts

        lone = amounts(CONTENT.number("setup", "lone"), "numbers.toml setup.lone") if alone else ()
        extras = tuple((amount.kind, amount.n) for amount in lone)
        hero = _START_HEROES[number, alone] = new_hero(CONTENT.characters[number], CONTENT.start, extras)
    return hero


_START_HEROES: dict[tuple[int, bool], Hero] = {}
_NO_BACKS: tuple[str, ...] = ("",) * LOCATIONS
_NONE_AT: tuple[int, ...] = (0,) * LOCATIONS
_DECK_A = frozenset(CONTENT.first_segment)
_DECK_B = frozenset(CONTENT.events) - _DECK_A
_DREAMS = tuple(sorted(CONTENT.dreams))
"""The values a game starts from."""
