"""The round review in Chromium on a phone: after a round at a table of bots the player opens
"Review my round" and finds a better play; the replay viewer reviews a seat of a finished game."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect

from app.bots.normal import NormalBot
from app.bots.table import TableLog, play_round
from app.engine import Game
from app.engine.simulate import play_random_round

from .test_sizes import SizeGame

SEED = 11  # a seeded table where the person's (greedy) first round has a flagged play to find
# How long a test waits for a review: the pages ask until it is made and give up after about two
# minutes, a wait a parallel run on two cores can come near.
REVIEW_WAIT_MS = 120_000


def try_choice(page, flag: dict, choice: dict) -> None:
    """Make `choice` on the review's position by taps, as at the table."""
    key = page.key
    act = choice["act"]
    if flag["kind"] == "wish":
        page.press(key(f"review-wish-{choice['wish']}" if choice["wish"] else "review-wish-none"))
    elif act == "play":
        for card in choice.get("same", [choice["cards"]])[0].split():
            page.press(page.page.locator(f'.review-hand button[data-card="{card}"]'))
        page.press(key("review-play"))
    elif act == "pass":
        page.press(key("review-pass"))
    elif act == "wait":
        page.press(key("review-wait"))
    elif act in ("grand", "tichu"):
        page.press(key("review-call" if choice["call"] else "review-no-call"))
    elif act == "gift":
        page.press(key(f"review-gift-{choice['to']}"))
    elif act == "exchange":
        page.press(key(f"review-option-{flag['options'].index(choice)}"))


WORDS = {
    "en-US": {"open": "Review my round", "task": "Find a better play.", "deals": "of {n} sampled deals",
              "sure": "surely at least"},
    "de-DE": {"open": "Meine Runde auswerten", "task": "Finde einen besseren Zug.",
              "deals": "von {n} gezogenen Verteilungen", "sure": "sicher mindestens"},
}


@pytest.mark.parametrize("locale", sorted(WORDS))
def test_after_a_round_the_player_reviews_it_and_finds_a_better_play(server, contexts, locale):
    words = WORDS[locale]
    game = SizeGame(server, contexts, "standard", seed=SEED, locale=locale)
    try:
        game.play(rounds=1)
        page = game.page
        expect(page.page.locator(".round-summary")).to_be_visible()
        expect(page.key("review-open")).to_have_text(words["open"])
        page.assert_layout_everywhere()  # the summary with its new button
        page.press(page.key("review-open"))
        expect(page.app).to_have_attribute("data-review", "open", timeout=REVIEW_WAIT_MS)
        # The review the page shows, as the server sent it to this seat (kept: not made again).
        review = game.peek.call("review", {"round": 0}, timeout=60)["review"]
        assert review["flags"], "the seeded round should have a flagged decision"
        flag = review["flags"][0]
        expect(page.page.locator(".review-task")).to_contain_text(words["task"])
        if flag["position"]["hand"] and flag["kind"] in ("lead", "follow", "bomb"):
            expect(page.page.locator(".review-hand button.card")).to_have_count(len(flag["position"]["hand"]))
        page.assert_layout_everywhere()
        page.shot("review")
        # What was done first: said so; then a choice that counts.
        try_choice(page, flag, flag["done"] if flag["kind"] != "exchange" else flag["options"][0])
        expect(page.page.locator(".review-outcome")).to_have_attribute("data-outcome", "done")
        try_choice(page, flag, flag["accept"][-1])
        expect(page.page.locator(".review-outcome")).to_have_attribute("data-outcome", "found")
        page.press(page.key("review-show"))
        expect(page.key("review-better")).to_contain_text(words["deals"].format(n=flag["deals"]))
        if flag.get("low") is not None:  # how sure the gain is, as the review's text says it
            expect(page.key("review-better")).to_contain_text(words["sure"])
        page.assert_layout_everywhere()
        page.shot("review-better")
        # Every other flagged decision lays out on every screen too.
        for _ in review["flags"][1:]:
            page.press(page.key("review-next"))
            page.assert_layout_everywhere()
        page.press(page.key("review-close"))
        expect(page.page.locator(".round-summary")).to_be_visible()
    finally:
        game.close()


def finished_record(seed: int = 3) -> dict:
    game = Game("standard", {"target": 50}, seed=seed)
    rng = random.Random(seed)
    while not game.over:
        play_random_round(game, rng)
    return game.record()


