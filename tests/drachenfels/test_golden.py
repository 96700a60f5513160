"""Golden counts of legal actions from fixed positions, worked out by hand from the board."""

from __future__ import annotations

from collections import Counter

from tests.drachenfels.helpers import drachenfels, texts
from tests.drachenfels.reference import reference_rainbow_uses

ALL_MAGIC = ["rainbow", "bridge", "dragon", "teletransfer", "cloud", "3"]


def by_verb(state: object) -> Counter[str]:
    return Counter(text.split()[0] for text in texts(state))  # type: ignore[arg-type]


def test_golden_counts_at_the_start_fields() -> None:
    state = drachenfels(knights={"red": "S1", "blue": "S3"}, hands={"red": ALL_MAGIC, "blue": ["1"]})
    assert by_verb(state) == {
        "rainbow": 4,  # R1–R4 to the castle
        "bridge": 8,  # four holes, four crossings
        "dragon": 4 * 16,  # four dragons, twelve green dots and four dragon rocks
        "teletransfer": 1,
        "cloud": 2,  # blue to S2 or S4
        "3": 1,  # S1, 1, 2, 3: the hole H1 has no bridge
        "refresh": 1,
        "take": 1,
    }
    assert len(texts(state)) == 82


def test_golden_counts_with_everything_on_the_board() -> None:
    state = drachenfels(
        3,
        knights={"red": "K", "blue": "R1", "yellow": "17"},
        armour=["red"],
        hands={"red": ALL_MAGIC},
        rainbows=["R1-K", "R2-K"],
        bridges=["H2", "X1"],
        dragons=["C2", "C3", "D1", "24"],
        discard=["dragon"],
    )
    counts = by_verb(state)
    # rainbows: put up R3-K, R4-K; take away 2; move each of 2 to R3-K or R4-K
    assert counts["rainbow"] == 2 + 2 + 2 * 2
    # bridges: both are out (none to bring); H2 and X1 carry no knight: take away 2, move 2 x 6 free sites
    assert counts["bridge"] == 2 + 2 * 6
    # dragons: 4 dragons to the 16 spots less D1, 24 (dragons) and 17 (yellow)
    assert counts["dragon"] == 4 * 13
    # teletransfer: with blue (rainbow rock) or yellow; cloud: blue or yellow to S1–S4
    assert counts["teletransfer"] == 2 and counts["cloud"] == 2 * 4
    # 3 from the castle: K, R2, 22 and on to 21 or D2; K, R1 (passing blue), then 5, 4 (D1 has a dragon)
    # or the bridge H2 and S2
    assert sorted(t for t in texts(state) if t.startswith("3 ")) == ["3 21", "3 4", "3 D2", "3 S2"]
    assert counts["top"] == 1 and counts["refresh"] == 1 and "take" not in counts


def test_golden_counts_of_rainbow_cards_once_rainbows_are_open() -> None:
    state = drachenfels(
        knights={"red": "S1", "blue": "C2"},
        armour=["blue"],
        double=["blue"],
        opened=True,
        looked={"C2": ["blue"]},
        princesses=["red", "yellow", "blue", "green"],
        dragons=["C3", "C4", "D1", "D2"],
        hands={"red": ["rainbow", "1"]},
        rainbows=["R1-K", "R2-C2"],
    )
    rainbows = [text for text in texts(state) if text.startswith("rainbow")]
    # put up (drachenfels.rainbow.ends): R1 to C1, C3 or C4 (it has its castle end; C2 has an end);
    # R2 only to K (it has its rock-castle end); R3 and R4 to K, C1, C3 or C4: 3 + 1 + 4 + 4
    assert len([text for text in rainbows if ">" not in text and "-" not in text.split()[1][:1]]) == 12
    # take away: 2; move R1-K to the 13 places left with it gone, less where it is: 12;
    # move R2-C2 to the 19 places left with it gone (R1: C1-C4; R2-R4: K and C1-C4), less where it is: 18
    assert len(rainbows) == 12 + 2 + 12 + 18  # 35 when a rainbow rock carried one rainbow only
    assert set(rainbows) == reference_rainbow_uses(state.rainbows, opened=True)
