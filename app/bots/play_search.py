"""The Hard bot's search of a play in its turn: the candidates, what each must gain, the race,
and the rule that decides.

The candidates (`play_candidates`): Normal's choice first, then the other combinations of its
plan, passing, the smallest bomb, and for a play with the Mah Jong other wishes. They are
scored by the evaluator the hint and the review judge by (`evaluation.Evaluator`): each deal of
the hidden cards (`sampling.Sampler`) played out from every candidate still racing, the same
deals for every candidate, so their differences are measured on equal cards; a deal drawn
again, common late in a round, reuses its scores.

The race (`SameDeals.race`): after `race_after` deals, every `race_every` deals, a candidate
sure by `race_z` standard errors not to gain what it needs over Normal's choice is played out
no more; with only Normal's choice left the search ends.

The rule (`choose`): the candidate with the best mean, unless its gain over Normal's choice
is below its margin (`margin`; `partner_margin` to overtake the partner's trick) or below
`sure` standard errors of the gain: then Normal's.
"""

from __future__ import annotations

from typing import NamedTuple

from app.engine.combos import BOMB, KIND, MASK, PHOENIX, VALUE

from . import tricks
from .config import HardConfig
from .decision import PlaySearchTrace
from .evaluation import Evaluator
from .hand import plan_hand, play_signature
from .knowledge import Knowledge
from .normal import legal_plays


class Candidate(NamedTuple):
    """A play the search weighs (a pass is None in a list of candidates)."""

    play: tuple  # the engine's play tuple
    entry: dict  # its entry in the view's legal list
    wish: int | None = None  # the wish it makes with the Mah Jong, where `own_wish`
    own_wish: bool = False  # a wish of the search's (else the rules' wish, `play_action`'s)


def as_candidate(chosen: tuple | None) -> Candidate | None:
    """Normal's (play, entry) as a candidate; None (a pass) stays None."""
    return None if chosen is None else Candidate(*chosen)


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


# -- the moves and what they need ----------------------------------------------------------------


def playout_moves(k: Knowledge, candidates: list) -> list[tuple]:
    """Each candidate as the evaluator plays it (`rollout` moves: ("turn", play or None for a
    pass, wish)), with the wish it makes with the Mah Jong: its own, or the rules'
    (`play_action`'s)."""
    mahjong = k.deck.mahjong_mask
    moves: list[tuple] = []
    for c in candidates:
        if c is None:
            moves.append(("turn", None, None))
            continue
        mask = c.play[MASK]
        wish = c.wish if c.own_wish else tricks.choose_wish(k, mask) if mask & mahjong else None
        moves.append(("turn", c.play[KIND:MASK + 1], wish))
    return moves


def needed_gains(k: Knowledge, candidates: list, config: HardConfig) -> list[float]:
    """What each candidate must gain over Normal's choice to be played instead: `margin`, or
    `partner_margin` to overtake the partner's trick (people expect a partner to let it run)."""
    overtaking = k.top is not None and k.top_seat in k.partners
    return [0.0] + [config.partner_margin if overtaking and c is not None else config.margin
                    for c in candidates[1:]]


# -- the rule ---------------------------------------------------------------------------------


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


def search_play(k: Knowledge, candidates: list, deadline: float, config: HardConfig, rng,
                sampler=None) -> tuple[int, PlaySearchTrace]:
    """(the candidate to play, the search's trace): every candidate still racing scored by the
    evaluator (`evaluation.Evaluator`: the deals `sampler` draws, default `Sampler(k)`; the
    play-out; near the target the chance to win the game, weighed by `game_weight`) until
    `max_worlds` deals or `deadline`."""
    scores = Evaluator(k.view, playout_moves(k, candidates), rng, game_weight=config.game_weight,
                       deals=sampler, knowledge=k, exact_cards=config.exact_cards, native=config.native)
    needed = needed_gains(k, candidates, config)
    race_at = config.race_after
    played = scores.tally.played  # played[0]: the deals so far

    def race() -> bool:
        """The race, from `race_after` deals on every `race_every`: False once only Normal's
        choice is left (it is the decision)."""
        nonlocal race_at
        if played[0] >= race_at and len(scores.active) > 1:
            race_at += config.race_every
            scores.race(needed, config.race_z)
            return len(scores.active) > 1
        return True

    scores.run(config.max_worlds, deadline, race)
    tally = scores.tally
    means = tally.means()
    errors = [0.0] + [c.error for c in scores.comparisons()]
    chosen, best = choose(means, errors, scores.active, needed, config.sure)
    aside = tuple(i for i in range(len(candidates)) if i not in scores.active)
    trace = PlaySearchTrace("play", scores.deals, tuple(means), chosen, tuple(errors), best, scores.distinct,
                            scores.playouts, tuple(tally.played), aside, scores.judged == "game")
    return chosen, trace
