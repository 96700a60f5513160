"""The language of a command line, and its usage errors told in it from the terminal's catalogue.

Click words a refusal itself ("Usage: …", "Try '… --help' for help.", "Error: …", "Missing argument
…"). `WordedGroup` tells every refusal of its commands, its frame included, in the language of the
command line instead: its `--lang`, read from the words typed before click parses them (so a word
click refuses before it reaches `--lang` is told in it too), else the environment's; its `--help`
pages too (`helppage`).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import IO, Any, Protocol, runtime_checkable

import click
from click.exceptions import NoArgsIsHelpError

from spielwerk.cli.helppage import LANGUAGE, WordedHelpGroup, command_language
from spielwerk.cli.say import text
from spielwerk.core.inputs import quote
from spielwerk.core.language import language_code

LANGUAGE_OPTION = "--lang"


def chosen_language(given: str | None) -> str:
    """The language asked for with a command's `--lang`, else the command line's (the program's own
    `--lang`: `spielwerk --lang de play`), else the environment's (read here, once): a code like "de"
    that the session hands to the game with every call."""
    return language_code(given) if given is not None else command_language(click.get_current_context(True))


def language_asked(args: Sequence[str]) -> str:
    """The language of a command line's words, before click parses them: its last `--lang VALUE`
    (or `--lang=VALUE`) before a `--`, else as `chosen_language` finds it."""
    given: str | None = None
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg == LANGUAGE_OPTION and index + 1 < len(args):
            given = args[index + 1]
        elif arg.startswith(f"{LANGUAGE_OPTION}="):
            given = arg.partition("=")[2]
    return chosen_language(given)


@runtime_checkable
class Rendered(Protocol):
    """An error that says what it says in any language (a `SpielwerkError`, a `FileError`, …)."""

    def render(self, language: str = "en") -> str:
        """What a person reads, in `language`."""
        ...


def told(error: Exception, language: str) -> str:
    """What `error` says, in `language` where it has a message, else its text as given."""
    return error.render(language) if isinstance(error, Rendered) else str(error)


class Told(click.ClickException):
    """A refusal of click's or ours, shown with its frame in the language of the command line."""

    def __init__(self, error: click.ClickException, language: str) -> None:
        super().__init__(error.message)
        self.error = error
        self.language = language
        self.exit_code = error.exit_code

    def format_message(self) -> str:
        """The refusal itself, in the command line's language."""
        return reason(self.error, self.language)

    def show(self, file: IO[Any] | None = None) -> None:
        """Print the usage and the help hint (for a usage error), then the refusal."""
        ctx = self.error.ctx if isinstance(self.error, click.UsageError) else None
        color = ctx.color if ctx is not None else self.error.show_color
        if ctx is not None:
            click.echo("\n".join(usage_lines(ctx, self.language)) + "\n", file=file, err=True, color=color)
        click.echo(text("usage.error", self.language, message=self.format_message()), file=file, err=True,
                   color=color)


def usage_lines(ctx: click.Context, language: str) -> list[str]:
    """How the command is called, and where its help is (where it has a help option)."""
    formatter = ctx.make_formatter()
    formatter.write_usage(ctx.command_path, " ".join(ctx.command.collect_usage_pieces(ctx)),
                          prefix=text("usage.prefix", language) + " ")
    lines = [formatter.getvalue().rstrip("\n")]
    if ctx.command.get_help_option(ctx) is not None:
        option = max(ctx.command.get_help_option_names(ctx), key=len)
        lines.append(text("usage.help", language, command=ctx.command_path, option=option))
    return lines


def reason(error: click.ClickException, language: str) -> str:
    """Why click refuses, in `language`: its own refusals by kind; ours are worded already, and a
    kind not known here reads as click words it."""
    match error:
        case click.MissingParameter() if kind := _missing_kind(error):
            return text(f"usage.missing.{kind}", language, name=_hint(error))
        case click.NoSuchOption(option_name=name, possibilities=possible):
            return text("usage.no-option", language, name=quote(name)) + _possible(possible, language)
        case click.NoSuchCommand(command_name=name, possibilities=possible):
            return text("usage.no-command", language, name=quote(name)) + _possible(possible, language)
        case click.BadParameter(message=why) if _hint(error):
            return text("usage.bad-value", language, name=_hint(error), why=why)
    return error.format_message()


def _missing_kind(error: click.MissingParameter) -> str | None:
    """"argument" or "option" for what is missing, else None."""
    kind = error.param_type or (error.param.param_type_name if error.param is not None else None)
    return kind if kind in ("argument", "option") else None


def _hint(error: click.BadParameter) -> str:
    """The parameter a refusal names ("'FILE'", "'--players'"), or ""."""
    hint = error.param_hint
    if hint is None and error.param is not None:
        hint = error.param.get_error_hint(error.ctx)
    if hint is None or isinstance(hint, str):
        return hint or ""
    return " / ".join(repr(part) for part in hint)


def _possible(names: list[str] | None, language: str) -> str:
    """ " Did you mean --south?" where click found names close to what was typed."""
    if not names:
        return ""
    if len(names) == 1:
        return " " + text("usage.did-you-mean", language, name=quote(names[0]))
    return " " + text("usage.did-you-mean.some", language, names=", ".join(map(quote, sorted(names))))


@contextmanager
def worded(language: str) -> Iterator[None]:
    """Tell a refusal raised inside in `language`; an interruption ends the command with a word in it."""
    try:
        yield
    except (NoArgsIsHelpError, Told):
        raise
    except click.ClickException as error:
        raise Told(error, language) from error
    except (EOFError, KeyboardInterrupt):
        click.echo(file=sys.stderr)
        click.echo(text("usage.aborted", language), err=True)
        raise click.exceptions.Exit(1) from None


class WordedGroup(WordedHelpGroup):
    """A group whose refusals and help pages (and its commands') are told in the language of the command
    line."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Keep the command line's language for every context, then parse (`--help` may answer here)."""
        ctx.meta[LANGUAGE] = language_asked(args)
        return super().parse_args(ctx, args)

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        """Parse the group's own options, in the language the command line asks for."""
        language = language_asked(args)
        with worded(language):
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command, its refusals told in the command line's language."""
        with worded(command_language(ctx)):
            return super().invoke(ctx)


__all__ = ["LANGUAGE", "WordedGroup", "chosen_language", "language_asked", "told"]
