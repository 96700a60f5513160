"""The pages in English, German and French: every text of the interface a person reads is in the web
catalogue, translated and compiled, and the catalogue holds none of the games' words (they come from
the games' own catalogues, rendered by the server); the request's `?lang=`, cookie or
`Accept-Language` picks the language; the pages in German or French show none of the English words."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from babel.util import pathmatch
from fastapi.testclient import TestClient

import spielwerk
from spielwerk.core.catalogue import CORE
from spielwerk.web import i18n
from spielwerk.web.pages import STATIC
from tests.web.helpers import new_game

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT]


def po(lang: str) -> Catalog:
    with (i18n.LOCALE / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po").open("rb") as stream:
        return read_po(stream, locale=lang)


def template() -> set[str]:
    """The msgids of the catalogue template (`web.pot`)."""
    with (i18n.LOCALE / f"{i18n.DOMAIN}.pot").open("rb") as stream:
        return {str(message.id) for message in read_po(stream) if message.id}


def extracted() -> set[str]:
    """What `pybabel extract -F babel.cfg -k t` finds in the sources now."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as stream:
        method_map, options_map = parse_mapping_cfg(stream)  # type: ignore[no-untyped-call]
    keywords = {**DEFAULT_KEYWORDS, "t": None}
    found: set[str] = set()
    sources = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "src").rglob("*")
                     if path.is_file())
    for pattern, method in method_map:
        for path in (ROOT / source for source in sources if pathmatch(pattern, source)):
            for _, message, _, _ in extract_from_file(method, str(path), keywords=keywords,
                                                      options=options_map.get(pattern, {})):
                assert isinstance(message, str), (path, message)
                found.add(message)
    return found


def test_the_catalogue_holds_every_text_the_sources_mark_and_no_other() -> None:
    assert extracted() == template()  # else: the pybabel extract / update / compile of docs/contributing.md


def test_every_text_the_scripts_show_goes_through_the_catalogue() -> None:
    ids = template()
    for script in STATIC.glob("*.js"):
        for message in re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', script.read_text(encoding="utf-8")):
            assert message in ids, (script.name, message)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_text_has_its_words_in_german_and_french(lang: str) -> None:
    catalog = po(lang)
    ids = {str(message.id) for message in catalog if message.id}
    assert ids == template()
    for message in catalog:
        if message.id:
            assert message.string and not message.fuzzy, (lang, message.id)
            holes = set(re.findall(r"\{\w+\}", str(message.id)))
            assert set(re.findall(r"\{\w+\}", str(message.string))) == holes, (lang, message.id)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalogue_is_the_written_one(lang: str) -> None:
    with i18n.mo_path(lang).open("rb") as stream:
        compiled = {str(message.id): str(message.string) for message in read_mo(stream) if message.id}
    written = {str(message.id): str(message.string) for message in po(lang) if message.id}
    assert compiled == written  # else: pybabel compile -d src/spielwerk/web/locale -D web


def test_the_web_catalogue_holds_none_of_the_engine_s_words() -> None:
    engine = set(CORE.catalogue("en").values())
    for game_id in spielwerk.games():
        game = spielwerk.game(game_id)
        engine |= set(game.words("en").values()) | {game.info.name}
        engine |= {game.info.seat_name(seat) for seat in range(game.info.max_players)}
        engine |= {option.doc for option in game.info.options}
    sentences = {text for text in template() if len(text.split()) >= 3}  # "Game over" may be both
    shared = sentences & engine
    assert not shared, sorted(shared)  # a game's words belong in its own catalogue


class Shown(HTMLParser):
    """The texts a person reads on a page: its text (not its scripts) and the labels of its controls."""

    LABELS = ("placeholder", "aria-label", "title", "alt")

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.in_script = tag == "script"
        self.texts += [value for name, value in attrs if name in self.LABELS and value]

    def handle_endtag(self, tag: str) -> None:
        self.in_script = False

    def handle_data(self, data: str) -> None:
        if not self.in_script and data.strip():
            self.texts.append(" ".join(data.split()))


def shown(html: str) -> list[str]:
    parser = Shown()
    parser.feed(html)
    return parser.texts


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_pages_in_german_and_french_show_no_english_words(client: TestClient, lang: str) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    words = i18n.messages(lang)
    english = [message for message, translated in words.items() if translated != message]
    for url in ("/", created["seats"][0]["url"], f"/replay/{created['id']}"):
        html = client.get(f"{url}{'&' if '?' in url else '?'}lang={lang}").text
        assert f'<html lang="{lang}">' in html
        texts = shown(html)
        for message in english:
            for text in texts:
                assert text != message and not (len(message) > 8 and message in text), (url, message, text)
        carried = re.search(r'<script type="application/json" id="messages">(.*?)</script>', html, re.S)
        assert carried is not None and '"Your turn"' in carried.group(1)


def test_accept_language_picks_the_language_english_when_none_fits(client: TestClient) -> None:
    def lang_of(header: str) -> str:
        html = client.get("/", headers={"accept-language": header}).text
        found = re.search(r'<html lang="(\w+)">', html)
        assert found is not None
        return found.group(1)

    assert lang_of("de-DE,de;q=0.9,en;q=0.8") == "de"
    assert lang_of("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7") == "fr"
    assert lang_of("es, it;q=0.8, de;q=0.3") == "de"
    assert lang_of("en;q=0.2, fr;q=0.9") == "fr"
    assert lang_of("es, it") == "en"
    assert lang_of("") == "en"
    german = client.get("/", headers={"accept-language": "de"})
    assert "Ein neues Spiel" in shown(german.text) and "A new game" not in shown(german.text)
    assert "set-cookie" not in german.headers  # only a choice made on the page is remembered
    assert german.headers["vary"] == "Accept-Language, Cookie"  # a cache keeps one page per language


def test_lang_in_the_link_picks_french_and_the_cookie_remembers_it(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    url = created["seats"][0]["url"]
    french = client.get(f"{url}&lang=fr", headers={"accept-language": "de"})
    assert '<html lang="fr">' in french.text and {"Abandonner", "Enregistrer"} <= set(shown(french.text))
    assert i18n.messages("fr")["Your turn"] == "À vous de jouer"  # what its script shows, carried along
    cookie = french.headers["set-cookie"]
    assert cookie.startswith("lang=fr;") and "SameSite=lax" in cookie
    assert client.cookies.get("lang") == "fr"
    later = client.get("/", headers={"accept-language": "de"})  # the cookie beats the browser's wish
    assert '<html lang="fr">' in later.text and "Une nouvelle partie" in later.text
    english = client.get("/", params={"lang": "en"})
    assert '<html lang="en">' in english.text and client.cookies.get("lang") == "en"
    unknown = client.get("/", params={"lang": "xx"})
    assert '<html lang="en">' in unknown.text and "set-cookie" not in unknown.headers


def test_the_switch_links_each_language_and_keeps_the_seat_token(client: TestClient) -> None:
    created = new_game(client, "gyges", ["human", "human"])
    token = created["seats"][0]["token"]
    html = client.get(f"{created['seats'][0]['url']}&lang=de").text
    links = dict(re.findall(r'<a href="([^"]+)" hreflang="(\w+)"', html))
    assert sorted(links.values()) == sorted(i18n.LANGUAGES)
    for link, lang in links.items():
        assert f"token={token}" in link and link.endswith(f"lang={lang}"), link
    assert re.search(r'data-lang="de" aria-current="true"', html)
