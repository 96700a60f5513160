"""Gygès for learning programs: action indices and observations (version 2).

Actions, 49,411 indices in four blocks (docs/research.md):
  setup       90   the arrangements of `112233` on the start rank, in sorted text order
  pass         1
  move        36 × 37 × 37   start cell × end (36 cells, then the opponent's throne) × put (none, then
                             36 cells): `b1-c3/e5` is move[b1, c3, 1 + e5], `b1-N` is move[b1, 36, 0]
  throne_put  36   the King's game put from the mover's own throne to a cell: `N-c4` is throne_put[c4]
Cells count a1 = 0 … f1 = 5, a2 = 6 … f6 = 35, as the game's board does.

The observation is one float vector of 134 numbers (the blocks of `LAYOUT`), from the seat's view only.
Version 2 added how often the position has occurred and whether the last ply was a pass, so that
the observation holds all that decides the game's future (a third occurrence or a second pass in a
row draws).

In parts (`PARTS`, 237 indices) a move is three decisions: setup 90, pass 1, start 36, end 37 (the
cells, then the throne), put 37 (none, then the cells), throne_put 36.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spielwerk.core.state import Action, State
from spielwerk.games.gyges.board import CELLS, NORTH_THRONE, SIZE, SOUTH_THRONE
from spielwerk.games.gyges.notation import PASS, Move, Pass, Setup, move, parse_cell
from spielwerk.games.gyges.rules import ARRANGEMENTS
from spielwerk.rl.blocks import Blocks
from spielwerk.rl.codec import Codec, Parts

THRONE_SLOT = CELLS
"""The end slot of a move onto the opponent's throne."""
PHASES = ("setup", "play", "throne", "over")
SIDES = ("south", "north")
_SETUP_INDEX = {text: number for number, text in enumerate(ARRANGEMENTS)}

ACTIONS = Blocks(
    ("setup", (len(ARRANGEMENTS),)),
    ("pass", (1,)),
    ("move", (CELLS, CELLS + 1, CELLS + 1)),
    ("throne_put", (CELLS,)),
)
PARTS = Blocks(
    ("setup", (len(ARRANGEMENTS),)),
    ("pass", (1,)),
    ("start", (CELLS,)),
    ("end", (CELLS + 1,)),
    ("put", (CELLS + 1,)),
    ("throne_put", (CELLS,)),
)
"""A move made a part at a time: its start cell, then its end, then its put (0: none)."""
LAYOUT = Blocks(
    ("rings", (3, SIZE, SIZE)),      # rings[h - 1, rank - 1, file]: a ring of height h stands there
    ("movable_rank", (SIZE,)),       # the rank whose rings may move now (none outside play)
    ("to_move", (2,)),               # south, north (none once over)
    ("me", (2,)),                    # the observing seat (none for a spectator)
    ("phase", (len(PHASES),)),       # setup, play, throne (a King's game put), over
    ("throne_ring", (3,)),           # the height of a ring waiting on a throne to be put
    ("captures", (2,)),              # throne captures so far, south and north
    ("captures_needed", (2,)),       # captures each side needs to win
    ("ply", (1,)),                   # plies played
    ("max_plies", (1,)),             # the ply limit of the game's options (0: none)
    ("repetitions", (2,)),           # the position occurs for the first, second time (none outside play)
    ("passed", (1,)),                # the last ply was a pass (a second one draws)
)


class GygesCodec(Codec):
    """Gygès: one index per whole move, as the game lists its moves."""

    game_id = "gyges"
    version = 2
    action_space = ACTIONS

    def encode(self, state: State, action: Action) -> int:
        """The index of a set-up, a pass, a move or a King's game put."""
        if isinstance(action, Setup) and action.heights in _SETUP_INDEX:
            return ACTIONS.index("setup", _SETUP_INDEX[action.heights])
        if isinstance(action, Pass):
            return ACTIONS.index("pass", 0)
        if isinstance(action, Move):
            if action.start >= CELLS:
                return ACTIONS.index("throne_put", action.end)
            end = THRONE_SLOT if action.end >= CELLS else action.end
            return ACTIONS.index("move", action.start, end, action.drop + 1)
        raise ValueError(f"{action!r} is no Gygès decision")

    parts_space = PARTS

    def parts(self, state: State, action: Action) -> tuple[int, ...]:
        """A move as start, end, put (three parts); any other decision as its one part."""
        block, coords = ACTIONS.locate(self.encode(state, action))
        if block != "move":
            return (PARTS.index(block, *coords),)
        start, end, put = coords
        return PARTS.index("start", start), PARTS.index("end", end), PARTS.index("put", put)

    def decode(self, state: State, index: int) -> Action:
        """The action of `index` for the side to move (which throne a move or put uses)."""
        block, coords = ACTIONS.locate(index)
        south = state.to_move != 1
        if block == "setup":
            return Setup(ARRANGEMENTS[coords[0]])
        if block == "pass":
            return PASS
        if block == "throne_put":
            return move(SOUTH_THRONE if south else NORTH_THRONE, coords[0])
        start, end, put = coords
        if end == THRONE_SLOT:
            end = NORTH_THRONE if south else SOUTH_THRONE
        return move(start, end, put - 1)

    def layout(self, players: int) -> Blocks:
        """The same 134 numbers for every game of Gygès."""
        return LAYOUT

    def fill(self, parts: Parts, view: Mapping[str, Any], options: Mapping[str, Any]) -> None:
        """Rings, the movable rank, whose turn and whose eyes, the phase, the King's game counts, the
        repetitions and a pass just made."""
        rings = parts["rings"]
        for name, height in view["rings"].items():
            cell = parse_cell(name)
            rings[height - 1, cell // SIZE, cell % SIZE] = 1.0
        rank = view["movable_rank"]
        parts.one_hot("movable_rank", None if rank is None else rank - 1)
        parts.one_hot("to_move", view["to_move"] if view["to_move"] in (0, 1) else None)
        parts.one_hot("me", view["seat"])
        parts.one_hot("phase", PHASES.index(view["phase"]))
        throne = view["throne_ring"]
        parts.one_hot("throne_ring", None if throne is None else throne["height"] - 1)
        parts["captures"][:] = [view["captures"][side] for side in SIDES]
        parts["captures_needed"][:] = [view["captures_needed"][side] for side in SIDES]
        parts["ply"][0] = view["ply"]
        parts["max_plies"][0] = options.get("max_plies") or 0
        seen = view["repetitions"]
        parts.one_hot("repetitions", min(seen, 2) - 1 if seen else None)
        parts["passed"][0] = 1.0 if view["passes"] else 0.0

    def truncated(self, view: Mapping[str, Any]) -> bool:
        """Whether the game ended at its ply limit (`max_plies`), not by its play."""
        result = view.get("result") or {}
        reason = result.get("reason_message") or {}
        why = reason.get("args", {}).get("why") or {}
        return isinstance(why, dict) and why.get("key") == "end.why.ply-limit"
