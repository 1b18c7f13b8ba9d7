"""Conformance vectors: concrete cases any Tichu implementation can check itself against.

    python -m app.engine.conformance write [DIR]      # regenerate conformance/ from the engine
    python -m app.engine.conformance check [DIR]      # replay every vector against this engine
    python -m app.engine.conformance check [DIR] --command "python -m app.engine"
                                                      # ... or against any program with our CLI

Two kinds of vectors per ruleset (docs/conformance.md describes the files):

- positions (`<ruleset>.plays.jsonl`): a `plays` query and the exact set of its legal
  plays and whether the seat may pass, taken from seeded random games so they are
  positions that really arise (wishes, Phoenix readings, bombs, the Dog, both decks);
- records (`<ruleset>.records.jsonl`): short game records and what `replay` must answer:
  the scores of complete rounds, the code of a refused action, or a malformed document.

Everything is generated from the engine's public functions (`list_plays`, `replay`, random
legal play) with fixed seeds, for every ruleset in the registry and, besides the
defaults, for each option value, so rulesets that land later get vectors on the next run.

It writes and checks both kinds, and their command line, in one module: a vector's
writer and its checker must agree field by field, which is easiest to see side by side.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import shlex
import subprocess
import sys
from pathlib import Path

from .cards import mask_cards
from .combos import KIND, KIND_NAMES, LENGTH, MASK, PHOENIX, STAIRS, VALUE, describe, interpretations
from .errors import EngineError, IllegalAction
from .game import Game, seeded_deal
from .plays import bombs_beating, turn_plays, wish_mask
from .query import list_plays
from .record import replay
from .round import OVER, PLAY
from .rulesets import RULESETS
from .simulate import random_action

DEFAULT_DIR = Path(__file__).resolve().parents[2] / "conformance"
MAX_PLAYS = 30  # positions with more legal plays are left out: the files stay readable
_PROBE_VALUES = (1, 2, 50, 100, 3, 5, 7, 8, 12)  # tried for options with an open range


# -- option sets ----------------------------------------------------------------------------


def option_sets(ruleset) -> list[dict]:
    """The defaults ({}), then each other value of each option on its own."""
    sets = [{}]
    for name, opt in ruleset.options.items():
        if opt.choices:
            values = [v for v in opt.choices if v != opt.default or type(v) is not type(opt.default)]
        else:
            values = []
            for v in _PROBE_VALUES:
                try:
                    opt.validate(v)
                except EngineError:
                    continue
                if v != opt.default and v not in values:
                    values.append(v)
                if len(values) == 2:
                    break
        sets += [{name: v} for v in values]
    return sets


# -- positions ------------------------------------------------------------------------------


def position_of(rnd, seat: int, options: dict) -> dict:
    """The `plays` query for `seat` in its regular turn of round `rnd`."""
    deck = rnd.deck
    on = on_phoenix = None
    if not rnd.leading():
        top = rnd.top
        on = deck.format_cards(top[MASK])
        if top[MASK].bit_count() == 1 and top[MASK] & deck.phoenix_mask:  # (either Phoenix)
            if len(rnd.trick) > 1:  # a single Phoenix counts the single below it and a half
                below = top[VALUE] - 0.5
                on_phoenix = "1" if below == 1 else deck.rank_name(int(below))
        elif top[PHOENIX] is not None:
            on_phoenix = deck.rank_name(top[PHOENIX])
    # A seat free of the wish (the Trichu Table) has the plays of a position without one.
    wish = None if seat in rnd.seating.wish_free else rnd.wish
    return {"ruleset": rnd.rules.ruleset.name, "options": options,
            "hand": deck.format_cards(rnd.hands[seat]), "on": on, "on_phoenix": on_phoenix,
            "wish": None if wish is None else deck.rank_name(wish)}


def expected_plays(position: dict) -> dict:
    answer = list_plays(position)
    return {"can_pass": answer["can_pass"], "plays": sorted(answer["plays"], key=_play_key)}


def _play_key(play: dict) -> str:
    return json.dumps(play, sort_keys=True)


def _features(deck, position: dict, expect: dict, on_kind: str | None) -> tuple:
    """What makes a position interesting, for picking varied ones."""
    kinds = {p["kind"] for p in expect["plays"]}
    phoenix = deck.codes[deck.phoenix]
    return (
        "lead" if on_kind is None else f"on a {on_kind.replace('_', ' ')}",
        "wish" if position["wish"] else "",
        "must play" if on_kind is not None and not expect["can_pass"] else "",
        "Phoenix in hand" if any(p["phoenix"] or p["cards"] == phoenix for p in expect["plays"]) else "",
        "Phoenix on the table" if position["on_phoenix"] else "",
        "bomb" if "bomb" in kinds else "",
        "Dog" if "dog" in kinds else "",
        "no play" if not expect["plays"] else "",
        "short hand" if len(position["hand"].split()) <= 5 else "",
    )


def _about(position: dict, expect: dict, features: tuple) -> str:
    words = [w for w in features if w]
    if position["wish"]:
        words[words.index("wish")] = f"wish {position['wish']}"
    n = len(expect["plays"])
    return ", ".join(words) + f"; {n} play{'s' * (n != 1)}"


def _options_label(options: dict) -> str:
    return ",".join(f"{k}={json.dumps(v)}" for k, v in options.items()) or "defaults"


def make_positions(name: str, options: dict, count: int, seed: int, games: int = 6) -> list[dict]:
    """`count` varied positions from seeded random games of ruleset `name` with `options`:
    at every turn, the position of each seat that holds cards, as if it were its turn."""
    rng = random.Random(f"conformance:plays:{name}:{_options_label(options)}:{seed}")
    candidates = []
    for game_no in range(games):
        game = Game(name, options, seed=f"conformance:{seed}:{game_no}")
        for _ in range(2):  # two rounds: later rounds have their own seating where it changes
            rnd = game.round
            while rnd.phase != OVER:
                if rnd.phase == PLAY and rnd.gift_from is None and rnd.turn is not None:
                    on_kind = None if rnd.leading() else KIND_NAMES[rnd.top[KIND]]
                    for seat in range(rnd.seating.seats):
                        if not rnd.hands[seat]:
                            continue
                        position = position_of(rnd, seat, options)
                        expect = expected_plays(position)
                        legal, can_pass = rnd.regular_plays(seat)
                        # The query must describe exactly the engine's own position.
                        own = sorted((describe(p, rnd.deck) for p in legal), key=_play_key)
                        assert {"can_pass": can_pass, "plays": own} == expect, position
                        if len(own) <= MAX_PLAYS:
                            features = _features(rnd.deck, position, expect, on_kind)
                            candidates.append((position, expect, features))
                game.apply(random_action(rnd, rng))
            if game.over or game.round is rnd:
                break
    rng.shuffle(candidates)
    chosen, seen = [], {}
    for cap in (1, 2, 4, 1000):  # one of each kind of position first, then more
        for candidate in candidates:
            if len(chosen) == count:
                break
            key = candidate[2]
            if seen.get(key, 0) < cap and not any(candidate is c for c in chosen):
                seen[key] = seen.get(key, 0) + 1
                chosen.append(candidate)
    return [{"about": _about(p, e, f), "position": p, "expect": e} for p, e, f in chosen]


# -- records --------------------------------------------------------------------------------


def expected_replay(doc) -> dict:
    """What `replay` must answer for `doc`: exit status and result, messages left out."""
    try:
        result = replay(doc)
    except EngineError as exc:
        if exc.code != "malformed":
            raise
        return {"exit": 2, "ok": False, "error": {"code": "malformed"}}
    result = copy.deepcopy(result)
    if result["error"] is not None:
        result["error"].pop("message", None)
    return {"exit": 0 if result["ok"] else 1, **result}


def _record(game, options: dict, rounds: int | None = None) -> dict:
    doc = game.record()
    doc["options"] = dict(options)  # only what differs from the defaults: easier to read
    if rounds is not None:
        doc["rounds"] = doc["rounds"][:rounds]
    return doc


def _play_rounds(game, rng, rounds: int):
    for _ in range(rounds):
        rnd = game.round
        while rnd.phase != OVER:
            game.apply(random_action(rnd, rng))
        if game.over or game.round is rnd:
            return


def _wrong_actions(game, rng) -> list[dict]:
    """Actions, in the record's form, that random players might send now; most are refused."""
    rnd = game.round
    deck = rnd.deck
    n = rnd.seating.seats
    seat = rng.randrange(n)
    hand = mask_cards(rnd.hands[seat])
    held = 0
    for h in rnd.hands:
        held |= h
    foreign = mask_cards(held & ~rnd.hands[seat])
    fmt = deck.format_cards
    out = [{"seat": seat, "act": "pass"}, {"seat": seat, "act": "tichu"},
           {"seat": seat, "act": "grand", "call": rng.random() < 0.5},
           {"seat": seat, "act": "gift", "to": rng.randrange(n)}]
    if hand:
        k = rng.randint(1, min(5, len(hand)))
        out.append({"seat": seat, "act": "play", "cards": fmt(rng.sample(hand, k))})
        single = rng.choice(hand)
        out.append({"seat": seat, "act": "play", "cards": fmt([single]),
                    "wish": deck.rank_name(rng.randint(deck.low, deck.high))})
        out.append({"seat": seat, "act": "play", "cards": fmt(rng.sample(hand, min(2, len(hand)))),
                    "phoenix": deck.rank_name(rng.randint(deck.low, deck.high))})
        targets = [t for t in range(n) if t != seat]
        give = {str(t): fmt([c]) for t, c in zip(rng.sample(targets, rng.randint(1, len(targets))),
                                                 rng.sample(hand, len(hand)), strict=False)}
        out.append({"seat": seat, "act": "exchange", "give": give})
    if foreign:
        out.append({"seat": seat, "act": "play", "cards": fmt([rng.choice(foreign)])})
    turn = rnd.turn if rnd.turn is not None else seat
    mine = mask_cards(rnd.hands[turn])
    if mine:
        some = rng.sample(mine, rng.randint(1, min(3, len(mine))))
        out.append({"seat": turn, "act": "play", "cards": fmt(some)})
    if rnd.phase == PLAY and rnd.turn is not None and rnd.wish is not None:
        # The wish: pass, or play something without the wished rank, where one must fulfil it.
        out.append({"seat": turn, "act": "pass"})
        free, _ = turn_plays(rnd.hands[turn], deck, None if rnd.leading() else rnd.top, None,
                             stairs_min_pairs=rnd.rules.stairs_min_pairs,
                             led_phoenix=rnd.rules.led_phoenix_value)
        unwished = [p for p in free if not p[MASK] & wish_mask(deck, rnd.wish)]
        if unwished:
            out.append({"seat": turn, "act": "play", "cards": fmt(rng.choice(unwished)[MASK])})
    if rnd.phase == PLAY and rnd.turn is not None:
        # Plays a looser reading of the rules would allow: 2-pair stairs, a bomb instead of the wish.
        loose, _ = turn_plays(rnd.hands[turn], deck, None if rnd.leading() else rnd.top, rnd.wish,
                              stairs_min_pairs=2, led_phoenix=rnd.rules.led_phoenix_value,
                              wish_bomb_escape="always")
        if loose:
            out.append({"seat": turn, "act": "play", "cards": fmt(rng.choice(loose)[MASK])})
        stairs = [p for p in loose if p[KIND] == STAIRS and p[LENGTH] == 4]
        if stairs:
            out.append({"seat": turn, "act": "play", "cards": fmt(rng.choice(stairs)[MASK])})
    if rnd.gift_from is not None:  # the Dragon's trick to a seat that may not have it
        wrong = [t for t in range(n) if t not in rnd.seating.gift_to[rnd.gift_from]]
        out.append({"seat": rnd.gift_from, "act": "gift", "to": rng.choice(wrong)})
    for caller in range(n):  # a partner's call after a call (refused with one call per team)
        if rnd.tichu[caller] or rnd.grand[caller]:
            out += [{"seat": p, "act": "tichu"} for p in rnd.seating.partners[caller]]
    out.append(rng.choice([
        {"seat": seat, "act": "shout"}, {"seat": n, "act": "pass"}, {"act": "pass"},
        {"seat": seat, "act": "play"}, {"seat": seat, "act": "play", "cards": "Zz9"},
        {"seat": seat, "act": "grand"}, {"seat": seat, "act": "gift"},
    ]))
    return out


