"""Where the play-out's policy plays otherwise than the Hard bot's search at a large budget.

    python bench/policy_agreement.py                          # 6 rounds per ruleset, 400 deals
    python bench/policy_agreement.py --rounds 12 --per-round 8 --deals 400 --policy-deals 24
    python bench/policy_agreement.py --ruleset standard --workers 2 --json /tmp/agree.json

The Hard bot scores its candidate plays by playing the round out on sampled deals with a fast
fixed policy (`app/bots/playout.py`: `_lead`, the follow in `run`, `_break_single`, the wish,
bombs out of turn). A better play-out policy would play more as the search itself decides;
this measures where the two differ, on real positions, as a guide for tuning the policy.

Positions: turns of the play phase (a lead or a follow) from whole rounds the Normal bot plays
at every seat, in the rulesets with teams (standard, fifty-two, tientsin, trichu; seeded deals,
`--rounds` per ruleset), where the seat has more than one choice (plays that differ in more than
suits, or a play and a pass). `--per-round` keeps at most that many, evenly spread over the
round. The Trichu Table's turns are positions too (its dealer plays them).

For each position:

- the search's choice: Hard with counted deals (`--deals`, never the clock:
  `decision_digest.hard_options`) and a seed of its own, deciding the play alone (a Tichu call
  it might weigh at that turn is left out of the view); with its search's trace: the mean of
  each candidate and the best by mean (Hard takes Normal's choice unless another gains its
  margin and two standard errors: "best by mean" is the search's opinion without that prior);
- the policy's choice: on each of `--policy-deals` deals (Hard's own `Sampler`) the play-out is
  set up at the position as `rollout.PlayStart.score` sets it up, and runs one step with its
  trace on: what the policy plays for the seat there (a pass, or which cards; plays differing
  only in suits are one). The policy's choice is the most frequent one, with its share;
- where the two differ: both are made and played out on `--gain-deals` more deals (the
  evaluator the search uses, paired on the same deals): the search's gain over the policy's
  choice and its standard error. "By a margin": the gain is more than 2 standard errors.

The report: agreement rates per ruleset and in all, broken down by situation (lead or follow;
the partner's or an opponent's trick; the search plays or passes; by a margin; cards in hand;
an opponent on 1-2 cards; Tichu called), the commonest kinds of disagreement with their mean
gain, and a few example positions. `--json` writes every position's result.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from decision_digest import hard_options  # noqa: E402

from app.bots.base import hand_views  # noqa: E402
from app.bots.evaluation import Evaluator  # noqa: E402
from app.bots.hand import play_signature  # noqa: E402
from app.bots.hard import HardBot  # noqa: E402
from app.bots.knowledge import Knowledge  # noqa: E402
from app.bots.normal import NormalBot, legal_plays  # noqa: E402
from app.bots.play_search import Candidate, as_candidate, play_candidates, playout_moves  # noqa: E402
from app.bots.playout import BEAT  # noqa: E402
from app.bots.rollout import PlayStart  # noqa: E402
from app.bots.sampling import Sampler  # noqa: E402
from app.bots.table import TableLog, play_round  # noqa: E402
from app.engine import Game, Rules, seeded_deal  # noqa: E402
from app.engine.combos import BOMB, KIND, KIND_NAMES, LENGTH, MASK, SINGLE, VALUE  # noqa: E402

RULESETS = ("standard", "fifty-two", "tientsin", "trichu")
CARD_BUCKETS = ((1, 3), (4, 6), (7, 9), (10, 99))
SURE = 2.0  # standard errors a gain must clear to count as "by a margin"


# -- positions ----------------------------------------------------------------------------------


def play_key(kind: int, value: float, mask: int, deck) -> tuple:
    """Plays that differ only in suits are one choice (as the search's `_same_play_key`); the
    single Phoenix is one whatever it stands for."""
    if kind == BOMB:
        return ("bomb", mask)
    if kind == SINGLE and mask & deck.phoenix_mask:
        value = None
    else:
        value = float(value)
    return (kind, value, play_signature(mask, None, deck))


def choices(k: Knowledge) -> dict:
    """The seat's choices in its turn: {key: (play, entry)}, a pass under the key None."""
    out = {}
    for play, entry in legal_plays(k, k.view["legal"]["plays"]):
        out.setdefault(play_key(play[KIND], play[VALUE], play[MASK], k.deck), (play, entry))
    if k.view["legal"]["pass"]:
        out[None] = None
    return out


class Recorder(NormalBot):
    """Normal, noting the hand views of its turns with more than one choice (the view it answered
    with a play or a pass: a Tichu call first is answered in a view of its own)."""

    def __init__(self, seat, rng, turns: list):
        super().__init__(seat, rng)
        self.turns = turns

    def decide(self, view):
        action = super().decide(view)
        if action and action.get("act") in ("play", "pass") and not view.get("game_over"):
            seat = action.get("seat", view["viewer"])
            hv = next((v for v in hand_views(view) if v["viewer"] == seat), None)
            legal = hv["legal"] if hv else None
            if legal and legal["plays"] and (legal["lead"] or legal["pass"] or len(legal["plays"]) > 1):
                hv = json.loads(json.dumps(hv))  # (a copy of its own: views may be shared)
                if len(choices(Knowledge(hv))) > 1:
                    self.turns.append(hv)
        return action


def collect_positions(rulesets, rounds: int, per_round: int, seed: str) -> list[dict]:
    """Each position: {ruleset, round, index, view} (the hand view of the seat in turn)."""
    positions = []
    for ruleset in rulesets:
        rules = Rules.of(ruleset, {})
        for r in range(rounds):
            turns: list[dict] = []
            deal = seeded_deal(rules, f"{seed}:{ruleset}:{r}")
            game = Game(ruleset, {}, deal=lambda i, deal=deal: deal(i) if i == 0 else None)
            bots = [Recorder(s, random.Random(f"{seed}:{ruleset}:{r}:{s}"), turns)
                    for s in range(rules.seats)]
            play_round(game, bots, TableLog())
            if per_round and len(turns) > per_round:
                step = len(turns) / per_round
                turns = [turns[int(i * step + step / 2)] for i in range(per_round)]
            for i, view in enumerate(turns):
                positions.append({"ruleset": ruleset, "round": r, "index": i, "view": view})
    return positions


# -- one position ---------------------------------------------------------------------------------


def without_call(view: dict) -> dict:
    """The view with the Tichu call out of the legal actions (the play decided alone), and no
    other hand's decision in it."""
    out = dict(view, legal=dict(view["legal"], tichu=False))
    table = view.get("table")
    if table and table.get("seat") != view["viewer"]:
        out["table"] = dict(table, legal=None)
    return out


def policy_choices(k: Knowledge, view: dict, sampler, rng: random.Random, deals: int) -> tuple:
    """What the play-out's policy plays for the seat at this position on each of `deals` deals:
    a Counter of play keys (None: a pass; "?": a play outside the legal list), the cards it
    played under each key ({key: Counter of masks}), and the seat's hand plan as the play-out
    makes it (the same on every deal: the seat's own cards)."""
    start = PlayStart(view, knowledge=k, native=False)  # (the pure play-out: its `bombers` set below)
    po = start.po
    deck = k.deck
    seat = k.seat
    legal = choices(k)
    found: Counter = Counter()
    masks: dict = defaultdict(Counter)
    for _ in range(deals):
        hands = sampler.sample(rng)
        # As `PlayStart.score` sets a ("turn", ...) move up, then the policy's own step.
        start.ready(hands, list(start.piles), list(k.calls))
        turn = po.turn
        # No bomb out of turn before the seat's own move (the search makes its move first too).
        po.bombers = []
        po.trace = []
        po.run(max_steps=1)
        moves = [t for t in po.trace if t[0] == seat and not t[4]]
        if turn != seat or not moves:
            found["?"] += 1
            continue
        c = moves[0][1]
        key = None if c is None else play_key(c[KIND], c[VALUE], c[MASK], deck)
        found[key if key in legal else "?"] += 1
        if c is not None:
            masks[key][c[MASK]] += 1
    return found, masks, start.po.planner.plan(k.hand)


def study(position: dict, deals: int, policy_deals: int, gain_deals: int, seed: str) -> dict:
    view = position["view"]
    tag = f"{seed}:{position['ruleset']}:{position['round']}:{position['index']}"
    k = Knowledge(view)
    deck = k.deck
    legal = view["legal"]
    options = choices(k)
    started = time.process_time()

    # The search's choice, with counted deals.
    bot = HardBot(k.seat, **hard_options(deals), seed=f"hard:{tag}")
    decision = bot.decide_explained(without_call(view))
    action = decision.action or {"act": "pass"}
    trace = decision.search if decision.search is not None and decision.search.kind == "play" else None
    normal = as_candidate(bot.choose_play(k, legal))
    candidates = play_candidates(k, legal, normal, bot.config)

    def cand_name(c: Candidate | None) -> str:
        if c is None:
            return "pass"
        wish = f" wish {deck.rank_name(c.wish) if c.wish is not None else 'none'}" if c.own_wish else ""
        return c.entry["cards"] + wish

    def cand_key(c: Candidate | None):
        return None if c is None else play_key(c.play[KIND], c.play[VALUE], c.play[MASK], deck)

    if action["act"] == "pass":
        search_key = None
    else:
        match = [play_key(p[KIND], p[VALUE], p[MASK], deck) for p, e in legal_plays(k, legal["plays"])
                 if e["cards"] == action["cards"] and e.get("phoenix") == action.get("phoenix")]
        search_key = match[0] if match else ("?", action["cards"])
    normal_key = cand_key(normal)
    best_key = search_key
    means = errors = None
    trace_ok = trace is not None
    if trace is not None:
        if len(trace.means) != len(candidates) or cand_key(candidates[trace.chosen]) != search_key:
            trace_ok = False  # (the candidates rebuilt here are not the search's: keep its action only)
        else:
            best_key = cand_key(candidates[trace.best])
            means = {cand_name(c): round(m, 1) for c, m in zip(candidates, trace.means)}
            errors = [round(e, 1) for e in trace.errors]

    # The policy's choice over sampled deals (Hard's own sampler).
    sampler = bot.sampler(k) or Sampler(k)
    found, masks, plan = policy_choices(k, view, sampler, random.Random(f"policy:{tag}"), policy_deals)
    plan_keys = {play_key(c[KIND], c[VALUE], c[MASK], deck) for c in plan}
    plan_beats = None
    if not legal["lead"] and k.top is not None:
        top_kind, top_len, top_val = k.top[KIND], k.top[LENGTH], k.top[VALUE]
        plan_beats = any(c[KIND] == top_kind and c[LENGTH] == top_len and c[BEAT] > top_val for c in plan
                         if c[KIND] != BOMB)
    policy_key, policy_count = found.most_common(1)[0]
    share = policy_count / sum(found.values())
    # The plays themselves (the cards, not only the choice up to suits): the policy's most frequent
    # cards under its choice, the search's action, Normal's and the best mean's candidates.
    every = legal_plays(k, legal["plays"])

    def exact(key, mask=None):
        if key is None or key == "?":
            return None
        same = [pe for pe in every if play_key(pe[0][KIND], pe[0][VALUE], pe[0][MASK], deck) == key]
        return next((pe for pe in same if pe[0][MASK] == mask), same[0] if same else None)

    policy_pe = exact(policy_key, masks[policy_key].most_common(1)[0][0] if policy_key in masks else None)
    if action["act"] == "pass":
        search_pe = None
    else:
        search_pe = next((pe for pe in every if pe[1]["cards"] == action["cards"]
                          and pe[1].get("phoenix") == action.get("phoenix")), None)

    # The search's gain over the policy's choice (and over it the best by mean), paired deals.
    gain = error = best_gain = best_error = 0.0
    if policy_key != "?" and (policy_key != search_key or policy_key != best_key):
        def move_of(pe):
            return playout_moves(k, [None if pe is None else Candidate(*pe)])[0]

        wanted = [move_of(policy_pe)]
        # The search's and the best mean's candidates as the search played them (their wish too).
        wanted.append(playout_moves(k, [candidates[trace.chosen]])[0] if trace_ok else
                      move_of(search_pe) if search_key in options else wanted[0])
        wanted.append(playout_moves(k, [candidates[trace.best]])[0] if trace_ok else wanted[1])
        moves = list(dict.fromkeys(wanted))  # (each move played out once)
        ev = Evaluator(view, moves, random.Random(f"gain:{tag}"), game_weight=bot.config.game_weight,
                       knowledge=k)
        ev.add(gain_deals)
        found_vs = [None] + ev.comparisons()  # against the policy's choice, the first move
        at = [moves.index(m) for m in wanted]
        if at[1]:
            gain, error = found_vs[at[1]].gain, found_vs[at[1]].error
        if at[2]:
            best_gain, best_error = found_vs[at[2]].gain, found_vs[at[2]].error

    top_seat = k.top_seat if not legal["lead"] else None
    held = k.hand.bit_count()
    team_calls = any(k.calls[s] for s in [k.seat] + k.partners)
    opp_calls = any(k.calls[o] for o in k.opponents)
    top = None
    if not legal["lead"] and k.trick_plays:
        top = deck.format_cards(k.trick_plays[-1][1][MASK])

    def name(key, pe=None) -> str:
        if key == "?":
            return "?"
        if key is None:
            return "pass"
        pe = pe or exact(key)
        kind = KIND_NAMES[pe[0][KIND]] if pe else "?"
        return f"{kind} {pe[1]['cards'] if pe else '?'}"

    def name_of(c: Candidate | None) -> str:
        return name(cand_key(c), None if c is None else (c.play, c.entry))

    # What the search's play takes from the policy's plan: the kinds of the plan's combinations
    # it shares ranks (or special cards) with, where it is not one of them.
    breaks: list[str] = []
    if search_pe is not None and search_key not in plan_keys:
        specials = deck.phoenix_mask | deck.dragon_mask | deck.dog_mask | deck.mahjong_mask
        ranks = set(play_signature(search_pe[0][MASK], None, deck)[0])
        for c in plan:
            if ranks & set(play_signature(c[MASK], None, deck)[0]) or c[MASK] & search_pe[0][MASK] & specials:
                breaks.append(KIND_NAMES[c[KIND]])

    def kind_of(key) -> str:
        if key is None:
            return "pass"
        if key == "?" or key not in options:
            return "?"
        return KIND_NAMES[options[key][0][KIND]]

    def value_of(key):
        return None if key in (None, "?") or key not in options else options[key][0][VALUE]

    return {
        "ruleset": position["ruleset"], "round": position["round"], "index": position["index"],
        "seat": k.seat, "lead": bool(legal["lead"]),
        "trick": None if legal["lead"] else ("partner" if top_seat in k.partners else "opponent"),
        "top": top, "hand": deck.format_cards(k.hand), "held": held,
        "counts": list(k.counts), "opp_low": any(0 < k.counts[o] <= 2 for o in k.opponents),
        "calls": "both" if team_calls and opp_calls else "team" if team_calls else
                 "opponent" if opp_calls else "none",
        "wish": view["wish"], "trick_points": k.points_on_table(), "choices": len(options),
        "search": name(search_key, search_pe), "search_kind": kind_of(search_key),
        "search_value": value_of(search_key), "normal": name_of(normal),
        "best": name_of(candidates[trace.best]) if trace_ok else name(best_key),
        "policy": name(policy_key, policy_pe), "policy_kind": kind_of(policy_key),
        "policy_value": value_of(policy_key), "breaks": sorted(set(breaks)),
        "policy_share": round(share, 3),
        "search_in_plan": None if search_key is None else search_key in plan_keys, "plan_beats": plan_beats,
        "plan": " | ".join(deck.format_cards(c[MASK]) for c in plan),
        "policy_seen": {name(key, exact(key, masks[key].most_common(1)[0][0] if key in masks else None)): n
                        for key, n in found.most_common()},
        "agree": policy_key == search_key, "agree_best": policy_key == best_key,
        "agree_normal": policy_key == normal_key, "search_is_normal": search_key == normal_key,
        "explained": trace is not None, "trace_ok": trace_ok,
        "worlds": trace.worlds if trace is not None else 0, "candidates": len(candidates),
        "means": means, "errors": errors,
        "gain": round(gain, 2), "error": round(error, 2),
        "sure": gain > SURE * error and gain > 0,
        "best_gain": round(best_gain, 2), "best_error": round(best_error, 2),
        "best_sure": best_gain > SURE * best_error and best_gain > 0,
        "cpu": round(time.process_time() - started, 2),
    }


def _study(args):
    return study(*args)


# -- the report ---------------------------------------------------------------------------------


def bucket(held: int) -> str:
    for lo, hi in CARD_BUCKETS:
        if lo <= held <= hi:
            return f"{lo}-{hi}" if hi < 99 else f"{lo}+"
    return "?"


def situation(row: dict) -> str:
    if row["lead"]:
        return "lead"
    return f"follow, {row['trick']}'s trick"


def relation(row: dict) -> str:
    """How the search's play stands to the policy's: the kinds, and for one kind higher or lower."""
    s, p = row["search_kind"], row["policy_kind"]
    if s == "pass":
        return f"search passes, policy plays a {p}"
    if p == "pass":
        return f"search plays a {s}, policy passes"
    if s == p and row["search_value"] is not None and row["policy_value"] is not None:
        if row["search_value"] < row["policy_value"]:
            way = "lower"
        elif row["search_value"] > row["policy_value"]:
            way = "higher"
        else:
            way = "other cards, same rank"
        return f"both play a {s}, the search's {way}"
    return f"search plays a {s}, policy a {p}"


def detail(row: dict) -> str:
    """Why the policy may have missed the search's play: the play is or is not one of its plan's
    combinations; on a follow it passed, its plan can or cannot beat the top."""
    parts = []
    if row["search_in_plan"]:
        parts.append("search's play in the plan")
    elif row["search_in_plan"] is not None:
        parts.append(f"search's play breaks the plan's {'+'.join(row['breaks']) or '?'}")
    if row["policy_kind"] == "pass" and row["plan_beats"] is not None:
        parts.append("the plan beats the top" if row["plan_beats"] else "nothing in the plan beats the top")
    return "; ".join(parts)


GROUPS = [
    ("all", lambda r: True),
    ("lead", lambda r: r["lead"]),
    ("follow", lambda r: not r["lead"]),
    ("  partner's trick", lambda r: r["trick"] == "partner"),
    ("  opponent's trick", lambda r: r["trick"] == "opponent"),
    ("search plays", lambda r: r["search_kind"] != "pass"),
    ("search passes", lambda r: r["search_kind"] == "pass"),
    ("search = Normal's", lambda r: r["search_is_normal"]),
    ("search overrides Normal", lambda r: not r["search_is_normal"]),
    ("by a margin (gain > 2 se)", lambda r: r["sure"]),
    ("policy share >= 75%", lambda r: r["policy_share"] >= 0.75),
    ("policy share < 75%", lambda r: r["policy_share"] < 0.75),
] + [(f"cards {lo}-{hi}" if hi < 99 else f"cards {lo}+", lambda r, lo=lo, hi=hi: lo <= r["held"] <= hi)
     for lo, hi in CARD_BUCKETS] + [
    ("opponent on 1-2 cards", lambda r: r["opp_low"]),
    ("no opponent on 1-2", lambda r: not r["opp_low"]),
    ("Tichu: nobody", lambda r: r["calls"] == "none"),
    ("Tichu: own team", lambda r: r["calls"] in ("team", "both")),
    ("Tichu: opponents", lambda r: r["calls"] in ("opponent", "both")),
    ("wish in force", lambda r: r["wish"] is not None),
]


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def format_report(rows: list[dict], rulesets, header: str, examples: int) -> str:
    lines = [header, ""]
    # Agreement per situation and ruleset.
    cols = list(rulesets) + ["all"]
    lines.append("Agreement of the policy's majority choice with the search's (Hard's) choice: % (positions)")
    lines.append(f"{'':28}" + "".join(f"{c:>14}" for c in cols))
    for label, test in GROUPS:
        cells = []
        for c in cols:
            sel = [r for r in rows if test(r) and (c == "all" or r["ruleset"] == c)]
            cells.append(f"{pct(sum(r['agree'] for r in sel), len(sel))} ({len(sel)})" if sel else "-")
        lines.append(f"{label:28}" + "".join(f"{x:>14}" for x in cells))
    lines.append("")
    # In all: the other measures.
    lines.append("In all: agree = with Hard's choice; best = with the search's best mean; normal = with "
                 "Normal's choice;")
    lines.append("gain = the search's mean gain over the policy's choice (0 where they agree), per position;"
                 " sure = share where")
    lines.append("the search's choice gains > 2 se over the policy's; bgain/bsure: the same for the best"
                 " mean.")
    head = ["n", "agree", "best", "normal", "gain", "sure", "bgain", "bsure", "share"]
    lines.append(f"{'':28}" + "".join(f"{h:>8}" for h in head))
    for label, test in GROUPS:
        sel = [r for r in rows if test(r)]
        if not sel:
            continue
        n = len(sel)
        cells = [str(n), pct(sum(r["agree"] for r in sel), n), pct(sum(r["agree_best"] for r in sel), n),
                 pct(sum(r["agree_normal"] for r in sel), n),
                 f"{statistics.fmean(r['gain'] for r in sel):.1f}", pct(sum(r["sure"] for r in sel), n),
                 f"{statistics.fmean(r['best_gain'] for r in sel):.1f}",
                 pct(sum(r["best_sure"] for r in sel), n),
                 f"{statistics.fmean(r['policy_share'] for r in sel):.2f}"]
        lines.append(f"{label:28}" + "".join(f"{x:>8}" for x in cells))
    lines.append("")
    # The kinds of disagreement.
    lines += ["Disagreements by kind (the search's choice vs the policy's), commonest first: cases, the",
              "mean gain of the search's choice over the policy's +- its standard error over the cases,",
              "cases where that gain is > 2 se (\"sure\"), cases where the search overrides Normal; below",
              "each: whether the search's play is a combination of the policy's own hand plan, and on a",
              "follow the policy passes, whether its plan can beat the top"]
    groups = defaultdict(list)
    for r in rows:
        if not r["agree"]:
            groups[f"{situation(r)}, {relation(r)}"].append(r)

    def summary(sel: list) -> str:
        gains = [r["gain"] for r in sel]
        se = statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 0.0
        return (f"{len(sel):4}  gain {statistics.fmean(gains):6.1f} +- {se:4.1f}  sure "
                f"{sum(r['sure'] for r in sel):3}  overrides {sum(not r['search_is_normal'] for r in sel):3}")

    for label, sel in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        lines.append(f"  {summary(sel)}  {label}")
        subs = defaultdict(list)
        for r in sel:
            subs[detail(r)].append(r)
        if len(sel) >= 3:
            for sub, part in sorted(subs.items(), key=lambda kv: -len(kv[1])):
                if sub:
                    lines.append(f"      {summary(part)}  {sub}")
    lines.append("")
    # Examples: for each of the commonest kinds of disagreement, a typical case (of those where
    # the search's choice is sure better, the one whose gain is nearest the kind's mean).
    lines.append("Examples: the commonest kinds of disagreement, a typical case each (gain nearest the kind's"
                 " mean):")
    picked = []
    for _, sel in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))[:examples]:
        mean = statistics.fmean(r["gain"] for r in sel)
        pool = [r for r in sel if r["sure"]] or sel
        picked.append(min(pool, key=lambda r: abs(r["gain"] - mean)))
    for r in picked:
        lines.append(f"- {r['ruleset']} round {r['round']} #{r['index']} seat {r['seat']}: {situation(r)}"
                     f"{', top ' + r['top'] if r['top'] else ''}; counts {r['counts']}, calls {r['calls']}"
                     f"{', wish ' + r['wish'] if r['wish'] else ''}, trick points {r['trick_points']}")
        lines.append(f"    hand {r['hand']}   (the policy's plan: {r['plan']})")
        lines.append(f"    search: {r['search']}  (Normal: {r['normal']}; best mean: {r['best']})")
        seen_text = ", ".join(f"{k} x{n}" for k, n in r["policy_seen"].items())
        lines.append(f"    policy: {r['policy']}  ({seen_text})")
        means = ", ".join(f"{c} {m:+.0f}" for c, m in (r["means"] or {}).items()) or "no trace"
        lines.append(f"    gain {r['gain']:+.1f} +- {r['error']:.1f}; the search's means: {means}")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6, help="seeded rounds per ruleset (6)")
    parser.add_argument("--per-round", type=int, default=0,
                        help="positions per round at most, evenly spread (0: all)")
    parser.add_argument("--deals", type=int, default=400, help="deals per Hard search (400)")
    parser.add_argument("--policy-deals", type=int, default=24, help="deals the policy is asked on (24)")
    parser.add_argument("--gain-deals", type=int, default=200,
                        help="deals to measure the search's gain over the policy's choice (200)")
    parser.add_argument("--ruleset", action="append", choices=RULESETS)
    parser.add_argument("--seed", default="agree")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--examples", type=int, default=10, help="example positions to print (10)")
    parser.add_argument("--json", metavar="PATH")
    args = parser.parse_args(argv)
    rulesets = args.ruleset or list(RULESETS)
    started = time.time()
    positions = collect_positions(rulesets, args.rounds, args.per_round, args.seed)
    print(f"{len(positions)} positions ({time.time() - started:.0f} s)", file=sys.stderr, flush=True)
    jobs = [(p, args.deals, args.policy_deals, args.gain_deals, args.seed) for p in positions]
    rows: list[dict] = []
    pool = multiprocessing.Pool(args.workers) if args.workers > 1 else None
    try:
        for row in (pool.imap(_study, jobs) if pool else map(_study, jobs)):
            rows.append(row)
            if len(rows) % 50 == 0:
                print(f"  {len(rows)}/{len(jobs)} ({time.time() - started:.0f} s)", file=sys.stderr,
                      flush=True)
    finally:
        if pool:
            pool.close()
    # Turns Hard does not search (one candidate: going out at once, say) are left out.
    missing = sum(not r["explained"] for r in rows)
    mismatched = sum(r["explained"] and not r["trace_ok"] for r in rows)
    reported = [r for r in rows if r["explained"]]
    header = (f"Play-out policy vs Hard's search: {len(reported)} positions from {args.rounds} rounds per "
              f"ruleset (at most {args.per_round or 'all'} per round), Hard {args.deals} deals, policy asked "
              f"on {args.policy_deals} deals, gains on {args.gain_deals}; left out: {missing} turns Hard "
              f"does not search (one candidate); traces not matched {mismatched}; "
              f"{time.time() - started:.0f} s")
    print(format_report(reported, rulesets, header, args.examples))
    if args.json:
        Path(args.json).write_text(json.dumps({"header": header, "args": vars(args), "rows": rows}, indent=1),
                                   encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
