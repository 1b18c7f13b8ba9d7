"""A round as a player lives it: the cards received in the exchange stay marked and are in the
history; a call takes effect after a short undo window (or at once before the next action);
the round ends in a summary that waits for the player or closes itself once everybody is ready."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from app.bots import GreedyBot
from app.engine import view_for

from .test_table import BotGame


def test_received_cards_stay_marked_for_the_round_and_are_in_the_history(server, contexts):
    game = BotGame(server, contexts, seed=7)
    page = game.page
    while game.mirror.round.phase != "play":
        game.step()
    game.bots_move()
    page.wait_moves(game.mirror.version)
    received = view_for(game.mirror, 0)["exchange"]["received"]  # giver seat -> card
    for giver, card in received.items():
        marked = page.page.locator(f'.hand [data-card="{card}"]')
        expect(marked).to_have_attribute("class", re.compile(r"\bexchanged\b"))
        expect(marked.locator(".got")).to_have_text(f"Bot {int(giver) + 1}")
    assert page.page.locator(".hand .card.exchanged").count() == 3
    # Two tricks later the received cards still in the hand are still marked.
    while sum(e["act"] == "trick" for e in game.mirror.round.log) < 2 and game.step():
        pass
    game.bots_move()
    page.wait_moves(game.mirror.version)
    hand = set(view_for(game.mirror, 0)["hand"])
    still = [card for card in received.values() if card in hand]
    assert page.page.locator(".hand .card.exchanged").evaluate_all("els => els.map(e => e.dataset.card)") \
        == [c for c in page.hand() if c in still]
    page.press(page.key("tab-history"))
    lines = page.page.locator(".history .event.act-received")
    expect(lines).to_have_count(3)
    shown = lines.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(shown) == sorted(received.values())
    expect(page.page.locator(".history .event.act-gave")).to_have_count(3)


def test_a_call_can_be_taken_back_for_a_moment_and_goes_out_before_the_next_play(server, contexts):
    game = BotGame(server, contexts, seed=7)
    page = game.page
    # Grand Tichu: tapped, taken back, then declined: nothing went out.
    page.press(page.key("grand-yes"))
    expect(page.key("grand-no")).to_have_count(0)  # while the call waits, only Undo is offered
    page.press(page.key("undo-call"))
    expect(page.key("grand-no")).to_be_visible()
    page.press(page.key("grand-no"))
    game.mirror.apply({"act": "grand", "call": False, "seat": 0})
    game.bots_move()
    page.wait_moves(game.mirror.version)
    expect(page.page.locator(".seat.mine .tag.call")).to_have_count(0)
    # Tichu tapped, then a card played at once: the call goes out first, the play right after.
    for _ in range(100):
        game.bots_move()
        view = view_for(game.mirror, 0)
        play = GreedyBot(0).decide(view)
        if view["legal"]["tichu"] and play is not None and play["act"] == "play":
            break
        game.step()
    else:
        pytest.fail("no moment to call Tichu before a play")
    page.wait_moves(game.mirror.version)
    page.press(page.key("tichu"))
    expect(page.key("undo-call")).to_be_visible()
    page.perform(play, view)
    game.mirror.apply({"act": "tichu", "seat": 0})
    game.mirror.apply({**play, "seat": 0})
    game.bots_move()
    page.wait_moves(game.mirror.version)
    expect(page.page.locator(".seat.mine .tag.call.tichu")).to_be_visible()
    page.press(page.key("tab-history"))  # the server's order: the call, then the play
    called = int(page.page.locator(".history .event.act-tichu").get_attribute("data-n"))
    after = page.page.locator(f'.history .event[data-n="{called + 1}"]')
    expect(after).to_have_attribute("class", re.compile(r"\bact-play\b"))
    expect(after).to_contain_text("Anna")


def test_at_a_table_of_bots_the_round_summary_stays_until_it_is_closed(server, contexts):
    game = BotGame(server, contexts, seed=7)
    game.page.page.evaluate("""() => { const app = document.getElementById("app");
      new MutationObserver(() => { if (app.dataset.summary) window.__summary = app.dataset.summary; })
        .observe(app, { attributes: true }); }""")
    while True:
        game.bots_move()
        if len(game.mirror.rounds) > 1:
            break
        game.step()
    page = game.page
    page.wait_moves(game.mirror.version)
    # The bots have all moved on, but nobody waits for this player: the summary shows and
    # stays (no countdown, nobody named as awaited) until the player closes it.
    page.page.wait_for_function("window.__summary === '1'")
    expect(page.app).to_have_attribute("data-summary", "1")
    summary = page.page.locator(".round-summary")
    expect(summary.locator(".closing")).to_have_count(0)
    expect(summary.locator(".waiting")).to_have_count(0)
    expect(page.key("grand-no")).to_have_count(0)  # the next round's decision waits behind it
    page.press(page.key("summary-close"))
    expect(page.app).to_have_attribute("data-summary", "")
    expect(page.key("grand-no")).to_be_visible()
