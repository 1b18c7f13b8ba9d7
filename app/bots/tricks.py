"""Trick play for the Normal bot: leads, follows, bombs, the wish and the Dragon gift.

The hand is planned (`hand.plan_hand`) and every candidate play is judged by
what it does to the plan: `delta` = plan cost after the play - plan cost now.
A play of a combination of the plan lowers the cost; breaking a combination
raises it; a play likely to take the trick gains the lead (`Style.lead_value`).
A follow is made when that score is below the *urgency* of the trick (its
points, an opponent about to go out or with a call to stop, our own calls)
plus the tempo lost by passing; a bomb when the urgency is high or it lets
this hand go out. Leads run the hand when all but one combination are sure
winners, play free sure winners that nobody leads into, then the weakest
combination, and keep singles away from an opponent on its last card.

All candidates come from the view's legal lists, so whatever is chosen is legal.
(A little over 400 lines: the lead, the follow, bombs, the wish and the gift read one
another's rules, so they stay side by side.)
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine.cards import DRAGON_VALUE, mask_cards
from app.engine.combos import BOMB, DOG, KIND, LENGTH, MASK, PAIR, PHOENIX, SINGLE, VALUE, interpretations
from app.engine.plays import turn_plays

from .hand import DOG_COST, Plan, combo_mask, plan_hand, splitter_for
from .knowledge import Knowledge
from .tracking import Unseen


@dataclass(frozen=True)
class Style:
    """The weights of Normal's trick play (defaults tuned with the arena)."""

    lead_value: float = 0.7  # what taking the lead is worth, in plan-cost units
    lead_length: float = 0.04  # preference per card for leading longer combinations
    urgency_scale: float = 1.0
    pass_cost: float = 0.3  # passing lets the opponents keep the tempo: a cost of its own
    points_weight: float = 1 / 30  # urgency per card point on the table
    dog_margin: float = 3.0  # lead the Dog when the partner holds this many cards fewer


DEFAULT_STYLE = Style()


@dataclass
class Option:
    play: tuple
    entry: dict
    score: float = 0.0


class Turn:
    """What a decision needs about the own hand, computed once per decision."""

    def __init__(self, k: Knowledge, style: Style = DEFAULT_STYLE):
        self.k = k
        self.style = style
        self.deck = k.deck
        self.smp = k.rules.stairs_min_pairs
        self.hand = k.hand
        self.plan: Plan = plan_hand(self.hand, self.deck, self.smp)
        self.base = self.plan.cost
        self._costs: dict[int, float] = {}
        self._unseen: Unseen | None = None

    @property
    def unseen(self) -> Unseen:
        if self._unseen is None:
            self._unseen = Unseen(self.k.unseen, self.deck)
        return self._unseen

    def rest_cost(self, mask: int) -> float:
        cost = self._costs.get(mask)
        if cost is None:
            cost = self._costs[mask] = plan_hand(self.hand & ~mask, self.deck, self.smp).cost
        return cost

    def delta(self, play: tuple) -> float:
        return self.rest_cost(play[MASK]) - self.base


# -- the situation --------------------------------------------------------------------


def urgency(k: Knowledge, top_seat: int | None, points: bool = True,
            points_weight: float = 1 / 30) -> float:
    """How much it matters to take this trick away from `top_seat` (an opponent)."""
    u = 0.0
    if points:
        u += max(0, k.points_on_table()) * points_weight
    if top_seat is not None:
        c = k.counts[top_seat]
        if c == 1:
            u += 1.0  # wins this trick, leads its last card, and is out
        elif c == 2:
            u += 0.7
        elif 0 < c <= 4:
            u += 0.25
        if k.calls[top_seat] and c > 0:
            u += 0.5
    for o in k.opponents:
        if o != top_seat and k.calls[o] and k.active(o):
            u += 0.2
    if k.calls[k.seat]:
        u += 0.4
    if any(k.calls[p] and k.active(p) for p in k.partners):
        u += 0.2
    out = [s for s in range(k.rules.seats) if k.places[s] == 1]
    if out and out[0] in k.partners:
        u += 0.3  # a double victory is on
    return u


def opponent_counts(k: Knowledge) -> list[int]:
    return [k.counts[o] for o in k.opponents if k.active(o)]


