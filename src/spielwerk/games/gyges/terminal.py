"""The Gygès board drawn for a terminal, as rich console markup (this module never imports rich).

South sits at the bottom. Each throne is a bar joined to the six cells of its rank; rings are
tiles coloured by height with the height written on them; the last move's start, end and put
cell are marked `▸ ◂`, the cells its ring passed `•` and the rings it bounced off `› ‹`; the rank
whose rings may move is pointed at on the right. At the end the ring on the throne and the result show.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spielwerk.core.errors import SpielwerkError
from spielwerk.core.message import render_json
from spielwerk.games.gyges.board import CELLS, FILES, NORTH_THRONE, SIZE, SOUTH_THRONE, cell_name
from spielwerk.games.gyges.notation import Move, parse_action
from spielwerk.games.gyges.panel import THRONE_OWNERS, reason_text, result_words, seat_word, way_words
from spielwerk.games.gyges.say import WORDS, say

CELL_WIDTH = 5
LABEL_WIDTH = 4
RING_STYLE = {1: "bold black on #9ad1e8", 2: "bold black on #f2c14e", 3: "bold white on #b83280"}
"""A ring's tile by height: light blue, amber, plum."""
GRID = "grey50"
MARK = {
    "start": "bold #b8e05a on #3e4f1c",
    "end": "bold #d4ff6a on #56701f",
    "drop": "bold #9be3ff on #23506a",
    "path": "bold #b8e05a",
    "bounce": "bold #b8e05a",
}
"""The last move's markers and cell backgrounds: where the ring started, ended, and the put ring;
the cells it passed on the way, and the rings it bounced off."""
INNER = {"path": ("•", None), "bounce": ("›", "‹")}
"""How a cell on the way is drawn: an empty cell's dot, a bounced ring's markers."""


def board_markup(view: Mapping[str, Any], language: str = "en") -> str:
    """The board of a Gygès view (`state.view(seat)`) with thrones, last move and whose turn, its
    words in `language`."""
    rings: dict[str, int] = dict(view["rings"])
    marks = {**_way_marks(view), **_last_move_marks(view.get("last_action"))}
    movable = view.get("movable_rank")
    lines = [_throne_bar("N", view, marks, language, top=True), _border("┌", "┬", "┐", "┴")]
    for rank in range(SIZE, 0, -1):
        cells = f"[{GRID}]│[/]".join(
            _cell(f"{file}{rank}", rings, marks) for file in FILES
        )
        row = f"{rank:>{LABEL_WIDTH - 2}} [{GRID}]│[/]{cells}[{GRID}]│[/]"
        if rank == movable:
            row += f"  [bold #a6e22e]{escape(WORDS.text('terminal.rank-moves', language, rank=rank))}[/]"
        lines.append(row)
        lines.append(_border("├", "┼", "┤", "") if rank > 1 else _border("└", "┴", "┘", "┬"))
    lines.append(_throne_bar("S", view, marks, language, top=False))
    files = "".join(f"{file:^{CELL_WIDTH + 1}}" for file in FILES)
    lines.append(" " * LABEL_WIDTH + files.rstrip())
    lines.extend(_status(view, language))
    return "\n".join(lines)


def _cell(name: str, rings: Mapping[str, int], marks: Mapping[str, str]) -> str:
    height = rings.get(name, 0)
    mark = marks.get(name)
    if height:
        core = f"[{RING_STYLE[height]}] {height} [/]"
    elif mark in INNER:
        core = f"[{MARK[mark]}] {INNER[mark][0]} [/]"
    else:
        core = f"[{MARK[mark]}] · [/]" if mark else "[grey42] · [/]"
    if mark is None or (mark == "path" and not height):
        return f" {core} "
    left, right = ("›", "‹") if mark in INNER else ("▸", "◂")
    return f"[{MARK[mark]}]{left}[/]{core}[{MARK[mark]}]{right}[/]"


