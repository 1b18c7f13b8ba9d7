"""Playing for the game near the target, measured on positions: Hard with and without it.

    python bench/endgame_bench.py                          # 40 deals, 16 sampled deals per position
    python bench/endgame_bench.py --deals 120 --effect 24 --opt game_weight=1000 --opt game_calls=1

Positions are the play-phase turns of rounds Normal plays at every seat, each round started
from a score near the target (`SCORES`, team 0's column and team 1's, in turn), every
`--every`-th turn. Each is asked of Hard with the options (`--opt`, by default
`game_weight=1000` and `game_calls=1`) and of Hard with them at 0 (the same seed): where they
choose differently (a play, a pass or a Tichu call), both choices are made on `--effect`
deals of the hidden cards sampled consistent with the seat's view (the bots' sampler), and
the rest of the round, and of the game, is played by Normal bots at every seat (later rounds
dealt the same for both choices). The effect is the games the seat's team wins with the
options' choice minus without, averaged over the deals and then over the positions, with a
95% interval over the positions; and the round's points the same way (what playing for the
game costs in points, or gains).
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from partner_bench import _interval, bot_options, with_hands  # noqa: E402

from app import gc_tune  # noqa: E402
from app.bots.hard import HardBot  # noqa: E402
from app.bots.knowledge import Knowledge  # noqa: E402
from app.bots.normal import NormalBot  # noqa: E402
from app.bots.sampling import Sampler  # noqa: E402
from app.bots.table import TableLog, _apply, play_round  # noqa: E402
from app.engine import Game  # noqa: E402

#: Where the rounds start: (team 0's total, team 1's), the target 1000.
SCORES = [(900, 980), (980, 900), (850, 950), (950, 850), (800, 900), (900, 800), (880, 880),
          (950, 950), (700, 950), (950, 700)]
MAX_ROUNDS = 30  # a game played on from a position ends long before this


class Recorder(NormalBot):
    """Normal, noting every `every`-th play-phase turn (its view and a copy of the game)."""

    def __init__(self, seat, rng, found, game, every):
        super().__init__(seat, rng)
        self.found, self.game, self.every = found, game, every

    def decide(self, view):
        legal = view["legal"]
        if legal and legal["plays"] and not view.get("game_over") and not view.get("table"):
            self.found["turns"] += 1
            if self.found["turns"] % self.every == 0:
                self.found["views"].append((view, copy.deepcopy(self.game)))
        return super().decide(view)


def _after(game: Game, seat: int, actions: list, rng: random.Random, hands: list[int]):
    """(1 if `seat`'s team wins the game (a draw 0.5), the round's points for its team minus the
    other's) when `seat` makes `actions` with the hidden hands `hands`, the rest played by Normal."""
    game = with_hands(game, seat, hands)
    before = list(game.totals)
    log = TableLog()
    for action in actions:
        if not _apply(game, seat, action or {"act": "pass"}, log):
            return None
    bots = [NormalBot(s, random.Random(rng.random())) for s in range(len(hands))]
    play_round(game, bots, log)
    team = game.rules.seating.team_of[seat]
    points = [a - b for a, b in zip(game.totals, before)]
    for _ in range(MAX_ROUNDS):
        if game.over:
            break
        play_round(game, bots, log)
    won = 0.5 if game.winner == "draw" else float(game.winner == team)
    return won, points[team] - points[1 - team]


def _choices(with_opts: dict | None, plain: dict | None) -> tuple[list, list]:
    """What each side does: a Tichu call is followed by the other side's play, so that the
    call alone differs."""
    if with_opts and with_opts["act"] == "tichu":
        return [with_opts, plain], [plain]
    if plain and plain["act"] == "tichu":
        return [with_opts], [plain, with_opts]
    return [with_opts], [plain]


def main(argv=None) -> int:
    gc_tune.tune()  # decisions as a table's server makes them (app/gc_tune.py)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--every", type=int, default=3, help="ask every N-th turn")
    parser.add_argument("--effect", type=int, default=16, metavar="K", help="sampled deals per position")
    parser.add_argument("--seed", default="endgame")
    parser.add_argument("--opt", action="append", default=[], help="a Hard option, name=value")
    args = parser.parse_args(argv)
    options = bot_options(args.opt or ["game_weight=1000", "game_calls=1"])

    found = {"turns": 0, "views": []}
    for index in range(args.deals):
        game = Game("standard", {}, seed=f"{args.seed}:{index}")
        game.totals = list(SCORES[index % len(SCORES)])
        play_round(game, [Recorder(s, random.Random(s), found, game, args.every) for s in range(4)],
                   TableLog())
    asked = {"call": 0, "play": 0}
    differ = {"call": 0, "play": 0}
    won, points = {"call": [], "play": []}, {"call": [], "play": []}
    for view, game in found["views"]:
        seat = view["viewer"]
        with_opts = HardBot(seat, seed=0, **options).decide(view)
        plain = HardBot(seat, seed=0, **{name: 0 for name in options}).decide(view)
        kind = "call" if view["legal"]["tichu"] else "play"
        asked[kind] += 1
        if (with_opts or {"act": "pass"}) == (plain or {"act": "pass"}):
            continue
        differ[kind] += 1
        rng = random.Random(f"{args.seed}:{seat}:{len(view['history'])}:{view['scores']['totals']}")
        sampler = Sampler(Knowledge(view))
        ours, theirs = _choices(with_opts, plain)
        wins, diffs = [], []
        for _ in range(args.effect):
            hands = sampler.sample(rng)
            state = rng.random()
            a = _after(game, seat, ours, random.Random(state), hands)
            b = _after(game, seat, theirs, random.Random(state), hands)
            if a is not None and b is not None:
                wins.append(a[0] - b[0])
                diffs.append(a[1] - b[1])
        if wins:
            won[kind].append(sum(wins) / len(wins))
            points[kind].append(sum(diffs) / len(diffs))
    print(f"options {options}; {args.deals} rounds from scores near 1000, every {args.every}-th turn, "
          f"{args.effect} sampled deals per position")
    for kind in ("call", "play"):
        asked["all"] = asked.get("all", 0) + asked[kind]
        differ["all"] = differ.get("all", 0) + differ[kind]
        won.setdefault("all", []).extend(won[kind])
        points.setdefault("all", []).extend(points[kind])
    what = {"call": " (may call Tichu)", "play": " (no call)", "all": ""}
    for kind in ("call", "play", "all"):
        line = f"{kind}: {asked[kind]} positions asked{what[kind]}, {differ[kind]} chosen differently"
        if len(won[kind]) > 1:
            mean, low, high = _interval(won[kind])
            pm, pl, ph = _interval(points[kind])
            line += (f"; games won with the options minus without, per position: {100 * mean:+.1f} "
                     f"points of percent ({100 * low:+.1f} to {100 * high:+.1f}); the round's points: "
                     f"{pm:+.1f} ({pl:+.1f} to {ph:+.1f})")
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
