"""The rules engine: the complete game of Tichu, pure Python, standard library only.

Public API:
- `Game(ruleset, options, seed=..., deal=...)`: a game; `apply(action)`, `legal(seat)`,
  `record()`; its current `round` is a `Round` state machine.
- `Action`: what a seat does (also accepted as the record's JSON dict).
- `view_for(game, seat)`: everything a seat (None: a spectator) may know, JSON-ready.
- `replay(record)`, `export_record(game)`: the public record format.
- `candidate_plays`, `turn_plays`, `bombs_beating`: legal-play listing on bitmasks.
- Errors: `EngineError` (a `ValueError` with `code` and `message`) and its kinds.
- Brettspielwelt logs into records: the subpackage `app.engine.bsw` (`looks_like_bsw`,
  `import_bsw`; docs/bsw-import.md).

The names are imported from their modules on first use, so `python -m app.engine plays`
starts without loading the state machine it does not need.
"""

from importlib import import_module

_MODULE_OF = {
    "Action": "actions",
    "Deck": "cards", "FIFTY_TWO_DECK": "cards", "STANDARD_DECK": "cards", "mask_cards": "cards",
    "KIND_NAMES": "combos", "beats": "combos", "describe": "combos", "interpretations": "combos",
    "EngineError": "errors", "IllegalAction": "errors", "MalformedRecord": "errors",
    "NotationError": "errors", "RulesetError": "errors",
    "Game": "game", "seeded_deal": "game",
    "bombs_beating": "plays", "candidate_plays": "plays", "turn_plays": "plays",
    "export_record": "record_export", "replay": "record",
    "EXCHANGE": "round", "GRAND": "round", "OVER": "round", "PLAY": "round", "Legal": "round",
    "Round": "round",
    "RULESETS": "rulesets", "Rules": "rulesets", "Ruleset": "rulesets", "get_ruleset": "rulesets",
    "rules_of": "rulesets",
    "view_for": "views",
}

__all__ = list(_MODULE_OF)


def __getattr__(name):
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
