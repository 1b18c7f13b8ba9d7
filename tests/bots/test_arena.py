"""A short arena run: the report has the promised shape (its numbers are for the arena, not tests)."""

import json
import subprocess
import sys

from app.bots.arena import ArenaConfig, combine_reports, format_report, run_arena
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


def test_side_plans_give_each_bot_every_seat_and_role_equally():
    from app.bots.arena import side_plans
    from app.engine import Rules

    for name, options in [("standard", {}), ("tientsin", {}), ("trichu", {}),
                          ("grandseigneur", {}), ("grandseigneur", {"players": 7})]:
        rules = Rules.of(name, options)
        plans = side_plans(rules)
        for seat in range(rules.seats):
            assert sorted(plan[seat] for plan in plans) == ["A", "B"], (name, seat)
        seating = rules.seating
        if seating.teams and seating.table is None:  # a whole team on one side
            for plan in plans:
                assert all(len({plan[s] for s in team}) == 1 for team in seating.teams)
        if seating.table is not None:  # Trichu: the dealer with his Table against the two others
            for plan in plans:
                assert plan[seating.dealer] == plan[seating.table]
                others = [s for s in seating.players if s != seating.dealer]
                assert {plan[s] for s in others} == {"B" if plan[seating.dealer] == "A" else "A"}
        if seating.teams is None:  # every other seat in play order
            for plan in plans:
                order = seating.positions
                assert all(plan[order[i]] != plan[order[i + 1]] for i in range(len(order) - 1))


def test_trichu_and_tientsin_arenas_report_points_with_no_illegal_action():
    for name, plays in (("trichu", 4), ("tientsin", 4)):
        report = run_arena(ArenaConfig(a="normal", b="easy", deals=2, workers=1, seed="t", ruleset=name),
                           progress=False)
        assert report["measure"] == "points" and report["plays"] == plays and report["rounds"] == plays
        for side in ("A", "B"):
            check_side(report["sides"][side])
        a, b = (report["sides"][s]["points_per_round"] for s in ("A", "B"))
        assert a["mean"] == -b["mean"]
        assert f"{name}," in format_report(report) and "Illegal actions: 0" in format_report(report)


def test_grandseigneur_arena_reports_mean_places():
    for players in (6, 7):
        cfg = ArenaConfig(a="normal", b="greedy", deals=2, workers=1, seed="g", ruleset="grandseigneur",
                          options=(("players", players),))
        report = run_arena(cfg, progress=False)
        assert report["measure"] == "place" and report["plays"] == 4
        assert report["rounds"] == 8  # each deal: the first round and one with the exchange
        a, b = (report["sides"][s]["place_per_round"] for s in ("A", "B"))
        for p in (a, b):
            assert 1 <= p["mean"] <= players and p["ci95"][0] <= p["mean"] <= p["ci95"][1]
        if players == 6:  # three players per side: the places add up
            assert abs(a["mean"] + b["mean"] - (players + 1)) < 0.01
        assert report["illegal_actions"] == 0
        assert sum(report["sides"][s]["first_out"] for s in ("A", "B")) == 8
        assert "place" in format_report(report) and "lower is better" in format_report(report)


def test_command_line_with_a_ruleset_option():
    out = subprocess.run(
        [sys.executable, "-m", "app.bots", "arena", "--ruleset", "grandseigneur", "--option", "players=12",
         "--a", "easy", "--b", "greedy", "--deals", "1", "--workers", "1", "--json", "-", "--quiet"],
        capture_output=True, text=True, timeout=120, check=True)
    report = json.loads(out.stdout)
    assert report["config"]["options"] == {"players": 12} and report["illegal_actions"] == 0
    assert report["sides"]["A"]["place_per_round"]["n"] == 1


