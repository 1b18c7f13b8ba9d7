"""Clubs: people who play together, joined by a link, and their standings.

A club has a name, an id (its page's address) and an invite (the secret in the link that
joins it). A table made as a club's table (pages/routes.py) counts its games for the
club: their seats' results carry the club (results.py). The standings count only the
club's members, in the club's games, from those rows: each member's figures, the
partnerships of two members, and head-to-head between two members who sat as
opponents. Bots are never counted, and a player who leaves the club leaves its standings.
"""

from __future__ import annotations

import json
import secrets
from collections import defaultdict

from . import figures
from .base import Archive
from .players import SUMS, show, summed
from .results import WON

NAME_MAX = 40
LAST_GAMES = 20


class ClubRecords:
    def __init__(self, archive: Archive):
        self.archive = archive

    def create(self, name: str, founder: str, now: float) -> dict:
        """A new club with `founder` its first member: {"id", "name", "invite"}."""
        club = {"id": secrets.token_urlsafe(9), "name": name, "invite": secrets.token_urlsafe(12)}
        self.archive._execute([
            ("INSERT INTO clubs (id, name, invite, created) VALUES (?, ?, ?, ?)",
             (club["id"], name, club["invite"], now)),
            ("INSERT INTO club_members (club, player, joined) VALUES (?, ?, ?)", (club["id"], founder, now))])
        return club

    def by_invite(self, invite: str) -> dict | None:
        rows = self.archive._query("SELECT id, name, invite FROM clubs WHERE invite = ?", (invite,))
        return dict(zip(("id", "name", "invite"), rows[0], strict=True)) if rows else None

    def club(self, club_id: str) -> dict | None:
        rows = self.archive._query("SELECT id, name, invite FROM clubs WHERE id = ?", (club_id,))
        return dict(zip(("id", "name", "invite"), rows[0], strict=True)) if rows else None

    def join(self, club_id: str, player: str, now: float) -> None:
        self.archive._execute([("INSERT INTO club_members (club, player, joined) VALUES (?, ?, ?)"
                                " ON CONFLICT (club, player) DO NOTHING", (club_id, player, now)),
                               figures.dropped(figures.CLUB, club_id)])  # a new member in the standings

    def leave(self, club_id: str, player: str) -> None:
        self.archive._execute([("DELETE FROM club_members WHERE club = ? AND player = ?", (club_id, player)),
                               figures.dropped(figures.CLUB, club_id)])

    def is_member(self, club_id: str, player: str) -> bool:
        return bool(self.archive._query("SELECT 1 FROM club_members WHERE club = ? AND player = ?",
                                        (club_id, player)))

    def clubs_of(self, player: str) -> list[dict]:
        """The clubs the player belongs to, with how many members each has."""
        rows = self.archive._query(
            "SELECT c.id, c.name, c.invite, (SELECT COUNT(*) FROM club_members m WHERE m.club = c.id)"
            " FROM clubs c JOIN club_members me ON me.club = c.id WHERE me.player = ? ORDER BY c.name",
            (player,))
        return [{"id": r[0], "name": r[1], "invite": r[2], "members": int(r[3])} for r in rows]

    def standings(self, club_id: str) -> dict:
        """Members' figures in the club's games (most games won first), partnerships, head-to-head
        and the last games: as last counted (figures.py), else counted now."""
        return figures.kept(self.archive, figures.CLUB, club_id, lambda: self._rows(club_id),
                            lambda: self.count_standings(club_id))

    def refresh(self, club_id: str) -> dict:
        return figures.recount(self.archive, figures.CLUB, club_id, lambda: self._rows(club_id),
                               lambda: self.count_standings(club_id))

    def _rows(self, club_id: str) -> int:
        return int(self.archive._query("SELECT COUNT(*) FROM seat_results WHERE club = ?", (club_id,))[0][0])

    def count_standings(self, club_id: str) -> dict:
        query = self.archive._query
        members = {r[0]: r[1] for r in query(
            "SELECT m.player, p.name FROM club_members m LEFT JOIN players p ON p.id = m.player"
            " WHERE m.club = ?", (club_id,))}
        table = []
        for values in query(f"SELECT player, {SUMS} FROM seat_results r WHERE club = ? AND player IN"
                            " (SELECT player FROM club_members WHERE club = ?) GROUP BY player",
                            (club_id, club_id)):
            table.append({"name": members.get(values[0]) or None, **summed(values[1:])})  # never the id
        table.sort(key=lambda e: (-e["won"], -(e["points_per_round"] or 0), e["name"] or ""))
        rows = query("SELECT code, game, ended, player, final, outcome, partners, opponents FROM seat_results"
                     " WHERE club = ? AND player IS NOT NULL ORDER BY ended", (club_id,))
        return {"members": len(members), "standings": table, **pairs(rows, members),
                "games": last_games(query, club_id)}


def pairs(rows, members: dict) -> dict:
    """Partnerships (two members as partners) and head-to-head (two members as opponents),
    counted over whole games: games together, and games won."""
    together: dict[tuple, dict] = defaultdict(lambda: {"games": set(), "won": 0})
    facing: dict[tuple, dict] = defaultdict(lambda: {"games": set(), "first": 0, "second": 0})
    for code, game, _ended, player, final, outcome, partners, opponents in rows:
        if player not in members:
            continue
        for other, _name, _bot in json.loads(partners):
            if other in members and player < other:
                entry = together[(player, other)]
                entry["games"].add((code, game))
                entry["won"] += bool(final and outcome == WON)
        for other, _name, _bot in json.loads(opponents):
            if other in members:
                key = tuple(sorted((player, other)))
                entry = facing[key]
                entry["games"].add((code, game))
                if final and outcome == WON:
                    entry["first" if player == key[0] else "second"] += 1
    name = members.get
    return {
        "partnerships": sorted(({"names": [name(a), name(b)], "games": len(e["games"]), "won": e["won"]}
                                for (a, b), e in together.items()), key=lambda e: -e["games"]),
        "head_to_head": sorted(({"names": [name(a), name(b)], "games": len(e["games"]),
                                 "won": [e["first"], e["second"]]}
                                for (a, b), e in facing.items()), key=lambda e: -e["games"]),
    }


def last_games(query, club_id: str) -> list[dict]:
    """The club's last games: when, the ruleset, and each seat's holder at the end with the outcome."""
    keys = query("SELECT code, game, MAX(ended) FROM seat_results WHERE club = ? GROUP BY code, game"
                 " ORDER BY MAX(ended) DESC LIMIT ?", (club_id, LAST_GAMES))
    out = []
    for code, game, ended in keys:
        seats = query("SELECT seat, name, bot, outcome, ruleset FROM seat_results WHERE code = ? AND game = ?"
                      " AND final = 1 ORDER BY seat", (code, game))
        out.append({"code": code, "game": game, "ended": ended, "ruleset": seats[0][4] if seats else None,
                    "seats": [{"seat": s, **show([None, n, b]), "outcome": o} for s, n, b, o, _ in seats]})
    return out
