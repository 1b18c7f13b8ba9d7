"""Deals of the cards a hand could not see before the play (moved to `app.bots.deals`, where
the Hard bot's search uses them too; re-exported here)."""

from __future__ import annotations

from app.bots.deals import PrePlayDeals

__all__ = ["PrePlayDeals"]
