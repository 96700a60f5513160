"""Drachenfels for learning programs: action indices and observations (version 1).

Actions, 1,350 indices, the same for 2, 3 and 4 players (docs/research.md). Fields count in the
board's order (K, S1–S4, R1–R4, C1–C4, X1–X4, H1–H4, D1–D4, 1–68: 93 fields); a rainbow is one of
20 edges, rainbow rock R1–R4 × end (K, C1–C4); seats count red, blue, yellow, green.
  walk             5 × 93   point card 1–5 × the field the knight ends on (`3 17`)
  rainbow_up       20       `rainbow R1-K`
  rainbow_down     20       `rainbow -R1-K`
  rainbow_move     20 × 20  `rainbow R1-K>R2-C3` (a card's or a crossed rainbow's free move)
  bridge_up        8        bridge site (H1–H4, X1–X4)
  bridge_down      8
  bridge_move      8 × 8
  dragon           20 × 16  from (C1–C4, the green dots, D1–D4) to (the green dots, D1–D4)
  teletransfer     4        the seat swapped with
  take             4        the seat a card is taken from (refresh by robbing, a duel's loot)
  cloud            4 × 4    seat × start field S1–S4
  send             4 × 4    a duel's loser × start field
  word             5        refresh, top, stop, end, keep
Chance outcomes have no index: the environment draws them.

The observation is one float vector whose blocks (`layout(players)`) depend on the player count; it
holds only what the seat's view holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spielwerk.core.actions import Word
from spielwerk.core.state import Action, State
from spielwerk.games.drachenfels import cards
from spielwerk.games.drachenfels import rules as r
from spielwerk.games.drachenfels.board import BOARD, COLOURS
from spielwerk.games.drachenfels.notation import WORDS, Bridge, Dragon, Edge, Place, Rainbow, Target, Walk
from spielwerk.rl.blocks import Blocks
from spielwerk.rl.codec import Codec, Parts

FIELDS = BOARD.size
SEATS = len(COLOURS)
KINDS = len(cards.KINDS)
RAINBOW_ENDS = (BOARD.castle, *BOARD.rock_castles)
EDGES: tuple[Edge, ...] = tuple((rock, end) for rock in BOARD.rainbow_rocks for end in RAINBOW_ENDS)
SITES = BOARD.bridge_sites
DRAGON_FROM = (*BOARD.rock_castles, *BOARD.green_dots, *BOARD.dragon_rocks)
DRAGON_TO = (*BOARD.green_dots, *BOARD.dragon_rocks)
STARTS = BOARD.starts
PHASES = (r.HIDE, r.LOT, r.DRAW, r.TURN, r.PLAY, r.TOP_CARD, r.ROB, r.PICK, r.SEND, r.LOOT, r.RAINBOW, r.OVER)
_EDGE = {edge: number for number, edge in enumerate(EDGES)}
_SITE = {site: number for number, site in enumerate(SITES)}
_FROM = {field: number for number, field in enumerate(DRAGON_FROM)}
_TO = {field: number for number, field in enumerate(DRAGON_TO)}
_START = {field: number for number, field in enumerate(STARTS)}
_EDGE_NAMED = {f"{BOARD.names[rock]}-{BOARD.names[end]}": number for (rock, end), number in _EDGE.items()}

ACTIONS = Blocks(
    ("walk", (5, FIELDS)),
    ("rainbow_up", (len(EDGES),)),
    ("rainbow_down", (len(EDGES),)),
    ("rainbow_move", (len(EDGES), len(EDGES))),
    ("bridge_up", (len(SITES),)),
    ("bridge_down", (len(SITES),)),
    ("bridge_move", (len(SITES), len(SITES))),
    ("dragon", (len(DRAGON_FROM), len(DRAGON_TO))),
    ("teletransfer", (SEATS,)),
    ("take", (SEATS,)),
    ("cloud", (SEATS, len(STARTS))),
    ("send", (SEATS, len(STARTS))),
    ("word", (len(WORDS),)),
)


def layout(players: int) -> Blocks:
    """The observation's blocks for `players` knights (seat blocks run red, blue, yellow, green)."""
    castles = len(BOARD.rock_castles)
    return Blocks(
        ("knights", (players, FIELDS)),      # each knight's field
        ("armour", (players,)),
        ("double", (players,)),              # may walk the double count
        ("dragons", (FIELDS,)),
        ("bridges", (FIELDS,)),
        ("rainbows", (len(EDGES),)),
        ("rainbow_open", (1,)),              # rainbows may end on rock castles
        ("crossed", (len(EDGES),)),          # rainbows the last walk crossed
        ("looked", (castles, players)),      # who has looked at each rock castle's princess
        ("princesses", (castles, SEATS)),    # whose princess the seat has seen on each rock castle
        ("hand", (KINDS,)),                  # the seat's own cards, counted by kind
        ("hand_sizes", (players,)),
        ("known", (players, KINDS)),         # cards the seat saw go into each other hand
        ("deck", (1,)),                      # cards in the draw pile
        ("discard", (KINDS,)),               # the discard pile, counted by kind
        ("discard_top", (KINDS,)),
        ("top", (KINDS,)),                   # a card taken from the discard pile, not yet played
        ("phase", (len(PHASES),)),
        ("turn", (players,)),
        ("me", (players,)),
        ("victim", (players,)),              # the seat robbed or the duel's loser
        ("takes", (1,)),                     # cards still to take
        ("round", (1,)),
        ("max_turns", (1,)),                 # the round limit of the game's options
    )


