"""Replay frames: a record stepped through with every hand open, one round at a time."""

from __future__ import annotations

import random

import pytest

from app.engine import Game, MalformedRecord, export_record, replay
from app.engine.frames import replay_frames
from app.engine.simulate import play_random_round


def random_record(seed: int, ruleset="standard", options=None) -> dict:
    game = Game(ruleset, options or {"target": 300}, seed=seed)
    rng = random.Random(seed)
    while not game.over:
        play_random_round(game, rng)
    return export_record(game)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_one_frame_per_action_with_every_card_accounted_for(seed):
    doc = random_record(seed)
    for r, rnd in enumerate(doc["rounds"]):
        data = replay_frames(doc, r)
        frames = data["frames"]
        assert data["error"] is None and data["round"] == r and data["rounds"] == len(doc["rounds"])
        assert len(frames) == len(rnd["actions"]) + 1
        assert frames[0]["action"] is None and frames[0]["index"] == 0
        assert [f["action"] for f in frames[1:]] == rnd["actions"]
        dealt = set(" ".join(rnd["hands"]).split())
        # The rest of the deal comes after the Grand Tichu decisions; then every card is in a hand.
        complete = next(f for f in frames if f["phase"] != "grand")
        assert sorted(c for hand in complete["hands"] for c in hand) == sorted(dealt)
        for frame in frames:
            # A card is in a hand, in play on the trick, or won: never in two hands.
            held = [c for hand in frame["hands"] for c in hand]
            assert len(held) == len(set(held)) and set(held) <= dealt
            assert [p["cards"] for p in frame["players"]] == [len(h) for h in frame["hands"]]
        assert frames[-1]["phase"] == "over"
        tricks = [f["tricks"] for f in frames]
        assert tricks == sorted(tricks) and tricks[-1] > 0


def test_the_last_frame_has_the_totals_the_record_scores():
    doc = random_record(7)
    summary = replay(doc)
    running = [0, 0]
    for r in range(len(doc["rounds"])):
        last = replay_frames(doc, r)["frames"][-1]
        running = [a + b for a, b in zip(running, summary["rounds"][r]["scores"], strict=True)]
        assert last["scores"]["totals"] == running
    assert running == summary["totals"]


def test_a_refused_action_stops_the_frames_and_says_why():
    doc = random_record(4)
    actions = doc["rounds"][0]["actions"]
    plays = [i for i, a in enumerate(actions) if a["act"] == "play"]
    bad = plays[3]
    actions[bad] = {**actions[bad], "cards": "Dr Ph"}  # no combination, and not this seat's cards
    data = replay_frames(doc, 0)
    assert data["error"]["index"] == bad and data["error"]["code"]
    assert len(data["frames"]) == bad + 1


def test_rounds_the_record_does_not_have_are_refused():
    doc = random_record(5)
    with pytest.raises(ValueError, match="rounds 0 to"):
        replay_frames(doc, len(doc["rounds"]))
    with pytest.raises(ValueError):
        replay_frames(doc, -1)
    with pytest.raises(MalformedRecord):
        replay_frames({"format": "chess-pgn"}, 0)
