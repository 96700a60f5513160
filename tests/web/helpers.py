"""Talking to the server in tests: games, payloads, actions, waiting for agents, services."""

from __future__ import annotations

import asyncio
import os
import socket
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import httpx2
import pytest

T = TypeVar("T")
Client = httpx2.Client
"""FastAPI's TestClient is one; the tests against a real server use one too."""


def new_game(client: Client, game: str, seats: list[str], *, arrive: bool = True,
             **extra: Any) -> dict[str, Any]:
    """Create a game; its answer (id, seats with tokens, spectator link). A game with a clock waits
    for every person to open their link: with `arrive`, each seat's person does at once (a read with
    their token), so that its clock runs."""
    response = client.post("/api/games", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    if arrive and extra.get("clock"):
        for token in tokens(answer):
            if token is not None:
                get(client, answer["id"], token)
    return answer


PEOPLE_ONLY: dict[str, dict[str, Any]] = {
    "gyges": {"seats": ["human", "human"]},
    "grani": {"seats": ["human", "human", "human"]},
    "drachenfels": {"seats": ["human", "human", "human"]},
    "avalon": {"seats": ["human"], "players": 1},
}
"""Every game with a person at each seat, as the pages' tests open them (Avalon alone)."""


def new_game_of_people(client: Client, game: str) -> dict[str, Any]:
    """A game of `game` as `PEOPLE_ONLY` makes it: its answer."""
    made = PEOPLE_ONLY[game]
    return new_game(client, game, made["seats"], **{k: v for k, v in made.items() if k != "seats"})


def tokens(created: dict[str, Any]) -> list[str | None]:
    """The token of every seat (None for agents)."""
    return [seat["token"] for seat in created["seats"]]


def get(client: Client, game_id: str, token: str | None = None) -> dict[str, Any]:
    """A seat's payload (a spectator's without a token), read with a bearer token."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = client.get(f"/api/games/{game_id}", headers=headers)
    assert response.status_code == 200, response.text
    payload: dict[str, Any] = response.json()
    return payload


def act(client: Client, game_id: str, token: str | None, text: Any) -> Any:
    """POST an action as the token's seat (token in the query); the response."""
    params = {"token": token} if token else {}
    return client.post(f"/api/games/{game_id}/actions", json={"action": text}, params=params)


def play(client: Client, game_id: str, token: str, text: str) -> dict[str, Any]:
    """Play an action that must be accepted; the seat's new payload."""
    response = act(client, game_id, token, text)
    assert response.status_code == 200, response.text
    payload: dict[str, Any] = response.json()
    return payload


def wait_for(read: Callable[[], dict[str, Any]], ready: Callable[[dict[str, Any]], bool],
             seconds: float = 30.0) -> dict[str, Any]:
    """Read until `ready` holds (an agent has played, say); fails after `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        payload = read()
        if ready(payload):
            return payload
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting after {seconds} s: {payload}")
        time.sleep(0.05)


def services_required() -> bool:
    """True where CI asks every service to be there: a missing one fails instead of skipping."""
    return os.environ.get("SPIELWERK_REQUIRE_SERVICES") == "1"


def missing_service(reason: str) -> None:
    """Skip with `reason`, or fail with it where SPIELWERK_REQUIRE_SERVICES=1."""
    if services_required():
        pytest.fail(f"{reason} (SPIELWERK_REQUIRE_SERVICES=1)")
    pytest.skip(reason)


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """`coroutine` run to its end on an event loop of its own, in a thread of its own (a browser test
    of the same worker may hold a running loop in this thread)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
