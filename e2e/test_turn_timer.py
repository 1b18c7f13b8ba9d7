"""The turn timer on the page: the seat to act sees its countdown count down, and when the
time runs out the stand-in bot makes that decision for it (and calls nothing).

The server is a real `python -m app` with the test clock (`TICHU_TEST_CLOCK`,
app/web/live/clocks.py): the test moves the server's time past the 30 s instead of waiting.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from app.web.live.clocks import write_offset
from tests.web.processes import Server

from .driver import TablePage

COUNTDOWN = re.compile(r"^(\d+) s left to decide$")


@pytest.fixture(scope="module")
def timed_server(tmp_path_factory):
    data = tmp_path_factory.mktemp("timer")
    clock = data / "clock"
    write_offset(clock, 0)
    proc = Server(data / "tables", data / "server.log", TICHU_TEST_CLOCK=str(clock))
    yield proc.base, clock
    proc.kill()


def seconds_shown(locator) -> int:
    match = COUNTDOWN.match(locator.text_content() or "")
    assert match, locator.text_content()
    return int(match.group(1))


def test_the_turn_timer_counts_down_and_the_stand_in_decides_when_it_runs_out(timed_server, contexts):
    base, clock = timed_server
    anna = TablePage(contexts().new_page())
    anna.create_table(base, "Anna", seed=7, settings={"turn-timer": 30})
    anna.sit(0)
    for seat in (1, 2, 3):
        anna.add_bot(seat, "greedy")
    anna.start()
    expect(anna.app).to_have_attribute("data-phase", "grand")
    mine = anna.page.locator(".actions .countdown-mine")
    expect(mine).to_have_text(COUNTDOWN)
    first = seconds_shown(mine)
    assert 25 <= first <= 30, first
    expect(anna.key("grand-no")).to_be_enabled()
    # It counts down (the page's ticker, once a second: bounded waits, no fixed sleep).
    # Looked up afresh each time: a re-render (a bot's decision) replaces the element.
    anna.page.wait_for_function(
        """(n) => { const el = document.querySelector(".actions .countdown-mine");
                    const m = el && /^(\\d+) s/.exec(el.textContent); return m && Number(m[1]) < n; }""",
        arg=first, timeout=10_000)
    # Her seat shows the countdown to everybody as well.
    expect(anna.page.locator('.seat[data-seat="0"] .countdown-turn')).to_have_text(re.compile(r"^\d+ s$"))

    # The 30 s run out on the server: the stand-in declines Grand Tichu for her, the
    # exchange begins, with a new countdown for her next decision.
    write_offset(clock, 31)
    expect(anna.app).to_have_attribute("data-phase", "exchange")
    expect(anna.page.locator('.seat[data-seat="0"] .tag.call')).to_have_count(0)  # no call made for her
    expect(anna.key("grand-no")).to_have_count(0)
    expect(mine).to_have_text(COUNTDOWN)
    # And again for the exchange: the stand-in passes three of her cards, the play begins.
    write_offset(clock, 62)
    expect(anna.app).to_have_attribute("data-phase", "play")
    expect(anna.page.locator(".hand [data-card]")).to_have_count(14)
