"""The Hard bot's search of a play in its turn: the candidates, the position for the
play-out, the sampling loop with its race, and the rule that decides.

The candidates (`play_candidates`): Normal's choice first, then the other combinations of its
plan, passing, the smallest bomb, and for a play with the Mah Jong other wishes. Each deal of
the hidden cards (`sampling.Sampler`) is played out from every candidate still racing
(`playout.Playout`); the same deals serve every candidate, so their differences are measured
on equal cards. A play-out depends on the deal alone (the position is the same for all), so a
deal drawn again, common late in a round, adds the scores it had without being played out
again.

The race (`Tally.still_racing`): after `race_after` deals, every `race_every` deals, a
candidate sure by `race_z` standard errors not to gain what it needs over Normal's choice is
played out no more; with only Normal's choice left the search ends.

The rule (`choose`): the candidate with the best mean, unless its gain over Normal's choice
is below its margin (`margin`; `partner_margin` to overtake the partner's trick) or below
`sure` standard errors of the gain: then Normal's.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import NamedTuple

from app.engine.combos import BOMB, KIND, LENGTH, MASK, PHOENIX, VALUE

from . import tricks
from .config import HardConfig
from .decision import PlaySearchTrace
from .endings import Exact
from .hand import plan_hand, play_signature
from .knowledge import Knowledge
from .native import playout_module
from .normal import legal_plays
from .sampling import Sampler


class Candidate(NamedTuple):
    """A play the search weighs (a pass is None in a list of candidates)."""

    play: tuple  # the engine's play tuple
    entry: dict  # its entry in the view's legal list
    wish: int | None = None  # the wish it makes with the Mah Jong, where `own_wish`
    own_wish: bool = False  # a wish of the search's (else the rules' wish, `play_action`'s)


def as_candidate(chosen: tuple | None) -> Candidate | None:
    """Normal's (play, entry) as a candidate; None (a pass) stays None."""
    return None if chosen is None else Candidate(*chosen)


class Move(NamedTuple):
    """A candidate as the play-out plays it."""

    kind: int
    length: int
    value: float
    mask: int
    points: int
    wish: int | None


class PlayoutPosition(NamedTuple):
    """The position now, as the play-out's `setup` takes it (the seat to play first)."""

    seat: int
    team: int  # the seat's team, or without teams the seat's own place
    top: tuple | None  # (kind, length, value) of the open trick
    top_seat: int | None
    passes: int
    trick_points: int
    piles: list[int]
    out: list[int]
    calls: list


def overtake_reason(k: Knowledge, mask: int, bomb: bool) -> str | None:
    """Why playing `mask` over the partner's winning trick may be right, or None: the play goes
    out (`goes_out`), or leaves one combination to lead (`runs_out`: it runs out with the lead);
    the seat has called (`called`: it needs the lead to go out first); the partner is out
    (`partner_out`: a trick everybody passes would give the lead to the seat after it). A bomb
    never: a partner's trick is not worth one. (The hint's reasons say the same words.)"""
    if bomb:
        return None
    if mask == k.hand:
        return "goes_out"
    if plan_hand(k.hand & ~mask, k.deck, k.rules.stairs_min_pairs).count <= 1:
        return "runs_out"
    if k.calls[k.seat]:
        return "called"
    if k.counts[k.top_seat] == 0:
        return "partner_out"
    return None


# -- the candidates ----------------------------------------------------------------------------


def play_candidates(k: Knowledge, legal: dict, normal: Candidate | None, config: HardConfig) -> list:
    """Plays worth searching: Normal's choice first, then alternatives; None = pass."""
    plays = legal_plays(k, legal["plays"])
    turn = tricks.Turn(k)
    out: list = [normal]
    seen = {_same_play_key(k, normal)}

    def add(candidate: Candidate | None):
        key = _same_play_key(k, candidate)
        if key not in seen:
            seen.add(key)
            out.append(candidate)

    if legal["lead"]:
        options = tricks.lead_options(turn, plays)
        options.sort(key=lambda o: -o.score)
        for o in options:
            add(Candidate(o.play, o.entry))
    else:
        if legal["pass"]:
            add(None)
        playable = [Candidate(*pe) for pe in plays]
        ordinary = [c for c in playable if c.play[KIND] != BOMB]
        ordinary.sort(key=lambda c: turn.delta(c.play))
        for c in ordinary:
            add(c)
        bombs = [c for c in playable if c.play[KIND] == BOMB]
        if bombs:
            add(tricks.smallest_bomb(bombs))
        if config.partner_reasons and k.top is not None and k.top_seat in k.partners:
            out = [out[0]] + [c for c in out[1:] if c is None or
                              overtake_reason(k, c.play[MASK], c.play[KIND] == BOMB) is not None]
    out = out[:config.max_candidates]
    if config.search_wish:
        out += wish_variants(k, out)
    return out


