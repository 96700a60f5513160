"""Grani for learning programs: action indices and observations (version 1).

Actions, 747 indices, the same for 3 to 6 players (docs/research.md). Points count in the board's
order (T1 … X12: 124 points); kingdoms count tirad, urgad, galad, elgad; seats yellow, blue, red, white,
green, black.
  move     124 × 2   the point the knight ends on × whether it takes the ring on the way (`T9-T4-T10`
                     is move[T10, 1]; `T9-T10` move[T10, 0]); a move always starts at the knight's point
  exile    124       `exile X3`: where an attacked knight is banished
  ring     124       `ring U12`: where the ring is put down
  block    124       `block G8`: where a stone goes (placed, or moved by the sword)
  lift     124       `lift G8`: the stone the sword lifts
  word     3         stay, rest, pass
Chance outcomes (the first player, dragon cards, the die) have no index: the environment draws them.

The observation is one float vector whose blocks (`layout(players)`) depend on the player count. Grani
has no secrets: the view shows everything but the order of the dragon deck, which nobody knows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spielwerk.core.actions import Word
from spielwerk.core.state import Action, State
from spielwerk.games.grani import rules as r
from spielwerk.games.grani.board import BOARD, KINGDOMS
from spielwerk.games.grani.notation import DIE, PLACE_VERBS, WORDS, Move, Place, move, place
from spielwerk.games.grani.rules import GraniState
from spielwerk.rl.blocks import Blocks
from spielwerk.rl.codec import Codec, Parts

POINTS = BOARD.size
STRENGTHS = 7
"""Dragon cards show strength 0 to 6."""
PHASES = (r.LOT, r.MOVE, r.CARD, r.ROLL, r.BONUS, r.EXILE, r.RING, r.BLOCK, r.LIFT, r.SHIFT, r.OVER)

ACTIONS = Blocks(
    ("move", (POINTS, 2)),
    *((verb, (POINTS,)) for verb in PLACE_VERBS),
    ("word", (len(WORDS),)),
)


def layout(players: int) -> Blocks:
    """The observation's blocks for `players` knights (seat blocks in seat order)."""
    return Blocks(
        ("knights", (players, POINTS)),          # each knight's point
        ("amulets", (players,)),
        ("shackled", (players,)),
        ("seals", (players, len(KINGDOMS))),     # the kingdoms whose seal each knight holds
        ("bearer", (players,)),                  # who carries the ring
        ("ring", (POINTS,)),                     # the ring's point, while it lies on the board
        ("obstacles", (POINTS,)),
        ("lifted", (POINTS,)),                   # where the sword lifted a stone from
        ("stones_left", (1,)),
        ("deck", (STRENGTHS,)),                  # dragon cards left, by strength
        ("discard", (STRENGTHS,)),
        ("card", (STRENGTHS,)),                  # the card of the fight in progress
        ("last_fight", (STRENGTHS + len(DIE) + 1,)),  # its card, its roll, whether it was won
        ("victim", (players,)),                  # the attacked knight to banish
        ("walled_in", (players,)),               # knights that could not move now
        ("phase", (len(PHASES),)),
        ("turn", (players,)),                    # whose turn it is
        ("me", (players,)),
        ("first", (players,)),                   # who began
        ("round", (1,)),
        ("max_turns", (1,)),                     # the round limit
        ("seals_to_win", (1,)),
    )


class GraniCodec(Codec):
    """Grani: one index per move (by where it ends) or decision (by its point)."""

    game_id = "grani"
    version = 1
    action_space = ACTIONS
    limit_rule = "grani.draw"

    def encode(self, state: State, action: Action) -> int:
        """The index of a move, a decision about a point, or a word; ValueError for chance outcomes."""
        if isinstance(action, Move):
            return ACTIONS.index("move", action.end, int(action.via >= 0))
        if isinstance(action, Place) and action.verb in PLACE_VERBS:
            return ACTIONS.index(action.verb, action.point)
        if isinstance(action, Word) and action.word in WORDS:
            return ACTIONS.index("word", WORDS.index(action.word))
        raise ValueError(f"{action!r} is no Grani decision")

    def decode(self, state: State, index: int) -> Action:
        """The action of `index` for the knight to move (a move starts at its point)."""
        block, at = ACTIONS.locate(index)
        if block == "word":
            return Word(WORDS[at[0]])
        if block != "move":
            return place(block, at[0])
        assert isinstance(state, GraniState)
        start = state.at[state.seat]
        return move(start, at[0], state.ring if at[1] else -1)

    def layout(self, players: int) -> Blocks:
        """The observation's blocks for `players` knights."""
        return layout(players)

    def fill(self, parts: Parts, view: Mapping[str, Any], options: Mapping[str, Any]) -> None:
        """Knights, the ring, stones, the dragon cards, the fights, whose turn and what is awaited."""
        point, seat = BOARD.index.__getitem__, view["seats"].index
        for number, knight in enumerate(view["knights"]):
            parts["knights"][number, point(knight["at"])] = 1.0
            parts["amulets"][number] = knight["amulets"]
            parts["shackled"][number] = knight["shackled"]
            parts["bearer"][number] = knight["ring"]
            for kingdom in knight["seals"]:
                parts["seals"][number, KINGDOMS.index(kingdom)] = 1.0
        for name in ("ring", "lifted"):
            parts.one_hot(name, None if view[name] is None else point(view[name]))
        for name in view["obstacles"]:
            parts["obstacles"][point(name)] = 1.0
        parts["stones_left"][0] = view["stones_left"]
        for strength, count in view["deck"]["left"].items():
            parts["deck"][int(strength)] = count
        for strength, count in view["discard"].items():
            parts["discard"][int(strength)] = count
        parts.one_hot("card", view["card"])
        fight = view["last_fight"]
        if fight is not None:
            parts["last_fight"][[fight["card"], STRENGTHS + fight["roll"] - 1]] = 1.0
            parts["last_fight"][-1] = fight["won"]
        for name in ("victim", "turn_of", "first"):
            block = "turn" if name == "turn_of" else name
            parts.one_hot(block, None if view[name] is None else seat(view[name]))
        for colour in view["walled_in"]:
            parts["walled_in"][seat(colour)] = 1.0
        parts.one_hot("phase", PHASES.index(view["phase"]))
        parts.one_hot("me", view["seat"])
        parts["round"][0] = view["round"]
        parts["max_turns"][0] = view["max_turns"]
        parts["seals_to_win"][0] = view["seals_to_win"]