def make_records(name: str, options: dict, scored: list[int], seed: int) -> list[dict]:
    """Records of complete rounds (`scored`: at most how many rounds each; fewer where the game
    ends)."""
    label = _options_label(options)
    vectors = []
    for i, rounds in enumerate(scored):
        rng = random.Random(f"conformance:records:{name}:{label}:{seed}:{i}")
        game = Game(name, options, seed=f"conformance:{seed}:score:{i}")
        _play_rounds(game, rng, rounds)
        played = len(game.results())
        doc = _record(game, options, played)
        about = f"{played} complete round{'s' * (played != 1)}" + (", the game is over" if game.over else "")
        vectors.append({"about": about, "record": doc, "expect": expected_replay(doc)})
    return vectors


def make_refusals(name: str, options: dict, *, per_code: int, limit: int, seed: int,
                  keep=None) -> list[dict]:
    """Records ending in a refused action: at most `per_code` of each refusal code, `limit` in
    all. `keep(vector)`: a further test a vector must pass (tried on at most two refused
    actions of each kind: code, act and number of cards)."""
    label = _options_label(options)
    rng = random.Random(f"conformance:refusals:{name}:{label}:{seed}")
    found: dict = {}
    tried: dict = {}
    vectors = []
    for game_no in range(6):
        game = Game(name, options, seed=f"conformance:{seed}:refusal:{game_no}")
        rnd = game.round
        while rnd.phase != OVER and len(vectors) < limit:
            for action in _wrong_actions(game, rng):
                before = len(rnd.actions)
                try:
                    game.apply(action)
                except IllegalAction as exc:
                    if found.get(exc.code, 0) >= per_code or len(vectors) >= limit:
                        continue
                    if keep is not None:
                        kind = (exc.code, action.get("act"), _loose_kind(rnd.deck, action))
                        if tried.get(kind, 0) >= 2:
                            continue
                        tried[kind] = tried.get(kind, 0) + 1
                    doc = _record(game, options)
                    doc["rounds"][-1]["actions"].append(action)
                    expect = expected_replay(doc)
                    error = expect.get("error") or {}
                    # Replaying must refuse this very action (not an earlier one) with this code.
                    assert error.get("code") == exc.code and error.get("index") == before, (expect, exc)
                    vector = {"about": f"refused: {exc.code}", "record": doc, "expect": expect}
                    if keep is None or keep(vector):
                        found[exc.code] = found.get(exc.code, 0) + 1
                        vectors.append(vector)
                if rnd.phase == OVER:
                    break  # a wrong-looking action was legal after all and ended the round
            if rnd.phase != OVER:
                game.apply(random_action(rnd, rng))
        if len(vectors) >= limit:
            break
    return vectors


