"""The Grani state: turns, moves, dragon fights, attacks, the ring, stones and seals.

A turn is a chain of actions of one seat (the move, then any decisions it brings) with chance
nodes in between (a dragon card, then the die). `phase` says what the state waits for.
Per-seat facts are tuples, replaced on change, so an undo token is a cheap snapshot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self, cast

from spielwerk.core.errors import SpielwerkError
from spielwerk.core.message import Message
from spielwerk.core.narration import Told
from spielwerk.core.phased import PhasedState
from spielwerk.core.state import Action
from spielwerk.games.grani import movegen
from spielwerk.games.grani.board import BOARD
from spielwerk.games.grani.names import cities, knight, together
from spielwerk.games.grani.notation import (
    CARD_COUNTS,
    COLOURS,
    DIE,
    PASS,
    REST,
    STAY,
    Draw,
    Move,
    MoveText,
    Place,
    parse,
)
from spielwerk.games.grani.say import say

if TYPE_CHECKING:
    from spielwerk.games.grani import Grani

LOT, MOVE, CARD, ROLL, BONUS, EXILE, RING, BLOCK, LIFT, SHIFT, OVER = (
    "lot", "move", "card", "roll", "bonus", "exile", "ring", "block", "lift", "shift", "over"
)
CHANCE_PHASES = frozenset({LOT, CARD, ROLL})
STONES = 16
AMULETS = 3
FULL_DECK = tuple(CARD_COUNTS.get(value, 0) for value in range(7))
"""Cards left in the deck per strength 0..6."""




_KIND = BOARD.kind
_ROLLS = tuple((Draw("roll", v), 1 / len(DIE)) for v in DIE)
_CARDS: dict[tuple[int, ...], tuple[tuple[Action, float], ...]] = {}
"""The chance outcomes of a roll, and of a card drawn per deck (each deck's, kept once asked)."""


def _with(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    changed = list(values)
    changed[index] = value
    return tuple(changed)


class GraniState(PhasedState):
    """A game of Grani for 3–6 knights; seat i plays the knight of COLOURS[i]."""

    CHANCE_PHASES = CHANCE_PHASES
    OVER_PHASE = OVER

    game: Grani

    def __init__(self, game: Grani, players: int, seed: int, position: str | None = None) -> None:
        super().__init__(game, players, seed)
        self.seals_to_win: int = game.options["seals_to_win"]
        self.max_turns: int = game.options["max_turns"]
        self.at: tuple[int, ...] = (BOARD.start,) * players
        self.amulets: tuple[int, ...] = (AMULETS,) * players
        self.shackled: tuple[bool, ...] = (False,) * players
        self.seals: tuple[int, ...] = (0,) * players
        """Per seat, a mask of the kingdoms whose seal it holds."""
        self.ring = BOARD.ring_start
        """The ring's point, or -1 while a knight carries it or is about to put it down."""
        self.bearer = -1
        self.obstacles = 0
        self.stones = STONES
        """Obstacle stones still in the supply."""
        self.lifted = -1
        """The point an obstacle was lifted from by the sword, until it is put down again."""
        self.deck: tuple[int, ...] = FULL_DECK
        self.discard: tuple[int, ...] = (0,) * 7
        self.card = -1
        """The dragon card turned up for the fight in progress (-1: none)."""
        self.last_fight: tuple[int, int] | None = None
        """The card and the roll of the last dragon fight."""
        self.victim = -1
        """The attacked knight waiting to be banished."""
        self.seat = 0
        self.phase = LOT
        self.turns = 0
        """Turns completed since the first player began."""
        self.first = -1
        self.result: tuple[float, ...] | None = None
        self.end_rule = ""
        self.start_position = position
        if position is not None:
            from spielwerk.games.grani.position import apply_position

            apply_position(self, position)

    # ----- the contract ----------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        phase, seat = self.phase, self.seat
        if phase == MOVE:
            if self.shackled[seat]:
                return [REST]
            moves = cast("list[Action]", movegen.knight_moves(self, seat, bonus=False))  # a new list
            return moves or [PASS]
        if phase == BONUS:
            return [*movegen.knight_moves(self, seat, bonus=True), STAY]
        if phase in CHANCE_PHASES:
            return [action for action, _ in self.chance_outcomes()]
        if phase == EXILE:
            return list(movegen.exile_spots(self))
        if phase == RING:
            return list(movegen.ring_spots(self, BOARD.kingdom[self.at[seat]]))
        if phase in (BLOCK, SHIFT):
            return list(movegen.stone_spots(self))
        if phase == LIFT:
            return list(movegen.lift_spots(self))
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        if phase == ROLL:
            return list(_ROLLS)
        if phase == CARD:
            found = _CARDS.get(self.deck)
            if found is None:
                total = sum(self.deck)
                found = _CARDS[self.deck] = tuple(
                    (Draw("card", v), n / total) for v, n in enumerate(self.deck) if n
                )
            return list(found)
        if phase == LOT:
            return [(Draw("first", seat), 1 / self.players) for seat in range(self.players)]
        raise SpielwerkError(say("chance.not-here"))

    def _parse(self, text: str) -> Action:
        from spielwerk.games.grani.diagnose import explain_illegal, match_move

        parsed = parse(text)
        if isinstance(parsed, MoveText):
            return match_move(self, parsed)
        if parsed in self._legal_set():
            return parsed
        raise explain_illegal(self, parsed)

    def _returns(self) -> list[float]:
        if self.result is None:
            raise SpielwerkError(say("error.not-over"))
        return list(self.result)

    def _view(self, seat: int | None) -> dict[str, Any]:
        from spielwerk.games.grani.view import describe

        return describe(self, seat)

    def _tell(self, before: Self, action: Action) -> Told:
        from spielwerk.games.grani.narrate import tell

        return tell(before, self, action)

    def _start(self) -> dict[str, Any]:
        return {} if self.start_position is None else {"position": self.start_position}

    # ----- Grani questions -------------------------------------------------------------------
    def colour(self, seat: int) -> str:
        """The colour of a seat's knight."""
        return COLOURS[seat]

    def seal_count(self, seat: int) -> int:
        """How many different cities' seals a seat holds."""
        return self.seals[seat].bit_count()

    # ----- changing the state ------------------------------------------------------------------
    def _undo(self, token: Any) -> None:
        (
            self.seat, self.phase, self.at, self.amulets, self.shackled, self.seals, self.ring, self.bearer,
            self.obstacles, self.stones, self.lifted, self.deck, self.discard, self.card, self.last_fight,
            self.victim, self.turns, self.first, self.result, self.end_rule,
        ) = token

    def _copy(self) -> Self:
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        return copy

    def _do(self, action: Action) -> Any:
        # every fact of the position, in the order `_undo` puts them back (read one by one, here: an
        # attrgetter, or a method of its own, costs several times as much)
        token = (
            self.seat, self.phase, self.at, self.amulets, self.shackled, self.seals, self.ring, self.bearer,
            self.obstacles, self.stones, self.lifted, self.deck, self.discard, self.card, self.last_fight,
            self.victim, self.turns, self.first, self.result, self.end_rule,
        )
        phase = self.phase
        if isinstance(action, Move):
            self._travel(action)
        elif isinstance(action, Draw):
            self._draw(action)
        elif isinstance(action, Place):
            self._place(action)
        elif action in (STAY, PASS):
            self._end_turn()
        elif action == REST:
            self.shackled = _with(self.shackled, self.seat, False)
            self._end_turn()
        else:
            raise SpielwerkError(say("error.not-grani", action=repr(action), phase=phase))
        return token

    def _draw(self, draw: Draw) -> None:
        if draw.verb == "first":
            self.seat = self.first = draw.value
            self.phase = MOVE
        elif draw.verb == "card":
            self.deck = _with(self.deck, draw.value, self.deck[draw.value] - 1)
            self.card = draw.value
            self.phase = ROLL
        else:
            self._fight(draw.value)

    def _travel(self, step: Move) -> None:
        seat, end, at = self.seat, step.end, self.at
        ring = self.ring
        if ring >= 0 and (ring == end or ring == step.via):
            self.bearer, self.ring = seat, -1
        victim = -1
        if end in at:
            for other, point in enumerate(at):
                if point == end and other != seat:
                    victim = other
                    break
        self.at = _with(at, seat, end)
        if victim >= 0:
            self.amulets = _with(self.amulets, seat, self.amulets[seat] - 1)
            if self.bearer == victim:
                self.bearer = seat
            self.victim = victim
            self.phase = EXILE
            return
        self._arrive(end)

    def _place(self, choice: Place) -> None:
        bit = 1 << choice.point
        if choice.verb == "exile":
            victim = self.victim
            self.at = _with(self.at, victim, choice.point)
            self.shackled = _with(self.shackled, victim, False)
            self.victim = -1
            self._arrive(self.at[self.seat])
        elif choice.verb == "ring":
            self.ring = choice.point
            self._end_turn()
        elif choice.verb == "lift":
            self.obstacles &= ~bit
            self.lifted = choice.point
            self.phase = SHIFT
        else:  # block: a stone from the supply (magic stone) or the lifted one (sword)
            self.obstacles |= bit
            if self.phase == SHIFT:
                self.lifted = -1
            else:
                self.stones -= 1
            self._end_turn()

    def _arrive(self, point: int) -> None:
        """The effect of the point the knight stopped on (rules grani.city.*, magic-stone, sword, dragon)."""
        seat = self.seat
        kind = _KIND[point]
        if kind == "city":
            if self.bearer == seat:
                self._deliver(point)
            else:
                self.amulets = _with(self.amulets, seat, min(AMULETS, self.amulets[seat] + 1))
                self._end_turn()
        elif kind == "magic" and self.stones and movegen.has_stone_spot(self):
            self.phase = BLOCK
        elif kind == "sword" and movegen.has_lift_spot(self):
            self.phase = LIFT
        elif kind == "dragon":
            if not any(self.deck):
                self.deck, self.discard = self.discard, (0,) * 7
            self.phase = CARD
        else:
            self._end_turn()

    def _deliver(self, city: int) -> None:
        seat = self.seat
        self.seals = _with(self.seals, seat, self.seals[seat] | 1 << BOARD.kingdom[city])
        self.amulets = _with(self.amulets, seat, min(AMULETS, self.amulets[seat] + 2))
        self.bearer = -1
        if self.seal_count(seat) >= self.seals_to_win:
            self.result = tuple(1.0 if s == seat else 0.0 for s in range(self.players))
            self.end_rule = "grani.win"
            self.phase = OVER
            return
        self._put_ring_down()

    def _fight(self, roll: int) -> None:
        seat, card = self.seat, self.card
        self.discard = _with(self.discard, card, self.discard[card] + 1)
        self.last_fight = (card, roll)
        self.card = -1
        if roll >= card:
            self.phase = BONUS
            return
        self.amulets = _with(self.amulets, seat, self.amulets[seat] - 1)
        self.shackled = _with(self.shackled, seat, True)
        if self.bearer == seat:
            self.bearer = -1
            self._put_ring_down()
        else:
            self._end_turn()

    def _put_ring_down(self) -> None:
        """The knight now holds the ring in hand and must put it in another kingdom."""
        self.phase = RING
        if not movegen.ring_spots(self, BOARD.kingdom[self.at[self.seat]]):
            self.ring = BOARD.ring_start  # unreachable on any sane board: nowhere else is free
            self._end_turn()

    def _end_turn(self) -> None:
        turns = self.turns = self.turns + 1
        if turns >= self.max_turns * self.players:
            best = max(self.seal_count(s) for s in range(self.players))
            winners = [s for s in range(self.players) if self.seal_count(s) == best]
            self.result = tuple(1 / len(winners) if s in winners else 0.0 for s in range(self.players))
            self.end_rule = "grani.draw"
            self.phase = OVER
            return
        seat = self.seat + 1
        self.seat = seat if seat < self.players else 0
        self.phase = MOVE

    def end_message(self) -> Message | None:
        """Why the game ended, as a `Message` (None while it goes on)."""
        if self.result is None:
            return None
        winners = [knight(s) for s, value in enumerate(self.result) if value > 0]
        if self.end_rule == "grani.win":
            return say("end.win", winner=winners[0], cities=cities(self.seals[self.seat]))
        return say("end.draw", names=together(winners))

    def describe_end(self) -> str:
        """Why the game ended, in English words ("" while it goes on)."""
        message = self.end_message()
        return "" if message is None else str(message)
