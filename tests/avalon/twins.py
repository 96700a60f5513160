"""Twin Avalon games for one character alone: the same actions, but every placed location's back
verse drawn the other way, and nothing explored, so the seat cannot tell them apart."""

from __future__ import annotations

import random

import spielwerk
from spielwerk.games.avalon.rules import AvalonState


def _flipped(text: str) -> str:
    """`verse 7a` <-> `verse 7b`; any other text as it is."""
    if text.startswith("verse ") and text[-1] in "ab":
        return text[:-1] + ("b" if text[-1] == "a" else "a")
    return text


def twins(seed: int, steps: int) -> tuple[AvalonState, AvalonState]:
    """Two games of Cadoc alone, `steps` random actions long (never `explore`), whose placed
    locations have opposite backs; both at a decision of the seat."""
    game = spielwerk.game("avalon")
    first = game.new_state(players=1, seed=seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        while first.is_chance and not first.is_over:
            first.resolve_chance()
        if first.is_over:
            break
        legal = [str(action) for action in first.legal_actions() if str(action) != "explore"]
        moves = [text for text in legal if text != "pass"] or legal
        first.apply(chooser.choice(moves if chooser.random() < 0.8 else legal))
    while first.is_chance and not first.is_over:
        first.resolve_chance()
    second = game.new_state(players=1, seed=seed)
    for action in first.history:
        second.apply(_flipped(str(action)))
    assert isinstance(first, AvalonState) and isinstance(second, AvalonState)
    return first, second
