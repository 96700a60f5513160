"""The language a person reads: a two-letter code such as "de", from the environment where it is not
given. Games and adapters choose their texts by it and fall back to English."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

LANGUAGE_VARIABLES = ("SPIELWERK_LANG", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where a front end reads the language from, first set first (SPIELWERK_LANG: a choice for spielwerk
alone). Games never read it: the language is always passed to them."""
CODE = re.compile(r"[a-z]{2}")


def language_code(text: str | None) -> str:
    """The two-letter code `text` begins with ("de_DE.UTF-8" → "de"), else "en" ("C", "", None)."""
    code = (text or "").strip().lower()[:2]
    return code if CODE.fullmatch(code) else "en"


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language of the first set variable of LANGUAGE_VARIABLES, else English."""
    found = os.environ if environ is None else environ
    return language_code(next((found[name] for name in LANGUAGE_VARIABLES if found.get(name)), ""))
