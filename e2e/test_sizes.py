"""Every table size on a phone (390x844), by taps: one person at seat 0 and greedy bots play a
whole round of Trichu (the person deals, so plays the Table's hand too), Tientsin and
Grandseigneur (6 players, and 8 with two decks, on into the second round's hierarchy exchange),
with the layout checked before every action.

The person's decisions come from the person's own view, read on a second connection with the
same seat token (the very document the page gets): never from the page's internals. What the
person does is then done by taps on the page, which must show that version first.
"""

from __future__ import annotations

import copy
import re

import pytest
from playwright.sync_api import expect

from app.bots import GreedyBot
from app.bots.base import hand_views
from app.engine import Rules
from app.engine.round import strength
from tests.web.processes import SeatClient

from .driver import TablePage
from .test_german import Scanner

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}


def forced_exchange(view: dict) -> dict:
    """The seat's best cards in the engine's order (the ones the page has in their slots
    already), dealt out by its exchange pattern."""
    seat = view["viewer"]
    deck = Rules.of(view["ruleset"], view["options"]).deck
    hand = sorted(view["hand"], key=lambda code: strength(deck, deck.parse_card(code)), reverse=True)
    give, at = {}, 0
    for target, count in sorted(view["geometry"]["exchange"][seat].items(), key=lambda item: int(item[0])):
        give[target] = " ".join(hand[at:at + count])
        at += count
    return {"act": "exchange", "give": give}


def decide(view: dict) -> tuple[int, dict, dict]:
    """What the person does now: for its own seat or the seat it acts for (the Table), the acting
    seat's view, and the action (greedy; the Dog where it gives the lead to a chosen partner)."""
    seat = 0 if 0 in view["pending"] else next(s for s in view["controls"] if s in view["pending"])
    seen = next(v for v in hand_views(view) if v["viewer"] == seat)
    legal = seen["legal"]
    if legal["exchange"] and seat in seen["geometry"]["forced_best"]:
        action = forced_exchange(seen)
    elif legal["exchange"]:
        # The lowest cards, but the Dog stays (to lead it to a chosen partner later).
        low = [c for c in reversed(seen["hand"]) if c != "Dg"]
        give, at = {}, 0
        for target, count in sorted(seen["geometry"]["exchange"][seat].items()):
            give[target] = " ".join(low[at:at + count])
            at += count
        action = {"act": "exchange", "give": give}
    else:
        dog = next((p for p in legal["plays"] if p["kind"] == "dog"), None)
        if dog is not None and len(legal["dog_to"]) > 1:
            action = {"act": "play", "cards": dog["cards"], "to": legal["dog_to"][-1]}
        else:
            action = GreedyBot(seat).decide_hand(seen)
    assert action is not None, "the game waits for the person, who has nothing to do"
    if seat != 0:
        action = {**action, "seat": seat}
    return seat, seen, action


