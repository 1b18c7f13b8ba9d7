"""Languages: Flask-Babel for the pages, and the same gettext catalogs for the browser.

The German catalog `translations/de/LC_MESSAGES/messages.po` is the source of
truth; English is the language of the message ids, so it needs no catalog. The
compiled `.mo` next to each `.po` is committed (a test fails when it is out of
date: `pybabel compile -d translations`). The page gets its language's
messages as an inline JSON block read from the same `.po`, so the JavaScript
shows exactly the texts the server would.

The language is the `lang` cookie (set by the switch on every page) if it
names a known language, else the best match of the browser's Accept-Language,
else English.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from flask import Flask, request
from flask_babel import Babel

ROOT = Path(__file__).resolve().parents[3]  # the checkout: app/web/pages/ is three below
TRANSLATIONS = ROOT / "translations"
SCRIPTS = ROOT / "static" / "js"
JS_KEYWORDS = {"t": None, "tn": (1, 2), "tp": ((1, "c"), 2)}
# The scripts of each page, so a page gets only the messages it can show: these and every
# module they import (`page_modules`).
PAGE_SCRIPTS = {
    "lobby": ("lobby.js", "i18n.js", "dom.js", "store.js"),
    "table": tuple(sorted(p.name for p in SCRIPTS.glob("*.js")
                          if p.name not in ("lobby.js", "replay.js", "me.js", "club.js", "figures.js"))),
    "replay": ("replay.js", "i18n.js", "dom.js", "cards.js"),
    "me": ("me.js", "figures.js", "i18n.js", "dom.js", "store.js"),
    "club": ("club.js", "figures.js", "i18n.js", "dom.js", "store.js"),
}
IMPORT = re.compile(r'^(?:import|export)\b[^;]*?\bfrom\s+"\./([\w.-]+\.js)"', re.MULTILINE)
# Texts a page shows that come from the server's pure code, marked N_ there: the guided first
# game's lesson (the learner's document names the step's text; the page translates it).
PAGE_PYTHON = {"table": (ROOT / "app" / "coach" / "lesson" / "script.py",)}
LANGUAGES = {"en": "English", "de": "Deutsch"}  # code -> the language's own name
DEFAULT = "en"
COOKIE = "lang"


def select_language() -> str:
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES), default=DEFAULT)


def init_app(app: Flask) -> Babel:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(TRANSLATIONS)
    return Babel(app, locale_selector=select_language)


def po_path(lang: str) -> Path:
    return TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"


@functools.cache
def page_modules(page: str) -> tuple[str, ...]:
    """The scripts a page runs: its own and, one after the other, every module they import
    (the replay viewer shows the review's panel and names seats by context.js)."""
    found, todo = set(), list(PAGE_SCRIPTS[page])
    while todo:
        name = todo.pop()
        if name not in found:
            found.add(name)
            todo.extend(IMPORT.findall((SCRIPTS / name).read_text(encoding="utf-8")))
    return tuple(sorted(found))


@functools.cache
def page_messages(page: str) -> frozenset:
    """The message keys (as js_catalog writes them) the scripts of a page use."""
    keys = set()
    for name in page_modules(page):
        for _, message, _, context in extract_from_file("javascript", SCRIPTS / name, keywords=JS_KEYWORDS):
            msgid = message[0] if isinstance(message, tuple) else message
            keys.add(f"{context}\u0004{msgid}" if context else msgid)
    for path in PAGE_PYTHON.get(page, ()):
        for _, message, _, _ in extract_from_file("python", path, keywords={"N_": None}):
            keys.add(message)
    return frozenset(keys)


@functools.cache
def js_catalog(lang: str) -> dict:
    """The translated messages of `lang` for the browser: msgid -> text, plural msgids ->
    [forms...], and messages with a context under "context\\u0004msgid" (gettext's key).
    Untranslated and fuzzy entries are left out: the browser then shows the English id."""
    path = po_path(lang)
    if lang == DEFAULT or not path.exists():
        return {}
    with open(path, "rb") as f:
        catalog = read_po(f)
    out: dict = {}
    for message in catalog:
        if not message.id or message.fuzzy or not message.string:
            continue
        if isinstance(message.id, tuple):
            if not all(message.string):
                continue
            key, value = message.id[0], list(message.string)
        else:
            key, value = message.id, message.string
        if message.context:
            key = f"{message.context}\u0004{key}"
        out[key] = value
    return out


@functools.cache
def page_catalog(lang: str, page: str) -> dict:
    """The translations of `lang` that the scripts of `page` use (the page stays small)."""
    wanted = page_messages(page)
    return {key: text for key, text in js_catalog(lang).items() if key in wanted}


def page_i18n(lang: str, page: str) -> dict:
    """What a page needs to speak `lang`: its code, the languages to switch to, the messages."""
    return {"lang": lang, "languages": LANGUAGES, "messages": page_catalog(lang, page)}
