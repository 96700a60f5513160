"""The play page picks a hand card by the first word of the texts it plays (the page knows no game):
every Drachenfels card play begins with its card's name as the view writes the hand, and a card from
the hand, outside the `top` phase (a card from the discard pile). No other text begins with a card but
the free move of a crossed rainbow (`rainbow R1-K>R2-K` in the `rainbow` phase): a rainbow card in the
hand picks it too, and is not spent."""

from __future__ import annotations

from spielwerk.games.drachenfels.cards import KINDS
from spielwerk.games.drachenfels.notation import Bridge, Dragon, Place, Rainbow, Target, Walk
from tests.drachenfels.helpers import decisions


def test_every_card_play_begins_with_a_card_of_the_hand() -> None:
    plays = 0
    for state in decisions(6):
        hand = state.view(state.to_move)["hand"]
        for action in state.legal_actions():
            head = str(action).split()[0]
            card = (
                isinstance(action, Walk | Bridge | Dragon)
                or (isinstance(action, Rainbow) and state.phase != "rainbow")
                or (isinstance(action, Target | Place) and action.verb in ("teletransfer", "cloud"))
            )
            free = isinstance(action, Rainbow) and state.phase == "rainbow"
            assert (head in KINDS) == (card or free), action
            if card and state.phase != "top":
                assert head in hand, (action, hand)
                plays += 1
    assert plays > 1000
