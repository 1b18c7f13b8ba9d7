"""Drives the bot seats of all tables.

After every accepted change the hub pokes the table's runner entry. After a
short pause (so people can follow the play) a worker takes the views of the
table's bot seats under the lock, lets the bots decide outside it (a strong
bot may think for a while), and applies one decision under the lock only if
the table has not changed meanwhile; otherwise the change has poked the table
again and the bots are asked anew. Every change asks every bot, so bots can
call Tichu and bomb out of turn.

A bot at seat s sees `view_for(game, s)`. Where s acts for another seat (the
Trichu dealer for the Table: the view's `controls`), its answer may carry
`"seat": <that seat>`; without it the answer is for s. Either way it is
applied as played by s (`Game.apply(action, by=s)`). Who the game waits for
comes from the view's `pending`/`to_act`, never from `legal`'s keys.

A bot that raises, answers something illegal, or answers nothing when it must
act is logged and replaced for that decision by SimpleBot (which plays every
ruleset, and the Table for its dealer), so a table never stalls.

Besides the bot seats, a seat whose turn timer ran out is asked too (the
table's `deciders`): its stand-in makes only the decision the game waits for,
never a call or a bomb out of turn on the person's behalf.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from app.bots import SimpleBot
from app.engine import IllegalAction

from .acts import may_act, must_act
from .tables import PLAYING, Refused, Table

__all__ = ["BotRunner", "must_act", "may_act", "fallback"]

log = logging.getLogger(__name__)


class FailureLog:
    """A failing bot fails at every decision: its traceback is logged the first time (per
    bot and error), then one short line each time, so a broken bot cannot fill the log."""

    LIMIT = 200  # distinct failures remembered (then forgotten all at once: memory stays bounded)

    def __init__(self):
        self._seen: set[tuple] = set()
        self._lock = threading.Lock()

    def failed(self, who: str, exc: BaseException, then: str = "SimpleBot decides instead") -> None:
        tb = exc.__traceback__
        while tb is not None and tb.tb_next is not None:
            tb = tb.tb_next
        key = (who, type(exc).__name__, tb and tb.tb_frame.f_code.co_filename, tb and tb.tb_lineno)
        with self._lock:
            first = key not in self._seen
            if first:
                if len(self._seen) >= self.LIMIT:
                    self._seen.clear()
                self._seen.add(key)
        if first:
            log.error("%s failed; %s", who, then, exc_info=exc)
        else:
            log.warning("%s failed again (%s: %s); %s", who, type(exc).__name__, str(exc)[:120], then)


failures = FailureLog()


def _due(legal: dict, pending: bool) -> dict:
    legal = {**legal, "tichu": False, "grand_call": False}
    if not pending:
        legal["bombs"] = []  # out of turn
    return legal


def due_only(view: dict) -> dict:
    """A view whose legal actions are only the decision the game waits for (a stand-in
    deciding for a person whose time ran out calls nothing and bombs nobody), for the seat
    and for the Table its dealer plays."""
    out = {**view, "legal": _due(view["legal"], view["viewer"] in view["pending"])}
    table = view["table"]
    if table and table["legal"] is not None:
        out["table"] = {**table, "legal": _due(table["legal"], table["seat"] in view["pending"])}
    return out


def fallback(view: dict) -> dict | None:
    """SimpleBot's answer to the decision the game waits for from the view's player, for its
    own seat or the one it acts for (None when the game waits for nothing from it)."""
    if not must_act(view):
        return None
    try:
        return SimpleBot(view["viewer"]).decide(view)
    except Exception as exc:  # the table's last word must not stop it: logged, and asked again later
        failures.failed(f"SimpleBot at seat {view['viewer']}", exc, then="asked again later")
        return None


def _calls(action: dict) -> bool:
    return action.get("act") == "tichu" or (action.get("act") == "grand" and action.get("call") is not False)


def _for_seat(seat: int, action: dict):
    return action.get("seat", seat)


def _priority(seat: int, action: dict, view: dict) -> tuple:
    # Calls first, then bombs out of turn (bombs go before ordinary plays), then the rest.
    if action.get("act") == "tichu":
        return (0, seat)
    if action.get("act") == "play" and _for_seat(seat, action) not in view["pending"]:
        return (1, seat)
    return (2, seat)


class BotRunner:
    def __init__(self, hub, registry, delay: float = 0.6, workers: int = 4, think=None):
        self.hub = hub
        # think(fn, args) runs a bot's decision: under gevent in a real thread, so a strong
        # bot's search never stalls the other tables (async_mode.thinker).
        self._think = think or (lambda fn, args=(): fn(*args))
        self.registry = registry
        self.delay = max(0.0, float(delay))
        self._cond = threading.Condition()
        self._heap: list = []  # (due time, sequence, table code)
        self._seq = itertools.count()
        self._scheduled: set[str] = set()
        self._running: set[str] = set()
        self._again: set[str] = set()
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="bots")
        self._stopped = False
        self._thread = threading.Thread(target=self._schedule_loop, name="bot-scheduler", daemon=True)
        self._thread.start()

    # -- scheduling ------------------------------------------------------------------------

    def poke(self, table: Table) -> None:
        """The table changed: let its bots look at it after the pause."""
        if table.status != PLAYING or not table.deciders():
            return
        with self._cond:
            if table.code in self._running:
                self._again.add(table.code)
            elif table.code not in self._scheduled:
                self._push(table.code)

    def _push(self, code: str):
        self._scheduled.add(code)
        heapq.heappush(self._heap, (time.monotonic() + self.delay, next(self._seq), code))
        self._cond.notify_all()

    def _schedule_loop(self):
        with self._cond:
            while not self._stopped:
                if not self._heap:
                    self._cond.wait()
                    continue
                due, _, code = self._heap[0]
                wait = due - time.monotonic()
                if wait > 0:
                    self._cond.wait(wait)
                    continue
                heapq.heappop(self._heap)
                self._scheduled.discard(code)
                self._running.add(code)
                try:
                    self._pool.submit(self._run, code)
                except RuntimeError:  # the pool is shut down
                    self._running.discard(code)

    def _run(self, code: str):
        try:
            table = self.registry.loaded(code)  # a table dropped from memory rests until loaded
            if table is not None:
                self.turn(table)
        except Exception:
            log.exception("bot turn failed at table %s", code)
        finally:
            with self._cond:
                self._running.discard(code)
                if code in self._again:
                    self._again.discard(code)
                    if code not in self._scheduled:
                        self._push(code)
                self._cond.notify_all()

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Block until no bot has anything scheduled or running (for tests); False on timeout."""
        end = time.monotonic() + timeout
        with self._cond:
            while self._heap or self._running:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def stop(self):
        with self._cond:
            self._stopped = True
            self._cond.notify_all()
        self._pool.shutdown(wait=False, cancel_futures=True)

    # -- one round of decisions -------------------------------------------------------------

    def turn(self, table: Table) -> bool:
        """Ask the table's bots once; apply at most one decision. True if one was applied."""
        with table.lock:
            if table.status != PLAYING or table.evicted or table.damaged:
                return False
            version = table.version
            asks = []
            for seat, bot, forced in table.deciders():
                view = table.view(seat)
                if forced and must_act(view):
                    asks.append((seat, bot, due_only(view), forced))
                elif not forced and may_act(view):
                    asks.append((seat, bot, view, forced))
        decisions = []
        for seat, bot, view, forced in asks:
            action = self._decide(bot, seat, view)
            if forced and action is not None and (
                    _calls(action) or _for_seat(seat, action) not in view["pending"]):
                # A stand-in never calls or bombs for a person: no Grand Tichu, SimpleBot instead.
                grand = action.get("act") == "grand" and _for_seat(seat, action) in view["pending"]
                action = {**action, "call": False} if grand else fallback(view)
            if action is not None:
                decisions.append((_priority(seat, action, view), seat, action, view, forced))
        if not decisions:
            return False
        decisions.sort(key=lambda d: d[0])
        with table.lock:
            if table.version != version or table.status != PLAYING or table.evicted:
                return False  # the change that moved the version asks the bots again
            now = self.hub.clock()
            for _, seat, action, view, forced in decisions:
                if not table.decides(seat, forced):
                    continue
                if table.bomb_block(seat, action, now) is not None:
                    continue  # a bomb hold or a won trick's window: the end of it asks the bots again
                if self._apply(table, seat, action, view):
                    try:
                        self.hub.commit(table)
                    except Refused:
                        # Not stored, so undone (the hub logged why): ask again after the pause.
                        self.poke(table)
                        return False
                    return True
        return False

    def _decide(self, bot, seat: int, view: dict) -> dict | None:
        try:
            action = self._think(bot.decide, (view,))
            if action is not None and not isinstance(action, dict):
                raise TypeError(f"decide() returned {type(action).__name__}, not a dict")
        except Exception as exc:
            failures.failed(f"bot {type(bot).__name__} at seat {seat}", exc)
            return fallback(view)
        if action is None and must_act(view):
            log.warning("bot %s at seat %d did not act when it had to; SimpleBot decides instead",
                        type(bot).__name__, seat)
            return fallback(view)
        return action

    def _apply(self, table: Table, seat: int, action: dict, view: dict) -> bool:
        try:
            table.apply(seat, action)
            return True
        except (IllegalAction, Refused) as exc:
            log.warning("bot at table %s seat %d: %r refused (%s); SimpleBot decides instead",
                        table.code, seat, action, exc)
        instead = fallback(view)
        if instead is None or instead == action:
            return False
        try:
            table.apply(seat, instead)
            return True
        except (IllegalAction, Refused) as exc:
            log.error("the fallback %r refused at table %s seat %d: %s", instead, table.code, seat, exc)
            return False
