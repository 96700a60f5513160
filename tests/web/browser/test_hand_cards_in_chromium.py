"""Drachenfels hand cards by clicks: a card, then the field its knight ends on. A picked card narrows
the actions and the board's marks to those it plays, a second click lets it go, and a card no legal
action is played with is disabled."""

from __future__ import annotations

from typing import Any

import httpx2

from tests.web.helpers import get, new_game, wait_for


def _head(text: str) -> str:
    return text.split()[0]


def _walk(legal: list[str]) -> str:
    """A point card's walk whose end another card reaches too, if there is one: without the card, a
    click on that field leaves two texts."""
    walks = [text for text in legal if _head(text).isdigit()]
    ends = [text.split()[-1] for text in walks]
    shared = [text for text, end in zip(walks, ends, strict=True) if ends.count(end) > 1]
    return (shared or walks)[0]


def _marks(page: Any) -> set[str]:
    return set(page.eval_on_selector_all("#board [data-mark]", "marks => marks.map(m => m.dataset.mark)"))


def test_a_card_then_its_field_plays_the_walk(server: str, open_page: Any) -> None:
    with httpx2.Client(base_url=server, timeout=30) as client:
        created = new_game(client, "drachenfels", ["human", "human", "human"])
        game_id = created["id"]
        payload = get(client, game_id)
        seat = created["seats"][payload["to_move"]]
        payload = get(client, game_id, seat["token"])
        legal, hand, ply = payload["legal"], payload["view"]["hand"], payload["ply"]
        text = _walk(legal)
        chosen, field = _head(text), text.split()[-1]
        page = open_page(seat["url"])
        page.wait_for_selector(f'body[data-ply="{ply}"]')
        chips = page.locator("#hand button.card")
        assert chips.count() == len(hand)
        used = {_head(action) for action in legal}
        for index, card in enumerate(hand):
            assert chips.nth(index).is_disabled() == (card not in used), card
        chip = page.locator(f'#hand button.card[data-card="{chosen}"]').first
        chip.click()
        assert chip.get_attribute("aria-pressed") == "true"
        played = sorted(action for action in legal if _head(action) == chosen)
        listed = page.eval_on_selector_all("#act button[data-action]", "b => b.map(x => x.dataset.action)")
        assert sorted(listed) == played
        assert _marks(page) == {action.split()[-1] for action in played}
        chip.click()  # a second click lets it go
        assert chip.get_attribute("aria-pressed") == "false"
        assert page.locator("#act button[data-action]").count() == len(legal)
        chip.click()
        page.keyboard.press("Escape")  # so does Escape
        assert chip.get_attribute("aria-pressed") == "false"
        chip.click()
        assert page.locator("#picked-names").inner_text() == chip.inner_text()
        page.locator(f'#board [data-target="{field}"]').first.click()
        after = wait_for(lambda: get(client, game_id, seat["token"]), lambda p: p["ply"] > ply)
        assert after["history"][len(payload["history"])] == text
        page.wait_for_selector(f'body[data-ply="{after["ply"]}"]')
        assert page.locator('#hand button.card[aria-pressed="true"]').count() == 0
