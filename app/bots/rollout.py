"""Rollouts: a decision's candidate made on one deal, the round played out from there by the
play-out (`playout.Playout`), and the outcome scored.

Why this policy: the Hard bot decides its plays by playing the round out from
each candidate on sampled deals with its play-out (`app.bots.playout.Playout`:
every seat plays from its hand plan, knowing the deal, which is a sampled deal
and so no cheating). The review does the same from each of a decision's
candidates, so "better" means better for the Hard bot's own judgement, on many
deals the seat could not tell apart. The engine's `Round` with bots at every
seat would play more faithfully, but the Hard bot takes seconds per round there
(it searches every play), and even the Normal bot (whose play is not the Hard
policy) about 30 ms, ten to seventy times a play-out (0.4 to 4 ms): a review
plays about forty candidates per round and seat out on 24 deals each, some
1,000 rests of rounds, which would take 15 to 30 s against its budget of 10 s.

Two starting points:

- In the play phase (a play or pass, a bomb out of turn, the Dragon's gift, a Tichu
  call during the play): the position as the hand knows it (`PlayStart`, from its
  `Knowledge`: card points taken, the trick, who passed, places, calls); the
  candidate is made, then the play-out runs. Where nobody is waiting for the hand
  (holding a bomb back, calling Tichu), the round goes on as it stands: a trick
  everybody passed goes to its winner, a Dragon's trick to the opponent the Normal
  bot would give it to.
- Before the play (Grand Tichu, a Tichu call before the exchange, the exchange):
  the play-out knows no calls and no exchange, so these are made by the Normal
  bot's rules (the Hard bot's searches of its own call or pass make the others' so):
  `PrePlayStart` lets every seat still to decide call Grand Tichu or not
  (`calls.want_grand`), makes every pass the player does not know
  (`exchange.choose_exchange`, or the best cards where the rules force them), hands
  the cards over, lets the seats without a call decide on Tichu
  (`calls.want_tichu`), and plays out from the first lead.

The score of a deal is the play-out's `score`: the round's score difference for
the hand's team as the engine counts it (card points, the tailender, a double or
triple victory, the calls); without teams (Grandseigneur) 50 per place ahead of
the middle (`PLACE_POINTS`).

The wish in force and the candidate's wish are handed to the play-out, which honours them.

`PlayStart(view, exact_cards=N)` solves each play-out's ending exactly once N cards or fewer
are left at a lead (`endings.Exact`; the play search does the same with
`HardConfig.exact_cards`); then the score is the solved ending's, and the play-out's own
state stops at the hand-over (callers that read it, `searches.first_out_in_play`, keep 0).
"""

from __future__ import annotations

from app.engine.rulesets import rules_of
from app.engine.scoring import card_points

from . import calls as bot_calls
from .endings import Exact
from .exchange import choose_exchange
from .geometry import best_cards, deal_out
from .knowledge import Knowledge
from .native import playout_module
from .tricks import choose_gift

# The compiled play-out where it is built and current (`native.py`), else the pure one.
_PLAYOUTS = playout_module()
Playout, planner_for = _PLAYOUTS.Playout, _PLAYOUTS.planner_for

#: Points the play-out counts per place in a game without teams (its `score`).
PLACE_POINTS = 50

def _start(po: Playout, hands, turn, top, top_seat, passes, trick_points, piles, out, calls, wish):
    return po.setup(hands, turn, top, top_seat, passes, trick_points, piles, out, calls, None, wish)


def _play(po: Playout, seat: int, play: tuple, points: int, wish) -> bool:
    """The seat plays `play` (kind, length, value, mask); True when that ends the round."""
    over = po.play(seat, *play, points, wish)
    po.replan(seat)
    return over


def _lead_from(seat: int, hands: list[int], nxt: list[int]) -> int | None:
    """Who leads when `seat` has the lead: itself, or the next seat still holding cards."""
    s = seat
    for _ in range(len(hands)):
        if hands[s]:
            return s
        s = nxt[s]
    return None


