"""The pages: the lobby and the board page are served with their scripts, the lobby's catalogue and a
game's seats come from the API, and the scripts hold no game's name."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape

import spielwerk
from spielwerk import agents
from spielwerk.web.pages import MARKDOWN, STATIC
from tests.web.helpers import new_game, tokens


def test_the_lobby_and_the_board_page_are_served_with_their_modules(client: TestClient) -> None:
    lobby = client.get("/")
    assert lobby.status_code == 200 and "text/html" in lobby.headers["content-type"]
    assert 'src="/static/lobby.js"' in lobby.text
    created = new_game(client, "gyges", ["human", "random"])
    page = client.get(created["seats"][0]["url"])
    assert page.status_code == 200 and 'src="/static/play.js"' in page.text
    token = created["seats"][0]["token"]  # the same page; the token tells the seat (the links keep it)
    assert client.get(created["spectate"]).text == page.text.replace(f"?token={token}&amp;", "?")
    for module in ("play.js", "socket.js", "board.js", "actions.js", "narrow.js", "lobby.js"):
        served = client.get(f"/static/{module}")
        assert served.status_code == 200 and "javascript" in served.headers["content-type"], module
    assert client.get("/static/style.css").status_code == 200


def test_a_game_tells_who_sits_where_and_which_seat_a_token_is(client: TestClient) -> None:
    created = new_game(client, "drachenfels", ["human", "ismcts:1s", "human"])
    game_id, seat_tokens = created["id"], tokens(created)
    seen = client.get(f"/api/games/{game_id}/seats", params={"token": seat_tokens[2]}).json()
    assert seen == {"game": "drachenfels", "name": "Drachenfels", "you": 2,
                    "words": {"game": "Drachenfels", "seats": ["Red", "Blue", "Yellow"]}, "seats": [
        {"seat": 0, "name": "red", "kind": "human", "display": None, "strength": None},
        {"seat": 1, "name": "blue", "kind": "ismcts:1s", "display": None, "strength": "strong"},
        {"seat": 2, "name": "yellow", "kind": "human", "display": None, "strength": None}],
        "clock": None, "rematch": None, "rematch_of": None}
    assert client.get(f"/api/games/{game_id}/seats").json()["you"] is None
    wrong = client.get(f"/api/games/{game_id}/seats", params={"token": "x" * 22})
    assert wrong.status_code == 403 and wrong.json()["rule"] == "web.token"


def test_the_catalogue_names_every_game_its_seats_options_and_the_agents(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    assert [game["id"] for game in catalog["games"]] == spielwerk.games()
    gyges = next(game for game in catalog["games"] if game["id"] == "gyges")
    assert gyges["seats"] == ["south", "north"] and gyges["min_players"] == gyges["max_players"] == 2
    assert {"name": "replacement", "default": True}.items() <= gyges["options"][1].items()
    assert catalog["agents"] == agents.names()
    assert catalog["suggested"] == {
        "avalon": "ismcts", "drachenfels": "ismcts", "grani": "mcts", "gyges": "alphabeta"
    }


def test_the_scripts_name_no_game_and_need_no_build_step() -> None:
    names = [name for game_id in spielwerk.games()
             for name in (game_id, spielwerk.game(game_id).info.name)]
    for script in STATIC.glob("*.js"):
        text = script.read_text(encoding="utf-8")
        for name in names:
            assert not re.search(rf"\b{re.escape(name)}\b", text, flags=re.IGNORECASE), (script.name, name)
        for line in text.splitlines():  # plain ES modules: relative imports of files beside them
            if line.startswith("import "):
                assert re.search(r'from "\./\w+\.js";$', line), line


def test_the_board_pages_share_one_frame_and_repeat_none_of_it(client: TestClient) -> None:
    templates = STATIC.with_name("templates")
    frame = ("<header>", 'id="fatal"', 'id="board"', 'class="side"', 'id="status"', 'id="last"')
    for name in ("play.html", "replay.html"):
        text = (templates / name).read_text(encoding="utf-8")
        assert text.startswith('{% extends "board.html" %}'), name
        assert not [part for part in frame if part in text], name  # the frame lives in board.html only
    shared = (templates / "board.html").read_text(encoding="utf-8")
    assert all(part in shared for part in frame)
    for path in ("/play/some-game", "/replay/some-game"):
        html = client.get(path).text
        assert all(html.count(part) == 1 for part in frame), path
    assert 'id="connection"' in client.get("/play/some-game").text
    assert 'id="ply"' in client.get("/replay/some-game").text


def test_each_game_s_how_to_play_is_a_page_linked_from_the_lobby_and_the_boards(client: TestClient) -> None:
    for game_id in spielwerk.games():
        page = client.get(f"/rules/{game_id}")
        name = spielwerk.game(game_id).info.name
        assert page.status_code == 200 and f"<h1>How to play {name}</h1>" in page.text, game_id
        assert "<script type=\"module\"" not in page.text  # a page without a script
    avalon = " ".join(client.get("/rules/avalon").text.split())
    assert "<code>act wake</code>" in avalon and "the last day (7 alone, 10 with 2–4;" in avalon
    german = client.get("/rules/gyges", params={"lang": "de"}).text
    assert "<h1>So spielt man Gygès</h1>" in german and "<title>Spielanleitung Gygès" in german
    assert '<article lang="de">' in german and '<p class="hint">' not in german
    french = " ".join(client.get("/rules/avalon", params={"lang": "fr"}).text.split())
    assert "<h1>Comment jouer à Avalon</h1>" in french
    assert "7 seul, 10 de 2 à 4" in french
    missing = client.get("/rules/chess", params={"lang": "en"})
    assert missing.status_code == 404 and "There is no game of that name." in missing.text
    assert client.get("/rules/%3Cscript%3E").status_code == 404
    written = "a <script>alert(1)</script> b"
    assert MARKDOWN.render(written) == "<p>a &lt;script&gt;alert(1)&lt;/script&gt; b</p>\n"
    for path in ("/", "/play/some-game", "/replay/some-game"):
        assert 'id="rules"' in client.get(path).text, path  # its link: set by the page's script
    assert client.get("/static/rules.js").status_code == 200



def test_a_rules_page_lists_every_rule_id_with_its_sentence_in_the_page_s_language(
        client: TestClient) -> None:
    for game_id in spielwerk.games():
        game = spielwerk.game(game_id)
        for lang in ("en", "de", "fr"):
            html = client.get(f"/rules/{game_id}", params={"lang": lang}).text
            listed = re.findall(r'<dt id="([^"]+)"><code>\1</code></dt>\s*<dd>([^<]*)</dd>', html)
            expected = [(rule, escape(sentence)) for rule, sentence in game.rules_reference(lang).items()]
            assert listed == expected and len(listed) > 10, (game_id, lang)
    german = client.get("/rules/gyges", params={"lang": "de"}).text
    assert "<h2 id=\"rule-ids\">Die Regeln nach Kennung</h2>" in german


def test_a_how_to_play_not_yet_translated_is_shown_in_english_and_says_so(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    game = type(spielwerk.game("gyges"))
    monkeypatch.setattr(game, "how_to_play",
                        lambda self, language="en", medium="terminal": "# How to play Gygès\n\nIn English.")
    german = client.get("/rules/gyges", params={"lang": "de"}).text
    assert '<p class="hint">Die Spielanleitung gibt es nur auf Englisch.</p>' in german
    assert '<article lang="en">' in german
    assert '<p class="hint">' not in client.get("/rules/gyges", params={"lang": "en"}).text