def _loose_kind(deck, action: dict):
    """What a played card set is under the loosest reading (2-pair stairs), if anything."""
    try:
        readings = interpretations(deck.parse_mask(action.get("cards", "")), deck, 2)
    except (EngineError, AttributeError):
        return None
    return (len(readings), readings[0][KIND], readings[0][LENGTH]) if readings else "none"


def _option_decides(vector: dict) -> bool:
    """Whether the record's last action is refused only because of its options: with the
    defaults, everything before it still applies and it is accepted or refused otherwise."""
    doc = copy.deepcopy(vector["record"])
    doc["options"] = {}
    plain = expected_replay(doc)
    if plain["exit"] == 2 or plain["applied"] < vector["expect"]["applied"]:
        return False
    return plain["error"] is None or plain["error"]["code"] != vector["expect"]["error"]["code"]


def _after_the_end(records: list[dict]) -> list[dict]:
    """Records that go on where they may not: after a round, after the game, into a round
    before the previous one ended."""
    out = []
    scored = [v for v in records if v["about"].endswith(("round", "rounds", "over"))]
    one = next((v["record"] for v in scored if len(v["record"]["rounds"]) == 1), None)
    if one is not None:
        doc = copy.deepcopy(one)
        doc["rounds"][0]["actions"].append({"seat": 0, "act": "pass"})
        out.append(("an action after the round is over", doc))
    more = next((v["record"] for v in scored if len(v["record"]["rounds"]) > 1), None)
    if more is not None:
        doc = copy.deepcopy(more)
        doc["rounds"][0]["actions"].pop()
        out.append(("a round begun before the one before it ended", doc))
    over = next((v["record"] for v in scored if v["about"].endswith("over")), None)
    if over is not None:
        doc = copy.deepcopy(over)
        doc["rounds"].append(copy.deepcopy(doc["rounds"][-1]))
        out.append(("a round after the game is over", doc))
    return [{"about": about, "record": doc, "expect": expected_replay(doc)} for about, doc in out]


