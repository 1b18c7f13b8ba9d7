"""The all-seeing research bot: Hard's searches on the real deal instead of sampled ones.

It reads every hand (the game itself, not a seat's view), so it is never offered at a table:
`load_bot("seeing")` reaches it from the arena and the command line only, and the arena's
table driver hands it the game (`see`) before each decision. Every search runs on one deal,
the true one (a play-out depends on the deal alone), so it measures how far Hard's search
could go if its sampling were perfect: a ceiling for the sampler, not for the play-out's
policy, which stays Hard's.

Its calls are Normal's by default (`search_calls=0`): one play-out of the true deal, where
every seat plays knowing every hand, says too surely whether the caller goes out first (with
searched calls it called Grand Tichu 21 times in 30 arena deals, 12 made, and lost to Hard by
30.8 points per round, 95% interval -80.2 to 18.6; `--a-opt search_calls=1` brings them back).
"""

from __future__ import annotations

from .config import SeeingConfig
from .hard import HardBot
from .knowledge import Knowledge


class _Truth:
    """A sampler that always draws the real hands (as `Sampler.sample` and
    `PrePlayDeals.sample` return them)."""

    def __init__(self, value):
        self.value = value

    def sample(self, rng):
        return self.value


class SeeingBot(HardBot):
    name = "seeing"
    sees_all = True  # the table driver calls `see(game)` before `decide`

    Config = SeeingConfig  # one deal per search, no margins, Normal's calls

    def __init__(self, seat, rng=None, **options):
        super().__init__(seat, rng, **options)
        self.game = None

    def see(self, game) -> None:
        self.game = game

    def sampler(self, k: Knowledge):
        rnd = self.game.round
        hands = list(rnd.hands)
        hands[k.seat] = k.hand
        return _Truth(hands)

    def pre_play_deals(self, view: dict):
        rnd = self.game.round
        shown_size = self.game.rules.grand_tichu_cards
        hands, shown = [], []
        for cards in rnd.dealt:
            mask = 0
            for c in cards:
                mask |= 1 << c
            hands.append(mask)
            seen = 0
            for c in cards[:shown_size]:
                seen |= 1 << c
            shown.append(seen)
        return _Truth((hands, shown))
