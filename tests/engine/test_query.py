"""The quick paths of `python -m app.engine plays`: batched input, cached rules and table
plays, the canonical-notation lookup. Each must answer exactly as the plain path does."""

import io
import json
import selectors
import subprocess
import sys
from pathlib import Path

import pytest

import app.engine
from app.engine import STANDARD_DECK, NotationError
from app.engine.cli import run_plays
from app.engine.query import _parse_mask, list_plays

ROOT = Path(__file__).resolve().parents[2]
POSITION = {"hand": "Ph GK BQ RJ R10 R9 R8 R7 R6 B5 G4 G3 B2 Mj", "on": "S3 R4 G5 B6 S7", "wish": "8"}


def answers_line_by_line(lines: list[str], count: bool) -> list[dict]:
    """The lines through run_plays one by one, read as text mode reads standard input
    (universal newlines), as the command read it before it read in batches."""
    out = []
    for line in lines:
        buf = io.StringIO()
        run_plays(count, inp=io.StringIO(line + "\n", newline=None), out=buf)
        out += [json.loads(answer) for answer in buf.getvalue().splitlines()]
    return out


LINES = [
    json.dumps(POSITION),
    "",
    "not json",
    json.dumps({"hand": "S2 B2", "on": "R5"}) + "\r",  # a CRLF line
    json.dumps({"hand": "S3"}) + "\r" + json.dumps({"hand": "S4"}),  # a CR ends a line too
    json.dumps({"hand": "S2 s2"}),
    json.dumps({"hand": "Ph S10 RJ GQ BK", "on": "S2 R3 G4 B5 S6"}),
    json.dumps({"ruleset": "fifty-two", "hand": "CA S2", "on": "DA"}),
    json.dumps({"hand": "R9 G8 Mj", "on": "Ph", "on_phoenix": "8"}),
] * 300  # more than one 64 KiB read


@pytest.mark.parametrize("count", [True, False])
def test_a_file_through_the_process_is_answered_as_line_by_line(count):
    data = "\n".join(LINES).encode() + b"\n" + b'{"hand": "\xff"}\n' + json.dumps({"hand": "S3"}).encode()
    args = [sys.executable, "-m", "app.engine", "plays"] + (["--count"] if count else [])
    proc = subprocess.run(args, input=data, cwd=ROOT, capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    got = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    expected = answers_line_by_line(LINES, count)
    assert len(expected) == len(LINES) + 300  # the CR ended one line of each group
    assert len(got) == len(expected) + 2  # the last line has no newline and is answered too
    assert got[:-2] == expected
    assert set(got[-2]) == {"error"}  # not UTF-8
    assert got[-1] == answers_line_by_line([json.dumps({"hand": "S3"})], count)[0]


def test_a_program_that_waits_for_each_answer_gets_it():
    proc = subprocess.Popen([sys.executable, "-m", "app.engine", "plays", "--count"], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        sel = selectors.DefaultSelector()
        sel.register(proc.stdout, selectors.EVENT_READ)
        for hand, count in (("S2", 1), ("S2 B2", 3), ("S2 B2 G2", 7)):
            proc.stdin.write((json.dumps({"hand": hand}) + "\n").encode())
            proc.stdin.flush()
            assert sel.select(timeout=60), "no answer while the input stays open"
            assert json.loads(proc.stdout.readline()) == {"count": count, "can_pass": False}
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()


def test_cached_rules_keep_option_types_apart():
    ok = list_plays({"hand": "S2", "options": {"grand_tichu": True}})
    assert ok["plays"]
    with pytest.raises(app.engine.RulesetError):
        list_plays({"hand": "S2", "options": {"grand_tichu": 1}})
    with pytest.raises(app.engine.RulesetError):
        list_plays({"hand": "S2", "options": {"stairs_min_pairs": 2.0}})
    three = list_plays({"hand": "S2 B2 S3 B3", "options": {"stairs_min_pairs": 3}})
    two = list_plays({"hand": "S2 B2 S3 B3", "options": {"stairs_min_pairs": 2}})
    assert "stairs" not in {e["kind"] for e in three["plays"]}
    assert "stairs" in {e["kind"] for e in two["plays"]}


def test_cached_table_plays_keep_on_phoenix_values_apart():
    on = {"hand": "R9 G8 Mj", "on": "Ph"}
    assert [e["cards"] for e in list_plays({**on, "on_phoenix": "8"})["plays"]] == ["R9"]
    assert [e["cards"] for e in list_plays({**on, "on_phoenix": 8})["plays"]] == ["R9"]
    assert sorted(e["cards"] for e in list_plays({**on, "on_phoenix": None})["plays"]) == ["G8", "R9"]
    for bad in (8.0, True, [8]):
        with pytest.raises(app.engine.EngineError):
            list_plays({**on, "on_phoenix": bad})
    # A failed reading is not remembered as a good one.
    with pytest.raises(app.engine.EngineError):
        list_plays({"hand": "S2", "on": "Ph S9 R10 GJ BQ", "on_phoenix": "2"})
    low = list_plays({"hand": "S10 SJ RQ BK GA", "on": "Ph S9 R10 GJ BQ", "on_phoenix": "8"})
    assert len(low["plays"]) == 1


@pytest.mark.parametrize("text", ["Ph GK S10", "ph gk s10", "Ph,GK,S10", "Ph GK ST", "Ph  GK\tS10",
                                  " Ph GK S10 ", ""])
def test_quick_notation_reads_what_the_deck_parser_reads(text):
    assert _parse_mask(STANDARD_DECK, text) == STANDARD_DECK.parse_mask(text)


@pytest.mark.parametrize("text", ["S2 S2", "S2 X9", "S2 S1", "Dr Dragon"])
def test_quick_notation_refuses_as_the_deck_parser_does(text):
    with pytest.raises(NotationError) as quick:
        _parse_mask(STANDARD_DECK, text)
    with pytest.raises(NotationError) as parser:
        STANDARD_DECK.parse_mask(text)
    assert quick.value.message == parser.value.message


def test_the_engine_package_names_load_on_first_use():
    for name in app.engine.__all__:
        assert getattr(app.engine, name) is not None
    assert set(app.engine.__all__) <= set(dir(app.engine))
    with pytest.raises(AttributeError):
        app.engine.no_such_name  # noqa: B018


def test_plays_starts_without_the_state_machine():
    """Start-up is part of the command's throughput: the plays command loads no round or game."""
    code = "import sys, app.engine.cli; print(sorted(m for m in sys.modules if m.startswith('app.')))"
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    loaded = set(eval(proc.stdout))  # noqa: S307 -- our own print of a list of names
    assert "app.engine.query" in loaded
    assert not loaded & {"app.engine.round", "app.engine.game", "app.engine.views", "app.engine.record"}