class PlayStart:
    """A play-phase position as one hand knows it, and the play-outs from it. `knowledge`: the
    view's `Knowledge` where the caller has it; `native`: the compiled play-out where it is built
    (the Hard bot's option), else the pure one."""

    def __init__(self, view: dict, game_score=None, exact_cards: int = 0, knowledge: Knowledge | None = None,
                 native: bool = True):
        k = knowledge if knowledge is not None else Knowledge(view)
        self.game_score = game_score  # a play-out's score near the target (`game_stakes.playout_score`)
        deck = k.deck
        self.k = k
        self.deck = deck
        self.seat = k.seat
        self.team = k.team if k.team is not None else k.seat
        self.geometry = view["geometry"]
        engine = playout_module(native)  # the compiled play-out where it is built (`native.py`)
        self.po = engine.Playout(k.rules, engine.planner_for(deck, k.rules.stairs_min_pairs), self.geometry)
        self.piles = [card_points(deck, m) for m in k.piles]
        self.trick_points = card_points(deck, k.trick_mask)
        last = k.trick_plays[-1][1] if k.trick_plays else None
        self.trick_top = tuple(last[:3]) if last is not None else None  # closed or not
        self.trick_seat = k.top_seat
        self.passes = sum(1 for p in k.passed if p)
        self.out = [s for s, _ in sorted(((s, p) for s, p in enumerate(k.places) if p), key=lambda x: x[1])]
        self.ending = k.gift_from is not None and sum(1 for c in k.counts if c) <= 1
        # The play-outs' endings solved exactly from `exact_cards` cards left (`endings.Exact`).
        self.exact = Exact(k.rules, self.geometry, exact_cards) if exact_cards else None

    def score(self, hands: list[int], move: tuple) -> int:
        """The score for the hand's team of the round played out from `move` on `hands`."""
        k, po = self.k, self.po
        seat = self.seat
        piles = list(self.piles)
        calls = list(k.calls)
        kind = move[0]
        if kind == "bomb":
            _start(po, hands, k.turn, self.trick_top, self.trick_seat, 0, self.trick_points, piles,
                   self.out, calls, k.wish)
            if _play(po, seat, move[1], card_points(self.deck, move[1][3]), None):
                return self._score(po)
            return self._score(self._run(po))
        if kind == "gift":
            piles[move[1]] += self.trick_points
            turn = None if self.ending else _lead_from(seat, hands, self.geometry["next"])
            _start(po, hands, turn, None, None, 0, 0, piles, self.out, calls, k.wish)
            return self._score(self._run(po) if turn is not None else po)
        if kind == "tichu":
            calls[seat] = "tichu" if move[1] else None
        self.ready(hands, piles, calls)
        if kind == "turn":
            if move[1] is None:
                po.pass_(seat)
            elif _play(po, seat, move[1], card_points(self.deck, move[1][3]), move[2]):
                return self._score(po)
        return self._score(self._run(po))

    def ready(self, hands: list[int], piles: list[int], calls: list):
        """`self.po` set up on `hands` at the position before the seat's move, the round going on
        as it stands (`_as_it_stands`: a finished trick taken in); its `turn` is the seat to act."""
        turn, top, trick_points, passes = self._as_it_stands(hands, piles)
        return _start(self.po, hands, turn, top, self.trick_seat if top else None, passes, trick_points,
                      piles, self.out, calls, self.k.wish)

    def _run(self, po):
        """The play-out run to the end; what to score (`endings.Exact.run` where it solves)."""
        if self.exact is None:
            po.run()
            return po
        return self.exact.run(po)

    def _score(self, po) -> float:
        return po.score(self.team) if self.game_score is None else self.game_score(po)

    def _as_it_stands(self, hands: list[int], piles: list[int]) -> tuple:
        """(turn, top, trick points, passes) of the round going on with nobody interfering:
        a finished trick is taken in (a Dragon's given away as Normal gives it)."""
        k = self.k
        nxt = self.geometry["next"]
        if k.gift_from is not None:
            to = choose_gift(k, self.geometry["gift_to"][k.gift_from])
            piles[to] += self.trick_points
            return _lead_from(k.gift_from, hands, nxt), None, 0, 0
        if self.trick_top is None:
            return k.turn, None, 0, 0  # an empty table (a Dog's lead included)
        if k.closed:
            piles[self.trick_seat] += self.trick_points
            return _lead_from(self.trick_seat, hands, nxt), None, 0, 0
        return k.turn, self.trick_top, self.trick_points, self.passes


