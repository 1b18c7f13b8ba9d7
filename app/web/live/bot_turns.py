"""One turn of a table's bots: ask every bot seat, apply at most one decision.

A worker takes the views of the table's bot seats under the lock, lets the bots decide
outside it (a strong bot may think for a while), and applies one decision under the lock
only if the table has not changed meanwhile; otherwise the change has poked the table
again and the bots are asked anew. Every change asks every bot, so bots can call Tichu
and bomb out of turn.

A bot at seat s sees `view_for(game, s)`. Where s acts for another seat (the
Trichu dealer for the Table: the view's `controls`), its answer may carry
`"seat": <that seat>`; without it the answer is for s. Either way it is
applied as played by s (`Game.apply(action, by=s)`). Who the game waits for
comes from the view's `pending`/`to_act`, never from `legal`'s keys.

A bot that raises, answers something illegal, or answers nothing when it must
act is logged and replaced for that decision by GreedyBot (which plays every
ruleset, and the Table for its dealer), so a table never stalls.

Besides the bot seats, a seat whose turn timer ran out is asked too (the
table's `deciders`): its stand-in makes only the decision the game waits for,
never a call or a bomb out of turn on the person's behalf.
"""

from __future__ import annotations

import logging
import threading

from app.bots import LEVELS, GreedyBot
from app.engine import IllegalAction

from ..table.acts import may_act, must_act
from ..table.table import PLAYING, Refused, Table
from . import metrics

LEVEL_OF = {cls: name for name, cls in LEVELS.items()}  # a bot's class -> its level, for /metrics

log = logging.getLogger(__name__)


class FailureLog:
    """A failing bot fails at every decision: its traceback is logged the first time (per
    bot and error), then one short line each time, so a broken bot cannot fill the log."""

    LIMIT = 200  # distinct failures remembered (then forgotten all at once: memory stays bounded)

    def __init__(self):
        self._seen: set[tuple] = set()
        self._lock = threading.Lock()

    def failed(self, who: str, exc: BaseException, then: str = "GreedyBot decides instead") -> None:
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
    """GreedyBot's answer to the decision the game waits for from the view's player, for its
    own seat or the one it acts for (None when the game waits for nothing from it)."""
    if not must_act(view):
        return None
    try:
        return GreedyBot(view["viewer"]).decide(view)
    except Exception as exc:  # the table's last word must not stop it: logged, and asked again later
        failures.failed(f"GreedyBot at seat {view['viewer']}", exc, then="asked again later")
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


def take_turn(table: Table, hub, think, poke) -> bool:
    """Ask the table's bots once; apply at most one decision. True if one was applied.

    `think(fn, args)` runs a bot's decision (under gevent in a real thread); `poke(table)`
    asks for another turn after the pause."""
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
        action = _decide(think, bot, seat, view)
        if forced and action is not None and (
                _calls(action) or _for_seat(seat, action) not in view["pending"]):
            # A stand-in never calls or bombs for a person: no Grand Tichu, GreedyBot instead.
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
        now = hub.clock()
        for _, seat, action, view, forced in decisions:
            if not table.decides(seat, forced):
                continue
            if table.bomb_block(seat, action, now) is not None:
                continue  # a bomb hold or a won trick's window: the end of it asks the bots again
            if _apply(table, seat, action, view):
                try:
                    hub.commit(table)
                except Refused:
                    # Not stored, so undone (the hub logged why): ask again after the pause.
                    poke(table)
                    return False
                return True
    return False

def _decide(think, bot, seat: int, view: dict) -> dict | None:
    try:
        with metrics.timed(metrics.BOT_DECISION_SECONDS, level=LEVEL_OF.get(type(bot), "other")):
            action = think(bot.decide, (view,))
        if action is not None and not isinstance(action, dict):
            raise TypeError(f"decide() returned {type(action).__name__}, not a dict")
    except Exception as exc:
        failures.failed(f"bot {type(bot).__name__} at seat {seat}", exc)
        return fallback(view)
    if action is None and must_act(view):
        log.warning("bot %s at seat %d did not act when it had to; GreedyBot decides instead",
                    type(bot).__name__, seat)
        return fallback(view)
    return action

def _apply(table: Table, seat: int, action: dict, view: dict) -> bool:
    try:
        table.apply(seat, action)
        return True
    except (IllegalAction, Refused) as exc:
        log.warning("bot at table %s seat %d: %r refused (%s); GreedyBot decides instead",
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
