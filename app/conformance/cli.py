"""The conformance vectors' command line (docs/conformance.md):

    python -m app.conformance write [DIR]      # regenerate conformance/ from the engine
    python -m app.conformance check [DIR]      # replay every vector against this engine
    python -m app.conformance check [DIR] --command "python -m app.engine"
                                               # ... or against any program with our CLI

`python -m app.engine.conformance` is the same command under its older name.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from .check import check_command, check_in_process
from .vectors import DEFAULT_DIR, load, write


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.conformance", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="action", required=True, prog="python -m app.conformance")
    wp = sub.add_parser("write", help="regenerate the vectors from this engine")
    wp.add_argument("dir", nargs="?", type=Path, default=DEFAULT_DIR)
    cp = sub.add_parser("check", help="replay the vectors against this engine or a command")
    cp.add_argument("dir", nargs="?", type=Path, default=DEFAULT_DIR)
    cp.add_argument("--command", help="a program with our command line, e.g. 'python -m app.engine'")
    args = parser.parse_args(argv)
    if args.action == "write":
        for path in write(args.dir):
            print(f"{path}: {sum(1 for _ in path.open(encoding='utf-8'))} vectors")
        return 0
    positions, records = load(args.dir)
    if args.command:
        failures = check_command(shlex.split(args.command), positions, records)
    else:
        failures = check_in_process(positions, records)
    for vector_id, why in failures:
        print(f"FAIL {vector_id}: {why}")
    print(f"{len(positions)} positions, {len(records)} records: {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
