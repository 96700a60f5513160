"""Avalon's actions: a word and an argument (`travel north`, `join 2`, `die 4`), one text each."""

from __future__ import annotations

from typing import NamedTuple

from spielwerk.core.kept import Kept

DIRECTIONS = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
"""Grid steps: columns grow eastwards, rows southwards."""
DIE_DIRECTIONS = ("north", "east", "south", "west")
"""What the guardian die's 1–4 mean (5 and 6: hunt)."""

CHANCE_WORDS = frozenset({"die", "event", "dream", "verse"})
DAY_WORDS = ("explore", "travel", "act", "activate", "challenge", "give", "wait", "pass")
WORDS = frozenset({
    *DAY_WORDS, *CHANCE_WORDS, "join", "decline", "choose", "fight", "flee", "equip", "rest", "improve",
})


class Move(NamedTuple):
    """One decision or chance outcome: `Move("travel", "north")` is `travel north`."""

    word: str
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.word} {self.arg}" if self.arg else self.word


def move(word: str, arg: str = "") -> Move:
    """The move of `word` and `arg`, made once and kept (search asks for the same few again and again)."""
    found = _MOVES.get((word, arg))
    if found is None:
        found = _MOVES.keep((word, arg), Move(word, arg))
    return found


_MOVES: Kept[tuple[str, str], Move] = Kept(10_000)


def text(action: Move) -> str:
    """`str(action)`, made once and kept (search asks for the texts of the same moves again and again)."""
    found = TEXTS.get(action)
    if found is None:
        found = TEXTS.keep(action, str(action))
    return found


TEXTS: Kept[Move, str] = Kept(10_000)


def normalise(text: str) -> str:
    """The canonical spelling of a typed action: single spaces, lower case but for ids (`event T4`)."""
    words = text.split()
    if not words:
        return ""
    first = words[0].lower()
    rest = [w.upper() if first in {"event", "dream"} else w.lower() for w in words[1:]]
    return " ".join([first, *rest])
