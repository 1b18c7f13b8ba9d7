"""Position vectors (`<ruleset>.plays.jsonl`): a `plays` query and the exact set of its legal
plays and whether the seat may pass, taken from seeded random games so they are positions
that really arise (wishes, Phoenix readings, bombs, the Dog, both decks)."""

from __future__ import annotations

import json
import random

from app.engine.cards import mask_cards
from app.engine.combos import KIND, KIND_NAMES, MASK, PHOENIX, VALUE, describe
from app.engine.game import Game, seeded_deal
from app.engine.plays import bombs_beating
from app.engine.query import list_plays
from app.engine.round import OVER, PLAY
from app.engine.rulesets import RULESETS
from app.engine.simulate import random_action

from .options import options_label

MAX_PLAYS = 30  # positions with more legal plays are left out: the files stay readable


def plays_query(rnd, seat: int, options: dict) -> dict:
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
    return {"can_pass": answer["can_pass"], "plays": sorted(answer["plays"], key=play_key)}


def play_key(play: dict) -> str:
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


def make_positions(name: str, options: dict, count: int, seed: int, games: int = 6) -> list[dict]:
    """`count` varied positions from seeded random games of ruleset `name` with `options`:
    at every turn, the position of each seat that holds cards, as if it were its turn."""
    rng = random.Random(f"conformance:plays:{name}:{options_label(options)}:{seed}")
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
                        position = plays_query(rnd, seat, options)
                        expect = expected_plays(position)
                        legal, can_pass = rnd.regular_plays(seat)
                        # The query must describe exactly the engine's own position.
                        own = sorted((describe(p, rnd.deck) for p in legal), key=play_key)
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


def positions_with_a_bomb(name: str, options: dict, seed: int) -> list[dict]:
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