def _malformed(doc: dict) -> list[dict]:
    """Documents that are no valid record of their ruleset (replay exits 2)."""
    hands = doc["rounds"][0]["hands"]
    first, second = hands[0].split(), hands[1].split()
    changes = [
        ("an unknown ruleset", lambda d: d.update(ruleset="chess")),
        ("an unknown option", lambda d: d["options"].update(colour="red")),
        ("the format missing", lambda d: d.pop("format")),
        ("a card dealt twice", lambda d: d["rounds"][0]["hands"].__setitem__(
            0, " ".join([second[0]] + first[1:]))),
        ("a card that does not exist", lambda d: d["rounds"][0]["hands"].__setitem__(
            0, " ".join(["Q1"] + first[1:]))),
        ("a hand two cards short", lambda d: d["rounds"][0]["hands"].__setitem__(0, " ".join(first[2:]))),
        ("a round without hands", lambda d: d["rounds"][0].pop("hands")),
    ]
    out = []
    for about, change in changes:
        bad = copy.deepcopy(doc)
        change(bad)
        expect = expected_replay(bad)
        assert expect["exit"] == 2, (about, expect)
        out.append({"about": f"malformed: {about}", "record": bad, "expect": expect})
    return out


# -- all vectors of a ruleset -----------------------------------------------------------


