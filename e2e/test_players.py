"""A player who comes back, in Chromium on a phone (docs/players.md): the statistics page
with its tables and plots (each plot saying its values in words), a code that makes
another browser the same player, a club made and joined by its link, and "Forget me"."""

from __future__ import annotations

import hashlib
import re

from playwright.sync_api import expect

from app.web.store.archive.players import PlayerRecords
from app.web.store.archive.results import SeatResult
from app.web.store.archive.sqlite import SQLiteArchive
from app.web.store.sqlite import FILE_NAME

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
KEY = "e2e-player-key-" + "x" * 12


def player_id(key: str) -> str:
    return hashlib.sha256(b"tichu-player:" + key.encode()).hexdigest()


def games_of(server_data, key: str, count: int) -> None:
    """`count` archived games of the key's player (written where the server keeps its archive)."""
    archive = SQLiteArchive(server_data / FILE_NAME)
    me = player_id(key)
    partner, bot = [None, "Ben", None], [None, None, "hard"]
    results = {n: [SeatResult(f"E2E{key[-2:]}", n, 0, 0, me, "Anna", None, "standard", 4, 1_800_000_000.0 + n,
                              final=True, outcome="won" if n % 3 else "lost", rounds=6, points=100 + 10 * n,
                              tichu_called=1, tichu_made=n % 2, partners=[partner], opponents=[bot, bot])]
               for n in range(count)}
    archive.put(f"E2E{key[-2:]}", {n: [{"n": n}] for n in range(count)}, results=results)
    PlayerRecords(archive).refresh(me)
    archive.close()


def with_key(context, key: str):
    context.add_init_script(f"localStorage.setItem('tichu.player', '{key}')")
    return context


def test_the_statistics_read_as_tables_and_plots_on_a_phone(server, server_data, contexts):
    games_of(server_data, KEY, 25)
    page = with_key(contexts(**PHONE), KEY).new_page()
    page.goto(f"{server}/me")
    expect(page.locator("h1")).to_have_text("Anna's games")
    overall = page.locator('[data-key="overall"]')
    expect(overall.locator("tr", has_text="Games won")).to_contain_text("16 (64 %)")  # 2 of every 3
    expect(overall.locator("th[scope=col]")).to_have_count(2)  # a table with headers
    plot = page.locator('[data-key="trend-points"] svg')
    expect(plot).to_have_attribute("role", "img")
    expect(plot).to_have_attribute("aria-label", re.compile(r"games 1–10: .*games 21–25: "))
    expect(page.locator("ol.games li")).to_have_count(25)
    first = page.locator("ol.games li").first
    expect(first).to_contain_text("with Ben")
    expect(first.locator("a").first).to_have_attribute("href", re.compile(r"/replay\?table=E2E.*&game=24$"))
    # The whole game's review of the player's own seat, in the replay viewer.
    expect(first.locator("a.review-game")).to_have_attribute(
        "href", re.compile(r"/replay\?table=E2E.*&game=24&seat=\d&review=game$"))
    # Nothing is wider than the phone: the tables scroll in their own box if need be.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390


def test_a_code_makes_another_browser_the_same_player(server, server_data, contexts):
    key = "e2e-device-key-" + "y" * 12
    games_of(server_data, key, 3)
    phone = with_key(contexts(**PHONE), key).new_page()
    phone.goto(f"{server}/me")
    phone.locator('[data-key="make-code"]').tap()
    code = phone.locator('[data-key="link-code"]')
    expect(code).to_have_text(re.compile(r"^[A-Z2-9]{8}$"))
    laptop = contexts().new_page()
    laptop.goto(f"{server}/me?code={code.inner_text()}")
    expect(laptop.locator("#code")).to_have_value(code.inner_text())  # offered, used only on a tap
    laptop.locator('[data-key="use-code"]').click()
    expect(laptop.locator(".note")).to_have_text("This browser is now the same player as the other device.")
    expect(laptop.locator("ol.games li")).to_have_count(3)
    assert laptop.evaluate("() => localStorage.getItem('tichu.player')") == key


def test_a_club_is_made_joined_by_its_link_and_a_player_forgotten(server, contexts):
    anna = contexts(**PHONE).new_page()
    anna.goto(f"{server}/me")
    anna.fill("#club-name", "Friday Tichu")
    anna.locator('[data-key="create-club"]').tap()
    expect(anna.locator("h1")).to_have_text("Friday Tichu")
    link = anna.locator('[data-key="invite"]').inner_text()
    ben = contexts(**PHONE, locale="de-DE").new_page()
    ben.goto(link)
    expect(ben.locator(".note")).to_have_text("Willkommen bei Friday Tichu!")
    expect(ben.locator("main")).to_contain_text("2 Mitglieder")
    expect(ben).to_have_url(re.compile(r"/club/[\w-]+$"))  # the invite leaves the address bar
    # Anna is forgotten: her browser starts as a new player, and her club has one member.
    anna.goto(f"{server}/me")
    anna.once("dialog", lambda dialog: dialog.accept())
    anna.locator('[data-key="forget"]').tap()
    expect(anna.locator(".note")).to_have_text("You are forgotten. This browser starts as a new player.")
    assert anna.evaluate("() => localStorage.getItem('tichu.player')") is None
    ben.reload()
    expect(ben.locator("main")).to_contain_text("1 Mitglied.")