def wish_variants(k: Knowledge, candidates: list) -> list[Candidate]:
    """For the first candidate holding the Mah Jong: the same play with other wishes than
    Normal's (none, and the two highest ranks it does not hold that others may)."""
    deck = k.deck
    for c in candidates:
        if c is None or not c.play[MASK] & deck.mahjong_mask:
            continue
        normal = tricks.choose_wish(k, c.play[MASK])
        left = k.hand & ~c.play[MASK]
        unseen = k.unseen & deck.normal_mask
        ranks = [r for r in range(deck.high, deck.low - 1, -1)
                 if r != normal and not left & deck.rank_masks[r] and unseen & deck.rank_masks[r]]
        wishes = ([None] if normal is not None else []) + ranks[:2]
        return [Candidate(c.play, c.entry, w, True) for w in wishes]
    return []


def _same_play_key(k: Knowledge, candidate: Candidate | None) -> tuple | None:
    """Plays that differ only in suits are the same play for the search."""
    if candidate is None:
        return None
    p = candidate.play
    if p[KIND] == BOMB:
        return ("bomb", p[MASK])
    return (p[KIND], p[VALUE], play_signature(p[MASK], p[PHOENIX], k.deck))


# -- the position and the moves ----------------------------------------------------------------


def playout_position(k: Knowledge, points: Callable[[int], int]) -> PlayoutPosition:
    """The position now as the play-out sees it: card points taken per seat, the open trick
    (a finished one collected by its winner, who leads), the others' passes, places, calls."""
    seat = k.seat
    piles = [points(m) for m in k.piles]
    trick_points = points(k.trick_mask)
    if k.top is None:
        if trick_points and k.top_seat is not None:
            piles[k.top_seat] += trick_points  # leading collects the finished trick
        trick_points = 0
        top = None
    else:
        top = (k.top[0], k.top[1], k.top[2])
    passes = sum(1 for s, p in enumerate(k.passed) if p and s != seat)
    out = [s for s, _ in sorted(((s, p) for s, p in enumerate(k.places) if p), key=lambda x: x[1])]
    team = k.team if k.team is not None else seat
    return PlayoutPosition(seat, team, top, k.top_seat, passes, trick_points, piles, out, list(k.calls))


def playout_moves(k: Knowledge, candidates: list, points: Callable[[int], int]) -> list[Move | None]:
    """Each candidate as the play-out plays it (None: pass), with the wish it makes with the
    Mah Jong: its own, or the rules' (`play_action`'s)."""
    mahjong = k.deck.mahjong_mask
    moves: list[Move | None] = []
    for c in candidates:
        if c is None:
            moves.append(None)
            continue
        mask = c.play[MASK]
        wish = c.wish if c.own_wish else tricks.choose_wish(k, mask) if mask & mahjong else None
        moves.append(Move(c.play[KIND], c.play[LENGTH], c.play[VALUE], mask, points(mask), wish))
    return moves


def needed_gains(k: Knowledge, candidates: list, config: HardConfig) -> list[float]:
    """What each candidate must gain over Normal's choice to be played instead: `margin`, or
    `partner_margin` to overtake the partner's trick (people expect a partner to let it run)."""
    overtaking = k.top is not None and k.top_seat in k.partners
    return [0.0] + [config.partner_margin if overtaking and c is not None else config.margin
                    for c in candidates[1:]]


# -- the tally and the race --------------------------------------------------------------------


def gain_error(gain_sum: float, square_sum: float, n: int) -> float:
    """The standard error of a mean gain over Normal's choice, from the sums of the gain and its
    square over n paired deals."""
    gain = gain_sum / n
    return math.sqrt(max(0.0, square_sum / n - gain * gain) / max(1, n - 1))