def _positions_with_a_bomb(name: str, options: dict, seed: int) -> list[dict]:
    """The default positions, and where random play offered no bomb (the short hands of the
    larger tables hold one less often) one position of a dealt hand that holds one."""
    found = make_positions(name, options, 48, seed)
    if any(p["kind"] == "bomb" for v in found for p in v["expect"]["plays"]):
        return found
    rules = RULESETS[name].resolve(options)
    deck = rules.deck
    deal = seeded_deal(rules, f"conformance:bomb:{seed}")
    for index in range(1000):
        for hand in deal(index):
            cards = sum(1 << c for c in hand)
            if not bombs_beating(cards, deck, (KIND_NAMES.index("single"), 1, 0, 0, None)):
                continue
            lowest = deck.sorted_cards(mask_cards(deck.normal_mask & ~cards))[-1]
            position = {"ruleset": name, "options": options, "hand": deck.format_cards(cards),
                        "on": deck.codes[lowest], "on_phoenix": None, "wish": None}
            expect = expected_plays(position)
            n = len(expect["plays"])
            return found + [{"about": f"on a single, bomb; {n} plays", "position": position,
                             "expect": expect}]
    return found


def make_vectors(name: str, seed: int = 1) -> tuple[list[dict], list[dict]]:
    """(positions, records) of ruleset `name`: many with the defaults, a few per option value."""
    ruleset = RULESETS[name]
    positions, records = [], []
    codes: dict = {}  # refusal code -> vectors with the defaults
    for options in option_sets(ruleset):
        if not options:
            positions += _positions_with_a_bomb(name, options, seed)
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
        decided = make_refusals(name, options, per_code=1, limit=1, seed=seed, keep=_option_decides)
        refused = decided or make_refusals(name, options, per_code=3, limit=40, seed=seed)
        if not refused:
            continue
        pick = min(refused, key=lambda v: codes.get(v["expect"]["error"]["code"], 0))
        if decided:
            pick["about"] += " (not with the defaults)"
        code = pick["expect"]["error"]["code"]
        codes[code] = codes.get(code, 0) + 1
        records.append(pick)
    records += _after_the_end(records)
    default = next(v["record"] for v in records if not v["record"]["options"])
    records += _malformed(default)
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


# -- checking -----------------------------------------------------------------------------


def load(directory: Path) -> tuple[list[dict], list[dict]]:
    """Every position and record vector in `directory`."""
    positions, records = [], []
    for path in sorted(directory.glob("*.plays.jsonl")):
        positions += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for path in sorted(directory.glob("*.records.jsonl")):
        records += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return positions, records


def compare_plays(vector: dict, answer: dict) -> str | None:
    """None when `answer` (a `plays` answer line) is what the vector expects, else why not."""
    if "error" in answer:
        return f"refused the position: {answer['error']}"
    want = vector["expect"]
    got = {"can_pass": answer.get("can_pass"), "plays": sorted(answer.get("plays", []), key=_play_key)}
    if got == want:
        return None
    wanted, have = {_play_key(p) for p in want["plays"]}, {_play_key(p) for p in got["plays"]}
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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.engine.conformance", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="action", required=True, prog="python -m app.engine.conformance")
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
