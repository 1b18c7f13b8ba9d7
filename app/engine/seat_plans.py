"""The seating of each round, per ruleset: who sits where and plays with whom.

Each function takes the resolved rules, the round's index and the results of
the rounds before it, and returns that round's `Seating`:

- Tientsin: six seats, two teams of three sitting alternately; each player
  passes one card to each of his two partners.
- Trichu: three players and the Table (seat 3), played by the round's dealer
  and sitting opposite him; the dealer's role passes to the next player in
  play order after every round.
- Grandseigneur: no teams; the first round is seated by seat number and has
  no exchange, later rounds are seated by the hierarchy of the round before
  (the Grandseigneur, at his left the Seigneur, ..., at his right the
  Misérable) and the bottom players pass their best cards up.
"""

from __future__ import annotations

from .seating import Seating

TABLE = 3  # the Trichu Table's seat


def tientsin(rules, index: int, previous: list) -> Seating:
    teams = [[0, 2, 4], [1, 3, 5]]
    exchange = {s: {p: 1 for p in teams[s % 2] if p != s} for s in range(6)}
    return Seating(positions=list(range(6)), direction=rules.options["direction"], teams=teams,
                   exchange=exchange, sweep=3)


def trichu_dealer(rules, index: int) -> int:
    """The dealer (soloist) of round `index`: seat 0 first, then the next player in play order."""
    step = 1 if rules.options["direction"] == "ccw" else -1
    return (step * index) % 3


def trichu(rules, index: int, previous: list) -> Seating:
    d = trichu_dealer(rules, index)
    a, b = (d + 1) % 3, (d + 2) % 3
    one_each = {a: 1, b: 1}
    exchange = {d: dict(one_each), TABLE: dict(one_each), a: {d: 1, TABLE: 1}, b: {d: 1, TABLE: 1}}
    return Seating(positions=[d, a, TABLE, b], direction=rules.options["direction"],
                   teams=[[d, TABLE], [a, b]], exchange=exchange, grand_seats={a, b}, sweep=2,
                   dealer=d, table=TABLE, wish_free={TABLE})


#: Titles from the top; the middle ones come in as the table grows (RULES: variants), between
#: the Maître and the Bourgeois, so that the three exchanges of the text stay what it says
#: ("der Bourgeois dem Maître seine beste") at every size: the Bourgeois is always the third
#: from the bottom, whom the exchange pairs with the Maître, the third from the top.
_TOP = ["Grandseigneur", "Seigneur", "Maître"]
_MIDDLE = ["Chevalier", "Marchand", "Artisan", "Paysan", "Porcher", "Vagabond"]
_BOTTOM = ["Bourgeois", "Pauvre", "Misérable"]


def titles(players: int) -> list[str]:
    """The titles of the hierarchy, from the first place to the last."""
    if players == 5:
        return ["Grandseigneur", "Seigneur", "Maître", "Pauvre", "Misérable"]
    return _TOP + _MIDDLE[:players - 6] + _BOTTOM


def exchange_counts(players: int) -> list[int]:
    """Cards passed between the k-th player from the top and the k-th from the bottom."""
    return [2, 1, 0] if players == 5 else [3, 2, 1]


def grandseigneur(rules, index: int, previous: list) -> Seating:
    n = rules.seats
    names = titles(n)
    direction = rules.options["direction"]
    if index == 0 or not previous:
        # The first round ("Initialrunde"): seats as taken, no exchange; it makes the hierarchy.
        return Seating(positions=list(range(n)), direction=direction, teams=None, exchange={},
                       grand_seats=(), tichu=False, gifts=False, titles_by_place=names)
    hierarchy = list(previous[-1].out_order)  # places 1..n of the round before
    # The Seigneur sits at the Grandseigneur's left, and so on round the table: counter-clockwise
    # from the Grandseigneur come the Misérable, ..., the Seigneur.
    positions = [hierarchy[0]] + hierarchy[1:][::-1]
    exchange: dict = {}
    forced = set()
    for k, count in enumerate(exchange_counts(n)):
        upper, lower = hierarchy[k], hierarchy[n - 1 - k]
        if count and upper != lower:
            exchange[lower] = {upper: count}  # his best cards...
            exchange[upper] = {lower: count}  # ...and as many of the upper player's choice back
            forced.add(lower)
    return Seating(positions=positions, direction=direction, teams=None, exchange=exchange,
                   forced_best=frozenset(forced), grand_seats=(), tichu=False, gifts=False,
                   titles=[names[hierarchy.index(s)] for s in range(n)], titles_by_place=names)
