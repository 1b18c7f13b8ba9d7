"""What each audience of a table sees: the engine's view of its seat, the table's public
data, and what the document says about its reader.

An audience is the connections that read the same document: the same seat's view and
the same rights (`you`). Their document is made once per version and shared (the hub
sends it to the audience's Socket.IO room), and the parts every audience shares (the
table's metadata, the views' common parts: engine/view_cache.py) are made once too.
The caches are dropped by `changed()` after every accepted change.
"""

from __future__ import annotations

import time

from app.engine import get_ruleset
from app.engine.view_cache import ViewCache

from .bot_seats import bot_levels, default_level
from .lesson import lesson_part
from .people import same_hash
from .status import OVER


class Audiences:
    """The document methods of `Table` (the caller holds the lock)."""

    def presence_shown(self) -> bool:
        """Whether the metadata of the current version shows the presence as it is now."""
        return self._meta is not None and self._meta_presence == self.presence()

    def changed(self):
        """Forget cached views and metadata (after every accepted change)."""
        self._views = {}
        self._docs = {}
        self._meta = None
        self.updated = time.time()

    def view(self, seat: int | None) -> dict | None:
        """The engine's view for a seat (None: spectator), cached for this version. Read-only:
        it shares parts with the other seats' views and with earlier versions' (view_cache.py)."""
        if self.game is None:
            return None
        if seat not in self._views:
            cache = self._view_cache
            if cache is None or cache.game is not self.game:
                cache = self._view_cache = ViewCache(self.game)
            self._views[seat] = cache.view(seat)
        return self._views[seat]

    def meta(self) -> dict:
        """What everybody may know about the table itself (never tokens or the seed)."""
        if self._meta is None:
            self._meta_presence = self.presence()
            host_seat = self.seat_of(self.host_hash)
            self._meta = {
                "code": self.code,
                "name": self.name,
                "ruleset": self.ruleset,
                "options": get_ruleset(self.ruleset).resolve_options(self.options),
                "status": self.status,
                "seats": [self.seat_meta(i) for i in range(len(self.seats))],
                "host": {"name": self.host_name, "seat": host_seat, "online": self.host_online()},
                "spectators": self.spectators(),
                "moves": self.game.version if self.game is not None else 0,
                "game_no": self.game_no,
                "finished_games": self.finished + (1 if self.status == OVER else 0),
                "levels": bot_levels(),
                "default_level": default_level(),
                "settings": dict(self.settings),
                "chat": self.chat.recent(),
                "bombs": {"window_until": self.window_until, "hold": dict(self.hold) if self.hold else None},
            }
            seen_by = self.hands_seen_by()
            if seen_by:
                self._meta["hands_seen_by"] = seen_by  # everybody knows who sees the hands
            if self.damaged:
                self._meta["damaged"] = True
            if self.settings["tracker"]:
                # The whole deck is public; the tracker counts what is still out from it.
                self._meta["deck"] = list(get_ruleset(self.ruleset).deck.codes)
        return self._meta

    def you(self, client) -> dict:
        """What the document says about its reader: the seat and what this person may do."""
        seat = client.seat
        owner = seat is not None and same_hash(self.seats[seat].owner, client.token_hash)
        you = {
            "seat": seat,
            "host": same_hash(client.token_hash, self.host_hash),
            "manage": self.may_manage(client),
            "bot_plays": bool(owner and self.seats[seat].bot is not None),
            **self.requests_for(client),
        }
        watch = self.sight.watch_of(client.token_hash) if seat is None else None
        if watch is not None:
            # A watcher who asked to see the hands reads a document of its own (hand_sight.py):
            # its ask's id makes its audience, so no other connection is ever sent it.
            you["hands"] = watch.id
        return you

    def doc_for(self, client) -> dict:
        """The connection's document. Connections with the same `you` (an audience: the same
        seat's view, the same rights) share one object per version (cached until the next
        change), so one diff and one message serve them all."""
        you = self.you(client)
        key = tuple(you.values())
        doc = self._docs.get(key)
        if doc is None:
            doc = self._docs[key] = {"table": self.meta(), "you": you, "game": self.view(client.seat)}
            lesson = lesson_part(self, client.seat)
            if lesson is not None:
                doc["lesson"] = lesson  # the learner's own: built from the learner's view
            sight = self.sight_for(client)
            if sight is not None:
                doc["sight"] = sight
                if "hands" in you and sight["sees"] and self.game is not None:
                    doc["hands"] = self.all_hands()  # only while every seated person agrees
        return doc

    def summary(self) -> dict:
        """A line of the lobby's list of tables."""
        people = [self.seats[i] for i in self.people_seats()]
        return {
            "code": self.code,
            "name": self.name,
            "ruleset": self.ruleset,
            "status": self.status,
            # The seats people and bots take, in seat order (the Trichu Table is none of them).
            "players": [s.name if s.owner is not None else (f"bot ({s.bot})" if s.bot else None)
                        for s in people],
            "seats": len(people),
            "free": sum(1 for s in people if not s.taken),
            "people": sum(1 for s in people if s.owner is not None),
            "bots": [s.bot if s.owner is None else None for s in people],  # the lobby names the levels
            "updated": self.updated,
        }
