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

`Evaluator(view, moves, rng)` draws deals with `add(n)` (a review: counted deals) or `run`
(a bot: up to its deadline), sets aside moves sure to lose with `race`; `comparisons()` and
`means()` read the result at any time, so a caller spends deals where a decision is in doubt.
Its loop and statistics are `SameDeals` and `Tally`, which the bot's searches of other
quantities (the chance to go out first) use as they are.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import partial

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
    tally = Tally(2)
    for d in diffs:
        tally.add([0.0, d], (1,))
    return tally.comparison(1)


def compare(scores: list[list[float]]) -> list[Comparison]:
    """Each move after the first (rows of scores on the same deals) against the first."""
    tally = Tally(len(scores))
    every = range(len(scores))
    for deal in zip(*scores, strict=True):
        tally.add(deal, every)
    return tally.comparisons()


class Tally:
    """The statistics of moves scored on the same deals, kept as sums as the deals come (a
    search adds thousands): per move the deals it was scored on and its mean score, and its
    paired difference from the first move (scored on every deal) deal by deal: the mean gain,
    its standard error, and the deals it did better, alike, worse."""

    __slots__ = ("played", "sums", "gains", "squares", "wins", "ties", "losses")

    def __init__(self, count: int):
        self.played = [0] * count
        self.sums = [0.0] * count
        self.gains = [0.0] * count  # of the differences from the first move
        self.squares = [0.0] * count  # of their squares
        self.wins = [0] * count
        self.ties = [0] * count
        self.losses = [0] * count

    def add(self, scores, moves) -> None:
        """One deal's `scores` (by move) of the `moves` scored on it (the first among them)."""
        first = scores[0]
        played, sums, gains, squares = self.played, self.sums, self.gains, self.squares
        for i in moves:
            score = scores[i]
            gain = score - first
            played[i] += 1
            sums[i] += score
            gains[i] += gain
            squares[i] += gain * gain
            if gain > 0:
                self.wins[i] += 1
            elif gain < 0:
                self.losses[i] += 1
            else:
                self.ties[i] += 1

    def comparison(self, i: int) -> Comparison:
        """Move i against the first over the deals move i was scored on."""
        n = self.played[i]
        if not n:
            return Comparison(0, 0, 0, 0.0, 0.0)
        gain = self.gains[i] / n
        # The sample variance of the differences over n, as a sum of squares gives it.
        error = math.sqrt(max(0.0, self.squares[i] / n - gain * gain) / (n - 1)) if n > 1 else 0.0
        return Comparison(self.wins[i], self.ties[i], self.losses[i], gain, error)

    def comparisons(self) -> list[Comparison]:
        """Each move after the first against the first."""
        return [self.comparison(i) for i in range(1, len(self.played))]

    def means(self) -> list[float]:
        """Each move's mean score over the deals it was scored on (0 before any)."""
        return [s / n if n else 0.0 for s, n in zip(self.sums, self.played)]


class SameDeals:
    """`count` moves scored on the same deals: `draw()` makes a deal, `score(deal, i)` scores move
    i on it. The loop every search and review runs, with its statistics (`Tally`):

    - `add(n)` scores the moves still `active` on n more deals (a review counts its deals, so
      it stays reproducible); `run(max_deals, deadline)` adds deals until a count or a clock
      time (a bot's budget);
    - `race(needed, z)` sets aside the moves sure by `z` standard errors not to gain what they
      need over the first (the first always stays): they are scored no more;
    - with `key(deal)` (a deal's hashable form), a deal drawn again reuses its scores instead
      of playing it out again (a play-out depends on the deal alone; late in a round few
      hidden cards make repeats common)."""

    def __init__(self, count: int, draw: Callable[[], object], score: Callable[[object, int], float],
                 key: Callable[[object], Hashable] | None = None):
        self.draw = draw
        self.score = score
        self.key = key
        self.tally = Tally(count)
        self.active = list(range(count))
        self.seen: dict = {}  # a deal's key -> its scores (None: a move not scored on it yet)
        self.playouts = 0

    @property
    def deals(self) -> int:
        return self.tally.played[0]

    @property
    def distinct(self) -> int:
        """How many of the deals differ (all of them, where repeats are not looked for)."""
        return len(self.seen) if self.key is not None else self.deals

    def add(self, deals: int) -> None:
        """Score every active move on `deals` more deals."""
        active, score, key, seen, tally = self.active, self.score, self.key, self.seen, self.tally
        count = len(tally.played)
        for _ in range(deals):
            deal = self.draw()
            if key is None:
                scores = [None] * count
            else:
                k = key(deal)
                scores = seen.get(k)
                if scores is None:
                    scores = seen[k] = [None] * count
            for i in active:
                if scores[i] is None:
                    scores[i] = score(deal, i)
                    self.playouts += 1
            tally.add(scores, active)

    def run(self, max_deals: int, deadline: float = math.inf, each: Callable[[], bool] | None = None) -> None:
        """Add deals one at a time up to `max_deals` in all, stopping before a deal that would end
        past `deadline` (`time.perf_counter`; the last deal's time as its guess), or once
        `each()`, asked after every deal, says False."""
        clock = time.perf_counter
        last = clock()
        played = self.tally.played
        while played[0] < max_deals:
            self.add(1)
            if each is not None and not each():
                break
            now = clock()
            if now + (now - last) >= deadline:
                break
            last = now

    def race(self, needed: list[float], z: float) -> None:
        """Keep active the first move and those not sure, by `z` standard errors, to gain less
        than `needed` (by move) over it."""
        tally = self.tally
        self.active = [i for i in self.active if i == 0 or tally.comparison(i).upper(z) >= needed[i]]

    def comparisons(self) -> list[Comparison]:
        """Each move after the first against the first."""
        return self.tally.comparisons()

    def means(self) -> list[float]:
        return self.tally.means()


