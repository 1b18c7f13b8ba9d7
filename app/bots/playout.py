"""Fast play-outs: the rest of a round, simulated on one sampled deal.

The Hard bot scores a candidate play by playing the round out many times,
each time on a different deal of the hidden cards. That needs speed more than
finesse, so this is a compact play-phase state machine of its own, not the
engine's `Round`:

- every seat plays from its hand plan (`hand.plan_hand`): it leads its weakest
  combination (or runs its hand when all but one combination are sure
  winners), follows with the lowest combination of its plan that beats the
  trick when that is worth it, breaks a combination (or plays the Phoenix) to
  beat an opponent's single or pair its plan cannot beat, never overtakes its partner,
  bombs an opponent who is about to go out, gives the Dragon's trick to the
  opponent with more cards;
- the Mah Jong's wish binds as the rules say (a seat holding the wished rank
  plays it when it lawfully can: the engine's `turn_plays` decides, the
  Trichu Table is free of it), and a seat playing the Mah Jong wishes the
  highest rank an opponent holds and its own team does not;
- an opponent of the trick's player bombs out of turn, before the next seat
  plays, when that player is about to go out or has called, on a Dragon, on
  25 points or more, or when the bomb's lead leaves it one more combination

- it knows every hand of its deal (a sampled deal, so this is no cheating);
- it skips what matters little for the score: no Tichu calls during the
  play-out.

The result is the round's score from the engine's rules (card points, the
tailender, double or triple victory, calls), as the difference for one team;
without teams (Grandseigneur) the place a seat went out in, scaled to points.
The seats, teams, partners and play order are the round's geometry from the view.

How it stays fast (a search runs thousands of these per decision): cards and
hands are bitmasks; a combination is a flat tuple made once per hand plan and
cached with it (`Planner`), carrying the key of its kind and length and the
value it beats with; each seat's plan has an index, kept until the plan
changes, of the best value per kind and length and its bombs, so most turns
(a seat that cannot beat the trick) are one dictionary lookup, and a lead asks
whether a combination is sure with one lookup per opponent; the loop keeps the
state in local variables and counts the seats still playing instead of
recounting them at every pass.

Exact endings: `run(stop_cards=N)` stops at the first lead with N cards or fewer left in
all hands, for `endings.py` to solve the rest exactly (`HardConfig.exact_cards`; 0: off).

Compiled where it can be: scripts/compile_playout.py builds a copy of this module with mypyc
(C, about a third faster), and `native.py` hands the searches that copy while it is built from
this very text. So the module stays within what mypy types: a variable or attribute that holds
a seat or None is annotated so (`Any`, `int | None`), since the compiled code checks the types
it infers.

Long on purpose: the play-out is the search's inner loop, and its pieces (the plans'
indexes, the lead, the follow, the wish and bombs out of turn) share local state that a
split into modules would pass around at a cost on every step.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Final

from app.engine.cards import DRAGON_VALUE, Deck, mask_cards
from app.engine.combos import BOMB, DOG, PAIR, SINGLE
from app.engine.plays import turn_plays

from .hand import DOG_COST, packed_counts, split_bombs, splitter_for

# A sim combination: (kind, length, value, mask, cost, points, key, beat), the engine's play
# tuple's first four fields (`app.engine.combos`) and then its own: the plan's cost of it, its
# card points, `key`: kind and length in one int (`combo_key`), `beat`: the value it beats with
# (its value, or for the single Phoenix, value PHX, a value above every rank and below the Dragon).
# (Final: the compiled copy reads them as numbers.)
KIND: Final = 0
LENGTH: Final = 1
VALUE: Final = 2
MASK: Final = 3
COST: Final = 4
POINTS: Final = 5
KEY: Final = 6
BEAT: Final = 7
PHX = -1.0
PHX_BEAT = DRAGON_VALUE - 0.5


def combo_key(kind: int, length: int) -> int:
    return kind << 5 | length


def sim_combo(kind: int, length: int, value: float, mask: int, cost: float, points: int) -> tuple:
    return (kind, length, value, mask, cost, points, kind << 5 | length, PHX_BEAT if value == PHX else value)


def _points(mask: int, points_of: list) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += points_of[low.bit_length() - 1]
        mask ^= low
    return total


def _index(plan: list) -> tuple[dict, list]:
    """A plan's index: {key: the highest value it beats with} over its ordinary combinations,
    and its bombs in plan order."""
    best: dict = {}
    bombs = []
    for c in plan:
        kind = c[KIND]
        if kind == BOMB:
            bombs.append(c)
        elif kind != DOG and c[BEAT] > best.get(c[KEY], -9.0):
            best[c[KEY]] = c[BEAT]
    return best, bombs


class Planner:
    """Hand plans as lists of sim combinations, cached by hand."""

    def __init__(self, deck: Deck, stairs_min_pairs: int):
        self.deck = deck
        self.smp = stairs_min_pairs
        self.sp = splitter_for(deck, stairs_min_pairs)
        self.cache: dict[int, tuple] = {}
        # Each combination as one tuple, shared by the plans holding it, so that a plan is a
        # tuple of tuples the garbage collector no longer tracks (as `hand.Splitter.combos`).
        self.combos: dict[tuple, tuple] = {}
        self.points_of = deck.points_of
        self.costs: dict[int, float] = {}  # kind, length and value in one int -> the splitter's cost
        # Card points by value: (points, the cards worth them), to count a mask at once.
        worth: dict[int, int] = {}
        for card, value in enumerate(deck.points_of):
            if value:
                worth[value] = worth.get(value, 0) | 1 << card
        self.point_groups = tuple(worth.items())
        # A natural card's points by its rank (all suits alike), and the Phoenix's.
        self.rank_points = [deck.points_of[(m & -m).bit_length() - 1] if m else 0 for m in deck.rank_masks]
        self.phoenix_points = deck.points_of[deck.phoenix] if deck.phoenix is not None else 0

    def points(self, mask: int) -> int:
        total = 0
        for value, cards in self.point_groups:
            if mask & cards:
                total += value * (mask & cards).bit_count()
        return total

    def plan(self, hand: int) -> list:
        """The plan of `hand`, a list of its own to play from."""
        return list(self.plan_tuple(hand))

    def plan_tuple(self, hand: int) -> tuple:
        """The plan of `hand` as the cached tuple (never to be changed)."""
        hit = self.cache.get(hand)
        if hit is None:
            hit = self._build(hand)
            if len(self.cache) > 20_000:
                self.cache.clear()
                self.combos.clear()
            self.cache[hand] = hit
        return hit

    def _build(self, hand: int) -> tuple:
        """`plan_hand`'s split of `hand` as sim combinations, weakest first (its steps inline:
        this runs for every hand of every sampled deal)."""
        deck = self.deck
        bombs, rest = split_bombs(hand, deck)
        phoenixes = rest & deck.phoenix_mask
        rest &= ~(deck.dragon_mask | deck.dog_mask)
        combos = self.sp.best_packed(packed_counts(rest, deck), bool(phoenixes))[1:]
        if phoenixes & (phoenixes - 1):  # the second Phoenix (two decks): a single of its own
            combos = combos + ((SINGLE, 1, 0, 0, ()),)
        out = []
        points = self.points
        costs = self.costs
        rank_masks, rank_points = deck.rank_masks, self.rank_points
        for combo in combos:
            # The combination's cards: the lowest free card of each rank (`hand.combo_mask`).
            mask = worth = 0
            for r in combo[4]:
                if r == 1:
                    mask |= deck.mahjong_mask
                    continue
                free = rest & rank_masks[r] & ~mask
                if not free:
                    mask = 0
                    break
                mask |= free & -free
                worth += rank_points[r]
            else:
                if combo[3] is not None:
                    free = rest & phoenixes & ~mask
                    if free:
                        mask |= free & -free
                        worth += self.phoenix_points
                    else:
                        mask = 0
            if not mask:
                worth = 0
            rest &= ~mask
            kind, length, value = combo[0], combo[1], combo[2]
            key = kind << 5 | length
            cost = costs.get(key << 5 | value)
            if cost is None:
                cost = costs[key << 5 | value] = self.sp.combo_cost(kind, length, value)
            if kind == SINGLE and value == 0:
                out.append((SINGLE, 1, PHX, mask, cost, worth, key, PHX_BEAT))
            else:
                out.append((kind, length, value, mask, cost, worth, key, value))
        for dragon in mask_cards(hand & deck.dragon_mask):
            out.append(sim_combo(SINGLE, 1, DRAGON_VALUE, 1 << dragon, 0.0, 25))
        if hand & deck.dog_mask:
            out.append(sim_combo(DOG, 1, 0, deck.dog_mask, DOG_COST, 0))
        for b in bombs:
            out.append(sim_combo(BOMB, b[1], b[2], b[3], -1.0, points(b[3])))
        out.sort(key=itemgetter(COST), reverse=True)  # weakest first: the order leads are made in
        shared = self.combos
        return tuple([shared.setdefault(c, c) for c in out])


_PLANNERS: dict = {}


def planner_for(deck: Deck, stairs_min_pairs: int) -> Planner:
    """The shared `Planner` of a deck and stairs rule (its cache serves every search)."""
    key = (deck.name, stairs_min_pairs)
    planner = _PLANNERS.get(key)
    if planner is None or planner.deck is not deck:
        planner = _PLANNERS[key] = Planner(deck, stairs_min_pairs)
    return planner


class Playout:
    """One simulated rest of a round. Build it from a position, call `run`."""

    __slots__ = ("rules", "deck", "planner", "n", "next_seat", "hands", "plans", "turn", "top",
                 "top_seat", "passes", "trick_points", "piles", "out", "calls", "high", "dv_points",
                 "partners", "team", "sweep", "gifts", "scoring", "opponents", "index", "left",
                 "rank_masks", "trace", "wish_free", "wish", "bombers", "cycle",
                 "nact")

    def __init__(self, rules, planner: Planner, geometry: dict | None = None):
        self.rules = rules
        self.rank_masks = rules.deck.rank_masks
        self.trace: Any = None  # a list `run` notes every action in (for tests): see the run loop
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
        self.opponents = [[o for o in range(self.n) if self.team[o] != self.team[s]] for s in range(self.n)]
        teams = geometry["teams"]
        self.sweep = len(teams[0]) if teams else 0  # players of one team out first end the round
        self.gifts = geometry["gift_to"]
        self.wish_free = frozenset(geometry.get("wish_free") or ())  # seats the wish does not bind
        cycle, seat = [], 0
        for _ in range(self.n):
            cycle.append(seat)
            seat = self.next_seat[seat]
        self.cycle = cycle  # every seat once, in play order

    def setup(self, hands, turn: int | None, top, top_seat, passes: int, trick_points: int,
              piles, out, calls, plans: list | None = None, wish: int | None = None):
        # (Only types every caller keeps are annotated here: the compiled copy checks them.)
        self.hands: list[int] = list(hands)
        self.plans = plans = plans if plans is not None else [self.planner.plan(h) for h in hands]
        self.wish: int | None = wish  # the wished rank in force
        # Seats holding bombs (a plan lists them last): those that may bomb out of turn.
        self.bombers = [s for s, p in enumerate(plans) if p and p[-1][KIND] == BOMB]
        # Per seat, its plan's index (`_index`) until the plan changes.
        self.index: list[Any] = [None] * self.n
        self.left = self.n - hands.count(0)  # seats still holding cards
        # Per seat, the next one in play order still holding cards (kept as seats go out).
        nact: list[Any] = [None] * self.n
        self.nact = nact
        after = None
        for seat in reversed(self.cycle * 2):
            nact[seat] = after
            if hands[seat]:
                after = seat
        self.turn: int | None = turn
        self.top: Any = top  # (kind, length, value) or None
        self.top_seat: int | None = top_seat
        self.passes = passes
        self.trick_points = trick_points
        self.piles: list[int] = list(piles)
        self.out: list[int] = list(out)
        self.calls = calls
        return self

    def replan(self, s: int) -> None:
        """Seat s plans its hand anew (after a play made from outside its plan)."""
        self.plans[s] = self.planner.plan(self.hands[s])
        self.index[s] = None

    # -- single steps (the search's own candidate; `run` does the same inline) -----------------

    def next_active(self, s: int) -> int | None:
        """The next seat after s in play order still holding cards (None: s alone or nobody)."""
        t = self.nact[s]
        return None if t == s else t

    def _gone(self, x: int) -> None:
        """Seat x has played its last card: the seats whose next was x now look past it."""
        nact = self.nact
        after = nact[x]
        for y in range(self.n):
            if nact[y] == x:
                nact[y] = after

    def play(self, s: int, kind: int, length: int, value, mask: int, points: int,
             wish: int | None = None) -> bool:
        """Seat s plays (with the Mah Jong, `wish` is its wish); returns True when the round is over."""
        self.hands[s] &= ~mask
        if self.wish is not None and mask & self.rank_masks[self.wish]:
            self.wish = None
        if wish is not None and mask & self.deck.mahjong_mask:
            self.wish = wish
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
            value = (self.top[2] + 0.5) if self.top is not None else 1.5
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
        self.left -= 1
        self._gone(s)
        if len(self.out) == self.sweep and self.sweep and self.double_victory():
            return True
        if len(self.out) == self.n - 1:
            if self.top is not None or self.trick_points:
                self._take_trick(s)  # the trick the last play closed goes to that player
            return True
        return False

    def _take_trick(self, winner: int):
        if self.top is not None and self.top[0] == SINGLE and self.top[2] >= DRAGON_VALUE:
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
        top_seat: Any = self.top_seat
        waiting = self.left - (1 if self.hands[top_seat] else 0)
        if self.passes >= waiting:
            winner: Any = top_seat
            self._take_trick(winner)
            self.top = None
            self.top_seat = None
            self.passes = 0
            self.turn = winner if self.hands[winner] else self.next_active(winner)
        else:
            self.turn = self.next_active(s)

    # -- the result ------------------------------------------------------------------------

    def double_victory(self) -> bool:
        """One team's players went out first, all of them (a double, in Tientsin a triple victory)."""
        out = self.out
        k = self.sweep
        return bool(k) and len(out) >= k and len({self.team[s] for s in out[:k]}) == 1

    def card_points(self) -> list:
        """Card points per team at the end (the tailender's hand to the opponents, its
        tricks to the first player out; in fifty-two both to the first player out, as the
        engine scores it); meaningless on a double victory."""
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
            elif self.scoring == "fifty-two":
                piles[out[0]] += piles[tail] + hand  # (its partner's, when the first out is one)
                hand = 0
            else:
                piles[out[0]] += piles[tail]
            piles[tail] = 0
            points[1 - self.team[tail]] += hand
        for s in range(self.n):
            points[self.team[s]] += piles[s]
        return points

    def score(self, team: int):
        """The round's score difference for `team` (the engine's scoring rules); without
        teams (`team` is then a seat) 50 points per place better than the middle."""
        if self.scoring == "grandseigneur":
            order = self.out + sorted((s for s in range(self.n) if s not in self.out),
                                      key=lambda s: self.hands[s].bit_count())
            return int(50 * ((self.n - 1) / 2 - order.index(team)))
        points = self.round_points()
        return points[team] - points[1 - team]

    def round_points(self) -> list:
        """Each of the two teams' round score (card points or the double victory, and the calls)."""
        first: Any = self.out[0] if self.out else None
        if self.double_victory():
            points = [0, 0]
            points[self.team[first]] = self.dv_points
        else:
            points = self.card_points()
        for s, call in enumerate(self.calls):
            if call:
                value = 200 if call == "grand" else 100
                points[self.team[s]] += value if s == first else -value
        return points

    # -- the policy --------------------------------------------------------------------------

    def run(self, max_steps: int = 400, stop_cards: int = 0) -> None:
        """Play the round out from the current state (the policy in the module doc); with
        `stop_cards`, stop at the first lead with that many cards or fewer left in all hands
        (`turn` then names the leader: `endings.py` solves the rest exactly)."""
        hands, plans, index, team, calls = self.hands, self.plans, self.index, self.team, self.calls
        piles, out, n = self.piles, self.out, self.n
        high1 = self.high - 1
        sweep = self.sweep
        turn: Any = self.turn
        top_seat: Any = self.top_seat
        passes = self.passes
        trick_points, left = self.trick_points, self.left
        wish: Any = self.wish
        wished = self.rank_masks[wish] if wish is not None else 0  # the wished rank's natural cards
        wish_free, mahjong = self.wish_free, self.deck.mahjong_mask
        bombers = self.bombers
        trace = self.trace
        nact = self.nact
        # The top: its kind (-1: none), length, value and key; the team on top; how many passes
        # end the trick (every other seat still holding cards: nobody goes out by passing).
        top_team = waiting = 0
        if self.top is None:
            top_kind, top_len, top_val, top_key = -1, 0, 0.0, -1
        else:
            top_kind, top_len, top_val = self.top
            top_key = top_kind << 5 | top_len
            if top_seat is not None:
                top_team = team[top_seat]
                waiting = left - (1 if hands[top_seat] else 0)
        over = False
        # A combination on the table may be bombed at once, before the seat in turn plays.
        c = None
        if top_kind >= 0 and bombers:
            found = self._out_of_turn_bomb(top_seat, top_kind, top_val, top_team, trick_points)
            if found is not None:
                s, c = found
        bombed = c is not None  # c is a bomb out of turn
        steps = max_steps  # actions left (each pass one)
        while steps > 0:
            steps -= 1
            if c is None:
                s = turn
                if s is None:
                    break
                if stop_cards and top_kind < 0:
                    held = 0
                    for h in hands:
                        held += h.bit_count()
                    if held <= stop_cards:
                        break
                if wish is not None and hands[s] & wished and s not in wish_free:
                    c = self._wished(s, top_kind, top_len, top_val, wish)  # None: nothing forced
                if c is not None:
                    pass
                elif top_kind < 0:
                    c = self._lead(s)
                    ix = index[s]
                    if ix is not None:  # keep its index: only c's own key can change
                        if c[KIND] == BOMB:
                            ix[1].remove(c)
                        elif ix[0].get(c[KEY]) == c[BEAT] and c[KIND] != DOG:
                            self._next_best(s, c[KEY])
                else:
                    while True:  # following: seat after seat, as long as they pass (a tight loop)
                        if top_team != team[s]:  # never overtake the partner
                            ix = index[s]
                            if ix is None:
                                ix = index[s] = _index(plans[s])
                            beat = ix[0].get(top_key)
                            bombs = ix[1]
                            if beat is None or beat <= top_val:
                                beat = None  # nothing of the plan beats the top
                                if not bombs:
                                    if top_kind == SINGLE:  # a card out of a combination beats it
                                        c = self._break_single(s, top_val, bombs)
                                    elif top_kind == PAIR:  # or two
                                        c = self._break_pair(s, top_val, bombs)
                                    beat = False  # decided: no need to look further
                            if beat is not False:
                                plan = plans[s]
                                best = None
                                if beat is not None:
                                    best_v = 0.0
                                    for d in plan:  # the lowest combination beating the top
                                        if d[KEY] == top_key and d[BEAT] > top_val:
                                            v = d[VALUE]
                                            if v == PHX:
                                                v = top_val + 0.5
                                            if best is None or v < best_v:
                                                best, best_v = d, v
                                held = hands[top_seat].bit_count()
                                urgent = (0 < held <= 2 or (held > 0 and bool(calls[top_seat]))
                                          or trick_points >= 20)
                                if best is not None:
                                    if (len(plan) <= 2 or best[COST] >= 0.45 or top_val >= high1 or urgent
                                            or trick_points >= 10 or calls[s]):
                                        plan.remove(best)
                                        if ix[0][top_key] == best[BEAT]:  # (the index holds best's key)
                                            self._next_best(s, top_key)
                                        c = best
                                elif top_kind == SINGLE:
                                    c = self._break_single(s, top_val, bombs)
                                elif top_kind == PAIR:
                                    c = self._break_pair(s, top_val, bombs)
                                if c is None and bombs and (urgent or len(plan) <= 2):
                                    bomb = None
                                    for d in bombs:  # the lowest bomb beating the top
                                        if ((top_kind != BOMB or d[VALUE] > top_val)
                                                and (bomb is None or d[VALUE] < bomb[VALUE])):
                                            bomb = d
                                    if bomb is not None:
                                        plan.remove(bomb)
                                        bombs.remove(bomb)
                                        c = bomb
                        if c is not None:
                            break
                        # s passes.
                        if trace is not None:
                            trace.append((s, None, (top_kind, top_len, top_val), wish, False, hands[s]))
                        passes += 1
                        if passes >= waiting:
                            winner = top_seat  # the trick is over: collected (the Dragon's given away)
                            if top_kind == SINGLE and top_val >= DRAGON_VALUE:
                                winner = self._gift_to(winner)
                            piles[winner] += trick_points
                            trick_points = 0
                            top_kind, top_key = -1, -1
                            passes = 0
                            turn = top_seat if hands[top_seat] else nact[top_seat]  # the winner leads
                            top_seat = None
                            break
                        turn = nact[s]
                        if steps <= 0 or (wish is not None and hands[turn] & wished
                                          and turn not in wish_free):
                            break  # the step limit, or the wish: the outer loop takes the next seat
                        steps -= 1
                        s = turn
                    if c is None:
                        continue
            # Seat s plays c (in its turn, or a bomb out of turn), then bombs out of turn on it.
            while True:
                if trace is not None:  # (seat, combination, the top, the wish, out of turn, hand before)
                    trace.append((s, c, (top_kind, top_len, top_val) if top_kind >= 0 else None, wish,
                                  bombed, hands[s]))
                kind = c[KIND]
                hand = hands[s] = hands[s] & ~c[MASK]
                if c[MASK] & wished:
                    wish, wished = None, 0  # a natural card of the wished rank: fulfilled
                if c[MASK] & mahjong:
                    wish = self._choose_wish(s)
                    wished = self.rank_masks[wish] if wish is not None else 0
                if kind == DOG:
                    p = self._dog_to(s)
                    top_kind, top_key = -1, -1
                    top_seat = None
                    passes = 0
                    if not hand:
                        out.append(s)
                        left -= 1
                        if len(out) == sweep and self.double_victory():
                            over = True
                            break
                        if len(out) == n - 1:
                            if trick_points:
                                piles[s] += trick_points
                                trick_points = 0
                            over = True
                            break
                        self._gone(s)
                    turn = p if hands[p] else nact[p]
                    break
                value = c[VALUE]
                if value == PHX:
                    value = top_val + 0.5 if top_kind >= 0 else 1.5
                top_kind, top_len, top_val, top_key = kind, c[LENGTH], value, c[KEY]
                top_seat = s
                top_team = team[s]
                passes = 0
                trick_points += c[POINTS]
                waiting = left - 1  # every seat holding cards but s (also when s goes out now)
                if not hand:
                    out.append(s)
                    left -= 1
                    if len(out) == sweep and self.double_victory():
                        over = True
                        break
                    if len(out) == n - 1:
                        winner = s  # the trick the last play closed goes to that player
                        if top_kind == SINGLE and top_val >= DRAGON_VALUE:
                            winner = self._gift_to(winner)
                        piles[winner] += trick_points
                        trick_points = 0
                        over = True
                        break
                    self._gone(s)
                turn = nact[s]  # (after a bomb out of turn too: the seat after the bomber)
                if not bombers:
                    break
                found = self._out_of_turn_bomb(s, top_kind, top_val, top_team, trick_points)
                if found is None:
                    break
                s, c = found
                bombed = True
            if over:
                break
            c = None
            bombed = False
        self.turn = None if over else turn
        self.top = None if top_kind < 0 else (top_kind, top_len, top_val)
        self.top_seat, self.passes, self.trick_points, self.left = top_seat, passes, trick_points, left
        self.wish = wish

    # -- the wish and bombs out of turn ---------------------------------------------------------

    def _wished(self, s: int, top_kind: int, top_len: int, top_val: float, wish: int) -> tuple | None:
        """The play seat s must make in its turn under the wish (it holds the wished rank), or
        None when nothing binds it (following with no legal play holding that rank). The legal
        plays are the engine's own; s makes a combination of its plan that fulfils the wish if
        it has one, else the shortest, lowest fulfilling play (a bomb last), and plans anew."""
        rules = self.rules
        on = None if top_kind < 0 else (top_kind, top_len, top_val, 0, None)
        plays, may_pass = turn_plays(self.hands[s], self.deck, on, wish,
                                     stairs_min_pairs=rules.stairs_min_pairs,
                                     led_phoenix=rules.led_phoenix_value,
                                     wish_bomb_escape=rules.wish_bomb_escape)
        if may_pass:
            return None
        wished = self.rank_masks[wish]
        plan = self.plans[s]
        planned = {c[3]: c for c in plan}
        best = None
        for p in plays:
            if p[MASK] & wished:
                rank = (p[KIND] == BOMB, p[MASK] not in planned, p[LENGTH], p[VALUE])
                if best is None or rank < best[0]:
                    best = (rank, p)
        if best is None:
            return None  # (cannot happen: a seat bound by the wish has a play fulfilling it)
        kind, length, value, mask, _ = best[1]
        if mask in planned:
            plan.remove(planned[mask])
        else:
            self.plans[s] = self.planner.plan(self.hands[s] & ~mask)
        self.index[s] = None
        return (kind, length, value, mask, 1.0, self.planner.points(mask), kind << 5 | length, value)

    def _choose_wish(self, s: int) -> int | None:
        """The rank seat s wishes with its Mah Jong: the highest one an opponent holds and its
        own team does not (an opponent must break a combination or spend a high card)."""
        hands = self.hands
        theirs = ours = 0
        team = self.team[s]
        for o in range(self.n):
            if self.team[o] == team:
                ours |= hands[o]
            else:
                theirs |= hands[o]
        rank_masks = self.rank_masks
        for r in range(self.high, self.deck.low - 1, -1):
            if theirs & rank_masks[r] and not ours & rank_masks[r]:
                return r
        return None

    def _out_of_turn_bomb(self, top_seat: int, top_kind: int, top_val: float, top_team: int,
                          trick_points: int) -> tuple | None:
        """(seat, bomb): the first seat after the top, in play order, that bombs the trick out of
        turn, or None. An opponent of the top bombs with its lowest bomb that beats it when the
        top's player is about to go out or has called, on a Dragon, on 25 points or more, or
        when the bomb's lead leaves it at most one more combination to play."""
        hands, plans, nxt = self.hands, self.plans, self.next_seat
        held = hands[top_seat].bit_count()
        pressing = (0 < held <= 2 or (held > 0 and bool(self.calls[top_seat]))
                    or (top_kind == SINGLE and top_val >= DRAGON_VALUE) or trick_points >= 25)
        b = top_seat
        for _ in range(self.n - 1):
            b = nxt[b]
            plan = plans[b]
            if not plan or plan[-1][KIND] != BOMB or self.team[b] == top_team or not hands[b]:
                continue  # (a plan keeps its bombs last: the cheapest combinations)
            if not pressing and len(plan) > 2:
                continue
            bomb = None
            for d in reversed(plan):
                if d[KIND] != BOMB:
                    break
                if (top_kind != BOMB or d[VALUE] > top_val) and (bomb is None or d[VALUE] <= bomb[VALUE]):
                    bomb = d
            if bomb is not None:
                plan.remove(bomb)
                self.index[b] = None
                return b, bomb
        return None

    def _next_best(self, s: int, key: int) -> None:
        """Seat s's index after its best combination of `key` left its plan: the next best."""
        best = self.index[s][0]
        top = None
        for d in self.plans[s]:
            if d[KEY] == key and (top is None or d[BEAT] > top):
                top = d[BEAT]
        if top is None:
            del best[key]
        else:
            best[key] = top

    def _lead(self, s: int) -> tuple:
        """What seat s leads (the policy in the module doc). Its plan is judged combination by
        combination, weakest first, and only as far as the choice needs: once two of them
        lose, the weakest loser that may be led is the lead."""
        plan = self.plans[s]
        if len(plan) == 1:
            c = plan[0]
            plan.clear()
            return c
        hands, plans, index = self.hands, self.plans, self.index
        # The Dog goes to a partner better placed (or to one when nothing else loses, below).
        dog = None
        if hands[s] & self.deck.dog_mask:  # (a plan holds the Dog as long as its hand does)
            for c in plan:
                if c[KIND] == DOG:
                    dog = c
                    break
        dog_if_no_loser = False
        if dog is not None:
            partner = self._dog_to(s) if self.partners[s] else None
            if partner is not None and hands[partner]:
                if len(plans[partner]) < len(plan) - 1:
                    plan.remove(dog)
                    return dog
                dog_if_no_loser = True
        # What each opponent still holding cards beats with, per kind and length.
        tables = []
        for o in self.opponents[s]:
            if hands[o]:
                ix = index[o]
                if ix is None:
                    ix = index[o] = _index(plans[o])
                tables.append(ix[0])
        losers = []  # (the Dog is counted among them, last)
        sure = []
        one_card_opp = None  # an opponent on its last card: no single led into it (asked once)
        dogs = 1 if dog is not None else 0
        for c in plan:
            kind = c[KIND]
            if kind == DOG:
                continue
            if kind == BOMB:
                sure.append(c)
                continue
            key = c[KEY]
            v = c[VALUE]
            if v == PHX:
                v = 1.5
            for t in tables:
                b = t.get(key)
                if b is not None and b > v:
                    break  # an opponent's plan beats it (bombs aside)
            else:
                sure.append(c)
                continue
            losers.append(c)
            if len(losers) + dogs >= 2:
                # Two losers: the first one that may be led is the lead, whatever comes later.
                if one_card_opp is None:
                    one_card_opp = self._one_card_opponent(s)
                    for d in losers:
                        if not (one_card_opp and d[KIND] == SINGLE):
                            plan.remove(d)
                            return d
                elif not (one_card_opp and kind == SINGLE):
                    plan.remove(c)
                    return c
        if dog is not None:
            if dog_if_no_loser and not losers:
                plan.remove(dog)
                return dog
            losers.append(dog)
        if len(losers) <= 1:
            c = None
            for d in sure:  # run the hand: its longest combination first (bombs kept)
                if d[KIND] != BOMB and (c is None or d[LENGTH] > c[LENGTH]):
                    c = d
            if c is not None:
                pass
            elif losers:
                c = losers[0]
            else:
                c = sure[0]
            plan.remove(c)
            return c
        # No loser may be led: the highest single into the last card, else the weakest loser.
        if one_card_opp is None:
            one_card_opp = self._one_card_opponent(s)
        singles = [c for c in losers if c[KIND] == SINGLE]
        choice = max(singles, key=lambda c: c[VALUE]) if singles and one_card_opp else losers[0]
        plan.remove(choice)
        return choice

    def _one_card_opponent(self, s: int) -> bool:
        hands = self.hands
        for o in self.opponents[s]:
            if hands[o] and hands[o].bit_count() == 1:
                return True
        return False

    def _break_single(self, s: int, top_value: float, bombs: list) -> tuple | None:
        """The lowest single card above the top taken out of a combination (not out of one of
        `bombs`, the bombs of its plan), else the Phoenix (above any card but the Dragon)."""
        deck = self.deck
        hand = self.hands[s]
        free = hand
        for c in bombs:
            free &= ~c[MASK]
        rank_masks = deck.rank_masks
        for r in range(int(top_value) + 1, deck.high + 1):  # (card ids go up with the rank)
            cards = free & rank_masks[r]
            if cards:
                return self._broken(s, SINGLE, 1, r, cards & -cards, r)
        phoenix = hand & deck.phoenix_mask
        if phoenix and top_value < PHX_BEAT:  # no card of a rank above: the Phoenix
            return self._broken(s, SINGLE, 1, PHX, phoenix & -phoenix, PHX_BEAT)
        return None

    def _break_pair(self, s: int, top_value: float, bombs: list) -> tuple | None:
        """The lowest pair above the top taken out of combinations (not out of one of `bombs`),
        else the lowest card above it with the Phoenix (kept for last: it is worth more alone)."""
        deck = self.deck
        free = self.hands[s]
        for c in bombs:
            free &= ~c[MASK]
        rank_masks = deck.rank_masks
        phoenix = free & deck.phoenix_mask
        lone, lone_rank = 0, 0  # the lowest free card above the top, to pair with the Phoenix
        for r in range(int(top_value) + 1, deck.high + 1):
            cards = free & rank_masks[r]
            if not cards:
                continue
            low = cards & -cards
            rest = cards & ~low
            if rest:
                return self._broken(s, PAIR, 2, r, low | (rest & -rest), r)
            if not lone:
                lone, lone_rank = low, r
        if phoenix and lone:
            return self._broken(s, PAIR, 2, lone_rank, lone | phoenix, lone_rank)
        return None

    def _broken(self, s: int, kind: int, length: int, value: float, mask: int, beats: float) -> tuple:
        """Combination `mask` of seat s's hand (its `value`, and the value it beats with: above
        any card but the Dragon for the Phoenix alone), taken out of its plan, made again."""
        self.plans[s] = self.planner.plan(self.hands[s] & ~mask)
        self.index[s] = None
        return (kind, length, value, mask, 1.0, self.planner.points(mask), kind << 5 | length, beats)
