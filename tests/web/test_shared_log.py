"""One ordered log is the truth across processes: two server processes on one PostgreSQL database (Redis
between them). Every change of a game (an action, a resignation, a rematch, a name) made through one is
what the other judges by at its next request for the game, whether or not anyone watches it there;
two changes at once through the two processes give one outcome both agree on, the second refused with a
409 naming the first, never a 500."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import httpx2

from tests.web.helpers import get, new_game, tokens
from tests.web.test_durability import server
from tests.web.test_two_processes import two_servers

TRIES = 6


@contextmanager
def unlimited(pg_url: str, redis_url: str) -> Iterator[tuple[httpx2.Client, httpx2.Client]]:
    """Two server processes on one database and one Redis without rate limits (many games made)."""
    with server(pg_url, 0, "--redis", redis_url, "--no-rate-limits") as (_a, one), \
            server(pg_url, 0, "--redis", redis_url, "--no-rate-limits") as (_b, other):
        yield one, other


def _post(client: httpx2.Client, path: str, token: str | None, body: dict[str, Any]) -> httpx2.Response:
    return client.post(path, json=body, headers={"Authorization": f"Bearer {token}"})


def test_a_resignation_through_one_process_is_seen_by_the_other_at_once(pg_url: str, redis_url: str) -> None:
    with two_servers(pg_url, redis_url) as (one, other, game_id, south, north):
        assert get(other, game_id, south)["legal"]  # the other process has the game in memory, unwatched
        assert _post(one, f"/api/games/{game_id}/resign", north, {}).status_code == 200
        seen = get(other, game_id, south)
        assert seen["is_over"] and seen["legal"] == [] and seen["result"] == [1.0, 0.0]
        refused = _post(other, f"/api/games/{game_id}/actions", south, {"action": "123321"})
        assert refused.status_code == 409 and refused.json()["rule"] == "game.over"
        assert get(one, game_id)["history"] == get(other, game_id)["history"] == ["resign 1"]


def test_both_seats_resigning_at_once_through_two_processes_give_one_result(pg_url: str,
                                                                          redis_url: str) -> None:
    with unlimited(pg_url, redis_url) as (one, other):
        for _ in range(TRIES):
            created = new_game(one, "gyges", ["human", "human"])
            game_id, (south, north) = created["id"], tokens(created)
            get(other, game_id)  # both processes have it in memory
            with ThreadPoolExecutor(2) as pool:
                answers = list(pool.map(_post, [one, other], [f"/api/games/{game_id}/resign"] * 2,
                                        [south, north], [{}, {}]))
            codes = sorted(answer.status_code for answer in answers)
            assert codes == [200, 409], [answer.text for answer in answers]
            refused = next(answer for answer in answers if answer.status_code == 409).json()
            assert refused["rule"] == "game.over" and "resigned" in refused["error"]
            results = [get(client, game_id) for client in (one, other)]
            assert results[0]["result"] == results[1]["result"] and results[0]["result"] in ([0.0, 1.0],
                                                                                              [1.0, 0.0])
            assert results[0]["history"] == results[1]["history"] and len(results[0]["history"]) == 1


def test_a_move_racing_a_resignation_is_played_before_it_or_refused(pg_url: str, redis_url: str) -> None:
    with unlimited(pg_url, redis_url) as (one, other):
        for _ in range(TRIES):
            created = new_game(one, "gyges", ["human", "human"])
            game_id, (south, north) = created["id"], tokens(created)
            move = get(other, game_id, south)["legal"][0]
            with ThreadPoolExecutor(2) as pool:
                moved, resigned = pool.map(
                    _post, [other, one], [f"/api/games/{game_id}/actions", f"/api/games/{game_id}/resign"],
                    [south, north], [{"action": move}, {}])
            assert resigned.status_code == 200, resigned.text
            history = get(one, game_id)["history"]
            assert get(other, game_id)["history"] == history
            if moved.status_code == 200:
                assert history == [move, "resign 1"]
            else:
                assert moved.status_code == 409 and moved.json()["rule"] == "game.over", moved.text
                assert history == ["resign 1"]


def test_a_rematch_made_through_one_process_is_claimed_through_the_other(pg_url: str, redis_url: str) -> None:
    with two_servers(pg_url, redis_url) as (one, other, game_id, south, north):
        assert _post(one, f"/api/games/{game_id}/resign", north, {}).status_code == 200
        assert get(other, game_id)["is_over"]  # the other process has the finished game in memory
        made = _post(one, f"/api/games/{game_id}/rematch", south, {})
        assert made.status_code == 201, made.text
        claimed = _post(other, f"/api/games/{game_id}/rematch", north, {})
        assert claimed.status_code == 200, claimed.text
        assert claimed.json()["id"] == made.json()["id"]
        assert other.get(f"/api/games/{game_id}/seats").json()["rematch"] == made.json()["id"]


def test_two_rematch_requests_at_once_through_two_processes_make_one_game(pg_url: str,
                                                                        redis_url: str) -> None:
    with unlimited(pg_url, redis_url) as (one, other):
        for _ in range(TRIES):
            created = new_game(one, "gyges", ["human", "human"])
            game_id, (south, north) = created["id"], tokens(created)
            assert _post(one, f"/api/games/{game_id}/resign", north, {}).status_code == 200
            get(other, game_id)
            with ThreadPoolExecutor(2) as pool:
                answers = list(pool.map(_post, [one, other], [f"/api/games/{game_id}/rematch"] * 2,
                                        [south, north], [{}, {}]))
            assert sorted(answer.status_code for answer in answers) == [200, 201], [a.text for a in answers]
            made = {answer.json()["id"] for answer in answers}
            assert len(made) == 1
            seen = {client.get(f"/api/games/{game_id}/seats").json()["rematch"] for client in (one, other)}
            assert seen == made


def test_a_name_through_one_process_is_shown_by_the_other_unwatched(pg_url: str, redis_url: str) -> None:
    with two_servers(pg_url, redis_url) as (one, other, game_id, _south, north):
        assert other.get(f"/api/games/{game_id}/seats").json()["seats"][1]["display"] is None
        assert _post(one, f"/api/games/{game_id}/name", north, {"name": "Ada"}).status_code == 200
        assert other.get(f"/api/games/{game_id}/seats").json()["seats"][1]["display"] == "Ada"


def test_the_same_action_at_one_ply_through_two_processes_is_played_once(pg_url: str, redis_url: str) -> None:
    with unlimited(pg_url, redis_url) as (one, other):
        for _ in range(TRIES):
            created = new_game(one, "drachenfels", ["human", "human"])
            game_id, seats = created["id"], tokens(created)
            seen = get(other, game_id)
            token = seats[seen["to_move"]]
            take = next(text for text in get(one, game_id, token)["legal"] if text.startswith("take "))
            body = {"action": take, "ply": seen["ply"]}
            with ThreadPoolExecutor(2) as pool:
                answers = list(pool.map(_post, [one, other], [f"/api/games/{game_id}/actions"] * 2,
                                        [token] * 2, [body] * 2))
            assert [answer.status_code for answer in answers] == [200, 200], [a.text for a in answers]
            history = get(one, game_id)["history"]
            assert get(other, game_id)["history"] == history and history[seen["ply"]:].count(take) == 1
            another = "take blue" if take != "take blue" else "take red"
            other_take = _post(other, f"/api/games/{game_id}/actions", token,
                               {"action": another, "ply": seen["ply"]})
            assert other_take.status_code == 409 and other_take.json()["rule"] == "web.stale"
            assert f"ply {seen['ply']} is played already: {take}" in other_take.json()["error"]


def test_a_process_catching_up_takes_the_clock_as_the_other_stored_it(pg_url: str, redis_url: str) -> None:
    with unlimited(pg_url, redis_url) as (one, other):
        created = new_game(one, "gyges", ["human", "human"], clock="1m+30s")
        game_id, (south, north) = created["id"], tokens(created)
        assert get(other, game_id)["clock"]["left_ms"][1] == 60_000  # in the other's memory now
        for ply, (token, setup) in enumerate(((south, "123321"), (north, "321123"))):
            played = _post(one, f"/api/games/{game_id}/actions", token, {"action": setup, "ply": ply})
            assert played.status_code == 200
        mine, theirs = get(one, game_id)["clock"], get(other, game_id)["clock"]
        assert theirs["running"] == mine["running"] == 0
        # each seat got its increment once, through the first process; the other shows the same times
        assert theirs["left_ms"][1] == mine["left_ms"][1] > 60_000
        assert abs(theirs["left_ms"][0] - mine["left_ms"][0]) < 5_000 and theirs["left_ms"][0] > 60_000


def test_a_clock_starts_in_every_process_once_everyone_arrived(pg_url: str, redis_url: str) -> None:
    with unlimited(pg_url, redis_url) as (one, other):
        created = new_game(one, "gyges", ["human", "human"], clock="5m", arrive=False)
        game_id, (south, north) = created["id"], tokens(created)
        assert get(one, game_id, south)["clock"]["waiting"]  # South arrives through the first
        assert get(other, game_id)["clock"]["waiting"]
        assert not get(other, game_id, north)["clock"]["waiting"]  # North through the second
        mine, theirs = get(one, game_id)["clock"], get(other, game_id)["clock"]
        assert not mine["waiting"] and mine["running"] == theirs["running"] == 0
