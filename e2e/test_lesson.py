"""The guided first game in Chromium on a phone: from the lobby's "Learn to play" to an ordinary
table with bots by taps alone, with the lesson's box never over the cards or the trick (the
strict layout check at every screen size), wrong moves answered in words, and a lesson left
midway resumed where it was."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from app.coach.lesson import FIRST_GAME

from .driver import TablePage
from .test_access import serious_violations

LESSON = FIRST_GAME
PHONE_UPRIGHT = (360, 640)
PHONE_SIDEWAYS = (844, 390)
LAYOUT_SIZES = (PHONE_UPRIGHT, PHONE_SIDEWAYS)


def phone(contexts, phones):
    ctx = contexts(**phones["android"])  # 360 x 640, touch
    page = ctx.new_page()
    return TablePage(page, tap=True, shots="lesson")


def step_box(table: TablePage, name: str):
    """The lesson's box once it shows step `name` ready for the player."""
    box = table.page.locator(f'.lesson[data-step="{name}"][data-ready="1"]')
    expect(box).to_be_visible(timeout=20_000)
    return box


def start_lesson(table: TablePage, base: str):
    table.page.goto(base + "/")
    table.press(table.key("learn"))
    table.page.wait_for_url("**/t/*")
    expect(table.app).to_have_attribute("data-status", "playing")


def do_step(table: TablePage, name: str, check: bool = False):
    """The expected move of step `name`, by taps as a player makes it."""
    expect_ = next(step.expect for step in LESSON.steps if step.name == name)
    act = expect_["act"]
    if act == "grand":
        table.press(table.key("grand-no"))
    elif act == "exchange":
        for target, card in expect_["give"].items():
            table.select([card])
            table.press(table.key(f"slot-{target}"))
        table.press(table.key("give"))
    elif act == "tichu":
        table.press(table.key("tichu"))
        expect(table.key("undo-call")).to_be_visible()  # the call goes out after its undo window
    elif act == "gift":
        table.press(table.key("gift-1"))
    elif act == "play":
        table.select(expect_["cards"].split())
        table.press(table.key("play"))
        if "wish" in expect_:
            expect(table.key("wish-none")).to_be_visible()
            if check:
                # The wish's dialog with the lesson, upright (on its side the dialog pushes the hand
                # off a 390 px high screen at any table: docs/lesson.md, "Left as it was")
                table.assert_layout_everywhere((PHONE_UPRIGHT,))
            table.press(table.key(f"wish-{expect_['wish']}"))
        phoenix = table.key("phoenix-K")
        if "Ph" in expect_["cards"]:
            expect(phoenix).to_be_visible()
            if check:
                table.assert_layout_everywhere(LAYOUT_SIZES)  # the Phoenix's rank to choose
            table.press(phoenix)


def test_a_new_player_learns_to_play_by_taps_alone_and_ends_at_a_real_table(server, contexts, phones):
    table = phone(contexts, phones)
    began = time.monotonic()
    start_lesson(table, server)
    lesson_url = table.page.url
    for step in LESSON.steps:
        box = step_box(table, step.name)
        table.page.wait_for_function("() => !document.querySelector('#app').dataset.busy")
        table.assert_layout_everywhere(LAYOUT_SIZES)
        expect(table.key("hint")).to_have_count(0)  # the lesson's box guides, not the Hard bot
        table.shot(step.name)
        if step.name in ("exchange", "kings", "score"):
            assert serious_violations(table.page) == [], step.name  # axe-core: the lesson's box too
        if step.name == "dragon":
            # A legal move the lesson does not ask for: refused in words, nothing changes.
            moves = table.moves()
            table.press(table.key("pass"))
            expect(box.locator(".lesson-wrong")).to_contain_text("Dragon")
            assert table.moves() == moves
        if step.name == "kings":
            # Cards that are no play: "Why not?" says why in words.
            table.check_play_stays_disabled(["SK"])
        if step.expect is None:
            break
        do_step(table, step.name, check=True)
    expect(table.page.locator(".lesson")).to_contain_text("double victory")
    expect(table.page.locator(".game-over [data-key=new-game]")).to_have_count(0)  # a lesson is played once
    table.close_summary()
    table.press(table.key("real-game"))
    table.page.wait_for_url(lambda url: "/t/" in url and url != lesson_url)
    took = time.monotonic() - began
    # An ordinary table: the player seated, three bots, the game on, no lesson.
    expect(table.app).to_have_attribute("data-status", "playing")
    expect(table.app).to_have_attribute("data-seat", "0")
    expect(table.key("grand-no")).to_be_visible()
    expect(table.page.locator(".lesson")).to_have_count(0)
    # Still a newcomer after the lesson: the coach stays on at the first real table.
    expect(table.key("hint")).to_be_visible()
    print(f"the lesson by taps took {took:.0f} s")
    assert took < 600


def test_a_lesson_left_midway_resumes_at_the_same_step(server, contexts, phones):
    table = phone(contexts, phones)
    start_lesson(table, server)
    lesson_url = table.page.url
    for name in ("grand", "exchange"):
        step_box(table, name)
        do_step(table, name)
    step_box(table, "tichu")
    hand = sorted(table.hand())
    table.page.reload()  # a reload
    step_box(table, "tichu")
    assert sorted(table.hand()) == hand
    table.page.goto(server + "/")  # back to the lobby, which offers to continue
    table.press(table.key("continue-lesson"))
    table.page.wait_for_url(lesson_url)
    step_box(table, "tichu")
    do_step(table, "tichu")
    step_box(table, "mahjong")
