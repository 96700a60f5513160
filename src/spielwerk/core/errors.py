"""The errors every game raises; all are also `ValueError`s. Each carries what it says as a
`Message` (`.message`: key and args, rendered in any language); `str()` is its English."""

from __future__ import annotations

from spielwerk.core.message import Message


class SpielwerkError(ValueError):
    """Base class of every error spielwerk raises on purpose.

    Given a `Message`, `.message` is it; given plain text (the few errors still worded in English
    alone), `.message` is None."""

    def __init__(self, message: Message | str = "") -> None:
        self.message: Message | None = message if isinstance(message, Message) else None
        super().__init__(str(message))

    def render(self, language: str = "en") -> str:
        """What a person reads, in `language` where the error has a message."""
        return self.message.render(language) if self.message is not None else str(self)


class OptionError(SpielwerkError):
    """An unknown game, an unknown option, or a bad option value."""


class InvalidNotation(SpielwerkError):
    """Text that is not an action in the game's notation."""


class IllegalAction(SpielwerkError):
    """A well-formed action that the rules forbid here; `.rule` names the rule it breaks, `.message`
    says why (its English is `.reason`; `str()` adds the rule id)."""

    def __init__(self, message: Message | str, rule: str) -> None:
        super().__init__(message)
        self.reason = str(message)
        self.rule = rule
        self.args = (f"{self.reason} ({rule})",)

    def render(self, language: str = "en") -> str:
        """Why, in `language`, with the rule id."""
        return f"{super().render(language)} ({self.rule})"
