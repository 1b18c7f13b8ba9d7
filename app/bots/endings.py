"""Exact endings: the rest of a round solved with every hand known, as bridge programs solve
a deal double dummy.

Once few cards are left, the Hard bot's play-out (`playout.Playout`) can hand its sampled deal
over to `Ending.solve`: a minimax search, alpha-beta with a transposition table, over every
legal move of every seat to the round's end. Two teams, zero-sum: each seat maximises its
team's score difference as the engine scores the round (`app.engine.scoring.score_round`:
card points with each ruleset's tailender rule, a double or triple victory, the calls). Games
without teams (Grandseigneur) are left to the play-out.

What the search models, exactly as the engine (`app.engine.round`) plays it:

- a seat's moves in its turn are the engine's `turn_plays` (the Mah Jong's wish binds, the
  Trichu Table is free of it, `wish_bomb_escape` as the rules say), passing where allowed;
- a play with the Mah Jong wishes nothing or a rank an opponent holds (a rank only its own
  team holds, or nobody, binds only its own team: never better than no wish);
- the Dog gives the lead to the partner (in Tientsin the partner chosen, as a move), the
  Phoenix single is worth half a rank above the top (led: the ruleset's value);
- a trick ends when every other seat still holding cards has passed; the Dragon's trick goes
  to the opponent the winner's team chooses (a move; on the round's last trick only with
  `dragon_gift_on_final_trick`);
- bombs out of turn: right after each play (a bomb too), every seat holding a bomb that beats
  it is asked in play order, from the seat after the player round to the player itself, to
  bomb or not (a bomb opens the same window after it). A bomb later in the trick (after some
  passes, or when all have passed) leads to the same position as the same bomb right after
  the play, since passes change nothing but whose turn it is; what is not modelled is a seat
  waiting to see whether a seat after it in the window bombs;
- the round ends when one team's players all went out first (the double, in Tientsin the
  triple victory) or one seat is left; the tailender's hand and tricks go as the ruleset says.

The search is deterministic and pure Python. Plays that differ only in suits are searched
once where the seat can never make a straight flush (no five cards of one suit), since the
suits of its cards cannot matter then. `max_nodes` bounds a solve: past it, `Unsolved` is
raised and the caller plays on as before (`finish`).

A position is a plain tuple (`State` names its fields); `from_round` makes one from an engine
`Round`. `Exact.run` is the play-out's hand-over: the play-out stops at the first lead with
`HardConfig.exact_cards` cards or fewer left (`Playout.run(stop_cards=...)`), the solver scores
the rest (`Solved`, read as the play-out is read: `score`, `round_points`). Near the target the
search still maximises the round's difference, then the game's chance is read from its end.
"""

from __future__ import annotations

from typing import NamedTuple

from app.engine.actions import Action
from app.engine.cards import DRAGON_VALUE
from app.engine.combos import BOMB, DOG, KIND, LENGTH, MASK, SINGLE, VALUE
from app.engine.plays import bombs_beating, turn_plays
from app.engine.scoring import card_points

# Phases: a seat's regular turn; a seat asked whether to bomb out of turn; the Dragon's gift
# (GIFT_END: on the round's last trick); the round is over.
TURN, WINDOW, GIFT, GIFT_END, END = range(5)
# Moves: (what, play, extra). PLAY's extra: the wish (Mah Jong) or the Dog's seat; GIFT's: the seat.
PASS, PLAY, GIVE = range(3)
PASS_MOVE = (PASS, None, None)
EXACT, LOWER, UPPER = range(3)
CACHE_MAX = 50_000
#: Positions a solve of a play-out's ending may visit before the play-out plays on instead.
MAX_NODES = 3000
_CALLS = {"grand": 200, "tichu": 100}


class State(NamedTuple):
    phase: int
    actor: int  # the seat to move (TURN, WINDOW, GIFT), or -1
    hands: tuple  # card masks per seat
    top: tuple | None  # (kind, length, value) on the table
    top_seat: int | None
    passes: int  # passes since the last play
    trick_points: int
    piles: tuple  # card points won per seat
    out: tuple  # seats out, in order
    wish: int | None


