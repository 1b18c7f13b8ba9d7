"""Phones held upright: four people play a whole seeded round by taps on an iPhone-class and a
small Android-class screen (Chromium with the devices' viewports, touch and user agents).
Before every action the page is checked: every control and card inside the viewport, no two
controls overlapping, every card showing a 44 px strip, no horizontal scrolling."""

from __future__ import annotations

from playwright.sync_api import expect

from .driver import TablePage
from .rounds import play_round, seat_four


def test_four_phones_play_a_round_by_taps(server, contexts, phones):
    kinds = ["iphone", "android", "iphone", "android"]

    def make_page(seat):
        page = contexts(**phones[kinds[seat]]).new_page()
        return TablePage(page, tap=True, shots="phone", check_layout=True)

    players, _ = seat_four(server, make_page)
    players[0].start()
    mirror, seen, bombed = play_round(players)
    assert {"grand", "exchange", "play", "play-wish", "pass", "gift", "phoenix-choice"} <= seen and bombed
    assert all(p.layouts_checked > 5 for p in players), [p.layouts_checked for p in players]

    result = mirror.rounds[0].result
    for page in players:
        page.wait_moves(mirror.version)
        expect(page.page.locator(".round-summary h2")).to_have_text("Round 1 is over")
        page.assert_layout()
    players[1].shot("round-end")  # the small Android screen
    # The summary: who went out in which order, the round's score and the totals, per team.
    names = ["Anna", "Ben", "Cleo", "Dan"]
    summary = players[1].page.locator(".round-summary")
    expect(summary.locator(".out-order li")).to_have_count(len(result.out_order))
    for place, seat in enumerate(result.out_order):
        expect(summary.locator(".out-order li").nth(place)).to_contain_text(names[seat])
    for team, points in enumerate(result.scores):
        row = summary.locator(f'.summary-scores tr[data-team="{team}"]')
        expect(row.locator("td.round")).to_have_text(f"+{points}" if points > 0 else str(points))
        expect(row.locator("td.total")).to_have_text(str(mirror.totals[team]))
    # Each player closes it: the next round's Grand Tichu waits behind it until then.
    expect(players[0].key("grand-no")).to_have_count(0)
    players[0].press(players[0].key("summary-close"))
    expect(players[0].key("grand-no")).to_be_visible()
    expect(summary.locator(".waiting")).to_contain_text("Anna")  # the others see whom they wait for
    # The score sheet opens as a sheet over the table and closes again.
    page = players[1]
    page.press(page.key("tab-score"))
    for team in (0, 1):
        total = page.page.locator(f'.scores td.total[data-team="{team}"]')
        expect(total).to_have_text(str(result.scores[team]))
    expect(page.page.locator(".scores svg.chart")).to_be_visible()
    page.shot("score-sheet")
    page.assert_layout()
    page.press(page.key("close-panel"))
    expect(page.page.locator("#panel")).to_have_count(0)
