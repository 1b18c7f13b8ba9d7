"""The rest of a round from one decision: the bots' play-outs from a position (moved to
`app.bots.rollout`, where the Hard bot's search uses them too; re-exported here)."""

from __future__ import annotations

from app.bots.rollout import PLACE_POINTS, PLAYOUT_WISH, PlayStart, PrePlayStart

__all__ = ["PLACE_POINTS", "PLAYOUT_WISH", "PlayStart", "PrePlayStart"]