def test_a_run_in_parts_combines_to_the_whole_run(tmp_path):
    whole = run_arena(ArenaConfig(a="normal", b="easy", deals=4, workers=1, seed="parts"), progress=False)
    paths = []
    for first in (0, 2):
        path = tmp_path / f"part{first}.json"
        subprocess.run(
            [sys.executable, "-m", "app.bots", "arena", "--a", "normal", "--b", "easy", "--deals", "2",
             "--first", str(first), "--seed", "parts", "--workers", "1", "--quiet", "--json", str(path)],
            capture_output=True, text=True, timeout=120, check=True)
        paths.append(str(path))
    out = subprocess.run([sys.executable, "-m", "app.bots", "combine", *paths, "--json", "-"],
                         capture_output=True, text=True, timeout=60, check=True)
    combined = json.loads(out.stdout)
    assert combined["per_deal"] == whole["per_deal"] and [r[0] for r in whole["per_deal"]] == [0, 1, 2, 3]
    for side in ("A", "B"):
        assert combined["sides"][side]["points_per_round"] == whole["sides"][side]["points_per_round"]
        assert combined["sides"][side]["tichu"] == whole["sides"][side]["tichu"]
    assert combined["rounds"] == whole["rounds"] and combined["config"]["parts"] == [[0, 2], [2, 2]]
    text = subprocess.run([sys.executable, "-m", "app.bots", "combine", *paths],
                          capture_output=True, text=True, timeout=60, check=True).stdout
    assert "part 2, from deal 2: decision time (ms)" in text
    # The same deal twice, or parts of different runs, are refused with a reason.
    twice = subprocess.run([sys.executable, "-m", "app.bots", "combine", paths[0], paths[0]],
                           capture_output=True, text=True, timeout=60)
    assert twice.returncode == 2 and "a deal is in two parts" in twice.stderr
    other = json.loads(open(paths[1]).read())
    other["config"]["seed"] = "another"
    stranger = tmp_path / "other.json"
    stranger.write_text(json.dumps(other))
    mixed = subprocess.run([sys.executable, "-m", "app.bots", "combine", paths[0], str(stranger)],
                           capture_output=True, text=True, timeout=60)
    assert mixed.returncode == 2 and "differ in seed" in mixed.stderr and "Traceback" not in mixed.stderr


def test_games_from_a_score_near_the_target_end_in_a_round_or_two():
    out = subprocess.run(
        [sys.executable, "-m", "app.bots", "arena", "--a", "normal", "--b", "easy", "--games", "3",
         "--from-score", "950,990", "--workers", "1", "--json", "-", "--quiet"],
        capture_output=True, text=True, timeout=120, check=True)
    report = json.loads(out.stdout)
    assert report["config"]["from_score"] == [950, 990]
    assert report["games"]["played"] == 6 and report["rounds"] < 6 * 4
    # Each deal's share of A's wins over its two plays, and the paired interval over them.
    games = report["games"]
    shares = [w for _, w in games["per_deal_wins"]]
    assert [i for i, _ in games["per_deal_wins"]] == [0, 1, 2]
    assert all(w in (0, 0.25, 0.5, 0.75, 1) for w in shares)
    assert sum(shares) * 2 == games["a_wins"] + games["draws"] / 2
    rate = games["a_score_rate"]
    assert rate["n"] == 3 and rate["mean"] == round(sum(shares) / 3, 4)
    assert rate["ci95"][0] <= rate["mean"] <= rate["ci95"][1]


def test_games_in_parts_combine_to_the_whole_run(tmp_path):
    whole = run_arena(ArenaConfig(a="normal", b="easy", games=4, from_score=(900, 950), workers=1,
                                  seed="parts"), progress=False)
    parts = [run_arena(ArenaConfig(a="normal", b="easy", games=2, first=first, from_score=(900, 950),
                                   workers=1, seed="parts"), progress=False) for first in (0, 2)]
    combined = combine_reports(parts)
    assert combined["games"] == whole["games"]
    assert "A's share of the games per deal (a draw half)" in format_report(combined)
    # Reports kept from before the per-deal shares: the tally alone.
    for part in parts:
        del part["games"]["per_deal_wins"], part["games"]["a_score_rate"]
    tally = combine_reports(parts)["games"]
    assert tally == {k: whole["games"][k] for k in ("played", "a_wins", "b_wins", "draws", "a_win_rate")}
    refused = subprocess.run(
        [sys.executable, "-m", "app.bots", "arena", "--games", "1", "--from-score", "900"],
        capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "needs 2 numbers" in refused.stderr
    no_games = subprocess.run([sys.executable, "-m", "app.bots", "arena", "--from-score", "900,900"],
                              capture_output=True, text=True, timeout=60)
    assert no_games.returncode == 2 and "needs --games" in no_games.stderr
