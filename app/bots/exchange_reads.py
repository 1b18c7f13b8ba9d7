"""What a partner's card in the exchange says of its hand (the Hard bot's `read_exchange`).

The model is Normal's exchange (`exchange.choose_exchange`): a partner that had not called
itself gives its partner a strong card, the loosest of its two highest ranks (Dragon, Phoenix and
bomb cards kept); one whose partner had called gives the best card it holds outside its bombs.
So a partner that gave this seat a Queen held no King or Ace outside a bomb (a King: no Ace...),
and one that gave its best card held nothing better. A deal whose partner hand breaks that is
kept with the chance `SLIP` (people and the Hard bot's exchange search do not always give their
best), through the soft reading of `reading.Reading`.

The hand read is the partner's after the exchange (its hand now and every card it has played),
less the card this seat gave it: the cards it got from the opponents stay in (they give low
cards, which no cap reads), the ones it gave them are unknown (low cards too). Not read: a
partner that called before it exchanged (it gives a card it can spare), where the rules force
the best cards, a partner giving cards to two partners (Tientsin), and the opponents' cards
(the loosest cards of a hand: no cheap test says which those were).
"""

from __future__ import annotations

from app.engine.cards import Deck

from .hand import split_bombs

#: How likely a partner's gift is where the hand breaks the model (a soft rule, not a hard one).
SLIP = 0.25
#: The rules Normal's exchange gives the partner by.
STRONG, BEST = "strong", "best"


def card_strength(deck: Deck, card: int) -> int:
    """The order `exchange._best_card` gives by: Dragon, Phoenix, Ace..2, Mah Jong, Dog."""
    role = deck.role_of[card]
    if role == "dragon":
        return 30
    if role == "phoenix":
        return 20
    if role == "normal":
        return deck.rank_of[card]
    return 1 if role == "mahjong" else 0


class PartnerGift:
    """A read term (`reading.Term`'s fields): the partner `seat` gave this seat `card` by `rule`.
    Its hand then is the sampled hand with `plus` (its plays) added and `minus` taken out."""

    kind = "exchange"
    called = True
    direct = True  # cheap: `reading.Reading` asks it for every deal, no memo
    __slots__ = ("seat", "card", "rule", "plus", "minus", "deck", "above")

    def __init__(self, seat: int, card: int, rule: str, plus: int, minus: int, deck: Deck):
        self.seat, self.card, self.rule, self.deck = seat, card, rule, deck
        self.plus, self.minus = plus, minus
        # The cards the rule says it did not hold outside a bomb.
        if rule == STRONG:  # it gave one of its two highest ranks: nothing above the next rank up
            self.above = sum(deck.rank_masks[r] for r in range(deck.rank_of[card] + 2, deck.high + 1))
        else:  # its best card: nothing better
            given = card_strength(deck, card)
            self.above = sum(1 << c for c in range(deck.size) if card_strength(deck, c) > given)

    def likelihood(self, hand: int) -> float:
        held = hand & self.above
        if not held:
            return 1.0
        for b in split_bombs(hand, self.deck)[0]:
            held &= ~b[3]
        return SLIP if held else 1.0


def _exchanged_after(history: list) -> dict:
    """{seat: the seats that had called before its exchange}: who had called when it gave."""
    made, at_exchange = [], {}
    for ev in history:
        act, s = ev.get("act"), ev.get("seat")
        if act == "exchange":
            at_exchange[s] = list(made)
        elif act == "tichu" or (act == "grand" and ev.get("call")):
            made.append(s)
    return at_exchange


def partner_gift_terms(k) -> list[PartnerGift]:
    """The partners' gifts to read for the seat of `k` (`Knowledge`), after the exchange."""
    view = k.view
    geometry = view["geometry"]
    if not k.received:
        return []
    at_exchange = _exchanged_after(view["history"])
    from_me = {}
    for target, c in k.given:
        from_me[target] = from_me.get(target, 0) | 1 << c
    terms = []
    hidden = k.hidden_seats()
    for p in k.partners:
        if p not in hidden or k.known[p].bit_count() >= k.counts[p]:
            continue  # out, or its hand known: nothing to weigh
        cards = [c for giver, c in k.received if giver == p]
        pattern = geometry["exchange"][p]
        to_partners = sum(n for t, n in pattern.items() if int(t) in geometry["partners"][p])
        if len(cards) != 1 or to_partners != 1 or p in geometry["forced_best"]:
            continue
        called = at_exchange.get(p, [])
        if p in called:
            continue  # a caller gives a card it can spare
        rule = BEST if k.seat in called else STRONG
        card = cards[0]
        if rule == STRONG and (k.deck.role_of[card] != "normal" or k.deck.rank_of[card] + 1 >= k.deck.high):
            continue  # an Ace or a King (nothing above its cap), or no normal card: nothing to read
        if rule == BEST and k.deck.role_of[card] == "dragon":
            continue  # the Dragon: nothing is better
        terms.append(PartnerGift(p, card, rule, k.played[p], from_me.get(p, 0), k.deck))
    return terms
