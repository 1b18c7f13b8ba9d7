"""Checking an engine against the vectors: this one in process, or any program with our
command line (`plays`, `replay -`) run once per record."""

from __future__ import annotations

import copy
import json
import subprocess

from app.engine.errors import EngineError
from app.engine.query import list_plays
from app.engine.record import replay

from .positions import play_key


def compare_plays(vector: dict, answer: dict) -> str | None:
    """None when `answer` (a `plays` answer line) is what the vector expects, else why not."""
    if "error" in answer:
        return f"refused the position: {answer['error']}"
    want = vector["expect"]
    got = {"can_pass": answer.get("can_pass"), "plays": sorted(answer.get("plays", []), key=play_key)}
    if got == want:
        return None
    wanted, have = {play_key(p) for p in want["plays"]}, {play_key(p) for p in got["plays"]}
    parts = []
    if got["can_pass"] != want["can_pass"]:
        parts.append(f"can_pass {got['can_pass']}, expected {want['can_pass']}")
    if wanted - have:
        parts.append(f"missing {sorted(wanted - have)}")
    if have - wanted:
        parts.append(f"not legal {sorted(have - wanted)}")
    if not parts:
        parts.append("a play is listed twice")
    return "; ".join(parts)


def compare_replay(vector: dict, exit_status: int, result: dict) -> str | None:
    """None when `replay`'s exit status and printed result are what the vector expects."""
    result = copy.deepcopy(result)
    if isinstance(result.get("error"), dict):
        result["error"].pop("message", None)
    got = {"exit": exit_status, **result}
    want = vector["expect"]
    if want["exit"] == 2:
        got = {"exit": exit_status, "ok": result.get("ok"),
               "error": {"code": (result.get("error") or {}).get("code")}}
    if got == want:
        return None
    diffs = [f"{k}: {json.dumps(got.get(k))} (expected {json.dumps(want.get(k))})"
             for k in sorted(set(got) | set(want)) if got.get(k) != want.get(k)]
    return "; ".join(diffs)


def check_in_process(positions: list[dict], records: list[dict]) -> list[tuple[str, str]]:
    """(id, what differs) for every vector this engine does not reproduce."""
    failures = []
    for v in positions:
        try:
            answer = list_plays(v["position"])
        except EngineError as exc:
            answer = {"error": exc.message}
        why = compare_plays(v, answer)
        if why:
            failures.append((v["id"], why))
    for v in records:
        try:
            result = replay(v["record"])
            status = 0 if result["ok"] else 1
        except EngineError as exc:
            result, status = {"ok": False, "error": {"code": exc.code}}, 2
        why = compare_replay(v, status, result)
        if why:
            failures.append((v["id"], why))
    return failures


def check_command(command: list[str], positions: list[dict], records: list[dict],
                  timeout: float = 60) -> list[tuple[str, str]]:
    """The same against a program offering our command line (`plays`, `replay -`)."""
    failures = []
    lines = "".join(json.dumps(v["position"]) + "\n" for v in positions)
    proc = subprocess.run(command + ["plays"], input=lines, capture_output=True, text=True,
                          timeout=timeout)
    answers = proc.stdout.splitlines()
    if len(answers) != len(positions):
        failures.append(("plays", f"{len(answers)} answer lines for {len(positions)} positions"))
    for v, line in zip(positions, answers, strict=False):
        try:
            why = compare_plays(v, json.loads(line))
        except ValueError:
            why = f"not a JSON line: {line[:80]}"
        if why:
            failures.append((v["id"], why))
    for v in records:
        proc = subprocess.run(command + ["replay", "-"], input=json.dumps(v["record"]),
                              capture_output=True, text=True, timeout=timeout)
        try:
            why = compare_replay(v, proc.returncode, json.loads(proc.stdout))
        except ValueError:
            why = f"not a JSON result: {proc.stdout[:80]!r}"
        if why:
            failures.append((v["id"], why))
    return failures
