"""The Drachenfels state: turns of card play, refreshing or robbing, walks, duels and princesses.

A turn is a chain of actions of one seat (magic cards one by one, then a point card and what it
brings: a duel's loser to send away and cards to take, a crossed rainbow to move) with chance
nodes in between (cards drawn from the pile or taken at random from a hand). `phase` says what
the state waits for. Every fact is an immutable value, replaced on change, so an undo token is a
cheap snapshot of them all (FACTS).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import permutations
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Self

from spielwerk.core.chance import chance_draw
from spielwerk.core.errors import SpielwerkError
from spielwerk.core.narration import Told
from spielwerk.core.phased import PhasedState
from spielwerk.core.state import Action
from spielwerk.games.drachenfels import cards, choices, last, movegen
from spielwerk.games.drachenfels.board import BOARD, COLOURS
from spielwerk.games.drachenfels.cards import EMPTY, Hand
from spielwerk.games.drachenfels.last import Last
from spielwerk.games.drachenfels.notation import (
    Bridge,
    Dragon,
    Draw,
    Edge,
    Place,
    Princesses,
    Rainbow,
    Target,
    Walk,
)
from spielwerk.games.drachenfels.say import say
from spielwerk.games.drachenfels.walking import reachable

if TYPE_CHECKING:
    from spielwerk.games.drachenfels import Drachenfels
    from spielwerk.games.drachenfels.secrets import Dealing
    from spielwerk.games.drachenfels.walking import Walking

HIDE, LOT, DRAW, TURN, PLAY, TOP_CARD, ROB, PICK, SEND, LOOT, RAINBOW, OVER = (
    "hide",
    "lot",
    "draw",
    "turn",
    "play",
    "top",
    "rob",
    "pick",
    "send",
    "loot",
    "rainbow",
    "over",
)
DEAL = "deal"
"""`back` while the opening hands are dealt."""
CHANCE_PHASES = frozenset({HIDE, LOT, DRAW, PICK})
HAND_SIZE = 7
ROB_CARDS = 3
LOOT_CARDS = 2
ORDERS = tuple(permutations(range(len(COLOURS))))
"""Every way the four princesses can stand on the rock castles."""
FACTS = (
    "hands",
    "deck",
    "discard",
    "knights",
    "armour",
    "double",
    "dragons",
    "rainbows",
    "bridges",
    "princesses",
    "looked",
    "opened",
    "known",
    "seat",
    "phase",
    "draws",
    "victim",
    "takes",
    "back",
    "crossed",
    "played",
    "top",
    "winner",
    "turns",
    "last",
)
"""Every attribute that makes up a position; snapshots, positions and determinizations copy these."""
_FACTS_IN: Callable[[dict[str, Any]], tuple[Any, ...]] = itemgetter(*FACTS)
"""Every fact from a state's `__dict__` (a dict lookup each: attrgetter's way through the type costs
twice as much)."""


_HIDINGS = tuple((Princesses(order), 1 / len(ORDERS)) for order in ORDERS)
"""The chance outcomes of hiding the princesses."""


def _outcomes(verb: str, hand: Hand) -> list[tuple[Action, float]]:
    """The cards drawn (`verb` "draw") or taken (`pick`) at random from `hand`, with their chances (not
    kept: most hands come once, in play and in search alike)."""
    total = sum(hand)
    return [(card, count / total) for card, count in zip(_DRAWN[verb], hand, strict=True) if count]


_DRAWN = {verb: tuple(Draw(verb, kind) for kind in range(len(cards.KINDS))) for verb in ("draw", "pick")}
"""Every card drawn or taken, made once."""


_NOBODY: frozenset[int] = frozenset()
_SEATS = range(len(COLOURS))
_ALONE = tuple(frozenset({seat}) for seat in _SEATS)
_BOTH = tuple(tuple(frozenset({seat, other}) for other in _SEATS) for seat in _SEATS)
"""Who sees a card drawn (the drawer alone) or taken (the taker and the victim), made once."""
_MASKED = {HIDE: "princesses ?", DRAW: "draw ?"}


def _with(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


class DrachenfelsState(PhasedState):
    """A game of Drachenfels for 2–4 knights; seat i plays the knight of COLOURS[i]."""

    CHANCE_PHASES = CHANCE_PHASES
    OVER_PHASE = OVER

    game: Drachenfels

    def __init__(self, game: Drachenfels, players: int, seed: int) -> None:
        super().__init__(game, players, seed)
        self.max_turns: int = game.options["max_turns"]
        self.hands: tuple[Hand, ...] = (EMPTY,) * players
        self.deck: Hand = cards.deck_for(players)
        self.discard: tuple[int, ...] = ()
        """The face-up discard pile, the top card last."""
        self.knights: tuple[int, ...] = BOARD.starts[:players]
        self.armour: tuple[bool, ...] = (False,) * players
        self.double: tuple[bool, ...] = (False,) * players
        """Per seat: may walk the single or the double count (drachenfels.rock-castle)."""
        self.dragons: tuple[int, ...] = tuple(sorted(BOARD.rock_castles))
        self.rainbows: tuple[Edge, ...] = ()
        self.bridges: tuple[int, ...] = ()
        self.princesses: tuple[int, ...] = ()
        """Per rock castle, whose princess (a colour) stands there: shuffled in secret at the start."""
        self.looked: tuple[tuple[int, ...], ...] = ((),) * len(BOARD.rock_castles)
        """Per rock castle, the seats that have looked at its princess."""
        self.opened = False
        """Whether rainbows may end on rock castles (drachenfels.rainbow-open)."""
        self.known: tuple[tuple[Hand, ...], ...] = ((EMPTY,) * players,) * players
        """known[s][p]: cards seat s knows to be in p's hand (it saw them change hands)."""
        self.seat = 0
        self.phase = HIDE
        self.draws: tuple[int, ...] = ()
        """The seats still to receive a card from the pile, next first."""
        self.victim = -1
        self.takes = 0
        """Cards still to take at random (from anyone while robbing, from the loser after a duel)."""
        self.back = ""
        """The phase a card taken at random returns to."""
        self.crossed: tuple[Edge, ...] = ()
        """Rainbows crossed by the last walk: one may be moved for free."""
        self.played = 0
        self.top = -1
        """The kind taken from the discard pile and not yet used."""
        self.winner = -1
        self.turns = 0
        self.last: Last | None = None
        """The last turn that moved a piece, and what it moved (for pictures that mark it)."""
        self._legal: list[Action] | None = None
        self.walking: dict[int, Walking] | None = None
        """The walks of the seats asked about, kept until a piece, an armour or a double count changes
        (`walking.walking`)."""
        self.dealt: dict[int | None, Dealing] | None = None
        """What determinizations for the seats asked about deal, kept likewise (`secrets.Dealing`)."""
        self.origin: tuple[Any, ...] | None = None
        """The position this state started from, where it did not start from the lot (a determinization)."""

    # ----- the contract ----------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = choices.generate(self)
        return self._legal  # the base keeps it and hands out copies; a clone shares it

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        if phase == DRAW:
            return _outcomes("draw", self.deck)
        if phase == PICK:
            return _outcomes("pick", self.hands[self.victim])
        if phase == HIDE:
            return list(_HIDINGS)
        if phase == LOT:
            return [(Draw("first", seat), 1 / self.players) for seat in range(self.players)]
        return super().chance_outcomes()

    def resolve_chance(self) -> Action:
        """`State.resolve_chance`: the same outcome from the same stream; a card drawn or taken is picked
        from the counts of the hand at once (half the steps of random play draw a card)."""
        phase = self.phase
        if self._ending is not None or (phase != DRAW and phase != PICK):
            return super().resolve_chance()
        if phase == DRAW:
            hand, drawn = self.deck, _DRAWN["draw"]
        else:
            hand, drawn = self.hands[self.victim], _DRAWN["pick"]
        total = sum(hand)
        outcomes = [(drawn[kind], count / total) for kind, count in enumerate(hand) if count]
        outcome = chance_draw(self.seed, self._chance_events, outcomes)
        self._push(outcome)
        return outcome

    def _parse(self, text: str) -> Action:
        from spielwerk.games.drachenfels.diagnose import read

        return read(self, text)

    def _returns(self) -> list[float]:
        if not self.is_over:
            raise SpielwerkError(say("error.not-over"))
        if self.winner < 0:
            return [1 / self.players] * self.players
        return [1.0 if seat == self.winner else 0.0 for seat in range(self.players)]

    def _view(self, seat: int | None) -> dict[str, Any]:
        from spielwerk.games.drachenfels.view import view

        return view(self, seat)

    def determinize(self, seat: int | None, rng: Any) -> Self:
        from spielwerk.games.drachenfels.secrets import determinize

        return determinize(self, seat, rng)

    def _witnesses(self, action: Action) -> frozenset[int] | None:
        phase = self.phase
        if phase == DRAW:
            return _ALONE[self.draws[0]]
        if phase == PICK:
            return _BOTH[self.seat][self.victim]
        if phase == HIDE:
            return _NOBODY
        return None

    def texts_for(self, actions: Iterable[Action], seat: int | None) -> list[str]:
        """`text_for` of each action: outside chance every seat sees every action as it is."""
        if self.phase in CHANCE_PHASES:
            return [self.text_for(action, seat) for action in actions]
        return list(map(str, actions))

    def _masked_text(self, action: Action) -> str:
        return _MASKED.get(self.phase, "pick ?")

    def _tell(self, before: Self, action: Action) -> Told:
        from spielwerk.games.drachenfels.narrate import tell

        return tell(before, self, action)

    def _start(self) -> dict[str, Any]:
        if self.origin is None:
            return {}
        from spielwerk.games.drachenfels.position import encode

        return {"position": encode(self, self.origin)}

    def _start_for(self, seat: int | None) -> dict[str, Any]:
        if self.origin is None:
            return {}
        from spielwerk.games.drachenfels.position import encode_for

        return {"position": encode_for(self, self.origin, seat)}

    def colour(self, seat: int) -> str:
        """The colour of `seat`'s knight."""
        return COLOURS[seat]

    # ----- snapshots -------------------------------------------------------------------
    def facts(self) -> tuple[Any, ...]:
        """Every fact of the position, in FACTS order."""
        return _FACTS_IN(self.__dict__)

    def set_facts(self, values: tuple[Any, ...]) -> None:
        """Put back a position taken by `facts`."""
        self.__dict__.update(zip(FACTS, values, strict=True))
        self._legal = self.walking = self.dealt = None

    def begin_here(self) -> None:
        """Make this position the start of the state (for determinized worlds): no history before it."""
        self._begin_here()
        self._legal = None
        self.origin = self.facts()

    def _undo(self, token: Any) -> None:
        self.set_facts(token)

    def _copy(self) -> Self:
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        return copy

    # ----- changes ---------------------------------------------------------------------
    def _do(self, action: Action) -> Any:
        token = _FACTS_IN(self.__dict__)
        self._legal = self.dealt = None
        if type(action) is Draw:  # most actions are cards drawn: they move no piece (the walks stay)
            self._draw(action)
            return token
        seat, turn, before = self.seat, self.turns, (self.knights, self.dragons, self.bridges, self.rainbows)
        knights, dragons, bridges, rainbows = before
        armour, double = self.armour, self.double
        self._play(action)  # a walk finds the rainbows it crosses among the walks kept
        if (self.knights is not knights or self.dragons is not dragons or self.bridges is not bridges
                or self.rainbows is not rainbows) and last.pieces(self) != before:  # a piece is replaced
            self.walking = None
            self.last = last.added(self.last, seat, turn, last.moved(before, self))
        elif self.armour is not armour or self.double is not double:
            self.walking = None
        return token

    def _play(self, action: Action) -> None:
        if isinstance(action, Princesses):
            self.princesses, self.phase = action.order, LOT
        elif isinstance(action, Draw):
            self._draw(action)
        elif isinstance(action, Walk):
            self._spend(action.value - 1)
            self._walk(action)
        elif isinstance(action, Rainbow):
            if self.phase == RAINBOW:
                self._move_rainbow(action)
                self._end_turn()
            else:
                self._spend(cards.RAINBOW)
                self._move_rainbow(action)
                self._go_on()
        elif isinstance(action, Bridge):
            self._spend(cards.BRIDGE)
            self.bridges = tuple(sorted({*self.bridges, action.new} - {action.old, -1}))
            self._go_on()
        elif isinstance(action, Dragon):
            self._spend(cards.DRAGON)
            self.dragons = tuple(
                sorted(
                    [
                        *self.dragons[: self.dragons.index(action.start)],
                        *self.dragons[self.dragons.index(action.start) + 1 :],
                        action.end,
                    ]
                )
            )
            self._go_on()
        elif isinstance(action, Target):
            self._target(action)
        elif isinstance(action, Place):
            self._place(action)
        else:
            self._word(str(action))

    def _draw(self, draw: Draw) -> None:
        if draw.verb == "first":
            self.seat, self.back, self.phase = draw.value, DEAL, DRAW
            self.draws = tuple(seat for seat in range(self.players) for _ in range(HAND_SIZE))
            return
        if draw.verb == "pick":
            self._take(draw.value)
            return
        receiver = self.draws[0]
        self.deck = cards.add(self.deck, draw.value, -1)
        self.hands = _with(self.hands, receiver, cards.add(self.hands[receiver], draw.value))
        self.draws = self.draws[1:]
        if self.draws:
            return
        if self.back == DEAL:
            self.back, self.phase = "", TURN
        else:
            self._end_turn()

    def _spend(self, kind: int) -> None:
        """The card of `kind` leaves the hand (or the discard top) and is played face up."""
        if self.top >= 0:
            self.top = -1
            return
        seat = self.seat
        self.hands = _with(self.hands, seat, cards.add(self.hands[seat], kind, -1))
        if any(row[seat][kind] for row in self.known):  # some seat knew of such a card in the hand
            self.known = tuple(
                _with(row, seat, cards.without(row[seat], kind)) if other != seat else row
                for other, row in enumerate(self.known)
            )
        self.discard = (*self.discard, kind)
        self.played += 1

    def _go_on(self) -> None:
        """After a magic card: play on, unless the game is won or the hand is empty."""
        if self.phase == OVER:
            return
        if cards.size(self.hands[self.seat]):
            self.phase = PLAY
        else:
            self._end_turn()

    def _move_rainbow(self, action: Rainbow) -> None:
        rainbows = [edge for edge in self.rainbows if edge != action.old]
        if action.new is not None:
            rainbows.append(action.new)
        self.rainbows = tuple(sorted(rainbows))

    def _walk(self, walk: Walk) -> None:
        seat, end = self.seat, walk.end
        crossed = reachable(self, seat, walk.value)[end]
        self.knights = _with(self.knights, seat, end)
        self._arrive(seat, end)
        if self.phase == OVER:
            return
        self.crossed = tuple(sorted(crossed))
        rival = next(
            (other for other, field in enumerate(self.knights) if field == end and other != seat), -1
        )
        if rival >= 0 and end != BOARD.castle:
            self.victim, self.phase = rival, SEND
        else:
            self._follow_up()

    def _arrive(self, seat: int, field: int) -> None:
        """A knight arrives by its own card: armour at the castle, a look at a rock castle."""
        if field == BOARD.castle:
            self.armour = _with(self.armour, seat, True)
        elif field in movegen.ROCK_CASTLES and self.armour[seat]:
            castle = BOARD.rock_castles.index(field)
            if seat not in self.looked[castle]:
                self.looked = _with(self.looked, castle, tuple(sorted((*self.looked[castle], seat))))
            if self.princesses[castle] == seat:
                self.winner, self.phase = seat, OVER
                return
            self.double = _with(self.double, seat, True)
            self.opened = True

    def _loot_over(self) -> None:
        """The duel's winner has taken what it may or will: on to the free rainbow move."""
        self.victim, self.takes, self.back = -1, 0, ""
        self._follow_up()

    def _follow_up(self) -> None:
        """After a walk and its duel: the free rainbow move, else the turn ends."""
        if self.crossed:
            self.phase = RAINBOW
        else:
            self._end_turn()

    def _target(self, action: Target) -> None:
        seat, other = self.seat, action.seat
        if action.verb == "teletransfer":
            self._spend(cards.TELETRANSFER)
            mine, theirs = self.knights[seat], self.knights[other]
            self.knights = _with(_with(self.knights, seat, theirs), other, mine)
            if mine == BOARD.castle:
                self.armour = _with(self.armour, other, True)
            self._arrive(seat, theirs)
            self._go_on()
            return
        if self.phase == TURN:
            self.takes, self.back = ROB_CARDS, ROB
        self.victim, self.phase = other, PICK

    def _take(self, kind: int) -> None:
        """A card taken at random from the victim's hand goes to the seat to move."""
        seat, victim = self.seat, self.victim
        self.hands = _with(
            _with(self.hands, victim, cards.add(self.hands[victim], kind, -1)),
            seat,
            cards.add(self.hands[seat], kind),
        )
        known = []
        for watcher, row in enumerate(self.known):
            if watcher == seat:
                row = _with(row, victim, cards.without(row[victim], kind))
            elif watcher == victim:
                row = _with(row, seat, cards.add(row[seat], kind))
            else:
                row = _with(row, victim, EMPTY)
            known.append(row)
        self.known = tuple(known)
        self.takes -= 1
        if self.back == ROB:
            self.victim = -1
            more = self.takes and any(any(hand) for other, hand in enumerate(self.hands) if other != seat)
            self.phase = ROB
            if not more:
                self._end_turn()
        elif self.takes and cards.size(self.hands[victim]):
            self.phase = LOOT
        else:
            self._loot_over()

    def _place(self, action: Place) -> None:
        self.knights = _with(self.knights, action.seat, action.field)
        if action.verb == "cloud":
            self._spend(cards.CLOUD)
            self._go_on()
        elif cards.size(self.hands[action.seat]):
            self.takes, self.back, self.phase = LOOT_CARDS, LOOT, LOOT
        else:
            self._loot_over()

    def _word(self, word: str) -> None:
        if word == "refresh":
            self._refresh()
        elif word == "top":
            self.top = self.discard[-1]
            self.phase = TOP_CARD
        elif word == "stop":
            if self.phase == LOOT:
                self._loot_over()
            else:
                self._end_turn()
        else:  # end, keep
            self._end_turn()

    def _refresh(self) -> None:
        seat = self.seat
        self.deck = cards.plus(self.deck, self.hands[seat])
        self.hands = _with(self.hands, seat, EMPTY)
        self.known = tuple(_with(row, seat, EMPTY) for row in self.known)
        if cards.size(self.deck) <= HAND_SIZE:
            self.deck = cards.plus(self.deck, cards.of(self.discard))
            self.discard = ()
        count = min(HAND_SIZE, cards.size(self.deck))
        self.draws = (seat,) * count
        self.phase = DRAW
        if not count:
            self._end_turn()

    def _end_turn(self) -> None:
        self.seat = (self.seat + 1) % self.players
        self.phase = TURN
        self.victim, self.takes, self.back, self.crossed, self.played, self.top = -1, 0, "", (), 0, -1
        self.turns += 1
        if self.turns >= self.max_turns * self.players:
            self.phase = OVER
