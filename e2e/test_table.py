"""Whole rounds and games played through the table page in Chromium.

Each test keeps a mirror of the game with the engine (same seed) to know what
each person wants to do next; the browsers act only through the page, and the
page must show what the mirror shows (same hand, same moves, same result).
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from app.bots import GreedyBot
from app.engine import Game, view_for

from .driver import TablePage
from .rounds import play_round, seat_four

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
CARD = re.compile(r"\b(?:[SBGR](?:10|[2-9JQKA])|Mj|Dg|Ph|Dr)\b")


def record_frames(page) -> list[str]:
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    return frames


def test_four_browsers_play_a_full_seeded_round(server, contexts):
    def make_page(seat):
        phone = seat == 3
        return TablePage(contexts(**(PHONE if phone else {})).new_page(), tap=phone,
                         shots=None if phone else "desktop")

    players, url = seat_four(server, make_page)
    host = players[0]
    spectator = TablePage(contexts().new_page())
    frames = record_frames(spectator.page)
    spectator.open(url)
    host.start()

    mirror, seen, bombed = play_round(players)
    assert {"grand", "tichu", "exchange", "play", "play-wish", "pass", "gift", "phoenix-choice",
            "illegal"} <= seen and bombed

    result = mirror.rounds[0].result
    for page in players + [spectator]:
        page.wait_moves(mirror.version)
        expect(page.page.locator(".round-summary h2")).to_have_text("Round 1 is over")
        if page.tap:  # on a phone the score sheet is a panel to open
            page.press(page.key("tab-score"))
        for team in (0, 1):
            total = page.page.locator(f'.scores td.total[data-team="{team}"]')
            expect(total).to_have_text(str(result.scores[team]))
    host.shot("round-end")
    # The spectator never got a hand: not on the page, not on the wire.
    assert spectator.page.locator(".hand").count() == 0
    never_played = set()
    for seat in range(4):
        never_played |= set(mirror.rules.deck.format_cards(mirror.rounds[0].hands[seat]).split())
    assert never_played, "the seed ends in a double victory: two hands are never shown"
    wire = "".join(frames)
    assert frames and '"hand":[' not in wire
    assert not never_played & set(CARD.findall(wire))


class BotGame:
    """One person (seat 0, this page) and three greedy bots, mirrored with the engine."""

    def __init__(self, server, contexts, seed: int, context_options: dict | None = None, **options):
        self.page = TablePage(contexts(**(context_options or {})).new_page())
        self.code = self.page.create_table(server, "Anna", seed=seed, **options)
        self.page.sit(0)
        for seat in (1, 2, 3):
            self.page.add_bot(seat, "greedy")
        self.page.start()
        self.mirror = Game(seed=seed, options=options)
        self.bots = {seat: GreedyBot(seat) for seat in (1, 2, 3)}

    def bots_move(self):
        """Apply the bots' moves in the mirror until the game waits for the person (or is over).

        The server's bots do the same meanwhile; they cannot get further, as the person
        has to act next.
        """
        moved = True
        while moved and not self.mirror.over:
            moved = False
            for seat, bot in self.bots.items():
                action = bot.decide(view_for(self.mirror, seat))
                if action is not None:
                    self.mirror.apply({**action, "seat": seat})
                    moved = True
                    break

    def step(self) -> bool:
        """The bots' moves, then the person's next one through the page. False when the game is over."""
        self.bots_move()
        if self.mirror.over:
            return False
        view = view_for(self.mirror, 0)
        action = GreedyBot(0).decide(view)
        assert action is not None, "nobody can act"
        self.page.wait_moves(self.mirror.version)
        self.page.close_summary()  # a new round: the last one's summary first
        assert self.page.hand() == view["hand"][::-1]
        self.page.perform(action, view)
        self.mirror.apply({**action, "seat": 0})
        return True


def test_one_person_and_three_bots_play_a_short_game_to_its_end(server, contexts):
    game = BotGame(server, contexts, seed=31, target=50)
    while game.step():
        pass
    page = game.page
    page.wait_moves(game.mirror.version)
    expect(page.app).to_have_attribute("data-status", "over")
    totals = game.mirror.totals
    expect(page.page.locator(".game-over h2")).to_contain_text("wins the game")
    expect(page.page.locator(".game-over")).to_contain_text(f"Final score {totals[0]} : {totals[1]}")
    # The finished game's record downloads from the page and replays to the same result.
    with page.page.expect_download() as download:
        page.page.locator(".game-over a", has_text="Download").click()
    record = json.loads(open(download.value.path()).read())
    assert record.pop("players") == ["Anna", None, None, None]  # the names
    assert record.pop("bots") == [None, "greedy", "greedy", "greedy"]  # and the bots (named by seat)
    assert record == game.mirror.record()
    # The player's own decisions in the whole game: reviewed in the replay viewer.
    review = page.page.locator(".game-over [data-key=review-game]")
    expect(review).to_have_attribute("href", re.compile(r"^/replay\?table=\w+&seat=0&review=game$"))
    # The host may start another game.
    page.press(page.key("new-game"))
    expect(page.app).to_have_attribute("data-status", "playing")


def test_reload_mid_round_returns_the_same_seat_and_hand(server, contexts):
    game = BotGame(server, contexts, seed=7)
    while game.mirror.round.phase != "play" or len(game.mirror.round.log) < 20:
        game.step()
    game.bots_move()  # now the server waits for the person
    page = game.page
    page.wait_moves(game.mirror.version)
    hand = page.hand()
    assert hand == view_for(game.mirror, 0)["hand"][::-1]
    page.page.reload()
    expect(page.app).to_have_attribute("data-seat", "0")
    page.wait_moves(game.mirror.version)
    assert page.hand() == hand
    # ...and the game goes on from there.
    round_no = len(game.mirror.rounds)
    while len(game.mirror.rounds) == round_no and game.step():
        pass
    game.bots_move()  # the server's bots go on into the next round until the person must act
    page.wait_moves(game.mirror.version)


def test_a_spectator_sees_no_hands(server, contexts):
    watcher = TablePage(contexts().new_page())
    frames = record_frames(watcher.page)
    watcher.create_table(server, "Anna", target=50)  # the host does not sit down: a spectator
    for seat in range(4):
        watcher.add_bot(seat, "greedy")
    watcher.start()
    expect(watcher.page.locator(".seat")).to_have_count(4)
    expect(watcher.app).to_have_attribute("data-status", "over", timeout=60_000)
    assert watcher.page.locator(".hand").count() == 0
    assert watcher.page.locator("button.card").count() == 0
    expect(watcher.page.locator(".game-over")).to_be_visible()
    wire = "".join(frames)
    assert '"state"' in wire and '"hand":[' not in wire and '"received":{' not in wire