def _centres() -> list[int]:
    """The columns (from the line's start) of the six cell centres."""
    return [LABEL_WIDTH + (CELL_WIDTH + 1) * i + CELL_WIDTH // 2 for i in range(SIZE)]


def _border(left: str, cross: str, right: str, centre: str) -> str:
    """A horizontal grid line; `centre` (if any) is drawn where a throne's connection meets it."""
    chars = []
    for _ in range(SIZE):
        cell = ["─"] * CELL_WIDTH
        if centre:
            cell[CELL_WIDTH // 2] = centre
        chars.append("".join(cell))
    line = left + cross.join(chars) + right
    return " " * (LABEL_WIDTH - 1) + f"[{GRID}]{line}[/]"


def _throne_bar(
    throne: str, view: Mapping[str, Any], marks: Mapping[str, str], language: str, *, top: bool
) -> str:
    """A throne as a bar over (or under) its rank, joined to each cell's centre."""
    centres = _centres()
    width = centres[-1] + 1
    chars = [" "] * width
    for x in range(centres[0], width):
        chars[x] = "─"
    for x in centres[1:-1]:
        chars[x] = "┬" if top else "┴"
    chars[centres[0]], chars[-1] = ("╭", "╮") if top else ("╰", "╯")
    label = f" {throne} "
    middle = (centres[0] + centres[-1]) // 2
    start = middle - len(label) // 2
    line = "".join(chars)
    mark = marks.get(throne)
    style = MARK[mark] if mark else "bold"
    text = (
        f"[{GRID}]{line[:start]}[/][{style}]{label}[/][{GRID}]{line[start + len(label):]}[/]"
    )
    return text + _throne_note(throne, view, language)


def _throne_note(throne: str, view: Mapping[str, Any], language: str) -> str:
    """The throne's name, and the ring waiting on it in the King's game (or the one that won)."""
    owner = seat_word(THRONE_OWNERS[throne])
    words = say("terminal.throne", owner=owner)
    waiting = view.get("throne_ring")
    if waiting and waiting.get("throne") == throne:
        words = say("terminal.throne.holds", owner=owner, ring=_tile(waiting["height"]))
    elif not waiting:
        landed = _landed(view, throne)
        if landed:
            words = say("terminal.throne.reached", owner=owner, ring=_tile(landed))
    return f"  [bold]{throne}[/] {words.render(language)}"


def _tile(height: int) -> str:
    """A ring as a coloured tile with its height."""
    return f"[{RING_STYLE[height]}] {height} [/]"


def _landed(view: Mapping[str, Any], throne: str) -> int:
    """The height of the ring the last move brought onto `throne` (the winning ring), else 0."""
    last = view.get("last_move")
    if not isinstance(last, Mapping) or last.get("to") != throne or last.get("from") in ("S", "N"):
        return 0
    height = last.get("height")
    return height if height in RING_STYLE else 0


def _way_marks(view: Mapping[str, Any]) -> dict[str, str]:
    """The cells the last move's ring passed ('path') and the rings it bounced off ('bounce')."""
    last = view.get("last_move")
    if not isinstance(last, Mapping):
        return {}
    marks = {str(cell): "path" for cell in (last.get("path") or ())[1:-1]}
    marks.update({str(cell): "bounce" for cell in last.get("bounces") or ()})
    return marks


def _last_move_marks(text: str | None) -> dict[str, str]:
    """The cells (and thrones) of the last move: 'start', 'end' or 'drop' by name."""
    if not text:
        return {}
    try:
        action = parse_action(text)
    except SpielwerkError:
        return {}
    if not isinstance(action, Move):
        return {}
    marks = {_name(action.start): "start", _name(action.end): "end"}
    if action.drop >= 0:
        marks[_name(action.drop)] = "drop"
    return marks


def _name(cell: int) -> str:
    return cell_name(cell) if cell < CELLS or cell in (SOUTH_THRONE, NORTH_THRONE) else "?"


def _status(view: Mapping[str, Any], language: str) -> list[str]:
    """Lines under the board: the last move, and what the player to move has to do."""
    words = WORDS.catalogue(language)
    heads = {key: words[f"terminal.{key}"] for key in ("last-move", "way", "captures")}
    width = max(len(head) for head in heads.values()) + 1
    lines = []
    last = view.get("last_action")
    if last:
        head = heads["last-move"].ljust(width)
        lines.append(f"  {head}[bold]{last}[/]" + _last_move_words(last, language))
        way = way_words(view, language)
        if way:
            lines.append(f"  {heads['way'].ljust(width)}{escape(way)}")
    needed = view.get("captures_needed", {})
    if any(count > 1 for count in needed.values()):
        counts = ", ".join(
            say("terminal.captures.side", seat=seat_word(side), count=view["captures"][side],
                needed=needed[side]).render(language)
            for side in view["seats"]
        )
        lines.append(f"  {heads['captures'].ljust(width)}{escape(counts)}")
    result = view.get("result")
    if result:
        lines.append(f"  [bold]{escape(words['terminal.over'])}[/] {escape(reason_text(result, language))}")
        told = result_words(view, language)
        if told and result.get("rule") == "gyges.win":
            lines.append(f"  {escape(WORDS.text('panel.result', language, headline=told[0], why=told[1]))}")
        return lines
    seat = view.get("to_move")
    if seat not in (0, 1):  # chance draws a set-up: the view says whose
        waiting = view.get("waiting_for_message")
        if isinstance(waiting, Mapping):
            lines.append(f"  {escape(render_json(words, waiting, language))}")
        return lines
    name = seat_word(view["seats"][seat]).render(language)
    side = f"[bold]{escape(name[:1].upper() + name[1:])}[/]"
    phase = view.get("phase")
    if phase == "setup":
        said = say("status.setup", seat=side, rank=1 if seat == 0 else SIZE)
    elif phase == "throne":
        throne = view["throne_ring"]["throne"] if view.get("throne_ring") else "?"
        example = _put_example(view, throne)
        said = (say("status.throne.example", seat=side, throne=throne, example=example) if example
                else say("status.throne", seat=side, throne=throne))
    elif view.get("movable_rank") is None:
        said = say("status.pass", seat=side)
    else:
        said = say("status.move", seat=side, rank=view["movable_rank"])
    lines.append(f"  {said.render(language)}")
    return lines


def _put_example(view: Mapping[str, Any], throne: str) -> str:
    """An example put from `throne`: an empty cell of its owner's back rank is always allowed."""
    rank = 6 if throne == "N" else 1
    empty = [f"{file}{rank}" for file in FILES if f"{file}{rank}" not in view.get("rings", {})]
    return f"{throne}-{empty[0]}" if empty else ""


def _last_move_words(text: str, language: str) -> str:
    try:
        action = parse_action(text)
    except SpielwerkError:
        return ""
    if not isinstance(action, Move):
        return ""
    start, end = _name(action.start), _name(action.end)
    if action.start >= CELLS:
        said = say("terminal.last.put", throne=start, cell=end)
    elif action.end >= CELLS:
        said = say("terminal.last.throne", start=start, end=end)
    elif action.drop >= 0:
        said = say("terminal.last.drop", start=start, end=end, drop=_name(action.drop))
    else:
        said = say("terminal.last.move", start=start, end=end)
    return f"  ({escape(said.render(language))})"


def escape(text: str) -> str:
    """`text` that rich prints literally: a `[` that could open a tag is escaped (words from the
    catalogues hold none; this keeps it so)."""
    return text.replace("[", "\\[")
