"""The content checker: the shipped content meets rules/avalon.md, and each way content can fall
short is caught and named with its rule (avalon.verse.format, avalon.verse.content, map, characters,
prose)."""

from __future__ import annotations

import copy
import dataclasses
import subprocess
import sys
import tomllib
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import spielwerk
from spielwerk.games.avalon.content import (
    CONTENT,
    FILES,
    LANGUAGES,
    ChoiceNode,
    Content,
    ContentError,
    Option,
    parse_content,
)
from spielwerk.games.avalon.contentcheck import main, text_keys, validate
from spielwerk.games.avalon.howto import fill, per_count
from spielwerk.games.avalon.versecheck import counts, verse_effects
from spielwerk.games.avalon.versemeasure import chance, measure


def _read(name: str) -> str:
    return resources.files("spielwerk.games.avalon").joinpath("content", f"{name}.toml").read_text("utf-8")


SHIPPED: dict[str, Any] = {name: tomllib.loads(_read(name)) for name in FILES}


def data() -> dict[str, Any]:
    """A fresh copy of the shipped files, parsed, to change."""
    return copy.deepcopy(SHIPPED)


def problems(files: dict[str, Any]) -> list[str]:
    return validate(parse_content(files))


def verse(files: dict[str, Any], verse_id: str) -> dict[str, Any]:
    node: dict[str, Any] = files["verses"]["verse"][verse_id]
    return node


# ----- the shipped content ---------------------------------------------------------------------
def test_avalon_content__the_shipped_content_meets_every_requirement() -> None:
    assert validate(CONTENT) == []
    assert len(CONTENT.verses) == 40
    changers, dread = counts(CONTENT)
    assert changers >= 6 and dread >= 6


def test_avalon_content__every_prose_key_reads_in_both_languages() -> None:
    for key in text_keys(CONTENT):
        for language in LANGUAGES:
            assert CONTENT.text(key, language) != key
    assert CONTENT.text("verse.1a.start.2", "de") == "In die Halle hinabsteigen"
    assert CONTENT.text("character.3.title", "de") == "Heckenhexe"


def test_avalon_content__the_checker_runs_as_a_command(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "spielwerk.games.avalon.contentcheck"],
                          capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout.strip()) == (0, "content OK")
    for name in FILES:
        text = _read(name)
        if name == "verses":
            text = text.replace('test = "wits 5"', 'test = "wits 10"', 1)
        (tmp_path / f"{name}.toml").write_text(text, encoding="utf-8")
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "verse 2a.tracks: test difficulty 10 is outside 4–9 (avalon.verse.format)" in out
    (tmp_path / "map.toml").write_text("grid = [", encoding="utf-8")
    assert main([str(tmp_path)]) == 2
    assert "not valid TOML" in capsys.readouterr().out


def test_avalon_verse_content__measures() -> None:
    assert [chance(d) for d in range(4, 10)] == [Fraction(x, 6) for x in (5, 4, 3, 2, 1, 1)]
    low, high, worst, best, energy, nodes = measure(CONTENT.verses["5a"], CONTENT)
    assert (low, high) == (Fraction(1), Fraction(1))
    assert (worst, best, energy, nodes) == (-2, 4, 0, 2)
    assert measure(CONTENT.verses["1b"], CONTENT).low == pytest.approx(1.75)   # fights on, never flees


# ----- avalon.verse.format ---------------------------------------------------------------------
def test_avalon_verse_format__two_verses_per_location() -> None:
    files = data()
    del files["verses"]["verse"]["7b"]
    assert "location 7: verse 7b is missing (avalon.verse.format)" in problems(files)
    files = data()
    files["verses"]["verse"]["21a"] = verse(files, "7a")
    assert "verse 21a: location 21 does not exist (avalon.verse.format)" in problems(files)


