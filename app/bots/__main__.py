"""`python -m app.bots`: the bots' command line.

    python -m app.bots arena --a normal --b greedy --deals 2000 [--json report.json]
    python -m app.bots arena --a hard --b normal --deals 500 --a-opt budget_ms=150
    python -m app.bots arena --a mypkg.mybot:MyBot --b normal --games 50
    python -m app.bots arena --a hard --b hard --b-opt game_weight=0 --b-opt game_calls=0
        --games 300 --from-score 850,850          (one command: whole games near the target)
    python -m app.bots arena --ruleset trichu --a normal --b easy --deals 200
    python -m app.bots arena --a hard --b git:7543d6f:hard --deals 200 --workers 1
    python -m app.bots arena --ruleset grandseigneur --option players=12 --a normal --b easy
    python -m app.bots arena --a hard --b normal --deals 1000 --first 1000 --json part2.json
    python -m app.bots combine part1.json part2.json
    python -m app.bots gap hard_normal.json seeing_normal.json
    python -m app.bots levels

See `app.bots.arena` for what the arena plays and reports. A bot named
`git:REVISION:LEVEL` plays LEVEL (or package.module:Class) as it was at that
git revision of this repository: the revision's `app` is extracted to a
temporary folder and played in a process of its own (`app.bots.remote`).
"""

from __future__ import annotations

import argparse
import ast
import json
import sys

from app.engine import Rules
from app.engine.scoring import columns

from .. import gc_tune
from . import LEVELS, load_bot
from .arena import ArenaConfig, combine_reports, format_report, run_arena
from .config import parse_options
from .gap import format_gap, gap_closed


