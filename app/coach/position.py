"""What one hand knows, read from its seat's view and nothing else.

`position_of(view, seat)` turns `view_for(game, viewer)` into bitmasks for one
hand the viewer plays (its own, or the Trichu Table its dealer plays). The
coach proves its claims over every deal of the cards this hand cannot place,
so this module decides what "can place" means, and it only uses certainties:

- its own hand, and the hands it sees (the Trichu Table's; the dealer's for the
  Table, since the dealer plays both);
- every card played this round (the view's public history);
- the cards it (and, for the dealer, the Table) passed in the exchange: they sit
  with their receivers until played;
- the Mah Jong, if unplayed and unseen: it is with the seat that led first.

It deliberately ignores what the wish revealed (a seat that did not fulfil it
holds few of that rank): using less knowledge only widens the set of deals, so
every claim proved over the wider set stays true.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.bots.base import hand_views
from app.engine.cards import Deck
from app.engine.rulesets import Rules, rules_of

from .reading import read_trick


@dataclass
class Position:
    view: dict  # the view of this hand (a controlled seat's as `hand_views` builds it)
    rules: Rules
    deck: Deck
    seat: int
    hand: int
    phase: str
    counts: list[int]  # cards per seat
    pinned: list[int]  # per seat: unplayed cards known to be in that hand (all of a seen hand)
    free: int  # unplayed cards whose holder this hand cannot tell
    unknown: list[int]  # per seat: how many of its cards come from `free`
    played: int
    trick: list  # [(seat, engine play)] of the trick on the table, read exactly
    closed: bool  # everybody passed: the trick waits to be collected (bombs may still come)
    turn: int | None
    gift_from: int | None
    wish: int | None
    wish_free: bool  # this hand need not fulfil the wish (the Trichu Table)
    legal: dict  # the engine's legal actions for this hand (the view's)
    geometry: dict
    consistent: bool = True  # the free cards can fill the other hands and the trick could be read
    others: list[int] = field(default_factory=list)  # seats other than this one still holding cards

    @property
    def top(self) -> tuple | None:
        """The play to beat in this hand's regular turn (None on an empty or closed trick)."""
        return self.trick[-1][1] if self.trick and not self.closed else None

    @property
    def table_top(self) -> tuple | None:
        """The combination lying on the table, closed or not (what an out-of-turn bomb hits)."""
        return self.trick[-1][1] if self.trick else None

    @property
    def in_turn(self) -> bool:
        return self.phase == "play" and self.gift_from is None and self.turn == self.seat

    @property
    def leading(self) -> bool:
        return self.in_turn and (not self.trick or self.closed)

    @property
    def partners(self) -> list[int]:
        return list(self.geometry["dog_to"][self.seat])

    def unseen(self, seat: int) -> int:
        """The cards that may be in `seat`'s hand: its pinned ones, and the free ones if it
        has room for any."""
        return self.pinned[seat] | (self.free if self.unknown[seat] else 0)


def position_of(view: dict, seat: int | None = None) -> Position | None:
    """The position of one hand the viewer plays (default: its own seat); None for a
    spectator, a seat the viewer does not play, or a hand it cannot see."""
    viewer = view.get("viewer")
    if viewer is None:
        return None
    seat = viewer if seat is None else seat
    hv = next((v for v in hand_views(view) if v["viewer"] == seat), None)
    if hv is None or hv.get("hand") is None:
        return None
    rules = rules_of(view)
    deck = rules.deck
    n = view["seats"]
    hand = deck.parse_mask(hv["hand"])
    counts = [p["cards"] for p in view["players"]]
    played = 0
    first_leader = None
    for event in view["history"]:
        if event.get("act") == "play":
            played |= deck.parse_mask(event["cards"])
            if first_leader is None:
                first_leader = event["seat"]
    pinned = [0] * n
    for s, cards in (hv.get("seen_hands") or {}).items():
        if cards:
            pinned[int(s)] = deck.parse_mask(cards)
    unseen = deck.full_mask & ~hand & ~played
    for given in _given_cards(view, seat):
        for target, cards in given.items():
            pinned[int(target)] |= deck.parse_mask(cards) & unseen
    mahjong = deck.mahjong_mask & unseen
    if mahjong and first_leader is not None and first_leader != seat:
        pinned[first_leader] |= mahjong
    all_pinned = 0
    for s in range(n):
        pinned[s] &= unseen
        all_pinned |= pinned[s]
    pinned[seat] = 0
    free = unseen & ~all_pinned
    unknown = [0] * n
    consistent = view["phase"] == "play"
    others = []
    for s in range(n):
        if s == seat:
            continue
        unknown[s] = counts[s] - pinned[s].bit_count()
        if unknown[s] < 0 or (counts[s] == 0 and pinned[s]):
            consistent = False
        if counts[s] > 0:
            others.append(s)
    # In a real game the free cards fill the other hands exactly; a short test deal leaves some
    # in no hand at all, which only widens the deals considered (still sound).
    if sum(unknown) > free.bit_count() or counts[seat] != hand.bit_count():
        consistent = False
    trick = read_trick(view["trick"]["plays"], deck, rules)
    if trick is None:
        consistent, trick = False, []
    wish = deck.parse_rank(view["wish"]) if view["wish"] is not None else None
    geometry = view["geometry"]
    return Position(
        view=hv, rules=rules, deck=deck, seat=seat, hand=hand, phase=view["phase"],
        counts=counts, pinned=pinned, free=free, unknown=unknown, played=played, trick=trick,
        closed=bool(view["trick"]["closed"]), turn=view["turn"], gift_from=view["gift_from"],
        wish=wish, wish_free=seat in geometry["wish_free"], legal=hv.get("legal") or {},
        geometry=geometry, consistent=consistent, others=others,
    )


def _given_cards(view: dict, seat: int) -> list[dict]:
    """The exchange choices this hand's player knows, once the cards have changed hands (the
    play has begun): its own, and for the Trichu dealer the Table's too (he chose both)."""
    if view["phase"] not in ("play", "over"):
        return []
    out = []
    mine = view.get("exchange") or {}
    if mine.get("given"):
        out.append(mine["given"])
    table = view.get("table")
    if table and table.get("exchange") and table["seat"] in (view.get("controls") or ()):
        if table["exchange"].get("given"):
            out.append(table["exchange"]["given"])
    return out
