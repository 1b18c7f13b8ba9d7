"""What the trial at the table found (the second), kept fixed: the Score tab's totals, seat tags
and badges, the wish over the cards received, Clear beside "Why not?", the seats before the game;
drawn with the page's own modules (e2e/draw_doc.js) from engine games (e2e/docs.py) at every
screen size of the layout check, which now also finds words cut short and tags over controls."""

from __future__ import annotations

import copy
import random

import pytest
from playwright.sync_api import expect

from app.engine import Game
from app.engine.simulate import random_action

from . import test_trial
from .docs import document, played
from .driver import LAYOUT_CHECK, VIEWPORTS, TablePage

drawing = test_trial.drawing  # the fixture: documents drawn by the page's own modules


def until(seed_range, done, ruleset="standard"):
    """The first game (of the seeds) whose round, played at random, reaches `done(round)`."""
    for seed in seed_range:
        game = Game(ruleset, {}, seed=seed)
        rng = random.Random(seed)
        while not game.over and game.round.phase != "over":
            if done(game.round):
                return game
            game.apply(random_action(game.round, rng, bomb_rate=0))
    raise AssertionError("no seed reaches that moment")


def test_the_score_tab_shows_both_totals_whole_on_a_phone(drawing):
    doc = document(played("standard", seed=1, rounds=3, plays=5), 0)
    doc["game"]["scores"]["totals"] = [-205, 1000]
    for size in VIEWPORTS:
        p = drawing(doc, size)
        tab = p.locator('[data-key="tab-score"]')
        if size[0] >= 1300:  # the score sheet is always open beside the table: no tab
            expect(tab).to_have_count(0)
            continue
        expect(tab.locator(".totals")).to_have_attribute("data-totals", "-205:1000")
        # Both totals inside the tab, whole (the layout check finds words cut short with "…").
        whole = tab.evaluate("""(tab) => { const r = tab.getBoundingClientRect();
          return [...tab.querySelectorAll(".total")].every((el) => { const b = el.getBoundingClientRect();
            return b.left >= r.left && b.right <= r.right && b.width > 20; }); }""")
        assert whole, size
        assert p.evaluate(LAYOUT_CHECK) == [], size


def test_what_a_seat_is_doing_is_said_whole(drawing):
    game = Game("standard", {}, seed=1)
    for seat in range(4):
        game.apply({"act": "grand", "call": False, "seat": seat})
    doc = document(game, 0)  # everybody choosing the cards to give
    for size in VIEWPORTS:
        p = drawing(doc, size)
        expect(p.locator(".opponents .tag.waiting")).to_have_count(3)
        assert p.evaluate(LAYOUT_CHECK) == [], size


def test_the_dragons_badge_lies_over_no_button(drawing):
    # The person's Dragon won the trick: "gives the Dragon's trick" on the seat, beside the sort button.
    doc = document(until(range(1, 400), lambda rnd: rnd.gift_from == 0), 0)
    for size in VIEWPORTS:
        p = drawing(doc, size)
        expect(p.locator(".seat.mine .tag.turn-tag")).to_have_text("gives the Dragon's trick")
        problems = [x for x in p.evaluate(LAYOUT_CHECK) if x[0] in ("cut off", "tag over a control")]
        assert problems == [], size


def test_the_dragons_gift_leaves_the_tabs_on_a_small_phone(drawing):
    doc = document(until(range(1, 400), lambda rnd: rnd.gift_from == 0), 0)
    for size in VIEWPORTS:
        p = drawing(doc, size)  # the game asks for the gift: its dialog is open
        expect(p.locator(".gift-choice")).to_have_count(2)
        assert p.evaluate(LAYOUT_CHECK) == [], size  # the tabs among what must be whole in sight


def first_lead_with_the_mahjong():
    return until(range(1, 400), lambda rnd: rnd.phase == "play" and not rnd.trick and rnd.turn == 0
                 and not any(e.get("act") == "play" for e in rnd.log)
                 and "Mj" in rnd.deck.format_cards(rnd.hands[0]).split())


def test_the_wish_leaves_the_cards_received_in_sight(drawing):
    doc = document(first_lead_with_the_mahjong(), 0)
    mahjong = next(p for p in doc["game"]["legal"]["plays"] if p["cards"] == "Mj")
    for size in VIEWPORTS:  # the landscape phone too: the ranks in one row, the hand still whole
        p = drawing(doc, size, ui={"pending": {"kind": "wish", "play": mahjong}})
        expect(p.locator('[data-key="wish-none"]')).to_be_visible()
        cards = p.locator(".received .card")
        expect(cards).to_have_count(3)
        for i in range(3):
            expect(cards.nth(i)).to_be_in_viewport(ratio=1)
        assert p.evaluate(LAYOUT_CHECK) == [], size


def test_clear_shows_whole_beside_why_not(drawing):
    doc = copy.deepcopy(document(first_lead_with_the_mahjong(), 0))
    doc["table"]["settings"]["hints"] = True  # the coach's "Why not?" for a selection that is no play
    hand = doc["game"]["hand"]
    for size in VIEWPORTS:
        p = drawing(doc, size, ui={"selected": [hand[0], hand[1]], "prefs": {"coach": True}})
        expect(p.locator('[data-key="why-not"]')).to_be_visible()
        expect(p.locator('[data-key="clear"]')).to_be_in_viewport(ratio=1)
        assert p.evaluate(LAYOUT_CHECK) == [], size


@pytest.mark.parametrize("size", [(1366, 768), (768, 1024), (390, 844)])
def test_before_the_game_the_seats_are_listed_by_number_and_whole(server, contexts, size):
    host = TablePage(contexts(viewport={"width": size[0], "height": size[1]}).new_page())
    code = host.create_table(server, "Anna")
    guest = TablePage(contexts(viewport={"width": size[0], "height": size[1]}).new_page())
    guest.open(f"{server}/t/{code}")
    for page in (host, guest):
        seats = page.page.locator(".seat[data-seat]")
        expect(seats).to_have_count(4)
        order = seats.evaluate_all("els => els.map((e) => Number(e.dataset.seat))")
        tops = seats.evaluate_all("els => els.map((e) => e.getBoundingClientRect().top)")
        assert order == [0, 1, 2, 3]
        # In reading order on the screen too (rows top to bottom).
        assert tops == sorted(tops), tops
        if size[0] >= 700:  # a tablet and a laptop show every seat without scrolling
            for i in range(4):
                expect(seats.nth(i)).to_be_in_viewport(ratio=1)
            assert page.page.evaluate(LAYOUT_CHECK) == [], size
