"""What the archive keeps and the one interface of its homes (SQLite, PostgreSQL).

A table is archived whole or a game at a time, and every write is an upsert keyed by
the table's code (and the game's number): writing the same thing twice leaves it once,
so a move interrupted anywhere (`kill -9`) is finished by doing it again. Everything
is JSON text, as in the live store.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from dataclasses import dataclass

from ..base import StoreUnavailable, json_text
from . import figures
from .results import SeatResult, result_statements

__all__ = ["Archive", "ArchivedTable", "StoreUnavailable"]


@dataclass
class ArchivedTable:
    """A table as it was when it left the live store (its games' logs apart)."""

    code: str
    version: int
    updated: float
    listed: bool
    meta: dict
    summary: dict
    damaged: str | None = None
    latest: int | None = None  # the latest game number with actions (None: no actions)


class Archive(ABC):
    """Where finished games and idle tables are kept. Every method may raise StoreUnavailable."""

    kind = "abstract"

    @abstractmethod
    def _execute(self, statements: list[tuple[str, tuple]]) -> None:
        """Run the statements in one transaction (all or nothing)."""

    @abstractmethod
    def _query(self, sql: str, params: tuple = ()) -> list[tuple]:
        """The rows of one query."""

    # -- writing ----------------------------------------------------------------------------

    def put(self, code: str, games: dict[int, list[dict]], table: ArchivedTable | None = None,
            results: dict[int, list[SeatResult]] | None = None) -> None:
        """Keep the logs of the table's `games` {number: actions}, when given the `table` itself
        and the `results` of its seats in some of those games {number: rows}, in one
        transaction; what was kept under the same keys is replaced."""
        statements = []
        for number, rows in sorted((results or {}).items()):
            statements.extend(figures.dropped_for_game(code, number))  # the results kept before
            statements.append(("DELETE FROM seat_results WHERE code = ? AND game = ?", (code, int(number))))
            statements.extend(result_statements(rows))
            statements.extend(figures.dropped_for_game(code, number))  # and the new ones
        if table is not None:
            statements.append((
                "INSERT INTO archived_tables (code, version, updated, listed, meta, summary, damaged, latest)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (code) DO UPDATE SET version = excluded.version,"
                " updated = excluded.updated, listed = excluded.listed, meta = excluded.meta,"
                " summary = excluded.summary, damaged = excluded.damaged, latest = excluded.latest",
                (code, table.version, table.updated, int(table.listed), json_text(table.meta),
                 json_text(table.summary), table.damaged, table.latest)))
        for number, actions in sorted(games.items()):
            statements.append((
                "INSERT INTO archived_games (code, game, actions) VALUES (?, ?, ?)"
                " ON CONFLICT (code, game) DO UPDATE SET actions = excluded.actions",
                (code, int(number), json_text(actions))))
        if statements:
            self._execute(statements)

    def delete(self, code: str) -> None:
        """Forget a table and its games (housekeeping only)."""
        games = {r[0] for r in self._query("SELECT game FROM seat_results WHERE code = ?", (code,))}
        self._execute([s for n in sorted(games) for s in figures.dropped_for_game(code, n)]
                      + [("DELETE FROM seat_results WHERE code = ?", (code,)),
                       ("DELETE FROM archived_games WHERE code = ?", (code,)),
                       ("DELETE FROM archived_tables WHERE code = ?", (code,))])

    # -- reading ----------------------------------------------------------------------------

    def table(self, code: str) -> ArchivedTable | None:
        rows = self._query("SELECT code, version, updated, listed, meta, summary, damaged, latest"
                           " FROM archived_tables WHERE code = ?", (code,))
        if not rows:
            return None
        code, version, updated, listed, meta, summary, damaged, latest = rows[0]
        return ArchivedTable(code, int(version), float(updated), bool(listed), json.loads(meta),
                             json.loads(summary), damaged, None if latest is None else int(latest))

    def game_actions(self, code: str, game: int) -> list[dict] | None:
        """The log of one archived game, None when the archive has none."""
        rows = self._query("SELECT actions FROM archived_games WHERE code = ? AND game = ?",
                           (code, int(game)))
        return json.loads(rows[0][0]) if rows else None

    def games(self, code: str) -> list[int]:
        """The numbers of the table's archived games, in order."""
        return [int(r[0]) for r in self._query("SELECT game FROM archived_games WHERE code = ? ORDER BY game",
                                               (code,))]

    def counts(self) -> tuple[int, int]:
        """(tables, games) kept: for metrics and the benchmarks."""
        tables = self._query("SELECT COUNT(*) FROM archived_tables")[0][0]
        games = self._query("SELECT COUNT(*) FROM archived_games")[0][0]
        return int(tables), int(games)

    def check(self) -> None:
        """Raise StoreUnavailable unless the archive answers (readiness)."""
        self._query("SELECT 1")

    def close(self) -> None:
        return None
