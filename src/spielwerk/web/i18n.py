"""The languages of the pages: English, German, French. The words come from the message catalogues in
`locale/` (Babel: `web.po` as written, `web.mo` as read here); which language a page speaks is the
`?lang=` of its link (remembered in the `lang` cookie), else the cookie, else the browser's
`Accept-Language`, else English. The templates ask with `_()`, the scripts with `t()` from the
dictionary the page carries. The API and the websockets speak the language a request asks for
(`asked`: `?lang=`, else `Accept-Language`), in the words the engine's catalogues give."""

from __future__ import annotations

from functools import cache
from gettext import NullTranslations
from pathlib import Path

from babel import Locale, negotiate_locale
from babel.messages.mofile import read_mo
from babel.support import Translations
from starlette.requests import HTTPConnection

LOCALE = Path(__file__).with_name("locale")
DOMAIN = "web"
DEFAULT = "en"
LANGUAGES = ("en", "de", "fr")
COOKIE = "lang"


def N_(message: str) -> str:  # the name pybabel extract looks for
    """Marks `message` for the catalogue; returns it unchanged (it is looked up where it is shown)."""
    return message


def known(lang: str | None) -> str | None:
    """`lang` if the pages speak it ("de", "DE", "de-AT" are German), else None."""
    if not lang:
        return None
    code = lang.strip().replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else None


def from_header(header: str | None) -> str | None:
    """The language the browser prefers most among ours, from its `Accept-Language` header."""
    if not header:
        return None
    weighted: list[tuple[float, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and quality > 0:
            weighted.append((-quality + index * 1e-6, tag.strip()))
    preferred = [tag.replace("-", "_") for _, tag in sorted(weighted)]
    return known(negotiate_locale(preferred, list(LANGUAGES), sep="_"))


def choose(request: HTTPConnection) -> str:
    """The language of this request's page: `?lang=`, the cookie, `Accept-Language`, English."""
    return (known(request.query_params.get(COOKIE)) or known(request.cookies.get(COOKIE))
            or from_header(request.headers.get("accept-language")) or DEFAULT)


def asked(request: HTTPConnection) -> str:
    """The language an API request or a websocket asks for: `?lang=`, `Accept-Language`, English."""
    return spoken(request.query_params.get(COOKIE), request.headers.get("accept-language"))


def spoken(lang: str | None, header: str | None) -> str:
    """`lang` where we speak it, else the `Accept-Language` header's choice, else English."""
    return known(lang) or from_header(header) or DEFAULT


@cache
def translations(lang: str) -> NullTranslations:
    """The compiled catalogue of `lang` (English has none: its words are the msgids)."""
    if lang == DEFAULT:
        return Translations()
    return Translations.load(str(LOCALE), [lang], domain=DOMAIN)


def mo_path(lang: str) -> Path:
    """Where the compiled catalogue of `lang` lies."""
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


@cache
def messages(lang: str) -> dict[str, str]:
    """Every translated msgid of `lang` with its words, for the scripts (`t()` in i18n.js); empty
    for English, whose words are the msgids themselves."""
    if lang == DEFAULT:
        return {}
    with mo_path(lang).open("rb") as stream:
        catalog = read_mo(stream)
    return {str(message.id): str(message.string) for message in catalog
            if message.id and isinstance(message.id, str) and message.string}


def gettext(lang: str, msgid: str) -> str:
    """`msgid` in `lang`."""
    return translations(lang).gettext(msgid)


def label(lang: str) -> str:
    """A language's own name for itself, for the switch ("Deutsch", "français")."""
    name = str(Locale.parse(lang).get_display_name(lang))
    return name[:1].upper() + name[1:]
