"""The Game side of the Game/State split: static facts and options of one game."""

from __future__ import annotations

import importlib.resources
import json
import re
import secrets
import sys
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from spielwerk.core.catalogue import CORE, Words, say
from spielwerk.core.errors import OptionError, SpielwerkError
from spielwerk.core.inputs import MAX_SEED, quote
from spielwerk.core.language import language_code
from spielwerk.core.message import Message
from spielwerk.core.options import Option, resolve_options

if TYPE_CHECKING:
    from spielwerk.core.heuristics import Heuristics
    from spielwerk.core.state import Action, State

MEDIA = ("terminal", "page")
"""Where a how-to-play is read: at the terminal's prompt, or on the web page (`Game.how_to_play`)."""


@dataclass(frozen=True)
class GameInfo:
    """What every front end and agent may know about a game before playing it."""

    id: str
    name: str
    min_players: int
    max_players: int
    chance: bool
    hidden: bool
    options: tuple[Option, ...] = field(default=())
    seats: tuple[str, ...] = field(default=())
    cooperative: bool = False
    """All seats win or lose together: returns are all 1 or all 0 (Avalon)."""

    def seat_name(self, seat: int) -> str:
        """A seat's name for people ("south"), or "player N" where the game names none."""
        return self.seats[seat] if seat < len(self.seats) else f"player {seat + 1}"


