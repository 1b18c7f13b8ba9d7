"""The replay viewer in Chromium: open a record file, step through it, refuse a bad file."""

from __future__ import annotations

import json
import random
import re

from playwright.sync_api import expect

from app.engine import Game, export_record
from app.engine.simulate import play_random_round

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def one_round_record() -> dict:
    game = Game("standard", {"target": 1000}, seed=11)
    play_random_round(game, random.Random(11))
    return export_record(game)


def test_a_record_file_steps_forward_and_back_with_every_hand_open(server, contexts, tmp_path):
    record = one_round_record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    actions = record["rounds"][0]["actions"]
    page = contexts(**PHONE).new_page()
    page.goto(server + "/replay")
    page.set_input_files("#record-file", str(path))
    position = page.locator(".replay-controls .position")
    expect(position).to_have_text(f"0 / {len(actions)}")
    expect(page.locator(".replay-action")).to_have_text("The deal")
    expect(page.locator(".replay-seat")).to_have_count(4)
    # Eight cards each before the Grand Tichu decisions, all open.
    expect(page.locator(".replay-seat").first.locator(".card")).to_have_count(8)
    page.get_by_role("button", name="Next action").click()
    expect(position).to_have_text(f"1 / {len(actions)}")
    page.keyboard.press("ArrowRight")
    expect(position).to_have_text(f"2 / {len(actions)}")
    page.keyboard.press("ArrowLeft")
    expect(position).to_have_text(f"1 / {len(actions)}")
    page.get_by_role("button", name="Next trick").click()
    # The first trick is collected: the trick is empty or a new lead lies there, hands are smaller.
    first_trick_end = page.locator(".replay-controls .position").inner_text()
    assert int(first_trick_end.split(" / ")[0]) > 2
    page.get_by_role("button", name="End of the round").click()
    expect(position).to_have_text(f"{len(actions)} / {len(actions)}")
    expect(page.locator(".replay-message.info")).to_have_text("The round is over.")
    expect(page.locator(".replay-score")).to_contain_text("Team 1")
    # Places in English words, as at the table ("out 1st"), never the German "out 1.".
    expect(page.locator(".replay-seat", has_text="out 1st")).to_have_count(1)
    expect(page.locator(".replay-seat", has_text=re.compile(r"out \d\."))).to_have_count(0)
    page.get_by_role("button", name="Start of the round").click()
    expect(position).to_have_text(f"0 / {len(actions)}")
    # Nothing on the page overflows the phone's width.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_foreign_file_gets_a_clear_message(server, contexts, tmp_path):
    page = contexts().new_page()
    page.goto(server + "/replay")
    bad = tmp_path / "notes.json"
    bad.write_text(json.dumps({"format": "chess-pgn", "moves": ["e4"]}))
    page.set_input_files("#record-file", str(bad))
    expect(page.get_by_role("alert")).to_contain_text("This file is not a game record we can read")
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    page.set_input_files("#record-file", str(text))
    expect(page.get_by_role("alert")).to_contain_text("Open a .json file downloaded from a table here")
    expect(page.locator(".replay-detail")).to_contain_text("it is not JSON")
    page.goto(server + "/replay?table=NOPE1")
    expect(page.get_by_role("alert")).to_contain_text("There is no finished game to replay at this table.")


BSW_LOGS = __import__("pathlib").Path(__file__).resolve().parents[1] / "tests" / "engine" / "bsw_logs"


def test_a_brettspielwelt_log_opens_in_the_viewer(server, contexts):
    page = contexts(**PHONE).new_page()
    page.goto(server + "/replay")
    page.set_input_files("#record-file", str(BSW_LOGS / "four_rounds.tch"))
    expect(page.locator(".replay-action")).to_have_text("The deal")
    expect(page.locator(".replay-seat")).to_have_count(4)
    expect(page.locator(".replay-source")).to_have_text("four_rounds.tch")
    expect(page.locator(".replay-seat").first).to_contain_text("anna")  # the log's nicknames
    page.get_by_role("button", name="Next action").click()
    expect(page.locator(".replay-action")).to_contain_text(re.compile("anna|bert|cleo|dino"))
    page.get_by_role("button", name="End of the round").click()
    expect(page.locator(".replay-message.info")).to_have_text("The round is over.")
    # A log that breaks off: the rounds before it open, and the page says where it stopped.
    page.set_input_files("#record-file", str(BSW_LOGS / "malformed.tch"))
    expect(page.get_by_role("alert")).to_contain_text("The import stops at round")
    expect(page.locator(".replay-action")).to_have_text("The deal")
    # Seat names instead of the nicknames, where the person opening it asks for them (with a
    # record open, the form is folded into one line).
    page.locator("details.replay-open summary").click()
    page.check("#anonymous")
    page.set_input_files("#record-file", str(BSW_LOGS / "four_rounds.tch"))
    expect(page.locator(".replay-seat").first).not_to_contain_text("anna")
    expect(page.locator(".replay-seat").first).to_contain_text("Seat")
    page.set_input_files("#record-file", str(BSW_LOGS / "not_a_log.tch"))
    expect(page.get_by_role("alert")).to_contain_text("This file is not a Brettspielwelt log we can read.")


