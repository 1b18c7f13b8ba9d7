"""The guided first game at a real table: started from one request, its bots play their script,
a wrong move is refused in words and changes nothing, the learner's page gets the step and
nothing about other hands, the lesson resumes after its table is stored and loaded again, and
it ends at a game over from which "Play a real game" seats the player with three bots."""

from __future__ import annotations

from app.coach.lesson import FIRST_GAME
from tests.web.conftest import Player, settle, wait_until
from tests.web.pages.test_i18n import inline
from tests.web.store.test_persistence import restart

LESSON = FIRST_GAME


def start(http, name="Anna") -> tuple[str, str]:
    resp = http.post("/api/lesson", json={"name": name})
    assert resp.status_code == 201, resp.get_json()
    data = resp.get_json()
    return data["code"], data["token"]


def learner(app, http, code, token) -> Player:
    p = Player(app, http, "Anna")
    assert p.join(code, token)["ok"]
    p.token = token
    return p


def wait_step(p: Player, name: str, hub=None):
    """Until the learner's document shows the step `name` ready (the bots before it played)."""
    def ready():
        p.pump()
        lesson = p.doc.get("lesson")
        return lesson is not None and lesson["name"] == name and lesson["ready"]
    wait_until(ready, what=f"the lesson's step {name}")
    return p.doc["lesson"]


def expected(lesson_doc) -> dict:
    action = dict(lesson_doc["expect"])
    if action["act"] == "gift":
        action["to"] = 3
    return action


def test_a_lesson_starts_seated_and_unlisted_with_its_scripted_bots(app, http, hub):
    code, token = start(http)
    table = hub.registry.get(code)
    assert table.lesson is LESSON and table.status == "playing"
    assert [s.name for s in table.seats] == ["Anna", "Mia", "Leo", "Kai"]
    assert [s.bot for s in table.seats] == [None, "lesson", "lesson", "lesson"]
    assert code not in [t["code"] for t in http.get("/api/tables").get_json()["tables"]]
    p = learner(app, http, code, token)
    lesson = wait_step(p, "grand")
    assert lesson["step"] == 0 and lesson["steps"] == len(LESSON.steps)
    assert sorted(p.view["hand"]) == sorted(LESSON.deal[0].split()[:8])


def test_the_whole_lesson_by_the_expected_moves_ends_in_a_won_game(app, http, hub):
    code, token = start(http)
    p = learner(app, http, code, token)
    for step in LESSON.steps[:-1]:
        lesson = wait_step(p, step.name)
        ack = p.act(**expected(lesson))
        assert ack["ok"], (step.name, ack)
    lesson = wait_step(p, "score")
    assert lesson["over"] and p.view["game_over"] and p.view["winner"] == 0
    assert p.emit("new_game", {})["code"] == "not_now"  # a lesson is played once
    # Then an ordinary table: the player seated, three bots of the usual level, started.
    resp = http.post("/api/quick", json={"name": "Anna"})
    assert resp.status_code == 201
    real = hub.registry.get(resp.get_json()["code"])
    assert real.lesson is None and real.status == "playing"
    assert real.seats[0].name == "Anna" and all(s.bot and s.bot != "lesson" for s in real.seats[1:])
    q = learner(app, http, real.code, resp.get_json()["token"])
    assert "lesson" not in q.doc and q.doc["you"]["seat"] == 0


def test_a_wrong_move_is_refused_in_words_and_changes_nothing(app, http, hub):
    code, token = start(http)
    p = learner(app, http, code, token)
    wait_step(p, "grand")
    table = hub.registry.get(code)
    ack = p.act(act="grand", call=True)
    assert not ack["ok"] and ack["code"] == "lesson" and "No Grand Tichu" in ack["message"]
    p.pump()  # (the bots' own decisions may come in meanwhile: the learner's changed nothing)
    assert p.view["players"][0]["grand"] is None
    assert not any(a.get("seat") == 0 for a in table.game.round.log)
    assert p.act(act="grand", call=False)["ok"]
    wait_step(p, "exchange")
    assert p.act(act="exchange", give={"1": "R2", "2": "GA", "3": "B3"})["ok"]
    wait_step(p, "tichu")
    assert p.act(act="tichu")["ok"]
    wait_step(p, "mahjong")
    # Cards that are no play get the coach's "why not", in a sentence.
    ack = p.act(act="play", cards="SK R10")
    assert not ack["ok"] and ack["code"] != "lesson" and ack["message"].endswith(".")
    assert "combination" in ack["message"] or "pair" in ack["message"]
    ack = p.act(act="play", cards="Mj")  # legal, but the lesson asks for a wish
    assert not ack["ok"] and ack["code"] == "lesson" and "wish for an 8" in ack["message"]
    assert table.game.round.hands[0].bit_count() == 14


def test_the_lesson_resumes_at_the_same_step_after_the_table_is_stored_and_loaded(app, http, hub, tmp_path):
    code, token = start(http)
    p = learner(app, http, code, token)
    for step in LESSON.steps[:6]:
        lesson = wait_step(p, step.name)
        assert p.act(**expected(lesson))["ok"]
    before = wait_step(p, "dog")
    hand = p.view["hand"]
    p.disconnect()
    settle(app)
    new_app = restart(app, tmp_path)
    try:
        restored = new_app.extensions["tichu"].registry.get(code)
        assert restored.lesson is LESSON and not restored.damaged
        assert [s.bot for s in restored.seats] == [None, "lesson", "lesson", "lesson"]
        back = learner(new_app, new_app.test_client(), code, token)
        assert back.doc["lesson"] == before and back.view["hand"] == hand
        assert back.act(**expected(before))["ok"]  # the Dog, and the scripted bots play on
        wait_step(back, "kings")
        # Nobody stands in for a learner who is away: the lesson waits.
        assert all(s.away_until is None for s in restored.seats)
    finally:
        new_app.extensions["tichu"].bots.stop()


def test_only_the_learner_gets_the_lesson_and_it_names_no_hidden_card(app, http, hub):
    code, token = start(http)
    p = learner(app, http, code, token)
    watcher = Player(app, http, "Zoe")
    assert watcher.join(code)["ok"]
    for step in LESSON.steps[:-1]:
        lesson = wait_step(p, step.name)
        watcher.pump()
        assert "lesson" not in watcher.doc
        hand = set(p.view["hand"])
        expect = lesson["expect"]
        for cards in [expect.get("cards", "")] + list((expect.get("give") or {}).values()):
            assert set(cards.split()) <= hand
        assert p.act(**expected(lesson))["ok"]


def test_the_lesson_speaks_german_on_a_german_page(http):
    code, _ = start(http)
    page = http.get(f"/t/{code}", headers={"Accept-Language": "de"})
    messages = inline(page.data, "i18n")["messages"]
    for step in LESSON.steps:
        assert messages[step.text] and messages[step.text] != step.text, step.name
    assert messages["Play a real game"] == "Eine echte Partie spielen"
    lobby = inline(http.get("/", headers={"Accept-Language": "de"}).data, "i18n")["messages"]
    assert lobby["Learn to play"] == "Spielen lernen"