class Result(NamedTuple):
    value: int  # team 0's points less team 1's (the round's, calls included)
    points: tuple  # (team 0's, team 1's) round points of the optimal line's end
    move: tuple | None  # the best move at the root (None: the round is over)
    nodes: int


class Unsolved(Exception):
    """The solve went past its node budget."""


class Ending:
    """The solver for one ruleset and seating (the view's geometry)."""

    def __init__(self, rules, geometry: dict, calls: list, max_nodes: int = 0):
        deck = rules.deck
        self.rules, self.deck = rules, deck
        self.n = n = len(geometry["next"])
        self.next = geometry["next"]
        if geometry["teams"] is None or len(geometry["teams"]) != 2:
            raise ValueError("exact endings need two teams")
        self.team = list(geometry["team_of"])
        self.dog_to = geometry["dog_to"]
        self.gift_to = geometry["gift_to"]
        self.wish_free = frozenset(geometry.get("wish_free") or ())
        self.sweep = len(geometry["teams"][0])
        self.opponents = [[o for o in range(n) if self.team[o] != self.team[s]] for s in range(n)]
        opts = rules.options
        self.dv_points = opts.get("triple_victory_points", opts.get("double_victory_points", 0))
        self.final_gift = bool(opts.get("dragon_gift_on_final_trick"))
        self.scoring = rules.ruleset.scoring
        self.calls = list(calls)  # per seat: None, "tichu" or "grand" (settable between solves)
        self.max_nodes = max_nodes
        self.nodes = 0
        self.tt: dict = {}
        self._turn_moves: dict = {}
        self._bombs: dict = {}
        self._points: dict = {}
        self._bombless: dict = {}  # hand -> True where it holds no bomb at all
        # A window after seat t's play asks the seats after t in play order, t last.
        self.window = []
        for t in range(n):
            order, s = [], t
            for _ in range(n):
                s = self.next[s]
                order.append(s)
            self.window.append(order)
        # Per card, what it is for the search where suits cannot matter: its rank, or itself.
        self.kind_of = [deck.rank_of[c] if deck.role_of[c] == 0 else 100 + c for c in range(deck.size)]
        self.suits5 = [m for m in deck.suit_masks]

    # -- the rules ---------------------------------------------------------------------------

    def card_points(self, mask: int) -> int:
        hit = self._points.get(mask)
        if hit is None:
            hit = self._points[mask] = card_points(self.deck, mask)
        return hit

    def next_active(self, hands: tuple, s: int) -> int | None:
        t = s
        for _ in range(self.n - 1):
            t = self.next[t]
            if hands[t]:
                return t
        return None

    def lead_from(self, hands: tuple, s: int) -> int | None:
        return s if hands[s] else self.next_active(hands, s)

    def _signature(self, hand: int, play: tuple) -> tuple | None:
        """What makes plays alike when the hand never holds a straight flush (None: it may)."""
        for m in self.suits5:
            if (hand & m).bit_count() >= 5:
                return None
        mask, kinds = play[MASK], []
        while mask:
            low = mask & -mask
            kinds.append(self.kind_of[low.bit_length() - 1])
            mask ^= low
        return (play[KIND], play[LENGTH], play[VALUE], tuple(sorted(kinds)))

    def turn_moves(self, hand: int, top: tuple | None, wish: int | None) -> tuple[list, bool]:
        """The engine's plays in a regular turn (alike plays once) and whether passing is allowed."""
        key = (hand, top, wish)
        hit = self._turn_moves.get(key)
        if hit is None:
            rules = self.rules
            on = None if top is None else (top[0], top[1], top[2], 0, None)
            plays, may_pass = turn_plays(hand, self.deck, on, wish, stairs_min_pairs=rules.stairs_min_pairs,
                                         led_phoenix=rules.led_phoenix_value,
                                         wish_bomb_escape=rules.wish_bomb_escape)
            seen, kept = set(), []
            for p in plays:
                sig = self._signature(hand, p)
                if sig is None or sig not in seen:
                    seen.add(sig)
                    kept.append(p)
            hit = self._turn_moves[key] = (kept, may_pass)
        return hit

    def bombs(self, hand: int, top: tuple) -> list:
        if hand in self._bombless:
            return []
        key = (hand, top)
        hit = self._bombs.get(key)
        if hit is None:
            hit = self._bombs[key] = bombs_beating(hand, self.deck, (top[0], top[1], top[2], 0, None))
            if not hit and top[0] != BOMB:
                self._bombless[hand] = True
        return hit

    def moves(self, st: State) -> list:
        """Every move of the seat to move, going out first."""
        phase, s = st.phase, st.actor
        if phase in (GIFT, GIFT_END):
            return [(GIVE, None, o) for o in self.gift_to[s]]
        hand = st.hands[s]
        if phase == WINDOW:
            return [PASS_MOVE] + [(PLAY, b, None) for b in self.bombs(hand, st.top)]
        wish = None if s in self.wish_free else st.wish
        plays, may_pass = self.turn_moves(hand, st.top, wish)
        deck = self.deck
        out = []
        for p in plays:
            mask = p[MASK]
            if mask & deck.mahjong_mask:
                held = 0
                for o in self.opponents[s]:
                    held |= st.hands[o]
                wishes = [None] + [r for r in range(deck.low, deck.high + 1) if held & deck.rank_masks[r]]
                out.extend((PLAY, p, w) for w in wishes)
            elif p[KIND] == DOG:
                partners = self.dog_to[s]
                holding = [q for q in partners if st.hands[q]]
                if len(holding) > 1:
                    targets = holding
                elif partners:
                    targets = [holding[0] if holding else partners[0]]
                else:
                    targets = [self.next[s]]
                out.extend((PLAY, p, t) for t in targets)
            else:
                out.append((PLAY, p, None))
        # Likely best first (alpha-beta cuts more): going out; a lead sheds the most cards; a
        # follow passes on its partner's trick, else beats it as low as it can, bombs last.
        if st.top is None:
            out.sort(key=lambda m: (m[1][MASK] != hand, -m[1][LENGTH], m[1][VALUE]))
        else:
            partner_on_top = self.team[st.top_seat] == self.team[s]
            out.sort(key=lambda m: (m[1][MASK] != hand, m[1][KIND] == BOMB, m[1][VALUE]))
            if may_pass:
                out.insert(0 if partner_on_top else min(1, len(out)), PASS_MOVE)
        return out

    def child(self, st: State, move: tuple) -> State:
        """The position after `move`."""
        what, p, extra = move
        phase, s = st.phase, st.actor
        hands, piles = st.hands, st.piles
        if what == GIVE:
            piles = _add(piles, extra, st.trick_points)
            if phase == GIFT_END:
                return State(END, -1, hands, None, None, 0, 0, piles, st.out, st.wish)
            return State(TURN, self.lead_from(hands, s), hands, None, None, 0, 0, piles, st.out, st.wish)
        if what == PASS:
            if phase == WINDOW:
                return self._window(st, st.top_seat, self.window[st.top_seat].index(s) + 1)
            passes = st.passes + 1
            w = st.top_seat
            waiting = sum(1 for t in range(self.n) if hands[t] and t != w)
            if passes < waiting:
                return st._replace(actor=self.next_active(hands, s), passes=passes)
            top = st.top
            if top[0] == SINGLE and top[2] >= DRAGON_VALUE and self.gift_to[w]:
                return st._replace(phase=GIFT, actor=w, passes=0)
            piles = _add(piles, w, st.trick_points)
            return State(TURN, self.lead_from(hands, w), hands, None, None, 0, 0, piles, st.out, st.wish)
        # A play (a bomb out of turn too).
        mask = p[MASK]
        hand = hands[s] & ~mask
        hands = hands[:s] + (hand,) + hands[s + 1:]
        wish = st.wish
        if wish is not None and mask & self.deck.rank_masks[wish]:
            wish = None
        if mask & self.deck.mahjong_mask:
            wish = extra
        out = st.out + (s,) if not hand else st.out
        if p[KIND] == DOG:
            if not hand and self._over(out):
                return State(END, -1, hands, None, None, 0, 0, piles, out, wish)
            return State(TURN, self.lead_from(hands, extra), hands, None, None, 0, 0, piles, out, wish)
        top = (p[KIND], p[LENGTH], p[VALUE])
        points = st.trick_points + self.card_points(mask)
        if not hand and self._over(out):
            if len(out) == self.n - 1:  # the last trick goes to its player, or is given away
                if top[0] == SINGLE and top[2] >= DRAGON_VALUE and self.final_gift and self.gift_to[s]:
                    return State(GIFT_END, s, hands, top, s, 0, points, piles, out, wish)
                piles = _add(piles, s, points)
            return State(END, -1, hands, None, None, 0, 0, piles, out, wish)
        return self._window(State(WINDOW, s, hands, top, s, 0, points, piles, out, wish), s, 0)

    def _over(self, out: tuple) -> bool:
        if len(out) == self.sweep and len({self.team[o] for o in out}) == 1:
            return True
        return len(out) == self.n - 1

    def _window(self, st: State, t: int, start: int) -> State:
        """The window after seat t's play from its `start`-th seat, or the next regular turn."""
        order = self.window[t]
        for i in range(start, self.n):
            b = order[i]
            if st.hands[b] and self.bombs(st.hands[b], st.top):
                return st._replace(phase=WINDOW, actor=b)
        return st._replace(phase=TURN, actor=self.next_active(st.hands, t), passes=0)

    def points(self, st: State) -> tuple:
        """(team 0's, team 1's) round points at the end (as `scoring.score_round` counts)."""
        n, team, out = self.n, self.team, st.out
        first = out[0]
        result = [0, 0]
        if len(out) < n - 1:
            result[team[first]] = self.dv_points
        else:
            tail = next(s for s in range(n) if s not in out)
            piles = list(st.piles)
            hand = card_points(self.deck, st.hands[tail])
            if self.scoring == "fifty-two":
                piles[first] += piles[tail] + hand
                to_opponents = 0
            elif self.scoring == "tientsin":
                piles[first] += piles[out[-1]]
                piles[out[-1]] = 0
                to_opponents = piles[tail] + hand
            else:
                piles[first] += piles[tail]
                to_opponents = hand
            piles[tail] = 0
            for s in range(n):
                result[team[s]] += piles[s]
            result[1 - team[tail]] += to_opponents
        for s, call in enumerate(self.calls):
            if call:
                value = _CALLS[call]
                if s == first:
                    result[team[s]] += value
                elif self.scoring == "fifty-two":
                    result[1 - team[s]] += value
                else:
                    result[team[s]] -= value
        return tuple(result)

    # -- the search --------------------------------------------------------------------------

    def solve(self, st: State) -> Result:
        """The position's exact value, the optimal line's end and the best move."""
        self.nodes = 0
        self.tt = {}
        if len(self._turn_moves) > CACHE_MAX:  # (the move lists serve the solves of a search)
            self._turn_moves.clear()
            self._bombs.clear()
        value, points = self._search(st, -10_000, 10_000)
        entry = self.tt.get(st)
        if entry is not None:
            move = entry[3]
        else:  # a forced move (not kept in the table), or the round is over
            move = None if st.phase == END else self.moves(st)[0]
        return Result(value, points, move, self.nodes)

    def _search(self, st: State, alpha: int, beta: int) -> tuple:
        if st.phase == END:
            points = self.points(st)
            return points[0] - points[1], points
        tt = self.tt
        entry = tt.get(st)
        first = None
        if entry is not None:
            flag, v, pts, first = entry
            if flag == EXACT or (flag == LOWER and v >= beta) or (flag == UPPER and v <= alpha):
                return v, pts
        self.nodes += 1
        if self.max_nodes and self.nodes > self.max_nodes:
            raise Unsolved
        moves = self.moves(st)
        if len(moves) == 1:  # a forced move (mostly a pass): no choice to remember
            return self._search(self.child(st, moves[0]), alpha, beta)
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        maxing = self.team[st.actor] == 0
        a0, b0 = alpha, beta
        best = best_pts = best_move = None
        for m in moves:
            v, pts = self._search(self.child(st, m), alpha, beta)
            if best is None or (v > best if maxing else v < best):
                best, best_pts, best_move = v, pts, m
                if maxing:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
                if alpha >= beta:
                    break
        flag = UPPER if best <= a0 else LOWER if best >= b0 else EXACT
        tt[st] = (flag, best, best_pts, best_move)
        return best, best_pts


