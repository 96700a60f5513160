"""Every catalogue holds the same keys with the same placeholders in English, German and French; every
rule id has its sentence; random games of every game and player count speak each language fully."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import spielwerk
from spielwerk.core.catalogue import CORE, LANGUAGES, Words
from spielwerk.core.errors import IllegalAction
from spielwerk.core.message import UNFILLED, placeholders, render_json

GAMES = spielwerk.games()
RULES = Path(__file__).resolve().parents[3] / "shared" / "rules"
RULE_ID = re.compile(r"^- `([a-z]+(?:\.[a-z0-9-]+)+)`")


def catalogues() -> dict[str, Words]:
    """Every catalogue of the project: the core's, each game's, and those of the parts that have one."""
    found: dict[str, Words] = {"core": CORE}
    for game_id in GAMES:
        found[game_id] = spielwerk.game(game_id).WORDS
    from spielwerk.agents.say import WORDS as AGENT_WORDS

    found["agents"] = AGENT_WORDS
    return found


CATALOGUES = catalogues()


@pytest.mark.parametrize("name", list(CATALOGUES))
def test_every_language_has_the_same_keys(name: str) -> None:
    words = CATALOGUES[name]
    english = set(words.own("en"))
    assert english, f"{name} has no English words"
    for language in LANGUAGES:
        keys = set(words.own(language))
        assert not english - keys, f"{name}/{language} lacks {sorted(english - keys)[:10]}"
        assert not keys - english, f"{name}/{language} has keys English lacks: {sorted(keys - english)[:10]}"


@pytest.mark.parametrize("name", list(CATALOGUES))
def test_every_language_has_the_same_placeholders(name: str) -> None:
    words = CATALOGUES[name]
    english = words.own("en")
    for language in LANGUAGES:
        for key, text in words.own(language).items():
            theirs, ours = placeholders(text), placeholders(english[key])
            if key.endswith(".one"):  # "one step" may leave the count out
                theirs, ours = theirs - {"count"}, ours - {"count"}
            assert theirs == ours, f"{name}/{language} {key}: {sorted(theirs)} against English {sorted(ours)}"


def test_a_missing_key_an_extra_key_and_other_placeholders_are_caught(tmp_path: Path) -> None:
    package = tmp_path / "toy_words_pkg"
    (package / "words").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "words" / "en.toml").write_text('"a" = "{x} moves"\n"b" = "B"\n')
    (package / "words" / "de.toml").write_text('"a" = "{y} zieht"\n"c" = "C"\n')
    import sys

    sys.path.insert(0, str(tmp_path))
    try:
        words = Words("toy_words_pkg")
        assert set(words.own("en")) - set(words.own("de")) == {"b"}
        assert set(words.own("de")) - set(words.own("en")) == {"c"}
        assert placeholders(words.own("de")["a"]) != placeholders(words.own("en")["a"])
        assert words.text("b", "fr") == "B"  # French has no file: it reads English, and the tests above fail
    finally:
        sys.path.remove(str(tmp_path))


def rule_ids(game_id: str) -> list[str]:
    """The rule ids the rules file names (skipped where the shared rules are not beside the project)."""
    path = RULES / f"{game_id}.md"
    if not path.exists():
        pytest.skip(f"no rules file at {path}")
    ids: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        found = RULE_ID.match(line.lstrip())
        if found and found[1].startswith(game_id + ".") and found[1] not in ids:
            ids.append(found[1])
    return ids


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_id_has_its_sentence_in_every_language(game_id: str) -> None:
    game = spielwerk.game(game_id)
    reference = game.rules_reference("en")
    missing = [rule for rule in rule_ids(game_id) if rule not in reference]
    assert not missing, f"{game_id} lacks rule sentences for {missing}"
    for language in LANGUAGES:
        sentences = game.rules_reference(language)
        assert all(sentences[rule] and not UNFILLED.search(sentences[rule]) for rule in reference)


def play(game_id: str, players: int, seed: int, limit: int) -> spielwerk.State:
    """A random game of at most `limit` actions, refusing a random text at every step on the way."""
    rng = random.Random(seed)
    state = spielwerk.game(game_id).new_state(players=players, seed=seed)
    for _ in range(limit):
        if state.is_over:
            break
        if state.is_chance:
            state.resolve_chance()
            continue
        try:
            state.apply(rng.choice(["pass", "a1-a2", "1 2", "explore", "zz"]), seat=state.to_move)
        except IllegalAction as refused:
            words = state.game.words("en")
            assert f"rule.{refused.rule}" in words, f"{game_id}: no sentence for rule {refused.rule}"
        except spielwerk.SpielwerkError:
            pass
        else:
            continue
        state.apply(rng.choice(state.legal_actions()))
    return state


def every_count() -> list[tuple[str, int]]:
    return [(game_id, players) for game_id in GAMES
            for players in range(spielwerk.game(game_id).info.min_players,
                                 spielwerk.game(game_id).info.max_players + 1)]


@pytest.mark.parametrize(("game_id", "players"), every_count())
def test_random_games_speak_every_language(game_id: str, players: int) -> None:
    state = play(game_id, players, seed=players * 7 + 1, limit=160)
    game = state.game
    viewers: list[int | None] = [None, *range(players)]
    for language in LANGUAGES:
        words = game.words(language)
        for seat in viewers:
            lines = state.narration(seat, language)
            assert len(lines) == len(state.history)
            for line in lines:
                assert line and not UNFILLED.search(line), f"{language}: {line}"
            view = state.view(seat)
            said = view.get("waiting_for_message")
            if said is not None:
                status = render_json(words, said, language)
                assert not UNFILLED.search(status), status
            result = view.get("result")
            if isinstance(result, dict) and result.get("reason_message"):
                reason = render_json(words, result["reason_message"], language)
                assert not UNFILLED.search(reason), reason
            for label in game.move_labels(state, seat, language).values():
                assert not UNFILLED.search(label), label
            picture = game.svg(state, seat, language=language)
            assert picture.startswith("<svg") and not UNFILLED.search(picture)
            assert not UNFILLED.search(game.terminal(state, seat, language))


@pytest.mark.parametrize("game_id", GAMES)
def test_german_and_french_narration_differ_from_english(game_id: str) -> None:
    info = spielwerk.game(game_id).info
    state = play(game_id, info.min_players, seed=3, limit=60)
    english = state.narration(None, "en")
    for language in ("de", "fr"):
        said = state.narration(None, language)
        same = [line for line, theirs in zip(english, said, strict=True) if line == theirs]
        assert len(same) <= len(english) // 4, f"{language} says these as English does: {same[:5]}"
