"""A table as the store keeps it (its meta document, lobby line and action log) and back.

The meta document holds everything about a table that is not the game's moves.
It is generic on purpose, so new table state reaches the store without any
change of schema:

- each seat is stored with all the fields of the `Seat` dataclass (a field added
  there is saved and restored as it is, given a default for older documents);
- `settings` is stored as it is (new settings flow through);
- `extra` is a free dict on the table (`table.extra`) for any other state that
  must survive a restart (JSON values only).

The game itself is its log: the accepted actions of each game, replayed from
the table's seed. A log that no longer replays marks the table damaged: it is
kept as far as it replays, shown as damaged, and never written again.
"""

from __future__ import annotations

import logging

from app.engine import Game, IllegalAction
from app.engine.errors import EngineError

from ..store import StoredTable
from .table import SEAT_FIELDS, Seat, Table

log = logging.getLogger(__name__)

META_FORMAT = "tichu-table/2"


def meta_of(table: Table) -> dict:
    """The table's meta document (never changes when only connections come and go)."""
    return {
        "format": META_FORMAT,
        "code": table.code,
        "name": table.name,
        "ruleset": table.ruleset,
        "options": table.options,
        "listed": table.listed,
        "host": {"name": table.host_name, "token_hash": table.host_hash},
        "seed": table.seed,
        "seeded": table.seeded,
        "created": table.created,
        "game_no": table.game_no,
        "finished": table.finished,
        "seats": [seat_doc(seat) for seat in table.seats],
        "settings": table.settings,
        "chat": table.chat.recent(),
        "extra": table.extra,
    }


def seat_doc(seat: Seat) -> dict:
    """A seat's fields as a dict: `dataclasses.asdict` without its deep copy, as every field
    of a seat is a plain value (text, number, bool or None: tests/web/table/test_table_documents.py)."""
    return {name: getattr(seat, name) for name in SEAT_FIELDS}


def summary_of(table: Table) -> dict:
    """The table's line in the lobby, as stored (the store keeps `updated` itself)."""
    summary = table.summary()
    summary.pop("updated", None)
    return summary


def new_table(stored: StoredTable) -> Table:
    """A live table from what the store holds; `table.damaged` says if its log stopped replaying."""
    table = table_shell(stored.meta, stored.version)
    table.updated = stored.updated
    table.damaged = stored.damaged
    if table.game_no > 0:
        current = table.game_no - 1
        actions = stored.actions if stored.game == current else []
        table.game, problem = replay_game(table, current, actions)
        if problem and not table.damaged:
            table.damaged = problem
        forget_finished_rounds(table.game)
    for seat in table.bot_seats():
        table.bots[seat] = table.new_bot(seat)
    table.mark_saved(stored.meta, stored.summary)
    return table


def table_shell(meta: dict, version: int = 0) -> Table:
    """The table a meta document describes (stored as `version`), without its game or bots:
    enough to know its seats and to replay any of its games (`replay_game`)."""
    if meta.get("format") != META_FORMAT:
        raise ValueError(f"table {meta.get('code')}: not a {META_FORMAT} document")
    table = Table(meta["code"], meta["name"], meta["ruleset"], meta["options"], meta["host"]["token_hash"],
                  meta["host"]["name"], listed=meta["listed"], seed=meta["seed"], created=meta["created"])
    table.seeded = meta["seeded"]
    table.version = version
    table.apply_meta(meta)
    return table


class RoundOver:
    """What a live table keeps of a round that is over, besides the last one: its result (the
    score sheet) and its wish (a ruleset may carry it into the next round). Its hands and
    actions (tens of kB a round) are in the store's log, where records are made from."""

    __slots__ = ("result", "wish", "phase")

    def __init__(self, rnd):
        self.result, self.wish, self.phase = rnd.result, rnd.wish, rnd.phase


def forget_finished_rounds(game: Game | None) -> None:
    """Replace the rounds that are over (all but the last) by their `RoundOver`.

    Call only once their actions are stored. The game plays on as before; its
    `record()` no longer works (records come from the store: `Hub.game_record`).
    """
    if game is None:
        return
    rounds = game.rounds
    for i in range(len(rounds) - 2, -1, -1):
        if isinstance(rounds[i], RoundOver):
            break  # the earlier ones were replaced before
        rounds[i] = RoundOver(rounds[i])


def replay_game(table: Table, number: int, actions: list[dict]) -> tuple[Game, str | None]:
    """Game `number` of the table with `actions` replayed; and why the log stopped, if it did."""
    game = Game(table.ruleset, table.options, seed=table.game_seed(number), deal=table.game_deal(number))
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except (IllegalAction, EngineError, ValueError, TypeError, KeyError) as exc:
            reason = getattr(exc, "message", None) or str(exc) or type(exc).__name__
            return game, f"game {number + 1}, action {i + 1} of {len(actions)} no longer replays: {reason}"
    return game, None