def test_avalon_verse_format__choices_have_two_or_three_options() -> None:
    files = data()
    verse(files, "2a")["start"]["choice"].append({"next": "end"})
    assert "verse 2a.start: a choice has 4 options; it needs 2–3 (avalon.verse.format)" in problems(files)


def test_avalon_verse_format__test_difficulty_4_to_9() -> None:
    files = data()
    verse(files, "2a")["tracks"]["test"] = "wits 3"
    assert "verse 2a.tracks: test difficulty 3 is outside 4–9 (avalon.verse.format)" in problems(files)


def test_avalon_verse_format__damage_is_health_or_terror() -> None:
    files = data()
    verse(files, "3b")["boar"]["damage"] = "magic 1"
    assert ("verse 3b.boar: damage magic 1 is neither health nor terror (avalon.verse.format)"
            in problems(files))


def test_avalon_verse_format__every_target_exists() -> None:
    files = data()
    verse(files, "2a")["tracks"]["pass"]["next"] = "nowhere"
    with pytest.raises(ContentError, match="nowhere"):
        parse_content(files)
    start = CONTENT.verses["2b"].nodes["start"]
    assert isinstance(start, ChoiceNode)
    broken = ChoiceNode((start.options[0], Option((), (), (), "nowhere")))
    bad = CONTENT.verses["2b"]._replace(nodes={**CONTENT.verses["2b"].nodes, "start": broken})
    content = dataclasses.replace(CONTENT, verses={**CONTENT.verses, "2b": bad})
    assert "verse 2b.start: goes on to 'nowhere', which is no node (avalon.verse.format)" in validate(content)


def test_avalon_verse_format__no_cycles() -> None:
    files = data()
    verse(files, "2a")["tracks"]["pass"]["next"] = "start"
    assert ("verse 2a: nodes go round in a cycle: start → tracks → start (avalon.verse.format)"
            in problems(files))


def test_avalon_verse_format__every_node_reachable() -> None:
    files = data()
    verse(files, "2b")["lost"] = {"test": "wits 5", "pass": {"next": "end"}, "fail": {"next": "end"}}
    assert "verse 2b: node lost cannot be reached from start (avalon.verse.format)" in problems(files)


@pytest.mark.parametrize(("effect", "why"), [
    ("move 42", "move 42 moves to no location"),
    ("item sword", "item sword names no item"),
    ("marker 8 action 1", "marker 8 action 1: location 8 has no action"),
    ("marker 30 instant 1", "marker 30 instant 1 names no location"),
    ("arrow 1=3 add", "arrow 1=3 add: 1 and 3 are not orthogonal neighbours"),
    ("arrow 6>0 add", "arrow 6>0 add: 0 is no location (a lake or off the map)"),
    ("wake", "wake belongs to a location action only"),
    ("hunt stag", "hunt stag is not a verse effect"),
    ("counter Q1 1", "counter Q1 1 names no quest with a counter"),
])
def test_avalon_verse_format__effects_name_what_exists(effect: str, why: str) -> None:
    files = data()
    verse(files, "2a")["tracks"]["fail"]["do"].append(effect)
    assert f"verse 2a.tracks: {why} (avalon.verse.format)" in problems(files)


@pytest.mark.parametrize("condition", ["member 7", "quest Q9"])
def test_avalon_verse_format__conditions_name_what_exists(condition: str) -> None:
    files = data()
    verse(files, "2a")["start"]["choice"][2]["if"] = [condition]
    assert f"verse 2a.start: if {condition} names nothing (avalon.verse.format)" in problems(files)


# ----- avalon.verse.content --------------------------------------------------------------------
def test_avalon_verse_content__at_most_four_nodes_on_a_path() -> None:
    files = data()
    steps = verse(files, "2a")
    for name, after in (("tracks", "n2"), ("n2", "n3"), ("n3", "n4")):
        steps[name]["pass"]["next"] = after
        steps[after] = {"test": "wits 4", "pass": {"next": "end"}, "fail": {"next": "end"}}
    assert "verse 2a: a path passes 5 nodes; at most 4 (avalon.verse.content)" in problems(files)


