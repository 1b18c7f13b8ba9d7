"""English and German: the catalogs are complete, compiled, consistent, and reach pages and scripts."""

from __future__ import annotations

import json
import re
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from app.web.pages import i18n
from tests.web.conftest import create_table

ROOT = Path(__file__).resolve().parents[3]
KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2), "t": None, "tn": (1, 2),
            "tp": ((1, "c"), 2), "tr": (2,), "trp": ((2, "c"), 3), "trn": (2, 3)}
# The coach's sentences (app/coach/catalog.py: tr, trp, trn) and the lesson's texts (marked N_,
# shown by the table page) share the pages' catalog.
METHODS = [("app/web/**.py", "python"), ("app/coach/**.py", "python"), ("templates/**.html", "jinja2"),
           ("static/js/**.js", "javascript")]
PLACEHOLDER = re.compile(r"\{\w+\}|%\(\w+\)s")


def used_messages() -> set:
    """Every message id the server, the templates and the scripts use (as babel.cfg extracts them)."""
    found = set()
    for _, _, message, _, context in extract_from_dir(str(ROOT), METHODS, keywords=KEYWORDS):
        msgid = message[0] if isinstance(message, tuple) else message
        found.add((context, msgid))
    return found


def key_of(message) -> tuple:
    return message.context, message.id[0] if isinstance(message.id, tuple) else message.id


def texts(message) -> tuple:
    return tuple(message.string) if isinstance(message.string, (list, tuple)) else (message.string,)


def german():
    with open(i18n.po_path("de"), "rb") as f:
        return read_po(f)


def test_every_text_of_the_pages_has_a_german_translation():
    catalog = german()
    translated = {key_of(m): m for m in catalog if m.id}
    used = used_messages()
    assert len(used) > 200, "the extraction finds the texts"
    missing = sorted(msgid for key in used if key not in translated for msgid in [key[1]])
    assert not missing, f"not in translations/de/LC_MESSAGES/messages.po: {missing}"
    untranslated = [key for key in used if not all(texts(translated[key]))]
    assert not untranslated, untranslated
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert not fuzzy, f"fuzzy entries are not shown: {fuzzy}"
    unused = sorted(str(m.id) for m in catalog if m.id and key_of(m) not in used)
    assert not unused, f"entries no page uses any more: {unused}"


def test_placeholders_are_the_same_in_both_languages():
    for message in german():
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set(PLACEHOLDER.findall(" ".join(ids)))
        for text in texts(message):
            assert set(PLACEHOLDER.findall(text)) == wanted, (message.id, text)


def test_the_compiled_catalog_matches_its_source():
    """The .mo is committed so that `python -m app` needs no build step; recompile with
    `pybabel compile -d translations` after editing the .po."""
    source = german()
    with open(i18n.po_path("de").with_suffix(".mo"), "rb") as f:
        compiled = read_mo(f)

    def entries(catalog):
        def frozen(value):
            return tuple(value) if isinstance(value, (list, tuple)) else value
        return {(m.context, frozen(m.id)): frozen(m.string)
                for m in catalog if m.id and m.string and not m.fuzzy}

    assert entries(compiled) == entries(source), "translations/de/LC_MESSAGES/messages.mo is out of date"


def inline(page: bytes, element: str) -> dict:
    pattern = rb'<script type="application/json" id="' + element.encode() + rb'">(.*?)</script>'
    match = re.search(pattern, page, re.S)
    return json.loads(match.group(1))