class PrePlayStart:
    """The round from the Grand Tichu decisions or the exchange, for one hand's decision."""

    def __init__(self, view: dict, player_view: dict, game_score=None):
        rules = rules_of(view)
        self.game_score = game_score  # a play-out's score near the target (`game_stakes.playout_score`)
        self.rules = rules
        self.deck = rules.deck
        self.view = player_view  # the public parts the Normal bot's calls read (the score)
        self.seat = view["viewer"]
        g = view["geometry"]
        self.geometry = g
        self.n = view["seats"]
        self.team = g["team_of"][self.seat] if g["team_of"][self.seat] is not None else self.seat
        self.po = Playout(rules, planner_for(rules.deck, rules.stairs_min_pairs), g)
        players = player_view["players"]
        self.grand = [p["grand"] for p in players]  # None: still to decide
        self.tichu = [p["tichu"] for p in players]
        self.pattern = [{int(t): c for t, c in g["exchange"][s].items()} for s in range(self.n)]
        # The passes the player has chosen already (its own; the Trichu dealer's Table's too).
        self.chosen: dict[int, dict] = {}
        self._note_chosen(player_view["viewer"], player_view.get("exchange"))
        table = player_view.get("table")
        if table and table.get("exchange"):
            self._note_chosen(table["seat"], table["exchange"])
        self.wish = self.deck.parse_rank(player_view["wish"]) if player_view["wish"] else None

    def _note_chosen(self, seat: int, exchange: dict | None):
        given = (exchange or {}).get("given")
        if given:
            self.chosen[seat] = {int(t): self.deck.parse_cards(cs) for t, cs in given.items()}

    def score(self, hands: list[int], shown: list[int], move: tuple) -> int:
        calls = self.calls(shown, move)
        give = move[1] if move[0] == "exchange" else None
        return self.finish(hands, self.passes(hands, calls, give is not None), calls, give)

    def calls(self, shown: list[int], move: tuple) -> list:
        """Every seat's call before the exchange: the move's for this hand, the Grand Tichu of
        the seats still to decide by the Normal bot's rule on what they saw."""
        deck, g, n = self.deck, self.geometry, self.n
        grand = list(self.grand)
        tichu = list(self.tichu)
        kind = move[0]
        if kind == "grand":
            grand[self.seat] = move[1]
        elif kind == "tichu":
            tichu[self.seat] = move[1]
        for s in range(n):
            if grand[s] is None:
                partner_called = any(grand[p] for p in g["partners"][s])
                grand[s] = bool(g["grand_tichu"][s]) and bot_calls.want_grand(
                    self.view, shown[s], deck, s, partner_called)
        return ["grand" if grand[s] else "tichu" if tichu[s] else None for s in range(n)]

    def passes(self, hands: list[int], calls: list, own_open: bool = False) -> list[tuple]:
        """(seat, {target: [cards]}) for every seat that passes: chosen already, or the Normal
        bot's; this hand's left out when `own_open` (the candidate is its pass)."""
        out = []
        for s in range(self.n):
            if not self.pattern[s] or (own_open and s == self.seat):
                continue
            give = self.chosen[s] if s in self.chosen else self._normal_pass(s, hands[s], calls)
            out.append((s, give))
        return out

    def finish(self, hands: list[int], passes: list[tuple], calls: list, own: dict | None = None) -> int:
        """The round from the passes (and this hand's `own` pass): the cards change hands, the
        seats without a call decide on Tichu, and the play-out runs from the first lead."""
        deck, g, n = self.deck, self.geometry, self.n
        calls = list(calls)
        after = list(hands)
        if own is not None:
            passes = passes + [(self.seat, own)]
        for s, give in passes:
            for target, cards in give.items():
                for c in cards:
                    after[s] &= ~(1 << c)
                    after[target] |= 1 << c
        if g["tichu"]:
            smp = self.rules.stairs_min_pairs
            for s in range(n):
                if calls[s]:
                    continue
                partner_called = any(calls[p] for p in g["partners"][s])
                opponent_called = any(calls[o] for o in g["opponents"][s])
                if bot_calls.want_tichu(self.view, after[s], deck, s, smp, partner_called,
                                        opponent_called, False):
                    calls[s] = "tichu"
        mahjong = deck.mahjong_mask
        first = next((s for s in range(n) if after[s] & mahjong), 0)
        po = self.po
        _start(po, after, first, None, None, 0, 0, [0] * n, [], calls, self.wish)
        po.run()
        return self._score(po)

    def _score(self, po) -> float:
        return po.score(self.team) if self.game_score is None else self.game_score(po)

    def _normal_pass(self, s: int, hand: int, calls: list) -> dict:
        """The Normal bot's pass for seat s (`NormalBot.exchange_cards`, from the deal)."""
        g = self.geometry
        pattern = self.pattern[s]
        if s in g["forced_best"]:
            return deal_out(best_cards(self.deck, hand, sum(pattern.values())), pattern)
        return choose_exchange(hand, self.deck, self.rules.stairs_min_pairs, list(g["dog_to"][s]),
                               pattern, calls, bool(calls[s]), True)