@pytest.mark.parametrize("change", [{"cost": ["food 1"]}, {"if": ["has food 1"]}])
def test_avalon_verse_content__first_option_free(change: dict[str, list[str]]) -> None:
    files = data()
    verse(files, "2a")["start"]["choice"][0].update(change)
    assert ("verse 2a.start: the first option has an if or a cost; it must be a free way out "
            "(avalon.verse.content)") in problems(files)


def test_avalon_verse_content__each_verse_has_a_choice() -> None:
    files = data()
    verse(files, "3b")["start"] = verse(files, "3b").pop("boar")
    assert "verse 3b: has no choice (avalon.verse.content)" in problems(files)


def test_avalon_verse_content__each_verse_has_a_test_or_encounter() -> None:
    files = data()
    verse(files, "2b")["antler"] = {"choice": [{"next": "end"}, {"do": ["gain magic 2"], "next": "end"}]}
    assert "verse 2b: has neither a test nor an encounter (avalon.verse.content)" in problems(files)


def test_avalon_verse_content__expected_gain_at_least_1() -> None:
    files = data()
    verse(files, "2b")["antler"]["pass"]["do"] = ["gain magic 1"]
    assert "verse 2b: expected net gain 0.00 is below 1 (avalon.verse.content)" in problems(files)


def test_avalon_verse_content__expected_gain_at_most_3() -> None:
    files = data()
    verse(files, "2a")["start"]["choice"][2]["do"] = ["each reputation 1", "each food 5"]
    assert ("verse 2a: expected net gain 6.00 (every if holding) is above 3 (avalon.verse.content)"
            in problems(files))


def test_avalon_verse_content__worst_case_at_most_2_loss() -> None:
    files = data()
    verse(files, "2a")["tracks"]["fail"]["do"] = ["health -3"]
    assert "verse 2a: worst case -3 loses more than 2 per member (avalon.verse.content)" in problems(files)


def test_avalon_verse_content__at_most_2_energy() -> None:
    files = data()
    verse(files, "2b")["antler"]["pass"]["do"] = ["energy 3", "terror 1"]
    assert "verse 2b: gives up to 3 Energy; at most 2 (avalon.verse.content)" in problems(files)


def _without(predicate: Any) -> Content:
    kept = {vid: v for vid, v in CONTENT.verses.items() if not predicate(v)}
    return dataclasses.replace(CONTENT, verses=kept)


def test_avalon_verse_content__six_change_the_map() -> None:
    content = _without(lambda v: any(e.op in ("arrow", "marker", "move") for e in verse_effects(v)))
    assert "only 0 verses change the map; at least 6 (avalon.verse.content)" in validate(content)


def test_avalon_verse_content__six_raise_omen_or_terror() -> None:
    files = data()
    for verse_id in [v for v in CONTENT.verses if v not in ("2a", "3b", "12a")]:
        del files["verses"]["verse"][verse_id]
    assert "only 0 verses raise Omen or Terror; at least 6 (avalon.verse.content)" in problems(files)


def test_avalon_verse_content__moss_ruins_high_risk_high_reward() -> None:
    files = data()
    verse(files, "1b")["king"]["damage"] = "terror 1"
    assert ("verse 1b: the Moss Ruins are high risk, high reward: worst case -1 must be -2, best case 4 "
            "at least 4 (avalon.verse.content)") in problems(files)


def test_avalon_verse_content__items_from_one_verse_each() -> None:
    files = data()
    verse(files, "2a")["tracks"]["pass"]["do"].append("item spear")
    assert ("item spear comes from verses ['1a', '2a']; it must come from exactly one, at location 1 "
            "(avalon.verse.content)") in problems(files)
    files = data()
    verse(files, "16a")["reeds"]["pass"]["do"] = ["gain magic 3"]
    assert ("item hagstone comes from verses []; it must come from exactly one, at location 16 "
            "(avalon.verse.content)") in problems(files)
    files = data()
    verse(files, "2a")["tracks"]["pass"]["do"] = ["item hammer"]
    assert "verse 2a gives item hammer, which no verse may give (avalon.verse.content)" in problems(files)


