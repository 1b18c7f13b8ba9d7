"""Drives the table page like a person: taps and clicks only, never the socket.

`TablePage.perform(action, view)` turns an action (the record's form) into the
clicks a player makes: the Grand Tichu buttons, the exchange slots, selecting
cards by their accessible names and Play, Pass, the Bomb menu, the wish and
Phoenix pickers, and the Dragon gift. The view (from a mirror game the test
keeps with the engine) only says what the person wants to do, never how.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

SUITS = {"S": "Sword", "B": "Pagoda", "G": "Jade", "R": "Star"}
RANKS = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
SPECIALS = {"Mj": "Mah Jong", "Dg": "Dog", "Ph": "Phoenix", "Dr": "Dragon"}


def card_name(code: str) -> str:
    """The accessible name the page gives a standard card: "Star 7", "Jade King", "Dragon"."""
    if code in SPECIALS:
        return SPECIALS[code]
    return f"{SUITS[code[0]]} {RANKS.get(code[1:], code[1:])}"


def relation(me: int, other: int) -> str:
    return {1: "right", 2: "partner", 3: "left"}[(other - me) % 4]


class TablePage:
    def __init__(self, page: Page, tap: bool = False):
        self.page = page
        self.tap = tap  # a phone: taps instead of clicks

    def press(self, locator):
        expect(locator).to_be_enabled()
        if self.tap:
            locator.tap()
        else:
            locator.click()

    def key(self, key: str):
        return self.page.locator(f'[data-key="{key}"]')

    # -- state the page shows ---------------------------------------------------------------

    @property
    def app(self):
        return self.page.locator("#app")

    def moves(self) -> int:
        return int(self.app.get_attribute("data-moves") or 0)

    def wait_moves(self, moves: int):
        expect(self.app).to_have_attribute("data-moves", str(moves))

    def hand(self) -> list[str]:
        return self.page.locator(".hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")

    # -- the lobby and seats --------------------------------------------------------------------

    def create_table(self, base: str, name: str, seed=None, **options) -> str:
        self.page.goto(base + "/")
        self.page.fill("#host-name", name)
        for option, value in options.items():
            field = self.page.locator(f"#opt-{option}")
            if field.evaluate("el => el.tagName") == "SELECT":
                field.select_option(value=json.dumps(value))
            else:
                field.fill(str(value))
        if seed is not None:
            self.page.fill("#seed", str(seed))
        self.press(self.page.get_by_role("button", name="Create table"))
        self.page.wait_for_url("**/t/*")
        expect(self.app).to_have_attribute("data-status", "waiting")
        return self.page.url.rsplit("/", 1)[1]

    def open(self, url: str):
        self.page.goto(url)
        expect(self.app).to_have_attribute("data-version", re.compile(r"\d+"))

    def sit(self, seat: int, name: str | None = None):
        if name is not None:
            self.page.fill("#name", name)
        self.press(self.key(f"sit-{seat}"))
        expect(self.app).to_have_attribute("data-seat", str(seat))

    def add_bot(self, seat: int, level: str):
        self.key(f"level-{seat}").select_option(level)
        self.press(self.key(f"bot-{seat}"))
        expect(self.page.locator(f'.seat[data-seat="{seat}"] .tag.bot')).to_have_text(f"bot: {level}")

    def start(self):
        self.press(self.key("start"))
        expect(self.app).to_have_attribute("data-status", "playing")

    # -- actions ---------------------------------------------------------------------------------

    def select(self, cards: list[str]):
        for code in cards:
            button = self.page.locator(".hand").get_by_role("button", name=card_name(code), exact=True)
            self.press(button)
            expect(button).to_have_attribute("aria-pressed", "true")

    def perform(self, action: dict, view: dict):
        act = action["act"]
        if act == "grand":
            self.press(self.key("grand-yes" if action["call"] else "grand-no"))
        elif act == "tichu":
            self.press(self.key("tichu"))
        elif act == "exchange":
            me = view["viewer"]
            for target, card in action["give"].items():
                self.select([card])
                self.press(self.key(f"slot-{relation(me, int(target))}"))
            self.press(self.key("give"))
        elif act == "pass":
            self.press(self.key("pass"))
        elif act == "gift":
            dialog = self.page.get_by_role("dialog")
            expect(dialog).to_contain_text("Give it to")
            self.press(self.key(f"gift-{action['to']}"))
        elif act == "play":
            self._play(action, view)
        else:
            raise ValueError(act)

    def check_play_stays_disabled(self, cards: list[str]):
        """Selecting cards that are no legal play leaves Play disabled; Clear lowers them again."""
        self.select(cards)
        expect(self.key("play")).to_be_disabled()
        self.press(self.key("clear"))
        expect(self.page.locator('.hand [aria-pressed="true"]')).to_have_count(0)

    def _play(self, action: dict, view: dict):
        legal = view["legal"]
        cards = action["cards"].split()
        in_turn = any(p["cards"] == action["cards"] for p in legal["plays"])
        if not in_turn:
            # A bomb out of turn: through the Bomb menu.
            self.press(self.key("bomb"))
            self.press(self.key(f"bomb-{action['cards']}"))
            return
        play_button = self.key("play")
        expect(play_button).to_be_disabled()
        self.select(cards)
        same = [p for p in legal["plays"] if p["cards"] == action["cards"]]
        self.press(play_button)
        if len(same) > 1:
            self.press(self.key(f"phoenix-{action['phoenix']}"))
        if "Mj" in cards:
            self.press(self.key(f"wish-{action['wish']}" if action.get("wish") else "wish-none"))

