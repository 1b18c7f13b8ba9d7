"""All vectors of a ruleset, and their files: made for every ruleset of the engine and, besides
the defaults, for each option value (rulesets that land later get vectors on the next run);
written to and read from conformance/, one JSON line per vector."""

from __future__ import annotations

import json
from pathlib import Path

from app.engine.rulesets import RULESETS

from .options import option_sets
from .positions import make_positions, positions_with_a_bomb
from .records import after_the_end, make_records, make_refusals, malformed, option_decides

DEFAULT_DIR = Path(__file__).resolve().parents[2] / "conformance"


def make_vectors(name: str, seed: int = 1) -> tuple[list[dict], list[dict]]:
    """(positions, records) of ruleset `name`: many with the defaults, a few per option value."""
    ruleset = RULESETS[name]
    positions, records = [], []
    codes: dict = {}  # refusal code -> vectors with the defaults
    for options in option_sets(ruleset):
        if not options:
            positions += positions_with_a_bomb(name, options, seed)
            records += make_records(name, options, [1, 1, 1, 2, 3], seed)
            refused = make_refusals(name, options, per_code=2, limit=60, seed=seed)
            for v in refused:
                codes[v["expect"]["error"]["code"]] = codes.get(v["expect"]["error"]["code"], 0) + 1
            records += refused
            continue
        positions += make_positions(name, options, 3, seed, games=1)
        # An option with an open range (a target, a number of rounds) is probed with small
        # values: play on until the game ends (at most three rounds).
        (option, value), = options.items()
        records += make_records(name, options, [1 if ruleset.options[option].choices else 3], seed)
        # One refusal: where possible one that only this option makes (the defaults accept
        # the action, or refuse it otherwise), else of the code seen least so far.
        decided = make_refusals(name, options, per_code=1, limit=1, seed=seed, keep=option_decides)
        refused = decided or make_refusals(name, options, per_code=3, limit=40, seed=seed)
        if not refused:
            continue
        pick = min(refused, key=lambda v: codes.get(v["expect"]["error"]["code"], 0))
        if decided:
            pick["about"] += " (not with the defaults)"
        code = pick["expect"]["error"]["code"]
        codes[code] = codes.get(code, 0) + 1
        records.append(pick)
    records += after_the_end(records)
    default = next(v["record"] for v in records if not v["record"]["options"])
    records += malformed(default)
    for kind, vectors in (("p", positions), ("r", records)):
        for i, v in enumerate(vectors, 1):
            v["id"] = f"{name}/{kind}{i:03d}"
    return positions, records


def files_of(name: str) -> tuple[str, str]:
    return f"{name}.plays.jsonl", f"{name}.records.jsonl"


def _line(vector: dict) -> str:
    ordered = {"id": vector["id"], **{k: v for k, v in vector.items() if k != "id"}}
    return json.dumps(ordered, ensure_ascii=False, separators=(",", ":"))


def write(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name in RULESETS:
        positions, records = make_vectors(name)
        for filename, vectors in zip(files_of(name), (positions, records), strict=True):
            path = directory / filename
            path.write_text("".join(_line(v) + "\n" for v in vectors), encoding="utf-8")
            written.append(path)
    return written


def load(directory: Path) -> tuple[list[dict], list[dict]]:
    """Every position and record vector in `directory`."""
    positions, records = [], []
    for path in sorted(directory.glob("*.plays.jsonl")):
        positions += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for path in sorted(directory.glob("*.records.jsonl")):
        records += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return positions, records