def game_score(view: dict, seat: int, weight: float = GAME_WEIGHT):
    """A play-out's score where the round can end the game (`game_stakes.playout_score`), or
    None: the round's points alone."""
    return playout_score(view, view["geometry"]["team_of"][seat], weight)


def play_start(view: dict, weight: float = GAME_WEIGHT, **options) -> PlayStart:
    """The play-phase start every evaluation of this view plays out from (`options`: `PlayStart`'s)."""
    return PlayStart(view, game_score(view, view["viewer"], weight), **options)


def pre_play_start(view: dict, player_view: dict, weight: float = GAME_WEIGHT) -> PrePlayStart:
    """The start before the play (Grand Tichu, a Tichu call before the exchange, the exchange)."""
    return PrePlayStart(view, player_view, game_score(view, view["viewer"], weight))


class Evaluator(SameDeals):
    """`moves` (`rollout` moves: ("turn", play, wish), ("bomb", play), ("wait",), ("gift", seat),
    ("grand", bool), ("tichu", bool), ("exchange", {target: [cards]})) for the hand of `view`,
    each scored on the same deals. `player_view`: the player's whole view where it differs (the
    Trichu dealer's, for its Table); `scale`: the score's unit in points (50 per place in
    Grandseigneur); `deals`: where the deals come from (default: `Sampler` in the play,
    `PrePlayDeals` before it; a bot reading the others' calls gives its own); `knowledge`: the
    view's `Knowledge` where the caller has it; `exact_cards`, `native`: `PlayStart`'s."""

    def __init__(self, view: dict, moves: list[tuple], rng: random.Random, player_view: dict | None = None,
                 scale: float = 1, game_weight: float = GAME_WEIGHT, *, deals=None, knowledge=None,
                 exact_cards: int = 0, native: bool = True):
        self.moves = moves
        self.rng = rng
        self.scale = scale
        self.pre_play = view["phase"] in ("grand", "exchange")
        judged_by_game = game_score(view, view["viewer"], game_weight) is not None
        self.judged = "game" if judged_by_game else "round"  # what the score weighs
        if self.pre_play:
            self.deals_from = deals or PrePlayDeals(player_view or view)
            self.start = pre_play_start(view, player_view or view, game_weight)
            super().__init__(len(moves), partial(self.deals_from.sample, rng), self._score_before_play)
        else:
            self.start = start = play_start(view, game_weight, knowledge=knowledge, exact_cards=exact_cards,
                                            native=native)
            self.deals_from = deals or Sampler(start.k)
            play_out = start.score  # (a closure: this runs for every move on every deal)
            super().__init__(len(moves), partial(self.deals_from.sample, rng),
                             (lambda hands, i: play_out(hands, moves[i])) if scale == 1 else
                             (lambda hands, i: play_out(hands, moves[i]) / scale), tuple)
        self._shared: tuple | None = None  # the others' calls and passes on the deal scored last

    def _score_before_play(self, deal, i: int) -> float:
        hands, shown = deal
        move = self.moves[i]
        if move[0] != "exchange" or move[1] is None:
            return self.start.score(hands, shown, move) / self.scale
        # The passes weighed share the others' calls and passes on a deal: made once.
        if self._shared is None or self._shared[0] is not deal:
            calls = self.start.calls(shown, move)
            self._shared = (deal, calls, self.start.passes(hands, calls, True))
        _, calls, passes = self._shared
        return self.start.finish(hands, passes, calls, move[1]) / self.scale
