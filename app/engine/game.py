"""A game: rounds to the end condition of its ruleset.

Dealing is an explicit input (a `deal` callable giving each round's hands), so
live games deal from a seed and replays deal what the record says. The next
round starts as soon as one ends, unless the game is over or the deal has no
more rounds (a replayed record that stops there).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .actions import Action
from .errors import IllegalAction
from .record_export import export_record
from .round import OVER, Legal, Round
from .rulesets import Rules
from .scoring import columns, game_winner


def seeded_deal(rules: Rules, seed) -> Callable[[int], list[list[int]]]:
    """Round r's hands, reproducible from (seed, r): shuffled card ids, one list per seat."""

    def deal(index: int) -> list[list[int]]:
        rng = random.Random(f"tichu:{rules.ruleset.name}:{seed}:{index}")
        cards = list(range(rules.deck.size))
        rng.shuffle(cards)
        out, at = [], 0
        for size in hand_sizes(rules, index):
            out.append(cards[at:at + size])
            at += size
        return out

    return deal


def hand_sizes(rules: Rules, index: int) -> list[int]:
    """Per seat, how many cards round `index` deals it: the whole deck where it does not
    divide evenly (RULES: Tientsin, Grandseigneur), the extra cards to the seats from
    `index` on, so they go round the table from round to round."""
    n = rules.seats
    if rules.ruleset.deal_all:
        size, extra = divmod(rules.deck.size, n)
    else:
        size, extra = rules.hand_size, 0
    sizes = [size] * n
    for k in range(extra):
        sizes[(index + k) % n] += 1
    return sizes


class Game:
    def __init__(self, ruleset: str = "standard", options: dict | None = None, *,
                 seed=None, deal: Callable[[int], list | None] | None = None):
        self.rules = Rules.of(ruleset, options)
        self.seed = seed
        self._deal = deal if deal is not None else seeded_deal(self.rules, seed)
        self.rounds: list[Round] = []
        self.totals = [0] * columns(self.rules)  # per team (per seat in Trichu; none without points)
        self.winner = None  # a team (a seat without fixed teams) or "draw" once the game is over
        self.version = 0  # accepted actions so far
        self._start_round()

    def clone(self) -> Game:
        """An independent copy: actions applied to either leave the other as it is. The
        current round is cloned (Round.clone); rounds that are over never change, so both
        games share them."""
        twin = Game.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin.rounds = self.rounds[:-1] + [self.rounds[-1].clone()] if self.rounds else []
        twin.totals = list(self.totals)
        return twin

    def __repr__(self) -> str:
        ruleset = self.rules.ruleset.name
        where = "over" if self.over else (repr(self.round) if self.round is not None else "no round")
        return f"<Game {ruleset}, round {len(self.rounds)}, totals {self.totals}, {where}>"

    @property
    def deck(self):
        return self.rules.deck

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def round(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def results(self) -> list:
        return [r.result for r in self.rounds if r.result is not None]

    def _start_round(self):
        hands = self._deal(len(self.rounds))
        if hands is None:
            return
        wish = None
        if self.rounds and self.rules.ruleset.wish_persists:
            wish = self.rounds[-1].wish
        seating = self.rules.seating_for(len(self.rounds), self.results())
        self.rounds.append(Round(self.rules, hands, wish=wish, seating=seating))

    def apply(self, action, by: int | None = None) -> Action:
        """Apply an action (an `Action` or a record dict) to the current round.

        `by`: the player who acts, where known (see `Round.apply`)."""
        if self.over:
            raise IllegalAction("the game is over", "game_over")
        current = self.round
        if current is None or current.phase == OVER:
            raise IllegalAction("no round is being played", "round_over")
        applied = current.apply(action, by)
        self.version += 1
        if current.phase == OVER:
            self._round_over(current)
        return applied

    def _round_over(self, finished: Round):
        scores = finished.result.scores
        if scores is not None:
            for t, value in enumerate(scores):
                self.totals[t] += value
        self.winner = game_winner(self.rules, self.totals, len(self.results()), finished.result)
        if not self.over:
            self._start_round()

    def legal(self, seat: int):
        current = self.round
        if self.over or current is None:
            return Legal()
        return current.legal(seat)

    def record(self) -> dict:
        """The game as a public record (docs/record-format.md)."""
        return export_record(self)
