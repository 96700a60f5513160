"""Game-agnostic building blocks: errors, options, games, states, chance, records, registry."""

from spielwerk.core.chance import CHANCE
from spielwerk.core.errors import IllegalAction, InvalidNotation, OptionError, SpielwerkError
from spielwerk.core.game import Game, GameInfo
from spielwerk.core.options import Option
from spielwerk.core.registry import Registry
from spielwerk.core.state import Action, State

__all__ = [
    "CHANCE",
    "Action",
    "Game",
    "GameInfo",
    "IllegalAction",
    "InvalidNotation",
    "Option",
    "OptionError",
    "Registry",
    "SpielwerkError",
    "State",
]