class Tally:
    """Per candidate, over the deals it was played on (Normal's, the first, on every one): the
    sum of its scores, and of its gain over Normal's choice and its square, deal by deal."""

    def __init__(self, count: int):
        self.sums = [0.0] * count
        self.gains = [0.0] * count
        self.squares = [0.0] * count
        self.played = [0] * count

    def add(self, scores: list, active: list[int]) -> None:
        first = scores[0]
        for i in active:
            score = scores[i]
            self.sums[i] += score
            self.gains[i] += score - first
            self.squares[i] += (score - first) ** 2
            self.played[i] += 1

    def still_racing(self, active: list[int], worlds: int, needed: list[float], z: float) -> list[int]:
        """The candidates not yet sure, by `z` standard errors, to gain less than they need
        (Normal's always)."""
        return [i for i in active if i == 0 or self.gains[i] / worlds
                + z * gain_error(self.gains[i], self.squares[i], worlds) >= needed[i]]

    def means(self) -> list[float]:
        return [s / n for s, n in zip(self.sums, self.played)]

    def errors(self) -> list[float]:
        """The standard error of each candidate's gain over Normal's choice, on its deals."""
        return [gain_error(g, q, n) for g, q, n in zip(self.gains, self.squares, self.played)]


def choose(means: list[float], errors: list[float], active: list[int], needed: list[float],
           sure: float) -> tuple[int, int]:
    """(the candidate taken, the best mean among those racing): the best, unless its gain over
    Normal's choice is below what it needs or below `sure` standard errors of the gain."""
    best = max(active, key=lambda i: means[i])
    if best == 0:
        return 0, best
    gain = means[best] - means[0]
    if gain < needed[best] or gain < sure * errors[best]:
        return 0, best
    return best, best


# -- the search --------------------------------------------------------------------------------


def _play_out(po, hands: list[int], plans: list, at: PlayoutPosition, move: Move | None, wish,
              game_score: Callable | None, exact: Exact | None = None) -> float:
    """The score of one candidate's `move` (None: pass) played out on one deal (its ending
    solved exactly by `exact`, where given)."""
    seat = at.seat
    po.setup(hands, seat, at.top, at.top_seat, at.passes, at.trick_points, at.piles, at.out, at.calls,
             [list(p) for p in plans], wish)
    if move is None:
        po.pass_(seat)
        over = False
    else:
        over = po.play(seat, *move)
        po.replan(seat)
    end = po
    if not over:
        if exact is None:
            po.run()
        else:
            end = exact.run(po)
    return end.score(at.team) if game_score is None else game_score(end)


def search_play(k: Knowledge, candidates: list, deadline: float, config: HardConfig, rng,
                sampler=None, game_score: Callable | None = None) -> tuple[int, PlaySearchTrace]:
    """(the candidate to play, the search's trace): every candidate still racing played out on
    each deal `sampler` draws (default `Sampler(k)`) until `max_worlds` deals or `deadline`;
    `game_score(po)`: a play-out's score where the game is in reach (else the round's)."""
    engine = playout_module(config.native)  # the compiled play-out where built (`native.py`)
    planner = engine.planner_for(k.deck, k.rules.stairs_min_pairs)
    sampler = sampler or Sampler(k)
    at = playout_position(k, planner.points)
    moves = playout_moves(k, candidates, planner.points)
    needed = needed_gains(k, candidates, config)
    po = engine.Playout(k.rules, planner, k.view["geometry"])
    exact = Exact(k.rules, k.view["geometry"], config.exact_cards) if config.exact_cards else None
    plan_of = planner.plan_tuple
    count = len(candidates)
    tally = Tally(count)
    active = list(range(count))  # the candidates still played out (Normal's always)
    scored: dict[tuple, list] = {}  # a deal drawn again reuses its scores
    worlds = playouts = 0
    race_at = config.race_after
    clock = time.perf_counter
    last = clock()
    while worlds < config.max_worlds:
        hands = sampler.sample(rng)
        deal = tuple(hands)
        scores = scored.get(deal)
        if scores is None:
            scores = scored[deal] = [None] * count
            plans = [plan_of(h) for h in hands]
            for i in active:
                scores[i] = _play_out(po, hands, plans, at, moves[i], k.wish, game_score, exact)
            playouts += len(active)
        tally.add(scores, active)
        worlds += 1
        if worlds >= race_at and len(active) > 1:
            race_at += config.race_every
            active = tally.still_racing(active, worlds, needed, config.race_z)
            if len(active) == 1:
                break  # only Normal's choice left: it is the decision
        now = clock()
        # Stop before a deal that would end past the deadline (the last one's time as its guess).
        if now + (now - last) >= deadline:
            break
        last = now
    means, errors = tally.means(), tally.errors()
    chosen, best = choose(means, errors, active, needed, config.sure)
    trace = PlaySearchTrace("play", worlds, tuple(means), chosen, tuple(errors), best, len(scored),
                            playouts, tuple(tally.played), tuple(i for i in range(count) if i not in active),
                            game_score is not None)
    return chosen, trace
