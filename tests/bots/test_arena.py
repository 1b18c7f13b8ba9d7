"""A short arena run: the report has the promised shape (its numbers are for the arena, not tests)."""

import json
import subprocess
import sys

from app.bots.arena import ArenaConfig, format_report, run_arena
from app.bots.table import DECISION_KINDS


def check_side(side: dict):
    ppr = side["points_per_round"]
    assert set(ppr) == {"mean", "se", "ci95", "n"}
    assert ppr["ci95"][0] <= ppr["mean"] <= ppr["ci95"][1]
    for call in ("tichu", "grand_tichu"):
        assert set(side[call]) == {"calls", "made", "success_rate"}
        assert 0 <= side[call]["made"] <= side[call]["calls"]
    assert side["double_victories"] >= 0 and side["illegal_actions"] == 0


def test_duplicate_deals_report():
    cfg = ArenaConfig(a="hard", b="greedy", a_options=(("budget_ms", 2), ("max_worlds", 3)),
                      deals=4, workers=2, chunk=2, seed="test")
    report = run_arena(cfg, progress=False)
    assert report["plays"] == 8 and report["rounds"] == 8
    assert report["sides"]["A"]["points_per_round"]["n"] == 4
    # B's figures mirror A's: the same deals seen from the other side.
    a, b = report["sides"]["A"]["points_per_round"], report["sides"]["B"]["points_per_round"]
    assert a["mean"] == -b["mean"] and a["se"] == b["se"]
    for side in ("A", "B"):
        check_side(report["sides"][side])
    assert report["illegal_actions"] == 0
    times = report["decision_ms"]
    assert set(times) == {"A", "B"}
    for side in times.values():
        assert set(side) <= set(DECISION_KINDS) and {"grand", "exchange", "lead"} <= set(side)
        for t in side.values():
            assert t["n"] > 0 and t["p50_ms"] <= t["p95_ms"] <= t["p99_ms"] <= t["max_ms"]
    json.dumps(report)  # JSON-ready
    text = format_report(report)
    assert "pts/round" in text and "Illegal actions: 0" in text and "hard" in text


def test_the_same_seed_plays_the_same_deals():
    cfg = ArenaConfig(a="normal", b="easy", deals=3, workers=1, seed="same")
    first, second = run_arena(cfg, progress=False), run_arena(cfg, progress=False)
    assert first["sides"]["A"]["points_per_round"] == second["sides"]["A"]["points_per_round"]


def test_command_line_with_games_to_the_target():
    out = subprocess.run(
        [sys.executable, "-m", "app.bots", "arena", "--a", "normal", "--b", "greedy", "--games", "2",
         "--option", "target=50", "--workers", "1", "--json", "-", "--quiet"],
        capture_output=True, text=True, timeout=120, check=True)
    report = json.loads(out.stdout)
    games = report["games"]
    assert games["played"] == 4 and games["a_wins"] + games["b_wins"] + games["draws"] == 4
    assert 0 <= games["a_win_rate"] <= 1
    check_side(report["sides"]["A"])


def test_command_line_refuses_an_unknown_bot():
    out = subprocess.run([sys.executable, "-m", "app.bots", "arena", "--a", "nosuchbot", "--deals", "1"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "nosuchbot" in out.stderr