class SizeGame:
    def __init__(self, server, contexts, ruleset: str, seed: int, locale: str = "en-US", scan=None,
                 **options):
        page = contexts(**PHONE, locale=locale).new_page()
        size = f"{ruleset}-{options['players']}" if "players" in options else ruleset
        self.page = TablePage(page, tap=True, check_layout=True, by_code=True, shots=f"phone-{size}-{locale}")
        self.scan = scan(self.page.page) if scan else None  # called before every action
        self.code = self.page.create_table(server, "Anna", seed=seed, ruleset=ruleset, **options)
        self.page.sit(0)
        seats = self.page.page.locator(".seat[data-seat]")
        for seat in range(1, seats.count()):
            if self.page.key(f"bot-{seat}").count():  # not the Trichu Table (nobody's seat)
                self.page.add_bot(seat, "greedy", None if locale.startswith("en") else "Bot: gierig")
        if self.scan:
            self.scan("waiting, bots seated")
        self.page.start()
        token = self.page.page.evaluate(f"() => localStorage.getItem('tichu.token.{self.code}')")
        self.peek = SeatClient(server)
        assert self.peek.call("join", {"code": self.code, "token": token})["ok"]
        self.seen: set = set()
        self.swept: set = set()  # the moments checked at every screen size

    def close(self):
        self.peek.close()

    def wait(self, done) -> dict:
        """The person's document once `done(view)` holds (bounded)."""
        with self.peek.cond:
            game = lambda: self.peek.doc and self.peek.doc["game"]  # noqa: E731
            done_in_time = self.peek.cond.wait_for(lambda: game() and done(game()), 60)
            assert done_in_time, f"the game got stuck at version {self.peek.version}"
            # A copy: patches change the connection's document in place.
            return copy.deepcopy(self.peek.doc["game"]), self.peek.version

    def step(self, rounds: int) -> bool:
        """The person's next action by taps; False once `rounds` rounds are over."""
        view, version = self.wait(lambda g: 0 in g["to_act"] or len(g["scores"]["rounds"]) >= rounds)
        if len(view["scores"]["rounds"]) >= rounds:
            return False
        expect(self.page.app).to_have_attribute("data-version", re.compile(r"\d+"))
        # The page shows that version (or a later one) before the person acts on it.
        shown = "Number(document.querySelector('#app').dataset.version)"
        self.page.page.wait_for_function(f"() => {shown} >= {version}")
        seat, seen, action = decide(view)
        if self.scan:
            self.scan(f"{view['phase']}: before {action['act']}" + (" for the Table" if seat else ""))
        moment = ("exchange" if action["act"] == "exchange"
                  else "trick" if len(view["trick"]["plays"]) >= 2 else None)
        if moment and moment not in self.swept:  # once each: every screen size
            self.page.assert_layout_everywhere()
            self.swept.add(moment)
        self.page.perform(action, seen)
        expect(self.page.app).to_have_attribute("data-busy", "")  # answered...
        expect(self.page.page.locator("#alerts")).to_be_hidden()  # ...and not refused
        self.seen.add(f"{action['act']}-table" if seat != 0 else action["act"])
        if action.get("to") is not None and action["act"] == "play":
            self.seen.add("dog-choice")
        if action["act"] == "exchange" and seat in view["geometry"]["forced_best"]:
            self.seen.add("forced-best")
        self.wait_for_action_of(seat, view)
        return True

    def wait_for_action_of(self, seat: int, view: dict) -> list[dict]:
        """`seat`'s events since `view` once the person's document shows one (none if the round
        ended first): another seat's event, a bot choosing its exchange say, may come first."""
        def acted(g):
            return [e for e in g["history"] if e.get("seat") == seat]
        before = len(acted(view))
        after, _ = self.wait(lambda g: len(acted(g)) > before or g["round"] != view["round"])
        return acted(after)[before:] if after["round"] == view["round"] else []

    def play(self, rounds: int = 1):
        while self.step(rounds):
            pass


@pytest.fixture
def game_of(server, contexts):
    made = []

    def make(ruleset, seed, **options):
        made.append(SizeGame(server, contexts, ruleset, seed, **options))
        return made[-1]

    yield make
    for game in made:
        game.close()


def summary_shows_the_round(game: SizeGame, names_in_order: int):
    page = game.page
    expect(page.page.locator(".round-summary h2")).to_have_text("Round 1 is over")
    expect(page.page.locator(".round-summary .out-order li")).to_have_count(names_in_order)
    # One person and bots: the summary waits for nobody and stays until it is closed.
    expect(page.page.locator(".round-summary .waiting")).to_have_count(0)
    expect(page.page.locator(".round-summary .closing")).to_have_count(0)
    page.assert_layout_everywhere()
    assert "trick" in game.swept, game.swept


def test_trichu_the_dealer_plays_the_tables_hand_on_a_phone(game_of, server, contexts):
    game = game_of("trichu", seed=3)
    page = game.page
    expect(page.page.locator(".seat")).to_have_count(4)  # three players and the Table
    expect(page.page.locator('.seat[data-seat="3"] .name')).to_have_text("the Table")
    watcher = TablePage(contexts(**PHONE).new_page(), tap=True)
    watcher.open(f"{server}/t/{game.code}")
    expect(watcher.page.locator(".open-table")).to_have_count(0)  # closed until the exchange is done
    opened = False
    while game.step(1):
        view, _ = game.wait(lambda g: True)
        if view["phase"] == "play" and not opened:
            # Everybody sees the Table's cards once the exchange is done (the person's next
            # action is the only one that can change them: the Table is the dealer's).
            expect(watcher.page.locator(".open-table .card")).to_have_count(view["players"][3]["cards"])
            assert watcher.page.locator(".hand").count() == 0
            watcher.assert_layout()
            opened = True
    assert opened
    assert {"exchange", "exchange-table", "play", "play-table"} <= game.seen, game.seen
    assert "exchange" in game.swept
    assert page.layouts_checked > 10
    view, _ = game.wait(lambda g: g["scores"]["rounds"])
    summary_shows_the_round(game, len(view["scores"]["rounds"][0]["out_order"]))
    # Why the teams change: the dealer's role moves on, said at the round's end.
    dealer = view["geometry"]["dealer"]
    name = "Anna" if dealer == 0 else f"Bot {dealer + 1}"
    expect(page.page.locator(".round-summary .next-dealer")).to_contain_text(f"Next round {name} deals")
    # One score column per seat (the Table's too): the Score tab shows them all.
    expect(page.page.locator('.tab[data-key="tab-score"] .total')).to_have_count(4)