class DrachenfelsCodec(Codec):
    """Drachenfels: one index per card play or decision, as the game lists them."""

    game_id = "drachenfels"
    version = 1
    action_space = ACTIONS
    limit_rule = "drachenfels.limit"

    def encode(self, state: State, action: Action) -> int:
        """The index of a seat's decision; ValueError for a chance outcome."""
        if isinstance(action, Walk):
            return ACTIONS.index("walk", action.value - 1, action.end)
        if isinstance(action, Rainbow):
            if action.old is None and action.new is not None:
                return ACTIONS.index("rainbow_up", _EDGE[action.new])
            if action.new is None and action.old is not None:
                return ACTIONS.index("rainbow_down", _EDGE[action.old])
            if action.old is not None and action.new is not None:
                return ACTIONS.index("rainbow_move", _EDGE[action.old], _EDGE[action.new])
        if isinstance(action, Bridge):
            if action.old < 0:
                return ACTIONS.index("bridge_up", _SITE[action.new])
            if action.new < 0:
                return ACTIONS.index("bridge_down", _SITE[action.old])
            return ACTIONS.index("bridge_move", _SITE[action.old], _SITE[action.new])
        if isinstance(action, Dragon):
            return ACTIONS.index("dragon", _FROM[action.start], _TO[action.end])
        if isinstance(action, Target) and action.verb in ("teletransfer", "take"):
            return ACTIONS.index(action.verb, action.seat)
        if isinstance(action, Place) and action.verb in ("cloud", "send"):
            return ACTIONS.index(action.verb, action.seat, _START[action.field])
        if isinstance(action, Word) and action.word in WORDS:
            return ACTIONS.index("word", WORDS.index(action.word))
        raise ValueError(f"{action!r} is no Drachenfels decision")

    def decode(self, state: State, index: int) -> Action:
        """The action of `index` (the same in every state)."""
        block, at = ACTIONS.locate(index)
        if block == "walk":
            return Walk(at[0] + 1, at[1])
        if block == "rainbow_up":
            return Rainbow(None, EDGES[at[0]])
        if block == "rainbow_down":
            return Rainbow(EDGES[at[0]], None)
        if block == "rainbow_move":
            return Rainbow(EDGES[at[0]], EDGES[at[1]])
        if block == "bridge_up":
            return Bridge(-1, SITES[at[0]])
        if block == "bridge_down":
            return Bridge(SITES[at[0]], -1)
        if block == "bridge_move":
            return Bridge(SITES[at[0]], SITES[at[1]])
        if block == "dragon":
            return Dragon(DRAGON_FROM[at[0]], DRAGON_TO[at[1]])
        if block in ("teletransfer", "take"):
            return Target(block, at[0])
        if block in ("cloud", "send"):
            return Place(block, at[0], STARTS[at[1]])
        return Word(WORDS[at[0]])

    def layout(self, players: int) -> Blocks:
        """The observation's blocks for `players` knights."""
        return layout(players)

    def fill(self, parts: Parts, view: Mapping[str, Any], options: Mapping[str, Any]) -> None:
        """The board's pieces, the piles, the seat's hand and secrets, whose turn and what is awaited."""
        field, seat = BOARD.index.__getitem__, view["colours"].index
        for colour, name in view["knights"].items():
            parts["knights"][seat(colour), field(name)] = 1.0
        parts["armour"][:] = [view["armour"][colour] for colour in view["colours"]]
        parts["double"][:] = [view["double"][colour] for colour in view["colours"]]
        for name in view["dragons"]:
            parts["dragons"][field(name)] = 1.0
        for name in view["bridges"]:
            parts["bridges"][field(name)] = 1.0
        for rock, end in view["rainbows"]:
            parts["rainbows"][_EDGE[(field(rock), field(end))]] = 1.0
        parts["rainbow_open"][0] = view["rainbow_open"]
        for text in view["crossed"]:
            parts["crossed"][_EDGE_NAMED[text]] = 1.0
        castle = {castle: number for number, castle in enumerate(BOARD.rock_castles)}
        for name, colours in view["looked"].items():
            for colour in colours:
                parts["looked"][castle[field(name)], seat(colour)] = 1.0
        for name, colour in view["princesses"].items():
            parts["princesses"][castle[field(name)], COLOURS.index(colour)] = 1.0
        parts["hand"][:] = _counts(view["hand"] or [])
        parts["hand_sizes"][:] = [view["hand_sizes"][colour] for colour in view["colours"]]
        for colour, names in view["known"].items():
            parts["known"][seat(colour)] = _counts(names)
        parts["deck"][0] = view["deck"]
        parts["discard"][:] = _counts(view["discard"])
        parts.one_hot("discard_top", cards.KINDS.index(view["discard"][-1]) if view["discard"] else None)
        parts.one_hot("top", None if view["top"] is None else cards.KINDS.index(view["top"]))
        parts.one_hot("phase", PHASES.index(view["phase"]))
        for name in ("turn", "victim"):
            parts.one_hot(name, None if view[name] is None else seat(view[name]))
        parts.one_hot("me", None if view["seat"] is None else seat(view["seat"]))
        parts["takes"][0] = view["takes"]
        parts["round"][0] = view["round"]
        parts["max_turns"][0] = options["max_turns"]



def _counts(names: list[str]) -> list[int]:
    """Cards named by kind, counted per kind."""
    return list(cards.of(cards.KINDS.index(name) for name in names))
