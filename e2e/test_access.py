"""For everyone: keyboard play, reduced motion, the axe-core scan, the German page, and chat as text."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from app.bots import GreedyBot
from app.engine import view_for

from .driver import TablePage, card_name
from .test_table import BotGame

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
COUNT_ANIMATIONS = """
window.__animations = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.__animations += 1;
  return animate.apply(this, args);
};
"""


class Keyboard:
    """Plays through the keyboard only: Tab and Shift+Tab move the focus, arrows move along the
    hand, Space and Enter press."""

    def __init__(self, page):
        self.page = page

    def focused(self) -> dict:
        return self.page.evaluate("() => { const e = document.activeElement; "
                                  "return {key: e.dataset.key || null, card: e.dataset.card || null}; }")

    def tab_to(self, key: str | None = None, card: bool = False, limit: int = 80):
        """Tab forward (then backward) until the control with data-key `key` (or any card of the
        hand) has the focus."""
        for step in ("Tab", "Shift+Tab"):
            for _ in range(limit):
                now = self.focused()
                if (card and now["card"]) or (key and now["key"] == key):
                    return
                self.page.keyboard.press(step)
        raise AssertionError(f"the keyboard cannot reach {key or 'the hand'}")

    def press(self, key: str, with_key: str = "Enter"):
        self.tab_to(key)
        self.page.keyboard.press(with_key)

    def select(self, code: str):
        self.tab_to(card=True)
        for _ in range(2):  # along the hand to the right, then to the left
            for _ in range(20):
                if self.focused()["card"] == code:
                    self.page.keyboard.press("Space")
                    card = self.page.locator(f'.hand [data-card="{code}"]')
                    expect(card).to_have_attribute("aria-pressed", "true")
                    return
                self.page.keyboard.press("ArrowRight")
            for _ in range(20):
                if self.focused()["card"] == code:
                    break
                self.page.keyboard.press("ArrowLeft")
        raise AssertionError(f"{code} cannot be reached with the arrow keys")

    def perform(self, action: dict, view: dict):
        act = action["act"]
        if act == "grand":
            self.press("grand-yes" if action["call"] else "grand-no")
        elif act == "exchange":
            for target, card in action["give"].items():
                self.select(card)
                self.press(f"slot-{target}")
            self.press("give")
        elif act == "pass":
            self.press("pass")
        elif act == "gift":
            self.press(f"gift-{action['to']}")
        elif act == "play":
            for code in action["cards"].split():
                self.select(code)
            self.press("play")
            choice = f'[data-key="phoenix-{action.get("phoenix")}"]'
            if action.get("phoenix") and self.page.locator(choice).count():
                self.press(f"phoenix-{action['phoenix']}")
            if "Mj" in action["cards"].split():
                self.press("wish-none")
        else:
            raise ValueError(act)


def test_a_trick_is_played_with_the_keyboard_alone(server, contexts):
    game = BotGame(server, contexts, seed=7)
    keyboard = Keyboard(game.page.page)
    tricks = 0
    while tricks < 2:
        game.bots_move()
        view = view_for(game.mirror, 0)
        action = GreedyBot(0).decide(view)
        game.page.wait_moves(game.mirror.version)
        keyboard.perform(action, view)
        game.mirror.apply({**action, "seat": 0})
        tricks = sum(e["act"] == "trick" for e in game.mirror.round.log)
    game.bots_move()
    game.page.wait_moves(game.mirror.version)
    assert game.page.hand() == view_for(game.mirror, 0)["hand"][::-1]


def play_some_tricks(game: BotGame, tricks: int = 2):
    while sum(e["act"] == "trick" for e in game.mirror.round.log) < tricks and game.step():
        pass
    game.bots_move()
    game.page.wait_moves(game.mirror.version)


def test_cards_move_unless_reduced_motion_is_asked_for(server, contexts):
    moving = BotGame(server, contexts, seed=7)
    moving.page.page.add_init_script(COUNT_ANIMATIONS)
    moving.page.page.reload()
    expect(moving.page.app).to_have_attribute("data-motion", "full")
    play_some_tricks(moving)
    assert moving.page.page.evaluate("window.__animations") > 0

    still = BotGame(server, contexts, seed=7, context_options={"reduced_motion": "reduce"})
    still.page.page.add_init_script(COUNT_ANIMATIONS)
    still.page.page.reload()
    expect(still.page.app).to_have_attribute("data-motion", "reduce")
    play_some_tricks(still)
    assert still.page.page.evaluate("window.__animations") == 0
    card = still.page.page.locator(".hand .card").first
    duration = card.evaluate("e => getComputedStyle(e).transitionDuration")
    assert duration == "0s"
    assert still.page.page.locator(".ghost").count() == 0


def serious_violations(page) -> list:
    expect(page.locator(".ghost")).to_have_count(0)  # a trick sweeping away is not part of the page
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => { const r = await axe.run(document, {resultTypes: ['violations']});"
                           " return r.violations.map(v => ({id: v.id, impact: v.impact,"
                           " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})); }")
    return [v for v in result if v["impact"] in ("serious", "critical")]


def test_axe_finds_nothing_serious_on_the_lobby_and_the_table(server, contexts, phones):
    for options in ({}, phones["android"]):
        lobby = contexts(**options).new_page()
        lobby.goto(server + "/")
        expect(lobby.locator("#host-name")).to_be_visible()
        assert serious_violations(lobby) == [], "lobby"
    game = BotGame(server, contexts, seed=7, context_options=phones["iphone"])
    page = game.page.page
    assert serious_violations(page) == [], "the table, Grand Tichu decision"
    play_some_tricks(game, 1)
    game.page.select([view_for(game.mirror, 0)["hand"][-1]])
    assert serious_violations(page) == [], "the table in play, a card selected"
    for panel in ("score", "history", "chat", "settings"):
        game.page.press(game.page.key(f"tab-{panel}"))
        assert serious_violations(page) == [], panel
        game.page.press(game.page.key("close-panel"))


def test_the_german_page(server, contexts):
    page = TablePage(contexts(locale="de-DE").new_page(), shots="desktop")
    page.page.goto(server + "/")
    expect(page.page.locator("html")).to_have_attribute("lang", "de")
    page.page.fill("#host-name", "Anna")
    page.press(page.page.get_by_role("button", name="Tisch eröffnen"))
    page.page.wait_for_url("**/t/*")
    page.sit(0)
    for seat in (1, 2, 3):
        page.key(f"level-{seat}").select_option("greedy")
        page.press(page.key(f"bot-{seat}"))
    page.press(page.page.get_by_role("button", name="Das Spiel starten"))
    expect(page.key("grand-no")).to_have_text("Kein Großes Tichu")
    expect(page.page.locator("#status")).to_have_text("Großes Tichu ansagen oder nicht?")
    first = page.page.locator(".hand .card").first  # before the exchange: faces (images) with their names
    german_names = ("Schwert", "Pagode", "Jade", "Stern", "Mah", "Hund", "Phönix", "Drache")
    assert first.get_attribute("aria-label").split()[0] in german_names
    expect(page.page.locator("#connection")).to_contain_text("Online")
    # Refusals are shown by their code in German; an unknown code falls back to the server's English.
    shown = page.page.evaluate("""async () => {
        const { refusal } = await import("/static/js/i18n.js");
        return [refusal({code: "must_fulfil_wish", message: "you must play a 8"}, {wish: "8"}),
                refusal({code: "chat_too_fast", message: "slow down"}),
                refusal({code: "something_new", message: "an English reason"})];
    }""")
    assert shown == ["Du musst den Wunsch erfüllen (8).",
                     "Langsam: warte einen Moment vor der nächsten Nachricht.", "an English reason"]
    page.shot("german")
    # The switch goes to English and back, keeping the seat.
    page.press(page.page.locator("header .langs a", has_text="EN"))
    expect(page.page.locator("html")).to_have_attribute("lang", "en")
    expect(page.key("grand-no")).to_have_text("No Grand Tichu")
    expect(page.app).to_have_attribute("data-seat", "0")


def test_chat_messages_are_shown_as_text(server, contexts):
    game = BotGame(server, contexts, seed=7)
    code = game.code
    watcher = TablePage(contexts().new_page())
    watcher.open(f"{server}/t/{code}")
    page = game.page
    page.press(page.key("tab-chat"))
    page.page.locator('[data-key="chat-text"]').fill("<b>bold</b> & <img src=x onerror=alert(1)>")
    page.press(page.key("chat-send"))
    expect(page.page.locator('[data-key="chat-text"]')).to_have_value("")
    page.press(page.key("quick-gg"))
    watcher.press(watcher.key("tab-chat"))
    messages = watcher.page.locator(".chat .messages li")
    expect(messages).to_have_count(2)
    expect(messages.nth(0)).to_have_text("Anna: <b>bold</b> & <img src=x onerror=alert(1)>")
    expect(messages.nth(1)).to_have_text("Anna: Good game!")
    assert watcher.page.locator(".chat b, .chat img").count() == 0
    # A watcher speaks under the name they give.
    watcher.page.locator('[data-key="chat-name"]').fill("Zoe")
    watcher.press(watcher.key("quick-thanks"))
    expect(page.page.locator(".chat .messages li").nth(2)).to_have_text("Zoe: Thanks!")


def test_cards_are_buttons_named_as_players_say_them(server, contexts):
    """In the exchange and in play, every card of the hand is a button with its name ("Star 7",
    "Phoenix"): the names the driver uses to find them."""
    game = BotGame(server, contexts, seed=7)
    page = game.page
    game.step()  # the Grand Tichu decision
    game.bots_move()
    expect(page.key("slot-3")).to_be_visible()  # the slot of the left-hand neighbour
    hand = view_for(game.mirror, 0)["hand"]
    assert len(hand) == 14
    for code in hand:
        button = page.page.locator(".hand").get_by_role("button", name=card_name(code), exact=True)
        expect(button).to_have_count(1)
    assert page.page.locator(".hand button.card").count() == 14


def test_the_hand_sorts_by_suit_and_cards_are_dragged_into_place(server, contexts):
    game = BotGame(server, contexts, seed=7)
    page = game.page
    game.step()  # the Grand Tichu decision
    game.bots_move()
    expect(page.key("slot-3")).to_be_visible()  # the slot of the left-hand neighbour
    by_rank = view_for(game.mirror, 0)["hand"][::-1]
    assert page.hand() == by_rank
    page.press(page.key("sort"))
    specials = ["Mj", "Dg", "Ph", "Dr"]  # the specials first, then each suit low to high
    order = [c for c in by_rank if c in specials]
    order += [c for suit in "SBGR" for c in by_rank if c[0] == suit and c not in specials]
    expect(page.page.locator(".hand [data-card]").first).to_have_attribute("data-card", order[0])
    assert page.hand() == order
    # Drag the first card past the last one (Pointer Events: the same code serves mouse, pen and touch).
    cards = page.page.locator(".hand button.card")
    first, last = cards.first.bounding_box(), cards.last.bounding_box()
    page.page.mouse.move(first["x"] + 12, first["y"] + 20)
    page.page.mouse.down()
    page.page.mouse.move(first["x"] + 40, first["y"] + 20, steps=3)
    page.page.mouse.move(last["x"] + last["width"] - 5, last["y"] + 20, steps=8)
    page.page.mouse.up()
    expect(page.page.locator(".hand [data-card]").last).to_have_attribute("data-card", order[0])
    assert page.hand() == order[1:] + order[:1]
    assert page.page.locator('.hand [aria-pressed="true"]').count() == 0, "a drag is no tap"
    # Alt + arrow moves the focused card one place.
    page.page.locator(f'.hand [data-card="{order[0]}"]').focus()
    page.page.keyboard.press("Alt+ArrowLeft")
    assert page.hand() == order[1:-1] + [order[0], order[-1]]


def test_the_card_tracker_only_where_the_table_offers_it(server, contexts):
    plain = BotGame(server, contexts, seed=7)
    expect(plain.page.key("tab-history")).to_be_visible()
    assert plain.page.key("tab-tracker").count() == 0

    page = TablePage(contexts().new_page())
    page.page.goto(server + "/")
    page.page.fill("#host-name", "Anna")
    page.page.fill("#seed", "7")
    page.page.locator("details.table-settings summary").click()
    page.page.check("#tracker")
    page.press(page.page.get_by_role("button", name="Create table"))
    page.page.wait_for_url("**/t/*")
    page.sit(0)
    for seat in (1, 2, 3):
        page.add_bot(seat, "greedy")
    page.start()
    page.press(page.key("tab-tracker"))
    counts = page.page.locator(".tracker .ranks .n").all_inner_texts()
    assert sum(map(int, counts)) == 56 - 8, "before the exchange: all but my first eight cards are out"
    expect(page.page.locator('.tracker li[data-rank="Phoenix"] .n')).to_have_text(
        "0" if "Ph" in page.hand() else "1")


def test_the_connection_indicator_follows_the_network(server, contexts):
    game = BotGame(server, contexts, seed=7)
    indicator = game.page.page.locator("#connection")
    expect(indicator).to_have_attribute("data-status", "online")
    game.page.page.context.set_offline(True)
    expect(indicator).to_have_attribute("data-status", "offline")
    expect(indicator).to_contain_text("Offline")
    game.page.page.context.set_offline(False)
    expect(indicator).to_have_attribute("data-status", "online")
    # ...and the table goes on where it was.
    game.step()
    game.bots_move()
    game.page.wait_moves(game.mirror.version)
