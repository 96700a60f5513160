"""The narration: one line per action in words, as each seat may know it, in English, German and French."""

from __future__ import annotations

import spielwerk
from spielwerk.games.drachenfels import DrachenfelsState
from tests.drachenfels.helpers import drachenfels, fresh, play

TWO = {"red": "3", "blue": "1"}


def last(state: DrachenfelsState, seat: int | None = None, language: str = "en", count: int = 1) -> list[str]:
    """The last `count` lines of the narration `seat` reads."""
    return state.narration(seat, language)[-count:]


def test_drachenfels_setup__the_set_up_is_told_and_only_the_drawer_hears_the_card() -> None:
    state = play(fresh(3), "princesses blue,red,yellow,green", "first blue", "draw dragon")
    assert state.narration(None) == [
        "The princesses are hidden on the rock castles, unseen by anyone",
        "The lot picks blue to play first",
        "Red draws a card",
    ]
    assert last(state, 0) == ["You draw a dragon"]
    assert last(state, 1) == last(state, 2) == ["Red draws a card"]
    assert last(state, 0, "de") == ["Du ziehst einen Drachen"]
    assert last(state, 1, "de") == ["Rot zieht eine Karte"]
    assert last(state, 0, "fr") == ["Vous piochez un dragon"]
    assert state.narration(None, "fr")[1] == "Le tirage au sort désigne Bleu pour commencer"


def test_drachenfels_move_exact__a_point_card_says_from_where_to_where() -> None:
    hands = {"red": ["3"], "blue": ["4"]}
    state = play(drachenfels(2, knights={"red": "S1", "blue": "S2"}, hands=hands), "3 3")
    assert last(state) == ["Red plays a 3: from S1 to 3"]
    assert last(state, 1, "de") == ["Rot spielt eine 3: von S1 nach 3"]
    assert last(state, 1, "fr") == ["Rouge joue un 3 : de S1 à 3"]


def test_drachenfels_castle__reaching_the_castle_takes_the_armour_and_the_crossed_rainbow_may_move() -> None:
    state = drachenfels(2, knights={"red": "R1", "blue": "S2"}, hands={"red": ["1", "2"], "blue": ["4"]},
                        rainbows=["R1-K"])
    play(state, "1 K")
    assert last(state) == ["Red plays a 1: from R1 to the castle; Red takes his armour"]
    assert last(state, 1, "de") == ["Rot spielt eine 1: von R1 ins Schloss; Rot nimmt seine Rüstung"]
    assert last(state, 1, "fr") == ["Rouge joue un 1 : de R1 au château ; Rouge prend son armure"]
    kept = play(state.clone(), "keep")
    assert last(kept) == ["Red leaves the rainbow R1–K where it stands"]
    play(state, "rainbow R1-K>R2-K")
    assert last(state) == ["Red moves the rainbow just crossed from R1–K to R2–K"]
    assert last(state, 1, "de") == ["Rot versetzt den eben überquerten Regenbogen von R1–K nach R2–K"]


def test_drachenfels_rock_castle__a_look_in_vain_tells_only_the_looker_whose_princess_it_is() -> None:
    state = drachenfels(2, knights={"red": "12", "blue": "S3"}, armour=["red"], bridges=["X1"],
                        hands={"red": ["2"], "blue": ["1"]}, dragons=["D1", "C2", "C3", "C4"],
                        princesses=["blue", "red", "yellow", "green"])
    play(state, "2 C1")
    public = (
        "Red plays a 2: from 12 to rock castle C1; Red looks at the princess on rock castle C1: not his; "
        "from now on red may walk the single or the double count; rainbows may now reach the rock castles"
    )
    assert last(state, None) == last(state, 1) == [public]
    assert last(state, 0) == [public.replace("not his", "she is blue's (you alone know)")]
    assert last(state, 0, "de") == [
        "Rot spielt eine 2: von 12 auf die Felsenburg C1; Rot sieht sich die Prinzessin auf der "
        "Felsenburg C1 an: sie gehört Blau (nur du weißt es); von nun an darf Rot den einfachen oder den "
        "doppelten Wert gehen; Regenbögen dürfen nun auch zu den Felsenburgen führen"]
    assert last(state, 1, "fr") == [
        "Rouge joue un 2 : de 12 au château rocheux C1 ; Rouge regarde la princesse du château rocheux C1 : "
        "ce n'est pas la sienne ; désormais, Rouge peut avancer de la valeur simple ou double ; les "
        "arcs-en-ciel peuvent désormais mener aux châteaux rocheux"]


def test_drachenfels_win__finding_the_own_princess_is_told_to_everyone() -> None:
    state = drachenfels(2, knights={"red": "12", "blue": "S3"}, armour=["red"], bridges=["X1"],
                        hands={"red": ["2"], "blue": ["1"]}, dragons=["D1", "C2", "C3", "C4"])
    play(state, "2 C1")
    line = (
        "Red plays a 2: from 12 to rock castle C1; "
        "Red looks at the princess on rock castle C1: she is his, and red wins"
    )
    assert last(state, None) == last(state, 0) == last(state, 1) == [line]


def test_drachenfels_rock_castle__a_doubled_count_is_told() -> None:
    state = drachenfels(2, knights={"red": "12", "blue": "S3"}, armour=["red"], looked={"C2": ["red"]},
                        hands={"red": ["1"], "blue": ["1"]})
    play(state, "1 10")
    assert last(state) == ["Red plays a 1, counted double (2): from 12 to 10"]
    assert last(state, 1, "fr") == ["Rouge joue un 1, compté double (2) : de 12 à 10"]


