"""The German pages say nothing in English: the lobby, the "no such table" page and the table in
each of its states (waiting, Grand Tichu, exchange, play, the dialogs, the round summary, every panel).

A word counts as English when it is in some English message of the catalog and in no German
translation ("table", "seat", "round", "greedy"); names people chose (other tables in the
lobby's list) are not scanned.
"""

from __future__ import annotations

import re

from babel.messages.pofile import read_po
from playwright.sync_api import expect

from app.bots import GreedyBot
from app.engine import Game, view_for
from app.web.pages import i18n

from .driver import TablePage

WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")
VISIBLE_TEXT = """() => {
  const skip = [...document.querySelectorAll(".table-row > a")];  // other people's table names
  skip.forEach((el) => { el.dataset.skipText = el.textContent; el.textContent = ""; });
  const text = document.body.innerText + " " + [...document.querySelectorAll("input[placeholder]")]
    .filter((el) => el.offsetParent !== null).map((el) => el.placeholder).join(" ");
  skip.forEach((el) => { el.textContent = el.dataset.skipText; });
  return text;
}"""


def english_only_words() -> set:
    with open(i18n.po_path("de"), "rb") as f:
        catalog = read_po(f)

    def words(texts):
        return {w.lower() for text in texts for w in WORD.findall(re.sub(r"\{\w+\}|%\(\w+\)s", " ", text))}

    english, german = [], []
    for m in catalog:
        if not m.id:
            continue
        english += list(m.id) if isinstance(m.id, tuple) else [m.id]
        german += list(m.string) if isinstance(m.string, tuple) else [m.string]
    return {w for w in words(english) - words(german) if len(w) > 2}


class Scanner:
    def __init__(self, page):
        self.page = page
        self.english = english_only_words()
        self.found: dict = {}
        self.states = 0

    def __call__(self, state: str):
        text = self.page.evaluate(VISIBLE_TEXT)
        bad = sorted({w.lower() for w in WORD.findall(text)} & self.english)
        if bad:
            self.found.setdefault(state, bad)
        self.states += 1


def test_no_english_on_the_german_pages(server, contexts):
    page = TablePage(contexts(locale="de-DE").new_page(), by_code=True)
    p = page.page
    p.add_init_script("localStorage.setItem('tichu.pref.autoclose', '0')")  # the summary stays to be read
    scan = Scanner(p)
    assert {"table", "seat", "round", "greedy"} <= scan.english, "the check knows English when it sees it"

    p.goto(server + "/t/NOPE1")
    expect(p.locator(".alert")).to_contain_text("NOPE1")
    scan("no such table")
    p.goto(server + "/")
    expect(p.locator("html")).to_have_attribute("lang", "de")
    p.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")  # all shown
    scan("lobby")
    p.fill("#host-name", "Anna")
    p.fill("#seed", "7")
    page.press(p.locator("form.create-form button[type=submit]"))
    p.wait_for_url("**/t/*")
    expect(page.app).to_have_attribute("data-status", "waiting")
    scan("waiting, not seated")
    p.fill("#name", "")
    page.press(page.key("sit-1"))  # without a name: the error beside the field
    expect(p.locator("#name-error")).to_be_visible()
    page.assert_layout()  # the error covers nothing
    scan("name missing")
    page.sit(0, "Anna")
    expect(p.locator("header .name-text")).to_have_text("Tisch von Anna")
    scan("waiting")
    for seat in (1, 2, 3):
        page.key(f"level-{seat}").select_option("greedy")
        page.press(page.key(f"bot-{seat}"))
        expect(p.locator(f'.seat[data-seat="{seat}"] .tag.bot')).to_have_text("Bot: gierig")
    scan("waiting, bots seated")
    page.press(page.key("start"))
    expect(page.key("grand-no")).to_be_visible()
    for panel in ("score", "history", "chat", "settings"):
        page.press(page.key(f"tab-{panel}"))
        scan(f"panel {panel}")
    page.press(page.key("tab-score"))

    mirror = Game(seed=7)
    bots = {seat: GreedyBot(seat) for seat in (1, 2, 3)}

    def bots_move():
        moved = True
        while moved and len(mirror.rounds) == 1:
            moved = False
            for seat, bot in bots.items():
                action = bot.decide(view_for(mirror, seat))
                if action is not None:
                    mirror.apply({**action, "seat": seat})
                    moved = True
                    break

    while True:
        bots_move()
        if len(mirror.rounds) > 1:
            break
        view = view_for(mirror, 0)
        action = GreedyBot(0).decide(view)
        page.wait_moves(mirror.version)
        scan(f"{view['phase']}: before {action['act']}")
        if action["act"] == "play" and "Mj" in action["cards"].split():
            page.select(action["cards"].split())
            page.press(page.key("play"))
            expect(page.key("wish-none")).to_be_visible()
            scan("the wish")
            page.press(page.key(f"wish-{action['wish']}" if action.get("wish") else "wish-none"))
        else:
            page.perform(action, view)
        mirror.apply({**action, "seat": 0})
    expect(page.app).to_have_attribute("data-summary", "1")  # the bots may have gone on into round 2
    expect(p.locator(".round-summary h2")).to_have_text("Runde 1 ist vorbei")
    scan("round summary")
    page.press(page.key("tab-history"))
    scan("history after a round")
    assert scan.states > 20
    assert not scan.found, scan.found
