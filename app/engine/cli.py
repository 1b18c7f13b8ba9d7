"""The engine's command line (RECORD_FORMAT.md): `replay RECORD.json` and `plays [--count]`."""

from __future__ import annotations

import argparse
import json
import sys

from .errors import EngineError, MalformedRecord
from .query import list_plays
from .record import replay


def _dump(obj) -> str:
    return json.dumps(obj, separators=(", ", ": "), ensure_ascii=False)


def _malformed(message: str, out) -> int:
    print(_dump({"ok": False, "error": {"code": "malformed", "message": message}}), file=out)
    return 2


def run_replay(path: str, out=None) -> int:
    out = out or sys.stdout
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        return _malformed(f"cannot read {path}: {exc}", out)
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as exc:
        return _malformed(f"not a JSON document: {exc}", out)
    try:
        result = replay(doc)
    except MalformedRecord as exc:
        return _malformed(exc.message, out)
    print(_dump(result), file=out)
    return 0 if result["ok"] else 1


def run_plays(count_only: bool, inp=None, out=None) -> int:
    inp, out = inp or sys.stdin, out or sys.stdout
    for line in inp:  # every line is answered, a blank one too, so answers stay in step
        try:
            answer = list_plays(json.loads(line), count_only)
        except EngineError as exc:
            answer = {"error": exc.message}
        except (ValueError, RecursionError) as exc:
            answer = {"error": f"not a JSON object: {exc}"}
        out.write(_dump(answer) + "\n")
        out.flush()
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game record with full rule checks")
    rp.add_argument("record", help="the record's path, or - for standard input")
    pp = sub.add_parser("plays", help="list the legal plays of positions read as JSON lines")
    pp.add_argument("--count", action="store_true", help="print only how many plays there are")
    args = parser.parse_args(argv)
    if args.command == "replay":
        return run_replay(args.record)
    return run_plays(args.count)
