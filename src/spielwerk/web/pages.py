"""The pages people use: the lobby at `/`, the board of a seat (or a spectator) at `/play/{id}`, the
replay of a finished game at `/replay/{id}` and a game's how-to-play at `/rules/{game}`. Each is a
template rendered in the language of the request (`i18n.choose`: `?lang=`, the `lang` cookie,
`Accept-Language`, English), with the interface's words its scripts show carried as a JSON
dictionary; the scripts are static files (plain ES modules, no build step) that talk to the API and
the websocket. The page renders what the server sends and holds no rule."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markdown_it import MarkdownIt
from markupsafe import Markup

import spielwerk
from spielwerk.core.errors import SpielwerkError
from spielwerk.web import i18n, speech

STATIC = Path(__file__).with_name("static")
TEMPLATES = Path(__file__).with_name("templates")
YEAR = 365 * 24 * 3600
router = APIRouter(include_in_schema=False)


@router.get("/")
async def lobby(request: Request) -> HTMLResponse:
    """A new game: which game, its options, who sits where; then each seat's invite link."""
    return page(request, "lobby.html")


@router.get("/play/{game_id}")
async def play(request: Request, game_id: str) -> HTMLResponse:
    """The board of the seat whose token the link carries (`?token=`), or a spectator's without one."""
    return page(request, "play.html")


@router.get("/replay/{game_id}")
async def replay(request: Request, game_id: str) -> HTMLResponse:
    """A finished game, ply by ply (with `?token=`, as that seat saw it)."""
    return page(request, "replay.html")


@router.get("/rules/{game_id}")
async def rules(request: Request, game_id: str) -> HTMLResponse:
    """How to play a game: its how-to-play written for the page (`how_to_play(medium="page")`: what
    to click, not what to type) in the page's language (else English), and every rule id with its
    sentence (`rules_reference`: what a refusal names); 404 for no such game."""
    lang = i18n.choose(request)
    try:
        game = spielwerk.game(game_id)
        text = game.how_to_play(lang, medium="page")
        english = text == game.how_to_play("en", medium="page")
    except SpielwerkError:
        return page(request, "rules.html", status_code=404, game=None, howto="", written="en", rules={})
    return page(request, "rules.html", game=speech.game_name(game, lang), howto=Markup(MARKDOWN.render(text)),
                written="en" if english else lang, rules=game.rules_reference(lang))


MARKDOWN = MarkdownIt("commonmark", {"html": False})
"""How-to-play text to HTML; HTML written in the text is shown as text, never run."""


def page(request: Request, name: str, status_code: int = 200, **context: object) -> HTMLResponse:
    """Template `name` in the request's language, with a link to each language; a `?lang=` is
    remembered in the `lang` cookie. The engine's words come with the payloads, in the page's
    language (the scripts ask with `?lang=`)."""
    lang = i18n.choose(request)
    switch = [(code, i18n.label(code), switch_link(request, code)) for code in i18n.LANGUAGES]
    html = environment(lang).get_template(name).render(
        lang=lang, languages=switch, messages=i18n.messages(lang), **context)
    response = HTMLResponse(html, status_code=status_code, headers={"Vary": "Accept-Language, Cookie"})
    asked = i18n.known(request.query_params.get(i18n.COOKIE))
    if asked:
        response.set_cookie(i18n.COOKIE, asked, max_age=YEAR, samesite="lax")
    return response


def switch_link(request: Request, lang: str) -> str:
    """This page's link (its token kept) in `lang`."""
    query = request.url.include_query_params(lang=lang).query
    return f"{request.url.path}?{query}"


@cache
def environment(lang: str) -> Environment:
    """The templates, speaking `lang` (`_()` in them); one environment per language."""
    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(["html"]),
                      extensions=["jinja2.ext.i18n"])
    env.install_gettext_translations(i18n.translations(lang), newstyle=True)  # type: ignore[attr-defined]
    return env


def static_files() -> StaticFiles:
    """The pages' scripts and styles, served under /static."""
    return StaticFiles(directory=STATIC)
