"""The exchange with a plan.

- To the partner: a strong card (the best one if the partner has called),
  unless this seat calls itself: then a card its plan does not need.
- To the opponents: the loosest low cards, the ones whose loss makes the
  plan cheapest; never the Dragon, the Phoenix or a card of a bomb.
- The Dog goes to an opponent who has called (it costs a caller a lead).
- Without teams (Grandseigneur) every target gets the loosest cards; where the
  rules force the best cards (its lower ranks), the caller gives those instead.

Who gets how many cards is the round's exchange pattern, from the view.
"""

from __future__ import annotations

from functools import lru_cache

from app.engine.cards import FIFTY_TWO_DECK, STANDARD_DECK, Deck, mask_cards
from app.engine.combos import SINGLE

from .hand import plan_hand, splitter_for


def loosest(hand: int, deck: Deck, smp: int, exclude: int) -> list[tuple[float, int]]:
    """Cards of `hand` by how little the plan misses them: (cost after giving it, card), best first.

    Judged once on the full hand (the plan of 14 cards minus each card), so that one
    exchange decision plans the hand about fifteen times, not fifty.
    """
    return [(score, c) for score, c in _scores(hand, deck, smp) if not exclude >> c & 1]


_DECKS = {d.name: d for d in (STANDARD_DECK, FIFTY_TWO_DECK)}


def _scores(hand: int, deck: Deck, smp: int) -> tuple:
    return _scores_cached(hand, deck.name, smp) if _DECKS.get(deck.name) is deck else \
        _score_cards(hand, deck, smp)


@lru_cache(maxsize=256)
def _scores_cached(hand: int, deck_name: str, smp: int) -> tuple:
    return _score_cards(hand, _DECKS[deck_name], smp)


def _score_cards(hand: int, deck: Deck, smp: int) -> tuple:
    plan = plan_hand(hand, deck, smp)
    sp = splitter_for(deck, smp)
    # A card that is a single of the plan leaves the rest of the plan as it is (the plan
    # without it is still the best split of the rest): no need to plan again.
    lone = {}
    for combo in plan.combos:
        if combo[0] == SINGLE and combo[3] is None:
            lone[combo[4][0]] = plan.cost - sp.combo_cost(SINGLE, 1, combo[2])
    scored = []
    never = deck.dragon_mask | deck.phoenix_mask | deck.dog_mask  # chosen without scores
    for c in mask_cards(hand & ~never):
        r = deck.rank_of[c]
        is_lone_normal = deck.role_of[c] == "normal" or deck.role_of[c] == "mahjong"
        if is_lone_normal and r in lone and _only_card_of_rank(hand, c, deck):
            cost = lone[r]
        else:
            cost = plan_hand(hand & ~(1 << c), deck, smp).cost
        # Prefer giving low cards among equally loose ones.
        scored.append((cost + 0.03 * r, c))
    scored.sort()
    return tuple(scored)


def _only_card_of_rank(hand: int, card: int, deck: Deck) -> bool:
    if deck.role_of[card] == "mahjong":
        return True
    return (hand & deck.rank_masks[deck.rank_of[card]]).bit_count() == 1


def choose_exchange(hand: int, deck: Deck, smp: int, partners: list[int], pattern: dict[int, int],
                    calls: list, calling: bool, dog_away: bool = False) -> dict[int, list[int]]:
    """{target seat: [cards]} for the exchange; `pattern` is {target: how many cards} and
    `partners` the seat's partners (none in Grandseigneur: every target is then fed the
    loosest cards)."""
    targets = sorted(pattern)
    opponents = [t for t in targets if t not in partners]
    plan = plan_hand(hand, deck, smp)
    keep = 0
    for b in plan.bombs:
        keep |= b[3]
    if not partners:
        keep |= deck.mahjong_mask  # in a race to go out (no teams) the first lead is worth keeping
    specials = deck.dragon_mask | deck.phoenix_mask
    give: dict[int, list[int]] = {}
    left = hand
    # The Dog to an opponent who has called.
    dog = deck.dog_mask
    callers = [o for o in opponents if calls[o]] or (opponents if dog_away or calling else [])
    if hand & dog and callers:
        give[callers[0]] = [deck.dog]
        left &= ~dog
    # The partners' cards (Tientsin: a strong card for each of the two).
    for partner in (t for t in targets if t in partners):
        for _ in range(pattern[partner]):
            if calling:
                scored = loosest(hand, deck, smp, keep | specials | dog | (hand & ~left))
                card = _partner_filler(scored, deck)
            elif calls[partner]:
                card = _best_card(left & ~keep, deck)
            else:
                card = _strong_card(hand, deck, smp, keep | specials | (hand & ~left))
            if card is None:
                card = _best_card(left, deck)
            give.setdefault(partner, []).append(card)
            left &= ~(1 << card)
    # The opponents' cards: the loosest (judged on the whole hand), the lower to the next opponent.
    slots = [o for o in opponents for _ in range(pattern[o] - len(give.get(o, ())))]
    if slots:
        left_cards = [c for _, c in loosest(hand, deck, smp, keep | specials | (hand & ~left))]
        left_cards += [c for c in mask_cards(left & dog) if c not in left_cards]
        left_cards += [c for c in mask_cards(left & specials) if c not in left_cards]  # last resort
        left_cards += [c for c in mask_cards(left) if c not in left_cards]
        chosen = [c for c in left_cards if left >> c & 1][:len(slots)]
        chosen.sort(key=lambda c: deck.rank_of[c])
        for o, c in zip(slots, chosen):
            give.setdefault(o, []).append(c)
    return give


def _partner_filler(scored: list, deck: Deck) -> int | None:
    """A caller's card for its partner: a loose card, a middle one rather than its lowest."""
    if not scored:
        return None
    good = [c for cost, c in scored[:4] if deck.rank_of[c] < deck.high - 1]  # keep Aces and Kings
    if not good:
        return scored[0][1]
    return max(good, key=lambda c: deck.rank_of[c])


def _best_card(mask: int, deck: Deck) -> int | None:
    cards = mask_cards(mask)
    if not cards:
        return None
    return min(cards, key=deck.sort_key)  # sort_key: Dragon first, then Phoenix, then A..2


def _strong_card(hand: int, deck: Deck, smp: int, exclude: int) -> int | None:
    """A high card the plan can spare best: among the two highest ranks held, the loosest."""
    normal = [c for c in mask_cards(hand & ~exclude & deck.normal_mask)]
    if not normal:
        return None
    top = max(deck.rank_of[c] for c in normal)
    high = {c for c in normal if deck.rank_of[c] >= top - 1}
    # _scores already holds cost + 0.03 * rank; favour the higher card a little more.
    return min((score - 0.08 * deck.rank_of[c], c) for score, c in _scores(hand, deck, smp) if c in high)[1]
