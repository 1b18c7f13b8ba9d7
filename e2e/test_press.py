"""A tap survives a state update that arrives between its press and its release.

The page draws itself anew on every render, so a render inside a press would remove the
button pressed and the release would click nothing (CI's run once lost a card's tap so).
The page defers renders while a pointer is down, for at most `PRESS_HOLD_MS`: here the
page's clock stands still during the press, so the test does not depend on how fast the
other player's update arrives."""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

from playwright.sync_api import expect

from .driver import TablePage
from .test_table import record_frames

ROOT = Path(__file__).resolve().parents[1]
PRESS_HOLD_MS = int(re.search(r"const PRESS_HOLD_MS = (\d+);", (ROOT / "static/js/table.js").read_text())[1])


def state_updates(frames: list[str], mark: str) -> int:
    """How many Socket.IO state events among the frames hold `mark` (a piece of their JSON)."""
    count = 0
    for frame in frames:
        if frame.startswith("42"):
            event = json.loads(frame[2:])
            count += event[0] == "state" and mark in frame
    return count


def with_update(page: TablePage, frames: list[str], mark: str, act) -> None:
    """Do `act` elsewhere and wait until a state update holding `mark` has reached `page`."""
    before = state_updates(frames, mark)
    act()
    for _ in range(400):
        if state_updates(frames, mark) > before:
            return
        page.page.wait_for_timeout(25)
    raise AssertionError(f"no update with {mark} reached the page")


def test_a_tap_survives_a_state_update_between_press_and_release(server, contexts):
    host = TablePage(contexts().new_page())
    frames = record_frames(host.page)
    host.page.clock.install()  # time flows as usual until paused below
    code = host.create_table(server, "Anna", seed=5)
    host.sit(0)
    guest = TablePage(contexts().new_page())
    guest.open(f"{server}/t/{code}")
    guest.sit(1, "Ben")
    for seat in (2, 3):
        host.add_bot(seat, "greedy")
    host.start()
    hand = host.page.locator(".hand [data-card]")
    expect(hand).to_have_count(8)
    no_grand = host.key("grand-no")
    expect(no_grand).to_be_enabled()
    expect(guest.key("grand-no")).to_be_enabled()

    host.page.clock.pause_at(datetime.datetime.now() + datetime.timedelta(seconds=1))
    # A press held on the felt (a pointer whose release never comes): the page is drawn again
    # after PRESS_HOLD_MS all the same, here with Ben's chat message.
    felt = host.page.locator(".felt").bounding_box()
    host.page.mouse.move(felt["x"] + 4, felt["y"] + 4)
    host.page.mouse.down()
    guest.press(guest.key("tab-chat"))
    with_update(host, frames, '["table","chat"]', lambda: guest.press(guest.key("quick-thanks")))
    host.page.clock.run_for(PRESS_HOLD_MS + 1)
    expect(host.page.locator(".center .bubble")).to_contain_text("Ben:")
    host.page.mouse.up()

    box = no_grand.bounding_box()
    host.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    host.page.mouse.down()
    # Ben's answer reaches Anna's page mid-press.
    with_update(host, frames, '{"seat":1,"act":"grand"', lambda: guest.press(guest.key("grand-no")))
    host.page.mouse.up()
    host.page.clock.resume()
    # The click landed on the button pressed: Anna declined, and with everyone answered the
    # other six cards are dealt.
    expect(hand).to_have_count(14)
