"""A player's part of the archive: their games, their statistics, a link to another device,
and forgetting them.

A player is the hash of a key their browser made (pages/players.py); nothing here ever
sees the key but `link`/`redeem`, which hand it to the player's other device. Every
figure is counted from the seats' results (results.py), which are made from the games'
records: bots are never counted as people, and each figure can be made again from the
records and checked (tests/web/store/test_players.py).
"""

from __future__ import annotations

import json
import secrets
from collections import defaultdict

from . import figures
from .base import Archive
from .results import COLUMNS, DRAW, LOST, WON

LINK_SECONDS = 15 * 60  # a code for another device works this long, once
LINK_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud or typed
LINK_LENGTH = 8
TREND_GAMES = 10  # games per point of the trend
TREND_POINTS = 24  # the trend's last so many points

# The sums every figure is made of, in SQL both databases speak.
SUMS = """COUNT(DISTINCT code || ':' || game),
    SUM(CASE WHEN final = 1 AND outcome = 'won' THEN 1 ELSE 0 END),
    SUM(CASE WHEN final = 1 AND outcome = 'lost' THEN 1 ELSE 0 END),
    SUM(CASE WHEN final = 1 AND outcome = 'draw' THEN 1 ELSE 0 END),
    SUM(rounds), SUM(points), SUM(tichu_called), SUM(tichu_made), SUM(grand_called),
    SUM(grand_made), SUM(double_victories), SUM(first_out), SUM(bombs)"""
SUM_NAMES = ("games", "won", "lost", "draws", "rounds", "points", "tichu_called", "tichu_made",
             "grand_called", "grand_made", "double_victories", "first_out", "bombs")


def summed(sums) -> dict:
    """The named sums (None counts as 0) and the rates people read."""
    out = {name: int(value or 0) for name, value in zip(SUM_NAMES, sums, strict=True)}
    out["points_per_round"] = round(out["points"] / out["rounds"], 1) if out["rounds"] else None
    decided = out["won"] + out["lost"] + out["draws"]
    out["win_share"] = round(out["won"] / decided, 3) if decided else None
    return out


