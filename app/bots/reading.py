"""Reading the hidden cards: how likely each seat's calls were, for a sampled hand.

A seat that called Tichu or Grand Tichu is likely to hold a strong hand. The model of
play is the Normal bot's own (`calls.py`): it calls when its logistic chance to go out
first clears a threshold. Made soft, the chance that a seat holding H made its call is

    p(H) = logistic((chance(H) - threshold) / SOFTNESS)

with the threshold Normal would have used then (the score's pressure, an opponent's call
before it). A deal's weight is the product over the calls of p(H), in [0, 1] (its maximum
is about 1, so it is already normalised); `Sampler` and `PrePlayDeals` keep a drawn deal
with that chance (rejection sampling, at most `TRIES` draws; after that one of the drawn
deals in proportion to its weight). Every consumer then sees unweighted deals.

The hand H is the one the seat held when it called, as far as it can be rebuilt:

- Tichu in the play (before its first card): exact, the sampled hand and every card it has
  played since.
- Tichu before the exchange: that hand less the cards this seat gave it (they came later);
  the two it received from the others stay in, and the cards it passed are unknown, so Normal's
  hand-less-what-it-passes is only approximated (with its before-the-exchange threshold).
- Grand Tichu in the play: the first eight cards are unknown. The dealt hand is rebuilt (the
  card this seat gave it out, the one it gave this seat in; the two swapped with the others
  are not known) and p is averaged over which eight of its cards came first, exactly, on the
  Grand features' counts (Dragon, Phoenix, Dog, Aces, Kings; bombs are left out: four of a
  rank among eight first cards is rare).
- Before the play (`PrePlayDeals`) the dealt hands and the first cards are the deal itself:
  Grand Tichu is exact; a Tichu before the exchange is read on the whole dealt hand.

With `no_calls` a seat that could have called Tichu after the exchange and played its first
card without calling is read too (weight 1 - p); it costs a plan of every such hand in every
deal, so it is a separate option. The same weighing reads two more of the others' actions,
each by its own rule and option: a partner's card in the exchange (`exchange_reads.py`) and
bombs not thrown (`bomb_reads.py`). Not read here: Grand Tichu not called, the opponents'
cards in the exchange, passes and leads (`exits.py` reads those as going out goes; a seat that
did not fulfil a wish is a hard rule, `Knowledge.max_of_rank`).
"""

from __future__ import annotations

import math
import random

from app.engine.cards import Deck

from . import calls
from .bomb_reads import no_bomb_terms
from .exchange_reads import partner_gift_terms
from .hand import rank_counts

#: The soft threshold's width, in chance: 0.05 below the threshold a call is 27% likely.
SOFTNESS = 0.05
#: Deals drawn at most for one read deal: the reading costs at most this many draws.
TRIES = 8

TICHU, TICHU_BEFORE, GRAND = "tichu", "tichu_before", "grand"


def call_chance(chance: float, threshold: float) -> float:
    """How likely a call is, with this chance to go out first, at this threshold."""
    z = (chance - threshold) / SOFTNESS
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


class Term:
    """One seat's call (or call not made) to read: the hand it held then is the sampled hand
    of `seat` with `plus` added and `minus` taken out."""

    direct = False  # weighed through `Reading`'s memo (a call's chance costs a plan)
    __slots__ = ("seat", "kind", "called", "threshold", "plus", "minus")

    def __init__(self, seat: int, kind: str, called: bool, threshold: float, plus: int = 0, minus: int = 0):
        self.seat, self.kind, self.called, self.threshold = seat, kind, called, threshold
        self.plus, self.minus = plus, minus


