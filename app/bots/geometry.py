"""What the round's seat geometry asks of one hand, read from its view (never from seat numbers).

- `exchange_pattern`: whom this hand gives how many cards ({target: count});
- `forced_best`: whether it must give its best cards (Grandseigneur's lower ranks),
  and `best_cards`, those cards by the engine's order (Dragon, Phoenix, Mah Jong, A..2);
- `best_first`: a view's hand in that order (for bots of one's own);
- `exchange_action`: the record action for chosen cards;
- `dog_partner`: whom a Dog passes the lead to where the rules leave the choice.
"""

from __future__ import annotations

from app.engine.cards import Deck, mask_cards
from app.engine.round import strength
from app.engine.rulesets import rules_of


def exchange_pattern(view: dict) -> dict[int, int]:
    """{target seat: number of cards} this hand gives in this round's exchange."""
    pattern = view["geometry"]["exchange"][view["viewer"]]
    return {int(t): n for t, n in pattern.items()}


def forced_best(view: dict) -> bool:
    return view["viewer"] in view["geometry"]["forced_best"]


def best_cards(deck: Deck, hand: int, count: int) -> list[int]:
    """The `count` best cards of `hand` as the forced exchange counts them."""
    return sorted(mask_cards(hand), key=lambda c: (-strength(deck, c), deck.sort_key(c)))[:count]


def best_first(view: dict) -> list[str]:
    """The view's hand, best first in the forced exchange's order (the Mah Jong after the
    Phoenix and before the Aces)."""
    deck = rules_of(view).deck
    hand = deck.parse_mask(view["hand"])
    return [deck.codes[c] for c in best_cards(deck, hand, hand.bit_count())]


def exchange_action(deck: Deck, give: dict[int, list[int]]) -> dict:
    return {"act": "exchange",
            "give": {str(t): deck.format_cards(cards) for t, cards in sorted(give.items())}}


def deal_out(cards: list[int], pattern: dict[int, int]) -> dict[int, list[int]]:
    """`cards` handed to the targets in seat order, as many as each one gets."""
    give, at = {}, 0
    for t, n in sorted(pattern.items()):
        give[t] = cards[at:at + n]
        at += n
    return give


def dog_partner(view: dict) -> int | None:
    """The partner a Dog should pass the lead to where there is a choice (`legal.dog_to`):
    the one best placed to go out (a caller first, then the fewest cards)."""
    choice = view["legal"]["dog_to"]
    if not choice:
        return None
    players = view["players"]
    return min(choice, key=lambda s: (not (players[s]["tichu"] or players[s]["grand"]),
                                      players[s]["cards"], view["geometry"]["relative"][s]))
