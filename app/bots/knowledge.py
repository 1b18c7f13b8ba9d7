"""What a seat knows, read from its view alone.

`Knowledge.of(view)` turns the engine's per-seat view into bitmasks and plain
numbers the bots reason with: the own hand, every card played and by whom,
the cards still unseen, the cards known to sit in a given hand (the ones this
seat passed in the exchange and that have not come out since), the combination
on top of the trick, card counts, calls and places, and what the wish revealed
(a seat that did not fulfil an active wish in its turn holds at most so many
natural cards of that rank), the passes and leads that say a seat could not go out
then (`exits.py`), and the tricks a seat let an opponent take without a bomb (`bomb_reads.py`).

Everything comes from the view (`hand`, `players`, `trick`, `history`,
`exchange`, `wish`, `legal`), so a bot created in the middle of a round (a
player left) knows as much as one that was there from the start.
"""

from __future__ import annotations

from functools import cached_property

from app.engine.cards import DRAGON_VALUE, Deck
from app.engine.combos import (
    BOMB,
    KIND_BY_NAME,
    PAIR,
    SINGLE,
    TRIPLE,
    VALUE,
    straight_flush_value,
)
from app.engine.plays import wish_mask
from app.engine.rulesets import Rules, rules_of

from .bomb_reads import silences
from .exits import exit_reads


def label_value(label: str, kind: str, length: int, deck: Deck) -> float:
    """The comparison value of an engine play from its printed rank (see combos.rank_label)."""
    if kind == "dog":
        return 0
    if kind == "single":
        if label.rstrip("'") in (deck.codes[deck.dragon], "Dr"):
            return DRAGON_VALUE  # (a second Dragon on the first beats it: see Knowledge's trick)
        if "." in label:
            base, _, _ = label.partition(".")
            return (0 if base == "0" else _rank(base, deck)) + 0.5
        return _rank(label, deck)
    top = _rank(label, deck)
    if kind == "bomb":
        return top if length == 4 else straight_flush_value(length, top)
    return top


def _rank(label: str, deck: Deck) -> int:
    if label.isdigit():
        return int(label)  # "1" (the Mah Jong); past the Ace only a Phoenix on a Phoenix
    return deck.parse_rank(label)


def play_tuple(entry: dict, deck: Deck) -> tuple:
    """An engine play tuple from a view's play entry {cards, kind, rank, phoenix}."""
    mask = deck.parse_mask(entry["cards"])
    kind = KIND_BY_NAME[entry["kind"]]
    length = mask.bit_count()
    ph = entry.get("phoenix")
    ph = deck.parse_rank(ph) if ph is not None else None
    return (kind, length, label_value(entry["rank"], entry["kind"], length, deck), mask, ph)


