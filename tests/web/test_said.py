"""The engine's words on German and French pages: every rule id a refusal may carry has a sentence
(translated), every status line and end reason the games write matches a pattern (translated), and
the pages carry the table that does it. The API's words stay the engine's English."""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import spielwerk
from spielwerk.core.errors import IllegalAction, SpielwerkError
from spielwerk.core.state import State
from spielwerk.games.grani import view as grani_view
from spielwerk.web import i18n, said
from tests.web.helpers import act, new_game

SRC = Path(spielwerk.__file__).resolve().parent
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT]


def constants(folder: Path, wanted: re.Pattern[str]) -> set[str]:
    """Every string constant of the modules under `folder` that is all `wanted`."""
    found: set[str] = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and wanted.fullmatch(text):
                found.add(text)
    return found


def rule_constants(path: Path) -> set[str]:
    """The values of a module's `…_RULE = "…"` names."""
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        named = isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id.endswith("_RULE") for target in node.targets)
        if named and isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            found.add(str(node.value.value))
    return found


def raised_rule_ids() -> set[str]:
    """The rule ids in the games' sources (any string that is `<game>.<words>`), the core's and the
    server's."""
    ids: set[str] = set()
    for game_id in spielwerk.games():
        ids |= constants(SRC / "games" / game_id, re.compile(rf"{re.escape(game_id)}(\.[a-z0-9-]+)+"))
    ids |= rule_constants(SRC / "core" / "state.py") | rule_constants(SRC / "web" / "errors.py")
    return ids


def test_the_scan_finds_the_rule_ids_of_each_game() -> None:
    ids = raised_rule_ids()
    assert {"gyges.turn.nearest-rank", "grani.move.steps", "drachenfels.card.cloud", "seat.turn",
            "web.notation", "game.over"} <= ids
    assert len([rule for rule in ids if rule.startswith("grani.")]) >= 15


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_rule_id_the_games_raise_has_a_sentence_in_german_and_french(lang: str) -> None:
    missing = sorted(raised_rule_ids() - set(said.RULES))
    assert not missing, f"no sentence in spielwerk/web/said.py RULES for {missing}"
    for rule, sentence in said.RULES.items():
        words = i18n.gettext(lang, sentence)
        assert words != sentence and words.strip(), (lang, rule)


def refusals(state: State, players: int, texts: list[str], chooser: random.Random) -> set[str]:
    """The rule ids of refusals of `texts` (legal at other moments), given to the seat to move and
    to another seat."""
    seen: set[str] = set()
    for text in texts:
        for seat in {state.to_move, chooser.randrange(players)}:
            try:
                state.clone().apply(text, seat=seat)
            except IllegalAction as error:
                seen.add(error.rule)
            except SpielwerkError:
                pass
    return seen


def playout(game_id: str, players: int, seed: int, limit: int, **options: Any) -> tuple[set[str], set[str]]:
    """A random game: the status lines and end reasons its views showed, and the rule ids of texts
    refused along the way (each a move legal at another moment)."""
    state = spielwerk.game(game_id, **options).new_state(players=players, seed=seed)
    chooser = random.Random(seed)
    lines: set[str] = set()
    rules: set[str] = set()
    earlier: list[str] = []
    for step in range(limit):
        view = state.view(None)
        if isinstance(view.get("waiting_for"), str):
            lines.add(view["waiting_for"])
        if state.is_over:
            result = view.get("result")
            lines.add(result["reason"] if isinstance(result, dict) else str(result))
            break
        if state.is_chance:
            state.resolve_chance()
            continue
        legal = state.legal_actions()
        if step % 7 == 0:
            rules |= refusals(state, players, chooser.sample(earlier, min(6, len(earlier))), chooser)
        action = chooser.choice(legal)
        earlier.append(str(action))
        state.apply(action)
    return lines, rules


