"""Drive a round with bots, the way a table does: ask every seat that may act, apply what it says.

Used by the arena and the tests. Only players are asked, never a seat another
player controls: the Trichu dealer's bot answers for the Table too (the
contract in `app.bots.base`), and every answer is applied with `by=` the asking
player. Players who can only call Tichu or bomb out of turn are asked before
the one the round waits for (bombs go before ordinary plays), then that one.
Each `decide` call is timed and filed under the kind of decision it was. A
refused action is counted, never fatal: the player's move is then made by the
greedy bot so the round can go on.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from app.engine import Game, IllegalAction, view_for
from app.engine.round import EXCHANGE, GRAND, OVER

from .base import Bot
from .greedy import GreedyBot

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
    """Players to ask now (controllers, never a controlled seat such as the Trichu Table):
    those who only may bomb or call first, then the one the round waits for."""
    seating = rnd.seating
    controller = seating.controller
    if rnd.phase in (GRAND, EXCHANGE):
        return list(seating.players)
    main = rnd.gift_from if rnd.gift_from is not None else rnd.turn
    start = main if main is not None else seating.players[0]
    order = []
    for s in seating.order[start] + [start]:
        c = controller[s]
        if c not in order:
            order.append(c)
    if main is not None:
        order.remove(controller[main])
        order.append(controller[main])
    return order


def _may_act(rnd, player: int) -> bool:
    return any(rnd.legal(s).any() for s in rnd.seating.controls[player])


def play_round(game: Game, bots: list[Bot], log: TableLog, max_actions: int = 4000,
               on_action: Callable | None = None) -> None:
    """Play the game's current round to its end with `bots[seat]` at each player's seat.

    The bot of a player who controls other seats (the Trichu dealer and the Table)
    answers for them too (see `app.bots.base`, "Controlled seats"): every answer is
    applied with `by=` the asking player, so it can only act for the seats it controls.
    """
    rnd = game.round
    fallback = {s: GreedyBot(s) for s in range(rnd.seating.seats)}
    count = 0
    while rnd.phase != OVER and not game.over:
        acted = False
        for player in _asking_order(rnd):
            if not _may_act(rnd, player):
                continue
            view = view_for(game, player)
            kind = _kind(view)
            bot = bots[player]
            if getattr(bot, "sees_all", False):  # a research bot that reads every hand (arena only)
                bot.see(game)
            start = time.perf_counter()
            action = bot.decide(view)
            log.time(player, kind, time.perf_counter() - start)
            if action is None:
                continue
            if _apply(game, player, action, log):
                acted = True
                if on_action:
                    on_action(player, action)
                break
            # Refused: let the greedy bot make this player's move instead, if it has one to make.
            backup = fallback[player].decide(view)
            if backup is not None and _apply(game, player, backup, log):
                acted = True
                break
        if not acted:
            # Nobody acted though the round waits for someone: a stall, made by the greedy bot.
            stuck = rnd.seating.controller[rnd.pending()[0]]
            log.illegal.append((stuck, None, "no_action"))
            view = view_for(game, stuck)
            if not _apply(game, stuck, fallback[stuck].decide(view), log):
                raise RuntimeError("the greedy fallback could not move either")
        log.actions += 1
        count += 1
        if count > max_actions:
            raise RuntimeError("the round does not end")


def _kind(view: dict) -> str | None:
    """The kind of decision the view asks for: its own seat's, else a controlled seat's."""
    kind = decision_kind(view["legal"])
    table = view.get("table")
    if table and table.get("legal") and table["seat"] in view["pending"]:
        kind = decision_kind(table["legal"]) or kind
    return kind


def _apply(game: Game, player: int, action: dict, log: TableLog) -> bool:
    """Apply `player`'s answer as the web layer does: `by=player`, the seat defaulting to his."""
    if not isinstance(action, dict):
        log.illegal.append((player, repr(action), "not_a_dict"))
        return False
    action = dict(action)
    action.setdefault("seat", player)
    try:
        game.apply(action, by=player)
    except IllegalAction as exc:
        log.illegal.append((player, action, exc.code))
        return False
    return True


def single_deal_game(hands: list[list[int]], ruleset: str = "standard", options: dict | None = None) -> Game:
    """A game of exactly one round with the given hands."""
    return Game(ruleset, options, deal=lambda index: hands if index == 0 else None)
