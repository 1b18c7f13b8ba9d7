"""Seats belong to their people, and every action counts once, as people see it on the page.

- A player who leaves is shown as away with a countdown; a bot stands in; the player comes
  back by opening the link again and plays on, with no button to press.
- A watcher asks the host for a bot's seat; the host sees the request and lets them play.
- A page whose view is behind (its messages delayed) acts on what it shows: refused as stale,
  and the page shows the table as it is. An action whose answer is lost with the connection
  is sent again with the same id after the reconnect and counts once.

The delays are made by routing the page's WebSocket through the test (Playwright's
`route_web_socket`): messages from the server are held, then released or dropped.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .driver import TablePage

SEED = 7


class Gate:
    """The page's Socket.IO WebSocket, routed through the test: server messages can be held."""

    def __init__(self, page):
        self.held: list = []
        self.holding = False
        self.route = None
        self.upgraded = False
        page.route_web_socket(re.compile(r"/socket\.io/"), self._connect)

    def _connect(self, ws):
        server = ws.connect_to_server()
        self.route = ws
        self.upgraded = False

        def from_page(message):
            if message == "5":  # Engine.IO's upgrade: from now on everything goes this way
                self.upgraded = True
            server.send(message)
        ws.on_message(from_page)

        def from_server(message):
            if self.holding and ws is self.route:
                self.held.append(message)
            elif ws is self.route:
                ws.send(message)
        server.on_message(from_server)

    def open(self, page):
        """Wait (bounded) until the page talks only through its WebSocket (Socket.IO upgraded)."""
        for _ in range(300):
            if self.route is not None and self.upgraded:
                return
            page.wait_for_timeout(50)  # lets Playwright deliver the route's events meanwhile
        raise AssertionError("the page's connection was never upgraded to its WebSocket")

    def hold(self):
        self.holding = True

    def release(self):
        self.holding = False
        for message in self.held:
            self.route.send(message)
        self.held.clear()

    def cut(self):
        """The connection drops: what the server said meanwhile is lost; the page reconnects."""
        route, self.route = self.route, None
        self.held.clear()
        self.holding = False
        route.close()


def two_people_and_two_bots(server, contexts, settings_page=None):
    """Anna (host, seat 0) and Ben (seat 1) with greedy bots at 2 and 3; not started yet."""
    host = TablePage(contexts().new_page())
    code = host.create_table(server, "Anna", seed=SEED)
    url = f"{server}/t/{code}"
    host.sit(0)
    ben_context = contexts()
    ben = TablePage(ben_context.new_page())
    ben.open(url)
    ben.sit(1, "Ben")
    for seat in (2, 3):
        host.add_bot(seat, "greedy")
    return host, ben, ben_context, url


def seat_box(page: TablePage, seat: int):
    return page.page.locator(f'.seat[data-seat="{seat}"]')


