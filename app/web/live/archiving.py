"""Moving finished games and idle tables from the live store to the archive, and back.

About every `interval` seconds the archiver looks at the tables that changed since it last
looked (in a scale-out every process does: a table one process has open, another may move,
and the first brings it back the moment it needs it, `reopen`):

- a game that has ended is copied whole to the archive at the next sweep; once
  the table has started a later game, the ended one's log leaves the live store;
- a table nobody has changed for `idle_seconds` (and nobody has open here) moves whole:
  written to the archive, then removed from the live store only if it is still at the
  version written (a change meanwhile keeps it live, to be moved later).

Every write to the archive replaces what it kept under the same keys, and nothing leaves
the live store before the archive has it, so `kill -9` at any moment loses nothing and
duplicates nothing: the next sweep does again what was cut short.

A table asked for that is only in the archive is put back into the live store at its
archived version (`reopen`), with its latest game's log, and plays on; its older games
answer from the archive (`game_actions`).
"""

from __future__ import annotations

import logging
import random
import threading
import time

from ..errors import Refused
from ..store import Change, StoreUnavailable, TableStore, VersionConflict
from ..store.archive import Archive, ArchivedTable
from ..store.archive.clubs import ClubRecords
from ..store.archive.players import PlayerRecords, anonymous
from ..store.archive.progress import CoachProgress
from ..store.archive.results import seat_results
from ..table.documents import replay_game, table_shell
from ..table.status import OVER

log = logging.getLogger(__name__)


