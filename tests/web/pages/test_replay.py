"""The replay viewer's page and endpoint: any record in, one round's frames out; bad files refused."""

from __future__ import annotations

import json

from tests.web.live.test_bots import bot_table, play_with_bots


def post(http, body, **kw):
    return http.post("/api/replay", data=body if isinstance(body, (bytes, str)) else json.dumps(body),
                     content_type="application/json", **kw)


def finished_record(app, http, player, hub) -> dict:
    table, me = bot_table(app, http, player, options={"target": 50})
    play_with_bots(hub, table, me)
    return http.get(f"/t/{table.code}/record.json").get_json()


def test_the_page_is_served_in_both_languages(http):
    page = http.get("/replay")
    assert page.status_code == 200 and b"replay.js" in page.data and b"Replay" in page.data
    german = http.get("/replay", headers={"Accept-Language": "de"})
    assert b"Wiederholung" in german.data
    messages = json.loads(german.data.split(b'id="i18n">')[1].split(b"</script>")[0])["messages"]
    assert messages["Next trick"] == "Nächster Stich"


def test_a_table_record_replays_round_by_round_with_every_hand(app, http, player, hub):
    record = finished_record(app, http, player, hub)
    # For the viewer: the person's name, the bots' levels (it names them "Bot 2" as the table does).
    assert record["players"] == ["Anna", None, None, None]
    assert record["bots"] == [None, "greedy", "greedy", "greedy"]
    for r, rnd in enumerate(record["rounds"]):
        resp = post(http, {"record": record, "round": r})
        assert resp.status_code == 200
        data = resp.get_json()
        assert data["ok"] and data["error"] is None and data["rounds"] == len(record["rounds"])
        frames = data["frames"]
        assert len(frames) == len(rnd["actions"]) + 1
        assert all(len(f["hands"]) == 4 for f in frames)
        assert data["geometry"]["teams"] == [[0, 2], [1, 3]]
    assert frames[-1]["scores"]["totals"] == data["summary"]["totals"]


def test_bad_files_get_a_clear_refusal(http):
    cases = [
        (b"not json at all", "bad_record"),
        (b"\xff\xfe\x00", "bad_record"),
        ({"record": {"format": "chess"}}, "bad_record"),
        ({"record": [1, 2, 3]}, "bad_record"),
        ({"record": {"format": "tichu-record/1", "ruleset": "standard", "rounds": "x"}}, "bad_record"),
        ({"nothing": 1}, "bad_request"),
        ({"record": {}, "round": "1"}, "bad_request"),
        (b"[" * 100_000 + b"]" * 100_000, "bad_record"),
    ]
    for body, code in cases:
        resp = post(http, body)
        assert resp.status_code == 400, (body, resp.status_code)
        answer = resp.get_json()
        assert answer["ok"] is False and answer["code"] == code and answer["message"], answer


def test_a_round_out_of_range_and_a_huge_file_are_refused(app, http, player, hub):
    record = finished_record(app, http, player, hub)
    resp = post(http, {"record": record, "round": 99})
    assert resp.status_code == 400 and resp.get_json()["code"] == "bad_round"
    huge = b'{"record": "' + b"x" * (3 * 1024 * 1024) + b'"}'
    resp = post(http, huge)
    assert resp.status_code == 413 and resp.get_json()["code"] == "too_large"


# -- Brettspielwelt logs ------------------------------------------------------------------

BSW_LOGS = __import__("pathlib").Path(__file__).resolve().parents[2] / "engine" / "bsw_logs"


def post_log(http, data: bytes, query: str = ""):
    return http.post("/api/replay/bsw" + query, data=data, content_type="text/plain")


def test_a_bsw_log_opens_as_a_record_that_replays(http):
    answer = post_log(http, (BSW_LOGS / "four_rounds.tch").read_bytes()).get_json()
    assert answer["ok"] and answer["complete"] and answer["diagnostics"] == []
    record = answer["record"]
    assert len(record["rounds"]) == 4 and record["players"] == ["anna", "bert", "cleo", "dino"]
    for r in range(4):
        frames = post(http, {"record": record, "round": r}).get_json()
        assert frames["ok"] and frames["error"] is None, frames
    anonymous = post_log(http, (BSW_LOGS / "four_rounds.tch").read_bytes(), "?anonymous=1").get_json()
    assert "anna" not in json.dumps(anonymous)


def test_a_bsw_log_that_breaks_off_says_where_and_keeps_the_rounds_before(http):
    answer = post_log(http, (BSW_LOGS / "malformed.tch").read_bytes()).get_json()
    assert answer["ok"] and not answer["complete"]
    errors = [d for d in answer["diagnostics"] if d["level"] == "error"]
    assert len(errors) == 1 and errors[0]["line"] and errors[0]["message"]
    assert len(answer["record"]["rounds"]) == errors[0]["round"]  # the rounds before it


def test_what_is_not_a_bsw_log_is_refused_in_words(http):
    for data in ((BSW_LOGS / "not_a_log.tch").read_bytes(), b"", b"\xff\xfe\x00garbage", b"{}"):
        resp = post_log(http, data)
        assert resp.status_code == 400 and resp.get_json()["code"] == "not_a_log", data
    assert post_log(http, b"-" * (129 * 1024)).status_code == 413
    assert post_log(http, (BSW_LOGS / "four_rounds.tch").read_bytes(), "?game=x").status_code == 400
