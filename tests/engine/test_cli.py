"""The engine's command line (RECORD_FORMAT.md "Replaying" and "Listing legal plays").

A few tests run `python -m app.engine` as a process; the rest call run_replay/run_plays.
"""

import copy
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from app.engine import Game
from app.engine.cli import main, run_plays, run_replay
from app.engine.simulate import play_random_round

from .helpers import table

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = {"ruleset": "standard", "options": {}, "hand": "Ph GK BQ RJ R10 R9 R8 R7 R6 B5 G4 G3 B2 Mj",
           "on": "S3 R4 G5 B6 S7", "on_phoenix": None, "wish": "8"}


def engine(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "app.engine", *args], input=stdin, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def record(seed=6, rounds=1, options=None):
    game = Game("standard", options, seed=seed)
    rng = random.Random(seed)
    for _ in range(rounds):
        play_random_round(game, rng)
    doc = game.record()
    doc["rounds"] = doc["rounds"][:rounds]
    return game, doc


def write(tmp_path, doc, name="record.json"):
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return str(path)


def replay_in_process(path):
    out = io.StringIO()
    code = run_replay(path, out=out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 1  # one JSON object on standard output
    return code, json.loads(lines[0])


def plays_in_process(lines, count=False):
    out = io.StringIO()
    assert run_plays(count, inp=io.StringIO("".join(line + "\n" for line in lines)), out=out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


# -- replay as a process ----------------------------------------------------------------------


def test_replay_process_exit_0_prints_the_result(tmp_path):
    game, doc = record()
    proc = engine("replay", write(tmp_path, doc))
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["ok"] is True and result["error"] is None
    assert result["applied"] == game.version
    assert result["rounds"][0]["scores"] == list(game.results()[0].scores)
    assert result["rounds"][0]["complete"] is True


def test_replay_process_exit_1_on_a_refused_action(tmp_path):
    _, doc = record()
    doc["rounds"][0]["actions"].append({"seat": 0, "act": "pass"})
    proc = engine("replay", write(tmp_path, doc))
    assert proc.returncode == 1
    result = json.loads(proc.stdout)
    assert result["ok"] is False
    assert result["error"]["round"] == 0
    assert result["error"]["index"] == len(doc["rounds"][0]["actions"]) - 1


def test_replay_process_exit_2_on_a_malformed_document(tmp_path):
    proc = engine("replay", write(tmp_path, "{not json"))
    assert proc.returncode == 2
    result = json.loads(proc.stdout)
    assert result["ok"] is False and set(result) == {"ok", "error"}
    assert result["error"]["code"] == "malformed" and result["error"]["message"]


def test_replay_process_reads_standard_input_with_a_dash():
    _, doc = record()
    proc = engine("replay", "-", stdin=json.dumps(doc))
    assert proc.returncode == 0 and json.loads(proc.stdout)["ok"]


# -- replay in process ------------------------------------------------------------------------


def test_replay_of_a_missing_file_is_malformed(tmp_path):
    code, result = replay_in_process(str(tmp_path / "nothing.json"))
    assert code == 2 and result["ok"] is False and result["error"]["code"] == "malformed"


@pytest.mark.parametrize("text", ["", "[]", "null", "42", '"record"', '{"format": "tichu-record/1"}',
                                  "[" * 100000])
def test_replay_of_documents_that_are_no_record_exits_2(tmp_path, text):
    code, result = replay_in_process(write(tmp_path, text))
    assert code == 2
    assert set(result) == {"ok", "error"} and result["ok"] is False
    assert set(result["error"]) == {"code", "message"} and result["error"]["code"] == "malformed"


@pytest.mark.parametrize("change", [
    lambda d: d.update(format="tichu-record/0"),
    lambda d: d.update(ruleset="chess"),
    lambda d: d["options"].update(colour="red"),
    lambda d: d["options"].update(max_rounds=3),
    lambda d: d["options"].update(tie_rule="coin"),
    lambda d: d.update(options=[]),
    lambda d: d.update(options=False),
    lambda d: d.update(options=""),
    lambda d: d.update(rounds="all"),
    lambda d: d["rounds"][0].pop("hands"),
    lambda d: d["rounds"][0].pop("actions"),
    lambda d: d["rounds"][0]["hands"].__setitem__(0, "Q9 " + d["rounds"][0]["hands"][0][3:]),  # no card
    lambda d: d["rounds"][0]["hands"].__setitem__(0, d["rounds"][0]["hands"][1]),  # dealt twice
    lambda d: d["rounds"][0]["hands"].__setitem__(0, d["rounds"][0]["hands"][0].split(" ", 1)[1]),  # 13
])
def test_replay_of_malformed_records_exits_2(tmp_path, change):
    _, doc = record()
    change(doc)
    code, result = replay_in_process(write(tmp_path, doc))
    assert code == 2 and result["error"]["code"] == "malformed" and result["error"]["message"]


@pytest.mark.parametrize("action", [
    {"seat": 0, "act": "tichu"},
    {"seat": 2, "act": "gift", "to": 1},
    {"seat": 0, "act": "shout"},
])
def test_replay_of_actions_after_the_rounds_end_exits_1(tmp_path, action):
    _, doc = record()
    doc["rounds"][0]["actions"].append(action)
    code, result = replay_in_process(write(tmp_path, doc))
    assert code == 1
    assert result["error"]["code"] == "round_over"
    assert set(result["error"]) == {"round", "index", "code", "message"}
    assert result["rounds"][-1]["complete"] is True  # the round itself had ended


@pytest.mark.parametrize("action, code_name", [
    ({"seat": 0, "act": "play", "cards": "Dr Dr"}, "bad_action"),
    ({"seat": 0, "act": "shout"}, "bad_action"),
    ({"seat": "0", "act": "play"}, "bad_action"),
    ({"seat": 0, "act": "play", "cards": "Mj", "wish": "Ph"}, "bad_wish"),
    ({"seat": 3, "act": "play", "cards": "S4"}, "card_not_in_hand"),
])
def test_replay_of_refused_actions_exits_1_with_the_error(tmp_path, action, code_name):
    doc = table(["Mj S3", "S4", "", ""]).record()
    doc["rounds"][0]["actions"].append(action)
    code, result = replay_in_process(write(tmp_path, doc))
    assert code == 1
    assert result["error"]["code"] == code_name
    assert set(result["error"]) == {"round", "index", "code", "message"}


def test_replay_refused_mid_round_reports_the_incomplete_round(tmp_path):
    doc = table(["Mj S3", "S4", "", ""]).record()
    applied = len(doc["rounds"][0]["actions"])
    doc["rounds"][0]["actions"].append({"seat": 0, "act": "play", "cards": "S4"})
    code, result = replay_in_process(write(tmp_path, doc))
    assert code == 1
    assert result["applied"] == applied
    assert result["error"]["round"] == 0 and result["error"]["index"] == applied
    assert result["error"]["code"] == "card_not_in_hand" and "S4" in result["error"]["message"]
    assert result["rounds"] == [{"scores": None, "card_points": None, "out_order": [],
                                 "double_victory": False, "complete": False}]
    assert result["totals"] == [0, 0] and result["winner"] is None


def test_replay_winner_once_the_game_is_over(tmp_path):
    game, doc = record(seed=1, options={"target": 50})
    assert game.over
    code, result = replay_in_process(write(tmp_path, doc))
    assert code == 0 and result["winner"] == game.winner and result["totals"] == game.totals


# -- plays ------------------------------------------------------------------------------------


def test_plays_process_answers_every_line_in_order_and_goes_on_after_errors():
    lines = [json.dumps(EXAMPLE), "not json", json.dumps({"hand": "S2"}), "[1, 2]",
             json.dumps({"hand": "S2 B2", "on": "R5"})]
    proc = engine("plays", stdin="\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == 5
    assert "plays" in answers[0] and answers[0]["can_pass"] is False
    assert set(answers[1]) == {"error"} and set(answers[3]) == {"error"}
    assert answers[2] == {"plays": [{"cards": "S2", "kind": "single", "rank": "2", "phoenix": None}],
                          "can_pass": False}
    assert answers[4]["plays"] == [] and answers[4]["can_pass"] is True


def test_plays_count_process_gives_the_number_of_entries():
    proc = engine("plays", "--count", stdin=json.dumps(EXAMPLE) + "\n" + "oops\n")
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    full = plays_in_process([json.dumps(EXAMPLE)])[0]
    assert answers[0] == {"count": len(full["plays"]), "can_pass": False}
    assert set(answers[1]) == {"error"}


def test_plays_example_must_fulfil_the_wish_of_an_eight():
    answer = plays_in_process([json.dumps(EXAMPLE)])[0]
    assert answer["can_pass"] is False
    assert answer["plays"]
    for entry in answer["plays"]:
        assert set(entry) == {"cards", "kind", "rank", "phoenix"}
        assert entry["kind"] in ("straight", "bomb")
        assert "R8" in entry["cards"].split() or entry["kind"] == "bomb"
    # Straights over the 7: the Phoenix may stand for ranks 2..A, never the wished 8 itself.
    assert {"cards": "R8 R7 R6 B5 G4", "kind": "straight", "rank": "8", "phoenix": None} in answer["plays"]
    assert all(e["phoenix"] != "8" for e in answer["plays"])


def test_plays_lists_both_phoenix_ranks_as_two_entries():
    answer = plays_in_process([json.dumps({"hand": "Ph S10 RJ GQ BK", "on": "S2 R3 G4 B5 S6"})])[0]
    entries = [(e["cards"], e["rank"], e["phoenix"]) for e in answer["plays"]]
    assert ("Ph BK GQ RJ S10", "A", "A") in entries and ("Ph BK GQ RJ S10", "K", "9") in entries


def test_plays_on_phoenix_counts_the_single_it_was_played_on():
    on_eight, led = plays_in_process([
        json.dumps({"hand": "R9 G8 Mj", "on": "Ph", "on_phoenix": "8"}),
        json.dumps({"hand": "R9 G8 Mj", "on": "Ph", "on_phoenix": None}),
    ])
    assert [e["cards"] for e in on_eight["plays"]] == ["R9"]
    assert sorted(e["cards"] for e in led["plays"]) == ["G8", "R9"]  # led 1.5: no Mah Jong


def test_plays_of_a_lead_cannot_pass_and_list_the_dog():
    answer = plays_in_process([json.dumps({"hand": "Dg S2", "on": None})])[0]
    assert answer["can_pass"] is False
    assert {"cards": "Dg", "kind": "dog", "rank": "Dg", "phoenix": None} in answer["plays"]


def test_plays_with_an_ambiguous_on_takes_on_phoenix():
    high, low = plays_in_process([
        json.dumps({"hand": "S10 SJ RQ BK GA", "on": "Ph S9 R10 GJ BQ", "on_phoenix": "K"}),
        json.dumps({"hand": "S10 SJ RQ BK GA", "on": "Ph S9 R10 GJ BQ", "on_phoenix": "8"}),
    ])
    assert [e["cards"] for e in high["plays"]] == ["GA BK RQ SJ S10"]
    assert len(low["plays"]) == 1


def test_plays_fifty_two():
    answer = plays_in_process([json.dumps({"ruleset": "fifty-two", "hand": "CA S2", "on": "DA"})])[0]
    assert sorted(e["cards"] for e in answer["plays"]) == ["CA", "S2"]  # a led DA is 0.5


@pytest.mark.parametrize("line", [
    "not json",
    "[]",
    "null",
    json.dumps({"on": None}),
    json.dumps({"hand": 5}),
    json.dumps({"hand": "X5"}),
    json.dumps({"hand": "S2 S2"}),
    json.dumps({"hand": "S2", "on": "S2"}),
    json.dumps({"hand": "S2", "on": "S3 R7"}),
    json.dumps({"hand": "S2", "on": "Dg"}),
    json.dumps({"hand": "S2", "on": ""}),
    json.dumps({"hand": "S2", "on": 5}),
    json.dumps({"hand": "S2", "on": None, "on_phoenix": "8"}),
    json.dumps({"hand": "S2", "on": "Ph S5", "on_phoenix": "9"}),
    json.dumps({"hand": "S2", "wish": "1"}),
    json.dumps({"hand": "S2", "wish": True}),
    json.dumps({"hand": "S2", "ruleset": "go"}),
    json.dumps({"hand": "S2", "options": {"speed": 1}}),
    json.dumps({"hand": "S2", "options": "fast"}),
    json.dumps({"hand": "S2", "options": []}),
    json.dumps({"hand": "Mj Dg Ph Dr S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ"}),  # 15 cards
    json.dumps({"hand": "SA", "ruleset": "fifty-two", "wish": "A"}),
])
def test_plays_malformed_lines_give_an_error_and_the_next_line_is_answered(line):
    bad, good = plays_in_process([line, json.dumps({"hand": "S2", "on": "Mj"})])
    assert set(bad) == {"error"} and isinstance(bad["error"], str) and bad["error"]
    assert good == {"plays": [{"cards": "S2", "kind": "single", "rank": "2", "phoenix": None}],
                    "can_pass": True}


def test_cli_main_returns_the_exit_status(tmp_path):
    _, doc = record()
    assert main(["replay", write(tmp_path, doc)]) == 0
    bad = copy.deepcopy(doc)
    bad["format"] = "x"
    assert main(["replay", write(tmp_path, bad, "bad.json")]) == 2


def test_plays_answers_a_blank_line_too_so_answers_stay_in_step_with_lines():
    """RECORD_FORMAT.md: "writes one JSON line per input line, in order"."""
    answers = plays_in_process([json.dumps({"hand": "S2"}), "", "   ", json.dumps({"hand": "S3"})])
    assert len(answers) == 4
    assert answers[0]["plays"][0]["cards"] == "S2"
    assert set(answers[1]) == {"error"} and set(answers[2]) == {"error"}
    assert answers[3]["plays"][0]["cards"] == "S3"


def test_replay_with_null_options_uses_the_defaults(tmp_path):
    _, doc = record()
    doc["options"] = None
    code, result = replay_in_process(write(tmp_path, doc))
    assert code == 0 and result["ok"]


def test_plays_on_a_phoenix_played_on_the_mah_jong_counts_one_and_a_half():
    """C14: in fifty-two a led DA is 0.5 (the club beats it), on the club it is 1.5 (only a 2 does)."""
    on_club, led = plays_in_process([
        json.dumps({"ruleset": "fifty-two", "hand": "CA S2", "on": "DA", "on_phoenix": "1"}),
        json.dumps({"ruleset": "fifty-two", "hand": "CA S2", "on": "DA", "on_phoenix": None}),
    ])
    assert [e["cards"] for e in on_club["plays"]] == ["S2"]
    assert sorted(e["cards"] for e in led["plays"]) == ["CA", "S2"]


def test_main_writes_to_the_standard_output_of_the_moment(tmp_path, capsys):
    _, doc = record()
    assert main(["replay", write(tmp_path, doc)]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
