"""Record vectors (`<ruleset>.records.jsonl`): short game records and what `replay` must
answer: the scores of complete rounds, the code of a refused action, or a malformed
document."""

from __future__ import annotations

import copy
import random

from app.engine.cards import mask_cards
from app.engine.combos import KIND, LENGTH, MASK, STAIRS, interpretations
from app.engine.errors import EngineError, IllegalAction
from app.engine.game import Game
from app.engine.plays import turn_plays, wish_mask
from app.engine.record import replay
from app.engine.round import OVER, PLAY
from app.engine.simulate import random_action

from .options import options_label


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
    label = options_label(options)
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
    label = options_label(options)
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


def option_decides(vector: dict) -> bool:
    """Whether the record's last action is refused only because of its options: with the
    defaults, everything before it still applies and it is accepted or refused otherwise."""
    doc = copy.deepcopy(vector["record"])
    doc["options"] = {}
    plain = expected_replay(doc)
    if plain["exit"] == 2 or plain["applied"] < vector["expect"]["applied"]:
        return False
    return plain["error"] is None or plain["error"]["code"] != vector["expect"]["error"]["code"]


def after_the_end(records: list[dict]) -> list[dict]:
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


def malformed(doc: dict) -> list[dict]:
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
