"""The Gygès state: set-up, moves, the King's game, and how a game ends."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, Self

from spielwerk.core.catalogue import say as core_say
from spielwerk.core.chance import CHANCE
from spielwerk.core.errors import IllegalAction, SpielwerkError
from spielwerk.core.message import Message
from spielwerk.core.narration import Told
from spielwerk.core.state import GAME_OVER_RULE, Action, State
from spielwerk.games.gyges import notation
from spielwerk.games.gyges.board import CELLS, NORTH_THRONE, SIZE, SOUTH_THRONE
from spielwerk.games.gyges.diagnose import explain_illegal
from spielwerk.games.gyges.fast import compiled
from spielwerk.games.gyges.movegen import RingMoves, generate, put_mask
from spielwerk.games.gyges.notation import NORTH, PASS, SOUTH, Move, Setup, move, moves_from_to
from spielwerk.games.gyges.path import Way, move_way
from spielwerk.games.gyges.say import say, side_name

if TYPE_CHECKING:
    from spielwerk.games.gyges import Gyges

SETUP, PLAY, THRONE_PUT, OVER = "setup", "play", "throne", "over"
PositionKey = tuple[bytes, int, tuple[int, int]]
THRONE_OF = (SOUTH_THRONE, NORTH_THRONE)
ARRANGEMENTS = tuple(sorted({"".join(p) for p in itertools.permutations(notation.SETUP_RINGS)}))
"""All 90 ways to arrange two rings of each height on a start rank."""


class GygesState(State):
    """A game of Gygès; seat 0 is South, seat 1 North."""

    game: Gyges

    def __init__(self, game: Gyges, seed: int, position: str | None = None) -> None:
        super().__init__(game, 2, seed)
        options = game.options
        self.replacement: bool = options["replacement"]
        self.strict: bool = options["replace_rule"] == "strict"
        self.max_plies: int | None = options["max_plies"]
        self.captures_needed: tuple[int, int] = game.captures_needed
        self.heights = [0] * CELLS
        self.occupied = 0
        self.side = SOUTH
        self.phase = PLAY
        self.captures = (0, 0)
        self.throne_ring = 0  # height of the ring waiting on a throne in the King's game
        self.passes = 0
        self.plies = 0
        self.result: tuple[float, float] | None = None
        self.end_rule = ""
        self.end_message: Message | None = None
        self.seen: dict[PositionKey, int] = {}
        self._counted: PositionKey | None = None
        self.random_setup = options["setup"] == "random"
        self._moves: tuple[int, list[RingMoves]] | None = None
        self.start_position = position
        if position is not None:
            heights, side = notation.parse_position(position)
            self._set_board(heights)
            self.side = side
            self._enter_play()
        elif options["setup"] in ("choose", "random"):
            self.phase = SETUP
        else:
            south, north = options["setup"].split(",")
            self._arrange(SOUTH, south)
            self._arrange(NORTH, north)
            self._enter_play()

    # ----- the contract ----------------------------------------------------------------
    @property
    def to_move(self) -> int:
        if self.phase == SETUP and self.random_setup:
            return CHANCE
        return self.side

    @property
    def _game_over(self) -> bool:
        return self.phase == OVER

    def _legal_actions(self) -> list[Action]:
        if self.phase == PLAY:
            fast = compiled()
            if fast is not None:
                return fast.legal_actions(*self._board())
            rank, groups = self._generated()
            if rank < 0:
                return [PASS]
            return _expand(groups, self.side)
        if self.phase == SETUP:
            return [Setup(text) for text in ARRANGEMENTS]
        if self.phase == THRONE_PUT:
            throne = THRONE_OF[self.side]
            return [move(throne, cell) for cell in _cells(self._throne_put_mask())]
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if not self.is_chance:
            raise SpielwerkError(say("state.not-chance"))
        return [(Setup(text), 1 / len(ARRANGEMENTS)) for text in ARRANGEMENTS]

    def _parse(self, text: str) -> Action:
        """The legal action `text` denotes; another spelling of a listed move's result gives that move."""
        action = notation.parse_action(text)
        if self.ending is not None:
            raise IllegalAction(core_say("game.over"), rule=GAME_OVER_RULE)
        if self._is_board_move(action):
            assert isinstance(action, Move)
            group = self._group_of(action.start)
            if group is not None:
                if _group_has(group, action, self.side):
                    return action
                canonical = _canonical(group, action)
                if canonical is not None:
                    return canonical
        elif action in self._legal_set():
            return action
        raise explain_illegal(self, action)

    def _action_form(self, action: Action) -> Action:
        """A board move is found among its ring's generated moves, without the set of every legal
        action (half the time of a random playout went to building that set)."""
        if isinstance(action, Move) and _whole_numbers(action) and self._is_board_move(action):
            group = self._group_of(action.start)
            if group is not None and _group_has(group, action, self.side):
                return action
        return super()._action_form(action)

    def _is_board_move(self, action: Action) -> bool:
        playing = self.phase == PLAY and self.ending is None
        return playing and isinstance(action, Move) and action.start < CELLS

    def _group_of(self, start: int) -> RingMoves | None:
        return next((g for g in self._generated()[1] if g.start == start), None)

    def _returns(self) -> list[float]:
        if self.result is None:
            raise SpielwerkError(say("state.not-over"))
        return list(self.result)

    def _view(self, seat: int | None) -> dict[str, Any]:
        from spielwerk.games.gyges.view import describe

        return describe(self, seat)

    def _tell(self, before: Self, action: Action) -> Told:
        from spielwerk.games.gyges.narrate import tell

        return tell(before, self, action)

    # ----- Gygès-specific questions -------------------------------------------------------
    def position(self) -> str:
        """The position text of the board and the side to move."""
        return notation.format_position(self.heights, self.side)

    def movable_rank(self) -> int | None:
        """The rank (1..6) whose rings may move now, or None outside normal play or with no move."""
        if self.phase != PLAY:
            return None
        rank, _ = self._generated()
        return rank + 1 if rank >= 0 else None

    def repetitions(self) -> int:
        """How often the position on the board, with this side to move, has occurred so far (this time
        included; a third time draws, `gyges.draw.repetition`); 0 outside normal play."""
        return self.seen.get(self._position_key(), 0) if self.phase == PLAY else 0

    def move_count(self) -> int:
        """How many legal actions there are, without building them (fast for search and benchmarks)."""
        if self.phase == PLAY:
            fast = compiled()
            if fast is not None:
                return fast.move_count(*self._board()) or 1
            rank, groups = self._generated()
            return sum(g.total() for g in groups) if rank >= 0 else 1
        return len(self.legal_actions())

    def last_way(self) -> tuple[Move, Way, int] | None:
        """The last move, the way its ring went, and the ring's height; None where the last action
        moved no ring."""
        index = len(self._history) - (2 if self.ending is not None else 1)
        action = self._history[index] if index >= 0 else None
        if not isinstance(action, Move):
            return None
        before = self._undo_tokens[index][0]  # the snapshot `_do` took: heights first, side third
        heights, side, throne_ring = before[0], before[2], before[5]
        height = throne_ring if action.start >= CELLS else heights[action.start]
        return action, move_way(heights, side, action), height

    def ring_moves(self) -> list[RingMoves]:
        """The movable rings' moves as sets (empty outside normal play)."""
        return self._generated()[1] if self.phase == PLAY else []

    # ----- applying actions ---------------------------------------------------------------
    def _do(self, action: Action) -> Any:
        snapshot = (
            list(self.heights), self.occupied, self.side, self.phase, self.captures,
            self.throne_ring, self.passes, self.plies, self.result, self.end_rule, self.end_message,
            self._moves,
        )
        self._counted = None
        self._moves = None
        self._play(action)
        return snapshot, self._counted

    def _play(self, action: Action) -> None:
        if self.phase == SETUP:
            assert isinstance(action, Setup)
            self._arrange(self.side, action.heights)
            if self.side == SOUTH:
                self.side = NORTH
            else:
                self.side = SOUTH
                self._enter_play()
            return
        if self.phase == THRONE_PUT:
            assert isinstance(action, Move)
            self._place(action.end, self.throne_ring)
            self.throne_ring = 0
            self.phase = PLAY
            self._count_position()
            return
        self.plies += 1
        if isinstance(action, Move):
            self.passes = 0
            self._move(action)
        else:
            self.passes += 1
            self.side = 1 - self.side
            if self.passes >= 2:
                self._finish((0.5, 0.5), "gyges.no-move", _drawn("end.why.no-move"))
        if self.phase == PLAY:
            self._count_position()
        # the limit holds after a King's game capture too: the put that follows is no ply
        if self.phase != OVER and self.max_plies is not None and self.plies >= self.max_plies:
            limit = _drawn("end.why.ply-limit", count=self.max_plies)
            self._finish((0.5, 0.5), "gyges.draw.repetition", limit)

    def _undo(self, token: Any) -> None:
        snapshot, counted = token
        if counted is not None:
            count = self.seen[counted] - 1
            if count:
                self.seen[counted] = count
            else:
                del self.seen[counted]
        (heights, self.occupied, self.side, self.phase, self.captures,
         self.throne_ring, self.passes, self.plies, self.result, self.end_rule, self.end_message,
         self._moves) = snapshot
        self.heights = list(heights)

    def _copy(self) -> Self:
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)
        copy.heights = list(self.heights)
        copy.seen = dict(self.seen)
        return copy

    def _start(self) -> dict[str, Any]:
        return {"position": self.start_position} if self.start_position is not None else {}

    # ----- helpers ------------------------------------------------------------------------
    def _generated(self) -> tuple[int, list[RingMoves]]:
        if self._moves is None:
            self._moves = generate(*self._board())
        return self._moves

    def _board(self) -> tuple[list[int], int, int, bool, bool]:
        """What a move generator reads: heights, occupied cells, side to move and the put rules."""
        return self.heights, self.occupied, self.side, self.replacement, self.strict

    def _throne_put_mask(self) -> int:
        cells = put_mask(self.occupied, 1 - self.side, self.strict)
        return cells or (((1 << CELLS) - 1) & ~self.occupied)  # ruling: if no cell is allowed, any empty cell

    def _set_board(self, heights: list[int]) -> None:
        self.heights = list(heights)
        self.occupied = sum(1 << cell for cell, h in enumerate(heights) if h)

    def _arrange(self, side: int, text: str) -> None:
        first = 0 if side == SOUTH else CELLS - SIZE
        for file, char in enumerate(text):
            self._place(first + file, int(char))

    def _place(self, cell: int, height: int) -> None:
        self.heights[cell] = height
        self.occupied |= 1 << cell

    def _move(self, action: Move) -> None:
        height = self.heights[action.start]
        self.heights[action.start] = 0
        self.occupied &= ~(1 << action.start)
        mover = self.side
        self.side = 1 - mover
        if action.end >= CELLS:
            self._capture(mover, height)
            return
        if action.drop >= 0:
            self._place(action.drop, self.heights[action.end])
        self._place(action.end, height)

    def _capture(self, mover: int, height: int) -> None:
        captures = list(self.captures)
        captures[mover] += 1
        self.captures = (captures[0], captures[1])
        if captures[mover] >= self.captures_needed[mover]:
            self._finish((1.0, 0.0) if mover == SOUTH else (0.0, 1.0), "gyges.win",
                         say("end.win", seat=side_name(mover)))
        else:
            self.throne_ring = height
            self.phase = THRONE_PUT

    def _finish(self, result: tuple[float, float], rule: str, reason: Message) -> None:
        self.result = result
        self.end_rule = rule
        self.end_message = reason
        self.phase = OVER

    def _enter_play(self) -> None:
        self.phase = PLAY
        self._count_position()

    def _position_key(self) -> PositionKey:
        return bytes(self.heights), self.side, self.captures

    def _count_position(self) -> None:
        key = self._position_key()
        count = self.seen.get(key, 0) + 1
        self.seen[key] = count
        self._counted = key
        if count >= 3:
            self._finish((0.5, 0.5), "gyges.draw.repetition", _drawn("end.why.repetition"))

    def describe_end(self) -> str:
        """Why the game ended by the rules, in English ('' while it goes on)."""
        return "" if self.end_message is None else str(self.end_message)


