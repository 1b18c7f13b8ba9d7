"""`python -m app.coach`: the coach's command line.

    python -m app.coach review RECORD.json --seat 1 [--round 0] [--json]
    python -m app.coach review GAME.tch --seat 2 [--game 0] [--round 3]

`review` prints a seat's clearly worse decisions in the finished rounds of a game record or a
Brettspielwelt log (docs/review.md): the review itself is `app.coach.review`; this module only
reads the file and prints what it answers.
"""

from __future__ import annotations

import argparse
import json
import sys

from app.engine.bsw import decode_bsw

from .review import DEALS, GAIN, SHARE, ReviewRefused, record_from_text, review_report, text_report


def _review_arguments(review: argparse.ArgumentParser) -> None:
    review.add_argument("file", metavar="RECORD", help="a game record (.json) or a Brettspielwelt log "
                        "(.tch); '-' reads standard input")
    review.add_argument("--seat", type=int, required=True, help="the seat whose decisions are reviewed")
    review.add_argument("--round", type=int, help="the round (from 0); default: every complete round")
    review.add_argument("--game", type=int, default=0, help="which game of a BSW log holding several")
    review.add_argument("--deals", type=int, default=DEALS,
                        help=f"deals sampled per decision first, and per step where in doubt ({DEALS})")
    review.add_argument("--share", type=float, default=SHARE,
                        help=f"a share of the deals an alternative must also win ({SHARE:g}: not asked)")
    review.add_argument("--gain", type=float, default=GAIN,
                        help=f"points per round it must gain on average ({GAIN:g})")
    review.add_argument("--seed", type=int, default=0, help="seed of the sampled deals (0)")
    review.add_argument("--json", action="store_true", help="print the review as one JSON object")


def _review(args) -> int:
    """Exit 0 with the review printed, or 2 with one line on standard error saying why not."""
    try:
        if args.file == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(args.file, "rb") as f:
                data = f.read()
    except OSError as exc:
        print(f"review refused: cannot read {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    try:
        record, notes = record_from_text(decode_bsw(data), args.game)
        report = review_report(record, args.seat, args.round, args.deals, args.share, args.gain, args.seed)
    except ReviewRefused as exc:
        print(f"review refused: {exc}", file=sys.stderr)
        return 2
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    print(json.dumps(report) if args.json else text_report(report))
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.coach", description="The Tichu coach.")
    sub = parser.add_subparsers(dest="command", required=True)
    review = sub.add_parser("review", help="a seat's clearly worse decisions in a finished round",
                            description="Review a seat's decisions in a game record or a Brettspielwelt "
                            "log: each against its alternatives on sampled deals (docs/review.md).")
    _review_arguments(review)
    args = parser.parse_args(argv)
    return _review(args)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # the reader went away (| head): nothing more to say
        sys.stderr.close()
        sys.exit(1)