def _add(piles: tuple, seat: int, points: int) -> tuple:
    return piles[:seat] + (piles[seat] + points,) + piles[seat + 1:]


# -- positions from elsewhere ------------------------------------------------------------------


def from_round(rnd) -> State:
    """An engine `Round` in its play phase as a position (a trick everybody passed collected)."""
    deck = rnd.deck
    hands = tuple(rnd.hands)
    piles = tuple(card_points(deck, m) for m in rnd.piles)
    points = card_points(deck, rnd.trick_mask)
    out, wish = tuple(rnd.out), rnd.wish
    top = rnd.top
    top3 = None if top is None else (top[0], top[1], top[2])
    if rnd.gift_from is not None:
        phase = GIFT_END if rnd.ending else GIFT
        return State(phase, rnd.gift_from, hands, top3, rnd.top_seat, 0, points, piles, out, wish)
    if rnd.closed:
        piles = _add(piles, rnd.top_seat, points)
        return State(TURN, rnd.turn, hands, None, None, 0, 0, piles, out, wish)
    if not rnd.trick:
        return State(TURN, rnd.turn, hands, None, None, 0, 0, piles, out, wish)
    return State(TURN, rnd.turn, hands, top3, rnd.top_seat, rnd.passed.bit_count(), points, piles, out, wish)


