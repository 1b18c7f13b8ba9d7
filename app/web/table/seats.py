"""Who sits where: tokens, taking and leaving seats, bots, the host's consent, presence, stand-ins.

Seats belong to their people. A seat is held by the person whose token sat
there, or played by a bot the host put there. There are as many seats as the
engine's ruleset has (3 to 12 players); the Trichu Table (`dummy`) is a seat of
the engine that nobody sits at or gives to a bot: the round's dealer acts for
it, whoever plays the dealer's seat. Rules of this module:

- Taking over a seat that the host gave to a bot, mid-game, needs the host's
  consent: a watcher `ask`s, the host (whoever manages the table) `answer`s;
  a table created with the setting `takeover` lets anybody sit there at once.
- A person whose last connection drops mid-game is away; the seat is held for
  the table's `grace` seconds, then a stand-in bot plays it so the others can
  play on. The person's return (joining with the token) sends the stand-in
  away at once: no button, no request.
- With the setting `turn_timer`, every decision the game waits for from a
  person (Grand Tichu, the exchange, a play or pass in turn, the Dragon gift)
  has a deadline; when it runs out, the stand-in bot makes that one decision.

The host's consent is `requests.py`, grace periods and turn timers with their
stand-ins `stand_ins.py`; the `SeatRules` mixin gives `Table` all of these
methods; they all expect the caller to hold `table.lock`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from app.engine import Rules

from ..errors import Refused
from .bot_seats import bot_levels, default_level, make_bot
from .people import clean_name, hash_token, new_token, same_hash
from .requests import Request, TakeoverRequests
from .stand_ins import StandIns


@dataclass
class Seat:
    name: str | None = None  # the display name of the person who sat here
    owner: str | None = None  # hash of that person's token
    # The person's player id (the hash of the key their browser keeps): their games and
    # statistics outlive the table (app/web/players/). Never sent to any client.
    player: str | None = None
    bot: str | None = None  # the bot level while a bot plays the seat (a stand-in if owner is set)
    away_until: float | None = None  # the owner is away: a stand-in plays from this time on
    turn_until: float | None = None  # the turn timer of the owner's current decision runs out then
    turn_for: str | None = None  # the decision that timer is for (its basis key, acts.py)
    forced: bool = False  # the timer ran out: the stand-in makes that decision

    @property
    def taken(self) -> bool:
        return self.owner is not None or self.bot is not None


class SeatRules(TakeoverRequests, StandIns):
    """The seat methods of `Table` (kept here so table.py stays the table's own state)."""

    seats: list[Seat]
    clients: dict
    bots: dict
    settings: dict
    host_hash: str
    damaged: str | None

    def _init_seats(self, count: int, dummy: int | None = None):
        self.seats = [Seat() for _ in range(count)]
        self.dummy = dummy  # the Trichu Table's seat: played by the round's dealer, never taken
        self._init_requests()
        self._init_standins()
        # None: every watcher is a connection here. With Redis (app/web/cluster/): the number of
        # token-less watchers as last stored, counted apart from the connections.
        self.watchers_apart: int | None = None
        self._teams: list | None = None

    # -- who is who --------------------------------------------------------------------

    def seat_of(self, token_hash: str | None) -> int | None:
        for i, seat in enumerate(self.seats):
            if same_hash(seat.owner, token_hash):
                return i
        return None

    def known(self, token_hash: str) -> bool:
        """The host, a seated person, or a watcher who asked to see the hands (hand_sight.py)."""
        return (same_hash(self.host_hash, token_hash) or self.seat_of(token_hash) is not None
                or self.sight.watch_of(token_hash) is not None)

    def online(self, seat: int) -> bool:
        owner = self.seats[seat].owner
        return any(c.seat == seat and same_hash(c.token_hash, owner) for c in self.clients.values())

    def away(self, seat: int) -> bool:
        """A person holds the seat and no connection of theirs is here."""
        return self.seats[seat].owner is not None and not self.online(seat)

    def host_online(self) -> bool:
        return any(same_hash(c.token_hash, self.host_hash) for c in self.clients.values())

    def may_manage(self, client) -> bool:
        """The host manages the table; while the host is away, any seated person may."""
        if same_hash(client.token_hash, self.host_hash):
            return True
        return not self.host_online() and self.seat_of(client.token_hash) is not None

    def bot_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.bot is not None]

    def people_seats(self) -> list[int]:
        """The seats a person or a bot takes (all but the Trichu Table)."""
        return [i for i in range(len(self.seats)) if i != self.dummy]

    def free_seats(self) -> list[int]:
        return [i for i in self.people_seats() if not self.seats[i].taken]

    def presence(self) -> tuple:
        """What connections change in the public data: who is online, how many watch."""
        online = tuple(self.online(i) for i in range(len(self.seats)))
        return online, self.spectators(), self.host_online()

    def spectators(self) -> int:
        """How many watch (connections without a seat, token-less ones counted apart with Redis)."""
        watching = (c for c in self.clients.values() if c.seat is None)
        if self.watchers_apart is None:
            return sum(1 for _ in watching)
        return self.watchers_apart + sum(1 for c in watching if not self.counted_apart(c))

    def counted_apart(self, client) -> bool:
        """A watcher without a token or a request: nothing about it but the count is public."""
        return client.token_hash is None and not any(r.sid == client.sid for r in self.requests.values())

    def _rebind(self, token_hash: str):
        """Point every connection of a person at the seat that person holds now."""
        seat = self.seat_of(token_hash)
        for c in self.clients.values():
            if same_hash(c.token_hash, token_hash):
                c.seat = seat

    def _check_seat(self, seat) -> int:
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise Refused("bad_request", f"'seat' must be a seat number 0..{len(self.seats) - 1}")
        if seat == self.dummy:
            raise Refused("table_seat", "this is the Table's place: the round's dealer plays its cards, "
                                        "nobody sits there")
        return seat

    def _require_manager(self, client):
        if not self.may_manage(client):
            raise Refused("not_host", "only the host can do this")

    # -- connections -------------------------------------------------------------------

    def arrive(self, client) -> bool:
        """A connection joined: a person back at their seat sends its stand-in away. True if
        the seat changed hands."""
        seat = client.seat
        if seat is None or self.seats[seat].bot is None:
            return False
        self._unbot(seat)
        return True

    def depart(self, client) -> None:
        """A connection left: its requests end with it."""
        for rid in [r.id for r in self.requests.values() if r.sid == client.sid]:
            del self.requests[rid]

    # -- taking and leaving seats ------------------------------------------------------

    def sit(self, client, seat, name, new_token_hash: str | None = None, player: str | None = None) -> None:
        """Take a free seat (or move before the start), or take one's own seat back from a bot.

        A connection without a token sits down with `new_token_hash`, which becomes its
        token once the seat is taken (and not at all if it is refused). During a game a
        bot's seat is taken at once only by the host or at a table that allows it;
        others `ask`. `player`: the person's player id, where their browser has a key.
        """
        seat = self._check_seat(seat)
        target = self.seats[seat]
        who = client.token_hash or new_token_hash
        if who is None:
            raise Refused("bad_request", "a seat needs a token")
        mine = self.seat_of(who)
        if mine == seat:
            if target.bot is None:
                raise Refused("already_seated", "you sit here already")
            self._unbot(seat)  # back from a bot that played for you
            target.player = player or target.player
            self._rebind(who)
            return
        name = clean_name(name)
        if self.game is None:
            if target.taken:
                raise Refused("seat_taken", "this seat is taken")
            if mine is not None:
                self.seats[mine] = Seat()
                self.answers.forget(mine)
        else:
            self._check_takeover(seat, mine)
            if not (self.settings["takeover"] or self.may_manage(client)):
                raise Refused("ask_host", "the host gave this seat to a bot: ask the host to let you take it")
        self._seat_person(seat, name, who, player)
        client.token_hash = who
        self._rebind(who)

    def _check_takeover(self, seat: int, mine: int | None) -> None:
        if mine is not None:
            raise Refused("already_seated", "you have a seat in this game")
        target = self.seats[seat]
        if target.owner is not None or target.bot is None:
            raise Refused("seat_taken", "this seat belongs to a player of this game")

    def _seat_person(self, seat: int, name: str, who: str, player: str | None = None) -> None:
        self._unbot(seat)
        target = self.seats[seat]
        target.name, target.owner, target.player = name, who, player
        self.answers.forget(seat)  # a new person's actions start a new memory
        self.sight.end(who)  # a watcher who sits down sees its own hand, no longer all of them
        for rid in [r.id for r in self.requests.values() if r.seat == seat]:
            del self.requests[rid]

    def stand(self, client) -> None:
        mine = self.seat_of(client.token_hash)
        if mine is None:
            raise Refused("not_seated", "you have no seat at this table")
        if self.game is not None:
            raise Refused("not_now", "the game has started; the host can give your seat to a bot")
        self.seats[mine] = Seat()
        self.answers.forget(mine)
        self._rebind(client.token_hash)

    def set_bot(self, client, seat, level) -> None:
        """Host: a bot plays `seat` (an empty one, an absent player's, or a bot's new level)."""
        self._require_manager(client)
        seat = self._check_seat(seat)
        if level is None:
            level = default_level()
        if not isinstance(level, str) or level not in bot_levels():
            raise Refused("bad_request", f"unknown bot level (known: {', '.join(bot_levels())})")
        target = self.seats[seat]
        if target.owner is not None and target.bot is None:
            if self.game is None:
                raise Refused("seat_taken", "this seat is taken; a player may only be replaced "
                                            "by a bot once the game has started")
            if self.online(seat):
                raise Refused("player_present", f"{target.name} is here; only an absent player "
                                                "is replaced by a bot")
        if target.bot == level:
            raise Refused("no_change", "this bot plays the seat already")
        self._bot_on(seat, level)

    def fill_bots(self, client, level=None) -> None:
        """Host: bots of `level` (default: the best) at every free seat, however many seats."""
        self._require_manager(client)
        if level is None:
            level = default_level()
        if not isinstance(level, str) or level not in bot_levels():
            raise Refused("bad_request", f"unknown bot level (known: {', '.join(bot_levels())})")
        free = self.free_seats()
        if not free:
            raise Refused("no_change", "no seat is free")
        for seat in free:
            self._bot_on(seat, level)

    def free_seat(self, client, seat) -> None:
        """Host, before the start: take a bot off a seat, or free an absent player's seat."""
        self._require_manager(client)
        seat = self._check_seat(seat)
        if self.game is not None:
            raise Refused("not_now", "seats are freed only before the game starts")
        target = self.seats[seat]
        if not target.taken:
            raise Refused("seat_free", "this seat is free already")
        if target.owner is not None and self.online(seat):
            raise Refused("player_present", f"{target.name} is here and keeps the seat")
        owner = target.owner
        self.seats[seat] = Seat()
        self.bots.pop(seat, None)
        self.answers.forget(seat)
        if owner is not None:
            self._rebind(owner)

    def _bot_on(self, seat: int, level: str) -> None:
        target = self.seats[seat]
        target.bot = level
        target.away_until = None
        self.bots[seat] = self.new_bot(seat)

    def _unbot(self, seat: int):
        self.seats[seat].bot = None
        self.bots.pop(seat, None)

    def teams(self) -> list:
        """Each seat's team in the current round (the Trichu dealer's changes every round; None
        without teams): the view's geometry once the game runs, the ruleset's before."""
        view = self.view(None)
        if view is not None:
            return view["geometry"]["team_of"]
        if self._teams is None:
            self._teams = list(Rules.of(self.ruleset, self.options).seating.team_of)
        return self._teams

    def seat_meta(self, i: int) -> dict:
        """The public data of one seat."""
        s = self.seats[i]
        return {"seat": i, "team": self.teams()[i], "name": s.name, "bot": s.bot, "dummy": i == self.dummy,
                "taken": s.taken, "human": s.owner is not None,
                "online": s.bot is not None or (s.owner is not None and self.online(i)),
                "away": self.away(i), "standin_at": s.away_until,
                "turn_ends": None if s.forced else s.turn_until}

    def new_bot(self, seat: int):
        """A new bot of the level the seat is given to, with the seat's randomness."""
        return make_bot(self.seats[seat].bot, seat, self._bot_rng(seat))

    def _bot_rng(self, seat: int) -> random.Random:
        if self.seeded:
            return random.Random(f"{self.seed}:{self.game_no}:bot:{seat}")
        return random.Random()


__all__ = ["Seat", "SeatRules", "Request", "new_token", "hash_token", "same_hash", "clean_name",
           "bot_levels", "default_level", "make_bot"]
