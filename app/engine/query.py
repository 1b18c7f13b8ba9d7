"""Play queries: the positions `python -m app.engine plays` reads, and its answers."""

from __future__ import annotations

from .combos import DOG, KIND, choose_reading, describe, interpretations
from .errors import EngineError
from .plays import turn_plays
from .rulesets import get_ruleset


class QueryError(EngineError):
    code = "bad_query"


def parse_position(query) -> tuple:
    """(rules, hand mask, on play or None, wish rank or None) from a query object."""
    if not isinstance(query, dict):
        raise QueryError("a position is a JSON object with at least 'hand'")
    options = query.get("options")
    rules = get_ruleset(query.get("ruleset", "standard")).resolve({} if options is None else options)
    deck = rules.deck
    if not isinstance(query.get("hand"), str):
        raise QueryError("'hand' must be a string of cards")
    hand = deck.parse_mask(query["hand"])
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
    on_mask = deck.parse_mask(on)
    if not on_mask:
        raise QueryError("'on' names no cards (use null for a lead)")
    if on_mask & hand:
        raise QueryError(f"'hand' and 'on' share {deck.format_cards(on_mask & hand)}")
    if on_mask == 1 << deck.phoenix:
        # A single Phoenix counts the rank it was played on and a half (on the Mah Jong:
        # "1"); led, its led value.
        if on_phoenix is None:
            value = rules.led_phoenix_value
        elif str(on_phoenix).strip() in ("1", deck.codes[deck.mahjong]):
            value = 1.5
        else:
            value = _rank(deck, on_phoenix, "on_phoenix") + 0.5
        return rules, hand, (0, 1, value, on_mask, None), wish
    ph = None if on_phoenix is None else _rank(deck, on_phoenix, "on_phoenix")
    readings = interpretations(on_mask, deck, rules.stairs_min_pairs)
    if not readings:
        raise QueryError(f"'on' ({deck.format_cards(on_mask)}) is not a combination")
    if readings[0][KIND] == DOG:
        raise QueryError("nothing is ever played on the Dog")
    readings = choose_reading(readings, ph, deck)
    return rules, hand, readings[0], wish


def _rank(deck, value, key):
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise QueryError(f"'{key}' must be a rank 2..{deck.rank_name(deck.high)} or null")
    return deck.parse_rank(value)


def list_plays(query, count_only: bool = False) -> dict:
    """Answer one position: every distinct legal play in the seat's turn, and can_pass."""
    rules, hand, on, wish = parse_position(query)
    plays, can_pass = turn_plays(hand, rules.deck, on, wish,
                                 stairs_min_pairs=rules.stairs_min_pairs,
                                 led_phoenix=rules.led_phoenix_value,
                                 wish_bomb_escape=rules.wish_bomb_escape)
    if count_only:
        return {"count": len(plays), "can_pass": can_pass}
    return {"plays": [describe(p, rules.deck) for p in plays], "can_pass": can_pass}
