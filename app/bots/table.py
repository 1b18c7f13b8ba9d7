"""Drive a round with bots, the way a table does: ask every seat that may act, apply what it says.

Used by the arena and the tests. Seats that can only call Tichu or bomb out of
turn are asked before the seat whose turn it is (bombs go before ordinary
plays), then the seat that must act. Each `decide` call is timed and filed
under the kind of decision it was. A refused action is counted, never fatal:
the seat's move is then made by the greedy bot so the round can go on.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from app.engine import Game, IllegalAction, view_for
from app.engine.round import EXCHANGE, GRAND, OVER

from .base import Bot
from .simple import SimpleBot

#: The kinds of decision timings are filed under.
DECISION_KINDS = ("grand", "exchange", "tichu", "lead", "follow", "bomb", "gift")


def decision_kind(legal: dict) -> str | None:
    if legal["grand"]:
        return "grand"
    if legal["exchange"]:
        return "exchange"
    if legal["gift"]:
        return "gift"
    if legal["plays"] and legal["lead"]:
        return "lead"
    if legal["plays"] or legal["pass"]:
        return "follow"
    if legal["bombs"]:
        return "bomb"
    if legal["tichu"]:
        return "tichu"
    return None


@dataclass
class TableLog:
    """What happened at a table: timings per (seat, kind), refused actions, stalls."""

    times: dict = field(default_factory=dict)  # (seat, kind) -> list of seconds
    illegal: list = field(default_factory=list)  # (seat, action, code)
    actions: int = 0

    def time(self, seat: int, kind: str, seconds: float):
        self.times.setdefault((seat, kind), []).append(seconds)


def _asking_order(rnd) -> list[int]:
    """Seats to ask now: those who only may bomb or call first, then the one who must act."""
    seats = rnd.rules.seats
    if rnd.phase in (GRAND, EXCHANGE):
        return list(range(seats))
    main = rnd.gift_from if rnd.gift_from is not None else rnd.turn
    start = main if main is not None else 0
    order = [s for s in rnd.rules.order[start]]
    if main is not None:
        order.append(main)
    return order


def play_round(game: Game, bots: list[Bot], log: TableLog, max_actions: int = 2000,
               on_action: Callable | None = None) -> None:
    """Play the game's current round to its end with `bots[seat]` at each seat."""
    rnd = game.round
    fallback = [SimpleBot(s) for s in range(rnd.rules.seats)]
    count = 0
    while rnd.phase != OVER and not game.over:
        acted = False
        for seat in _asking_order(rnd):
            if not rnd.legal(seat).any():
                continue
            view = view_for(game, seat)
            kind = decision_kind(view["legal"])
            start = time.perf_counter()
            action = bots[seat].decide(view)
            log.time(seat, kind, time.perf_counter() - start)
            if action is None:
                continue
            if _apply(game, seat, action, log):
                acted = True
                if on_action:
                    on_action(seat, action)
                break
            # Refused: let the greedy bot make this seat's move instead, if it has one to make.
            backup = fallback[seat].decide(view)
            if backup is not None and _apply(game, seat, backup, log):
                acted = True
                break
        if not acted:
            # Nobody acted though the round waits for someone: a stall, made by the greedy bot.
            stuck = _waiting_seat(rnd)
            log.illegal.append((stuck, None, "no_action"))
            view = view_for(game, stuck)
            if not _apply(game, stuck, fallback[stuck].decide(view), log):
                raise RuntimeError("the greedy fallback could not move either")
        log.actions += 1
        count += 1
        if count > max_actions:
            raise RuntimeError("the round does not end")


def _apply(game: Game, seat: int, action: dict, log: TableLog) -> bool:
    if not isinstance(action, dict):
        log.illegal.append((seat, repr(action), "not_a_dict"))
        return False
    action = dict(action)
    if action.setdefault("seat", seat) != seat:
        log.illegal.append((seat, action, "wrong_seat"))
        return False
    try:
        game.apply(action)
    except IllegalAction as exc:
        log.illegal.append((seat, action, exc.code))
        return False
    return True


def _waiting_seat(rnd) -> int:
    if rnd.phase in (GRAND, EXCHANGE):
        return next(s for s in range(rnd.rules.seats) if rnd.legal(s).grand or rnd.legal(s).exchange)
    return rnd.gift_from if rnd.gift_from is not None else rnd.turn


def single_deal_game(hands: list[list[int]], ruleset: str = "standard", options: dict | None = None) -> Game:
    """A game of exactly one round with the given hands."""
    return Game(ruleset, options, deal=lambda index: hands if index == 0 else None)
