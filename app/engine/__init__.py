"""The rules engine: the complete game of Tichu, pure Python, standard library only.

Public API:
- `Game(ruleset, options, seed=..., deal=...)`: a game; `apply(action)`, `legal(seat)`,
  `record()`; its current `round` is a `Round` state machine.
- `Action`: what a seat does (also accepted as the record's JSON dict).
- `view_for(game, seat)`: everything a seat (None: a spectator) may know, JSON-ready.
- `replay(record)`, `export_record(game)`: the public record format.
- `candidate_plays`, `turn_plays`, `bombs_beating`: legal-play listing on bitmasks.
- Errors: `EngineError` (a `ValueError` with `code` and `message`) and its kinds.
"""

from .actions import Action
from .cards import FIFTY_TWO_DECK, STANDARD_DECK, Deck, mask_cards
from .combos import KIND_NAMES, beats, describe, interpretations
from .errors import EngineError, IllegalAction, MalformedRecord, NotationError, RulesetError
from .game import Game, seeded_deal
from .plays import bombs_beating, candidate_plays, turn_plays
from .record import export_record, replay
from .round import EXCHANGE, GRAND, OVER, PLAY, Legal, Round
from .rulesets import RULESETS, Rules, Ruleset, get_ruleset
from .views import view_for

__all__ = [
    "Action", "Deck", "FIFTY_TWO_DECK", "STANDARD_DECK", "mask_cards", "KIND_NAMES", "beats",
    "describe", "interpretations", "EngineError", "IllegalAction", "MalformedRecord",
    "NotationError", "RulesetError", "Game", "seeded_deal", "bombs_beating", "candidate_plays",
    "turn_plays", "export_record", "replay", "EXCHANGE", "GRAND", "OVER", "PLAY", "Legal", "Round",
    "RULESETS", "Rules", "Ruleset", "get_ruleset", "view_for",
]