class Game(ABC):
    """One game with its options fixed; makes states and reads actions."""

    INFO: GameInfo
    WORDS: ClassVar[Words] = CORE
    """The game's catalogues (`words/en.toml`, … in its package, over the core's)."""

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = resolve_options(self.INFO.id, self.INFO.options, options)

    @property
    def info(self) -> GameInfo:
        """The game's facts; a game may refine them for its options (chance, say)."""
        return self.INFO

    def new_state(self, players: int | None = None, seed: int | None = None, **start: Any) -> State:
        """A state at the start of a game. `seed` drives every random event; None draws one."""
        count = self.INFO.min_players if players is None else players
        if isinstance(count, bool) or not isinstance(count, int):
            raise OptionError(say("players.whole", given=quote(count)))
        if not self.INFO.min_players <= count <= self.INFO.max_players:
            low, high = self.INFO.min_players, self.INFO.max_players
            raise OptionError(say("players.range", game=self.INFO.name, low=low, high=high, count=count))
        if seed is None:
            seed = secrets.randbits(128)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
            raise OptionError(say("seed.range", given=quote(seed)))
        return self._new_state(count, seed, **start)

    @abstractmethod
    def _new_state(self, players: int, seed: int, **start: Any) -> State:
        """Build the start state; `start` holds game-specific extras such as a position."""

    def parse_action(self, state: State, text: str, seat: int | None = None) -> Action:
        """The legal action of `state` that `text` denotes, judged as `seat`'s input (None: the
        referee's); InvalidNotation or IllegalAction otherwise."""
        return state.parse_action(text, seat)

    def words(self, language: str = "en") -> Mapping[str, str]:
        """The game's catalogue in `language`: key -> text with `{named}` placeholders (the core's
        keys included, so every `Message` the game says renders from it)."""
        return self.WORDS.catalogue(language)

    def seat_message(self, seat: int) -> Message:
        """A seat's name as a `Message` (`seat.south` of the game's words), "player N" where the game
        names none."""
        seats = self.info.seats
        key = f"seat.{seats[seat]}" if 0 <= seat < len(seats) else ""
        if key and key in self.WORDS.catalogue("en"):
            return self.WORDS.message(key)
        return say("seat.player", number=seat + 1)

    def how_to_play(self, language: str = "en", medium: str = "terminal") -> str:
        """A short how-to-play for newcomers as Markdown, for `medium` (one of `MEDIA`): "terminal"
        says what to type at the prompt, "page" what to click on the web page. The rules are one
        text for both, the game's `howto.md` beside its module; the medium's part follows them,
        `howto.<medium>.md` (a game may have none). In `language` where the game has both parts in it
        (`howto.de.md`, `howto.page.de.md`), else both in English, so that a page never mixes two."""
        if medium not in MEDIA:
            raise ValueError(f"no how-to-play for {medium!r}: the media are {', '.join(MEDIA)}")
        package = sys.modules[type(self).__module__].__package__ or type(self).__module__
        stems = ("howto", f"howto.{medium}")
        rules, part = (_howto_part(package, stem, "en") for stem in stems)
        code = language_code(language)
        if code != "en":
            rules_there, part_there = (_howto_part(package, stem, code) for stem in stems)
            if rules_there is not None and (part_there is not None or part is None):
                rules, part = rules_there, part_there
        if rules is None:
            raise SpielwerkError(say("game.no-how-to-play", game=self.INFO.name))
        return rules if part is None else f"{rules.rstrip()}\n\n{part}"

    def prose(self, view: Mapping[str, Any], language: str = "en") -> dict[str, Any]:
        """Words a page shows beside a seat's `view`, in `language` where the game has them:
        `{"title", "text", "labels": {action text: label}}` (e.g. the verse being read and its
        options' labels). Built from the view alone, so it holds nothing the seat may not know.
        Empty for a game without such words (the default)."""
        return {}

    def heuristics(self) -> Heuristics | None:
        """Optional game knowledge for agents (evaluation, move ordering); None where a game has none."""
        return None

    def svg(self, state: State, seat: int | None = None, *, language: str = "en") -> str:
        """A picture of `state` as `seat` may see it (None: a spectator), as SVG text; any words in it
        in `language` where the game has them (a code like "de"; English otherwise)."""
        raise SpielwerkError(say("game.no-pictures", game=self.INFO.name))

    def terminal(self, state: State, seat: int | None = None, language: str = "en") -> str:
        """A picture of `state` as `seat` may see it, for a terminal, as rich console markup, its words
        in `language`.

        Front ends print it with rich (`Console.print`); a game draws it without importing rich,
        writing tags like `[bold red]…[/]` and escaping a literal `[` as `\\[`. The default is a
        plain listing of `state.view(seat)`, one key a line; games override it with a real board.
        """
        lines = [f"{key}: {json.dumps(value, ensure_ascii=False)}" for key, value in state.view(seat).items()]
        return _escape_markup("\n".join(lines))

    def move_label(self, prefix: str, language: str = "en") -> str | None:
        """What a numbered list of legal actions calls those whose texts begin with `prefix`
        (Drachenfels: `3 ` is "card 3 → field"), in `language`; None, the default, shows the prefix."""
        return None

    def move_labels(self, state: State, seat: int | None, language: str = "en") -> dict[str, str]:
        """Words for `seat`'s legal actions in `state` where the notation alone says too little
        (Avalon: `explore` is "explore Ashford"): action text -> label in `language`. Empty, the
        default, where the notation is the clearest name."""
        return {}

    def move_places(self, state: State, seat: int | None) -> dict[str, list[list[str]]]:
        """The places of the picture a player clicks to choose each of `seat`'s legal actions whose
        text does not name them itself, as groups picked one after another, the places of a group in
        any order (Gygès: a set-up `112233` on rank 1 is `[["a1", "b1"], ["c1", "d1"], ["e1", "f1"]]`,
        the 1-rings' start cells first): action text -> groups. Empty, the default, where every text
        names its places (`b1-c3/e5`)."""
        return {}

    def pick_marks(self, state: State, seat: int | None) -> list[str]:
        """What a page writes on each place picked for an action of `move_places`, by the pick's
        position (Gygès: the height each start cell gets, "1", "1", "2", "2", "3", "3"). Empty, the
        default, where a picked place needs no words."""
        return []

    def rules_reference(self, language: str = "en") -> dict[str, str]:
        """Every rule id of the game with its sentence in `language` (the `rule.<id>` keys of its
        words), in the catalogue's order: what `spielwerk rules` and the rules page list."""
        words = self.words(language)
        own = self.WORDS.own("en") if self.WORDS is not CORE else {}
        return {key.removeprefix("rule."): words[key] for key in own if key.startswith("rule.")}

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from `State.to_json()` output."""
        from spielwerk.core.record import replay_into

        return replay_into(self, data)

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if v != _default(self.INFO, k)}
        args = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"spielwerk.game({self.INFO.id!r}{args})"


def _escape_markup(text: str) -> str:
    """Text that rich prints literally (what `rich.markup.escape` does; the core never imports rich)."""
    text = re.sub(r"(\\*)(\[[a-z#/@][^[]*?])", lambda m: f"{m[1]}{m[1]}\\{m[2]}", text)
    return text + "\\" if text.endswith("\\") and not text.endswith("\\\\") else text


def _default(info: GameInfo, name: str) -> Any:
    return next(option.default for option in info.options if option.name == name)


def _howto_part(package: str, stem: str, code: str) -> str | None:
    """The text of `<stem>.md` (English) or `<stem>.<code>.md` in `package`; None where it lacks it."""
    name = f"{stem}.md" if code == "en" else f"{stem}.{code}.md"
    try:
        return importlib.resources.files(package).joinpath(name).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return None
