"""The Hard bot's searches besides its plays (`play_search.py`): the calls, the exchange, bombs
out of turn, the Dragon's gift.

Each compares a few candidates (Normal's choice always first) over the same sampled deals:

- in the play phase the deals are `Sampler`'s (everything the seat knows, the cards it passed
  and received in the exchange included) and the round is played out from the position
  (`rollout.PlayStart`);
- before the play (Grand Tichu on the first cards, Tichu before the exchange, the exchange)
  they are whole dealt hands (`deals.PrePlayDeals`), the other seats' calls and passes made by
  the Normal bot's rules, then the round is played out from the first lead
  (`rollout.PrePlayStart`).

A call is a bet on going out first: its search counts how often the seat goes out first
having called, over the deals, and blends that with the Normal bot's logistic estimate
(`calls.py`) as a prior worth `prior_worlds` deals; the threshold is Normal's
(`calls.tichu_threshold`: the score's pressure and an opponent's call move it). The other
decisions take the candidate with the best mean score, Normal's unless another is better by a
margin and by two standard errors of the gain (paired on the same deals, so a small budget's
noise does not flip a decision).

Every one of them is scored by the evaluator the play search, the hint and the review use
(`evaluation.Evaluator`; the chance to go out first by its loop and statistics alone,
`evaluation.SameDeals`), stopped at a deal count or a deadline, whichever comes first; a search
that ran out of time before `min_worlds` deals keeps Normal's choice. Tests use deal counts,
never time.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .config import HardConfig
from .deals import PrePlayDeals
from .evaluation import GAME_WEIGHT, Evaluator, SameDeals
from .rollout import PlayStart, PrePlayStart
from .sampling import Sampler


def run_worlds(count: int, draw: Callable, score: Callable, deadline: float, max_worlds: int,
               min_worlds: int) -> tuple[list[float] | None, int]:
    """Mean score of each of `count` candidates over the same deals: `draw()` makes a deal,
    `score(deal, i)` scores candidate i on it. (None, worlds) when the deadline came before
    `min_worlds` deals (the caller then keeps Normal's choice)."""
    return _means(SameDeals(count, draw, score), deadline, max_worlds, min_worlds)


def _means(scores: SameDeals, deadline: float, max_worlds: int, min_worlds: int) -> tuple[Means | None, int]:
    """`scores` run to `max_worlds` deals or `deadline`: the means (None before `min_worlds`
    deals) and the deals."""
    scores.run(max_worlds, deadline)
    worlds = scores.deals
    if worlds < min(min_worlds, max_worlds):
        return None, worlds
    means = Means(scores.means())
    means.errors = [0.0] + [c.error for c in scores.comparisons()]
    return means, worlds


class Means(list):
    """Mean scores per candidate; `errors`: the standard error of each one's gain over the first."""

    errors: list[float] = []


#: How many standard errors a candidate's gain over Normal's choice must clear besides the margin
#: (the play search's default `sure`; these searches always ask this many).
SURE = HardConfig.sure


def best_index(means: list[float], margin: float) -> int:
    """The best candidate, or the first (Normal's) unless another beats it by `margin` and by
    `SURE` standard errors of the gain (measured on the same deals)."""
    errors = getattr(means, "errors", None) or [0.0] * len(means)
    best = max(range(len(means)), key=lambda i: means[i])
    gain = means[best] - means[0]
    return best if gain >= margin and gain >= SURE * errors[best] else 0


# -- the calls ------------------------------------------------------------------------------


def first_out_in_play(view: dict, rng: random.Random, deadline: float, max_worlds: int,
                      min_worlds: int, sampler=None, outcomes: list | None = None) -> tuple[int, int] | None:
    """(deals where this seat went out first having called Tichu, deals) from the position now
    (the play phase); None when out of time. `sampler`: the deals (default `Sampler`);
    `outcomes`: a list to add each deal's (went out first, the round's points) to."""
    start = PlayStart(view)
    sampler = sampler or Sampler(start.k)
    seat = start.seat
    po = start.po

    def score(hands, _i):
        start.score(hands, ("tichu", True))
        return _first_out(po, seat, outcomes)

    means, worlds = run_worlds(1, lambda: sampler.sample(rng), score, deadline, max_worlds, min_worlds)
    return None if means is None else (round(means[0] * worlds), worlds)


def first_out_before_play(view: dict, move: tuple, rng: random.Random, deadline: float,
                          max_worlds: int, min_worlds: int, deals=None,
                          outcomes: list | None = None) -> tuple[int, int] | None:
    """(deals where this seat went out first after `move`, deals) from whole dealt hands (the
    Grand Tichu decision, a Tichu call before the exchange); None when out of time. `deals`:
    where they come from (default `PrePlayDeals`); `outcomes`: as `first_out_in_play`'s."""
    deals = deals or PrePlayDeals(view)
    start = PrePlayStart(view, view)
    seat = start.seat
    po = start.po

    def score(deal, _i):
        hands, shown = deal
        start.score(hands, shown, move)
        return _first_out(po, seat, outcomes)

    means, worlds = run_worlds(1, lambda: deals.sample(rng), score, deadline, max_worlds, min_worlds)
    return None if means is None else (round(means[0] * worlds), worlds)


def _first_out(po, seat: int, outcomes: list | None) -> float:
    """1 if `seat` went out first in the play-out just run, else 0 (and the deal's outcome
    added to `outcomes` where asked)."""
    first = bool(po.out) and po.out[0] == seat
    if outcomes is not None:
        outcomes.append((first, po.round_points()))
    return 1.0 if first else 0.0


def blended_chance(prior: float, hits: int, worlds: int, prior_worlds: float) -> float:
    """The searched chance with the logistic estimate as a prior worth `prior_worlds` deals."""
    return (prior * prior_worlds + hits) / (prior_worlds + worlds)


# -- the exchange ------------------------------------------------------------------------------


def exchange_variants(normal: dict[int, list[int]], hand: int, deck, partners: list[int],
                      loose: list[int], limit: int) -> list[dict[int, list[int]]]:
    """Normal's pass first, then a few variants: the opponents' cards swapped, the partner given
    the next best card, an opponent given the next loosest card, the Dog kept or given.

    `loose`: this hand's cards by how little its plan misses them (best to give first)."""
    out = [normal]
    seen = {_pass_key(normal, deck)}

    def add(give):
        key = _pass_key(give, deck)
        if key not in seen and _valid(give, hand):
            seen.add(key)
            out.append(give)

    opponents = [t for t in sorted(normal) if t not in partners]
    given = {c for cs in normal.values() for c in cs}
    # The opponents' cards the other way round.
    if len(opponents) == 2 and len(normal[opponents[0]]) == len(normal[opponents[1]]):
        a, b = opponents
        add({**normal, a: normal[b], b: normal[a]})
    # The partner: the best card it does not get, else the next one below what it gets.
    for p in (t for t in sorted(normal) if t in partners):
        high = [c for c in sorted(_cards(hand), key=deck.sort_key) if c not in given]
        for c in high[:2]:
            if deck.role_of[c] != "dog":
                add({**normal, p: [c] + normal[p][1:]})
    # An opponent: the next loosest card instead of its own (or the Dog).
    spare = [c for c in loose if c not in given]
    for o in opponents:
        for c in spare[:1]:
            add({**normal, o: [c] + normal[o][1:]})
        if hand & deck.dog_mask and deck.dog not in given:
            add({**normal, o: [deck.dog] + normal[o][1:]})
    return out[:limit]


def _cards(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]


def _valid(give: dict, hand: int) -> bool:
    cards = [c for cs in give.values() for c in cs]
    return len(set(cards)) == len(cards) and all(hand >> c & 1 for c in cards)


def _pass_key(give: dict, deck) -> tuple:
    """Passes that differ only in suits of plain cards are one candidate."""
    return tuple(sorted((t, tuple(sorted(deck.rank_of[c] if deck.role_of[c] == "normal" else -c
                                         for c in cs))) for t, cs in give.items()))


def exchange_means(view: dict, gives: list[dict], rng: random.Random, deadline: float,
                   max_worlds: int, min_worlds: int, deals=None,
                   game_weight: float = GAME_WEIGHT) -> tuple[list[float] | None, int]:
    """Each candidate pass's mean score over whole dealt hands (the others' passes made once per
    deal by Normal's rules, then each candidate's round played out), scored by the evaluator
    (`evaluation.Evaluator`: near the target by the chance to win the game, as the review
    judges a pass)."""
    scores = Evaluator(view, [("exchange", g) for g in gives], rng, game_weight=game_weight, deals=deals)
    return _means(scores, deadline, max_worlds, min_worlds)


# -- bombs out of turn and the gift -----------------------------------------------------------


def play_means(view: dict, moves: list[tuple], rng: random.Random, deadline: float,
               max_worlds: int, min_worlds: int, sampler=None, game_weight: float = GAME_WEIGHT,
               native: bool = True) -> tuple[list[float] | None, int]:
    """Each `PlayStart` move's mean score over the sampler's deals (the play phase), scored by
    the evaluator (`evaluation.Evaluator`: near the target by the chance to win the game, as
    the play search and the review score)."""
    scores = Evaluator(view, moves, rng, game_weight=game_weight, deals=sampler, native=native)
    return _means(scores, deadline, max_worlds, min_worlds)
