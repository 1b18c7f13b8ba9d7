"""Partner play as people expect, measured on positions from many deals: Hard against Normal.

    python bench/partner_bench.py                  # 60 deals, standard
    python bench/partner_bench.py --deals 300 --opt partner_margin=30
    python bench/partner_bench.py --hard git:8cd839b:hard      # the Hard of another revision

Positions are the turns of rounds Normal plays at every seat (seeded deals). Two questions,
each asked of Normal and of Hard on the same positions (Hard with a fixed seed):

- overtake: the partner's play holds the trick and the seat may play over it: how often does it
  play (rather than pass)? And of those positions where the seat has not called, how often it
  overtakes without going out by it.
- return: the seat leads and its partner has called Tichu (and still plays): how often does it
  lead the Dog (handing the partner the lead) or its lowest single?

For each: the rate per bot and the difference with a 95% interval (paired on the positions).

`--effect K` also asks what the choices are worth: where Hard and Normal choose differently,
both moves are made on K deals of the hidden cards sampled consistent with the seat's view
(the sampler the bots use), and the rest of the round is played by Normal bots at every seat
in the engine (bots that see only their own views, unlike the search's play-outs, where every
seat plays knowing the deal). The effect is Hard's move's score minus Normal's, the round's
points for the seat's team minus the other team's, averaged over the deals and then over the
positions, with a 95% interval over the positions.
"""

from __future__ import annotations

import argparse
import ast
import copy
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app import gc_tune  # noqa: E402
from app.bots import load_bot  # noqa: E402
from app.bots.hard import HardBot  # noqa: E402
from app.bots.knowledge import Knowledge  # noqa: E402
from app.bots.normal import NormalBot  # noqa: E402
from app.bots.sampling import Sampler  # noqa: E402
from app.bots.table import TableLog, _apply, play_round  # noqa: E402
from app.engine import Game, Rules, seeded_deal  # noqa: E402


class Recorder(NormalBot):
    """Normal, noting the positions asked about (the view and a copy of the game there)."""

    def __init__(self, seat, rng, found, game):
        super().__init__(seat, rng)
        self.found = found
        self.game = game

    def decide(self, view):
        legal = view["legal"]
        if legal and legal["plays"] and not view.get("game_over") and not view.get("table"):
            seat = view["viewer"]
            partners = view["geometry"]["partners"][seat]
            trick = view["trick"]
            if not legal["lead"] and trick["plays"] and trick["plays"][-1]["seat"] in partners \
                    and any(p["kind"] != "bomb" for p in legal["plays"]):
                self.found["overtake"].append(view)
                self.found["games"][id(view)] = copy.deepcopy(self.game)
            elif legal["lead"] and any(view["players"][p]["tichu"] or view["players"][p]["grand"]
                                       for p in partners if view["players"][p]["cards"]):
                self.found["return"].append(view)
                self.found["games"][id(view)] = copy.deepcopy(self.game)
        return super().decide(view)


def _overtakes(action) -> bool:
    return bool(action) and action.get("act") == "play"


def _returns(view, action) -> bool:
    if not action or action.get("act") != "play":
        return False
    cards = action["cards"].split()
    if cards == ["Dg"]:
        return True
    singles = [p for p in view["legal"]["plays"] if p["kind"] == "single"]
    return len(cards) == 1 and bool(singles) and cards[0] == singles[0]["cards"]


def bot_options(items: list[str]) -> dict:
    """`--opt name=value` items as a bot's options (values read as Python literals)."""
    options = {}
    for item in items:
        name, _, value = item.partition("=")
        options[name] = ast.literal_eval(value)
    return options


def with_hands(game: Game, seat: int, hands: list[int]) -> Game:
    """A copy of `game` whose other seats hold `hands` (sampled for `seat`'s view)."""
    game = copy.deepcopy(game)
    for s, mask in enumerate(hands):
        if s != seat:
            game.round.hands[s] = mask
    return game


def _score_after(game: Game, seat: int, action: dict | None, rng: random.Random,
                 hands: list[int]) -> float | None:
    """The round's points for `seat`'s team minus the others' (their mean), when `seat` makes
    `action` (None: passes) with the hidden hands `hands`, the rest played by Normal bots."""
    game = with_hands(game, seat, hands)
    before = list(game.totals)
    move = action if action is not None else {"act": "pass"}
    log = TableLog()
    if not _apply(game, seat, move, log):
        return None
    play_round(game, [NormalBot(s, random.Random(rng.random())) for s in range(len(hands))], log)
    delta = [a - b for a, b in zip(game.totals, before)]
    mine = game.rules.seating.team_of[seat]
    others = [d for t, d in enumerate(delta) if t != mine]
    return delta[mine] - sum(others) / len(others)


