"""A table's change into the store, and the table put back as stored when the store refuses.

The hub calls `save` under the table's lock before anybody hears of a change: what
changed since the last commit (the meta and lobby line if they differ, the game's new
actions) goes to the store in one commit at the next version. If the store refuses, the
hub puts the table back (`restore`: the stored meta, the game replayed to its stored
length) and the sender gets the reason, so nothing unstored is ever shown.
"""

from __future__ import annotations

import logging
import time

from ..store import Change, StoreUnavailable, VersionConflict
from ..table import documents
from ..table.table import Refused, Table
from . import metrics
from .registry import Registry

log = logging.getLogger(__name__)


class TableSaver:
    def __init__(self, registry: Registry):
        self.registry = registry
        self._store_failures: dict[str, float] = {}  # table code -> when its last failure was logged

    def save(self, table: Table) -> None:
        """Commit what changed since the last commit (lock held); Refused (with the reason a
        player can read) if the store does not take it: the caller puts the table back."""
        saved = table.saved
        meta = documents.meta_of(table)
        summary = documents.summary_of(table)
        meta_new = saved is None or meta != saved.meta
        summary_new = saved is None or summary != saved.summary
        if not (meta_new or summary_new or table.pending):
            table.changed()  # only connections came or went: nothing to store
            return
        reason = None
        if table.damaged:
            reason = Refused("table_damaged", "this table's saved game is damaged; it can be watched, "
                                              "not played")
        else:
            version = table.version + 1
            change = Change(version, time.time(), table.listed, meta if meta_new else None,
                            summary if summary_new else None, table.pending)
            try:
                with metrics.timed(metrics.STORE_COMMIT_SECONDS):
                    self.registry.store.commit(table.code, saved.version if saved else 0, change)
            except StoreUnavailable as exc:
                self._log_store_failure(table.code, exc)
                reason = Refused("store_unavailable", "the server cannot save right now, so this was "
                                                      "not done; please try again in a moment")
            except VersionConflict as exc:
                if exc.actual == 0 and self.registry.reopen(table.code):
                    log.warning("table %s was archived while open: reopened", table.code)
                else:
                    log.error("table %s changed elsewhere: %s", table.code, exc)
                reason = Refused("store_conflict", "the table changed meanwhile; please try again")
        if reason is not None:
            raise reason
        table.changed()
        table.updated = change.updated
        table.mark_saved(meta, summary, version)
        documents.forget_finished_rounds(table.game)  # their actions are stored now
        if summary_new:
            self.registry.lobby.changed()  # the hub's commit then advances table.version to it

    def restore(self, table: Table) -> None:
        """Put the table back as the store has it (lock held); a never stored one is dropped."""
        saved = table.saved
        if saved is None:
            self.registry.forget(table)
            return
        game = saved.game
        if game is not None and table.game is game and game.version != saved.moves:
            # The refused action was applied to this game: replay what the store holds of it.
            number = saved.meta["game_no"] - 1
            try:
                actions = self.registry.store.game_actions(table.code, number)
            except StoreUnavailable as exc:
                # Cannot even read: drop the table from memory, to be loaded again once possible.
                log.error("table %s dropped from memory: cannot read it back (%s)", table.code, exc)
                self.registry.forget(table)
                return
            game, _ = documents.replay_game(table, number, actions[:saved.moves])
            documents.forget_finished_rounds(game)
        table.restore(saved, game)

    def game_record(self, table: Table, number: int) -> dict:
        """The whole record of the table's game `number`, replayed from its stored log (lock held:
        everything accepted is stored, so the current game's record is complete too)."""
        try:
            actions = self.registry.game_actions(table.code, number)
        except StoreUnavailable as exc:
            log.error("cannot read game %d of table %s: %s", number, table.code, exc)
            raise Refused("store_unavailable", "the server cannot read this game right now") from None
        game, problem = documents.replay_game(table, number, actions)
        if problem:
            raise Refused("table_damaged", f"this game no longer replays: {problem}")
        return game.record()

    def _log_store_failure(self, code: str, exc: Exception) -> None:
        """One line per table and half minute at most: a full disk must not flood the log."""
        now = time.monotonic()
        if now - self._store_failures.get(code, -1e9) >= 30:
            if len(self._store_failures) > 1000:
                self._store_failures.clear()
            self._store_failures[code] = now
            log.error("refused a change of table %s: %s", code, exc)
