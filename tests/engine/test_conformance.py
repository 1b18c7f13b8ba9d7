"""The conformance vectors in conformance/ (docs/conformance.md): present for every ruleset
and option value, and every one of them reproduced by this engine."""

import copy
import json
import shlex
import subprocess
import sys

import pytest

from app.conformance.check import check_command, check_in_process, compare_plays, compare_replay
from app.conformance.options import option_sets
from app.conformance.positions import make_positions
from app.conformance.vectors import DEFAULT_DIR, files_of
from app.engine.rulesets import RULESETS

REGENERATE = "regenerate them: python -m app.conformance write"


def vectors(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module", params=sorted(RULESETS))
def ruleset_vectors(request):
    plays_file, records_file = (DEFAULT_DIR / f for f in files_of(request.param))
    for path in (plays_file, records_file):
        assert path.exists(), f"no conformance vectors for ruleset {request.param}: {REGENERATE}"
    return request.param, vectors(plays_file), vectors(records_file)


def test_every_vector_file_belongs_to_a_ruleset_of_the_engine():
    names = {p.name for p in DEFAULT_DIR.glob("*.jsonl")}
    expected = {f for name in RULESETS for f in files_of(name)}
    assert names == expected, REGENERATE


def test_every_vector_is_reproduced_by_the_engine(ruleset_vectors):
    name, positions, records = ruleset_vectors
    assert len(positions) >= 40 and len(records) >= 30
    failures = check_in_process(positions, records)
    assert not failures, f"{len(failures)} vectors of {name} disagree with the engine " \
                         f"(a rule changed? then {REGENERATE}): {failures[:5]}"


def test_the_vectors_cover_what_they_promise(ruleset_vectors):
    name, positions, records = ruleset_vectors
    assert {v["position"]["ruleset"] for v in positions} == {name}
    assert {v["record"].get("ruleset") for v in records} >= {name}
    # Every option value has vectors of its own (positions and a scored record).
    for options in option_sets(RULESETS[name]):
        assert any(v["position"]["options"] == options for v in positions), (options, REGENERATE)
        assert any(v["record"].get("options") == options and v["expect"]["exit"] == 0
                   for v in records), (options, REGENERATE)
    exits = {v["expect"]["exit"] for v in records}
    assert exits == {0, 1, 2}
    codes = {v["expect"]["error"]["code"] for v in records if v["expect"]["exit"] == 1}
    assert {"card_not_in_hand", "does_not_beat", "not_your_turn", "round_over"} <= codes
    assert any(v["position"]["wish"] for v in positions)
    assert any(p["phoenix"] for v in positions for p in v["expect"]["plays"])
    assert any(p["kind"] == "bomb" for v in positions for p in v["expect"]["plays"])
    ids = [v["id"] for v in positions + records]
    assert len(ids) == len(set(ids))


def test_the_files_stay_small_enough_to_read():
    for path in DEFAULT_DIR.glob("*.jsonl"):
        assert path.stat().st_size < 400_000, path


def test_a_position_that_disagrees_is_reported():
    name = sorted(RULESETS)[0]
    vector = next(v for v in vectors(DEFAULT_DIR / files_of(name)[0]) if len(v["expect"]["plays"]) >= 2)
    answer = {"plays": copy.deepcopy(vector["expect"]["plays"]), "can_pass": vector["expect"]["can_pass"]}
    assert compare_plays(vector, answer) is None
    missing = dict(answer, plays=answer["plays"][1:])
    assert "missing" in compare_plays(vector, missing)
    extra = dict(answer, plays=answer["plays"] + [{"cards": "S2", "kind": "single", "rank": "2",
                                                   "phoenix": None}])
    assert compare_plays(vector, extra)
    assert "can_pass" in compare_plays(vector, dict(answer, can_pass=not answer["can_pass"]))
    assert compare_plays(vector, {"error": "no"})


def test_a_record_that_disagrees_is_reported():
    name = sorted(RULESETS)[0]
    records = vectors(DEFAULT_DIR / files_of(name)[1])
    refused = next(v for v in records if v["expect"]["exit"] == 1)
    result = {k: copy.deepcopy(v) for k, v in refused["expect"].items() if k != "exit"}
    result["error"]["message"] = "any words"
    assert compare_replay(refused, 1, result) is None
    other = copy.deepcopy(result)
    other["error"]["code"] = "something_else"
    assert "code" in compare_replay(refused, 1, other)
    assert compare_replay(refused, 0, result)
    scored = next(v for v in records if v["expect"]["exit"] == 0)
    result = {k: copy.deepcopy(v) for k, v in scored["expect"].items() if k != "exit"}
    result["rounds"][0]["scores"][0] += 5
    assert "rounds" in compare_replay(scored, 0, result)


def test_the_vectors_run_against_the_command_line_too():
    """A few through `python -m app.engine` as another implementation would run them."""
    name = sorted(RULESETS)[0]
    positions = vectors(DEFAULT_DIR / files_of(name)[0])[:25]
    records = [v for v in vectors(DEFAULT_DIR / files_of(name)[1])]
    sample = [next(v for v in records if v["expect"]["exit"] == e) for e in (0, 1, 2)]
    command = shlex.split(f"{shlex.quote(sys.executable)} -m app.engine")
    assert check_command(command, positions, sample, timeout=120) == []


def test_generation_is_reproducible():
    name = sorted(RULESETS)[0]
    first = make_positions(name, {}, 6, seed=3, games=1)
    assert first == make_positions(name, {}, 6, seed=3, games=1)
    assert len(first) == 6


@pytest.mark.parametrize("module", ["app.conformance", "app.engine.conformance"])
def test_the_command_checks_a_folder_of_vectors_under_either_name(tmp_path, module):
    """`python -m app.conformance check DIR`, and the older name the docs once gave it."""
    name = sorted(RULESETS)[0]
    plays_file, records_file = files_of(name)
    for filename, keep in ((plays_file, 3), (records_file, 2)):
        lines = (DEFAULT_DIR / filename).read_text(encoding="utf-8").splitlines()[:keep]
        (tmp_path / filename).write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", module, "check", str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().endswith("3 positions, 2 records: 0 failed")
