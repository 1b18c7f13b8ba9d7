"""How good is each of these moves for this seat, from what it knows, and how sure is that.

One evaluator for everything that judges a decision by playing it out: the Hard bot's
searches of its other decisions (`searches.py`), and with them the hint (the Hard bot's
decision), and the round review (`app/coach/review`). Each of them asks the same question
and gets its answer the same way; only the budget differs (deals, time):

- **the deals**: consistent with the seat's view: in the play, `sampling.Sampler` (what it
  saw played, what it passed and received, the Mah Jong's first lead, wishes not fulfilled);
  before the play, whole dealt hands (`deals.PrePlayDeals`), its own cards fixed;
- **the play-out**: the rest of the round from the move (`rollout.PlayStart`,
  `rollout.PrePlayStart`: the compiled play-out, calls and passes before the play by the
  Normal bot's rules);
- **the score**: the round's score difference for the seat's team, except where the round
  can end the game (`game_stakes.game_totals`): there the difference plus `game_weight`
  (`HardConfig.game_weight`, as the Hard bot's play search weighs it) times the change in the
  chance to win the game (`game_stakes.playout_score`): near the target a move is judged by
  the game, not the points;
- **the statistics**: every move on the same deals, each compared with the first by the
  paired differences deal by deal (`Comparison`: mean gain, its standard error, and the deals
  it did better, alike, worse).

`Evaluator(view, moves, rng)` draws deals with `add(n)`; `comparisons()` and `means()` read
the result at any time, so a caller spends deals where a decision is in doubt.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from .config import HardConfig
from .deals import PrePlayDeals
from .game_stakes import playout_score
from .rollout import PlayStart, PrePlayStart
from .sampling import Sampler

#: Points per whole chance to win the game near the target (the Hard bot's default).
GAME_WEIGHT = HardConfig.game_weight


@dataclass(frozen=True)
class Comparison:
    """One move against the first, over the same deals: the paired differences' summary."""

    wins: int  # deals where this move scored more
    ties: int  # deals where both scored alike: they say nothing about which is better
    losses: int
    gain: float  # the mean difference over all deals
    error: float = 0.0  # the standard error of that mean

    @property
    def deals(self) -> int:
        return self.wins + self.ties + self.losses

    def lower(self, sure: float) -> float:
        """The gain less `sure` standard errors: with that confidence the gain is at least this."""
        return self.gain - sure * self.error

    def upper(self, sure: float) -> float:
        return self.gain + sure * self.error


def paired(diffs: list[float]) -> Comparison:
    """The summary of one move's differences from the first, deal by deal."""
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    spread = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return Comparison(sum(1 for d in diffs if d > 0), sum(1 for d in diffs if d == 0),
                      sum(1 for d in diffs if d < 0), mean, math.sqrt(spread / n) if n else 0.0)


def compare(scores: list[list[float]]) -> list[Comparison]:
    """Each move after the first (rows of scores on the same deals) against the first."""
    first = scores[0]
    return [paired([a - b for a, b in zip(row, first, strict=True)]) for row in scores[1:]]


def game_score(view: dict, seat: int, weight: float = GAME_WEIGHT):
    """A play-out's score where the round can end the game (`game_stakes.playout_score`), or
    None: the round's points alone."""
    return playout_score(view, view["geometry"]["team_of"][seat], weight)


def play_start(view: dict, weight: float = GAME_WEIGHT) -> PlayStart:
    """The play-phase start every evaluation of this view plays out from."""
    return PlayStart(view, game_score(view, view["viewer"], weight))


def pre_play_start(view: dict, player_view: dict, weight: float = GAME_WEIGHT) -> PrePlayStart:
    """The start before the play (Grand Tichu, a Tichu call before the exchange, the exchange)."""
    return PrePlayStart(view, player_view, game_score(view, view["viewer"], weight))


class Evaluator:
    """`moves` (`rollout` moves: ("turn", play, wish), ("bomb", play), ("wait",), ("gift", seat),
    ("grand", bool), ("tichu", bool), ("exchange", {target: [cards]})) for the hand of `view`,
    each scored on the same deals. `player_view`: the player's whole view where it differs (the
    Trichu dealer's, for its Table); `scale`: the score's unit in points (50 per place in
    Grandseigneur)."""

    def __init__(self, view: dict, moves: list[tuple], rng: random.Random, player_view: dict | None = None,
                 scale: float = 1, game_weight: float = GAME_WEIGHT):
        self.moves = moves
        self.rng = rng
        self.scale = scale
        self.rows: list[list[float]] = [[] for _ in moves]
        self.pre_play = view["phase"] in ("grand", "exchange")
        judged_by_game = game_score(view, view["viewer"], game_weight) is not None
        self.judged = "game" if judged_by_game else "round"  # what the score weighs
        if self.pre_play:
            self.deals_from = PrePlayDeals(player_view or view)
            self.start = pre_play_start(view, player_view or view, game_weight)
        else:
            self.start = play_start(view, game_weight)
            self.deals_from = Sampler(self.start.k)

    @property
    def deals(self) -> int:
        return len(self.rows[0]) if self.rows else 0

    def add(self, deals: int) -> None:
        """Score every move on `deals` more deals."""
        start, moves = self.start, self.moves
        for _ in range(deals):
            if self.pre_play:
                hands, shown = self.deals_from.sample(self.rng)
                scored = [start.score(hands, shown, m) for m in moves]
            else:
                hands = self.deals_from.sample(self.rng)
                scored = [start.score(hands, m) for m in moves]
            for row, s in zip(self.rows, scored, strict=True):
                row.append(s / self.scale)

    def comparisons(self) -> list[Comparison]:
        """Each move after the first against the first."""
        return compare(self.rows)

    def means(self) -> list[float]:
        return [sum(row) / len(row) if row else 0.0 for row in self.rows]