def normal_bots_record(seed: int) -> dict:
    """A finished game (to 50 points: one round here) the Normal bot played at every seat."""
    game = Game("standard", {"target": 50}, seed=seed)
    bots = [NormalBot(s) for s in range(game.rules.seats)]
    while not game.over:
        play_round(game, bots, TableLog())
    return game.record()


PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}


def test_the_replay_viewer_reviews_a_seat_of_a_finished_game(server, contexts, tmp_path):
    path = tmp_path / "game.json"
    page = contexts(**PHONE).new_page()
    page.goto(server + "/replay")
    # Seat 3 of this seeded one-round game, Normal bots at every seat, made no clearly worse
    # decision: said so.
    path.write_text(json.dumps(normal_bots_record(seed=6)))
    page.set_input_files("#record-file", str(path))
    expect(page.locator(".replay-action")).to_have_text("The deal")
    page.select_option("#review-seat", "2")
    page.locator('[data-key="review-run"]').tap()
    expect(page.locator('[data-key="review-none"]')).to_have_text(
        "No decision in this round was clearly worse than an alternative.", timeout=REVIEW_WAIT_MS)
    path.write_text(json.dumps(finished_record()))
    page.set_input_files("#record-file", str(path))
    expect(page.locator(".replay-action")).to_have_text("The deal")
    page.locator(".replay-controls select").select_option("1")  # round 2
    expect(page.locator(".replay-review")).to_have_attribute("data-round", "1")  # round 2 is shown
    page.select_option("#review-seat", "3")
    page.locator('[data-key="review-run"]').tap()
    expect(page.locator(".review")).to_be_visible(timeout=REVIEW_WAIT_MS)
    expect(page.locator(".review h2")).to_have_text("Seat 4 in round 2")
    # Seat 4's fifth flagged decision: a pass where the Ten was clearly better (the seeded
    # game's review; random play makes many such mistakes).
    for _ in range(4):
        page.locator('[data-key="review-next"]').tap()
    expect(page.locator(".review")).to_have_attribute("data-flag", "4")
    page.locator('.review-hand button[data-card="S10"]').tap()
    page.locator('[data-key="review-play"]').tap()
    expect(page.locator(".review-outcome")).to_have_attribute("data-outcome", "found")
    page.locator('[data-key="review-show"]').tap()
    expect(page.locator('[data-key="review-better"]')).to_contain_text("Better: Play Sword 10.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # A game that is not over is not reviewed here.
    refused_while_running(page, path, "review-run")


def test_the_replay_viewer_reviews_a_whole_game_its_costliest_first(server, contexts, tmp_path):
    record = finished_record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    page = contexts(**PHONE).new_page()
    page.goto(server + "/replay?seat=3")  # a player's own seat, as /me's games list links it
    page.set_input_files("#record-file", str(path))
    expect(page.locator("#review-seat")).to_have_value("3")
    page.locator('[data-key="review-game"]').tap()
    expect(page.locator('[data-key="game-progress"]')).to_be_visible()  # while the rounds are made
    game = page.locator('[data-key="game-review"]')
    expect(game).to_be_visible(timeout=REVIEW_WAIT_MS)
    expect(game.locator("h2")).to_have_text("Seat 4 in the whole game")
    expect(game.locator(".game-review-costliest > li")).to_have_count(3)
    expect(game.locator(".game-review-rounds > li")).to_have_count(len(record["rounds"]))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # The costliest opens in its round's review, the board on that round; closing it goes back.
    answer = page.request.post(server + "/api/review/game", data={"record": record, "seat": 3}).json()
    top = answer["review"]["costliest"][0]
    page.locator('[data-key="game-costliest-0"]').tap()
    expect(page.locator(".review h2")).to_have_text(f"Seat 4 in round {top['round'] + 1}")
    expect(page.locator(".review")).to_have_attribute("data-flag", str(top["at"]))
    expect(page.locator(".replay-review")).to_have_attribute("data-round", str(top["round"]))
    page.locator('[data-key="review-close"]').tap()
    expect(game).to_be_visible()
    # A game that is not over is refused, in words.
    refused_while_running(page, path, "review-game")


def refused_while_running(page, path, button: str) -> None:
    """A record of a game still going on, loaded and asked for a review by `button`: refused."""
    running = Game("standard", {"target": 1000}, seed=11)
    play_random_round(running, random.Random(11))
    path.write_text(json.dumps(running.record()))
    page.set_input_files("#record-file", str(path))
    expect(page.locator(".replay-action")).to_have_text("The deal")
    page.locator(f'[data-key="{button}"]').tap()
    expect(page.get_by_role("alert")).to_contain_text("Rounds are reviewed here once the game is over.")
