"""Hidden information (rules/avalon.md "Hidden information"): twin games that differ only in what a
seat cannot know look the same to it in every view, legal text, error, history and record."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import spielwerk
from spielwerk.core.catalogue import LANGUAGES
from spielwerk.games.avalon.position import encode, hide
from spielwerk.games.avalon.rules import AvalonState
from tests.avalon.helpers import day, game, play

PROBES = ("explore", "travel north", "travel east", "act commune", "act wake", "activate", "challenge stag",
          "choose 3", "join 1", "rest feast", "improve might", "fight", "flee", "bogus", "give food to 2")
STEPS = 250


def sees(state: AvalonState, seat: int | None) -> bool:
    """Whether `seat` sees the coming chance outcome, by the rules: nobody a back verse drawn face
    down, only the group an augury's card, everybody the rest."""
    frame = state.frames[-1]
    if frame[0] == "versedraw":
        return False
    if frame[0] == "augury":
        return seat is not None and seat in frame[1]
    return True


Twins = tuple[AvalonState, AvalonState]


def twins(players: int, seed: int, seat: int | None, characters: str) -> Iterator[Twins]:
    """Two games whose hidden draws differ, played with the same visible outcomes and decisions."""
    rng = random.Random(seed)
    a = game(characters=characters).new_state(players=players, seed=seed)
    b = game(characters=characters).new_state(players=players, seed=seed + 7919)
    assert isinstance(a, AvalonState) and isinstance(b, AvalonState)
    for _ in range(STEPS):
        if a.is_over or b.is_over:
            return
        yield a, b
        if a.is_chance != b.is_chance:
            raise AssertionError("the twins disagree on whether chance moves")
        if a.is_chance and not sees(a, seat):
            a.apply(rng.choice(a.legal_actions()))
            b.apply(rng.choice(b.legal_actions()))
            continue
        shared = sorted({str(x) for x in a.legal_actions()} & {str(x) for x in b.legal_actions()})
        if not shared:
            return  # a legitimate reveal (a verse read aloud) parts the twins
        calm = [text for text in shared if text != "explore"]
        choice = rng.choice(calm if calm and rng.random() < 0.85 else shared)
        a.apply(choice)
        b.apply(choice)


def same_for(a: AvalonState, b: AvalonState, seat: int | None) -> None:
    """Everything the seat is told is the same in both twins, in every language: the view, the
    history, the record, the last lines of the narration, the legal actions, their labels and
    the refusals."""
    assert a.view(seat) == b.view(seat)
    assert a.history_for(seat) == b.history_for(seat)
    assert json.dumps(a.record(seat)) == json.dumps(b.record(seat))
    for language in LANGUAGES:
        assert _latest(a, seat, language) == _latest(b, seat, language)
        assert a.game.move_labels(a, seat, language) == b.game.move_labels(b, seat, language)
    if seat is not None and not a.is_chance and a.to_move == seat:
        assert [str(x) for x in a.legal_actions()] == [str(x) for x in b.legal_actions()]
        for probe in PROBES:
            for language in LANGUAGES:
                assert _told(a, probe, seat, language) == _told(b, probe, seat, language)


def _latest(state: AvalonState, seat: int | None, language: str) -> list[str]:
    """The narration's last lines (the earlier ones were compared at earlier steps)."""
    return [told.to(seat).render(language) for told in state.tellings()[-3:]]


def _told(state: AvalonState, text: str, seat: int, language: str = "en") -> str:
    try:
        state.clone().apply(text, seat=seat)
    except spielwerk.SpielwerkError as error:
        return f"{type(error).__name__}: {error.render(language)}"
    return "ok"


@pytest.mark.parametrize(("players", "characters"), [(1, "1"), (2, "1,3"), (3, "1,3,4"), (4, "1,2,3,4")])
def test_avalon_hidden_nothing_leaks_to_a_seat(players: int, characters: str) -> None:
    steps = 0
    for seed in range(4):
        for seat in range(players):
            if characters.split(",")[seat] == "2":
                continue  # Elowen scouts: see the next test
            for a, b in twins(players, seed * 10 + seat, seat, characters):
                same_for(a, b, seat)
                steps += 1
            assert a.narration(seat, "de") == b.narration(seat, "de")
    assert steps > 40 * players


def test_avalon_hidden_nothing_leaks_to_a_spectator() -> None:
    steps = 0
    for seed in range(6):
        for a, b in twins(3, seed, None, "1,2,3"):
            same_for(a, b, None)
            steps += 1
        assert a.narration(None, "fr") == b.narration(None, "fr")
    assert steps > 100


def test_avalon_char_elowen__her_scouting_shows_to_her_seat_only() -> None:
    state = day(players=2, options={"characters": "1,2"}, known=[[], [7, 8, 12, 13, 14, 17]])
    elowen, cadoc = state.view(1), state.view(0)
    assert [loc["back"] for loc in elowen["locations"] if loc["number"] in (7, 13)] == ["7a", "13a"]
    assert [loc["back"] for loc in cadoc["locations"] if loc["number"] in (7, 13)] == ["?", "?"]
    assert "13a" not in json.dumps(state.record(0)) and "13a" in json.dumps(state.view(1))


