"""The round review in the web (issue 18): the worker pool, the kept reviews, the `review`
event at a table and `/api/review` of the replay viewer, their refusals, and that a seat is
shown nothing but its own view of each flagged decision."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from app.bots import GreedyBot
from app.bots.base import hand_views
from app.coach.review import review_round
from app.coach.review.page import review_for_page, shown_position
from app.engine import Game, view_for
from app.engine.record import parse_record
from app.engine.simulate import play_random_round
from app.web.errors import Refused
from app.web.live.reviews import Reviews
from app.web.store.reviews import MemoryShelf, SQLiteShelf
from tests.web.conftest import create_table, wait_until
from tests.web.live.test_bots import bot_table

DEALS = 8  # few deals: the same code, quicker
ROOT = Path(__file__).resolve().parents[3]


def finished_game(seed: int = 3, target: int = 50) -> dict:
    game = Game("standard", {"target": target}, seed=seed)
    rng = random.Random(seed)
    while not game.over:
        play_random_round(game, rng)
    return game.record()


def one_round(seed: int = 11) -> dict:
    game = Game("standard", {"target": 1000}, seed=seed)
    play_random_round(game, random.Random(seed))
    return game.record()


@pytest.fixture(autouse=True)
def not_idle(monkeypatch):
    """Workers here stay out of the idle scheduling class: on a machine kept busy by other work
    (a parallel run), a worker in it may get no processor before a test's wait is over. The
    class itself is checked in the first test."""
    monkeypatch.setenv("TICHU_REVIEW_IDLE", "0")


@pytest.fixture
def pool():
    made = []

    def make(shelf=None, **kw):
        reviews = Reviews(shelf or MemoryShelf(), settings={"deals": DEALS}, **kw)
        made.append(reviews)
        return reviews

    yield make
    for reviews in made:
        reviews.close()


def test_a_worker_process_makes_the_review_and_it_equals_review_round(pool, monkeypatch):
    monkeypatch.setenv("TICHU_REVIEW_IDLE", "1")  # as served
    record = one_round()
    reviews = pool()
    for seat in range(4):
        answer = reviews.review(record, seat, 0)
        assert [{k: v for k, v in f.items() if k not in ("position", "accept", "options")}
                for f in answer["flags"]] == [f.as_dict() for f in review_round(record, seat, 0, deals=DEALS)]
        assert answer == json.loads(json.dumps(review_for_page(record, seat, 0, deals=DEALS)))
    worker = reviews._pool[0].proc
    assert worker is not None and worker.pid != os.getpid() and worker.poll() is None  # another process
    # At the lowest priority: the tables go first.
    assert os.getpriority(os.PRIO_PROCESS, worker.pid) == 19
    if hasattr(os, "SCHED_IDLE"):
        assert os.sched_getscheduler(worker.pid) == os.SCHED_IDLE
    assert reviews.made == 4
    # What a seat is shown of each flagged decision is its own view then, and nothing else.
    shown = 0
    for seat in range(4):
        for flag in reviews.review(record, seat, 0)["flags"]:
            views = [v for v in seat_views_at(record, 0, flag["index"], seat) if v["viewer"] == flag["seat"]]
            assert flag["position"] == json.loads(json.dumps(shown_position(views[0])))
            shown += 1
    assert shown >= 5


def test_a_review_made_is_kept_and_answered_again_without_a_worker_also_after_a_restart(pool, tmp_path):
    record = one_round()
    first = pool(SQLiteShelf(tmp_path / "reviews.sqlite"))
    answer = first.review(record, 1, 0)
    assert first.review(record, 1, 0) == answer and first.made == 1
    first.close()
    again = pool(SQLiteShelf(tmp_path / "reviews.sqlite"))  # a new process's pool, the same file
    assert again.review(record, 1, 0) == answer
    assert again.made == 0 and again._pool[0].proc is None  # no worker was even started
    # Later rounds of the record do not change a round's review: the same key.
    longer = {**record, "rounds": record["rounds"] + [{"hands": [], "actions": []}]}
    assert again.key(longer, 1, 0) == again.key(record, 1, 0) != again.key(record, 2, 0)


def test_a_review_asked_again_while_it_is_made_is_not_made_twice(pool):
    record = one_round(5)
    reviews = pool()
    answers = []
    def ask():
        answers.append(reviews.review(record, 2, 0))

    threads = [threading.Thread(target=ask) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert len(answers) == 3 and answers[0] == answers[1] == answers[2]
    assert reviews.made == 1


def test_too_many_waiting_reviews_are_refused_as_busy(pool):
    record = finished_game(7)
    reviews = pool(workers=1, queue_size=1)
    reviews.settings = {"deals": 200}  # slow enough to be still at work when the others come
    results = {}

    def ask(seat):
        try:
            results[seat] = reviews.review(record, seat, 0)
        except Refused as exc:
            results[seat] = exc.code

    first = threading.Thread(target=ask, args=(0,))
    first.start()
    wait_until(lambda: reviews.pending() == 1 and reviews._waiting == 0, what="the first review at work")
    second = threading.Thread(target=ask, args=(1,))
    second.start()
    wait_until(lambda: reviews._waiting == 1, what="the second review waiting")
    with pytest.raises(Refused) as refused:
        reviews.review(record, 2, 0)
    assert refused.value.code == "busy" and "try again in a minute" in refused.value.message
    first.join(120)
    second.join(120)
    assert isinstance(results[0], dict) and isinstance(results[1], dict)


def test_a_malformed_record_or_a_round_not_in_it_is_refused_by_the_worker(pool):
    reviews = pool()
    with pytest.raises(Refused) as refused:
        reviews.review({"format": "nonsense"}, 0, 0)
    assert refused.value.code == "bad_review" and "malformed" in refused.value.message
    with pytest.raises(Refused) as refused:
        reviews.review(one_round(), 0, 4)
    assert refused.value.code == "bad_review" and "no round 4" in refused.value.message
    assert reviews.made == 0


def test_a_refusal_that_came_after_the_wait_is_said_when_asked_again(pool):
    reviews = pool()
    running = one_round()
    assert reviews.review_text_within(running, 0, 0, 0, finished=True) is None  # started, not waited for
    wait_until(lambda: reviews.pending() == 0, what="the worker's refusal")
    with pytest.raises(Refused) as refused:
        reviews.review_text_within(running, 0, 0, 0, finished=True)
    assert refused.value.code == "game_not_over" and reviews.pending() == 0  # not started again


# -- at a table --------------------------------------------------------------------------


def play_rounds(hub, table, me, rounds: int, max_steps: int = 3000) -> None:
    """The person acts whenever the game waits for them, bots do the rest, until `rounds`
    rounds are over."""
    for _ in range(max_steps):
        assert hub.bots.wait_idle(20), "the bots got stuck"
        me.pump()
        if sum(1 for r in table.game.rounds if r.result is not None) >= rounds or table.game.over:
            return
        ack = me.act(**GreedyBot(0).decide(me.view))
        assert ack["ok"], ack
    raise AssertionError("the rounds did not end")


def seat_views_at(record: dict, round_index: int, index: int, player: int) -> list[dict]:
    """The hand views of `player` just before action `index` of round `round_index`, by an
    independent replay of the record with the engine."""
    ruleset, options, hands, actions = parse_record(record)
    game = Game(ruleset, options, deal=lambda i: hands[i] if i < len(hands) else None)
    for r in range(round_index):
        for action in actions[r]:
            game.apply(action)
    for action in actions[round_index][:index]:
        game.apply(action)
    return hand_views(view_for(game, player))


def ask_review(client, payload: dict, times: int = 200) -> dict:
    """The `review` ack once it is no longer `pending` (the page asks again the same way)."""
    for _ in range(times):
        ack = client.emit("review", payload)
        if not (ack.get("ok") and ack.get("pending")):
            return ack
        time.sleep(0.1)
    raise AssertionError("the review stayed pending")


def test_a_review_being_made_never_holds_the_connection(app, http, player, hub):
    """The event answers `pending` within a moment and the player's next events go through
    meanwhile; asked again, the review is there (made once, then kept)."""
    app.extensions["tichu_reviews"].settings = {"deals": 200}  # seconds of work: caught being made
    table, me = bot_table(app, http, player)
    play_rounds(hub, table, me, 1)
    first = me.emit("review", {"round": 0})
    assert first["ok"] and first.get("pending") and "review" not in first, first
    assert me.emit("hint", {"lang": "en"})["ok"]  # the connection is not held by the review
    made = app.extensions["tichu_reviews"].made
    ack = ask_review(me, {"round": 0})
    assert ack["ok"] and ack["review"]["seat"] == 0
    assert app.extensions["tichu_reviews"].made == made + 1  # made once for both requests


def test_a_player_reviews_their_own_finished_round_and_sees_only_their_own_view(app, http, player, hub):
    app.extensions["tichu_reviews"].settings = {"deals": DEALS}
    table, me = bot_table(app, http, player)
    assert me.emit("review", {"round": 0})["code"] == "round_running"  # the first round is being played
    play_rounds(hub, table, me, 1)
    ack = ask_review(me, {"round": 0})
    assert ack["ok"], ack
    review = ack["review"]
    assert review["flags"], "this seeded round has flagged decisions to look at"
    assert review["seat"] == 0 and review["round"] == 0 and review["decisions"] > 0
    record = http.get(f"/t/{table.code}/record.json").get_json()
    assert review["flags"] == json.loads(json.dumps(review_for_page(record, 0, 0, deals=DEALS)))["flags"]
    # Each flagged position is exactly the seat's view then, cut to the fields shown.
    for flag in review["flags"]:
        views = [v for v in seat_views_at(record, 0, flag["index"], 0) if v["viewer"] == flag["seat"]]
        assert flag["position"] == json.loads(json.dumps(shown_position(views[0])))
        others = [c for s, hand in enumerate(record["rounds"][0]["hands"]) if s != 0 for c in hand]
        shown = json.dumps(flag["position"]["hand"])
        assert not any(f'"{c}"' in shown for c in others)
    # The same request again: answered from what was kept.
    made = app.extensions["tichu_reviews"].made
    assert me.emit("review", {"round": 0, "seat": 0})["review"] == review
    assert app.extensions["tichu_reviews"].made == made


def test_reviews_at_a_table_are_refused_where_they_may_not_be_made(app, http, player, hub):
    app.extensions["tichu_reviews"].settings = {"deals": DEALS}
    table, me = bot_table(app, http, player)
    assert me.emit("review", {"round": "0"})["code"] == "bad_request"  # checked at the door
    assert me.emit("review", {})["code"] == "bad_request"
    assert me.emit("review", {"round": 0, "seat": "1"})["code"] == "bad_request"
    assert me.emit("review", {"round": 0, "seat": True})["code"] == "bad_request"
    play_rounds(hub, table, me, 1)
    assert me.emit("review", {"round": 0, "seat": 1})["code"] == "not_your_seat"  # a bot's seat
    assert me.emit("review", {"round": 5})["code"] == "bad_round"
    assert me.emit("review", {"round": -1})["code"] == "bad_round"
    assert me.emit("review", {"round": 1})["code"] == "round_running"
    watcher = player("Cleo")
    watcher.join(table.code)
    assert watcher.emit("review", {"round": 0})["code"] == "not_seated"
    code, token = create_table(http, seed=21)
    host = player("Ben")
    host.join(code, token)
    host.sit(0)
    assert host.emit("review", {"round": 0})["code"] == "not_started"


def test_with_hints_off_reviews_wait_for_the_end_of_the_game(app, http, player, hub):
    app.extensions["tichu_reviews"].settings = {"deals": DEALS}
    table, me = bot_table(app, http, player, settings={"hints": False}, options={"target": 50})
    play_rounds(hub, table, me, 1)
    if not table.game.over:
        assert me.emit("review", {"round": 0})["code"] == "hints_off"
        play_rounds(hub, table, me, 99)
    me.pump()
    assert table.game.over
    assert ask_review(me, {"round": 0})["review"]["round"] == 0


# -- the replay viewer ---------------------------------------------------------------------


def ask_until_made(http, url: str, payload, times: int = 600):
    """The answer to `url` once it is no longer `pending` (the page asks again the same way),
    and the pending answers' progress meanwhile. Each pending answer waited the server's two
    seconds: 600 of them is far beyond any review here."""
    said = []
    for _ in range(times):
        response = http.post(url, json=payload)
        answer = response.get_json()
        if not (answer.get("ok") and answer.get("pending")):
            return response, said
        said.append(answer.get("progress"))
    raise AssertionError(f"{url} stayed pending")


def ask_round(http, payload) -> dict:
    return ask_until_made(http, "/api/review", payload)[0].get_json()


def test_the_replay_viewer_reviews_any_seat_of_a_finished_game_only(app, http, monkeypatch):
    monkeypatch.setattr("app.web.pages.replay.ASK_WAIT_SECONDS", 0.05)  # caught while it is made
    reviews = app.extensions["tichu_reviews"]
    reviews.settings = {"deals": DEALS}
    record = finished_game()
    response, said = ask_until_made(http, "/api/review", {"record": record, "seat": 3, "round": 1})
    answer = response.get_json()
    assert answer["ok"], answer
    assert answer["review"] == json.loads(json.dumps(review_for_page(record, 3, 1, deals=DEALS)))
    # Pending while it was made (a worker's start alone takes longer than the wait), made once.
    assert said and said == [None] * len(said) and reviews.made == 1
    running = one_round()  # its game goes on (to 1000 points)
    reviews.review(running, 0, 0)  # as at its table: kept
    refused, _ = ask_until_made(http, "/api/review", {"record": running, "seat": 0, "round": 0})
    assert refused.status_code == 400 and refused.get_json()["code"] == "game_not_over"  # not handed out
    assert ask_round(http, {"record": {"format": "x"}, "seat": 0, "round": 0})["code"] == "bad_record"
    assert http.post("/api/review", json={"record": record, "seat": "3", "round": 1}).get_json()["code"] \
        == "bad_request"
    assert http.post("/api/review", data=b"{nope").get_json()["code"] == "bad_record"
    no_round = ask_round(http, {"record": record, "seat": 0, "round": 7})
    assert no_round["code"] == "bad_review" and "no round 7" in no_round["message"]
    no_seat = ask_round(http, {"record": record, "seat": 9, "round": 0})
    assert no_seat["code"] == "bad_review"


def test_a_review_under_gevent_as_python_m_app_serves_it(tmp_path):
    """The whole path in a real server process in gevent mode (the tests' own are threading)."""
    port = _free_port()
    env = {**os.environ, "TICHU_TESTING": "1", "TICHU_DATA_DIR": str(tmp_path),
           "TICHU_REVIEW_DEALS": str(DEALS)}
    env.pop("TICHU_ASYNC_MODE", None)
    log = open(tmp_path / "server.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "app", "--port", str(port), "--review-workers", "2"],
                            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until(lambda: _get(base + "/healthz"), timeout=30, what="the server")
        record = finished_game()
        body = json.dumps({"record": record, "seat": 0, "round": 0}).encode()
        request = urllib.request.Request(base + "/api/review", data=body,
                                         headers={"Content-Type": "application/json"})
        for _ in range(600):  # asked again while pending, as the page does (two seconds each)
            with urllib.request.urlopen(request, timeout=60) as resp:
                answer = json.load(resp)
            if not answer.get("pending"):
                break
        assert answer["ok"], answer
        assert answer["review"] == json.loads(json.dumps(review_for_page(record, 0, 0, deals=DEALS)))
        assert (tmp_path / "reviews.sqlite").exists()
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()


def _free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as resp:
            return resp.status == 200
    except OSError:
        time.sleep(0.1)
        return False


# -- a whole game in the replay viewer -------------------------------------------------------


def ask_game(http, payload) -> tuple[dict, list[dict]]:
    """The `/api/review/game` answer once it is no longer `pending`, and the progress said meanwhile."""
    response, said = ask_until_made(http, "/api/review/game", payload)
    return response.get_json(), said


def test_the_replay_viewer_reviews_a_whole_game_its_costliest_first_round_by_round(app, http, monkeypatch):
    from app.coach.review.game import costliest

    monkeypatch.setattr("app.web.pages.replay.ASK_WAIT_SECONDS", 0.05)  # caught while it is made
    reviews = app.extensions["tichu_reviews"]
    reviews.settings = {"deals": DEALS}
    record = finished_game()
    rounds = len(record["rounds"])
    assert rounds >= 2
    answer, said = ask_game(http, {"record": record, "seat": 2})
    assert answer["ok"], answer
    game = answer["review"]
    assert said and all(p["total"] == rounds and 0 <= p["done"] < rounds for p in said)
    assert [p["done"] for p in said] == sorted(p["done"] for p in said)  # round after round
    # Every round as "Review this round" has it (and kept under its key: not made again).
    made = reviews.made
    assert made == rounds
    for r in range(rounds):
        assert game["rounds"][r] == json.loads(json.dumps(review_for_page(record, 2, r, deals=DEALS)))
        assert ask_round(http, {"record": record, "seat": 2, "round": r})["review"] == game["rounds"][r]
    assert reviews.made == made
    flags = [{**f, "at": i} for page in game["rounds"] for i, f in enumerate(page["flags"])]
    assert len(flags) > 3
    assert game["costliest"] == [{"round": f["round"], "at": f["at"]} for f in costliest(flags)]
    assert game["decisions"] == sum(page["decisions"] for page in game["rounds"])
    # Asked again: the whole game kept, answered at once.
    again, said = ask_game(http, {"record": record, "seat": 2})
    assert again == answer and not said and reviews.made == made


def test_a_whole_game_is_refused_where_a_round_would_be(app, http):
    app.extensions["tichu_reviews"].settings = {"deals": DEALS}
    record = finished_game()
    running = one_round()  # its game goes on: its players' hands are not handed out
    answer, _ = ask_game(http, {"record": running, "seat": 0})
    assert answer["code"] == "game_not_over" and not answer["ok"]
    no_seat, _ = ask_game(http, {"record": record, "seat": 9})
    assert no_seat["code"] == "bad_review" and "no seat 9" in no_seat["message"]
    assert ask_game(http, {"record": record, "seat": -1})[0]["code"] == "bad_review"
    for odd in ({"record": record, "seat": "2"}, {"record": record, "seat": True}, {"record": record},
                {"seat": 0}, [1, 2]):
        refused = http.post("/api/review/game", json=odd)
        assert refused.status_code == 400 and refused.get_json()["code"] == "bad_request", odd
    assert ask_game(http, {"record": {"format": "x"}, "seat": 0})[0]["code"] == "bad_record"
    assert ask_game(http, {"record": {"rounds": "no"}, "seat": 0})[0]["code"] == "bad_record"
    assert http.post("/api/review/game", data=b"{nope").get_json()["code"] == "bad_record"
    assert app.extensions["tichu_reviews"].made == 0  # nothing was reviewed