def test_the_language_follows_the_browser_and_the_switch(http):
    english = http.get("/", headers={"Accept-Language": "en-US,en;q=0.9"})
    assert b'<html lang="en">' in english.data and b"Tichu: play with friends" in english.data
    assert inline(english.data, "i18n") == {"lang": "en", "languages": i18n.LANGUAGES, "messages": {}}
    german_page = http.get("/", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    assert b'<html lang="de">' in german_page.data
    assert b"Tichu: mit Freunden spielen" in german_page.data
    messages = inline(german_page.data, "i18n")["messages"]
    assert messages["Create table"] == "Tisch eröffnen"
    assert "Your turn" not in messages, "the lobby gets only the messages its scripts use"
    assert b'<html lang="en">' in http.get("/", headers={"Accept-Language": "fr-FR"}).data  # unknown: English
    # The switch remembers the choice in a cookie, over the browser's language.
    resp = http.get("/lang/de?next=/t/ABCDE")
    assert resp.status_code == 302 and resp.headers["Location"].endswith("/t/ABCDE")
    assert "lang=de" in resp.headers["Set-Cookie"]
    assert b'<html lang="de">' in http.get("/", headers={"Accept-Language": "en"}).data
    http.get("/lang/en")
    assert b'<html lang="en">' in http.get("/", headers={"Accept-Language": "de"}).data


def test_the_switch_only_goes_back_to_this_site(http):
    others = ("https://evil.example/", "//evil.example/x", "/\\evil.example/x", "javascript:alert(1)", "evil")
    for target in others:
        resp = http.get("/lang/de", query_string={"next": target})
        assert resp.status_code == 302 and resp.headers["Location"] in ("/", "http://localhost/"), target
    resp = http.get("/lang/xx?next=/")
    assert resp.status_code == 302 and "Set-Cookie" not in resp.headers


def test_the_table_page_speaks_german(http):
    resp = http.post("/api/tables", json={"host_name": "Anna"})
    code = resp.get_json()["code"]
    page = http.get(f"/t/{code}", headers={"Accept-Language": "de"})
    assert b'<html lang="de">' in page.data and f"Tischcode {code}".encode() in page.data
    messages = inline(page.data, "i18n")["messages"]
    assert messages["Pass"] == "Passen" and messages["{n} card"] == ["{n} Karte", "{n} Karten"]
    assert "Create table" not in messages


def test_each_page_gets_every_message_its_scripts_use():
    for page in i18n.PAGE_SCRIPTS:
        used = i18n.page_messages(page)
        assert len(used) > 20
        assert set(i18n.page_catalog("de", page)) == used, page
        assert i18n.page_catalog("en", page) == {}


def test_a_page_gets_the_messages_of_every_module_it_imports():
    """The replay viewer imports the review's panel (review.js) and the table's seat names
    (context.js): in German it says "Platz 3" and the review's words as the table does."""
    for page in i18n.PAGE_SCRIPTS:
        modules = set(i18n.page_modules(page))
        for name in modules:
            imported = set(re.findall(r'"\./([\w.-]+\.js)"', (i18n.SCRIPTS / name).read_text()))
            assert imported <= modules, (page, name, imported - modules)
    replay = i18n.page_catalog("de", "replay")
    assert replay["Seat {n}"] == "Platz {n}"  # context.js
    assert replay["Give the trick to {name}"] == "Den Stich {name} geben"  # review.js


def test_the_no_such_table_page_gets_the_lobbys_messages(http):
    page = http.get("/t/NOPE1", headers={"Accept-Language": "de"})
    assert page.status_code == 404 and b'<html lang="de">' in page.data
    messages = inline(page.data, "i18n")["messages"]
    assert messages["There is no table with the code {code}."].startswith("Es gibt keinen Tisch")
    assert messages["Create table"] == "Tisch eröffnen"
    assert "Pass" not in messages, "not the table page's messages"


def test_the_default_table_name_is_in_the_hosts_language(http):
    def default_name(language):
        resp = http.post("/api/tables", json={"host_name": "  Anna  "}, headers={"Accept-Language": language})
        return http.application.extensions["tichu"].registry.get(resp.get_json()["code"]).name

    assert default_name("de") == "Tisch von Anna"
    assert default_name("en") == "Anna's table"
    named = http.post("/api/tables", json={"host_name": "Anna", "name": "Night game"})
    assert named.status_code == 201
    assert http.post("/api/tables", json={"host_name": 7}).get_json()["code"] == "bad_request"


def test_the_lobby_list_names_bot_levels_for_the_page_to_translate(http):
    code, _ = create_table(http, name="Bots")
    table = http.application.extensions["tichu"].registry.get(code)
    with table.lock:
        table.seats[1].bot = "greedy"  # a bot at seat 1 (the lobby's line is the table's summary)
        assert table.summary()["bots"] == [None, "greedy", None, None]
