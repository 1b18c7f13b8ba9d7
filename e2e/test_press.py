"""A player's taps and choices survive the updates that arrive meanwhile.

The page draws itself anew on every render, so a render inside a press would remove the
button pressed and the release would click nothing (CI's run once lost a card's tap so).
The page defers renders while a pointer is down, for at most `PRESS_HOLD_MS`: here the
page's clock stands still during the press, so the test does not depend on how fast the
other player's update arrives. And cards chosen while a play waits for its answer (a quick
player's next move) stay chosen when the answer comes: the test holds the answer back.
"""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

from playwright.sync_api import expect

from app.engine import view_for

from .driver import TablePage
from .test_table import BotGame, record_frames

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


def wait_until(page: TablePage, done, failure: str) -> None:
    """Wait (up to 10 s) until `done()` holds: something seen on the wire, not in the page."""
    for _ in range(400):
        if done():
            return
        page.page.wait_for_timeout(25)
    raise AssertionError(failure)


def with_update(page: TablePage, frames: list[str], mark: str, act) -> None:
    """Do `act` elsewhere and wait until a state update holding `mark` has reached `page`."""
    before = state_updates(frames, mark)
    act()
    wait_until(page, lambda: state_updates(frames, mark) > before, f"no update with {mark} reached the page")


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


SPECIAL = {"Dg", "Mj", "Ph", "Dr"}  # each asks more of the page than a plain single


def test_cards_chosen_while_a_play_waits_for_its_answer_stay_chosen(server, contexts):
    socket = {"hold": False, "held": [], "route": None}

    def route(ws):
        socket["route"] = ws
        upstream = ws.connect_to_server()

        def from_server(message):
            # Socket.IO's answers to requests ("43" and their id) wait while holding.
            if socket["hold"] and isinstance(message, str) and message.startswith("43"):
                socket["held"].append(message)
            else:
                ws.send(message)
        upstream.on_message(from_server)

    def routed(**options):
        context = contexts(**options)
        context.route_web_socket(re.compile(r"/socket\.io/"), route)
        return context

    game = BotGame(server, routed, seed=7)
    page = game.page
    while True:  # up to a lead of the person's with two plain cards or more
        game.bots_move()
        view = view_for(game.mirror, 0)
        plain = [c for c in view.get("hand", []) if c not in SPECIAL]
        if view["phase"] == "play" and view.get("turn") == 0 and view.get("lead") and len(plain) >= 2:
            break
        assert game.step(), "the game ended before the person led with two plain cards"
    page.wait_moves(game.mirror.version)
    page.close_summary()
    played, next_choice = plain[-1], plain[0]
    assert {"cards": played, "kind": "single"}.items() <= next(
        p for p in view["legal"]["plays"] if p["cards"] == played).items()

    socket["hold"] = True
    page.select([played])
    page.press(page.key("play"))
    expect(page.page.locator(f'.hand [data-card="{played}"]')).to_have_count(0)  # the state: played
    page.select([next_choice])  # chosen before the play's answer came
    wait_until(page, lambda: socket["held"], "the play's answer never came")
    expect(page.app).to_have_attribute("data-busy", "1")  # the page still waits for it
    socket["hold"] = False
    for message in socket["held"]:
        socket["route"].send(message)
    expect(page.app).to_have_attribute("data-busy", "")
    chosen = page.page.locator(f'.hand button[data-card="{next_choice}"]')
    expect(chosen).to_have_attribute("aria-pressed", "true")
