"""A player's progress with the coach: the rounds of theirs reviewed at the table and the
lessons they finished.

A round's review (its decisions compared, and those flagged, each by kind) is noted when a
seated player with a player key asks for it at the table (wire/events.py); a lesson when
its game ends (live/archiving.py). The page shows flagged decisions per reviewed round over
time and by kind, the kinds grouped as people think of them: calls (Grand Tichu and
Tichu), the exchange, leads, follows, bombs and gifts.
"""

from __future__ import annotations

import json

from .base import Archive

GROUPS = {"grand": "calls", "tichu": "calls", "exchange": "exchange", "lead": "leads", "follow": "follows",
          "bomb": "bombs", "gift": "gifts"}
TREND_ROUNDS = 10  # reviewed rounds per point of the trend


class CoachProgress:
    def __init__(self, archive: Archive):
        self.archive = archive

    def note_review(self, player: str, code: str, game: int, round_index: int, seat: int, review: dict,
                    now: float) -> None:
        """Keep what a round's review found: decisions compared and flagged, by kind."""
        flagged: dict[str, int] = {}
        for flag in review.get("flags", []):
            flagged[flag["kind"]] = flagged.get(flag["kind"], 0) + 1
        self.archive._execute([(
            "INSERT INTO reviewed_rounds (player, code, game, round, seat, reviewed, decisions, flagged)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (player, code, game, round) DO UPDATE SET"
            " decisions = excluded.decisions, flagged = excluded.flagged",
            (player, code, int(game), int(round_index), int(seat), now,
             json.dumps(review.get("kinds", {})), json.dumps(flagged)))])

    def note_lesson(self, player: str, lesson: str, now: float) -> None:
        self.archive._execute([("INSERT INTO lessons_done (player, lesson, done) VALUES (?, ?, ?)"
                                " ON CONFLICT (player, lesson) DO NOTHING", (player, lesson, now))])

    def progress(self, player: str) -> dict:
        """Lessons done; reviewed rounds; decisions compared and flagged by group; the trend of
        flagged decisions per reviewed round."""
        lessons = [{"lesson": r[0], "done": r[1]} for r in self.archive._query(
            "SELECT lesson, done FROM lessons_done WHERE player = ? ORDER BY done", (player,))]
        rows = self.archive._query("SELECT reviewed, decisions, flagged FROM reviewed_rounds WHERE player = ?"
                                   " ORDER BY reviewed", (player,))
        groups = {group: {"decisions": 0, "flagged": 0} for group in dict.fromkeys(GROUPS.values())}
        trend, bucket = [], []
        for reviewed, decisions, flagged in rows:
            flagged = json.loads(flagged)
            for kind, n in json.loads(decisions).items():
                groups[GROUPS.get(kind, "follows")]["decisions"] += n
            for kind, n in flagged.items():
                groups[GROUPS.get(kind, "follows")]["flagged"] += n
            bucket.append((reviewed, sum(flagged.values())))
            if len(bucket) == TREND_ROUNDS:
                trend.append(_point(trend, bucket))
                bucket = []
        if bucket:
            trend.append(_point(trend, bucket))
        flagged = sum(g["flagged"] for g in groups.values())
        return {"lessons": lessons, "rounds": len(rows), "flagged": flagged, "groups": groups, "trend": trend}


def _point(trend: list, bucket: list) -> dict:
    first = len(trend) * TREND_ROUNDS + 1
    return {"first": first, "rounds": len(bucket), "until": bucket[-1][0],
            "flagged_per_round": round(sum(n for _, n in bucket) / len(bucket), 2)}
