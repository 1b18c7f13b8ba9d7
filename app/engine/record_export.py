"""A game written as a public record (docs/record-format.md): the deal and every accepted action.

Apart from `record.py` (reading and replaying records), so that a `Game` can write its
own record without the module that builds games from records: the two import each other
no more.
"""

from __future__ import annotations

FORMAT = "tichu-record/1"


def format_hand(deck, dealt: list[int], shown: int) -> str:
    """A dealt hand in deal order: the cards seen before the Grand Tichu decision first."""
    parts = [deck.format_cards(dealt[:shown]), deck.format_cards(dealt[shown:])]
    return " ".join(p for p in parts if p)


def export_record(game) -> dict:
    rules = game.rules
    deck = rules.deck
    shown = rules.grand_tichu_cards if rules.grand_tichu else rules.hand_size
    return {
        "format": FORMAT,
        "ruleset": rules.ruleset.name,
        "options": dict(rules.options),
        "rounds": [
            {
                "hands": [format_hand(deck, h, shown) for h in rnd.dealt],
                "actions": [a.to_record(deck) for a in rnd.actions],
            }
            for rnd in game.rounds
        ],
    }
