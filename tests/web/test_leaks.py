"""Twin Drachenfels games, equal for one seat and different in what it cannot see, look the same to
that seat through the API: payloads (the narration, the words for its actions and its cards
included), pictures, pushes and refusals, in every language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine

from spielwerk.core.state import State
from spielwerk.web.app import create_app
from spielwerk.web.auth import new_game_id, new_token, token_hash
from spielwerk.web.limits import Rates
from spielwerk.web.models import RUNNING
from spielwerk.web.store import Logged, Store, StoredGame, StoredSeat
from tests.drachenfels.twins import twins
from tests.web.helpers import get

SEAT = 0


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """The server without agents, its rates high enough for the many refusals compared here."""
    rates = Rates(changes=(1e6, 1e6), address_changes=(1e6, 1e6), requests=(1e6, 1e6))
    with TestClient(create_app(db_url, bot_workers=0, rates=rates)) as test_client:
        yield test_client


def _store(db_url: str, state: State, token: str) -> str:
    """Store `state` as a running game of people whose seat SEAT has `token`; its id."""
    game_id = new_game_id()
    seats = [StoredSeat(seat, state.game.info.seat_name(seat), "human",
                        token_hash(token) if seat == SEAT else None) for seat in range(state.players)]
    texts = [str(action) for action in state.history]
    Store(create_engine(db_url)).create(StoredGame(
        id=game_id, game=state.game.info.id, options=dict(state.game.options), players=state.players,
        seed=state.seed, status=RUNNING, seats=seats, actions=[Logged(text, None) for text in texts]))
    return game_id


LANGUAGES = ("en", "de", "fr")


def _seen(client: TestClient, game_id: str, token: str) -> tuple[object, ...]:
    """What the seat of `token` is shown of a game, in every language."""
    seen: list[object] = []
    for lang in LANGUAGES:
        payload = client.get(f"/api/games/{game_id}", params={"token": token, "lang": lang}).json()
        svg = client.get(f"/api/games/{game_id}/svg", params={"token": token, "lang": lang}).text
        with client.websocket_connect(f"/ws/games/{game_id}?token={token}&lang={lang}") as socket:
            pushed = socket.receive_json()
        refusals = []
        if payload["to_move"] != SEAT:
            earlier = get(client, game_id)["history"][-3:]
            for text in ("refresh", "end", "3 K", "take blue", "draw 3", *earlier):
                response = client.post(f"/api/games/{game_id}/actions", params={"token": token, "lang": lang},
                                       json={"action": text})
                refusals.append((response.status_code, response.json()))
        seen += [payload, svg, pushed, refusals]
    return tuple(seen)


def test_twin_games_look_the_same_through_the_api_to_the_seat_they_are_twins_for(client: TestClient,
                                                                                 db_url: str) -> None:
    compared = differ = 0
    for seed in (4, 7, 8):
        for step, (a, b) in enumerate(twins(2, seed, SEAT, 160)):
            if step % 7 or a.is_chance:
                continue
            differ += a.view(1) != b.view(1)  # the other seat's hand: the twins really differ
            token = new_token()
            first, second = _store(db_url, a, token), _store(db_url, b, token)
            assert _seen(client, first, token) == _seen(client, second, token)
            compared += 1
    assert compared >= 15 and differ >= 10
