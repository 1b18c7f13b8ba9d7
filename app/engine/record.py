"""Game records (docs/record-format.md): read a record, and replay it (writing one: record_export.py).

A record is the deal plus every accepted action, so replaying it with full
rule checks must reach the same scores. Malformed documents raise
`MalformedRecord`; a refused action is reported in the result, not raised.
"""

from __future__ import annotations

from .errors import IllegalAction, MalformedRecord, NotationError, RulesetError
from .game import Game
from .record_export import FORMAT, export_record, format_hand
from .rulesets import get_ruleset

__all__ = ["FORMAT", "export_record", "format_hand", "parse_record", "replay"]



def parse_record(doc) -> tuple:
    """Check a record's document; return (ruleset name, options, [hands per round], [actions per round])."""
    if not isinstance(doc, dict):
        raise MalformedRecord("a record is a JSON object")
    if doc.get("format") != FORMAT:
        raise MalformedRecord(f"'format' must be \"{FORMAT}\"")
    try:
        ruleset = get_ruleset(doc.get("ruleset"))
        options = doc.get("options")
        options = {} if options is None else options  # absent or null: the defaults
        rules = ruleset.resolve(options)
    except RulesetError as exc:
        raise MalformedRecord(exc.message) from None
    rounds = doc.get("rounds")
    if not isinstance(rounds, list):
        raise MalformedRecord("'rounds' must be a list")
    deck = rules.deck
    all_hands, all_actions = [], []
    for r, rnd in enumerate(rounds):
        if not isinstance(rnd, dict) or "hands" not in rnd or "actions" not in rnd:
            raise MalformedRecord(f"round {r} needs 'hands' and 'actions'")
        hands = rnd["hands"]
        if not isinstance(hands, list) or len(hands) != rules.seats:
            raise MalformedRecord(f"round {r}: 'hands' must list {rules.seats} hands")
        if not isinstance(rnd["actions"], list):
            raise MalformedRecord(f"round {r}: 'actions' must be a list")
        seen = set()
        parsed = []
        for s, hand in enumerate(hands):
            try:
                cards = deck.parse_cards(hand)
            except NotationError as exc:
                raise MalformedRecord(f"round {r}, seat {s}: {exc.message}") from None
            low = rules.hand_size - 1 if ruleset.deal_all else rules.hand_size
            if not low <= len(cards) <= rules.hand_size:
                size = f"{low} or {rules.hand_size}" if low != rules.hand_size else str(low)
                raise MalformedRecord(f"round {r}, seat {s}: a hand has {size} cards, not {len(cards)}")
            for c in cards:
                if c in seen:
                    raise MalformedRecord(f"round {r}: {deck.codes[c]} is dealt twice")
                seen.add(c)
            parsed.append(cards)
        if ruleset.deal_all and len(seen) != deck.size:
            raise MalformedRecord(f"round {r}: the whole deck is dealt ({deck.size} cards), not {len(seen)}")
        all_hands.append(parsed)
        all_actions.append(rnd["actions"])
    return ruleset.name, options, all_hands, all_actions


def _round_summary(rnd) -> dict:
    if rnd is not None and rnd.result is not None:
        return rnd.result.as_dict()
    return {
        "scores": None,
        "card_points": None,
        "out_order": list(rnd.out) if rnd is not None else [],
        "double_victory": False,
        "complete": False,
    }


def replay(doc) -> dict:
    """Replay a record document; returns the result object of `python -m app.engine replay`.

    Raises MalformedRecord for a document that is not a valid record.
    """
    ruleset, options, hands, actions = parse_record(doc)
    game = Game(ruleset, options, deal=lambda i: hands[i] if i < len(hands) else None)
    applied = 0
    error = None
    for r, round_actions in enumerate(actions):
        if len(game.rounds) <= r:
            if game.over:
                code, message = "game_over", "the game was over before this round"
            else:
                code, message = "round_incomplete", f"round {r - 1} has not ended"
            error = {"round": r, "index": 0, "code": code, "message": message}
            break
        for i, action in enumerate(round_actions):
            if game.round is not game.rounds[r]:
                error = {"round": r, "index": i, "code": "round_over",
                         "message": "the round is over"}
                break
            try:
                game.apply(action)
            except IllegalAction as exc:
                error = {"round": r, "index": i, "code": exc.code, "message": exc.message}
                break
            applied += 1
        if error:
            break
    summaries = [_round_summary(rnd) for rnd in game.rounds[:len(actions)]]
    if error:
        # Every round up to the refused action's round, not the next one already dealt.
        summaries = summaries[:error["round"] + 1]
        if len(summaries) <= error["round"]:
            summaries.append(_round_summary(None))
    totals = list(game.totals) if game.totals else None  # None: a game without points
    return {
        "ok": error is None,
        "applied": applied,
        "error": error,
        "rounds": summaries,
        "totals": totals,
        "winner": game.winner,
    }