class Archiver:
    def __init__(self, store: TableStore, archive: Archive, *, idle_seconds: float, interval: float = 30.0,
                 in_use=lambda code: False, clock=time.time):
        self.store, self.archive = store, archive
        self.idle_seconds, self.interval = idle_seconds, interval
        self.in_use = in_use  # code -> True while a process has the table open
        self.clock = clock
        self._seen: dict[str, tuple[int, int]] = {}  # code -> (version, games archived) at the last look
        self.problem: str | None = None  # what stopped the last sweep (None: it went through)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        # The sweep's jitter has a generator of its own: a background thread drawing from the
        # module's shared one would move it under whatever else runs (Hypothesis warns of that).
        self._jitter = random.Random()

    # -- the loop -------------------------------------------------------------------------------

    def start(self) -> None:
        self._thread = threading.Thread(target=self._loop, name="archiver", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _loop(self) -> None:
        # A little jitter: the processes of a scale-out do not all sweep at the same moment.
        while not self._stop.wait(self.interval * self._jitter.uniform(0.8, 1.2)):
            self.tick()

    def tick(self) -> None:
        """One sweep of the loop: what stopped it is logged and kept (`problem`, for /readyz)."""
        try:
            self.sweep()
            self.problem = None
        except StoreUnavailable as exc:
            self.problem = str(exc)[:160]
            log.warning("archiving paused: %s", exc)
        except Exception as exc:
            self.problem = f"the sweep failed: {type(exc).__name__}"
            log.exception("archive sweep failed")

    # -- one sweep --------------------------------------------------------------------------------

    def sweep(self, now: float | None = None) -> dict:
        """One look at every live table; what moved: {"games": n, "tables": n}."""
        now = self.clock() if now is None else now
        self.archive.check()  # one cheap question, so that an archive gone away is known at once
        moved = {"games": 0, "tables": 0}
        for info in self.store.list_tables():
            if info.damaged:
                continue  # kept where it is, read-only, for an operator to look at
            if info.updated < now - self.idle_seconds and not self.in_use(info.code):
                if self.move_table(info.code):
                    moved["tables"] += 1
                continue
            seen = self._seen.get(info.code)
            if seen is not None and seen[0] == info.version:
                continue  # nothing happened since the last look
            moved["games"] += self.move_games(info.code)  # an ended game's log changes no more
        if moved["games"] or moved["tables"]:
            log.info("archived %d game(s) and %d idle table(s)", moved["games"], moved["tables"])
        return moved

    def move_games(self, code: str) -> int:
        """Copy the table's ended games to the archive; drop from the live store the logs of
        those before its latest. The number of games newly copied."""
        stored = self.store.load(code)
        if stored is None:
            return 0
        ended = ended_games(stored.meta, stored.summary)
        done = self._seen.get(code, (0, 0))[1]
        copied = 0
        for number in range(done, ended):
            latest = number == stored.game
            actions = stored.actions if latest else self.store.game_actions(code, number)
            kept = self.archive.game_actions(code, number)
            if kept is not None and (not actions or kept == actions):
                continue  # copied before (and maybe dropped from the live store since)
            results = self.results(stored, number, actions)
            self.archive.put(code, {number: actions}, results={number: results})
            self.recount(results)
            copied += 1
        for number in range(ended):
            if stored.game is not None and number < stored.game:
                self.store.drop_game(code, number)  # the archive has it (above, or a sweep before)
        self._seen[code] = (stored.version, ended)
        return copied

    def move_table(self, code: str) -> bool:
        """Move the whole table to the archive; whether it left the live store."""
        stored = self.store.load(code)
        if stored is None:
            return False
        games, results = {}, {}
        ended = ended_games(stored.meta, stored.summary)
        for number in range(stored.game + 1 if stored.game is not None else 0):
            actions = stored.actions if number == stored.game else self.store.game_actions(code, number)
            if actions:
                games[number] = actions  # (an empty one was dropped after it was archived)
                if number < ended:
                    results[number] = self.results(stored, number, actions)
        self.archive.put(code, games, ArchivedTable(code, stored.version, stored.updated, stored.listed,
                                                    stored.meta, stored.summary, stored.damaged, stored.game),
                         results)
        self.recount([row for rows in results.values() for row in rows])
        gone = self.store.delete_if(code, stored.version)
        self._seen.pop(code, None)
        if gone:
            log.info("table %s moved to the archive (idle since %s)", code,
                     time.strftime("%Y-%m-%d %H:%M", time.gmtime(stored.updated)))
        return gone

    def results(self, stored, number: int, actions: list[dict]) -> list:
        """The seats' results of ended game `number` (none for a game the table noted no
        holders of: a lesson, a table older than that), players who asked to be forgotten
        anonymous."""
        extra = stored.meta.get("extra") or {}
        if extra.get("lesson") and number == 0 and not stored.damaged:
            self.lesson_done(stored, extra["lesson"].get("id"))
        lineup = (extra.get("lineups") or {}).get(str(number))
        if not lineup or not actions or stored.damaged:
            return []
        game, problem = replay_game(table_shell(stored.meta), number, actions)
        if problem:
            log.warning("table %s: no results for %s", stored.code, problem)
            return []
        club = extra.get("club")  # a club's table (pages/clubs.py)
        rows = seat_results(stored.code, number, game, lineup, club)
        gone = PlayerRecords(self.archive).forgotten(r.player for r in rows)
        for row in rows:
            if row.player in gone:
                row.player = row.name = None
            row.partners, row.opponents = anonymous(row.partners, gone), anonymous(row.opponents, gone)
        return rows

    def recount(self, rows: list) -> None:
        """Count the statistics of a game's players and its club's standings again now, so
        that asking for them reads what is kept (store/archive/figures.py)."""
        for player in sorted({row.player for row in rows} - {None}):
            PlayerRecords(self.archive).refresh(player)
        for club in sorted({row.club for row in rows} - {None}):
            ClubRecords(self.archive).refresh(club)

    def lesson_done(self, stored, lesson: str | None) -> None:
        """A lesson's game has ended: its learner has done the lesson (their coach progress)."""
        learners = {seat.get("player") for seat in stored.meta.get("seats", []) if seat.get("owner")} - {None}
        learners -= PlayerRecords(self.archive).forgotten(learners)
        progress = CoachProgress(self.archive)
        for player in sorted(learners):
            if lesson:
                progress.note_lesson(player, lesson, self.clock())

    # -- reading back ---------------------------------------------------------------------------

    def reopen(self, code: str) -> bool:
        """Put an archived table back into the live store (it plays on from there); whether
        the live store has it now."""
        table = self.archive.table(code)
        if table is None:
            return False
        actions = []
        if table.latest is not None:
            actions = self.archive.game_actions(code, table.latest) or []
        change = Change(version=table.version, updated=table.updated, listed=table.listed, meta=table.meta,
                        summary=table.summary, actions=[(table.latest, a) for a in actions])
        try:
            self.store.commit(code, 0, change)
        except VersionConflict:
            return True  # another process put it back first
        if table.damaged:
            self.store.mark_damaged(code, table.damaged)
        log.info("table %s reopened from the archive", code)
        return True

    def record(self, code: str, number: int) -> dict | None:
        """The record of ended game `number` of a table the archive keeps, made there (the
        table stays in the archive: a replay of an old game brings nothing back live); None
        if the archive has no such table. Refused for a game that has not ended."""
        table = self.archive.table(code)
        if table is None:
            return None
        if not 0 <= number < ended_games(table.meta, table.summary):
            raise Refused("not_found", "no such finished game at this table")
        shell = table_shell(table.meta)
        game, problem = replay_game(shell, number, self.archive.game_actions(code, number) or [])
        if problem:
            raise Refused("table_damaged", f"this game no longer replays: {problem}")
        return shell.named(game.record())

    def game_actions(self, code: str, game: int) -> list[dict]:
        """A game's log from the live store, else from the archive ([] when neither has it)."""
        actions = self.store.game_actions(code, game)
        if actions:
            return actions
        return self.archive.game_actions(code, game) or []


def ended_games(meta: dict, summary: dict) -> int:
    """How many of the table's games have ended: those before the current one, and the
    current one too once it is over."""
    finished = int(meta.get("finished", 0))
    return finished + (1 if summary.get("status") == OVER else 0)