def test_on_a_phone_the_trick_shows_without_scrolling_and_hands_sort_as_at_the_table(server, contexts,
                                                                                        tmp_path):
    record = one_round_record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    for width, height in ((360, 640), (390, 844), (844, 390)):
        context = contexts(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True)
        page = context.new_page()
        page.goto(server + "/replay")
        page.set_input_files("#record-file", str(path))
        expect(page.locator(".replay-seat")).to_have_count(4)
        page.get_by_role("button", name="Next trick").click()
        for _ in range(3):
            page.get_by_role("button", name="Next action").click()
        at = int(page.locator(".replay-controls .position").inner_text().split(" / ")[0])
        answer = page.request.post(server + "/api/replay", data={"record": record, "round": 0}).json()
        frame = answer["frames"][at]
        assert frame["trick"]["plays"], "the trick has cards"
        cards = page.locator(".replay-trick .card")
        expect(cards.first).to_be_in_viewport(ratio=1)
        expect(cards.last).to_be_in_viewport(ratio=1)
        assert page.evaluate("scrollY") == 0
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # The hands as the table sorts them: by rank, low to high (the engine lists them high to low).
        for i, hand in enumerate(frame["hands"]):
            shown = page.locator(".replay-seat").nth(i).locator(".card").evaluate_all(
                "els => els.map((e) => e.dataset.card)")
            assert shown == hand[::-1], (width, i)
    # By suit where the player chose that order at the table (the same browser's setting).
    page.evaluate("localStorage.setItem('tichu.pref.sort', 'suit')")
    page.get_by_role("button", name="Next action").click()
    shown = page.locator(".replay-seat").first.locator(".card").evaluate_all(
        "els => els.map((e) => e.dataset.card)")
    suits = [c[0] for c in shown if c not in ("Mj", "Dg", "Ph", "Dr")]
    runs = [s for i, s in enumerate(suits) if i == 0 or s != suits[i - 1]]
    assert len(runs) == len(set(runs)), shown  # each suit in one run


def test_the_rounds_last_play_shows_in_the_trick(server, contexts, tmp_path):
    record = one_round_record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    last = record["rounds"][0]["actions"][-1]
    assert last["act"] == "play"  # the play that ends the round
    page = contexts(**PHONE).new_page()
    page.goto(server + "/replay")
    page.set_input_files("#record-file", str(path))
    page.get_by_role("button", name="End of the round").click()
    expect(page.locator(".replay-action")).to_have_text(re.compile(r"plays"))
    trick = page.locator(".replay-trick")
    expect(trick).not_to_contain_text("No cards on the table")
    shown = trick.locator("li").last.locator(".card").evaluate_all("els => els.map((e) => e.dataset.card)")
    assert sorted(shown) == sorted(last["cards"].split())
    expect(trick.locator(".taken")).to_contain_text("The trick goes to")


def test_bots_are_named_by_their_seat_as_at_the_table(server, contexts, tmp_path):
    # As the table's download writes them: the person's name, and each bot's level.
    record = {**one_round_record(), "players": ["Anna", None, None, None],
              "bots": [None, "hard", "hard", "normal"]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    page = contexts(**PHONE).new_page()
    page.goto(server + "/replay")
    page.set_input_files("#record-file", str(path))
    names = page.locator(".replay-seat h2")
    expect(names).to_have_count(4)
    for name in ["Anna", "Bot 2", "Bot 3", "Bot 4"]:
        expect(page.locator(f'.replay-seat[aria-label="{name}"]')).to_have_count(1)
    expect(page.locator(".replay-board")).not_to_contain_text("Bot (")


def test_a_file_that_fails_to_open_takes_the_old_ones_name_with_it(server, contexts, tmp_path):
    page = contexts(**PHONE).new_page()
    page.goto(server + "/replay")
    page.set_input_files("#record-file", str(BSW_LOGS / "four_rounds.tch"))
    expect(page.locator(".replay-source")).to_have_text("four_rounds.tch")
    page.set_input_files("#record-file", str(BSW_LOGS / "not_a_log.tch"))
    expect(page.get_by_role("alert")).to_contain_text("not_a_log.tch did not open")
    expect(page.locator(".replay-source")).to_have_count(0)
    expect(page.get_by_text("four_rounds.tch")).to_have_count(0)
    # The same for a record that is no JSON, after a good one.
    page.set_input_files("#record-file", str(BSW_LOGS / "four_rounds.tch"))
    expect(page.locator(".replay-source")).to_have_text("four_rounds.tch")
    bad = tmp_path / "broken.json"
    bad.write_text("{ not json")
    page.set_input_files("#record-file", str(bad))
    expect(page.get_by_role("alert")).to_contain_text("broken.json did not open")
    expect(page.locator(".replay-source")).to_have_count(0)