def _drawn(why: str, **args: Any) -> Message:
    """"drawn: …" with the reason `why` (a key of the catalogue)."""
    return say("end.drawn", why=say(why, **args))


def _cells(mask: int) -> list[int]:
    cells = []
    while mask:
        bit = mask & -mask
        mask ^= bit
        cells.append(bit.bit_length() - 1)
    return cells


def _whole_numbers(action: Move) -> bool:
    """True where a move's cells are plain ints in range (a value built by hand may hold anything)."""
    plain = type(action.start) is int and type(action.end) is int and type(action.drop) is int
    return plain and action.start >= 0 and action.end >= 0 and action.drop >= -1


def _group_has(group: RingMoves, action: Move, side: int) -> bool:
    end, drop = action.end, action.drop
    if end >= CELLS:
        return group.throne and drop < 0 and end == (NORTH_THRONE if side == SOUTH else SOUTH_THRONE)
    if drop < 0:
        return bool(group.ends >> end & 1)
    if drop >= CELLS or not (group.lands >> end & 1 and group.drops >> drop & 1):
        return False
    if group.same >> end & 1:
        return end == group.first_same() and drop != group.start and not group.ends >> drop & 1
    return not (drop == group.start and group.swapped >> end & 1)


def _canonical(group: RingMoves, action: Move) -> Move | None:
    """The listed move with the same result as `action`, another spelling of it; None if none."""
    start, end, drop = action.start, action.end, action.drop
    if drop < 0 or drop >= CELLS or not (group.lands >> end & 1 and group.drops >> drop & 1):
        return None
    if group.same >> end & 1 and drop != start:
        return move(start, drop) if group.ends >> drop & 1 else move(start, group.first_same(), drop)
    if drop == start and group.swapped >> end & 1:
        return move(end, start, end)
    return None


def _expand(groups: list[RingMoves], side: int) -> list[Action]:
    actions: list[Action] = []
    throne = NORTH_THRONE if side == SOUTH else SOUTH_THRONE
    for g in groups:
        start = g.start
        actions.extend([moves_from_to(start, end)[0] for end in _cells(g.ends)])
        if g.throne:
            actions.append(move(start, throne))
        if not g.lands:
            continue
        slots = [d + 1 for d in _cells(g.drops)]
        for land in _cells(g.lands):
            row = moves_from_to(start, land)
            if g.same >> land & 1:
                if land == g.first_same():
                    actions.extend([row[d + 1] for d in _cells(g.drops & ~g.ends & ~(1 << start))])
            elif g.swapped >> land & 1:
                actions.extend([row[d] for d in slots if d != start + 1])
            else:
                actions.extend([row[d] for d in slots])
    return actions