def test_away_stand_in_and_seamless_return_and_asking_the_host_for_a_seat(server, contexts):
    host, ben, ben_context, url = two_people_and_two_bots(server, contexts)
    host.start()
    expect(ben.app).to_have_attribute("data-phase", "grand")
    # Ben's phone goes away: his seat shows him away, with the time until a bot stands in.
    ben.page.close()
    ben_seat = seat_box(host, 1)
    expect(ben_seat.locator(".tag.away")).to_have_text("away")
    expect(ben_seat.locator(".countdown-standin")).to_have_text(re.compile(r"^a bot plays in \d+ s$"))
    # The host lets a bot stand in at once (the grace period would do it after a minute).
    host.add_bot(1, "greedy")
    expect(ben_seat.locator(".countdown-standin")).to_have_count(0)
    expect(ben_seat.locator(".tag.away")).to_have_text("away")
    expect(seat_box(host, 1).locator(".tag.waiting")).to_have_count(0)  # the stand-in decided for Ben
    # Ben opens the link again: his seat, his cards, no bot and nothing to press.
    back = TablePage(ben_context.new_page())
    back.open(url)
    expect(back.app).to_have_attribute("data-seat", "1")
    expect(back.page.locator(".hand [data-card]")).not_to_have_count(0)
    expect(back.page.get_by_text("A bot plays your seat.")).to_have_count(0)
    expect(ben_seat.locator(".tag.bot")).to_have_count(0)
    expect(ben_seat.locator(".tag.away")).to_have_count(0)

    # Cleo watches and asks for the seat a bot plays for nobody; the host agrees.
    cleo = TablePage(contexts().new_page())
    cleo.open(url)
    cleo.page.fill("#name", "Cleo")
    expect(cleo.key("sit-2")).to_have_count(0)  # no taking it without asking
    cleo.press(cleo.key("ask-2"))
    expect(seat_box(cleo, 2)).to_contain_text("Waiting for the host to agree…")
    expect(cleo.page.locator(".hand")).to_have_count(0)
    request = host.page.locator(".requests .request")
    expect(request).to_contain_text("Cleo asks to take over Bot 3 from the bot.")
    host.press(request.get_by_role("button", name="Let them play"))
    expect(cleo.app).to_have_attribute("data-seat", "2")
    expect(cleo.page.locator(".hand [data-card]")).not_to_have_count(0)
    expect(host.page.locator(".requests")).to_have_count(0)
    expect(seat_box(host, 2).locator(".name")).to_have_text("Cleo")
    # The seat is hers: a reload keeps it (the token came with the request).
    cleo.page.reload()
    expect(cleo.app).to_have_attribute("data-seat", "2")


def test_an_action_on_a_view_that_is_behind_is_refused_as_stale_and_the_page_catches_up(server, contexts):
    host, ben, ben_context, url = two_people_and_two_bots(server, contexts)
    host.start()
    # Ben has the table open twice; the second tab's messages are delayed.
    lagging = TablePage(ben_context.new_page())
    gate = Gate(lagging.page)
    lagging.open(url)
    expect(lagging.app).to_have_attribute("data-phase", "grand")
    expect(lagging.key("grand-no")).to_be_enabled()
    gate.open(lagging.page)
    gate.hold()
    ben.press(ben.key("grand-no"))
    host.press(host.key("grand-no"))
    expect(host.app).to_have_attribute("data-phase", "exchange")
    # The lagging tab still shows the Grand Tichu decision; Ben taps it there too.
    expect(lagging.app).to_have_attribute("data-phase", "grand")
    lagging.press(lagging.key("grand-no"))
    gate.release()
    expect(lagging.page.locator("#alerts")).to_contain_text("The game moved on before your action arrived")
    expect(lagging.app).to_have_attribute("data-phase", "exchange")
    expect(lagging.key("give")).to_be_visible()  # the exchange, as it is now


def test_an_action_whose_answer_is_lost_is_sent_again_and_counts_once(server, contexts):
    host, ben, ben_context, url = two_people_and_two_bots(server, contexts)
    ben.page.close()
    ben = TablePage(ben_context.new_page())
    gate = Gate(ben.page)
    ben.open(url)
    host.start()
    expect(ben.app).to_have_attribute("data-phase", "grand")
    for bot in (2, 3):  # the bots have decided: only Ben's and Anna's decisions are left
        expect(seat_box(host, bot).locator(".tag.waiting")).to_have_count(0)
    moves = host.moves()
    gate.open(ben.page)
    gate.hold()
    ben.press(ben.key("grand-yes"))  # reaches the server; its answer is held...
    host.wait_moves(moves + 1)
    expect(ben.app).to_have_attribute("data-busy", "1")
    gate.cut()  # ...and lost with the connection
    # After the reconnect the page sends the call again with the same id: answered as before.
    expect(ben.page.locator("#connection")).to_have_attribute("data-status", "online")
    expect(ben.app).to_have_attribute("data-busy", "")
    expect(ben.page.locator("#alerts")).to_be_hidden()
    expect(seat_box(host, 1).locator(".tag.call.grand")).to_have_text("Grand Tichu")
    assert host.moves() == moves + 1, "Ben's call counted once"
    host.press(host.key("grand-no"))
    expect(ben.app).to_have_attribute("data-phase", "exchange")