# -- leads ------------------------------------------------------------------------------


def _pick(entries: list, ph: int | None) -> tuple:
    """Among the readings of one card set, the one with the Phoenix rank wanted, else the highest."""
    if ph:
        for p, e in entries:
            if p[PHOENIX] == ph:
                return p, e
    return max(entries, key=lambda pe: pe[0][VALUE])


def lead_options(t: Turn, plays: list) -> list[Option]:
    """The plan's combinations (and the Dragon, Dog, bombs) as legal leads, with their cost."""
    deck = t.deck
    by_mask: dict[int, list] = {}
    for p, e in plays:
        by_mask.setdefault(p[MASK], []).append((p, e))
    opts = []
    plan = t.plan
    sp = splitter_for(deck, t.smp)
    for combo in plan.combos:
        mask = combo_mask(combo, plan.rest_mask, deck)
        entries = by_mask.get(mask)
        if not entries:
            continue
        p, e = _pick(entries, combo[3])
        cost = sp.combo_cost(combo[0], combo[1], combo[2])
        opts.append(Option(p, e, cost))
    specials = [(1 << c, 0.0) for c in mask_cards(t.hand & deck.dragon_mask)]
    specials += [(deck.dog_mask, DOG_COST)] if t.hand & deck.dog_mask else []
    for bit, cost in specials:
        if bit in by_mask:
            p, e = by_mask[bit][0]
            opts.append(Option(p, e, cost))
    for b in plan.bombs:
        if b[MASK] in by_mask:
            p, e = by_mask[b[MASK]][0]
            opts.append(Option(p, e, -1.0))
    return opts


ENTRY_KINDS = (SINGLE, PAIR)  # kinds others lead often: high ones win the lead back


def choose_lead(t: Turn, plays: list) -> tuple:
    """The lead: run the hand when it can, else free winners first, then the weakest combination."""
    k = t.k
    hand = t.hand
    for p, e in plays:
        if p[MASK] == hand:
            return p, e  # out at once
    fed = lead_for_partner_out(t, plays)
    if fed is not None:
        return fed
    opts = lead_options(t, plays)
    if not opts:
        # The wish rules out the plan's leads: the legal play that hurts the plan least.
        return min(plays, key=lambda pe: (pe[0][KIND] == BOMB, t.delta(pe[0]), pe[0][VALUE]))
    unseen = t.unseen
    sure = [o for o in opts if o.play[KIND] != DOG and unseen.play_is_sure(o.play)]
    losers = [o for o in opts if o not in sure]
    partner_active = any(k.active(p) for p in k.partners)
    dog = next((o for o in opts if o.play[KIND] == DOG), None)
    if dog and partner_active and _dog_now(k, t, losers):
        return dog.play, dog.entry
    if len(losers) <= 1:
        # Every lead but one wins: run the hand, the loser last (bombs kept for the end).
        running = [o for o in sure if o.play[KIND] != BOMB]
        if running:
            best = max(running, key=lambda o: (o.play[LENGTH], -o.play[VALUE]))
            return best.play, best.entry
        if losers:
            return losers[0].play, losers[0].entry
        best = min(sure, key=lambda o: o.play[VALUE])
        return best.play, best.entry
    # Sure winners others rarely lead into (straights, full houses...) cost nothing now.
    free = [o for o in sure if o.play[KIND] not in ENTRY_KINDS and o.play[KIND] != BOMB]
    if free:
        best = max(free, key=lambda o: (o.play[LENGTH], -o.play[VALUE]))
        return best.play, best.entry
    opp = opponent_counts(k)
    partner_cards = min((k.counts[p] for p in k.partners if k.active(p)), default=0)
    for o in losers:
        p = o.play
        kind, length = p[KIND], p[LENGTH]
        score = o.score + t.style.lead_length * (length - 1)  # o.score holds the combination's cost
        if kind == DOG:
            score = -4.0 if not partner_active else -1.0
        else:
            if any(c == length for c in opp):
                score -= 3.0 if length == 1 else 1.5  # an opponent could go out on it
            if kind == SINGLE and partner_active and partner_cards == 1 and 1 not in opp:
                score += 3.0 - 0.1 * p[VALUE]  # let the partner go out with its last card
        o.score = score
    best = max(losers, key=lambda o: (o.score, -o.play[VALUE]))
    return best.play, best.entry


