"""A decision with what the bot weighed for it: `Bot.decide_explained(view) -> Decision`.

The table and the arena take the action alone (`decide`); the coach says why, from the
estimate of a call the bot weighed (`CallEstimate`) and the trace of its search
(`SearchTrace`, a play's: `PlaySearchTrace`), as they were in this decision.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass


@dataclass(frozen=True)
class GameChances:
    """A call weighed by the chance to win the game (Hard's `game_calls`): that chance with
    the call and without it."""

    with_call: float
    without: float


@dataclass(frozen=True)
class CallEstimate:
    """A Grand Tichu or Tichu call weighed: the chance to go out first and the chance a call
    needs now (the score and the others' calls move it)."""

    call: str  # "grand" or "tichu"
    chance: float
    needed: float
    partner_called: bool
    allowed: bool  # (Grand Tichu may be barred by the rules)
    before_exchange: bool = False
    deals: int | None = None  # deals searched (Hard), None: the logistic estimate alone
    game: GameChances | None = None  # weighed by the chance to win the game, not `needed`


@dataclass(frozen=True)
class SearchTrace:
    """A search of candidates over sampled deals: the exchange, a gift, a bomb out of turn
    (`kind`), their mean scores (the first is the rules' choice) and the one taken."""

    kind: str
    worlds: int  # deals sampled and scored
    means: tuple[float, ...]
    chosen: int  # the candidate taken


@dataclass(frozen=True)
class PlaySearchTrace(SearchTrace):
    """The search of a play in turn, as it ran."""

    errors: tuple[float, ...] = ()  # standard error of each candidate's gain over the first
    best: int = 0  # the best mean of those still racing (taken only if it clears its margins)
    distinct: int = 0  # how many of the deals differ
    playouts: int = 0  # play-outs run
    played: tuple[int, ...] = ()  # deals each candidate was played out on
    aside: tuple[int, ...] = ()  # the candidates the race set aside
    for_game: bool = False  # means of points and the chance to win the game (`game_weight`)


@dataclass(frozen=True)
class Decision:
    action: dict | None
    call: CallEstimate | None = None  # the call weighed in this decision, if any
    search: SearchTrace | None = None  # the last search that decided something
    searched: str | None = None  # the kind of search that ran ("call", "play"...), even unused


def decision_as_json(decision: Decision) -> dict:
    """The decision as JSON-ready data (the remote bot protocol's `explain`)."""
    return dataclasses.asdict(decision)


def decision_from_json(data: dict) -> Decision:
    """The decision `decision_as_json` gave."""
    call = data.get("call")
    if call is not None:
        game = call.get("game")
        call = CallEstimate(**{**call, "game": GameChances(**game) if game else None})
    search = data.get("search")
    if search is not None:
        fields = {k: tuple(v) if isinstance(v, list) else v for k, v in search.items()}
        search = (PlaySearchTrace if search["kind"] == "play" else SearchTrace)(**fields)
    return Decision(data.get("action"), call, search, data.get("searched"))
