"""Fast play-outs: the rest of a round, simulated on one sampled deal.

The Hard bot scores a candidate play by playing the round out many times,
each time on a different deal of the hidden cards. That needs speed more than
finesse, so this is a compact play-phase state machine of its own, not the
engine's `Round`:

- every seat plays from its hand plan (`hand.plan_hand`): it leads its weakest
  combination (or runs its hand when all but one combination are sure
  winners), follows with the lowest combination of its plan that beats the
  trick when that is worth it, breaks a combination only to stop an opponent
  who is about to go out, never overtakes its partner, bombs an opponent who
  is about to go out, gives the Dragon's trick to the opponent with more cards;
- it knows every hand of its deal (a sampled deal, so this is no cheating);
- it skips what matters little for the score: no wish, no Tichu calls during
  the play-out, bombs only in a seat's own turn.

The result is the round's score from the engine's rules (card points, the
tailender, double or triple victory, calls), as the difference for one team;
without teams (Grandseigneur) the place a seat went out in, scaled to points.
The seats, teams, partners and play order are the round's geometry from the view.
"""

from __future__ import annotations

from app.engine.cards import DRAGON_VALUE, Deck, mask_cards
from app.engine.combos import BOMB, DOG, KIND, LENGTH, MASK, SINGLE, VALUE

from .hand import DOG_COST, combo_mask, plan_hand, splitter_for

# A sim combination: (kind, length, value, mask, cost, points). A single Phoenix has value PHX.
COST, POINTS = 4, 5
PHX = -1.0


def _points(mask: int, points_of: list) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += points_of[low.bit_length() - 1]
        mask ^= low
    return total


class Planner:
    """Hand plans as lists of sim combinations, cached by hand."""

    def __init__(self, deck: Deck, stairs_min_pairs: int):
        self.deck = deck
        self.smp = stairs_min_pairs
        self.sp = splitter_for(deck, stairs_min_pairs)
        self.cache: dict[int, tuple] = {}
        self.points_of = deck.points_of

    def plan(self, hand: int) -> list:
        hit = self.cache.get(hand)
        if hit is None:
            hit = self._build(hand)
            if len(self.cache) > 20_000:
                self.cache.clear()
            self.cache[hand] = hit
        return list(hit)

    def _build(self, hand: int) -> tuple:
        deck = self.deck
        plan = plan_hand(hand, deck, self.smp)
        out = []
        rest = plan.rest_mask
        pts = self.points_of
        for combo in plan.combos:
            mask = combo_mask(combo, rest, deck)
            rest &= ~mask
            value = PHX if combo[0] == SINGLE and combo[2] == 0 else combo[2]
            out.append((combo[0], combo[1], value, mask, self.sp.combo_cost(combo[0], combo[1], combo[2]),
                        _points(mask, pts)))
        for dragon in mask_cards(hand & deck.dragon_mask):
            out.append((SINGLE, 1, DRAGON_VALUE, 1 << dragon, 0.0, 25))
        if plan.dog:
            out.append((DOG, 1, 0, deck.dog_mask, DOG_COST, 0))
        for b in plan.bombs:
            out.append((BOMB, b[LENGTH], b[VALUE], b[MASK], -1.0, _points(b[MASK], pts)))
        # Weakest first: the order leads are made in.
        out.sort(key=lambda c: -c[COST])
        return tuple(out)


