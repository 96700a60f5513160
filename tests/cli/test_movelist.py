"""The numbered list of legal actions (`moves`): every action shown once with its number, its text
rebuilt exactly from its row and what is shown; groups and rows by how the texts begin; a game's
names for them; lines that fit the terminal."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator, Sequence

import pytest
from rich.console import Console

import spielwerk
from spielwerk.cli.movelist import COLLAPSE_LINES, OTHER, Labeller, format_moves, group, select, split_text
from spielwerk.core.state import State

_SHOWN = re.compile(r"\[cyan\] *(\d+)(?:–(\d+))?\[/\]|\[bold\]((?:\\\[|[^\[]|\[(?![a-z#/@]))*)\[/\]")
"""A number or a range of numbers, or an action's ending (where rich's escaped `\\[` may stand)."""
PLIES = 100
"""Decisions looked at per game played (each game is played at random from its seed)."""


def shown(lines: Sequence[str]) -> list[tuple[int, str]]:
    """(number, shown ending) in the order printed, read back from the markup of `format_moves`:
    a number `[cyan]7[/]` or a range `[cyan]4–9[/]` numbers the `[bold]…[/]` endings after it."""
    found: list[tuple[int, str]] = []
    pending: list[int] = []
    for line in lines[1:]:  # the first line is the count and a tip
        for match in _SHOWN.finditer(line):
            if match[1]:
                assert not pending, f"a number without its action before {line!r}"
                first = int(match[1])
                pending = list(range(first, int(match[2] or first) + 1))
            else:
                assert pending, f"an action without its number in {line!r}"
                found.append((pending.pop(0), match[3].replace("\\[", "[")))
    assert not pending, "a range longer than its actions"
    return found


def plain(lines: Sequence[str], width: int) -> list[str]:
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None, highlight=False)
    for line in lines:
        console.print(line, soft_wrap=True)
    return buffer.getvalue().splitlines()


def check(texts: Sequence[str], width: int, word: str = "", label: Labeller | None = None) -> list[str]:
    """The listing of `texts`, checked: each selected action once, with its number, rebuilt exactly."""
    lines = format_moves(texts, width, word, label)
    indices = select(texts, word)
    pairs = shown(lines)
    assert sorted(number for number, _ in pairs) == [index + 1 for index in indices]
    prefixes = {number: row.prefix for one in group(texts, indices, label) for row in one.rows
                for number, _ in row.items}
    for number, rest in pairs:
        assert prefixes[number] + rest == texts[number - 1]
    footnote = 1 if lines[-1].startswith("[dim]") else 0
    rendered = plain(lines[: len(lines) - footnote], width)
    assert max(len(line) for line in rendered[1:]) <= width, "\n".join(rendered)
    return lines


def decisions(game_id: str, seed: int) -> Iterator[State]:
    """The states where a player decides, in a game played at random from `seed`."""
    game = spielwerk.game(game_id)
    low, high = game.info.min_players, game.info.max_players
    state = game.new_state(players=low + seed % (high - low + 1), seed=seed)
    rng = random.Random(seed)
    for _ in range(PLIES):
        if state.is_over:
            return
        if state.is_chance:
            state.resolve_chance()
            continue
        yield state
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", ["gyges", "grani", "drachenfels"])
@pytest.mark.parametrize("seed", range(4))
def test_every_legal_action_is_shown_once_with_its_number_and_its_exact_text(game_id: str, seed: int) -> None:
    rng = random.Random(seed)
    label = spielwerk.game(game_id).move_label
    for state in decisions(game_id, seed):
        texts = [str(action) for action in state.legal_actions()]
        check(texts, 80, "", label)
        check(texts, 44, "", label)
        check(texts, 80, "", None)
        check(rng.sample(texts, len(texts)), 80, "", label)  # rows with gaps in their numbers
        word = rng.choice(texts)[: rng.randint(1, 4)]
        check(texts, 80, word, label)


def test_a_row_of_numbers_with_gaps_is_numbered_item_by_item() -> None:
    bridges = ["bridge H1", "bridge H2", "bridge X1", "bridge -H3", "bridge H3>H1", "bridge H3>X1"]
    dragons = [f"dragon C{c}>{f}" for c in (1, 4) for f in range(1, 70)]
    texts = [*bridges[:2], *dragons[:5], *bridges[2:], *dragons[5:]]  # neither row is contiguous
    listing = plain(check(texts, 80), 200)
    assert listing[1:4] == ["bridge:   1 H1    2 H2    8 X1",
                            "        -   9 H3",
                            "        H3>  10 H1   11 X1"]
    assert listing[4].startswith("dragon: C1>   3 1     4 2     5 3     6 4     7 5    12 6    13 7")  # a gap
    assert any(line.startswith("        C4> 76–144 1 2 3 4 5 6 7") for line in listing)  # a long list


def test_a_list_of_a_screen_or_less_numbers_each_action() -> None:
    texts = [f"dragon C{c}>{f}" for c in (1, 4) for f in range(1, 41)]
    listing = plain(check(texts, 80), 80)
    assert len(listing) <= 1 + COLLAPSE_LINES
    assert listing[1].startswith("dragon: C1>  1 1    2 2    3 3")
    assert not any("–" in line for line in listing)


def test_the_move_list_groups_by_start_and_keeps_the_full_list_numbers() -> None:
    texts = ["a1-a2", "a1-b1/c3", "a1-b1/d3", "b1-b2", "pass"]
    groups = group(texts, select(texts, ""))
    assert [(one.heading, [(row.prefix, row.items) for row in one.rows]) for one in groups] == [
        ("a1:", [("", [(1, "a1-a2")]), ("a1-b1/", [(2, "c3"), (3, "d3")])]),
        ("b1:", [("", [(4, "b1-b2")])]),
        (OTHER, [("", [(5, "pass")])]),
    ]
    assert select(texts, "B1") == [3]
    assert select(texts, "d3") == [2]  # no text starts with it, one contains it
    lines = format_moves(texts, 80, "b1")
    assert "1 legal action matching 'b1' (of 5)" in lines[0]
    assert [one.heading for one in group(["112233", "112323"], [0, 1])] == [""]  # one group needs no name


def test_texts_split_into_group_row_and_ending() -> None:
    assert split_text("b1-c3/e5") == ("b1", "b1-c3/", "e5")
    assert split_text("a1-b2") == ("a1", "", "a1-b2")
    assert split_text("3 17") == ("3 ", "3 ", "17")
    assert split_text("bridge H1") == ("bridge ", "bridge ", "H1")
    assert split_text("bridge -H1") == ("bridge ", "bridge -", "H1")
    assert split_text("bridge H1>X2") == ("bridge ", "bridge H1>", "X2")
    assert split_text("rainbow R1-K>R2-C2") == ("rainbow ", "rainbow R1-K>", "R2-C2")
    assert split_text("cloud blue S1") == ("cloud ", "cloud blue ", "S1")
    assert split_text("refresh") == ("", "", "refresh")
    assert split_text("bridge -") == ("bridge ", "", "bridge -")


def test_the_move_list_fits_the_width() -> None:
    state = spielwerk.game("gyges", setup="123321,321123").new_state()
    texts = [str(action) for action in state.legal_actions()]
    lines = check(texts, 60)
    assert "`moves a1-b1/` lists them one by one" in lines[-1]


def test_decisions_are_grouped_by_their_word_and_long_runs_by_their_points_letters() -> None:
    exiles = [f"exile X{n}" for n in (1, 3, 4)]
    grouped = group(exiles, [0, 1, 2])
    assert [(one.heading, [(row.label, row.items) for row in one.rows]) for one in grouped] == [
        ("exile:", [("", [(1, "X1"), (2, "X3"), (3, "X4")])])]
    blocks = [f"block {letter}{n}" for letter in "TUGEX" for n in range(1, 14)] + ["stay"]
    lines = check(blocks, 80)
    assert "66 legal actions" in lines[0]
    assert lines[1].startswith("block: [dim]T[/] [cyan] 1[/] [bold]T1[/]   [cyan] 2[/] [bold]T2[/]")
    assert lines[3].startswith("       [dim]U[/] [cyan]14[/] [bold]U1[/]")
    assert "other: [cyan]66[/] [bold]stay[/]" in lines
    assert "block T1" not in " ".join(lines)  # the word is said once, above its points
    blocks = [f"block {letter}{n}" for letter in "TUGEX" for n in range(1, 40)] + ["stay"]
    lines = check(blocks, 80)
    assert lines[1].startswith("block: [dim]T[/] [cyan]1–39[/] [bold]T1[/] [bold]T2[/]")
    assert any(line.startswith("       [dim]U[/] [cyan]40–78[/] [bold]U1[/]") for line in lines)
    assert "`moves block T` lists them one by one" in lines[-1]
    mixed = [f"go {n}" for n in range(1, 10)] + [f"go R{n}" for n in range(1, 10)]
    assert [row.label for row in group(mixed, range(18))[0].rows] == [""]  # split only where all have letters


def test_a_game_names_its_groups_and_rows() -> None:
    names = {"3 ": "card 3 → field", "dragon C4>": "C4 →"}
    texts = ["3 17", "3 23", "dragon C4>7", "dragon C4>10", "refresh"]
    listing = plain(check(texts, 80, "", names.get), 80)
    assert listing[1:] == ["card 3 → field 1 17  2 23",
                           "dragon:        C4 → 3 7   4 10",
                           "other:         5 refresh"]


def test_a_wide_heading_goes_on_its_own_line_in_a_narrow_terminal() -> None:
    texts = ["take blue", "take red", "stop"]
    listing = plain(check(texts, 40, "", {"take ": "take a card at random from"}.get), 40)
    assert listing[1:] == ["take a card at random from", "  1 blue  2 red", "other:", "  3 stop"]


def test_texts_are_shown_literally() -> None:
    listing = plain(check(["say [bold]hi", "say [red]", "say [1]"], 80), 80)
    assert "say: 1 [bold]hi  2 [red]     3 [1]" in listing