def _effect(views: list, moves: list[tuple], games: dict, deals: int, seed: str) -> dict:
    """Hard's move against Normal's where they differ: mean score difference per position."""
    per_position = []
    for view, (h, n) in zip(views, moves):
        if (h or {"act": "pass"}) == (n or {"act": "pass"}):
            continue
        rng = random.Random(f"{seed}:{view['viewer']}:{len(view['history'])}")
        sampler = Sampler(Knowledge(view))
        diffs = []
        for _ in range(deals):
            hands = sampler.sample(rng)
            a = _score_after(games[id(view)], view["viewer"], h, rng, hands)
            b = _score_after(games[id(view)], view["viewer"], n, rng, hands)
            if a is not None and b is not None:
                diffs.append(a - b)
        if diffs:
            per_position.append(sum(diffs) / len(diffs))
    if not per_position:
        return {"positions": 0}
    mean, low, high = _interval(per_position)
    return {"positions": len(per_position), "deals_each": deals, "hard_minus_normal": round(mean, 1),
            "ci95": [round(low, 1), round(high, 1)]}


def _interval(values: list[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval."""
    n = len(values)
    mean = sum(values) / n
    var = sum((x - mean) ** 2 for x in values) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(var / n)
    return mean, mean - 1.96 * se, mean + 1.96 * se


def _rate_diff(a: list[bool], b: list[bool]) -> dict:
    n = len(a)
    if not n:
        return {"n": 0}
    mean, low, high = _interval([int(x) - int(y) for x, y in zip(a, b)])
    return {"n": n, "normal": round(sum(b) / n, 3), "hard": round(sum(a) / n, 3),
            "diff": round(mean, 3), "ci95": [round(low, 3), round(high, 3)]}


def main(argv=None) -> int:
    gc_tune.tune()  # decisions timed as a table's server makes them (app/gc_tune.py)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--ruleset", default="standard")
    parser.add_argument("--seed", default="partner")
    parser.add_argument("--opt", action="append", default=[], help="a Hard option, name=value")
    parser.add_argument("--hard", default="hard", help="the Hard bot to ask (a level or git:REV:hard)")
    parser.add_argument("--effect", type=int, default=0, metavar="K",
                        help="also play both choices out on K sampled deals where they differ")
    args = parser.parse_args(argv)
    hard_class = HardBot if args.hard == "hard" else load_bot(args.hard)

    config = {"seed": 0, **bot_options(args.opt)}
    rules = Rules.of(args.ruleset, {})
    found = {"overtake": [], "return": [], "games": {}}
    for index in range(args.deals):
        deal = seeded_deal(rules, f"{args.seed}:{index}")
        game = Game(args.ruleset, {}, deal=lambda i, deal=deal: deal(i) if i == 0 else None)
        play_round(game, [Recorder(s, random.Random(s), found, game) for s in range(rules.seats)],
                   TableLog())
    games = found.pop("games")
    # The overtakes that need a reason most: the seat has not called and does not go out with it.
    found["overtake, no call, not going out"] = [
        v for v in found["overtake"] if not (v["players"][v["viewer"]]["tichu"] or
                                             v["players"][v["viewer"]]["grand"])]
    for question, views in found.items():
        hard, normal, moves = [], [], []
        for view in views:
            seat = view["viewer"]
            options = dict(config) if args.hard != "hard" else {"search_calls": 0, **config}
            h = hard_class(seat, **options).decide(view)
            n = NormalBot(seat).decide(view)
            moves.append((h, n))
            if question == "overtake":
                hard.append(_overtakes(h))
                normal.append(_overtakes(n))
            elif question.startswith("overtake"):
                hard.append(_overtakes(h) and len(h["cards"].split()) < len(view["hand"]))
                normal.append(_overtakes(n) and len(n["cards"].split()) < len(view["hand"]))
            else:
                hard.append(_returns(view, h))
                normal.append(_returns(view, n))
        print(question, _rate_diff(hard, normal))
        if args.effect:
            print(f"  {question}, effect in points per round:",
                  _effect(views, moves, games, args.effect, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
