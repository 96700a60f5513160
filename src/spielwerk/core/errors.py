"""The errors every game raises; all are also `ValueError`s."""

from __future__ import annotations


class SpielwerkError(ValueError):
    """Base class of every error spielwerk raises on purpose."""


class OptionError(SpielwerkError):
    """An unknown game, an unknown option, or a bad option value."""


class InvalidNotation(SpielwerkError):
    """Text that is not an action in the game's notation."""


class IllegalAction(SpielwerkError):
    """A well-formed action that the rules forbid here; `.rule` names the rule it breaks."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.reason = message
        self.rule = rule