class Reading:
    """The weight of a deal: how likely the read seats' calls were with its hands."""

    def __init__(self, deck: Deck, stairs_min_pairs: int, terms: list[Term], shown_size: int = 8,
                 tries: int = TRIES):
        self.deck = deck
        self.tries = tries
        self.smp = stairs_min_pairs
        self.terms = terms
        self.shown_size = shown_size
        self.memo: dict = {}  # (term index, hand) -> likelihood: late in a round hands recur

    def weight(self, hands: list[int], shown: list[int] | None = None) -> float:
        w = 1.0
        memo = self.memo
        for i, t in enumerate(self.terms):
            if t.direct:  # the exchange's and the bombs' rules: a few bit operations
                p = t.likelihood((hands[t.seat] | t.plus) & ~t.minus)
            elif t.kind == GRAND and shown is not None:
                p = call_chance(calls.grand_chance(shown[t.seat], self.deck), t.threshold)
            else:
                hand = (hands[t.seat] | t.plus) & ~t.minus
                key = (i, hand)
                p = memo.get(key)
                if p is None:
                    if len(memo) > 20000:
                        memo.clear()
                    p = memo[key] = self._likelihood(t, hand)
            w *= p if t.called else 1.0 - p
        return w

    def _likelihood(self, t: Term, hand: int) -> float:
        """How likely the call was with this hand at the call."""
        if t.kind == GRAND:
            return grand_from_whole(hand, self.deck, self.shown_size, t.threshold)
        return call_chance(calls.tichu_chance(hand, self.deck, self.smp), t.threshold)

    def draw(self, draw, rng: random.Random):
        """A deal from `draw()` kept with its weight's chance; after `tries` refused, one of them
        in proportion to its weight (the last where all weigh nothing). `weigh(deal)` reads it."""
        drawn, weights = [], []
        for _ in range(self.tries):
            deal = draw()
            w = self.weigh(deal)
            if rng.random() < w:
                return deal
            drawn.append(deal)
            weights.append(w)
        total = sum(weights)
        if total <= 0:
            return drawn[-1]
        pick = rng.random() * total
        for deal, w in zip(drawn, weights):
            pick -= w
            if pick < 0:
                return deal
        return drawn[-1]

    def weigh(self, deal) -> float:
        if isinstance(deal, tuple):  # PrePlayDeals: (hands, shown)
            return self.weight(*deal)
        return self.weight(deal)


_GRAND_MEMO: dict = {}


def grand_from_whole(hand: int, deck: Deck, shown: int, threshold: float) -> float:
    """How likely a Grand Tichu call was from a whole dealt hand whose first `shown` cards are
    unknown: the call's chance averaged over which of its cards came first (hypergeometric on
    the Grand features' counts; bombs left out)."""
    counts = rank_counts(hand, deck)
    size = hand.bit_count()
    specials = (int(bool(hand & deck.dragon_mask)), int(bool(hand & deck.phoenix_mask)),
                int(bool(hand & deck.dog_mask)), counts[deck.high], counts[deck.high - 1])
    key = (specials, size, shown, threshold)
    p = _GRAND_MEMO.get(key)
    if p is None:
        p = _GRAND_MEMO[key] = _grand_average(specials, size, shown, threshold)
    return p


def _grand_average(specials: tuple, size: int, shown: int, threshold: float) -> float:
    dragon, phoenix, dog, aces, kings = specials
    rest = size - sum(specials)
    total = math.comb(size, shown)
    if shown >= size or total == 0:
        features = {"dragon": dragon, "phoenix": phoenix, "aces": aces, "kings": kings, "bombs": 0,
                    "dog": dog}
        return call_chance(calls.grand_chance_of(features), threshold)
    p = 0.0
    for d in range(dragon + 1):
        for ph in range(phoenix + 1):
            for g in range(dog + 1):
                for a in range(aces + 1):
                    for kk in range(kings + 1):
                        r = shown - d - ph - g - a - kk
                        if r < 0 or r > rest:
                            continue
                        ways = math.comb(aces, a) * math.comb(kings, kk) * math.comb(rest, r)
                        features = {"dragon": d, "phoenix": ph, "aces": a, "kings": kk, "bombs": 0, "dog": g}
                        p += ways / total * call_chance(calls.grand_chance_of(features), threshold)
    return p


# -- the calls to read, from a seat's view --------------------------------------------------------

