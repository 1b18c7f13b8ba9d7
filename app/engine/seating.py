"""Seat geometry of one round: who sits where, who plays with whom, who passes what to whom.

Everything that depends on how many sit and in what teams is a field here, built
once per round by the ruleset (rulesets.py) and read by the round, the scoring
and the views, so no other code computes `seat % 2` or `seat + 2`:

- `positions`: the seats counter-clockwise around the table; play order follows
  them (`direction` ccw) or runs against them (cw);
- `teams`: groups of seats (None: every player on his own); `partners` and
  `opponents` per seat;
- `controller`: who acts for each seat (the Trichu dealer for the Table);
- `exchange`: per giver, {target: number of cards}; `forced_best`: the givers
  who must pass their best cards;
- `grand_seats`: the seats that may call Grand Tichu; `tichu`: whether small
  Tichu exists at all;
- `dog_to` / `gift_to`: whom the Dog may pass the lead to and whom a won
  Dragon trick may go to;
- `sweep`: how many players of one team going out first end the round at once
  (2 in the four-player game: the double victory; 3 in Tientsin; 0: never);
- `titles`: per seat, the rank title of the seat this round (Grandseigneur);
- `wish_free`: seats that need not fulfil the Mah Jong's wish (the Trichu Table).
"""

from __future__ import annotations

from functools import cache


class Seating:
    __slots__ = (
        "seats", "positions", "step", "next_seat", "order", "teams", "team_of", "partners",
        "opponents", "controller", "controls", "dealer", "table", "exchange", "forced_best",
        "grand_seats", "tichu", "dog_to", "gift_to", "sweep", "titles", "players", "wish_free",
        "titles_by_place",
    )

    def __init__(self, *, positions: list[int], direction: str, teams: list[list[int]] | None,
                 exchange: dict, forced_best: frozenset = frozenset(), grand_seats=None,
                 tichu: bool = True, gifts: bool = True, sweep: int = 0,
                 dealer: int | None = None, table: int | None = None, titles: list | None = None,
                 wish_free: frozenset = frozenset(), titles_by_place: list | None = None):
        n = len(positions)
        self.seats = n
        self.positions = list(positions)
        self.step = 1 if direction == "ccw" else -1
        where = {s: i for i, s in enumerate(self.positions)}
        # next_seat[s]: the seat after s in play order; order[s]: all others in play order after s.
        self.next_seat = [0] * n
        self.order = [[] for _ in range(n)]
        for s in range(n):
            i = where[s]
            self.order[s] = [self.positions[(i + self.step * k) % n] for k in range(1, n)]
            self.next_seat[s] = self.order[s][0]
        self.teams = [list(t) for t in teams] if teams is not None else None
        self.team_of: list = [None] * n
        for t, members in enumerate(self.teams or []):
            for s in members:
                self.team_of[s] = t
        # Partners and opponents in seat order; the Dog's partners in play order.
        in_play_order = [[o for o in self.order[s] if self.team_of[s] is not None
                          and self.team_of[o] == self.team_of[s]] for s in range(n)]
        self.partners = [sorted(p) for p in in_play_order]
        self.opponents = [[o for o in range(n) if o != s and o not in self.partners[s]]
                          for s in range(n)]
        self.dealer = dealer
        self.table = table
        self.controller = list(range(n))
        if table is not None:
            self.controller[table] = dealer
        self.controls = [[h for h in range(n) if self.controller[h] == s] for s in range(n)]
        self.players = [s for s in range(n) if self.controller[s] == s]
        self.exchange = {g: dict(t) for g, t in exchange.items()}
        self.forced_best = frozenset(forced_best)
        self.grand_seats = frozenset(range(n) if grand_seats is None else grand_seats)
        self.tichu = tichu
        self.dog_to = in_play_order
        self.gift_to = self.opponents if gifts else [[] for _ in range(n)]
        self.sweep = sweep
        self.titles = titles
        self.titles_by_place = titles_by_place
        self.wish_free = frozenset(wish_free)  # seats that need not fulfil the Mah Jong's wish

    def exchange_targets(self, seat: int) -> list[int]:
        """The seats `seat` gives cards to, in seat order."""
        return sorted(self.exchange.get(seat, {}))

    def exchange_count(self, seat: int) -> int:
        return sum(self.exchange.get(seat, {}).values())

    def partner(self, seat: int) -> int | None:
        """The seat's first partner in play order (the partner, in the four-player game)."""
        partners = self.dog_to[seat]
        return partners[0] if partners else None

    def relative(self, viewer: int | None) -> list[int]:
        """Per seat: how many steps after `viewer` (None: seat 0) it plays; the viewer is 0."""
        n = self.seats
        start = 0 if viewer is None else viewer
        out = [0] * n
        for k, s in enumerate(self.order[start], 1):
            out[s] = k
        return out

    def as_dict(self, viewer: int | None) -> dict:
        """The geometry as the views carry it (JSON-ready)."""
        n = self.seats
        return {
            "players": list(self.players),
            "positions": list(self.positions),
            "next": list(self.next_seat),
            "relative": self.relative(viewer),
            "teams": [list(t) for t in self.teams] if self.teams is not None else None,
            "team_of": list(self.team_of),
            "partners": [list(p) for p in self.partners],
            "opponents": [list(o) for o in self.opponents],
            "controller": list(self.controller),
            "dealer": self.dealer,
            "table": self.table,
            "exchange": [{str(t): c for t, c in sorted(self.exchange.get(s, {}).items())}
                         for s in range(n)],
            "forced_best": sorted(self.forced_best),
            "grand_tichu": [s in self.grand_seats for s in range(n)],
            "tichu": self.tichu,
            "dog_to": [list(d) for d in self.dog_to],
            "gift_to": [list(g) for g in self.gift_to],
            "titles": list(self.titles) if self.titles is not None else None,
            "wish_free": sorted(self.wish_free),
        }


@cache
def four_seat_pairs(direction: str) -> Seating:
    """The four-player game: seats 0..3, partners opposite (0 and 2, 1 and 3)."""
    return Seating(
        positions=[0, 1, 2, 3], direction=direction, teams=[[0, 2], [1, 3]],
        exchange={s: {t: 1 for t in range(4) if t != s} for s in range(4)}, sweep=2)
