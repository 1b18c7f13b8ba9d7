"""The rest of a round from one decision: the bots' rollouts from a position (they live in
`app.bots.rollout`, where the Hard bot's searches use them too; re-exported here)."""

from __future__ import annotations

from app.bots.rollout import PLACE_POINTS, PlayStart, PrePlayStart

__all__ = ["PLACE_POINTS", "PlayStart", "PrePlayStart"]