def _calls_in_order(view: dict) -> tuple[dict, dict]:
    """({seat: (kind, an opponent had called before)} for every call, {seat: an opponent had
    called before its first card} for every seat that has played), from the history."""
    geometry = view["geometry"]
    exchangers = sum(1 for pattern in geometry["exchange"] if pattern)
    exchanged = 0
    called: dict = {}
    first_card: dict = {}
    for ev in view["history"]:
        act, s = ev.get("act"), ev.get("seat")
        if act == "exchange":
            exchanged += 1
        elif act in ("grand", "tichu") and s not in called and (act == "tichu" or ev.get("call")):
            kind = GRAND if act == "grand" else TICHU_BEFORE if exchanged < exchangers else TICHU
            called[s] = (kind, any(o in called for o in geometry["opponents"][s]))
        elif act == "play" and s not in first_card:
            first_card[s] = any(o in called for o in geometry["opponents"][s])
    return called, first_card


def _threshold(view: dict, seat: int, kind: str, opponent_called: bool) -> float:
    if kind == GRAND:
        return calls.grand_threshold(view, seat, calls.GRAND_CHANCE)
    base = calls.TICHU_CHANCE_BEFORE_EXCHANGE if kind == TICHU_BEFORE else calls.TICHU_CHANCE
    return calls.tichu_threshold(view, seat, base, opponent_called)


def play_reading(k, no_calls: bool = False, tries: int = TRIES, read_calls: bool = True,
                 exchange: bool = False, bombs: bool = False) -> Reading | None:
    """What to read in a play-phase deal for the seat of `k` (`Knowledge`): the calls (with
    `read_calls`), the partners' cards in the exchange (`exchange`, `exchange_reads.py`), the
    bombs not thrown (`bombs`, `bomb_reads.py`); None: nothing to read (the sampler keeps its
    plain draw)."""
    terms = call_terms(k, no_calls) if read_calls else []
    if exchange:
        terms += partner_gift_terms(k)
    if bombs:
        terms += no_bomb_terms(k)
    if not terms:
        return None
    return Reading(k.deck, k.rules.stairs_min_pairs, terms, k.rules.grand_tichu_cards, tries)


def call_terms(k, no_calls: bool = False) -> list[Term]:
    """The others' calls (and with `no_calls` their absence) to read for the seat of `k`."""
    view = k.view
    called, first_card = _calls_in_order(view)
    from_me = [0] * k.rules.seats  # the cards this seat gave each seat
    to_me = [0] * k.rules.seats  # ... and received from it
    for target, c in k.given:
        from_me[target] |= 1 << c
    for giver, c in k.received:
        to_me[giver] |= 1 << c
    partners = view["geometry"]["partners"]
    terms = []
    for s in k.hidden_seats():
        if k.known[s].bit_count() >= k.counts[s]:
            continue  # its hand is known: nothing to weigh
        if s in called:
            kind, opponent_called = called[s]
            plus, minus = k.played[s], 0
            if kind == TICHU_BEFORE:
                minus = from_me[s]
            elif kind == GRAND:
                plus |= to_me[s]
                minus = from_me[s]
            terms.append(Term(s, kind, True, _threshold(view, s, kind, opponent_called), plus, minus))
        elif (no_calls and view["geometry"]["tichu"] and s in first_card
              and not any(p in called for p in partners[s])):
            terms.append(Term(s, TICHU, False, _threshold(view, s, TICHU, first_card[s]), k.played[s]))
    return terms


def pre_play_reading(view: dict, need: list[int], rules, tries: int = TRIES) -> Reading | None:
    """The calls to read in a deal before the play (`PrePlayDeals`) for the viewer: the others'
    Grand Tichu (on their first cards, exact) and Tichu before the exchange (on the whole dealt
    hand). `need`: the cards each seat is dealt beyond what the viewer knows of its hand."""
    called, _ = _calls_in_order(view)
    terms = [Term(s, kind, True, _threshold(view, s, kind, opponent_called))
             for s, (kind, opponent_called) in sorted(called.items())
             if s != view["viewer"] and need[s] > 0]
    if not terms:
        return None
    return Reading(rules.deck, rules.stairs_min_pairs, terms, rules.grand_tichu_cards, tries)
