"""The leak test: nothing a seat is shown changes when only facts hidden from it change.

Two games run side by side for one observing seat. Chance outcomes the seat sees are the same in
both; those it does not see (another player's draws, the hidden princesses) are drawn independently,
so the twins hold different hidden cards and princesses. Decisions are texts legal in both. At every
step the seat's view, its legal-action texts and their labels, the errors its typed inputs get (in
every language), its record, its history and its narration in every language must be equal in the
twins. A look at a princess is the one legitimate reveal: the run stops when the twins' public
results part.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest

import spielwerk
from spielwerk import IllegalAction, InvalidNotation, State, agents
from tests.drachenfels.helpers import drachenfels, play
from tests.drachenfels.twins import Twins, position_twins, twins

PROBES = (
    "refresh",
    "top",
    "end",
    "stop",
    "keep",
    "take red",
    "take blue",
    "take yellow",
    "3 K",
    "5 S1",
    "dragon C1>1",
    "teletransfer blue",
    "cloud red S2",
    "rainbow R1-K",
    "bridge H1",
    "draw 3",
    "pick dragon",
    "first red",
)
STEPS = 160
LANGUAGES = ("en", "de", "fr")


def _outcome(state: State, text: str, seat: int) -> tuple[str, ...]:
    """What `seat` typing `text` is told: the error (reading it, and applying it), or the action applied."""
    probe = state.clone()
    read: tuple[str, ...] = ("ok",)
    try:
        probe.parse_action(text, seat=seat)
    except (IllegalAction, InvalidNotation) as error:
        read = (type(error).__name__, *(error.render(language) for language in LANGUAGES))
    try:
        action = probe.apply(text, seat=seat)
    except (IllegalAction, InvalidNotation) as error:
        return (*read, type(error).__name__, *(error.render(language) for language in LANGUAGES))
    return (*read, "ok", str(action))


def _same_for(a: State, b: State, seat: int | None) -> None:
    assert a.view(seat) == b.view(seat)
    assert a.history_for(seat) == b.history_for(seat)
    assert a.record(seat) == {**b.record(seat), "seed": a.record(seat)["seed"]}
    assert a.record(seat)["seed"] is None or a.is_over
    for language in LANGUAGES:
        assert _newest(a, seat, language) == _newest(b, seat, language)
        assert a.game.move_labels(a, seat, language) == b.game.move_labels(b, seat, language)
    if seat is None:
        return
    texts = set(PROBES)
    if a.to_move == seat:
        assert sorted(map(str, a.legal_actions())) == sorted(map(str, b.legal_actions()))
        texts |= {*(str(x) for x in a.legal_actions()), *(str(x) for x in b.legal_actions())}
    for text in texts:
        assert _outcome(a, text, seat) == _outcome(b, text, seat), text


Start = Callable[[int, int, int | None, int], Iterator[Twins]]


def _newest(state: State, seat: int | None, language: str) -> list[str]:
    """The newest lines of the narration `seat` reads (a line once told never changes: each step
    compares the newest, the end of a run the whole)."""
    return [told.to(seat).render(language) for told in state.tellings()[-2:]]


def _twin_run(players: int, seed: int, seat: int | None, start: Start = twins) -> int:
    steps = 0
    for a, b in start(players, seed, seat, STEPS):
        _same_for(a, b, seat)
        steps += 1
        last = (a, b)
    if steps:
        a, b = last
        for language in LANGUAGES:
            assert a.narration(seat, language) == b.narration(seat, language)
    return steps


@pytest.mark.parametrize("players", [2, 3, 4])
def test_drachenfels_hidden_nothing_leaks_to_a_seat(players: int) -> None:
    total = 0
    for seed in range(6):
        for seat in range(players):
            total += _twin_run(players, seed * 10 + seat, seat)
    assert total > 100 * players  # the twins really ran, not stopped at once


def test_drachenfels_hidden_nothing_leaks_to_a_spectator() -> None:
    assert sum(_twin_run(3, seed, None) for seed in range(6)) > 300


@pytest.mark.parametrize("players", [2, 3, 4])
def test_drachenfels_hidden_nothing_leaks_from_a_game_started_from_a_position(players: int) -> None:
    """Twins started from positions that differ only in what the seat cannot know: its record (the
    start position as it may know it), view, history and every error it is told stay the same."""
    total = 0
    for seed in range(4):
        for seat in (None, *range(players)):
            total += _twin_run(players, 500 + seed * 10 + (seat or 0), seat, position_twins)
    assert total > 60 * players


def test_drachenfels_hidden_a_record_shows_the_start_position_as_the_seat_knows_it() -> None:
    state = drachenfels(
        hands={"red": ["1", "dragon"], "blue": ["teletransfer", "cloud", "2"]},
        princesses=["yellow", "blue", "red", "green"],
        looked={"C2": ["red"]},
        armour=["red"],
        known={"red": {"blue": ["2"]}, "blue": {"red": ["1"]}},
    )
    play(state, "1 1")
    full = state.record()["position"]
    assert full["hands"]["blue"] == ["2", "teletransfer", "cloud"] and full["princesses"][0] == "yellow"
    red = state.record(0)["position"]
    assert red["hands"] == {"red": ["1", "dragon"], "blue": ["2", "?", "?"]}
    assert red["deck"] == ["?"] * 26 and red["princesses"] == ["?", "blue", "?", "?"]
    assert red["known"] == {"red": {"blue": ["2"]}}
    secret = ("hands", "deck", "princesses", "known")
    public = {key: value for key, value in full.items() if key not in secret}
    assert {key: value for key, value in red.items() if key not in secret} == public
    blue = state.record(1)["position"]
    assert blue["hands"] == {"red": ["1", "?"], "blue": ["2", "teletransfer", "cloud"]}
    assert blue["princesses"] == ["?"] * 4 and blue["known"] == {"blue": {"red": ["1"]}}
    spectator = state.record(None)["position"]
    assert spectator["hands"] == {"red": ["?", "?"], "blue": ["?"] * 3} and spectator["known"] == {}
    assert spectator["princesses"] == ["?"] * 4 and spectator["deck"] == ["?"] * 26
    assert not any(card in json.dumps(state.record(None)) for card in ("teletransfer", "cloud", "yellow"))
    assert spielwerk.replay(state.record()).to_json() == state.to_json()


def test_ismcts_going_on_with_its_tree_chooses_alike_in_twins() -> None:
    """A kept tree must stand for what the seat knows: in twins it is the same tree."""
    compared = 0
    for seed in range(2):
        bots = [agents.make("ismcts", budget=30, seed=seed) for _ in range(2)]
        for a, b in twins(2, 100 + seed, 0, 90):
            if a.is_chance or a.to_move != 0:
                continue
            assert str(bots[0].choose(a)) == str(bots[1].choose(b))
            assert bots[0].stats == {**bots[1].stats, "seconds": bots[0].stats["seconds"]}
            compared += 1
    assert compared > 10


def test_drachenfels_rock_castle__only_the_looker_is_told_whose_princess_it_was() -> None:
    """Twins that differ in the princess red finds on C1 (never red's own): the others read the same."""
    position = {"knights": {"red": "12", "blue": "S3", "yellow": "S2"}, "armour": ["red"], "bridges": ["X1"],
                "hands": {"red": ["2"], "blue": ["1"], "yellow": ["1"]}, "dragons": ["D1", "C2", "C3", "C4"]}
    a = play(drachenfels(3, **position, princesses=["blue", "red", "yellow", "green"]), "2 C1")
    b = play(drachenfels(3, **position, princesses=["yellow", "red", "blue", "green"]), "2 C1")
    for seat in (None, 1, 2):
        for language in LANGUAGES:
            assert a.narration(seat, language) == b.narration(seat, language)
    assert a.narration(0)[-1] != b.narration(0)[-1] and "yellow's" in b.narration(0)[-1]


def test_drachenfels_refresh__a_card_taken_at_random_is_told_only_to_taker_and_victim() -> None:
    """Twins that differ in the card red takes from blue: yellow and spectators read the same."""
    hands = {"red": ["1"], "yellow": ["3"]}
    a = play(drachenfels(3, hands={**hands, "blue": ["dragon"]}), "take blue", "pick dragon")
    b = play(drachenfels(3, hands={**hands, "blue": ["cloud"]}), "take blue", "pick cloud")
    for seat in (None, 2):
        for language in LANGUAGES:
            assert a.narration(seat, language) == b.narration(seat, language)
    assert a.narration(0)[-1] == "You take a dragon from blue"
    assert b.narration(1)[-1] == "Red takes the cloud from you"
