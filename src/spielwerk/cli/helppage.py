"""The `--help` pages in the language of the command line, from the terminal's catalogue.

Click lays a page out (usage, the command's text, its options, a group's commands); `WordedCommand`
keeps that layout and takes every word from the catalogue instead: the command's text is
`helppage.<command>` (`helppage.cli` for the program itself), an option's
`helppage.<command>.<option>`, click's own headings and notes `helppage.section.*`,
`helppage.default`, `helppage.required` and `helppage.option.help`. The options declared in the code
carry no help of their own: their words are only in the catalogue (a test checks every one has them).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import click

from spielwerk.cli.say import text
from spielwerk.core.language import language_from_environment

LANGUAGE = "spielwerk.language"
"""The key of the command line's language in a context's `meta` (shared by a command's contexts)."""
ROOT = "cli"
"""The key of the program's own page (`helppage.cli`), whatever name it is called by."""


def command_language(ctx: click.Context | None) -> str:
    """The language of the command line (`usage.WordedGroup` puts it into the contexts' meta), else the
    environment's."""
    found = ctx.meta.get(LANGUAGE) if ctx is not None else None
    return found if isinstance(found, str) else language_from_environment()


def page_key(ctx: click.Context) -> str:
    """The catalogue key of a command's page: helppage.play, helppage.cli."""
    return f"helppage.{ctx.command.name if ctx.parent is not None else ROOT}"


def option_help(param: click.Parameter, ctx: click.Context, language: str) -> tuple[str, str] | None:
    """An option's line: its names as click writes them, its help from the catalogue, and click's
    notes (default, range, required) in the same language."""
    record = param.get_help_record(ctx)
    if record is None:
        return None
    names, english = record  # the code's help (click's own options have one), then click's notes
    given = getattr(param, "help", None)
    notes = english[len(given):] if given else f"  {english}" if english else ""
    helping = param is ctx.command.get_help_option(ctx)
    key = "helppage.option.help" if helping else f"{page_key(ctx)}.{param.name}"
    notes = _DEFAULT.sub(lambda found: text("helppage.default", language, value=found[1]), notes)
    return names, text(key, language) + notes.replace("required", text("helppage.required", language))


_DEFAULT = re.compile(r"default: ([^;\]]*)")
"""Click's note of an option's default, in its brackets: "[default: 100; x>=1]"."""


@contextmanager
def _section(formatter: click.HelpFormatter, heading: str) -> Iterator[None]:
    """A section of the page under `heading`, its colon included (French writes "Options :")."""
    formatter.write_paragraph()
    formatter.write(f"{'':>{formatter.current_indent}}{heading}\n")
    with formatter.indentation():
        yield


class WordedCommand(click.Command):
    """A command whose `--help` page is worded in the language of the command line."""

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The usage line, its prefix worded."""
        formatter.write_usage(ctx.command_path, " ".join(self.collect_usage_pieces(ctx)),
                              prefix=text("usage.prefix", command_language(ctx)) + " ")

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """What the command does."""
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(text(page_key(ctx), command_language(ctx)))

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Its options, each with its help."""
        language = command_language(ctx)
        rows = [row for param in self.get_params(ctx) if (row := option_help(param, ctx, language))]
        if rows:
            with _section(formatter, text("helppage.section.options", language)):
                formatter.write_dl(rows)


class WordedHelpGroup(WordedCommand, click.Group):
    """A group whose page (its commands listed with the first words of their help) is worded too."""

    command_class = WordedCommand

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Its options, then its commands."""
        super().format_options(ctx, formatter)
        language = command_language(ctx)
        names = [name for name in self.list_commands(ctx)
                 if not getattr(self.get_command(ctx, name), "hidden", True)]
        if not names:
            return
        limit = formatter.width - 6 - max(map(len, names))
        rows = [(name, click.utils.make_default_short_help(text(f"helppage.{name}", language), limit))
                for name in names]
        with _section(formatter, text("helppage.section.commands", language)):
            formatter.write_dl(rows)


__all__ = ["LANGUAGE", "WordedCommand", "WordedHelpGroup", "command_language", "option_help", "page_key"]