def _pairs(items: list[str], what: str) -> tuple:
    out = []
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise SystemExit(f"{what} must look like name=value, not {item!r}")
        try:
            parsed = ast.literal_eval(value)
        except (ValueError, SyntaxError):
            parsed = {"true": True, "false": False}.get(value, value)
        out.append((name, parsed))
    return tuple(out)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.bots", description="Tichu bots.")
    sub = parser.add_subparsers(dest="command", required=True)
    arena = sub.add_parser(
        "arena", help="play two bots against each other on duplicate deals",
        description="Two bots on duplicate deals. A bot is a level (greedy, easy, normal, hard), "
                    "package.module:Class, or git:REVISION:LEVEL for that level as it was at a git "
                    "revision of this repository (e.g. git:7543d6f:hard, git:HEAD~2:normal): the "
                    "revision's code is extracted with git archive to a temporary folder and its bots "
                    "play in a process of their own, engine and all, so old and new code never mix.")
    bot_help = "a level, package.module:Class, or git:REVISION:LEVEL (that revision's code)"
    arena.add_argument("--a", default="normal", help=f"bot A: {bot_help}")
    arena.add_argument("--b", default="greedy", help=f"bot B: {bot_help}")
    arena.add_argument("--a-opt", action="append", metavar="NAME=VALUE", help="an option for bot A")
    arena.add_argument("--b-opt", action="append", metavar="NAME=VALUE", help="an option for bot B")
    arena.add_argument("--deals", type=int, default=200, help="duplicate deals (each played twice)")
    arena.add_argument("--games", type=int, default=0,
                       help="play this many duplicate games to the target instead; adds win rates")
    arena.add_argument("--seed", default="arena", help="seed of the deals")
    arena.add_argument("--ruleset", default="standard",
                       help="standard, fifty-two, trichu, tientsin or grandseigneur")
    arena.add_argument("--option", action="append", metavar="NAME=VALUE", help="a table option")
    arena.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    arena.add_argument("--chunk", type=int, default=4, help="deals per job")
    arena.add_argument("--json", metavar="PATH", help="also write the report as JSON here ('-': stdout)")
    arena.add_argument("--quiet", action="store_true", help="no progress bar")
    arena.add_argument("--from-score", metavar="A,B",
                       help="with --games: every game starts at this score, a column per team "
                       "(e.g. 850,900: near the target)")
    arena.add_argument("--first", type=int, default=0,
                       help="index of the first deal (a long run in parts: 0, then --deals, ...)")
    combine = sub.add_parser("combine", help="one report from the JSON reports of a run's parts",
                             description="One report from the parts of one arena run (--first): "
                             "the same bots and seed, no deal twice.")
    combine.add_argument("reports", nargs="+", metavar="REPORT.json")
    combine.add_argument("--json", metavar="PATH", help="also write the report as JSON here ('-': stdout)")
    gap = sub.add_parser("gap", help="how much of the gap from a base bot to a ceiling a bot closes",
                         description="Two arena reports against the same base bot on the same deals "
                         "(the bot's, then the ceiling's, e.g. --a seeing): the share of the ceiling's "
                         "margin the bot reaches, paired deal by deal (app/bots/gap.py).")
    gap.add_argument("bot", metavar="BOT.json")
    gap.add_argument("ceiling", metavar="CEILING.json")
    gap.add_argument("--json", metavar="PATH", help="also write the result as JSON here ('-': stdout)")
    sub.add_parser("levels", help="list the built-in levels")
    args = parser.parse_args(argv)

    if args.command == "combine":
        return _combine(args, parser)

    if args.command == "gap":
        return _gap(args, parser)

    if args.command == "levels":
        for name, cls in LEVELS.items():
            doc = (cls.__doc__ or "").strip().splitlines()
            print(f"{name:<8} {cls.__module__}:{cls.__name__}  {doc[0] if doc else ''}")
        return 0

    for spec, options, flag in ((args.a, args.a_opt, "--a-opt"), (args.b, args.b_opt, "--b-opt")):
        try:
            cls = load_bot(spec)
            if cls.Config is not None:  # a built-in level: its options checked before any game
                parse_options(cls.Config, dict(_pairs(options, flag)))
        except (ValueError, ImportError) as exc:
            parser.error(f"{spec}: {exc}")
    count = args.games or args.deals
    if count <= 0:
        parser.error("--deals (or --games) must be positive")
    from_score = ()
    if args.from_score:
        if not args.games:
            parser.error("--from-score needs --games")
        try:
            from_score = tuple(int(x) for x in args.from_score.split(","))
        except ValueError:
            parser.error("--from-score is whole numbers separated by commas, e.g. 850,900")
        wanted = columns(Rules.of(args.ruleset, dict(_pairs(args.option, "--option"))))
        if len(from_score) != wanted:
            parser.error(f"--from-score needs {wanted} numbers here (a column per team)")
    cfg = ArenaConfig(a=args.a, b=args.b, a_options=_pairs(args.a_opt, "--a-opt"),
                      b_options=_pairs(args.b_opt, "--b-opt"), deals=args.deals, games=args.games,
                      seed=args.seed, ruleset=args.ruleset, options=_pairs(args.option, "--option"),
                      workers=max(1, args.workers), chunk=max(1, args.chunk), first=max(0, args.first),
                      from_score=from_score)
    if cfg.workers <= 1:
        gc_tune.tune()  # the games play in this process: collect garbage as a table's server does
    report = run_arena(cfg, progress=not args.quiet)
    return _print_report(report, args.json)


def _read_reports(paths: list[str], parser) -> list[dict]:
    reports = []
    for path in paths:
        try:
            with open(path) as f:
                reports.append(json.load(f))
        except (OSError, ValueError) as exc:
            parser.error(f"{path}: {exc}")
    return reports


def _combine(args, parser) -> int:
    parts = _read_reports(args.reports, parser)
    try:
        report = combine_reports(parts)
    except (ValueError, KeyError) as exc:
        parser.error(f"cannot combine: {exc}")
    return _print_report(report, args.json)


def _gap(args, parser) -> int:
    reports = _read_reports([args.bot, args.ceiling], parser)
    try:
        gap = gap_closed(*reports)
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        parser.error(f"cannot compare: {exc}")
    return _print_report(gap, args.json, format_gap)


def _print_report(report: dict, json_path: str | None, text=format_report) -> int:
    """The report as text (or as JSON on stdout with '-'), and as JSON in `json_path` too."""
    if json_path == "-":
        json.dump(report, sys.stdout, indent=2)
        print()
    else:
        print(text(report))
        if json_path:
            with open(json_path, "w") as f:
                json.dump(report, f, indent=2)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # the reader went away (| head): nothing more to say
        sys.stderr.close()
        sys.exit(1)
