"""The gap a bot closes between a base bot and a ceiling, from two arena reports (app/bots/gap.py)."""

import json

import pytest

from app.bots.__main__ import main
from app.bots.arena import ArenaConfig, run_arena
from app.bots.gap import gap_closed


def _report(a: str, per_deal: list, b: str = "normal", seed: str = "arena") -> dict:
    return {"config": {"a": a, "b": b, "seed": seed, "ruleset": "standard", "options": {},
                       "b_options": {}, "games": 0, "from_score": []},
            "measure": "points", "per_deal": [[i, v] for i, v in per_deal]}


def test_the_share_is_the_ratio_of_the_paired_means():
    bot = _report("hard", [(0, 10.0), (1, 20.0), (2, 30.0), (3, 40.0)])
    ceiling = _report("seeing", [(0, 20.0), (1, 40.0), (2, 60.0), (3, 80.0)])
    gap = gap_closed(bot, ceiling)
    assert gap["deals"] == 4
    assert gap["closed"]["share"] == 0.5
    # Every deal's pair is in the same proportion: no spread in the ratio.
    assert gap["closed"]["ci95"] == [0.5, 0.5]
    assert gap["ceiling_lead"]["mean"] == 25.0


def test_pairs_that_disagree_widen_the_interval_around_the_share():
    bot = _report("hard", [(0, 30.0), (1, 10.0), (2, 40.0), (3, 20.0)])
    ceiling = _report("seeing", [(0, 20.0), (1, 60.0), (2, 40.0), (3, 80.0)])
    closed = gap_closed(bot, ceiling)["closed"]
    assert closed["share"] == 0.5
    assert closed["ci95"][0] < 0.5 < closed["ci95"][1]


def test_only_deals_in_both_reports_pair():
    bot = _report("hard", [(0, 10.0), (1, 20.0), (5, 1000.0)])
    ceiling = _report("seeing", [(0, 20.0), (1, 40.0), (7, -1000.0)])
    gap = gap_closed(bot, ceiling)
    assert gap["deals"] == 2
    assert gap["closed"]["share"] == 0.5


def test_a_ceiling_that_does_not_beat_the_base_leaves_no_share():
    gap = gap_closed(_report("hard", [(0, 5.0), (1, 7.0)]), _report("seeing", [(0, -5.0), (1, 3.0)]))
    assert gap["closed"] is None
    assert gap["ceiling_lead"]["mean"] == -7.0


@pytest.mark.parametrize("change", [{"b": "easy"}, {"seed": "other"}, {"ruleset": "trichu"}])
def test_reports_on_other_deals_or_another_base_do_not_pair(change):
    ceiling = _report("seeing", [(0, 20.0), (1, 40.0)])
    ceiling["config"].update(change)
    with pytest.raises(ValueError):
        gap_closed(_report("hard", [(0, 10.0), (1, 20.0)]), ceiling)


def test_places_are_refused():
    places = _report("seeing", [(0, 2.0), (1, 3.0)])
    places["measure"] = "place"
    with pytest.raises(ValueError):
        gap_closed(_report("hard", [(0, 1.0), (1, 2.0)]), places)


def test_the_command_line_compares_two_real_arena_reports(tmp_path, capsys):
    paths = []
    for a in ("easy", "normal"):
        report = run_arena(ArenaConfig(a=a, b="greedy", deals=3, workers=1, seed="gap"), progress=False)
        path = tmp_path / f"{a}.json"
        path.write_text(json.dumps(report))
        paths.append(str(path))
    assert main(["gap", *paths, "--json", "-"]) == 0
    gap = json.loads(capsys.readouterr().out)
    assert gap["deals"] == 3
    assert gap["bot"]["name"] == "easy" and gap["ceiling"]["name"] == "normal"
    assert gap["base"] == "greedy"


def test_the_command_line_refuses_a_file_that_is_not_a_report(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_report("hard", [(0, 1.0), (1, 2.0)])))
    with pytest.raises(SystemExit) as exc:
        main(["gap", str(good), str(bad)])
    assert exc.value.code == 2
    assert "bad.json" in capsys.readouterr().err
    other_base = tmp_path / "other.json"
    other_base.write_text(json.dumps(_report("seeing", [(0, 1.0), (1, 2.0)], b="easy")))
    with pytest.raises(SystemExit) as exc:
        main(["gap", str(good), str(other_base)])
    assert exc.value.code == 2
    assert "cannot compare: the reports differ in b" in capsys.readouterr().err