class PlayerRecords:
    def __init__(self, archive: Archive):
        self.archive = archive

    # -- who -----------------------------------------------------------------------------

    def seen(self, player: str, name: str | None, now: float) -> None:
        """The player came by (their name, where they gave one, is the one shown)."""
        self.archive._execute([(
            "INSERT INTO players (id, name, created, seen) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (id) DO UPDATE SET seen = excluded.seen,"
            " name = CASE WHEN excluded.name = '' THEN players.name ELSE excluded.name END",
            (player, name or "", now, now))])

    def name(self, player: str) -> str | None:
        rows = self.archive._query("SELECT name FROM players WHERE id = ?", (player,))
        return rows[0][0] or None if rows else None

    def forgotten(self, players) -> set[str]:
        """Which of `players` asked to be forgotten."""
        wanted = sorted({p for p in players if p})
        if not wanted:
            return set()
        marks = ", ".join("?" * len(wanted))
        return {r[0] for r in self.archive._query(
            f"SELECT id FROM forgotten_players WHERE id IN ({marks})", tuple(wanted))}

    def forget(self, player: str, now: float, key: str | None = None) -> None:
        """Delete the player: their name and id leave every seat they held (the games stay,
        their seat anonymous), their clubs, their progress with the coach and (given their
        `key`) any code for another device; games of theirs archived later are anonymous too."""
        statements = [
            figures.dropped(figures.PLAYER, player),
            ("DELETE FROM figures WHERE kind = ? AND id IN (SELECT club FROM club_members WHERE player = ?)",
             (figures.CLUB, player)),
            ("DELETE FROM figures WHERE kind = ? AND id IN (SELECT club FROM seat_results WHERE player = ?"
             " AND club IS NOT NULL)", (figures.CLUB, player)),
            ("UPDATE seat_results SET player = NULL, name = NULL WHERE player = ?", (player,)),
            ("DELETE FROM club_members WHERE player = ?", (player,)),
            ("DELETE FROM reviewed_rounds WHERE player = ?", (player,)),
            ("DELETE FROM lessons_done WHERE player = ?", (player,)),
            ("DELETE FROM player_links WHERE player_key = ?", (key or "",)),
            ("DELETE FROM players WHERE id = ?", (player,)),
            ("INSERT INTO forgotten_players (id, forgotten) VALUES (?, ?) ON CONFLICT (id) DO NOTHING",
             (player, now)),
        ]
        # Where they were somebody's partner or opponent: the lists name them no more.
        for key in self.archive._query(
                "SELECT code, game, seat, part, partners, opponents, player FROM seat_results"
                " WHERE partners LIKE ? OR opponents LIKE ?", (f'%"{player}"%', f'%"{player}"%')):
            if key[6]:  # their figures name the forgotten player: counted again when asked
                statements.append(figures.dropped(figures.PLAYER, key[6]))
            partners, opponents = (json.dumps(anonymous(json.loads(text), {player}), separators=(",", ":"))
                                   for text in key[4:6])
            statements.append(("UPDATE seat_results SET partners = ?, opponents = ?"
                               " WHERE code = ? AND game = ? AND seat = ? AND part = ?",
                               (partners, opponents, *key[:4])))
        self.archive._execute(statements)

    # -- another device ----------------------------------------------------------------------

    def link(self, key: str, now: float) -> str:
        """A short code that gives the player's key to their other device (once, for a while)."""
        code = "".join(secrets.choice(LINK_ALPHABET) for _ in range(LINK_LENGTH))
        self.archive._execute([("DELETE FROM player_links WHERE expires < ?", (now,)),
                               ("INSERT INTO player_links (code, player_key, expires) VALUES (?, ?, ?)",
                                (code, key, now + LINK_SECONDS))])
        return code

    def redeem(self, code: str, now: float) -> str | None:
        """The key a link code stands for (the code is used up), None if unknown or expired."""
        code = "".join(code.split()).upper()
        rows = self.archive._query("SELECT player_key, expires FROM player_links WHERE code = ?", (code,))
        self.archive._execute([("DELETE FROM player_links WHERE code = ? OR expires < ?", (code, now))])
        if not rows or rows[0][1] < now:
            return None
        return rows[0][0]

    # -- games and figures ------------------------------------------------------------------

    def games(self, player: str, limit: int = 50, before: float | None = None) -> list[dict]:
        """The player's games, newest first: one line per game (their seat, partners,
        opponents, rounds, points, outcome)."""
        # Every row of their last `limit` games (a game has a row per seat and holder: one
        # who left and came back holds several).
        rows = self.archive._query(
            f"SELECT {', '.join(COLUMNS)} FROM seat_results WHERE player = ? AND (code, game) IN"
            " (SELECT code, game FROM seat_results WHERE player = ? AND ended < ? GROUP BY code, game"
            "  ORDER BY MAX(ended) DESC LIMIT ?) ORDER BY ended DESC, code, game, part",
            (player, player, before if before is not None else float("inf"), int(limit)))
        games: dict[tuple, dict] = {}
        for values in rows:
            row = dict(zip(COLUMNS, values, strict=True))
            key = (row["code"], row["game"])
            game = games.get(key)
            if game is None:
                game = games[key] = {"code": row["code"], "game": row["game"], "ended": row["ended"],
                                     "ruleset": row["ruleset"], "seats": row["seats"], "seat": row["seat"],
                                     "outcome": None, "rounds": 0, "points": 0, "club": row["club"]}
            game["rounds"] += row["rounds"]
            game["points"] += row["points"]
            if row["final"]:
                game["outcome"], game["seat"] = row["outcome"], row["seat"]
            game["partners"] = [show(p) for p in json.loads(row["partners"])]
            game["opponents"] = [show(p) for p in json.loads(row["opponents"])]
        return list(games.values())

    def statistics(self, player: str) -> dict:
        """Overall, per ruleset (and size of table), per partner, and the trend over time: as
        last counted (figures.py), else counted now."""
        return figures.kept(self.archive, figures.PLAYER, player, lambda: self._rows(player),
                            lambda: self.count_statistics(player))

    def refresh(self, player: str) -> dict:
        """Count the player's statistics again (the archiver, once it archived a game of theirs)."""
        return figures.recount(self.archive, figures.PLAYER, player, lambda: self._rows(player),
                               lambda: self.count_statistics(player))

    def _rows(self, player: str) -> int:
        return int(self.archive._query("SELECT COUNT(*) FROM seat_results WHERE player = ?", (player,))[0][0])

    def count_statistics(self, player: str) -> dict:
        """The statistics counted from the player's rows."""
        query = self.archive._query
        overall = summed(query(f"SELECT {SUMS} FROM seat_results WHERE player = ?", (player,))[0])
        rulesets = []
        for values in query(f"SELECT ruleset, seats, {SUMS} FROM seat_results WHERE player = ?"
                            " GROUP BY ruleset, seats ORDER BY ruleset, seats", (player,)):
            rulesets.append({"ruleset": values[0], "seats": values[1], **summed(values[2:])})
        rows = query("SELECT code, game, ended, final, outcome, rounds, points, partners FROM seat_results"
                     " WHERE player = ? ORDER BY ended, code, game, part", (player,))
        return {"overall": overall, "rulesets": rulesets, "partners": by_partner(rows),
                "trend": trend(rows)}