def round_calls(rnd) -> list:
    return ["grand" if g else "tichu" if t else None for g, t in zip(rnd.grand, rnd.tichu)]


def engine_action(st: State, move: tuple) -> Action | None:
    """The move as the engine's action (None: a seat not bombing, which is no action)."""
    what, p, extra = move
    s = st.actor
    if what == GIVE:
        return Action.gift_(s, extra)
    if what == PASS:
        return None if st.phase == WINDOW else Action.pass_(s)
    if p[KIND] == DOG:
        return Action.play_(s, p[MASK], to=extra)
    return Action.play_(s, p[MASK], wish=extra, phoenix=p[4])


# -- the play-out's hand-over ------------------------------------------------------------------


class Solved(NamedTuple):
    """A play-out's ending solved: scored as the play-out is (`score`, `round_points`)."""

    points: tuple  # (team 0's, team 1's) round points

    def round_points(self) -> list:
        return list(self.points)

    def score(self, team: int) -> int:
        return self.points[team] - self.points[1 - team]


class Exact:
    """Play-outs that hand over to the solver at `cards` cards left (0, or a game without two
    teams: play-outs as they are). One per search: the solver's move lists serve every deal."""

    def __init__(self, rules, geometry: dict, cards: int, max_nodes: int = MAX_NODES):
        teams = geometry["teams"]
        self.cards = cards if teams is not None and len(teams) == 2 else 0
        self.ending = Ending(rules, geometry, [], max_nodes) if self.cards else None
        self.solved = self.unsolved = 0  # solves done, and given up past `max_nodes`

    def run(self, po):
        """`po.run()`, its ending solved exactly once `cards` or fewer are left at a lead; what to
        score: the play-out, or the solved ending (`Solved`)."""
        ending = self.ending
        if ending is None:
            po.run()
            return po
        po.run(400, self.cards)
        if po.turn is None or sum(h.bit_count() for h in po.hands) > self.cards:
            return po  # over (or the play-out's step limit)
        ending.calls = list(po.calls)
        st = State(TURN, po.turn, tuple(po.hands), None, None, 0, po.trick_points, tuple(po.piles),
                   tuple(po.out), po.wish)
        try:
            result = ending.solve(st)
        except Unsolved:
            self.unsolved += 1
            po.run()
            return po
        self.solved += 1
        return Solved(result.points)
