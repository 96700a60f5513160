"""Avalon's narration: every action told in words with all it led to (resources, places, menhirs,
guardians, events, dreams, the day), as each seat may know it, in English, German and French."""

from __future__ import annotations

from typing import Any

from spielwerk.games.avalon.rules import AvalonState
from tests.avalon.helpers import PLACED, day, game, play

AUGURY: dict[str, Any] = {"players": 2, "heroes": {0: {"location": 19, "magic": 1}},
                          "menhirs": [[13, 3], [15, 2]], "placed": [*PLACED, 19]}
"""Cadoc on the Ravens' Knoll with the magic for an augury, Elowen on the Heartstone."""
SECOND_SEGMENT: dict[str, Any] = {"deck_a": [], "discards": ["Q1", "Q2", "T1", "R1"]}


def told(state: AvalonState, *actions: str, seat: int | None = None, language: str = "en") -> list[str]:
    """The narration's lines for `actions`, applied from now on, as `seat` is told them."""
    state.narration(seat)
    start = len(state.history)
    play(state, *actions)
    return state.narration(seat, language)[start:]


def test_avalon_day_group__explore_join_read_choose_and_test() -> None:
    state = day(players=2)
    assert told(state, "explore", "join 1", "verse 13a", "choose 2", "die 4") == [
        "Cadoc wants to explore Heartstone; Elowen may join",
        "Elowen joins Cadoc; Cadoc and Elowen explore Heartstone; Cadoc: −1 Energy; Elowen: −1 Energy",
        "Cadoc and Elowen read verse 13a of Heartstone",
        "Cadoc chooses “Lay your hands on the stone”",
        "Spirit test against 5 for Cadoc and Elowen: rolled 4 for 6, passed; Cadoc: +2 magic",
    ]


def test_avalon_day_group__a_declined_group_action_is_taken_alone() -> None:
    assert told(day(players=2), "travel south", "decline") == [
        "Cadoc wants to travel south to Charcoal Camp; Elowen may join",
        "Elowen declines to join Cadoc; Cadoc travels south to Charcoal Camp; Cadoc: −1 Energy",
    ]


def test_avalon_arrival__the_instant_effect_is_told_as_the_arrival_s() -> None:
    assert told(day(heroes={0: {"location": 17}}), "travel east") == [
        "Cadoc travels east to Fen Path; Cadoc: −1 Energy; on arrival at Fen Path: Cadoc: −1 Health"]


def test_avalon_action_location__what_it_costs_gives_and_closes() -> None:
    assert told(day(heroes={0: {"location": 7}}), "act market") == [
        "Cadoc takes “Go to market” at Ashford; Cadoc: −1 Energy and −1 wealth; Go to market: 1 time marker; "
        "Cadoc: +3 food"]


def test_avalon_menhir_activate__the_dial_the_cost_and_the_land_it_lights() -> None:
    assert told(day(heroes={0: {"location": 8, "magic": 2, "food": 2}}), "activate") == [
        "Cadoc lights the menhir on Thornring: dial 6; Cadoc: −1 Energy, −1 food and −1 magic; "
        "Stag Wood is laid out"]


def test_avalon_action_give__wait_and_pass() -> None:
    state = day(players=2, heroes={0: {"food": 3}})
    assert told(state, "give food to 2", "give hammer to 2", "wait", "pass") == [
        "Cadoc gives 1 food to Elowen", "Cadoc gives Smith's Hammer to Elowen", "Cadoc waits",
        "Elowen passes"]


def test_avalon_end_dreams__the_night_the_dream_the_dawn_its_event_and_the_guardian() -> None:
    assert told(day(), "pass", "rest eat", "dream D4", "event T1", "die 2") == [
        "Cadoc passes; end of day 1",
        "Cadoc eats; Cadoc: −1 food",
        "Cadoc dreams “The Starlit Well” (The dreamer draws up a bucket of light: +1 magic.); Cadoc: "
        "+1 magic; "
        "Cadoc improves nothing; day 2 dawns; menhir dial: Heartstone 5",
        "Dawn event T1 Grey Fog (Every active menhir's dial drops by 1.); menhir dial: Heartstone 4",
        "Guardian die 2: the Hollow Stag goes east to d1 (Iron Hill)",
    ]


def test_avalon_end_improve__what_an_improvement_costs() -> None:
    state = day(heroes={0: {"reputation": 3}})
    assert told(state, "pass", "rest feast", "dream D3", "improve might")[-1] == (
        "Cadoc improves Might; Cadoc: −3 reputation and +1 Might; day 2 dawns; menhir dial: Heartstone 5")


def test_avalon_event_quest__a_quest_turned_up_at_dawn() -> None:
    assert told(day(frames=[["dawn", 1]]), "event Q1") == [
        "New quest Q1 Drowned Bell (Quest: raise the bell from the Sunken Chapel with a test of Might "
        "before its "
        "dial runs out; after that it only grows harder.)"]