class Knowledge:
    """A seat's knowledge of the current round (see the module docstring)."""

    def __init__(self, view: dict):
        rules = rules_of(view)
        deck = rules.deck
        self.view = view
        self.rules = rules
        self.deck = deck
        self.seat = seat = view["viewer"]
        n = view["seats"]
        geometry = view["geometry"]  # the round's seats, teams and exchange, from the engine
        # The partners in play order (two in Tientsin, none in Grandseigneur); `partner` is the
        # first of them (the partner of the four-player game), None without one.
        self.partners = list(geometry["dog_to"][seat])
        self.partner = self.partners[0] if self.partners else None
        self.team = geometry["team_of"][seat]
        self.opponents = sorted(geometry["opponents"][seat], key=lambda s: geometry["relative"][s])
        self.exchange_targets = sorted(int(t) for t in geometry["exchange"][seat])
        self.phase = view["phase"]
        self.hand = deck.parse_mask(view["hand"]) if view["hand"] else 0
        players = view["players"]
        self.counts = [p["cards"] for p in players]
        self.places = [p["out"] for p in players]
        self.calls = ["grand" if p["grand"] else "tichu" if p["tichu"] else None for p in players]
        self.passed = [p["passed"] for p in players]
        self.wish = deck.parse_rank(view["wish"]) if view["wish"] is not None else None
        self.turn = view["turn"]
        # The exchange, as far as this seat knows it.
        ex = view.get("exchange") or {}
        # (seat, card) pairs: the cards given to and received from each seat (one or more each).
        self.given = [(int(t), c) for t, cs in (ex.get("given") or {}).items() for c in deck.parse_cards(cs)]
        self.received = [(int(g), c) for g, cs in (ex.get("received") or {}).items()
                         for c in deck.parse_cards(cs)]
        # Replay the public history: who played what, piles, wish constraints.
        self.played = [0] * n
        self.piles = [0] * n
        self.max_of_rank: list[dict] = [{} for _ in range(n)]  # seat -> {rank: at most n naturals}
        self.first_leader = None
        self.has_played = [False] * n
        self._replay_history(view["history"], rules)
        self.played_all = 0
        for m in self.played:
            self.played_all |= m
        # Cards in other hands: everything not ours and not played.
        full = deck.full_mask
        self.unseen = full & ~self.hand & ~self.played_all if self.phase in ("play", "over") else \
            full & ~self.hand
        self.known = [0] * n  # cards known to be in a seat's hand
        if self.received:  # the exchange is over: what we gave is in their hands unless played
            for target, card in self.given:
                bit = 1 << card
                if bit & self.unseen:
                    self.known[target] |= bit
        # Hands this seat sees besides its own (the Trichu Table's; see base.hand_views).
        self.seen = set()
        for s, cards in (view.get("seen_hands") or {}).items():
            if cards:
                self.known[int(s)] |= deck.parse_mask(cards) & self.unseen
                self.seen.add(int(s))
        mj = deck.mahjong_mask
        if self.first_leader is not None and self.first_leader != seat and mj & self.unseen:
            # The Mah Jong's holder (after the exchange) led the first trick.
            self.known[self.first_leader] |= mj
        # The trick on the table.
        trick = view["trick"]
        self.trick_plays = [(p["seat"], play_tuple(p, deck)) for p in trick["plays"]]
        self.trick_mask = 0
        for _, p in self.trick_plays:
            self.trick_mask |= p[3]
        self.closed = trick["closed"]
        self.top = self.trick_plays[-1][1] if self.trick_plays and not self.closed else None
        self.top_seat = trick["winner"]
        self.leading = bool(view["lead"]) and self.turn == seat
        self.gift_from = view["gift_from"]

    # -- history ------------------------------------------------------------------------

    def _replay_history(self, history: list, rules: Rules):
        deck = self.deck
        wish = None
        top = None
        trick_cards: list[int] = []
        trick_owner = None
        self._events: list[tuple] = []  # (seat, index, top): passes and leads (None)
        self._plays: list[list[tuple]] = [[] for _ in self.played]  # per seat (index, mask)
        self._closings: list[tuple] = []  # (owner, index, top): tricks taken (`bomb_reads.py`)
        self._call_at: dict = {}  # seat -> the index of its call
        for index, ev in enumerate(history):
            act = ev.get("act")
            if act == "play":
                s = ev["seat"]
                mask = deck.parse_mask(ev["cards"])
                kind = ev["kind"]
                self._plays[s].append((index, mask))
                if top is None:
                    self._events.append((s, index, None))
                if self.first_leader is None:
                    self.first_leader = s
                self.has_played[s] = True
                regular = not ev.get("out_of_turn")
                wm = wish_mask(deck, wish)
                if regular and wish is not None and not mask & wm and kind != "bomb":
                    self._wish_not_fulfilled(s, wish, top)
                if wish is not None and mask & wm:
                    wish = None
                if "wish" in ev:
                    wish = deck.parse_rank(ev["wish"])
                self.played[s] |= mask
                if kind == "dog":
                    self.piles[ev["to"]] |= mask  # the seat the Dog passed the lead to
                    top = None
                    trick_cards = []
                    continue
                length = mask.bit_count()
                if kind == "single":
                    value = label_value(ev["rank"], kind, 1, deck)
                    top = (SINGLE, 1, value, mask, None)
                else:
                    top = (KIND_BY_NAME[kind], length, label_value(ev["rank"], kind, length, deck),
                           mask, None)
                trick_cards.append(mask)
                trick_owner = s
            elif act == "pass":
                self._events.append((ev["seat"], index, top))
                if wish is not None:
                    self._wish_not_fulfilled(ev["seat"], wish, top)
            elif act == "trick":
                if trick_owner is not None and top is not None:
                    self._closings.append((trick_owner, index, top))
                to = ev["to"]
                for m in trick_cards:
                    self.piles[to] |= m
                trick_cards = []
                top = None
                trick_owner = None
            elif act == "gift":
                pass  # the "trick" event that follows names the receiver
            elif (act == "tichu" or act == "grand" and ev.get("call")) and ev["seat"] not in self._call_at:
                self._call_at[ev["seat"]] = index
        self.trick_owner = trick_owner

    def _wish_not_fulfilled(self, s: int, wish: int, top):
        """`s` had its regular turn under the wish and did not play the wished rank."""
        limits = self.max_of_rank[s]
        if top is None:
            at_most = 0  # a leader holding the rank must lead it
        elif top[0] == SINGLE and top[VALUE] < wish:
            at_most = 0
        elif top[0] == PAIR and top[VALUE] < wish:
            at_most = 1
        elif top[0] == TRIPLE and top[VALUE] < wish:
            at_most = 2
        else:
            return
        limits[wish] = min(limits.get(wish, 4), at_most)

    # -- queries ------------------------------------------------------------------------

    @cached_property
    def exits(self) -> list:
        """The passes and leads that say a seat could not go out then (`exits.py`): read only
        where asked (the Hard bot's `read_exits`)."""
        partners = self.view["geometry"]["partners"]
        return exit_reads(self._events, self._plays, self.counts, self.calls, partners)

    @cached_property
    def silences(self) -> list:
        """The tricks each seat let go to an opponent it had to stop, without a bomb
        (`bomb_reads.py`): read only where asked (the Hard bot's `read_bombs`)."""
        return silences(self._closings, self._plays, self.counts, self._call_at,
                        self.view["geometry"]["opponents"])

    def dog_partner(self) -> int:
        """The partner a Dog would pass the lead to (the choice `geometry.dog_partner` makes)."""
        holding = [p for p in self.partners if self.active(p)] or self.partners
        return min(holding, key=lambda s: (not self.calls[s], self.counts[s], self.partners.index(s)))

    def active(self, seat: int) -> bool:
        return self.places[seat] is None and self.counts[seat] > 0

    def hidden_seats(self) -> list[int]:
        return [s for s in range(self.rules.seats) if s != self.seat and self.counts[s] > 0]

    def points_on_table(self) -> int:
        points = self.deck.points_of
        total = 0
        m = self.trick_mask
        while m:
            low = m & -m
            total += points[low.bit_length() - 1]
            m ^= low
        return total

    def top_is_dragon(self) -> bool:
        return self.top is not None and self.top[0] == SINGLE and self.top[VALUE] >= DRAGON_VALUE

    def top_is_bomb(self) -> bool:
        return self.top is not None and self.top[0] == BOMB

    def my_turn(self) -> bool:
        return self.turn == self.seat and self.gift_from is None


__all__ = ["Knowledge", "play_tuple", "rules_of", "label_value"]