def lead_for_partner_out(t: Turn, plays: list) -> tuple | None:
    """A partner whose hand this seat sees (the Trichu dealer and his Table) can go out with
    its whole hand: give it the lead with the Dog, or lead the lowest play it goes out on."""
    k = t.k
    deck = t.deck
    rules = k.rules
    for partner in k.partners:
        held = k.known[partner]
        if partner not in k.seen or not k.active(partner) or held.bit_count() != k.counts[partner]:
            continue
        size = held.bit_count()
        if interpretations(held, deck, t.smp, None, rules.led_phoenix_value):
            dog = next((pe for pe in plays if pe[0][KIND] == DOG), None)
            if dog is not None and k.dog_partner() == partner:
                return dog  # its whole hand is one lead
        fits = [pe for pe in plays if pe[0][LENGTH] == size and pe[0][KIND] not in (BOMB, DOG)
                and any(q[MASK] == held for q in turn_plays(held, deck, pe[0], None,
                                                            stairs_min_pairs=t.smp)[0])]
        if fits:
            return min(fits, key=lambda pe: (pe[0][VALUE], t.delta(pe[0])))
    return None


def _dog_now(k: Knowledge, t: Turn, losers: list) -> bool:
    """Hand the lead to the partner: it called, or it is better placed than this hand."""
    if k.calls[k.seat]:
        return len(losers) == 1  # only when the Dog is all that is left to lose
    partner = k.dog_partner()
    if k.calls[partner]:
        return True
    mine = k.counts[k.seat]
    return k.counts[partner] + t.style.dog_margin <= mine or (t.base >= 4.0 and k.counts[partner] <= mine)


# -- follows ----------------------------------------------------------------------------


def _single_penalty(t: Turn, p: tuple, top: tuple) -> float:
    """Spending a high single on a low one costs more than the plan says."""
    deck = t.deck
    if p[KIND] != SINGLE:
        return 0.0
    if p[MASK] & deck.phoenix_mask and p[LENGTH] == 1:
        return 0.35 if top[VALUE] < deck.high - 2 else 0.0
    if p[VALUE] >= deck.high - 1 and p[VALUE] < DRAGON_VALUE:
        return 0.035 * (p[VALUE] - top[VALUE])
    return 0.0


def choose_follow(t: Turn, plays: list, can_pass: bool) -> tuple | None:
    """The play to make on the trick, or None to pass."""
    k = t.k
    deck = t.deck
    hand = t.hand
    top_seat = k.top_seat
    opp = opponent_counts(k)
    partner_call = any(k.calls[p] and k.active(p) for p in k.partners)
    opp_near_out = any(c <= 2 for c in opp)
    outs = [pe for pe in plays if pe[0][MASK] == hand]
    if outs and (not partner_call or opp_near_out or not can_pass):
        return outs[0]
    if not can_pass:
        # The wish forces a play: the one that hurts the plan least (bombs last).
        return min(plays, key=lambda pe: (pe[0][KIND] == BOMB, t.delta(pe[0]), pe[0][VALUE]))
    if top_seat in k.partners:
        return None  # never overtake a partner (the Trichu dealer: its own Table)
    top = k.top
    style = t.style
    # Without teams (Grandseigneur) card points count for nothing: only the race to go out.
    u = urgency(k, top_seat, points=k.team is not None, points_weight=style.points_weight) \
        * style.urgency_scale + style.pass_cost
    bomb_cards = 0
    for b in t.plan.bombs:
        bomb_cards |= b[MASK]
    best, best_score = None, None
    for p, e in plays:
        if p[KIND] == BOMB or p[MASK] & bomb_cards:
            continue  # bombs are weighed below; an ordinary play never breaks one
        if p[MASK] & deck.dragon_mask and p[LENGTH] == 1:
            if not _dragon_worth(t, top, top_seat):
                continue
            score = -0.2
        else:
            score = t.delta(p) + _single_penalty(t, p, top)
            if style.lead_value:
                score -= style.lead_value * win_chance(t, p)
        if best_score is None or score < best_score or (score == best_score and p[VALUE] < best[0][VALUE]):
            best, best_score = (p, e), score
    if best is not None and best_score < u - 0.02:
        return best
    bombs = [pe for pe in plays if pe[0][KIND] == BOMB]
    if bombs:
        bomb = smallest_bomb(bombs)
        if should_bomb(t, bomb[0], u):
            return bomb
    return None