def test_avalon_encounter__a_challenge_its_rounds_and_the_reward() -> None:
    stag = day(heroes={0: {"location": 7}}, stag=[1, 1])
    assert told(stag, "challenge stag", "die 2", "fight", "die 6") == [
        "Cadoc challenges the Hollow Stag; Cadoc: −1 Energy",
        "Fight against the Hollow Stag, round 1 (might against 8): rolled 2 for 5, failed; Cadoc: −1 Health",
        "Cadoc fights on",
        "Fight against the Hollow Stag, round 2 (might against 8): rolled a 6, which always succeeds; "
        "the Hollow "
        "Stag is defeated; Cadoc: +1 reputation; Cadoc gains Stag's Horn",
    ]
    assert told(day(heroes={0: {"location": 7}}, stag=[1, 1]), "challenge stag", "die 1", "flee")[1:] == [
        "Fight against the Hollow Stag, round 1 (might against 8): rolled a 1, which always fails; "
        "Cadoc: −1 Health",
        "Cadoc flees",
    ]


def test_avalon_item_use__the_item_that_makes_a_roll_is_named() -> None:
    backs = ["", *("a" if number in (*PLACED, 1) else "" for number in range(1, 21))]
    ruins = day(placed=[*PLACED, 1], backs=backs, heroes={0: {"location": 1}}, menhirs=[[8, 4], [13, 4]])
    assert told(ruins, "explore", "verse 1a", "choose 2", "die 2") == [
        "Cadoc explores Moss Ruins; Cadoc: −1 Energy",
        "Cadoc reads verse 1a of Moss Ruins",
        "Cadoc chooses “Climb down into the hall”",
        "Might test against 6 for Cadoc: rolled 2 for 5, and the hammer makes it; Cadoc: +2 wealth; "
        "Cadoc gains "
        "Moss-King's Spear",
    ]


def test_avalon_mercy__who_falls_and_where_the_mercy_carries_them() -> None:
    state = day(players=2, heroes={0: {"location": 7, "health": 1}}, stag=[1, 1])
    assert told(state, "challenge stag", "die 1")[-1] == (
        "Fight against the Hollow Stag, round 1 (might against 8): rolled a 1, which always fails; "
        "Cadoc falls, "
        "and the Allmother's Mercy carries them to Heartstone (Health 5, Terror 0; food, wealth and "
        "magic lost)")


def test_avalon_death__a_character_who_goes_mad_leaves_the_relics_behind() -> None:
    heroes: dict[int, dict[str, Any]] = {0: {"location": 7, "terror": 7, "relics": ["horn"]},
                                         1: {"location": 7}}
    state = day(players=2, mercy=0, heroes=heroes, widow=[1, 1], widow_came=True)
    assert told(state, "challenge widow", "decline", "die 1") == [
        "Cadoc wants to challenge the Grey Widow; Elowen may join",
        "Elowen declines to join Cadoc; Cadoc challenges the Grey Widow; Cadoc: −1 Energy",
        "Fight against the Grey Widow, round 1 (spirit against 8): rolled a 1, which always fails; "
        "Cadoc goes mad; "
        "Elowen gains Stag's Horn",
    ]


def test_avalon_dawn_wyrdness__the_swallowed_place_and_who_flees_it() -> None:
    state = day(placed=[*PLACED, 9], menhirs=[[13, 3], [8, 0]], heroes={0: {"location": 9}}, **SECOND_SEGMENT)
    assert told(state, "pass", "rest fast", "dream D8")[-1] == (
        "Cadoc dreams “A Hero's Welcome” (The dreamer is cheered in a hall of the old kings: +1 "
        "reputation.); "
        "Cadoc: +1 reputation; Cadoc improves nothing; day 2 dawns; the menhir on Thornring goes out; "
        "the wyrdness "
        "swallows Crossroads Shrine; Cadoc flees the wyrdness to Thornring; Cadoc: +2 Terror; menhir dial: "
        "Heartstone 2")


def test_avalon_dawn_equip__the_item_chosen() -> None:
    state = day(frames=[["dawn", 8]], heroes={0: {"items": [["hammer", True, True], ["spear", True, False]]}})
    assert told(state, "equip spear") == ["Cadoc equips Moss-King's Spear"]


def test_avalon_map_verse_draw__a_verse_drawn_face_down_is_told_without_its_side() -> None:
    state = game().new_state(players=1, seed=3)  # set-up lays out the first locations, drawing their verses
    assert isinstance(state, AvalonState)
    assert told(state, "verse 6b") == ["A verse is drawn face down for Hermit's Cell; Ashford is laid out"]
    assert state.history_for(None) == ["verse ?"]


def test_avalon_event_deck__an_augury_s_card_is_told_to_its_group_alone() -> None:
    seen = told(day(**AUGURY), "act augury", "event T1", seat=0)
    unseen = told(day(**AUGURY), "act augury", "event T1", seat=1)
    spectator = told(day(**AUGURY), "act augury", "event T1", seat=None)
    assert seen[0] == unseen[0] == spectator[0] == (
        "Cadoc takes “Read the ravens” at Ravens' Knoll; Cadoc: −1 Energy and −1 magic; Read the "
        "ravens: 1 time marker")
    assert seen[1] == "The ravens show Cadoc the next event: T1 Grey Fog"
    assert unseen[1] == spectator[1] == "The ravens show Cadoc the next event"