def test_avalon_verse_content__only_the_saltmarsh_gives_a_relic() -> None:
    files = data()
    verse(files, "20b")["start"]["choice"][2]["do"] = ["relic bell"]
    assert ("verse 20b gives relic bell; only 5a and 5b give one, the mirror (avalon.verse.content)"
            in problems(files))


def test_avalon_verse_content__mirror_verses() -> None:
    files = data()
    verse(files, "5a")["pool"]["fail"]["do"] = ["terror 1"]
    assert ("verse 5a: must give the mirror on a wits 6 test (fail: terror 2) (avalon.verse.content)"
            in problems(files))
    files = data()
    verse(files, "5b")["start"]["choice"][2]["cost"] = ["terror 2"]
    assert ("verse 5b: its choice must give the mirror for magic 2 or for terror 3 (avalon.verse.content)"
            in problems(files))
    files = data()
    verse(files, "5b")["start"]["choice"][0]["do"] = ["gain food 1"]
    assert ("verse 5b: must open with a choice whose first option leaves with nothing (avalon.verse.content)"
            in problems(files))


# ----- the map, characters, effects, prose -----------------------------------------------------
def test_avalon_map__arrows_join_orthogonal_neighbours() -> None:
    files = data()
    files["map"]["arrows"] += ["1>3", "6>0"]
    found = problems(files)
    assert "arrow 1>3: 1 and 3 are not orthogonal neighbours (avalon.map)" in found
    assert "arrow 6>0: 0 is no location (a lake or off the map) (avalon.map)" in found


def test_avalon_setup__start_and_placed_are_real() -> None:
    files = data()
    files["map"]["start"] = 42
    files["map"]["placed"] = [*files["map"]["placed"], 99]
    found = problems(files)
    assert "start 42 is no location (avalon.setup)" in found
    assert "placed 99 is no location (avalon.setup)" in found
    files = data()
    files["map"]["placed"].remove(13)
    assert "start 13 is not placed (avalon.setup)" in problems(files)


def test_avalon_win__goals_reachable_from_the_start() -> None:
    files = data()
    cut = ("4>5", "5=11", "9=10", "4=10", "10=11")
    files["map"]["arrows"] = [a for a in files["map"]["arrows"] if a not in cut]
    found = problems(files)
    assert "location 5 (a relic site) cannot be reached from the start (avalon.win)" in found
    assert "location 10 (the Drowned Circle) cannot be reached from the start (avalon.win)" in found
    files = data()
    files["map"]["arrows"].remove("19=20")
    assert problems(files) == []                      # the ferry and verse moves still lead to 20
    files["map"]["location"]["11"]["action"]["do"] = []
    for entry in files["verses"]["verse"].values():
        for node in entry.values():
            for way in [*node.get("choice", []), node.get("pass", {}), node.get("fail", {})]:
                way["do"] = [e for e in way.get("do", []) if e != "move 20"]
    assert "location 20 (a relic site) cannot be reached from the start (avalon.win)" in problems(files)


def test_avalon_menhir_activate__costs_are_resources() -> None:
    files = data()
    files["map"]["location"]["8"]["menhir"] = ["energy 1", "food 1"]
    assert "location 8: menhir cost energy 1 is not a resource (avalon.menhir.activate)" in problems(files)


def test_avalon_content__effects_outside_verses_name_what_exists() -> None:
    files = data()
    files["events"]["dream"]["D4"] = ["item sword"]
    files["map"]["location"]["11"]["action"]["do"] = ["move 21"]
    found = problems(files)
    assert "dream D4: item sword names no item (avalon.end.dreams)" in found
    assert "location 11 action ferry: move 21 moves to no location (avalon.map)" in found


