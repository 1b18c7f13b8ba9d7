"""Replay frames: a record stepped through action by action, with every hand open.

`replay_frames(doc, round_no)` replays a record (full rule checks, like
`replay`) and returns one frame per state of the chosen round: the deal, then
the state after each action. A frame is the spectator's view of the public
table (trick, calls, card counts, places, wish, scores) plus every hand, so a
replay viewer can step forward and back without knowing any rule. Records
are public once their rounds are complete, so opening all hands leaks nothing
that the record does not already say.

Frames are built per round so that a long game never has to be sent at once.
"""

from __future__ import annotations

from .errors import IllegalAction
from .record import parse_record, replay
from .views import view_for

# What a frame keeps of the spectator's view: the public table as it stood.
_PUBLIC = ("phase", "players", "trick", "last_trick", "turn", "lead", "gift_from", "wish", "scores",
           "table")


def _frame(game, action, index: int, tricks: int) -> dict:
    rnd = game.round
    view = view_for(game, None)
    frame = {key: view[key] for key in _PUBLIC}
    frame["index"] = index  # actions applied in this round (0: the deal)
    frame["action"] = action  # the record's action that led here (None for the deal)
    frame["tricks"] = tricks  # tricks collected so far in this round
    frame["hands"] = [rnd.deck.format_cards(h).split() for h in rnd.hands]
    return frame


def replay_frames(doc, round_no: int = 0) -> dict:
    """Frames of round `round_no` of the record `doc`.

    Returns {"summary": replay(doc), "rounds": number of rounds in the record,
    "round": round_no, "ruleset", "options", "seats", "geometry", "frames": [...],
    "error": the refusal that stopped this round, or None}. Raises
    MalformedRecord for a document that is not a record, and ValueError for a
    round the record does not have.
    """
    from .game import Game

    summary = replay(doc)
    ruleset, options, hands, actions = parse_record(doc)
    if type(round_no) is not int or not 0 <= round_no < len(actions):
        raise ValueError(f"the record has rounds 0 to {len(actions) - 1}, not {round_no}")
    # No deal after the chosen round: once it ends, the game stays on it (its last frame shows
    # the round's end and the totals as they stood then).
    game = Game(ruleset, options, deal=lambda i: hands[i] if i <= round_no else None)
    # The rounds before the chosen one, at full speed.
    for r in range(round_no):
        if len(game.rounds) <= r:
            raise ValueError(f"round {r} of the record did not end, so round {round_no} was never dealt")
        for action in actions[r]:
            game.apply(action)
    if len(game.rounds) <= round_no:
        raise ValueError(f"round {round_no} was never dealt")
    rnd = game.rounds[round_no]
    frames = [_frame(game, None, 0, 0)]
    tricks = 0
    error = None
    for i, action in enumerate(actions[round_no]):
        before = len(rnd.log)
        try:
            game.apply(action)
        except IllegalAction as exc:
            error = {"index": i, "code": exc.code, "message": exc.message}
            break
        tricks += sum(1 for entry in rnd.log[before:] if entry.get("act") == "trick")
        frames.append(_frame(game, action, i + 1, tricks))
    seating = rnd.seating
    return {
        "summary": summary,
        "rounds": len(actions),
        "round": round_no,
        "ruleset": game.rules.ruleset.name,
        "options": dict(game.rules.options),
        "seats": seating.seats,
        "geometry": seating.as_dict(None),
        "frames": frames,
        "error": error,
    }
