"""What a finished game says of each seat: the rows players' statistics are counted from.

A row is one person's (or one bot's) part in one game at one seat: the rounds they held
it (lineups, table/lineups.py), their points, calls, first outs, double victories and
bombs in those rounds, and, for whoever held the seat at the end, the game's outcome.
Everything is read from the game replayed from its log, so the rows can be made again
from the archived records at any time and checked against them (tests/web/players/).
"""

from __future__ import annotations

from dataclasses import astuple, dataclass, field, fields

from ..base import json_text

WON, LOST, DRAW = "won", "lost", "draw"


@dataclass
class SeatResult:
    code: str
    game: int
    seat: int
    part: int  # 0 for the seat's first holder in the game, 1 for the next, ...
    player: str | None  # the person's player id (None: a bot, or a browser without a key)
    name: str | None  # the person's name at the table (None for a bot)
    bot: str | None  # the bot's level (None for a person)
    ruleset: str
    seats: int  # how many seats the game had (the ruleset's size of table)
    ended: float
    club: str | None = None
    final: bool = False  # held the seat when the game ended (the outcome is theirs)
    outcome: str | None = None  # won, lost or draw; None for an earlier holder or no winner
    rounds: int = 0
    points: int = 0  # their column's points in their rounds (the team's, or the seat's in Trichu)
    against: int | None = 0  # the other column's, where the game has exactly two; else None
    tichu_called: int = 0
    tichu_made: int = 0
    grand_called: int = 0
    grand_made: int = 0
    double_victories: int = 0  # rounds their team went out first and second
    first_out: int = 0
    bombs: int = 0
    partners: list = field(default_factory=list)  # [[player, name, bot], ...] in their last round
    opponents: list = field(default_factory=list)


def seat_results(code: str, number: int, game, lineup: dict, club: str | None = None) -> list[SeatResult]:
    """The rows of game `number` of table `code`: `game` replayed from its whole log (its
    rounds with their logs), `lineup` the holders of its rounds ({"rounds", "ended"})."""
    rules = game.rules
    kind = rules.ruleset.scoring
    holders = lineup.get("rounds") or []
    rows: dict[tuple, SeatResult] = {}
    current: dict[int, SeatResult] = {}
    finished = [r for r in game.rounds if r.result is not None]
    for index, rnd in enumerate(finished):
        if index >= len(holders):
            break  # a round the table did not note (a table older than lineups)
        seating = rnd.seating
        for seat, held in enumerate(holders[index]):
            if held is None:
                continue  # the Trichu Table: nobody's seat
            row = current.get(seat)
            if row is None or [row.player, row.name, row.bot] != list(held):
                part = 0 if row is None else row.part + 1
                row = SeatResult(code, number, seat, part, held[0], held[1], held[2], rules.ruleset.name,
                                 rules.seats, float(lineup.get("ended", 0.0)), club)
                rows[(seat, part)] = current[seat] = row
            _count_round(row, rnd, seat, kind, seating)
            seated = holders[index]
            row.partners = [seated[p] for p in seating.partners[seat] if seated[p] is not None]
            row.opponents = [seated[o] for o in seating.opponents[seat] if seated[o] is not None]
    if game.over:
        last_seating = finished[-1].seating if finished else rules.seating
        for seat, row in current.items():
            row.final = True
            row.outcome = _outcome(game.winner, seat, kind, last_seating)
    return list(rows.values())


def _count_round(row: SeatResult, rnd, seat: int, kind: str, seating) -> None:
    result = rnd.result
    column = seat if kind == "trichu" else seating.team_of[seat]
    row.rounds += 1
    if result.scores is not None and column is not None:
        row.points += result.scores[column]
        if len(result.scores) == 2 and row.against is not None:
            row.against += result.scores[1 - column]
        else:
            row.against = None
    else:
        row.against = None
    call, made = result.calls[seat], result.call_made[seat]
    if call == "tichu":
        row.tichu_called += 1
        row.tichu_made += bool(made)
    elif call == "grand":
        row.grand_called += 1
        row.grand_made += bool(made)
    first = result.out_order[0] if result.out_order else None
    row.first_out += first == seat
    if result.double_victory and first is not None and seating.team_of[seat] is not None:
        row.double_victories += seating.team_of[first] == seating.team_of[seat]
    row.bombs += sum(1 for e in rnd.log if e.get("seat") == seat and e.get("act") == "play"
                     and e.get("kind") == "bomb")


def _outcome(winner, seat: int, kind: str, seating) -> str | None:
    if winner is None:
        return None
    if winner == "draw":
        return DRAW
    if kind in ("trichu", "grandseigneur"):  # the winner is a seat
        return WON if winner == seat else LOST
    team = seating.team_of[seat]
    if team is None:
        return None
    return WON if winner == team else LOST


COLUMNS = tuple(f.name for f in fields(SeatResult))


def result_statements(rows: list[SeatResult]) -> list[tuple[str, tuple]]:
    """The statements keeping `rows` (their players' names and last seen time with them)."""
    insert = (f"INSERT INTO seat_results ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})")
    out = []
    for row in rows:
        values = list(astuple(row))
        values[COLUMNS.index("final")] = int(row.final)
        values[COLUMNS.index("partners")] = json_text(row.partners)
        values[COLUMNS.index("opponents")] = json_text(row.opponents)
        out.append((insert, tuple(values)))
        if row.player is not None:
            out.append(("INSERT INTO players (id, name, created, seen) VALUES (?, ?, ?, ?)"
                        " ON CONFLICT (id) DO UPDATE SET name = excluded.name, seen = excluded.seen"
                        " WHERE players.seen <= excluded.seen",
                        (row.player, row.name or "", row.ended, row.ended)))
    return out