def test_avalon_char_elowen__her_scouting_is_told_to_her_seat_alone() -> None:
    def scouting(seat: int | None) -> list[str]:
        return told(day(players=2, options={"characters": "1,2"}, heroes={1: {"location": 14}}), "pass",
                    "travel north", seat=seat)

    assert scouting(1)[-1] == (
        "Elowen travels north to Thornring; Elowen: −1 Energy; Elowen learns the hidden verses: Ashford 7a, "
        "Thornring 8a and Old Bridge 14a")
    assert scouting(0)[-1] == scouting(None)[-1] == "Elowen travels north to Thornring; Elowen: −1 Energy"


def test_avalon_narration__one_line_per_action_the_referee_s_endings_too() -> None:
    state = day(players=2)
    play(state, "explore", "decline")
    state.resign(1)
    assert state.narration(0) == [
        "Cadoc wants to explore Heartstone; Elowen may join",
        "Elowen declines to join Cadoc; Cadoc explores Heartstone; Cadoc: −1 Energy",
        "Elowen resigns",
    ]


# ----- German and French -------------------------------------------------------------------------
def test_avalon_narration_in_german() -> None:
    assert told(day(players=2), "explore", "join 1", "verse 13a", "choose 2", "die 4", language="de") == [
        "Cadoc will Herzstein erkunden; Elowen darf sich anschließen",
        "Elowen schließt sich Cadoc an; Cadoc und Elowen erkunden Herzstein; Cadoc: −1 Energie; "
        "Elowen: −1 Energie",
        "Cadoc und Elowen lesen Vers 13a (Herzstein)",
        "Cadoc wählt „Die Hände auf den Stein legen“",
        "Probe auf Geist gegen 5 für Cadoc und Elowen: 4 gewürfelt, zusammen 6, geschafft; Cadoc: +2 Magie",
    ]
    assert told(day(), "pass", "rest eat", "dream D4", "event T1", "die 2", language="de")[3:] == [
        "Ereignis des Morgengrauens T1 Grauer Nebel (Die Scheibe jedes aktiven Menhirs sinkt um 1.); "
        "Menhirscheibe: Herzstein 4",
        "Wächterwürfel 2: der Hohle Hirsch zieht nach Osten auf d1 (Eisenhügel)",
    ]
    mercy = day(players=2, heroes={0: {"location": 7, "health": 1}}, stag=[1, 1])
    assert told(mercy, "challenge stag", "die 1", language="de")[-1] == (
        "Kampf gegen den Hohlen Hirsch, Runde 1 (Stärke gegen 8): eine 1 gewürfelt, die immer "
        "misslingt; Cadoc "
        "fällt; die Gnade der Allmutter bringt den Charakter nach Herzstein (Gesundheit 5, Schrecken "
        "0; Nahrung, "
        "Reichtum und Magie verloren)")
    assert told(day(**AUGURY), "act augury", "event T1", seat=0, language="de")[-1] == (
        "Die Raben zeigen Cadoc das nächste Ereignis: T1 Grauer Nebel")


def test_avalon_narration_in_french() -> None:
    assert told(day(players=2), "explore", "join 1", "verse 13a", "choose 2", "die 4", language="fr") == [
        "Cadoc veut explorer Pierre-Cœur ; Elowen peut se joindre",
        "Elowen se joint à Cadoc ; Cadoc et Elowen explorent Pierre-Cœur ; Cadoc : −1 Énergie ; Elowen "
        ": −1 Énergie",
        "Cadoc et Elowen lisent le verset 13a (Pierre-Cœur)",
        "Cadoc choisit « Poser les mains sur la pierre »",
        "Test contre 5 en Esprit pour Cadoc et Elowen : 4 au dé, 6 au total, réussi ; Cadoc : +2 magie",
    ]
    assert told(day(heroes={0: {"location": 7}}, stag=[1, 1]), "challenge stag", "die 2", "fight", "die 6",
                language="fr")[-1] == (
        "Combat contre le Cerf creux, manche 2 (Force contre 8) : un 6 au dé, qui réussit toujours ; "
        "victoire sur "
        "le Cerf creux ; Cadoc : +1 réputation ; Cadoc obtient : Cor du Cerf")
    assert told(day(heroes={0: {"location": 17}}), "travel east", language="fr") == [
        "Cadoc voyage vers l'est (Sentier du marécage) ; Cadoc : −1 Énergie ; à l'arrivée (Sentier du "
        "marécage) : "
        "Cadoc : −1 Santé"]
    assert told(day(**AUGURY), "act augury", "event T1", seat=1, language="fr")[-1] == (
        "Les corbeaux montrent à Cadoc le prochain événement")
