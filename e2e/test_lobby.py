"""The lobby offers every ruleset with its player count and a line about it (in German too), and
makes a Grandseigneur table of the chosen size whose line shows its free and total seats."""

from __future__ import annotations

from playwright.sync_api import expect

from .driver import TablePage
from .test_german import Scanner

ABOUT = {"standard": "klassische", "fifty-two": "52 Karten", "trichu": "Tisch", "tientsin": "dritt",
         "grandseigneur": "Rangfolge"}
COUNTS = {"standard": "4 Spieler", "fifty-two": "4 Spieler", "trichu": "3 Spieler", "tientsin": "6 Spieler",
          "grandseigneur": "5–12 Spieler"}


def test_the_lobby_offers_every_ruleset_and_seats_the_chosen_count(server, contexts):
    page = TablePage(contexts(locale="de-DE").new_page(), by_code=True)
    p = page.page
    scan = Scanner(p)
    p.goto(server + "/")
    choices = p.locator("#ruleset option")
    expect(choices).to_have_count(len(ABOUT))
    for name, word in ABOUT.items():
        expect(p.locator(f'#ruleset option[value="{name}"]')).to_contain_text(COUNTS[name])
        p.select_option("#ruleset", name)
        expect(p.locator("#ruleset-about")).to_contain_text(word)
        p.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        scan(f"lobby {name}")
    assert not scan.found, f"English on the German lobby: {scan.found}"
    p.select_option("#ruleset", "grandseigneur")
    expect(p.locator("#opt-players option")).to_have_count(8)  # 5..12
    p.select_option("#opt-players", "7")
    p.fill("#host-name", "Anna")
    page.press(p.locator("form.create-form button[type=submit]"))
    p.wait_for_url("**/t/*")
    code = p.url.rsplit("/", 1)[1]
    page.sit(0, "Anna")
    rows = p.request.get(server + "/api/tables").json()["tables"]
    row = next(r for r in rows if r["code"] == code)
    assert row["ruleset"] == "grandseigneur" and row["seats"] == 7 and row["free"] == 6
    p.goto(server + "/")
    expect(p.locator(".table-row", has_text=code)).to_contain_text("6 von 7 Plätzen frei")
