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
from .round import OVER, Legal, Round
from .rulesets import Rules
from .scoring import game_winner


def seeded_deal(rules: Rules, seed) -> Callable[[int], list[list[int]]]:
    """Round r's hands, reproducible from (seed, r): shuffled card ids, one list per seat."""

    def deal(index: int) -> list[list[int]]:
        rng = random.Random(f"tichu:{rules.ruleset.name}:{seed}:{index}")
        cards = list(range(rules.deck.size))
        rng.shuffle(cards)
        size = rules.hand_size
        return [cards[s * size:(s + 1) * size] for s in range(rules.seats)]

    return deal


class Game:
    def __init__(self, ruleset: str = "standard", options: dict | None = None, *,
                 seed=None, deal: Callable[[int], list | None] | None = None):
        self.rules = Rules.of(ruleset, options)
        self.seed = seed
        self._deal = deal if deal is not None else seeded_deal(self.rules, seed)
        self.rounds: list[Round] = []
        self.totals = [0, 0]
        self.winner = None  # 0, 1 or "draw" once the game is over
        self.version = 0  # accepted actions so far
        self._start_round()

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
        self.rounds.append(Round(self.rules, hands, wish=wish))

    def apply(self, action) -> Action:
        """Apply an action (an `Action` or a record dict) to the current round."""
        if self.over:
            raise IllegalAction("the game is over", "game_over")
        current = self.round
        if current is None or current.phase == OVER:
            raise IllegalAction("no round is being played", "round_over")
        applied = current.apply(action)
        self.version += 1
        if current.phase == OVER:
            self._round_over(current)
        return applied

    def _round_over(self, finished: Round):
        for t in range(2):
            self.totals[t] += finished.result.scores[t]
        self.winner = game_winner(self.rules, self.totals, len(self.results()))
        if not self.over:
            self._start_round()

    def legal(self, seat: int):
        current = self.round
        if self.over or current is None:
            return Legal()
        return current.legal(seat)

    def record(self) -> dict:
        """The game as a public record (RECORD_FORMAT.md)."""
        from .record import export_record
        return export_record(self)