def anonymous(holders: list, gone: set) -> list:
    """`holders` ([player, name, bot] each) with the players of `gone` neither named nor known."""
    return [[None, None, bot] if who in gone else [who, name, bot] for who, name, bot in holders]


def show(holder: list) -> dict:
    """How a seat's holder is shown: a person by name, a bot by level (never their id)."""
    _player, name, bot = holder
    return {"bot": bot} if bot is not None else {"name": name}


def by_partner(rows) -> list[dict]:
    """Games, outcomes, rounds and points with each partner (a person by id, named as last
    seen; bots by level), most games first."""
    table: dict[str, dict] = {}
    for code, game, _ended, final, outcome, rounds, points, partners in rows:
        for who, name, bot in json.loads(partners):
            key = f"player:{who}" if who else f"name:{name}" if bot is None else f"bot:{bot}"
            entry = table.setdefault(key, {"partner": show([who, name, bot]), "games": set(), "won": 0,
                                           "lost": 0, "draws": 0, "rounds": 0, "points": 0})
            entry["partner"] = show([who, name, bot])
            entry["games"].add((code, game))
            entry["rounds"] += rounds
            entry["points"] += points
            if final:
                entry["won"] += outcome == WON
                entry["lost"] += outcome == LOST
                entry["draws"] += outcome == DRAW
    out = []
    for entry in table.values():
        entry["games"] = len(entry["games"])
        entry["points_per_round"] = round(entry["points"] / entry["rounds"], 1) if entry["rounds"] else None
        out.append(entry)
    return sorted(out, key=lambda e: (-e["games"], str(e["partner"])))


def trend(rows) -> list[dict]:
    """Points per round and games won over time: one point per TREND_GAMES games in the
    order they ended, the last TREND_POINTS points."""
    games: dict[tuple, dict] = {}
    for code, game, ended, final, outcome, rounds, points, _partners in rows:
        entry = games.setdefault((code, game), {"ended": ended, "rounds": 0, "points": 0, "won": 0,
                                                "decided": 0})
        entry["rounds"] += rounds
        entry["points"] += points
        if final and outcome is not None:
            entry["decided"] += 1
            entry["won"] += outcome == WON
    ordered = list(games.values())
    buckets = defaultdict(list)
    for i, entry in enumerate(ordered):
        buckets[i // TREND_GAMES].append(entry)
    out = []
    for number in sorted(buckets)[-TREND_POINTS:]:
        group = buckets[number]
        rounds = sum(e["rounds"] for e in group)
        decided = sum(e["decided"] for e in group)
        out.append({"first": number * TREND_GAMES + 1, "games": len(group), "until": group[-1]["ended"],
                    "points_per_round": (round(sum(e["points"] for e in group) / rounds, 1)
                                         if rounds else None),
                    "win_share": round(sum(e["won"] for e in group) / decided, 3) if decided else None})
    return out
