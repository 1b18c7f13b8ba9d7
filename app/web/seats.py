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

Deadlines are wall-clock times kept on the seats (so they are saved with the
table and survive a restart); `settle` sets and clears them after every
accepted change and `expire` acts on those that ran out (`timers.py` calls it
at the right time). The `SeatRules` mixin gives `Table` these methods; they
all expect the caller to hold `table.lock`.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
import unicodedata
from dataclasses import astuple, dataclass

from app.bots import LEVELS, SimpleBot
from app.engine import PLAY as PLAY_PHASE
from app.engine import Rules

from .errors import Refused

NAME_MAX = 20
BOT_PREFERENCE = ("hard", "normal", "easy", "greedy")  # the best level first
PLAYING = "playing"


def new_token() -> str:
    return secrets.token_urlsafe(18)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def same_hash(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and hmac.compare_digest(a, b)


def clean_name(value, limit: int = NAME_MAX, what: str = "name") -> str:
    """A display name: printable, whitespace collapsed, 1..limit characters."""
    if not isinstance(value, str):
        raise Refused("bad_request", f"a {what} is text")
    text = " ".join(value.split())
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")
    if not text:
        raise Refused("bad_name", f"please enter a {what}")
    if len(text) > limit:
        raise Refused("bad_name", f"a {what} has at most {limit} characters")
    return text


def bot_levels() -> list[str]:
    """The bot levels available now (read each time: levels are added as bots improve)."""
    return list(LEVELS)


def default_level() -> str:
    levels = bot_levels()
    for level in BOT_PREFERENCE:
        if level in levels:
            return level
    return levels[-1]


def make_bot(level: str, seat: int, rng: random.Random):
    cls = LEVELS.get(level, SimpleBot)
    try:
        return cls(seat, rng=rng)
    except Exception:  # a bot that cannot be built must not stop the table
        return SimpleBot(seat, rng=rng)


@dataclass
class Seat:
    name: str | None = None  # the display name of the person who sat here
    owner: str | None = None  # hash of that person's token
    bot: str | None = None  # the bot level while a bot plays the seat (a stand-in if owner is set)
    away_until: float | None = None  # the owner is away: a stand-in plays from this time on
    turn_until: float | None = None  # the turn timer of the owner's current decision runs out then
    turn_for: str | None = None  # the decision that timer is for (its basis key, acts.py)
    forced: bool = False  # the timer ran out: the stand-in makes that decision

    @property
    def taken(self) -> bool:
        return self.owner is not None or self.bot is not None


@dataclass
class Request:
    """A watcher asks to take over a seat a bot plays; the host accepts or declines."""

    id: int
    sid: str  # the connection that asked (the request ends with it)
    seat: int
    name: str
    token_hash: str


class SeatRules:
    """The seat methods of `Table` (kept here so tables.py stays the table's own state)."""

    seats: list[Seat]
    clients: dict
    bots: dict
    settings: dict
    host_hash: str
    damaged: str | None

    def _init_seats(self, count: int, dummy: int | None = None):
        self.seats = [Seat() for _ in range(count)]
        self.dummy = dummy  # the Trichu Table's seat: played by the round's dealer, never taken
        self.requests: dict[int, Request] = {}
        self.request_seq = 0  # the last request's id (ids are never reused)
        self._standins: dict = {}  # seat -> the bot that makes a timed-out person's decision
        # None: every watcher is a connection here. With Redis (shared.py): the number of
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
        return same_hash(self.host_hash, token_hash) or self.seat_of(token_hash) is not None

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

    def sit(self, client, seat, name, new_token_hash: str | None = None) -> None:
        """Take a free seat (or move before the start), or take one's own seat back from a bot.

        A connection without a token sits down with `new_token_hash`, which becomes its
        token once the seat is taken (and not at all if it is refused). During a game a
        bot's seat is taken at once only by the host or at a table that allows it;
        others `ask`.
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
        self._seat_person(seat, name, who)
        client.token_hash = who
        self._rebind(who)

    def _check_takeover(self, seat: int, mine: int | None) -> None:
        if mine is not None:
            raise Refused("already_seated", "you have a seat in this game")
        target = self.seats[seat]
        if target.owner is not None or target.bot is None:
            raise Refused("seat_taken", "this seat belongs to a player of this game")

    def _seat_person(self, seat: int, name: str, who: str) -> None:
        self._unbot(seat)
        target = self.seats[seat]
        target.name, target.owner = name, who
        self.answers.forget(seat)  # a new person's actions start a new memory
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
        if not isinstance(level, str) or level not in LEVELS:
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
        if not isinstance(level, str) or level not in LEVELS:
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
        self.bots[seat] = make_bot(level, seat, self._bot_rng(seat))

    def _unbot(self, seat: int):
        self.seats[seat].bot = None
        self.bots.pop(seat, None)

    # -- the host's consent --------------------------------------------------------------

    def ask(self, client, seat, name, new_token_hash: str | None = None) -> Request:
        """A watcher asks to take over the bot's seat `seat`; one request per connection."""
        seat = self._check_seat(seat)
        if self.status != PLAYING:
            raise Refused("not_now", "seats are asked for during a game; before it, just sit down")
        who = client.token_hash or new_token_hash
        if who is None:
            raise Refused("bad_request", "a seat needs a token")
        self._check_takeover(seat, self.seat_of(who))
        name = clean_name(name)
        self.depart(client)  # a new request replaces the connection's earlier one
        self.request_seq += 1
        request = Request(self.request_seq, client.sid, seat, name, who)
        self.requests[request.id] = request
        return request

    def answer(self, client, request_id, accept) -> None:
        """The host accepts or declines a request; an accepted one seats its asker at once."""
        self._require_manager(client)
        if type(request_id) is not int or not isinstance(accept, bool):
            raise Refused("bad_request", "answer needs 'request' (a number) and 'accept' (true or false)")
        request = self.requests.pop(request_id, None)
        if request is None:
            raise Refused("not_found", "this request is no longer open")
        asker = self.clients.get(request.sid)
        if not accept or asker is None:
            return
        try:
            self._check_takeover(request.seat, self.seat_of(request.token_hash))
        except Refused:
            raise Refused("seat_taken", "this seat is no longer a bot's") from None
        self._seat_person(request.seat, request.name, request.token_hash)
        asker.token_hash = request.token_hash
        self._rebind(request.token_hash)

    def requests_doc(self) -> dict:
        """The open requests as JSON, kept with the table (every process of a scale-out sees
        them; a request whose connection is gone is not kept)."""
        live = [list(astuple(r)) for r in self.requests.values() if r.sid in self.clients]
        return {"seq": self.request_seq, "open": live}

    def load_requests(self, doc: dict | None) -> None:
        doc = doc or {}
        self.request_seq = doc.get("seq", 0)
        self.requests = {r[0]: Request(*r) for r in doc.get("open", [])}

    def requests_for(self, client) -> dict:
        """What the page of `client` shows about requests: managers see the open ones,
        an asker sees its own."""
        out = {"asked": next((r.seat for r in self.requests.values() if r.sid == client.sid), None)}
        if self.may_manage(client):
            # [id, seat, name] triples as tuples: `you` names an audience, so its values hash.
            out["requests"] = tuple((r.id, r.seat, r.name) for r in self.requests.values())
        return out

    # -- presence, stand-ins and turn timers -----------------------------------------------

    def settle(self, now: float) -> bool:
        """After a change: start, keep or clear each seat's grace period and turn timer.
        True if any of them changed. A damaged table is read-only: nothing changes there."""
        if self.damaged:
            return False
        playing = self.status == PLAYING
        grace, timer = self.settings["grace"], self.settings["turn_timer"]
        before = [(s.away_until, s.turn_until, s.turn_for, s.forced) for s in self.seats]
        for i, seat in enumerate(self.seats):
            if playing and seat.bot is None and self.away(i):
                if seat.away_until is None:
                    seat.away_until = now + grace
            else:
                seat.away_until = None
            due = self._decision(i) if timer and playing and seat.owner and seat.bot is None else None
            if due is None:
                seat.turn_until, seat.turn_for, seat.forced = None, None, False
            elif seat.turn_for != due:
                seat.turn_until, seat.turn_for, seat.forced = now + timer, due, False
        return before != [(s.away_until, s.turn_until, s.turn_for, s.forced) for s in self.seats]

    def _decision(self, seat: int) -> str | None:
        """The basis key of the decision the game waits for from `seat`, or None: the view's
        `to_act`, the players who act for a pending seat (the Trichu dealer for the Table too)."""
        view = self.view(None)
        if view is None or view["game_over"] or seat not in view["to_act"]:
            return None
        return self.basis.key_for("play" if view["phase"] == PLAY_PHASE else "grand")

    def next_deadline(self) -> float | None:
        if self.damaged:
            return None
        times = [t for s in self.seats for t in (s.away_until, None if s.forced else s.turn_until)
                 if t is not None]
        return min(times, default=None)

    def expire(self, now: float) -> bool:
        """Act on the deadlines that ran out: a stand-in takes an away person's seat, a
        timed-out decision goes to the stand-in. True if anything changed."""
        changed = False
        for i, seat in enumerate(self.seats if not self.damaged else ()):
            if seat.away_until is not None and now >= seat.away_until:
                seat.away_until = None
                if self.status == PLAYING and seat.bot is None and self.away(i):
                    self._bot_on(i, default_level())
                    changed = True
            if seat.turn_until is not None and not seat.forced and now >= seat.turn_until:
                seat.forced = True
                changed = True
        return changed

    def deciders(self) -> list[tuple[int, object, bool]]:
        """(seat, bot, forced) for every seat a bot decides for now: bot seats, and seats whose
        turn timer ran out (forced: only the decision the game waits for)."""
        out = [(seat, bot, False) for seat, bot in self.bots.items()]
        for i, seat in enumerate(self.seats):
            if seat.forced and seat.bot is None:
                bot = self._standins.get(i)
                if bot is None:
                    bot = self._standins[i] = make_bot(default_level(), i, self._bot_rng(i))
                out.append((i, bot, True))
        return out

    def decides(self, seat: int, forced: bool) -> bool:
        """Whether a bot still decides for `seat` (checked again before its answer counts)."""
        return self.seats[seat].forced if forced else seat in self.bots

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

    def _bot_rng(self, seat: int) -> random.Random:
        if self.seeded:
            return random.Random(f"{self.seed}:{self.game_no}:bot:{seat}")
        return random.Random()


__all__ = ["Seat", "SeatRules", "Request", "new_token", "hash_token", "same_hash", "clean_name",
           "bot_levels", "default_level", "make_bot"]
