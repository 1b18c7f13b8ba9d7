"""Play queries: the positions `python -m app.engine plays` reads, and its answers.

The command answers thousands of lines per second, so the per-line work that
repeats is cached: the resolved rules of a ruleset and options, the reading of
the combination on the table, and the notation of a deck (canonical card names
are looked up directly; anything else goes through the deck's full parser,
which gives the same cards or the same error).
"""

from __future__ import annotations

from functools import lru_cache

from .combos import DOG, KIND, choose_reading, describe, interpretations
from .errors import EngineError
from .plays import turn_plays
from .rulesets import get_ruleset


class QueryError(EngineError):
    code = "bad_query"


_SCALARS = (str, int, bool, float, type(None))
_rules_cache: dict = {}


def _rules(name, options):
    """The resolved rules, cached by ruleset name and option values (with their types: 1 is not true)."""
    if options is None:
        options = {}
    key = None
    if type(options) is dict and not options:
        key = name  # the defaults: the commonest query by far
    elif isinstance(options, dict) and all(type(v) in _SCALARS for v in options.values()):
        key = (name, tuple((k, type(v), v) for k, v in options.items()))
    if key is not None and type(name) is str:
        rules = _rules_cache.get(key)
        if rules is not None:
            return rules
    rules = get_ruleset(name).resolve(options)
    if key is not None and type(name) is str:
        if len(_rules_cache) >= 256:
            _rules_cache.clear()
        _rules_cache[key] = rules
    return rules


_bits_by_deck: dict = {}  # id(deck) -> (deck, {canonical name: bit})


def _parse_mask(deck, text: str) -> int:
    """A set of distinct cards; canonical names separated by spaces take the quick path."""
    entry = _bits_by_deck.get(id(deck))
    if entry is None or entry[0] is not deck:
        entry = _bits_by_deck[id(deck)] = (deck, {code: 1 << i for i, code in enumerate(deck.codes)})
    bits = entry[1]
    tokens = text.split(" ")
    try:
        # Distinct cards are distinct powers of two: their sum is their union, and a card
        # named twice leaves fewer bits than names (a carry), so the count tells.
        mask = sum(map(bits.__getitem__, tokens))
    except KeyError:  # another spelling, separator or an unknown card: the full parser decides
        return deck.parse_mask(text)
    if mask.bit_count() != len(tokens):
        return deck.parse_mask(text)  # a card named twice: the parser says which
    return mask


def parse_position(query) -> tuple:
    """(rules, hand mask, on play or None, wish rank or None) from a query object."""
    if not isinstance(query, dict):
        raise QueryError("a position is a JSON object with at least 'hand'")
    rules = _rules(query.get("ruleset", "standard"), query.get("options"))
    deck = rules.deck
    hand = query.get("hand")
    if not isinstance(hand, str):
        raise QueryError("'hand' must be a string of cards")
    hand = _parse_mask(deck, hand) if hand else 0
    if hand.bit_count() > rules.hand_size:
        raise QueryError(f"a hand holds at most {rules.hand_size} cards, not {hand.bit_count()}")
    wish = query.get("wish")
    wish = None if wish is None else _rank(deck, wish, "wish")
    on = query.get("on")
    on_phoenix = query.get("on_phoenix")
    if on is None:
        if on_phoenix is not None:
            raise QueryError("'on_phoenix' is given but 'on' is null")
        return rules, hand, None, wish
    if not isinstance(on, str):
        raise QueryError("'on' must be a string of cards or null")
    if type(on_phoenix) in _SCALARS:
        on_mask, play = _table_play(rules, on, on_phoenix)
    else:
        on_mask, play = _table_play.__wrapped__(rules, on, on_phoenix)
    if on_mask & hand:
        raise QueryError(f"'hand' and 'on' share {deck.format_cards(on_mask & hand)}")
    return rules, hand, play, wish


@lru_cache(maxsize=4096, typed=True)
def _table_play(rules, on: str, on_phoenix) -> tuple:
    """(cards, play) of the combination on the table; raises for one that cannot be there."""
    deck = rules.deck
    on_mask = _parse_mask(deck, on) if on else 0
    if not on_mask:
        raise QueryError("'on' names no cards (use null for a lead)")
    if on_mask.bit_count() == 1 and on_mask & deck.phoenix_mask:
        # A single Phoenix counts the rank it was played on and a half (on the Mah Jong:
        # "1"); led, its led value.
        if on_phoenix is None:
            value = rules.led_phoenix_value
        elif str(on_phoenix).strip() in ("1", deck.codes[deck.mahjong]):
            value = 1.5
        else:
            value = _rank(deck, on_phoenix, "on_phoenix") + 0.5
        return on_mask, (0, 1, value, on_mask, None)
    ph = None if on_phoenix is None else _rank(deck, on_phoenix, "on_phoenix")
    readings = interpretations(on_mask, deck, rules.stairs_min_pairs)
    if not readings:
        raise QueryError(f"'on' ({deck.format_cards(on_mask)}) is not a combination")
    if readings[0][KIND] == DOG:
        raise QueryError("nothing is ever played on the Dog")
    return on_mask, choose_reading(readings, ph, deck)[0]


_ranks: dict = {}  # (lowest rank, highest rank, type, value) -> the rank it names


def _rank(deck, value, key):
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise QueryError(f"'{key}' must be a rank 2..{deck.rank_name(deck.high)} or null")
    known = (deck.low, deck.high, type(value), value)
    rank = _ranks.get(known)
    if rank is None:
        rank = deck.parse_rank(value)  # raises for what is no rank of the deck: never cached
        if len(_ranks) < 4096:
            _ranks[known] = rank
    return rank


def query_plays(query) -> tuple:
    """(rules, every distinct legal play in the seat's turn, whether it may pass)."""
    rules, hand, on, wish = parse_position(query)
    plays, can_pass = turn_plays(hand, rules.deck, on, wish,
                                 stairs_min_pairs=rules.stairs_min_pairs,
                                 led_phoenix=rules.led_phoenix_value,
                                 wish_bomb_escape=rules.wish_bomb_escape)
    return rules, plays, can_pass


def list_plays(query, count_only: bool = False) -> dict:
    """Answer one position: every distinct legal play in the seat's turn, and can_pass."""
    rules, plays, can_pass = query_plays(query)
    if count_only:
        return {"count": len(plays), "can_pass": can_pass}
    return {"plays": [describe(p, rules.deck) for p in plays], "can_pass": can_pass}
