"""The engine's command line (docs/record-format.md): `replay RECORD.json`, `plays [--count]`, and
`import-bsw LOG.tch` (docs/bsw-import.md)."""

from __future__ import annotations

import argparse
import json
import sys

from .combos import describe
from .errors import EngineError, MalformedRecord
from .query import query_plays


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
    from .record import replay  # here: `plays` starts without it

    try:
        result = replay(doc)
    except MalformedRecord as exc:
        return _malformed(exc.message, out)
    print(_dump(result), file=out)
    return 0 if result["ok"] else 1


def run_import_bsw(path: str, output: str | None = None, *, game: int = 0, round_index: int | None = None,
                   anonymous: bool = False, out=None, err=None) -> int:
    """Import a BSW log: the record on `out` (or into `output`), the summary as one JSON line on
    `err`. Exit 0: all imported; 1: the record stops before a round that could not be imported
    (or that round, asked for alone, is not written); 2: nothing written."""
    out, err = out or sys.stdout, err or sys.stderr
    from .bsw import ImportResult, decode_bsw, import_bsw  # here: `plays` starts without it
    from .bsw.diagnostics import error

    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)
            data = stream.read() if stream is not None else sys.stdin.read().encode("utf-8")
        else:
            with open(path, "rb") as fh:
                data = fh.read()
    except OSError as exc:
        result = ImportResult(None, [error("unreadable_file", f"cannot read {path}: {exc}")], refused=True)
    else:
        result = import_bsw(decode_bsw(data), anonymous, game=game, round=round_index)
    code = result.exit_code
    if result.record is not None:
        text = _dump(result.record)
        if output is None:
            print(text, file=out)
        else:
            try:
                with open(output, "w", encoding="utf-8") as fh:
                    fh.write(text + "\n")
            except OSError as exc:
                result.diagnostics.append(error("unwritable_file", f"cannot write {output}: {exc}"))
                code = 2
    summary = result.summary()
    if code == 2:
        summary["ok"] = False
    print(_dump(summary), file=err)
    return code


def _line_batches(inp):
    """The input's lines, in batches of what has arrived so far.

    A file comes in large batches (one write and flush per batch, not per line);
    a program that writes one line and waits gets its answer at once, since a
    batch ends where the input that has arrived ends. Streams without a binary
    buffer (tests pass StringIO) are read line by line.
    """
    raw = getattr(inp, "buffer", None)
    if not hasattr(raw, "read1"):
        for line in inp:
            yield [line]
        return
    pending = b""
    while chunk := raw.read1(1 << 16):
        # Lines end as in text mode (universal newlines: \n, \r\n or \r), each read as
        # ending in \n; a last piece without its end (or a \r that a \n may follow) waits.
        lines = (pending + chunk).splitlines(keepends=True)
        pending = lines.pop() if not lines[-1].endswith(b"\n") else b""
        if lines:
            yield [line.rstrip(b"\r\n") + b"\n" for line in lines]
    if pending:
        yield [pending[:-1] + b"\n" if pending.endswith(b"\r") else pending]


def _answer(line, count_only: bool) -> str:
    if type(line) is bytes:
        try:  # json.loads decodes bytes after sniffing their encoding: UTF-8 text is quicker
            line = line.decode()
        except UnicodeDecodeError:
            pass  # json.loads sniffs (UTF-16 or -32) or says what is wrong
    try:
        rules, plays, can_pass = query_plays(json.loads(line))
    except EngineError as exc:
        return _dump({"error": exc.message})
    except (ValueError, RecursionError) as exc:  # json.loads reads bytes too: a bad encoding is one
        return _dump({"error": f"not a JSON object: {exc}"})
    if count_only:  # printed by hand: this line is the whole point of --count
        return f'{{"count": {len(plays)}, "can_pass": {"true" if can_pass else "false"}}}'
    return _dump({"plays": [describe(p, rules.deck) for p in plays], "can_pass": can_pass})


def run_plays(count_only: bool, inp=None, out=None) -> int:
    inp, out = inp or sys.stdin, out or sys.stdout
    for batch in _line_batches(inp):  # every line is answered, a blank one too, so answers stay in step
        out.write("".join([_answer(line, count_only) + "\n" for line in batch]))
        out.flush()
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.engine", description=__doc__)
    # An explicit prog spares argparse building a help formatter at every start.
    sub = parser.add_subparsers(dest="command", required=True, prog=parser.prog)
    rp = sub.add_parser("replay", help="replay a game record with full rule checks")
    rp.add_argument("record", help="the record's path, or - for standard input")
    pp = sub.add_parser("plays", help="list the legal plays of positions read as JSON lines")
    pp.add_argument("--count", action="store_true", help="print only how many plays there are")
    ip = sub.add_parser("import-bsw", help="import a Brettspielwelt Tichu log (.tch) as a game record")
    ip.add_argument("log", help="the log's path, or - for standard input")
    ip.add_argument("-o", "--output", metavar="FILE", help="write the record here, not to standard output")
    ip.add_argument("--round", type=int, metavar="R", dest="round_index",
                    help="only round R of the game (counted from 0), as a record of its own")
    ip.add_argument("--game", type=int, default=0, metavar="G",
                    help="the game to import where the file holds several (counted from 0; default 0)")
    ip.add_argument("--anonymous", action="store_true",
                    help="name the seats Seat 0 .. Seat 3 instead of by their BSW nicknames")
    args = parser.parse_args(argv)
    if args.command == "replay":
        return run_replay(args.record)
    if args.command == "import-bsw":
        return run_import_bsw(args.log, args.output, game=args.game, round_index=args.round_index,
                              anonymous=args.anonymous)
    return run_plays(args.count)
