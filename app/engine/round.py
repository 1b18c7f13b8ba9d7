"""One round of Tichu as a state machine.

Phases: `grand` (the first cards seen, every seat that may call decides on
Grand Tichu, in any order), `exchange` (all cards held; every giver chooses its
cards for each of its targets; cards change hands once all have chosen),
`play` (tricks), `over`. Who sits where, plays with whom and passes what to
whom is the round's `seating` (seating.py); a phase nobody has anything to do
in is skipped.

Every action goes through `apply`, which checks everything first and only
then changes the state, so a refused action leaves the round exactly as it
was. The play phase follows docs/rules.md 1.5-1.11 and docs/record-format.md:

- `turn` is the seat whose regular turn it is (to lead or follow);
- when everybody else has passed, the trick is `closed` but not collected: its
  winner (or the next seat holding cards) leads, which collects it, and until
  then any other seat may bomb onto it;
- a trick won by the Dragon waits for its `gift` (`gift_from`); meanwhile only
  bombs may be played, the Dragon's own player included.

Longer than our other modules on purpose: the round is one state machine, and its
phases share the state they check and change; split across files, a rule's checks
would sit apart from the change they guard.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .actions import Action
from .cards import DRAGON_VALUE, mask_cards
from .combos import (
    BOMB,
    DOG,
    KIND,
    MASK,
    SINGLE,
    VALUE,
    beats,
    choose_reading,
    describe,
    interpretations,
)
from .errors import IllegalAction
from .notation import play_notation, round_notation, round_summary
from .plays import bombs_beating, turn_plays, wish_mask
from .rulesets import Rules
from .scoring import RoundResult, card_points, score_round
from .seating import Seating

GRAND, EXCHANGE, PLAY, OVER = "grand", "exchange", "play", "over"


@dataclass
class Legal:
    """What one seat may do right now."""

    grand: bool = False  # may make its Grand Tichu decision
    grand_call: bool = False  # ...and may call it (not when its partner did, with one call per team)
    tichu: bool = False
    exchange: bool = False
    plays: list = field(default_factory=list)  # in its regular turn (bombs included)
    lead: bool = False  # the plays are a lead
    can_pass: bool = False
    bombs: list = field(default_factory=list)  # out of turn
    gift: list = field(default_factory=list)  # opponents it may give the Dragon's trick to
    dog_to: list = field(default_factory=list)  # partners the Dog may pass the lead to (a choice)

    def any(self) -> bool:
        return bool(self.grand or self.tichu or self.exchange or self.plays or self.can_pass
                    or self.bombs or self.gift)


class Round:
    def __init__(self, rules: Rules, hands: list[list[int]], wish: int | None = None,
                 seating: Seating | None = None):
        self.rules = rules
        self.deck = rules.deck
        self.seating = seating = seating if seating is not None else rules.seating
        n = seating.seats
        self.dealt = [list(h) for h in hands]
        grand = rules.grand_tichu and bool(seating.grand_seats)
        self.phase = GRAND if grand else EXCHANGE
        shown = rules.grand_tichu_cards if grand else rules.hand_size
        self.hands = [_mask(h[:shown]) for h in self.dealt]
        self.grand: list = [None if grand and s in seating.grand_seats else False for s in range(n)]
        self.tichu = [False] * n
        self.played = [False] * n  # has played a card (closes the Tichu window)
        # per seat: {target: (cards...)} chosen; None until chosen, {} for a seat that gives nothing
        self.exchange: list = [None if seating.exchange.get(s) else {} for s in range(n)]
        self.received: list = [None] * n  # per seat: {giver: (cards...)}, once all have chosen
        self.trick: list = []  # (seat, play) in order
        self.trick_mask = 0
        self.passed = 0  # seats (bits) that passed since the last play
        self.turn: int | None = None
        self.closed = False
        self.gift_from: int | None = None
        self.ending = False  # the Dragon trick waiting for its gift ends the round
        self.wish = wish
        self.out: list[int] = []
        self.piles = [0] * n
        self.last_trick: dict | None = None  # {"to": seat, "plays": [...]}, public
        self.result: RoundResult | None = None
        self.actions: list[Action] = []
        self.log: list[dict] = []  # public events, in order
        if self.phase == EXCHANGE and all(e is not None for e in self.exchange):
            self._hand_over()  # no exchange in this round

    def clone(self) -> Round:
        """An independent copy: actions applied to either leave the other as it is. Shared are
        what never changes: the rules, deck and seating, the actions and log entries (frozen or
        never changed once appended) and the result of a round that is over."""
        twin = Round.__new__(Round)
        state = self.__dict__.copy()
        for name in ("hands", "grand", "tichu", "played", "trick", "out", "piles", "actions", "log"):
            state[name] = state[name][:]
        state["dealt"] = [list(hand) for hand in self.dealt]
        state["exchange"] = [given if given is None else dict(given) for given in self.exchange]
        state["received"] = [got if got is None else dict(got) for got in self.received]
        if self.last_trick is not None:
            state["last_trick"] = {**self.last_trick, "plays": [dict(p) for p in self.last_trick["plays"]]}
        twin.__dict__.update(state)
        return twin

    def __repr__(self) -> str:
        return f"<Round {round_summary(self)}>"

    def __str__(self) -> str:
        return round_notation(self)

    # -- small queries ------------------------------------------------------------------

    @property
    def top(self):
        return self.trick[-1][1] if self.trick else None

    @property
    def top_seat(self):
        return self.trick[-1][0] if self.trick else None

    def next_active(self, seat: int) -> int | None:
        """The next seat after `seat` in play order that still holds cards."""
        for s in self.seating.order[seat]:
            if self.hands[s]:
                return s
        return None

    def lead_from(self, seat: int) -> int | None:
        """Who leads when `seat` has the lead: itself, or the next seat holding cards."""
        return seat if self.hands[seat] else self.next_active(seat)

    def card_counts(self) -> list[int]:
        return [h.bit_count() for h in self.hands]

    def can_call_tichu(self, seat: int) -> bool:
        if self.phase not in (EXCHANGE, PLAY) or self.played[seat] or not self.seating.tichu:
            return False
        if self.tichu[seat] or self.grand[seat]:
            return False
        if self.rules.options.get("one_call_per_team"):
            for p in self.seating.partners[seat]:
                if self.tichu[p] or self.grand[p]:
                    return False
        return True

    def pending(self) -> list[int]:
        """The seats whose action the round waits for now (bombs and calls are never awaited)."""
        if self.phase == GRAND:
            return [s for s, g in enumerate(self.grand) if g is None]
        if self.phase == EXCHANGE:
            return [s for s, e in enumerate(self.exchange) if e is None]
        if self.phase == PLAY:
            if self.gift_from is not None:
                return [self.gift_from]
            if self.turn is not None:
                return [self.turn]
        return []

    def dog_targets(self, seat: int) -> list[int]:
        """The partners a Dog played by `seat` may pass the lead to, where that is a choice."""
        holding = [p for p in self.seating.dog_to[seat] if self.hands[p]]
        return holding if len(holding) > 1 else []

    def in_regular_turn(self, seat: int) -> bool:
        return self.phase == PLAY and self.gift_from is None and seat == self.turn

    def leading(self) -> bool:
        """Whether the seat in turn leads (an empty or everybody-passed trick)."""
        return not self.trick or self.closed

    def regular_plays(self, seat: int) -> tuple[list, bool]:
        """The plays of `seat` in its regular turn and whether it may pass."""
        r = self.rules
        on = None if self.leading() else self.top
        wish = None if seat in self.seating.wish_free else self.wish
        return turn_plays(self.hands[seat], self.deck, on, wish,
                          stairs_min_pairs=r.stairs_min_pairs, led_phoenix=r.led_phoenix_value,
                          wish_bomb_escape=r.wish_bomb_escape)

    def out_of_turn_bombs(self, seat: int) -> list:
        if (self.phase != PLAY or not self.trick or self.ending or not self.hands[seat]
                or self.top[KIND] == DOG):
            return []
        if self.in_regular_turn(seat):
            return []  # in turn its bombs are among its regular plays
        return bombs_beating(self.hands[seat], self.deck, self.top)

    def legal(self, seat: int) -> Legal:
        legal = Legal()
        if self.phase == OVER:
            return legal
        if self.phase == GRAND:
            if self.grand[seat] is None:
                legal.grand = True
                legal.grand_call = not self._grand_blocked(seat)
            return legal
        legal.tichu = self.can_call_tichu(seat)
        if self.phase == EXCHANGE:
            legal.exchange = self.exchange[seat] is None
            return legal
        if self.gift_from is not None:
            if seat == self.gift_from:
                legal.gift = self._opponents(seat)
            if self.hands[seat] and not self.ending:
                legal.bombs = bombs_beating(self.hands[seat], self.deck, self.top)
            return legal
        if seat == self.turn:
            legal.plays, legal.can_pass = self.regular_plays(seat)
            legal.lead = self.leading()
            if legal.lead and self.hands[seat] & self.deck.dog_mask:
                legal.dog_to = self.dog_targets(seat)
        legal.bombs = self.out_of_turn_bombs(seat)
        return legal

    def _opponents(self, seat: int) -> list[int]:
        return self.seating.gift_to[seat]

    def _grand_blocked(self, seat: int) -> bool:
        return bool(self.rules.options.get("one_call_per_team")
                    and any(self.grand[p] for p in self.seating.partners[seat]))

    # -- applying actions ---------------------------------------------------------------

    def apply(self, action, by: int | None = None) -> Action:
        """Apply one action (an `Action` or its record dict); refuse with IllegalAction.

        `by`: the player acting, when it is known (a table's client); he may act
        only for the seats he controls (his own; the Trichu dealer the Table too).
        """
        action = Action.from_record(action, self.deck, self.seating.seats)
        if by is not None and action.seat not in self.seating.controls[by]:
            mine = " or ".join(str(s) for s in self.seating.controls[by])
            raise IllegalAction(f"seat {by} acts only for seat {mine}, not for seat {action.seat}",
                                "not_your_seat")
        if self.phase == OVER:
            raise IllegalAction("the round is over", "round_over")
        handler = getattr(self, "_" + action.act)
        handler(action)
        self.actions.append(action)
        return action

    def _grand(self, a: Action):
        if self.phase != GRAND:
            why = "Grand Tichu is not played at this table" if not self.rules.grand_tichu else \
                "the Grand Tichu decisions are over"
            raise IllegalAction(why, "not_now")
        if a.seat not in self.seating.grand_seats:
            raise IllegalAction("this seat cannot call Grand Tichu in this round", "grand_not_allowed")
        if self.grand[a.seat] is not None:
            raise IllegalAction("you have already made your Grand Tichu decision", "already_decided")
        if a.call and self._grand_blocked(a.seat):
            raise IllegalAction("your partner has called already (one call per team)", "one_call_per_team")
        self.grand[a.seat] = a.call
        self.log.append({"seat": a.seat, "act": "grand", "call": a.call})
        if all(g is not None for g in self.grand):
            self.hands = [_mask(h) for h in self.dealt]
            self.phase = EXCHANGE
            if all(e is not None for e in self.exchange):
                self._hand_over()

    def _tichu(self, a: Action):
        s = a.seat
        if not self.can_call_tichu(s):
            if self.phase == GRAND:
                why = "Tichu can be called once all cards are dealt"
            elif self.played[s]:
                why = "Tichu can only be called before your first card"
            elif not self.seating.tichu:
                why = "Tichu is not called in this game"
            elif self.grand[s]:
                why = "you have called Grand Tichu already"
            elif self.tichu[s]:
                why = "you have called Tichu already"
            else:
                why = "your partner has called already (one call per team)"
            raise IllegalAction(why, "tichu_not_allowed")
        self.tichu[s] = True
        self.log.append({"seat": s, "act": "tichu"})

    def _exchange(self, a: Action):
        s = a.seat
        if self.phase != EXCHANGE:
            raise IllegalAction("this is not the time to exchange cards", "not_now")
        if self.exchange[s] is not None:
            if not self.seating.exchange.get(s):
                raise IllegalAction("this seat gives no cards in this round", "bad_exchange")
            raise IllegalAction("you have already chosen your cards to give", "already_decided")
        pattern = self.seating.exchange[s]
        given: dict = {}
        for target, card in a.give:
            given.setdefault(target, []).append(card)
        if sorted(given) != sorted(pattern) or any(len(given[t]) != k for t, k in pattern.items()):
            raise IllegalAction(f"give {_describe_pattern(pattern)}", "bad_exchange")
        mask = 0
        for _target, card in a.give:
            bit = 1 << card
            if mask & bit:
                raise IllegalAction(f"{self.deck.codes[card]} cannot be given twice", "bad_exchange")
            mask |= bit
        if mask & ~self.hands[s]:
            raise IllegalAction(f"you do not hold {self.deck.format_cards(mask & ~self.hands[s])}",
                                "card_not_in_hand")
        if s in self.seating.forced_best:
            better = _better_kept(self.deck, mask, self.hands[s] & ~mask)
            if better:
                raise IllegalAction(
                    f"you must pass your best cards: {self.deck.format_cards(better)} beat(s) what you give",
                    "must_give_best")
        self.exchange[s] = {t: tuple(cards) for t, cards in given.items()}
        self.hands[s] &= ~mask
        self.log.append({"seat": s, "act": "exchange"})
        if all(e is not None for e in self.exchange):
            self._hand_over()

    def _hand_over(self):
        n = self.seating.seats
        self.received = [{} for _ in range(n)]
        for giver, given in enumerate(self.exchange):
            for target, cards in given.items():
                for card in cards:
                    self.hands[target] |= 1 << card
                self.received[target][giver] = cards
        self.phase = PLAY
        mj = self.deck.mahjong_mask
        self.turn = next(s for s in range(n) if self.hands[s] & mj)

    def _play(self, a: Action):
        if self.phase != PLAY:
            raise IllegalAction("cards are played once the exchange is done", "not_now")
        s = a.seat
        if a.cards & ~self.hands[s]:
            raise IllegalAction(f"you do not hold {self.deck.format_cards(a.cards & ~self.hands[s])}",
                                "card_not_in_hand")
        if a.wish is not None and not a.cards & self.deck.mahjong_mask:
            raise IllegalAction("only the player of the Mah Jong may make a wish", "bad_wish")
        mode, play = self._check_play(a)
        dog_to = self._check_dog(a, play)
        self._do_play(s, play, mode, a.wish, dog_to)

    def _check_dog(self, a: Action, play: tuple) -> int | None:
        """The seat a Dog passes the lead to (a partner, chosen with `to` where there is a choice)."""
        if play[KIND] != DOG:
            if a.to is not None:
                raise IllegalAction("only the Dog's play names a seat ('to')", "bad_dog")
            return None
        partners = self.seating.dog_to[a.seat]
        if not partners:  # no partner to pass to: the lead simply passes on
            if a.to is not None:
                raise IllegalAction("the Dog has no partner to pass the lead to here", "bad_dog")
            return self.seating.next_seat[a.seat]
        choice = self.dog_targets(a.seat)
        if a.to is None:
            if choice:
                raise IllegalAction(
                    f"name the partner the Dog passes the lead to ('to': {' or '.join(map(str, choice))})",
                    "bad_dog")
            holding = [p for p in partners if self.hands[p]]
            return holding[0] if holding else partners[0]
        if a.to not in partners:
            raise IllegalAction(f"the Dog passes the lead to a partner, and seat {a.to} is none",
                                "bad_dog")
        if not self.hands[a.to] and any(self.hands[p] for p in partners):
            raise IllegalAction(f"seat {a.to} is out; the Dog goes to a partner still holding cards",
                                "bad_dog")
        return a.to

    def _check_play(self, a: Action):
        """Which play `a` is and in which mode ('lead', 'follow', 'bomb'); refuse if illegal."""
        s, r, deck = a.seat, self.rules, self.deck
        if self.ending:
            raise IllegalAction("the round is over; the Dragon's trick only waits for its gift",
                                "round_over")
        if self.gift_from is None and s == self.turn:
            mode = "lead" if self.leading() else "follow"
        else:
            mode = "bomb"
            if not self.trick or self.top[KIND] == DOG:
                if self.turn is not None and self.leading():
                    raise IllegalAction(
                        f"it is seat {self.turn}'s lead; bombs need a combination on the table",
                        "not_your_turn")
                raise IllegalAction("it is not your turn", "not_your_turn")
        on = None if mode == "lead" else self.top
        readings = interpretations(a.cards, deck, r.stairs_min_pairs, on, r.led_phoenix_value)
        if not readings:
            if a.cards.bit_count() == 1 and a.cards & deck.phoenix_mask:
                why = ("the Phoenix cannot be played on the Dragon" if self._dragon_on_top()
                       else "a single Phoenix can only follow a single")
                raise IllegalAction(why, "does_not_beat")
            raise IllegalAction(f"{deck.format_cards(a.cards)} is not a combination",
                                "not_a_combination")
        readings = choose_reading(readings, a.phoenix, deck)
        if mode == "bomb":
            readings = [p for p in readings if p[KIND] == BOMB]
            if not readings:
                why = ("only a bomb can be played on a trick waiting for the Dragon's gift"
                       if self.gift_from is not None else
                       "it is not your turn (only a bomb can be played out of turn)")
                raise IllegalAction(why, "not_your_turn")
        if mode == "lead":
            legal = readings
        else:
            legal = [p for p in readings if beats(p, on)]
        if not legal:
            if mode == "follow" and readings[0][KIND] == DOG:
                raise IllegalAction("the Dog can only be played as a lead", "does_not_beat")
            raise IllegalAction(f"{deck.format_cards(a.cards)} does not beat {play_notation(on, deck)}",
                                "does_not_beat")
        play = legal[0]
        if mode != "bomb" and self.wish is not None:
            self._check_wish(s, play, mode)
        return mode, play

    def _check_wish(self, seat: int, play: tuple, mode: str):
        wmask = wish_mask(self.deck, self.wish) & self.hands[seat]
        if not wmask or play[MASK] & wmask:
            return
        plays, can_pass = self.regular_plays(seat)
        if can_pass or any(p[MASK] == play[MASK] for p in plays):
            return
        raise IllegalAction(
            f"you must play a {self.deck.rank_name(self.wish)} (the Mah Jong's wish)", "must_fulfil_wish")

    def _do_play(self, s: int, play: tuple, mode: str, wish: int | None, dog_to: int | None = None):
        mask = play[MASK]
        if mode == "lead" and self.closed:
            self._collect(self.top_seat)
        self.hands[s] &= ~mask
        self.played[s] = True
        if self.wish is not None and mask & wish_mask(self.deck, self.wish):
            self.wish = None
        if wish is not None:
            self.wish = wish
        entry = describe(play, self.deck)
        event = {"seat": s, "act": "play", **entry}
        if wish is not None:
            event["wish"] = self.deck.rank_name(wish)
        if mode == "bomb":
            event["out_of_turn"] = True
        if dog_to is not None:
            event["to"] = dog_to  # the seat the Dog passed the lead (and itself) to
        self.log.append(event)
        self.gift_from = None
        self.closed = False
        self.passed = 0
        if play[KIND] == DOG:
            # The Dog hands the lead over at once; nothing is ever played on it.
            partner = dog_to
            self.piles[partner] |= mask
            self.last_trick = {"to": partner, "plays": [{"seat": s, **entry}]}
            self._went_out(s)
            if self.phase != OVER:
                self.turn = self.lead_from(partner)
            return
        self.trick.append((s, play))
        self.trick_mask |= mask
        if self._went_out(s):
            return
        self.turn = self.next_active(s)

    def _went_out(self, s: int) -> bool:
        """Record `s` going out if its hand is empty; end the round when it must. True if ended."""
        if self.hands[s]:
            return False
        self.out.append(s)
        self.log.append({"seat": s, "act": "out", "place": len(self.out)})
        sweep = self.seating.sweep
        if len(self.out) == sweep:
            team_of = self.seating.team_of
            if len({team_of[o] for o in self.out}) == 1:
                self._finish()
                return True
        if len(self.out) == self.seating.seats - 1:
            # The trick on the table goes to the player who just went out (docs/rules.md §1.11).
            if self.trick:
                if (self._dragon_on_top() and self.rules.options.get("dragon_gift_on_final_trick")
                        and self.seating.gift_to[self.top_seat]):
                    self.gift_from = s
                    self.ending = True
                    self.closed = True
                    self.turn = None
                    return True
                self._collect(s)
            self._finish()
            return True
        return False

    def _dragon_on_top(self) -> bool:
        top = self.top
        return top is not None and top[KIND] == SINGLE and top[VALUE] >= DRAGON_VALUE

    def _pass(self, a: Action):
        s = a.seat
        if self.phase != PLAY:
            raise IllegalAction("there is nothing to pass on yet", "not_now")
        if self.gift_from is not None:
            raise IllegalAction("the trick waits for the Dragon's gift", "not_now")
        if s != self.turn:
            raise IllegalAction("it is not your turn", "not_your_turn")
        if self.leading():
            raise IllegalAction("you have the lead and must play", "cannot_pass")
        if self.wish is not None and wish_mask(self.deck, self.wish) & self.hands[s]:
            _, can_pass = self.regular_plays(s)
            if not can_pass:
                raise IllegalAction(
                    f"you must play a {self.deck.rank_name(self.wish)} (the Mah Jong's wish)",
                    "must_fulfil_wish")
        self.passed |= 1 << s
        self.log.append({"seat": s, "act": "pass"})
        winner = self.top_seat
        waiting = 0
        for seat in range(self.seating.seats):
            if self.hands[seat] and seat != winner:
                waiting |= 1 << seat
        if waiting & ~self.passed:
            self.turn = self.next_active(s)
            return
        # Everybody else passed: the trick is won but stays on the table until collected.
        self.closed = True
        if self._dragon_on_top() and self.seating.gift_to[winner]:
            self.gift_from = winner
            self.turn = None
        else:
            self.turn = self.lead_from(winner)

    def _gift(self, a: Action):
        s = a.seat
        if self.gift_from is None:
            raise IllegalAction("there is no Dragon trick to give away", "not_now")
        if s != self.gift_from:
            raise IllegalAction(f"seat {self.gift_from} gives the Dragon's trick away", "not_your_turn")
        if a.to not in self._opponents(s):
            raise IllegalAction("the Dragon's trick must go to an opponent", "bad_gift")
        self.log.append({"seat": s, "act": "gift", "to": a.to})
        self._collect(a.to)
        self.gift_from = None
        if self.ending:
            self._finish()
        else:
            self.turn = self.lead_from(s)

    def _collect(self, to: int):
        self.piles[to] |= self.trick_mask
        points = card_points(self.deck, self.trick_mask)
        self.last_trick = {
            "to": to,
            "plays": [{"seat": seat, **describe(p, self.deck)} for seat, p in self.trick],
        }
        self.log.append({"act": "trick", "to": to, "points": points})
        self.trick = []
        self.trick_mask = 0
        self.passed = 0
        self.closed = False

    def _finish(self):
        n = self.seating.seats
        order = list(self.out)
        tail_hand = 0
        if len(order) == n - 1:
            tail = next(s for s in range(n) if s not in order)
            order.append(tail)
            tail_hand = self.hands[tail]
        self.result = score_round(self.rules, self.piles, order, tail_hand, self.grand, self.tichu,
                                  self.seating)
        self.phase = OVER
        self.turn = None
        self.gift_from = None
        self.ending = False
        if not self.rules.ruleset.wish_persists:
            self.wish = None


def _describe_pattern(pattern: dict) -> str:
    parts = [f"{k} card{'s' if k > 1 else ''} to seat {t}" for t, k in sorted(pattern.items())]
    return ", ".join(parts)


def strength(deck, card: int) -> int:
    """How good a card is when the best cards must be passed: Dragon, Phoenix, Mah Jong, A..2, Dog."""
    role = deck.role_of[card]
    if role == "normal":
        return deck.rank_of[card]
    return {"dragon": 30, "phoenix": 29, "mahjong": 28}.get(role, 0)


def _better_kept(deck, given: int, kept: int) -> int:
    """The kept cards that are better than the worst card given (0: the best cards were given)."""
    if not given:
        return 0
    worst = min(strength(deck, c) for c in mask_cards(given))
    out = 0
    for c in mask_cards(kept):
        if strength(deck, c) > worst:
            out |= 1 << c
    return out


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m
