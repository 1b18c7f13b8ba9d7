"""What the trial on phones and a laptop found (issue 20), kept fixed: tables of every size drawn
by the page's own modules (e2e/draw_doc.js) from documents an engine game gives (e2e/docs.py),
at every screen size of the layout check."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from .docs import document, played
from .driver import LAYOUT_CHECK, VIEWPORTS, TablePage

DRAW = (Path(__file__).parent / "draw_doc.js").read_text()

# Each seat's parts inside the seat (nothing runs into the next one), and what it shows.
SEATS = """() => [...document.querySelectorAll(".opponents .seat")].map((seat) => {
  const box = seat.getBoundingClientRect();
  const out = [...seat.querySelectorAll("*")].filter((el) => !el.closest(".visually-hidden"))
    .filter((el) => { const r = el.getBoundingClientRect(); return r.width > 0 && (r.left < box.left - 0.5
      || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5); })
    .map((el) => el.className || el.tagName);
  const title = seat.querySelector(".tag.title");
  const name = seat.querySelector(".name");
  const shown = (el) => el && el.getBoundingClientRect().width > 8 && getComputedStyle(el).display !== "none";
  return { seat: seat.dataset.seat, out, name: shown(name) ? name.textContent : null,
    title: shown(title) ? title.title : null,
    whole: title ? title.scrollWidth <= title.clientWidth + 1 : null,
    order: seat.querySelector(".tag.order")?.dataset.order ?? null };
})"""


@pytest.fixture
def drawing(server, contexts):
    """A page of the table page's kind (a table waiting for players: nothing changes it) to
    draw documents on; `draw(doc, size, ui)` draws one at a screen size."""
    page = TablePage(contexts(viewport={"width": 390, "height": 844}, has_touch=True).new_page(), tap=True)
    page.create_table(server, "Anna")

    def draw(doc, size, ui=None, bubbles=None):
        width, height = size
        if page.page.viewport_size != {"width": width, "height": height}:
            # The page re-renders its own document for the new size (a moment after the resize):
            # draw after that, not under it.
            page.page.evaluate("() => { document.querySelector('#app').dataset.width = ''; }")
            page.page.set_viewport_size({"width": width, "height": height})
            expect(page.app).to_have_attribute("data-width", str(width))
        # Twice, as the page does on its next version: the hand is laid out for the width the
        # table had when it was drawn (the waiting table's first).
        for _ in range(2):
            page.page.evaluate(DRAW, {"doc": doc, "ui": ui or {}, "bubbles": bubbles or {}})
        return page.page

    return draw


@pytest.mark.parametrize("players", [5, 6, 12])
def test_grandseigneur_seats_show_name_title_and_when_they_play(drawing, players):
    game = played("grandseigneur", {"players": players}, seed=3, rounds=1, plays=5)
    doc = document(game, 0)
    geo = doc["game"]["geometry"]
    for size in (*VIEWPORTS, (1366, 625)):  # and a laptop under its browser's bars
        p = drawing(doc, size)
        assert p.evaluate(LAYOUT_CHECK) == [], size
        seats = p.evaluate(SEATS)
        assert len(seats) == players - 1
        for s in seats:
            seat = int(s["seat"])
            assert s["out"] == [], (size, seat, "runs out of its seat", s["out"])
            assert s["name"], (size, seat)
            assert s["title"] == geo["titles"][seat], (size, seat)
            # The title in full, except where twelve seats share a small phone's width.
            assert s["whole"] or (players == 12 and size[0] < 400), (size, seat, s["title"])
            assert s["order"] == str(geo["relative"][seat]), (size, seat)
    # A watcher sees the place of each seat in play order, from 1.
    p = drawing(document(game, None), (390, 844))
    orders = p.locator(".seat .tag.order").evaluate_all("els => els.map((e) => Number(e.dataset.order))")
    assert sorted(orders) == list(range(1, players + 1))


def test_the_ranking_lists_the_players_by_place(drawing):
    game = played("grandseigneur", {"players": 6}, seed=3, rounds=2)
    doc = document(game, 0)
    last = doc["game"]["scores"]["rounds"][-1]["out_order"]
    p = drawing(doc, (360, 640), ui={"panel": "score"})
    rows = p.locator(".scores.ranking tbody tr").evaluate_all("els => els.map((e) => Number(e.dataset.seat))")
    assert rows == last
    assert p.evaluate(LAYOUT_CHECK) == []
    # The round's summary names them by place too, with their titles.
    p = drawing(doc, (360, 640), ui={"summaryClosed": 0})
    items = p.locator(".round-summary .out-order li")
    expect(items).to_have_count(6)
    expect(items.first).to_contain_text("Grandseigneur")
    expect(items.last).to_contain_text("Misérable")


# Every cell of the summary's table is a table cell, its rule as long as the row (a cell once
# took the layout of a row of cards: a short stray rule under a dash).
RULES = """() => [...document.querySelectorAll(".round-summary table tr")].map((tr) => {
  const cells = [...tr.children];
  const row = tr.getBoundingClientRect();
  return cells.filter((c) => getComputedStyle(c).display !== "table-cell"
    || Math.abs(c.getBoundingClientRect().bottom - row.bottom) > 1).map((c) => c.className || c.tagName);
}).flat()"""


def test_the_double_victory_summary_has_no_stray_rule(drawing):
    game = played("standard", seed=6, rounds=1)  # seed 6: a double victory in the first round
    assert game.rounds[0].result.double_victory
    for size in VIEWPORTS:
        p = drawing(document(game, 0), size, ui={"summaryClosed": 0})
        expect(p.locator(".round-summary .double")).to_contain_text("Double victory")
        assert p.evaluate(RULES) == [], size
        assert p.evaluate(LAYOUT_CHECK) == [], size


# The chart's labels: none on top of another, all inside the chart.
LABELS = """() => {
  const chart = document.querySelector(".scores svg.chart");
  const c = chart.getBoundingClientRect();
  const texts = [...chart.querySelectorAll("text")].map((t) => [t.textContent, t.getBoundingClientRect()]);
  const problems = texts.filter(([, r]) => r.left < c.left - 0.5 || r.right > c.right + 0.5
    || r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5).map(([t]) => ["outside", t]);
  for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++) {
    const [a, b] = [texts[i][1], texts[j][1]];
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    if (w > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5)
      problems.push(["overlap", texts[i][0], texts[j][0]]);
  }
  return { problems, labels: texts.map(([t]) => t) };
}"""


@pytest.mark.parametrize("ruleset,options,seed,rounds", [
    ("standard", {}, 1, 3),  # totals -40 : 40: the lowest value close under 0
    ("trichu", {"rounds": 30}, 2, 25),  # a column per seat, many rounds
])
def test_the_score_charts_labels_never_overlap(drawing, ruleset, options, seed, rounds):
    game = played(ruleset, options, seed=seed, rounds=rounds, plays=3)
    for size in VIEWPORTS:
        p = drawing(document(game, 0), size, ui={"panel": "score"})
        got = p.evaluate(LABELS)
        assert got["problems"] == [], (size, got)
        assert "0" in got["labels"] and str(rounds) in got["labels"], got["labels"]  # the axis, the last


def test_every_earlier_round_and_this_rounds_tricks_are_on_the_page(drawing):
    game = played("standard", seed=1, rounds=3, plays=14)
    doc = document(game, 0)
    view = doc["game"]
    teams = view["geometry"]["team_of"]
    tricks = [e for e in view["history"] if e["act"] == "trick"]
    assert tricks, "the seed takes a trick in the fourth round"
    p = drawing(doc, (360, 640), ui={"panel": "score"})
    rows = p.locator(".scores tbody tr:not(.current)")
    expect(rows).to_have_count(3)
    for i, r in enumerate(view["scores"]["rounds"]):
        points = rows.nth(i).locator(".points")
        expect(points).to_have_text([f"{s:+d}" if s else "0" for s in r["scores"]])
    now = p.locator('[data-key="round-so-far"]')
    for team in (0, 1):
        mine = [e for e in tricks if teams[e["to"]] == team]
        word = "trick" if len(mine) == 1 else "tricks"
        expect(now.locator(f'td[data-team="{team}"]')).to_have_text(
            f"{sum(e['points'] for e in mine)} points in {len(mine)} {word}")
    assert p.evaluate(LAYOUT_CHECK) == []
    # The history tells the earlier rounds too, the latest first.
    p = drawing(doc, (360, 640), ui={"panel": "history"})
    earlier = p.locator(".history .earlier-round")
    expect(earlier).to_have_count(3)
    for i, r in enumerate(reversed(view["scores"]["rounds"])):
        first = doc["table"]["seats"][r["out_order"][0]]["name"]
        expect(earlier.nth(i)).to_contain_text(f"Round {3 - i} 1st {first}")
    assert p.evaluate(LAYOUT_CHECK) == []


# The chat bubble's box against every seat, card and control: nothing under it.
UNDER_BUBBLE = """() => {
  const bubble = document.querySelector(".bubble");
  if (!bubble) return ["no bubble"];
  const b = bubble.getBoundingClientRect();
  const hit = (r) => Math.min(r.right, b.right) - Math.max(r.left, b.left) > 0.5
    && Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top) > 0.5;
  const out = b.left < -0.5 || b.top < -0.5 || b.right > innerWidth + 0.5 || b.bottom > innerHeight + 0.5;
  return [...(out ? [["outside the viewport"]] : []), ...[...document.querySelectorAll(
    ".seat, .card, #app button, .tabs, .actions, .hand, .trick .play")]
    .filter((el) => hit(el.getBoundingClientRect())).map((el) => el.dataset.seat || el.dataset.card
      || el.dataset.key || el.className)];
}"""
LONG = ("This is a rather long message, the kind people type when a trick went wrong and they want "
        "everybody at the table to know exactly why it was not their fault at all")


@pytest.mark.parametrize("ruleset,options", [("standard", {}), ("grandseigneur", {"players": 12})])
def test_a_chat_bubble_never_covers_a_seat_or_a_card(drawing, ruleset, options):
    game = played(ruleset, options, seed=3, rounds=1, plays=5)
    doc = document(game, 0)
    for sender in (0, 2):  # mine, and one of the others'
        for size in VIEWPORTS:
            p = drawing(doc, size, bubbles={str(sender): {"text": LONG, "n": 1}})
            expect(p.locator(".bubble")).to_contain_text(doc["table"]["seats"][sender]["name"])
            expect(p.locator(f'.seat[data-seat="{sender}"] .tag.says')).to_have_count(1)
            assert p.evaluate(UNDER_BUBBLE) == [], (size, sender)
            assert p.evaluate(LAYOUT_CHECK) == [], (size, sender)


# What a laptop shows: the cards' sizes, and where the panels are.
SPACE = """() => {
  const box = (sel) => { const el = document.querySelector(sel); if (!el) return null;
    const r = el.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom,
      width: r.width, height: r.height }; };
  return { hand: box(".hand .card"), trick: box(".trick .card"), felt: box(".felt"),
    score: box(".side .panel-score"), second: box(".side .panel:not(.panel-score)"),
    panels: [...document.querySelectorAll(".side .panel")].map((p) => p.className) };
}"""


# A 1366 x 768 screen: the whole of it, and under a browser's bars; a big screen.
@pytest.mark.parametrize("size,card", [((1366, 768), 80), ((1366, 625), 68), ((1920, 1080), 96)])
def test_a_laptop_uses_its_space_bigger_cards_and_two_panels_beside_the_table(drawing, size, card):
    game = played("standard", seed=1, rounds=3, plays=5)
    chat = [{"n": i, "seat": i % 4, "name": "Anna", "text": f"message {i}", "quick": None} for i in range(30)]
    doc = document(game, 0, chat=chat)
    p = drawing(doc, size, ui={"panel": "score"})
    got = p.evaluate(SPACE)
    assert got["hand"]["width"] >= card and got["trick"]["width"] >= 44, got
    # The score sheet, and under it the chat (unless another panel is chosen), beside the table.
    assert got["panels"] == ["panel panel-score", "panel panel-chat"], got["panels"]
    for panel in (got["score"], got["second"]):
        assert panel["left"] >= got["felt"]["right"] and panel["height"] >= 200, got
    assert got["score"]["bottom"] <= got["second"]["top"]
    expect(p.locator(".chat .messages li").last).to_be_in_viewport()  # the newest message in sight
    expect(p.locator('.tabs [data-key="tab-score"]')).to_have_count(0)  # always open: no tab
    assert p.evaluate(LAYOUT_CHECK) == []
    p = drawing(doc, size, ui={"panel": "history"})
    assert p.evaluate(SPACE)["panels"] == ["panel panel-score", "panel panel-history"]
    # Phones keep their layout: the cards as they were, panels closed until a tab opens one.
    for small in ((360, 640), (390, 844)):
        p = drawing(doc, small)
        got = p.evaluate(SPACE)
        assert got["hand"]["width"] <= 68 and got["panels"] == [], (small, got)
        assert p.evaluate(LAYOUT_CHECK) == []


def test_texts_say_click_to_a_mouse_and_tap_on_a_touch_screen(server, contexts):
    from app.engine import Game

    game = Game("standard", seed=1)
    for seat in range(4):
        game.apply({"act": "grand", "call": False, "seat": seat})
    doc = document(game, 0)
    touch = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
    mouse = {"viewport": {"width": 1366, "height": 768}}
    for options, word in ((touch, "tap"), (mouse, "click")):
        page = TablePage(contexts(**options).new_page())
        page.create_table(server, "Anna")
        page.page.evaluate(DRAW, {"doc": doc})
        page.page.evaluate(DRAW, {"doc": doc})
        expect(page.page.locator("#status")).to_have_text(
            f"Choose a card for each player: {word} a card, then a place.")
        expect(page.key("sort")).to_have_attribute("aria-label", f"By rank: {word} to sort the hand by suit")
        expect(page.page.locator(".slot-hint").first).to_have_text(f"{word} a card, then here")