def win_chance(t: Turn, p: tuple) -> float:
    """A rough chance that `p` takes the trick: sure if no unseen cards beat it, else by
    how many unseen singles rank above it."""
    unseen = t.unseen
    if not unseen.can_beat(p[KIND], p[LENGTH], p[VALUE]):
        return 1.0
    if p[KIND] != SINGLE:
        return 0.45
    counts = unseen.counts
    higher = sum(counts[r] for r in range(int(p[VALUE]) + 1, len(counts))) + unseen.dragon + unseen.ph
    return max(0.05, 1.0 - 0.12 * higher)


def _dragon_worth(t: Turn, top: tuple, top_seat: int) -> bool:
    """The Dragon's trick goes to an opponent: play it for the lead, not for points."""
    k = t.k
    if top[VALUE] >= t.deck.high:
        return True  # on an Ace or a Phoenix
    if urgency(k, top_seat, points=False) >= 0.7:
        return True
    return t.rest_cost(t.hand & t.deck.dragon_mask) <= 1.3  # the lead lets this hand go out


def smallest_bomb(bombs: list) -> tuple:
    return min(bombs, key=lambda pe: pe[0][VALUE])


def should_bomb(t: Turn, bomb: tuple, u: float) -> bool:
    k = t.k
    if k.top_seat is None or k.top_seat in k.partners or k.top_seat == k.seat:
        return False
    if u >= 1.0:
        return True
    after = t.rest_cost(bomb[MASK])
    if after <= 1.0 + 0.4 * bool(k.calls[k.seat]):
        return True  # the lead the bomb wins lets this hand go out
    return False


def choose_out_of_turn_bomb(t: Turn, bombs: list) -> tuple | None:
    """A bomb out of turn: only when the trick would otherwise go to an opponent who matters."""
    k = t.k
    if k.top_seat is None or k.top_seat == k.seat or k.top_seat in k.partners:
        return None
    closing = k.closed or k.gift_from is not None
    nxt = k.turn
    next_opp_about_out = nxt is not None and nxt in k.opponents and 0 < k.counts[nxt] <= 2
    if not closing and not next_opp_about_out:
        return None  # our own turn comes before the trick can close
    u = urgency(k, k.top_seat)
    bomb = smallest_bomb(bombs)
    if u >= 1.0 or (closing and t.rest_cost(bomb[0][MASK]) <= 1.0):
        return bomb
    return None


# -- the Dragon gift and the wish ------------------------------------------------------


def choose_gift(k: Knowledge, seats: list[int]) -> int:
    """The opponent worse placed to use the trick: still playing, with more cards.

    Its tricks go to whoever went out first if it ends last, so the points may come back.
    """
    return max(seats, key=lambda s: (k.counts[s] > 0, k.counts[s], -seats.index(s)))


def choose_wish(k: Knowledge, play_mask: int) -> int | None:
    """A wish with a purpose: a rank the opponents surely hold (one we passed them),
    else a high rank we do not hold, so an opponent must spend it."""
    deck = k.deck
    left = k.hand & ~play_mask
    mine = {deck.rank_of[c] for c in range(deck.size) if left >> c & 1 and deck.role_of[c] == "normal"}
    passed = [deck.rank_of[c] for o, c in k.given
              if o in k.opponents and k.known[o] >> c & 1 and deck.role_of[c] == "normal"]
    passed = [r for r in passed if r not in mine]
    if passed:
        return max(passed)
    to_partner = {deck.rank_of[c] for o, c in k.given if o in k.partners}
    unseen_counts = [0] * (deck.high + 1)
    m = k.unseen & deck.normal_mask
    for c in range(deck.size):
        if m >> c & 1:
            unseen_counts[deck.rank_of[c]] += 1
    for r in range(deck.high, deck.low - 1, -1):
        if r not in mine and r not in to_partner and unseen_counts[r] >= 2:
            return r
    return None