class Playout:
    """One simulated rest of a round. Build it from a position, call `run`."""

    __slots__ = ("rules", "deck", "planner", "n", "next_seat", "hands", "plans", "turn", "top",
                 "top_seat", "passes", "trick_points", "piles", "out", "calls", "high", "dv_points",
                 "partners", "team", "sweep", "gifts", "scoring")

    def __init__(self, rules, planner: Planner, geometry: dict | None = None):
        self.rules = rules
        self.deck = rules.deck
        self.planner = planner
        geometry = geometry if geometry is not None else rules.seating.as_dict(None)
        self.n = len(geometry["next"])
        self.next_seat = geometry["next"]
        self.high = rules.deck.high
        self.scoring = rules.ruleset.scoring
        opts = rules.options
        self.dv_points = opts.get("triple_victory_points", opts.get("double_victory_points", 0))
        self.partners = [list(p) for p in geometry["dog_to"]]
        # A seat without a team is a team of its own (Grandseigneur).
        self.team = [t if t is not None else s for s, t in enumerate(geometry["team_of"])]
        teams = geometry["teams"]
        self.sweep = len(teams[0]) if teams else 0  # players of one team out first end the round
        self.gifts = geometry["gift_to"]

    def setup(self, hands: list[int], turn: int, top, top_seat, passes: int, trick_points: int,
              piles: list[int], out: list[int], calls: list, plans: list | None = None):
        self.hands = list(hands)
        self.plans = plans if plans is not None else [self.planner.plan(h) for h in hands]
        self.turn = turn
        self.top = top  # (kind, length, value) or None
        self.top_seat = top_seat
        self.passes = passes
        self.trick_points = trick_points
        self.piles = list(piles)
        self.out = list(out)
        self.calls = calls
        return self

    # -- the state machine ----------------------------------------------------------------

    def active(self, s: int) -> bool:
        return self.hands[s] != 0

    def next_active(self, s: int) -> int | None:
        nxt = self.next_seat
        for _ in range(self.n - 1):
            s = nxt[s]
            if self.hands[s]:
                return s
        return None

    def play(self, s: int, kind: int, length: int, value: float, mask: int, points: int) -> bool:
        """Seat s plays; returns True when the round is over."""
        self.hands[s] &= ~mask
        if kind == DOG:
            p = self._dog_to(s)
            done = self._went_out(s)
            if done:
                return True
            self.top = None
            self.top_seat = None
            self.passes = 0
            self.turn = p if self.hands[p] else self.next_active(p)
            return self.turn is None
        if kind == SINGLE and value == PHX:
            value = (self.top[VALUE] + 0.5) if self.top is not None else 1.5
        self.top = (kind, length, value)
        self.top_seat = s
        self.passes = 0
        self.trick_points += points
        if self._went_out(s):
            return True
        self.turn = self.next_active(s)
        return False

    def _dog_to(self, s: int) -> int:
        partners = self.partners[s]
        if not partners:
            return self.next_seat[s]
        return next((p for p in partners if self.hands[p]), partners[0])

    def _went_out(self, s: int) -> bool:
        if self.hands[s]:
            return False
        self.out.append(s)
        if len(self.out) == self.sweep and self.sweep and self.double_victory():
            return True
        if len(self.out) == self.n - 1:
            if self.top is not None or self.trick_points:
                self._take_trick(s)  # the trick the last play closed goes to that player
            return True
        return False

    def _take_trick(self, winner: int):
        if self.top is not None and self.top[KIND] == SINGLE and self.top[VALUE] >= DRAGON_VALUE:
            winner = self._gift_to(winner)
        self.piles[winner] += self.trick_points
        self.trick_points = 0

    def _gift_to(self, s: int) -> int:
        opps = self.gifts[s]
        if not opps:
            return s  # no gift in this game: the Dragon's trick is its player's
        return max(opps, key=lambda o: (self.hands[o] != 0, self.hands[o].bit_count()))

    def pass_(self, s: int):
        self.passes += 1
        waiting = sum(1 for x in range(self.n) if self.hands[x] and x != self.top_seat)
        if self.passes >= waiting:
            winner = self.top_seat
            self._take_trick(winner)
            self.top = None
            self.top_seat = None
            self.passes = 0
            self.turn = winner if self.hands[winner] else self.next_active(winner)
        else:
            self.turn = self.next_active(s)

    def double_victory(self) -> bool:
        """One team's players went out first, all of them (a double, in Tientsin a triple victory)."""
        out = self.out
        k = self.sweep
        return bool(k) and len(out) >= k and len({self.team[s] for s in out[:k]}) == 1

    def card_points(self) -> list[int]:
        """Card points per team at the end (the tailender's hand to the opponents, its
        tricks to the first player out); meaningless on a double victory."""
        out = self.out
        points = [0, 0]  # per team: the scored games with points have two teams
        piles = list(self.piles)
        tail = next((s for s in range(self.n) if s not in out), None)
        if tail is not None and out:
            hand = _points(self.hands[tail], self.planner.points_of)
            if self.scoring == "tientsin":
                # The last player's hand and tricks to the opponents, the fifth's tricks to the first.
                piles[out[0]] += piles[out[-1]]
                piles[out[-1]] = 0
                hand += piles[tail]
            else:
                piles[out[0]] += piles[tail]
            piles[tail] = 0
            points[1 - self.team[tail]] += hand
        for s in range(self.n):
            points[self.team[s]] += piles[s]
        return points

    def score(self, team: int) -> int:
        """The round's score difference for `team` (the engine's scoring rules); without
        teams (`team` is then a seat) 50 points per place better than the middle."""
        if self.scoring == "grandseigneur":
            order = self.out + sorted((s for s in range(self.n) if s not in self.out),
                                      key=lambda s: self.hands[s].bit_count())
            return int(50 * ((self.n - 1) / 2 - order.index(team)))
        first = self.out[0] if self.out else None
        if self.double_victory():
            diff = self.dv_points if self.team[first] == team else -self.dv_points
        else:
            points = self.card_points()
            diff = points[team] - points[1 - team]
        for s, call in enumerate(self.calls):
            if call:
                value = 200 if call == "grand" else 100
                made = s == first
                sign = 1 if self.team[s] == team else -1
                diff += sign * (value if made else -value)
        return diff

    # -- the policy --------------------------------------------------------------------------

    def run(self, max_steps: int = 400) -> None:
        for _ in range(max_steps):
            s = self.turn
            if s is None:
                return
            if self.top is None:
                c = self._lead(s)
                if self.play(s, c[0], c[1], c[2], c[3], c[5]):
                    return
            else:
                c = self._follow(s)
                if c is None:
                    self.pass_(s)
                elif self.play(s, c[0], c[1], c[2], c[3], c[5]):
                    return

    def _beats(self, c: tuple, top: tuple) -> bool:
        kind = c[0]
        if kind == BOMB:
            return top[0] != BOMB or c[2] > top[2]
        if kind != top[0] or c[1] != top[1]:
            return False
        if kind == SINGLE and c[2] == PHX:
            return top[2] < DRAGON_VALUE
        return c[2] > top[2]

    def _sure(self, s: int, c: tuple) -> bool:
        """No opponent's plan holds a combination beating `c` (bombs aside)."""
        if c[0] == BOMB:
            return True
        if c[0] == DOG:
            return False
        top = (c[0], c[1], c[2] if c[2] != PHX else 1.5)
        team = self.team[s]
        for o in range(self.n):
            if self.team[o] == team or not self.hands[o]:
                continue
            for d in self.plans[o]:
                if d[0] != BOMB and self._beats(d, top):
                    return False
        return True

    def _lead(self, s: int) -> tuple:
        plan = self.plans[s]
        if len(plan) == 1:
            c = plan[0]
            plan.clear()
            return c
        partner = self._dog_to(s) if self.partners[s] else None
        dog = None
        losers = []
        sure = []
        for c in plan:
            if c[0] == DOG:
                dog = c
            elif self._sure(s, c):
                sure.append(c)
            else:
                losers.append(c)
        if dog is not None:
            if partner is not None and self.hands[partner] and (
                    len(self.plans[partner]) < len(plan) - 1 or not losers):
                plan.remove(dog)
                return dog
            losers.append(dog)
        if len(losers) <= 1:
            running = [c for c in sure if c[0] != BOMB]
            if running:
                c = max(running, key=lambda c: c[1])
            elif losers:
                c = losers[0]
            else:
                c = sure[0]
            plan.remove(c)
            return c
        # Weakest loser first (the plan is sorted weakest first), singles not into a last card.
        one_card_opp = any(self.hands[o] and self.hands[o].bit_count() == 1
                           for o in range(self.n) if self.team[o] != self.team[s])
        choice = None
        for c in losers:
            if c[0] == DOG:
                continue
            if one_card_opp and c[0] == SINGLE:
                continue
            choice = c
            break
        if choice is None:
            singles = [c for c in losers if c[0] == SINGLE]
            choice = max(singles, key=lambda c: c[2]) if singles and one_card_opp else losers[0]
        plan.remove(choice)
        return choice

    def _urgent(self, s: int) -> bool:
        ts = self.top_seat
        c = self.hands[ts].bit_count()
        if 0 < c <= 2 or (self.calls[ts] and c > 0):
            return True
        if self.trick_points >= 20:
            return True
        return False

    def _follow(self, s: int) -> tuple | None:
        top = self.top
        ts = self.top_seat
        if self.team[ts] == self.team[s]:
            return None  # never overtake the partner
        plan = self.plans[s]
        best = None
        bomb = None
        for c in plan:
            if c[0] == BOMB:
                if self._beats(c, top) and (bomb is None or c[2] < bomb[2]):
                    bomb = c
                continue
            if self._beats(c, top):
                v = c[2] if c[2] != PHX else top[2] + 0.5
                if best is None or v < (best[2] if best[2] != PHX else top[2] + 0.5):
                    best = c
        if best is not None:
            if len(plan) == 1 or self._worth(s, best, top):
                plan.remove(best)
                return best
        elif top[0] == SINGLE and self._urgent(s):
            c = self._break_single(s, top)
            if c is not None:
                return c
        if bomb is not None and (self._urgent(s) or len(plan) <= 2):
            plan.remove(bomb)
            return bomb
        return None

    def _worth(self, s: int, c: tuple, top: tuple) -> bool:
        """Is playing `c` on `top` worth it: cheap to spend, or the trick matters."""
        if c[4] >= 0.45:
            return True  # a weak combination: glad to get rid of it
        if top[2] >= self.high - 1 or self._urgent(s) or self.trick_points >= 10:
            return True
        if len(self.plans[s]) <= 2 or self.calls[s]:
            return True
        return False

    def _break_single(self, s: int, top: tuple) -> tuple | None:
        """The lowest single card above the top taken out of a combination (no bombs)."""
        deck = self.deck
        hand = self.hands[s]
        bombs = 0
        for c in self.plans[s]:
            if c[0] == BOMB:
                bombs |= c[3]
        best_card, best_value = None, None
        m = hand & ~bombs & deck.normal_mask
        rank_of = deck.rank_of
        while m:
            low = m & -m
            card = low.bit_length() - 1
            m ^= low
            r = rank_of[card]
            if r > top[2] and (best_value is None or r < best_value):
                best_card, best_value = card, r
        if best_card is None:
            return None
        bit = 1 << best_card
        self.plans[s] = self.planner.plan(hand & ~bit)
        return (SINGLE, 1, best_value, bit, 1.0, deck.points_of[best_card])