def test_avalon_setup__characters_1_to_4_complete() -> None:
    files = data()
    del files["characters"]["character"]["4"]
    assert "the characters are [1, 2, 3]; they must be 1–4 (avalon.setup)" in problems(files)
    files = data()
    people = files["characters"]["character"]
    people["1"]["item"] = "sword"
    people["2"]["start"] = ["health 2"]
    people["3"]["might"] = 0
    found = problems(files)
    assert "character 1: item sword does not exist (avalon.setup)" in found
    assert "character 2: start health 2 is not a resource (avalon.setup)" in found
    assert "character 3: might 0 must be at least 1 (avalon.setup)" in found


def test_avalon_text__every_key_in_both_languages() -> None:
    files = data()
    del files["text.en"]["location"]["7"]
    del files["text.de"]["verse"]["2a"]["start.3"]
    del files["text.de"]["event"]["R4.text"]
    files["text.de"]["verse"]["2b"]["start.3"] = "Zu viel"
    assert problems(files) == [
        "text.en: location.7 is missing (avalon.text)",
        "text.de: event.R4.text is missing (avalon.text)",
        "text.de: verse.2a.start.3 is missing (avalon.verse.format)",
        "text.de: verse.2b.start.3 names no verse node or option (avalon.verse.format)",
    ]


def test_avalon_text__short_names_fit_a_card_and_differ() -> None:
    files = data()
    files["text.de"]["location"]["20.short"] = "Versunkene Kapelle"
    files["text.en"]["location"]["4.short"] = "Stag Wood"
    del files["text.en"]["location"]["5.short"]
    assert problems(files) == [
        "text.en: location.5.short is missing (avalon.text)",
        "text.en: location.2.short is another location's too (avalon.text)",
        "text.en: location.4.short is another location's too (avalon.text)",
        "text.de: location.20.short is over 10 characters (avalon.text)",
    ]


def test_avalon_content__the_how_to_play_gives_the_content_s_numbers() -> None:
    text = " ".join(spielwerk.game("avalon").how_to_play().split())
    assert "{" not in text and "}" not in text
    assert "the last day (7 alone, 10 with 2–4;" in text
    assert "its dial starts at 6 alone, 5 with two, 6 with 3–4" in text
    assert "`rest eat` (1 food: +4 Energy)" in text and "Each location can be explored 2 times in all" in text
    tuned = {**CONTENT.numbers, "setup": {**CONTENT.numbers["setup"], "max_days": [9, 10, 11, 11]},
             "rest": {**CONTENT.numbers["rest"], "eat_energy": 3}}
    assert fill("last day {per_count:setup.max_days}; eat +{rest.eat_energy}", tuned) == (
        "last day 9 alone, 10 with two, 11 with 3–4; eat +3")
    assert per_count([5, 5, 5, 5]) == "5"
    assert per_count([1, 2, 3, 4]) == "1 alone, 2 with two, 3 with three, 4 with four"
    with pytest.raises(KeyError, match=r"\{day.nothing\}"):
        fill("{day.nothing}", CONTENT.numbers)


def test_avalon_content__wake_and_augury_stand_alone_in_a_location_action() -> None:
    files = data()
    files["map"]["location"]["19"]["action"]["slug"] = "scry"  # the effect makes it an augury, not the slug
    for language in LANGUAGES:
        files[f"text.{language}"]["action"]["scry"] = "Scry"
    assert problems(files) == []
    assert parse_content(files).locations[19].action.special == "augury"  # type: ignore[union-attr]
    files["map"]["location"]["10"]["action"]["do"] = ["wake", "gain food 1"]
    files["events"]["dream"]["D2"] = ["augury"]
    found = problems(files)
    assert any(p.startswith("location 10 action wake: wake is its only effect") for p in found)
    assert any(p.startswith("dream D2: augury belongs to a location action only") for p in found)
    assert len(found) == 2
