"""Who may review which round at a table: a player, their own decisions, a finished round.

The review itself is made by the pool of worker processes (`live/reviews.py`) from the
table's record; this module only decides, under the table's lock, whether the request may
be made and hands over the record of the game's finished rounds (`Table.record`: never the
round being played). The answer to the page is built from the seat's own view at each
flagged decision (`app.coach.review.page`), so it shows nothing the seat could not see.

Refusals: `not_seated` (a watcher: the replay viewer reviews any seat once the game is
over), `not_your_seat` (someone else's seat), `not_started`, `bad_round` (no such round),
`round_running` (the round is being played), `hints_off` (the host switched hints off: no
reviews either while the game runs; once it is over they are open, as in the replay viewer).
"""

from __future__ import annotations

from ..errors import Refused


def review_record(table, seat: int | None, asked: int | None, round_index: int, stored) -> dict:
    """The record to review round `round_index` of the table's game for `seat` (lock held);
    `asked`: the seat the request names, if any. Raises `Refused`."""
    if seat is None:
        raise Refused("not_seated", "only the players at the table review their own rounds here")
    if asked is not None and asked != seat:
        raise Refused("not_your_seat", "you can review only your own decisions at the table")
    game = table.game
    if game is None:
        raise Refused("not_started", "the game has not started yet")
    if not table.settings.get("hints", True) and not game.over:
        raise Refused("hints_off", "the host has switched hints and reviews off at this table until the game "
                                   "is over")
    if not 0 <= round_index < len(game.rounds):
        raise Refused("bad_round", f"there is no round {round_index} in this game yet (counted from 0)")
    if game.rounds[round_index].result is None:
        raise Refused("round_running", "this round is still being played: a review comes once it is over")
    return table.record(None, stored=stored)