def test_drachenfels_duel__the_duel_the_loser_sent_away_and_the_card_taken() -> None:
    state = play(drachenfels(2, knights=TWO, hands={"red": ["2"], "blue": ["4", "4"]}), "2 1", "send blue S3",
                 "take blue", "pick 4", "stop")
    assert state.narration(None)[-5:] == [
        "Red plays a 2: from 3 to 1; Red wins a duel against blue",
        "Red sends blue to S3",
        "Red takes the spoils of the duel from blue's hand",
        "Red takes a card at random from blue",
        "Red takes no more cards from blue",
    ]
    assert state.narration(0)[-2] == "You take a 4 from blue"
    assert state.narration(1)[-2] == "Red takes a 4 from you"
    assert state.narration(1, "de")[-2] == "Rot nimmt dir eine 4"
    assert state.narration(0, "fr")[-2] == "Vous prenez un 4 à Bleu"


def test_drachenfels_refresh__a_new_hand_and_taking_cards_from_the_others() -> None:
    hands = {"red": ["1", "dragon", "cloud"], "blue": ["4", "5"], "yellow": ["bridge"]}
    state = play(drachenfels(3, hands=hands), "refresh", "draw 2")
    assert last(state, None, count=2) == [
        "Red refreshes: 3 cards go back into the draw pile for a new hand", "Red draws a card"]
    assert last(state, 0) == ["You draw a 2"]
    assert last(state, 2, "de", 2) == [
        "Rot erneuert: 3 Karten gehen zurück in den Nachziehstapel, für eine neue Hand",
        "Rot zieht eine Karte",
    ]
    robbed = play(drachenfels(3, hands=hands), "take blue", "pick 5", "take yellow", "pick bridge", "stop")
    assert robbed.narration(None) == [
        "Red refreshes by taking cards from other hands, first from blue",
        "Red takes a card at random from blue",
        "Red goes on taking, now from yellow",
        "Red takes a card at random from yellow",
        "Red stops taking cards",
    ]
    assert robbed.narration(0)[1::2] == ["You take a 5 from blue", "You take a bridge from yellow"]
    assert robbed.narration(1)[1::2] == ["Red takes a 5 from you", "Red takes a card at random from yellow"]
    assert robbed.narration(2)[1::2] == [
        "Red takes a card at random from blue", "Red takes a bridge from you"]
    assert robbed.narration(1, "fr")[:2] == [
        "Rouge renouvelle sa main en prenant des cartes aux autres, d'abord à Bleu", "Rouge vous prend un 5"]


def test_drachenfels_discard_top__taking_the_top_discard_and_playing_it() -> None:
    state = play(drachenfels(2, knights=TWO, hands={"red": ["2"], "blue": ["1"]}, discard=["bridge"]),
                 "top", "bridge H1")
    assert state.narration(None) == [
        "Red takes the top discard, a bridge", "Red plays a bridge and lays it on H1"]
    assert state.narration(None, "de") == [
        "Rot nimmt die oberste abgelegte Karte, eine Brücke", "Rot spielt eine Brücke und legt sie auf H1"]


def test_drachenfels_play__every_magic_card_says_what_it_changed() -> None:
    magic = ["rainbow", "rainbow", "rainbow", "bridge", "bridge", "dragon", "dragon", "teletransfer", "cloud"]
    hands = {"red": magic, "blue": ["1"]}
    state = drachenfels(2, knights=TWO, hands=hands, bridges=["H1"])
    play(state, "rainbow R1-K", "rainbow R1-K>R2-K", "rainbow -R2-K", "bridge H2", "bridge H1>X1",
         "dragon C1>17", "teletransfer blue", "cloud blue S2", "end")
    assert state.narration(None) == [
        "Red plays a rainbow and puts it up on R1–K",
        "Red plays a rainbow and moves the rainbow R1–K to R2–K",
        "Red plays a rainbow and takes down the rainbow R2–K",
        "Red plays a bridge and lays it on H2",
        "Red plays a bridge and moves the bridge from H1 to X1",
        "Red plays a dragon: the dragon on C1 flies to 17",
        "Red plays the teletransfer and swaps places with blue: red to 1, blue to 3",
        "Red plays the cloud and blows blue's knight to S2",
        "Red ends the turn",
    ]
    assert state.narration(1, "fr")[5:8] == [
        "Rouge joue un dragon : le dragon de C1 s'envole vers 17",
        "Rouge joue le télétransfert et échange sa place avec Bleu : Rouge sur 1, Bleu sur 3",
        "Rouge joue le nuage et souffle le chevalier de Bleu jusqu'à S2",
    ]


def test_drachenfels_limit__the_last_turn_tells_the_draw_and_a_resignation_is_told() -> None:
    game = spielwerk.game("drachenfels", max_turns=1)
    state = play(game.new_state(seed=1, position={"knights": TWO, "hands": {"red": ["1"], "blue": ["1"]}}),
                 "1 2", "1 S1")
    assert state.narration(0)[-1:] == [
        "Blue plays a 1: from 1 to S1; the limit of 1 round is reached: the game ends in a draw"]
    german = state.narration(1, "de")[-1]
    assert german.endswith("die Grenze von 1 Runde ist erreicht: die Partie endet unentschieden")
    resigned = drachenfels(2)
    resigned.resign(1)
    assert resigned.narration(0) == ["Blue resigns"] and resigned.narration(None, "de") == ["Blau gibt auf"]


def test_drachenfels_narration__one_line_per_action_of_a_dealt_game() -> None:
    state = fresh(4, seed=3)
    while state.is_chance:
        state.resolve_chance()
    for seat in (None, 0, 1, 2, 3):
        lines = state.narration(seat)
        assert len(lines) == len(state.history) == 2 + 4 * 7
        assert sum(line.startswith("You draw") for line in lines) == (0 if seat is None else 7)