GAMES = [
    ("gyges", 2, {}), ("gyges", 2, {"max_plies": 30}), ("gyges", 2, {"throne_captures": 3}),
    ("grani", 3, {"max_turns": 12}), ("grani", 4, {"seals_to_win": 2, "max_turns": 60}),
    ("drachenfels", 2, {}), ("drachenfels", 3, {}),
]


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES)
def test_every_status_line_and_end_reason_of_random_games_has_a_pattern(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    lines: set[str] = set()
    rules: set[str] = set()
    for seed in range(2):
        shown, refused = playout(game_id, players, seed, 5000, **options)
        lines |= shown
        rules |= refused
    unmatched = sorted(line for line in lines if said.match(line) is None)
    assert not unmatched, f"no pattern in spielwerk/web/said.py LINES for {unmatched}"
    assert rules and rules <= set(said.RULES), sorted(rules - set(said.RULES))


def test_grani_every_waiting_line_of_the_engine_has_a_pattern() -> None:
    for template in grani_view.WAITING.values():
        text = template.format(colour="red", victim="blue")
        assert said.match(text) is not None, text
    assert said.match("red to rest (shackled)") == ("{colour} to rest (shackled)", {"colour": "red"})


def test_a_pattern_says_what_its_holes_hold() -> None:
    assert said.match("yellow to take a card from blue or stop (2 left)") == (
        "{colour} to take a card from {victim} or stop ({count} left)",
        {"colour": "yellow", "victim": "blue", "count": "2"})
    assert said.match("drawn: the limit of 30 plies was reached") == (
        "drawn: the limit of {count} plies was reached", {"count": "30"})
    assert said.match("the turn limit is reached; red and blue with the most seals share the win") == (
        "the turn limit is reached; {names} with the most seals share the win", {"names": "red and blue"})
    assert said.match("red to move") == ("{colour} to move", {"colour": "red"})
    assert said.match("the ring is lost at sea") is None


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_pattern_keeps_its_holes_in_german_and_french(lang: str) -> None:
    for line in said.LINES:
        words = i18n.gettext(lang, line)
        assert words != line, (lang, line)
        assert set(re.findall(r"\{\w+\}", words)) == set(re.findall(r"\{\w+\}", line)), (lang, line)


def engine_words(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="engine-words">(.*?)</script>', html, re.S)
    assert found, "the page carries no engine-words table"
    table: dict[str, Any] = json.loads(found.group(1))
    return table


def messages(html: str) -> dict[str, str]:
    found = re.search(r'<script type="application/json" id="messages">(.*?)</script>', html, re.S)
    assert found
    words: dict[str, str] = json.loads(found.group(1))
    return words


def test_a_german_page_carries_the_engine_table_and_its_german_words(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    html = client.get(f"/play/{created['id']}?lang=de").text
    table = engine_words(html)
    assert table["rules"] == said.RULES and table["lines"] == list(said.LINES)
    words = messages(html)
    assert words[said.RULES["gyges.setup"]].startswith("Diese Aufstellung ist jetzt nicht erlaubt")
    assert words["{colour} to move"] == "{colour} ist am Zug"
    french = messages(client.get(f"/replay/{created['id']}?lang=fr").text)
    assert french[said.RULES["seat.turn"]] == "Ce n'est pas votre tour."


def test_the_api_still_answers_in_the_engine_s_english(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    answer = act(client, created["id"], created["seats"][0]["token"], "111222")
    assert answer.status_code == 409
    assert answer.json() == {"error": "111222 does not use two rings of each height 1, 2 and 3",
                             "rule": "gyges.setup"}


def test_every_name_a_game_gives_its_actions_is_in_the_catalogue() -> None:
    for game_id in spielwerk.games():
        for pattern, label in spielwerk.game(game_id).move_labels():
            re.compile(pattern)
            assert label in said.LABELS, (game_id, label)
    assert said.move_labels()["drachenfels"][0] == [r"([1-9][0-9]?) ", "card {0} → field"]


def test_the_move_labels_table_names_what_the_terminal_names() -> None:
    from spielwerk.cli.movelist import split_text

    game = spielwerk.game("drachenfels")
    state = game.new_state(players=3, seed=4)
    chooser = random.Random(4)
    named = 0
    for _ in range(600):
        if state.is_over:
            break
        if state.is_chance:
            state.resolve_chance()
            continue
        legal = state.legal_actions()
        for text in map(str, legal):
            _, prefix, _ = split_text(text)
            table = next((label.format(*found.groups()) for pattern, label in game.move_labels()
                          if (found := re.fullmatch(pattern, prefix))), None)
            assert table == game.move_label(prefix), prefix
            named += table is not None
        state.apply(chooser.choice(legal))
    assert game.move_label("3 ") == "card 3 → field" and game.move_label("dragon C4>") == "C4 →"
    assert named > 100


def test_a_drachenfels_page_carries_the_names_of_its_actions(client: TestClient) -> None:
    created = new_game(client, "drachenfels", ["human", "human"])
    table = engine_words(client.get(f"/play/{created['id']}?lang=fr").text)
    game = spielwerk.game("drachenfels")
    assert table["labels"]["drachenfels"] == [list(pair) for pair in game.move_labels()]
    assert "gyges" not in table["labels"]
