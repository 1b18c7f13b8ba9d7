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
from pathlib import Path

from playwright.sync_api import Page, expect

SCREENSHOTS = Path(__file__).resolve().parents[1] / "test-artifacts" / "screenshots"
# Phones upright (iPhone-class, small Android), a phone on its side, a tablet, a laptop.
VIEWPORTS = ((390, 844), (360, 640), (844, 390), (768, 1024), (1366, 768))

SUITS = {"S": "Sword", "B": "Pagoda", "G": "Jade", "R": "Star"}
RANKS = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
SPECIALS = {"Mj": "Mah Jong", "Dg": "Dog", "Ph": "Phoenix", "Dr": "Dragon"}


def card_name(code: str) -> str:
    """The accessible name the page gives a standard card: "Star 7", "Jade King", "Dragon"."""
    if code in SPECIALS:
        return SPECIALS[code]
    return f"{SUITS[code[0]]} {RANKS.get(code[1:], code[1:])}"


# True once no animation runs in the trick (a play flies in from its seat for a moment).
LANDED = """() => !document.getAnimations().some((a) => a.playState === "running" && a.effect
  && a.effect.target && a.effect.target.closest && a.effect.target.closest(".trick"))"""


class TablePage:
    def __init__(self, page: Page, tap: bool = False, shots: str | None = None, check_layout: bool = False,
                 by_code: bool = False):
        self.page = page
        self.by_code = by_code  # cards by their code, not their (English) names: other languages
        self.tap = tap  # a phone: taps instead of clicks
        self.shots = shots  # "phone" or "desktop": save screenshots of the main states there
        self.check_layout = check_layout  # check the layout before every action
        self.layouts_checked = 0

    def press(self, locator, position: dict | None = None):
        expect(locator).to_be_enabled()
        if self.tap:
            locator.tap(position=position)
        else:
            locator.click(position=position)

    def shot(self, state: str):
        """Save a screenshot of a main state (on every run: the artifacts show the page)."""
        if self.shots is None:
            return
        folder = SCREENSHOTS / self.shots
        folder.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(folder / f"{state}.png"))

    def assert_layout(self):
        """Every control and card inside the viewport, no two controls overlapping, every card
        showing a tappable strip of 44 px, no horizontal scrolling, the play to beat in sight
        (see LAYOUT_CHECK); checked once the plays flying into the trick have landed."""
        self.page.wait_for_function(LANDED, timeout=5_000)
        problems = self.page.evaluate(LAYOUT_CHECK)
        assert not problems, problems
        self.layouts_checked += 1

    def assert_layout_everywhere(self, sizes=VIEWPORTS):
        """The layout check at every screen size (phones upright and on their side, a tablet, a
        laptop), each once the page has laid itself out for it; then back to the first size."""
        first = self.page.viewport_size
        for width, height in [*sizes, (first["width"], first["height"])]:
            self.page.set_viewport_size({"width": width, "height": height})
            expect(self.app).to_have_attribute("data-width", str(width))
            self.assert_layout()
        if self.key("close-panel").count():  # a laptop shows the score beside the table; a phone closes it
            self.press(self.key("close-panel"))

    def key(self, key: str):
        return self.page.locator(f'[data-key="{key}"]')

    def box(self, locator) -> dict:
        """The laid-out box of a visible element. A patch may replace the element between
        Playwright's check and the measure (no box then): measure again once it is back."""
        for _ in range(50):
            expect(locator).to_be_visible()
            box = locator.bounding_box()
            if box is not None:
                return box
            self.page.wait_for_timeout(20)
        raise AssertionError(f"{locator} never settled into a box")

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

    def create_table(self, base: str, name: str, seed=None, settings: dict | None = None,
                     ruleset: str | None = None, **options) -> str:
        """Create a table in the lobby: the `ruleset`, rule `options` by name, table `settings` by
        their field's id (`{"turn-timer": 30}`)."""
        self.page.goto(base + "/")
        self.page.fill("#host-name", name)
        if ruleset is not None:
            self.page.select_option("#ruleset", ruleset)
        for setting, value in (settings or {}).items():
            field = self.page.locator(f"#{setting}")
            if not field.is_visible():  # among the "Table settings"
                self.page.locator("details.table-settings summary").click()
            field.select_option(str(value))
        for option, value in options.items():
            field = self.page.locator(f"#opt-{option}")
            if not field.is_visible():  # among the "More options"
                self.page.locator("details.more-options summary").click()
            if field.evaluate("el => el.tagName") == "SELECT":
                field.select_option(value=json.dumps(value))
            else:
                field.fill(str(value))
        if seed is not None:
            self.page.fill("#seed", str(seed))
        self.press(self.page.locator("form.create-form button[type=submit]"))  # "Create table", any language
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

    def add_bot(self, seat: int, level: str, label: str | None = None):
        """The host puts a bot at a seat; its tag then says so (`label`: in the page's language)."""
        self.key(f"level-{seat}").select_option(level)
        self.press(self.key(f"bot-{seat}"))
        tag = self.page.locator(f'.seat[data-seat="{seat}"] .tag.bot')
        expect(tag).to_have_text(label or f"bot: {level}")

    def start(self):
        self.press(self.key("start"))
        # Bots without pause may finish a short game before the page has drawn it running.
        expect(self.app).to_have_attribute("data-status", re.compile(r"^(playing|over)$"))

    # -- actions ---------------------------------------------------------------------------------

    def select(self, cards: list[str]):
        for code in cards:
            button = (self.page.locator(f'.hand button[data-card="{code}"]') if self.by_code
                      else self.page.locator(".hand").get_by_role("button", name=card_name(code), exact=True))
            # Cards overlap: tap the corner every card shows (its rank and suit).
            self.press(button, position={"x": 14, "y": 20})
            expect(button).to_have_attribute("aria-pressed", "true")

    def close_summary(self):
        """Close the last round's summary if it is open (it may close itself at any moment, so
        the click happens inside the page, at once)."""
        self.page.evaluate("() => document.querySelector('[data-key=summary-close]')?.click()")
        expect(self.app).to_have_attribute("data-summary", "")

    def call(self, key: str, kind: str):
        """A Tichu or Grand Tichu call: the tap, then the call goes out after the undo window."""
        self.press(self.key(key))
        expect(self.key("undo-call")).to_be_visible()
        expect(self.page.locator(f".seat.mine .tag.call.{kind}")).to_be_visible()

    def perform(self, action: dict, view: dict):
        act = action["act"]
        self.close_summary()
        if self.check_layout:
            self.assert_layout()
        if act == "grand":
            self.shot("grand-tichu")
            if action["call"]:
                self.call("grand-yes", "grand")
            else:
                self.press(self.key("grand-no"))
        elif act == "tichu":
            self.call("tichu", "tichu")
        elif act == "exchange":
            self.check_hand(action, view)
            if view["viewer"] in view["geometry"]["forced_best"]:
                # The hierarchy's exchange: the best cards are in their slot already, said in words.
                expect(self.page.locator("#status[data-forced]")).to_be_visible()
                for target, count in view["geometry"]["exchange"][view["viewer"]].items():
                    expect(self.key(f"slot-{target}").locator(".card")).to_have_count(count)
            else:
                for i, (target, cards) in enumerate(action["give"].items()):
                    self.select(cards.split() if isinstance(cards, str) else [cards])
                    self.press(self.key(f"slot-{target}"))
                    if i == 1:
                        self.shot("exchange")
            self.press(self.key("give"))
        elif act == "pass":
            self.press(self.key("pass"))
        elif act == "gift":
            dialog = self.page.get_by_role("dialog")
            expect(dialog.locator(".gift-choice")).to_have_count(len(view["legal"]["gift"]))
            if self.check_layout:
                self.assert_layout()
            self.shot("dragon-gift")
            self.press(self.key(f"gift-{action['to']}"))
        elif act == "play":
            self.check_hand(action, view)
            self._play(action, view)
        else:
            raise ValueError(act)

    def check_hand(self, action: dict, view: dict):
        """Where the player plays a second hand (the Trichu dealer and the Table), the page says
        whose cards the action takes, and the big hand is that one."""
        table = view.get("table")
        if not table or table.get("legal") is None or table.get("hand") is None:
            return
        for_table = action.get("seat") == table["seat"]
        whose = self.page.locator(".whose")
        expect(whose).to_have_class(re.compile(r"\btable-hand\b") if for_table else re.compile(r"^whose$"))
        expect(self.page.locator(".hand.table-hand")).to_have_count(1 if for_table else 0)

    def check_play_stays_disabled(self, cards: list[str]):
        """Selecting cards that are no legal play offers no Play: with the coach on (a new
        browser's default) a "Why not?" that says why in words, else a disabled Play; Clear
        lowers them again."""
        self.select(cards)
        why = self.key("why-not")
        if why.count():
            self.press(why)
            expect(self.page.locator(".coach-hint .why")).not_to_be_empty()
            self.press(self.key("hint-close"))
            expect(self.page.locator(".coach-hint")).to_have_count(0)
        else:
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
        if view["trick"]["plays"] and not view["trick"]["closed"]:
            self.shot("mid-trick")
        same = [p for p in legal["plays"] if p["cards"] == action["cards"]]
        self.press(play_button)
        if len(same) > 1:
            self.press(self.key(f"phoenix-{action['phoenix']}"))
        if action.get("to") is not None:  # the Dog's partner (Tientsin)
            expect(self.key(f"dog-{action['to']}")).to_be_visible()
            if self.check_layout:
                self.assert_layout()
            self.press(self.key(f"dog-{action['to']}"))
        if "Mj" in cards:
            expect(self.key("wish-none")).to_be_visible()
            if self.check_layout:
                self.assert_layout()
            self.shot("wish")
            self.press(self.key(f"wish-{action['wish']}" if action.get("wish") else "wish-none"))



LAYOUT_CHECK = (Path(__file__).parent / "layout_check.js").read_text()
