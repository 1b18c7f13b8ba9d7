"""Every claim the coach makes, checked by brute force with the engine's own rules.

Positions come from real rounds (Normal bots, and random legal play for more
out-of-turn bombs and wishes) once few cards are left in the other hands. For
each position the deals the hand cannot tell apart are enumerated (all of
them up to `EVERY_DEAL`, else a random sample, see endgames.worlds), and in
each deal the engine replays the claim:

- "nobody can beat this play": the hand plays it; no other seat may have a
  legal play or an out-of-turn bomb at any point until the trick is the
  hand's (or the round is over);
- "you can go out whatever the others hold": the plan is played; the engine
  accepts every play and no other seat can ever play before the last one;
- "bombs possible": each listed bomb is held in some deal by each seat listed
  as a possible holder (in every deal by a certain one), and every bomb any
  other hand holds in any deal is listed;
- "top cards out" and "the wish" agree with the game and the engine's lists.

A false claim fails the test. Not claiming is allowed, but where a claim is
true over every deal (decided by the same brute force, and for going out by a
search over every order of the hand's legal plays) the coach must make it in
most positions: the shares are checked and printed (pytest -s).
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from app.coach import bombs_fact, going_out_fact, play_fact, top_cards_fact, wish_fact
from app.coach.going_out import going_out_plan
from app.coach.reading import read_entry
from app.engine import bombs_beating, mask_cards, view_for
from app.engine.combos import BOMB, KIND, LENGTH, MASK, SINGLE
from app.engine.plays import wish_mask

from .endgames import (
    Rewind,
    deal_with_bomb,
    endgames,
    position,
    provable_going_out,
    refutes_plan,
    refutes_unbeatable,
    worlds,
)

LONG = os.environ.get("TICHU_LONG") == "1"
SEEDS = 40 if LONG else 5
EVERY_DEAL = 400  # enumerate every deal up to this many, else sample
SAMPLE = 40
ORACLE_HAND = 9  # the going-out search runs for hands up to this size

CONFIGS = [
    ("standard", None),
    ("standard", {"wish_bomb_escape": "always", "stairs_min_pairs": 3, "direction": "cw"}),
    ("standard", {"wish_bomb_escape": "never", "dragon_gift_on_final_trick": False}),
    ("fifty-two", None),
    ("trichu", None),
    ("tientsin", None),
    ("grandseigneur", None),
    ("grandseigneur", {"players": 8}),
]
_ANY_SINGLE = (SINGLE, 1, 0.5, 0, None)


def _positions(ruleset, options, base):
    found = []
    for seed in range(base, base + SEEDS):
        found += endgames(ruleset, options, seed, max_other_cards=12)
        found += endgames(ruleset, options, seed, max_other_cards=12, driver="random", every=2)
        # Mid-round positions, sampled deals only: claims are rare there but must hold too.
        found += endgames(ruleset, options, seed + 500, max_other_cards=30, every=6)
    return found


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=[f"{r}-{o}" for r, o in CONFIGS])
def test_every_claim_holds_in_every_deal_the_hand_cannot_rule_out(index):
    ruleset, options = CONFIGS[index]
    rng = random.Random(index)
    tally = Counter()
    for game, viewer, seat in _positions(ruleset, options, 1000 * index):
        view = view_for(game, viewer)
        pos = position(game, viewer, seat)
        assert pos is not None and pos.consistent
        deals, every = worlds(game, viewer, seat, EVERY_DEAL if _small(game, seat) else SAMPLE, rng)
        tally["positions"] += 1
        tally["exhaustive"] += every
        tally["deals"] += len(deals)
        rewind = Rewind(game)
        _check_plays(game, viewer, seat, view, pos, deals, every, rewind, tally)
        _check_going_out(game, seat, pos, view, viewer, deals, every, rewind, tally)
        _check_bombs(game, viewer, seat, pos, deals, every, rng, tally)
        _check_top_cards(game, viewer, seat, pos)
        _check_wish(game, viewer, seat, pos)
        _check_dog(game, viewer, seat, pos, view, rewind, tally)
    print(f"\n{ruleset} {options or ''}: {dict(tally)}")
    assert tally["positions"] >= 20 and tally["exhaustive"] >= 10
    # Not vacuous: the claims fire, and where brute force shows one true, the coach makes it.
    assert tally["unbeatable_claims"] > 0 and tally["going_out_claims"] > 0
    assert tally["unbeatable_claimed_of_true"] >= 0.95 * tally["unbeatable_true"]
    assert tally["going_out_claimed_of_true"] >= 0.95 * tally["going_out_true"]
    assert tally["going_out_true"] > 0


def _small(game, seat) -> bool:
    rnd = game.round
    return sum(rnd.hands[s].bit_count() for s in range(rnd.seating.seats) if s != seat) <= 12


def _check_plays(game, viewer, seat, view, pos, deals, every, rewind, tally):
    """"Nobody can beat this play" for every legal play of the hand now."""
    for entry in pos.legal["plays"]:
        if entry["kind"] == "dog":
            continue  # nothing is played on the Dog: no claim about beating it
        play = read_entry(entry, pos.deck, pos.rules, pos.top)
        claim = play_fact(view, entry["cards"], seat, entry.get("phoenix"))
        claimed = claim["kind"] in ("unbeatable", "ends_round")
        holds = True
        for hands in deals:
            rewind(hands)
            if refutes_unbeatable(game, seat, play):
                holds = False
                break
        rewind()
        assert holds or not claimed, f"false claim {claim} in {view['ruleset']}"
        tally["plays"] += 1
        tally["unbeatable_claims"] += claimed
        if claim["kind"] == "beatable":
            # "Another hand could hold ...": some deal must let another seat play on it.
            assert not (every and holds), f"{claim} but no deal lets anybody beat it"
        if every:
            tally["unbeatable_true"] += holds
            tally["unbeatable_claimed_of_true"] += holds and claimed


def _check_going_out(game, seat, pos, view, viewer, deals, every, rewind, tally):
    plan = going_out_plan(pos)
    fact = going_out_fact(view, seat)
    assert (fact is None) == (plan is None)
    if plan is not None:
        tally["going_out_claims"] += 1
        for hands in deals:
            rewind(hands)
            why = refutes_plan(game, seat, plan)
            rewind()
            assert why is None, f"false going-out claim ({why}): {fact}"
    if every and pos.hand.bit_count() <= ORACLE_HAND:
        truth = provable_going_out(game, seat, deals)
        tally["going_out_true"] += truth
        tally["going_out_claimed_of_true"] += truth and plan is not None


def _bomb_key(bomb, deck):
    cards = mask_cards(bomb[MASK])
    ranks = sorted(deck.rank_of[c] for c in cards)
    if bomb[LENGTH] == 4:
        return ("four", ranks[0])
    return ("flush", deck.suit_of[cards[0]], ranks[0], ranks[-1])


def _check_bombs(game, viewer, seat, pos, deals, every, rng, tally):
    """Every bomb held in a deal is listed; every listed one is held by each listed holder in a
    deal built for it (and, with every deal at hand, in that many of them; a certain one in all)."""
    deck = game.rules.deck
    fact = bombs_fact(view_for(game, viewer), seat)
    held = {}  # (bomb key, seat) -> in how many deals
    for hands in deals:
        for other in pos.others:
            for bomb in bombs_beating(hands[other], deck, _ANY_SINGLE):
                key = (_bomb_key(bomb, deck), other)
                held[key] = held.get(key, 0) + 1
    listed_fours = {deck.parse_rank(f["rank"]): f for f in fact["fours"]}
    flushes = [(deck.suits.index(f["suit"]), deck.parse_rank(f["low"]), deck.parse_rank(f["high"]), f)
               for f in fact["straight_flushes"]]
    for (key, other), _count in held.items():
        if key[0] == "four":
            listed = listed_fours.get(key[1])
            assert listed is not None and other in [w["seat"] for w in listed["holders"]], (key, other)
        else:
            within = [f for s, lo, hi, f in flushes if s == key[1] and lo <= key[2] and key[3] <= hi]
            assert within, (key, other)
    for rank, f in listed_fours.items():
        for w in f["holders"]:
            assert deal_with_bomb(game, viewer, seat, w["seat"], ("four", rank), rng), (f, w)
            assert held.get((("four", rank), w["seat"])) or not every
        if f["certain"] is not None and every:
            assert held.get((("four", rank), f["certain"]["seat"])) == len(deals)
    for suit, lo, hi, f in flushes:
        for w in f["holders"]:
            assert deal_with_bomb(game, viewer, seat, w["seat"], ("flush", suit, lo, hi), rng), (f, w)
    tally["bomb_facts"] += 1
    tally["bombs_listed"] += len(fact["fours"]) + len(fact["straight_flushes"])


def _check_top_cards(game, viewer, seat, pos):
    rnd = game.round
    deck = game.rules.deck
    fact = top_cards_fact(view_for(game, viewer), seat)
    top = deck.dragon_mask | deck.phoenix_mask | deck.rank_masks[deck.high]
    out = 0
    for s in range(rnd.seating.seats):
        if s != seat:
            out |= rnd.hands[s] & top
    assert {c["card"] for c in fact["cards"]} == {deck.codes[c] for c in mask_cards(out)}
    for c in fact["cards"]:
        if c["holder"] is not None:
            assert rnd.hands[c["holder"]["seat"]] >> deck.parse_card(c["card"]) & 1


def _check_wish(game, viewer, seat, pos):
    rnd = game.round
    fact = wish_fact(view_for(game, viewer), seat)
    assert (fact is None) == (rnd.wish is None)
    if fact is None or not fact["your_turn"]:
        return
    legal = rnd.legal(seat)
    wished = wish_mask(game.rules.deck, rnd.wish) & rnd.hands[seat]
    fulfilling = {p[MASK] for p in legal.plays if p[MASK] & wished}
    bound = bool(fulfilling) and seat not in rnd.seating.wish_free
    assert fact["must_now"] == bound
    if bound:
        assert {game.rules.deck.parse_mask(p["cards"]) for p in fact["fulfilling"]} == fulfilling
        assert not legal.can_pass
        assert all(p[MASK] & wished or p[KIND] == BOMB for p in legal.plays)
        assert fact["bomb_instead"] == any(p[KIND] == BOMB and not p[MASK] & wished for p in legal.plays)


def _check_dog(game, viewer, seat, pos, view, rewind, tally):
    """Where the Dog sends the lead, played for real."""
    dogs = [e for e in pos.legal["plays"] if e["kind"] == "dog"]
    if not dogs:
        return
    fact = play_fact(view, dogs[0]["cards"], seat)
    targets = [w["seat"] for w in fact["dog_to"]]
    rnd = game.round
    for to in rnd.dog_targets(seat) or [None]:
        action = {"seat": seat, "act": "play", "cards": dogs[0]["cards"]}
        if to is not None:
            action["to"] = to
        game.apply(action, by=viewer)
        if fact.get("ends_round"):
            assert rnd.phase == "over"
        else:
            assert rnd.phase != "over" and rnd.turn in targets, (fact, rnd.turn)
        rewind()
    tally["dog_leads"] += 1