def test_avalon_event_deck__an_augury_shows_the_top_card_to_its_group_only() -> None:
    state = day(players=2, heroes={0: {"location": 19, "magic": 1}}, placed=[6, 7, 8, 12, 13, 14, 17, 18, 19],
                menhirs=[[13, 3], [15, 2]])
    play(state, "act augury")
    assert [str(a) for a in state.legal_actions()] == ["event Q1", "event Q2", "event R1", "event T1"]
    play(state, "event T1")
    assert state.history_for(0)[-1] == "event T1" and state.history_for(1)[-1] == "event ?"
    assert state.view(0)["top_event"] == "T1" and state.view(1)["top_event"] == "?"
    assert state.view(None)["deck"] == {"first": 3, "second": 16}
    hidden = state.record(1)
    assert "T1" not in json.dumps(hidden["actions"])
    world = state.determinize(1, random.Random(3))
    assert world.view(1) == state.view(1)
    assert world.top in ("Q1", "Q2", "R1", "T1")
    kept = state.determinize(0, random.Random(3))
    assert kept.top == "T1"


def test_avalon_event_deck__the_fixed_card_is_revealed_at_the_next_dawn() -> None:
    state = day(players=1, heroes={0: {"location": 19, "magic": 1}}, placed=[6, 7, 8, 12, 13, 14, 17, 18, 19],
                menhirs=[[13, 3], [15, 2]])
    play(state, "act augury", "event Q2", "pass", "rest fast")
    while state.frames[-1][0] != "reveal":
        state.resolve_chance() if state.is_chance else state.apply(state.legal_actions()[0])
    assert [str(a) for a in state.legal_actions()] == ["event Q2"]
    play(state, "event Q2")
    assert state.view(0)["quests"] == [{"id": "Q2", "dial": 3}] and state.view(0)["top_event"] == ""


def test_avalon_hidden_a_verse_being_read_is_known_to_all_and_kept_by_determinize() -> None:
    state = day(players=2, heroes={0: {"location": 7}, 1: {"location": 12}})
    play(state, "explore")
    shown = hide(encode(state), 1)  # a position as Elowen's seat may see it, the verse still face down
    assert shown["frames"][-2][:2] == ["verse", "?"] and shown["frames"][-1] == ["reveal", "verse ?"]
    play(state, "verse 7a")
    assert state.view(1)["locations"][6]["back"] == "7a" == state.view(None)["locations"][6]["back"]
    for n in range(40):
        world = state.determinize(1, random.Random(n))
        while any(frame[0] == "verse" for frame in world.frames):
            world.apply(world.legal_actions()[0])
        assert world.backs[7] == "b", n  # the other verse of the card, as in the real game


AUGURY: dict[str, Any] = {"players": 2, "heroes": {0: {"location": 19, "magic": 1}},
                          "menhirs": [[13, 3], [15, 2]], "placed": [6, 7, 8, 12, 13, 14, 17, 18, 19]}
"""Cadoc on the Ravens' Knoll with the magic for an augury, Elowen far away."""


@pytest.mark.parametrize("card", ["T1", "R1"])
def test_avalon_hidden_an_augury_card_is_not_the_one_missing_from_its_segment(card: str) -> None:
    twins = [day(**AUGURY) for _ in range(2)]
    for state, fixed in zip(twins, (card, "Q1"), strict=True):
        play(state, "act augury", f"event {fixed}")
    shown = [hide(encode(state), 1) for state in twins]
    assert shown[0]["top"] == "?" and shown[0]["deck_a"] == shown[1]["deck_a"]
    assert hide(encode(twins[0]), 0)["top"] == card  # Cadoc's seat saw it


@pytest.mark.parametrize("seen_by", [None, 1])
def test_avalon_hidden_determinize_deals_the_card_a_reveal_turns_up(seen_by: int | None) -> None:
    explored = day(players=2, heroes={0: {"location": 7}, 1: {"location": 12}})
    play(explored, "explore")  # the verse is drawn, about to be turned up
    verses = set()
    for n in range(30):
        world = explored.determinize(seen_by, random.Random(n))
        (text,) = [str(action) for action in world.legal_actions()]
        assert text == f"verse 7{world.backs[7]}" and world.frames[-2][1] == f"7{world.backs[7]}"
        verses.add(text)
    assert verses == {"verse 7a", "verse 7b"}
    augury = day(**AUGURY)
    play(augury, "act augury", "event T1")
    while augury.frames[-1][0] != "reveal":  # on to the next Dawn, where the card is turned up
        augury.resolve_chance() if augury.is_chance else augury.apply(
            next(a for a in augury.legal_actions() if str(a) in ("pass", "rest fast")))
    worlds = [augury.determinize(seen_by, random.Random(n)) for n in range(30)]
    assert all([str(move) for move in world.legal_actions()] == [f"event {world.top}"] for world in worlds)
    assert len({world.top for world in worlds}) > 1


def test_avalon_hidden_a_seat_out_of_range_knows_no_more_than_a_spectator() -> None:
    state = day(players=2, known=[[], [7, 8]])
    assert state.view(-1)["locations"] == state.view(None)["locations"] != state.view(1)["locations"]
    assert hide(encode(state), -1)["backs"] == hide(encode(state), None)["backs"]


def test_avalon_hidden_determinize_deals_unknown_backs_uniformly() -> None:
    state = day()
    sides = [state.determinize(0, random.Random(n)).backs[6] for n in range(400)]
    assert 150 < sides.count("a") < 250
    assert all(state.determinize(0, random.Random(n)).view(0) == state.view(0) for n in range(20))


def test_avalon_event_deck__an_augury_s_card_leaves_the_others_narration_alike() -> None:
    twins = [day(**AUGURY) for _ in range(2)]
    for state, card in zip(twins, ("T1", "Q1"), strict=True):
        state.narration(None)
        play(state, "act augury", f"event {card}")
    for language in LANGUAGES:
        for seat in (None, 1):
            assert twins[0].narration(seat, language) == twins[1].narration(seat, language)
        assert twins[0].narration(0, language) != twins[1].narration(0, language)  # Cadoc saw the card
    assert twins[0].narration(0)[-1] == "The ravens show Cadoc the next event: T1 Grey Fog"