def test_tientsin_partners_the_exchange_to_two_and_the_dogs_choice(game_of):
    game = game_of("tientsin", seed=1)
    page = game.page
    view, _ = game.wait(lambda g: True)
    partners = view["geometry"]["partners"][0]
    assert len(partners) == 2
    for seat in partners:
        expect(page.page.locator(f'.seat[data-seat="{seat}"]')).to_have_class(re.compile(r"\brel-partner\b"))
    for seat in view["geometry"]["opponents"][0]:
        expect(page.page.locator(f'.seat[data-seat="{seat}"]')).not_to_have_class(re.compile(r"\brel-partner\b"))
    game.play()
    assert {"exchange", "play", "dog-choice"} <= game.seen, game.seen
    assert "exchange" in game.swept
    view, _ = game.wait(lambda g: g["scores"]["rounds"])
    summary_shows_the_round(game, len(view["scores"]["rounds"][0]["out_order"]))


# Seed 1 at 6 players puts the person at the bottom of the hierarchy (its best cards are chosen
# for it); seed 7 at 8 players (two decks) makes it the Grandseigneur, who gives 3 cards of its
# choice back, by taps.
@pytest.mark.parametrize("players,seed,forced", [(6, 1, True), (8, 7, False)])
def test_grandseigneur_titles_ranking_and_the_hierarchy_exchange(game_of, players, seed, forced):
    game = game_of("grandseigneur", seed=seed, players=players)
    page = game.page
    expect(page.page.locator(".seat")).to_have_count(players)
    expect(page.key("tichu")).to_have_count(0)
    game.play(1)
    view, _ = game.wait(lambda g: g["scores"]["rounds"])
    result = view["scores"]["rounds"][0]
    summary_shows_the_round(game, players)
    expect(page.page.locator(".round-summary .out-order li").first).to_contain_text("Grandseigneur")
    page.close_summary()
    # The second round: each seat shows its title, seated by the hierarchy.
    view, _ = game.wait(lambda g: g["round"] == 1)
    for seat, title in enumerate(view["geometry"]["titles"]):
        expect(page.page.locator(f'.seat[data-seat="{seat}"] .tag.title')).to_have_text(title)
        assert title == result["titles"][seat]
    order = page.page.locator(".opponents .seat").evaluate_all(
        "els => els.sort((a, b) => getComputedStyle(a).order - getComputedStyle(b).order)"
        ".map(e => Number(e.dataset.seat))")
    relative = view["geometry"]["relative"]
    assert order == sorted(order, key=lambda s: -relative[s])
    # The ranking sheet instead of a score sheet.
    page.press(page.key("tab-score"))
    expect(page.page.locator(".panel h2")).to_have_text("Ranking")
    expect(page.page.locator(".scores.ranking tbody tr")).to_have_count(players)
    page.assert_layout()
    page.press(page.key("close-panel"))
    # The hierarchy's exchange, by taps (or nothing to give in the middle of it).
    mine = view["geometry"]["exchange"][0]
    if mine:
        def exchanged(g):
            return any(e["act"] == "exchange" and e.get("seat") == 0 for e in g["history"])
        while not exchanged(game.wait(lambda g: True)[0]):
            game.step(2)
        assert "exchange" in game.seen
        assert ("forced-best" in game.seen) == (0 in view["geometry"]["forced_best"]) == forced
        if not forced:
            assert max(mine.values()) > 1, "several cards to one place, chosen by taps"
    else:
        titles = view["geometry"]["titles"]
        raise AssertionError(f"the seed puts the person in the middle of the hierarchy: {titles}")


SIZES = [("trichu", {}), ("tientsin", {}), ("grandseigneur", {"players": 8})]


@pytest.mark.parametrize("ruleset,options", SIZES)
def test_no_english_on_the_german_pages_of_every_size(game_of, ruleset, options):
    """The German table of every size says nothing in English (the scan of e2e/test_german.py):
    before every action of a whole round, at the round's summary and in every panel."""
    game = game_of(ruleset, seed=1, locale="de-DE", scan=Scanner, **options)
    page, scan = game.page, game.scan
    game.play()
    expect(page.app).not_to_have_attribute("data-summary", "")
    scan("round summary")
    page.close_summary()
    for panel in ("score", "history", "chat", "settings"):
        page.press(page.key(f"tab-{panel}"))
        scan(f"panel {panel}")
        page.press(page.key("close-panel"))
    assert scan.states > 10
    assert not scan.found, scan.found
