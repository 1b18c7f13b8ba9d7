"""The table registry: tables by short code, their seats, host, bots, settings and game.

A table holds everything about one game place: its settings (ruleset and
options), four seats (a display name, the hash of the secret token of the
person sitting there, or a bot level), the host, the connections watching it,
one lock, a version that every accepted change bumps, and the `Game` once
started. Methods here check who may do what and change the table; they never
interpret cards (the engine does) and never send anything (the hub does).
Every method expects the caller to hold `table.lock`.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
import threading
import time
import unicodedata
from dataclasses import dataclass, field

from app.bots import LEVELS, SimpleBot
from app.engine import Game, get_ruleset, view_for

from .chat import QUICK, ChatLog, RateLimit, clean_text
from .errors import Refused
from .protocol import Viewer

__all__ = ["Refused", "Table", "Client", "Seat", "SETTINGS"]

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: codes are read aloud
CODE_LENGTH = 5
NAME_MAX = 20
TABLE_NAME_MAX = 40
BOT_PREFERENCE = ("hard", "normal", "easy", "greedy")  # the best level first

WAITING, PLAYING, OVER = "waiting", "playing", "over"
# Table settings chosen at creation (besides the ruleset's options), with their defaults.
SETTINGS = {"tracker": False}  # tracker: the card tracker (cards of each rank still out) is offered


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


def check_settings(value) -> dict:
    """The table settings: known names with booleans; missing ones take their default."""
    if value is None:
        value = {}
    if not isinstance(value, dict):
        raise Refused("bad_request", "'settings' is an object of setting names and values")
    for name, setting in value.items():
        if name not in SETTINGS:
            known = ", ".join(SETTINGS)
            raise Refused("bad_settings", f"unknown setting {str(name)[:30]!r} (known: {known})")
        if not isinstance(setting, bool):
            raise Refused("bad_settings", f"the setting {name!r} is true or false")
    return {**SETTINGS, **value}


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
    bot: str | None = None  # the bot level while a bot plays the seat

    @property
    def taken(self) -> bool:
        return self.owner is not None or self.bot is not None


@dataclass
class Client:
    """One connection watching a table."""

    sid: str
    token_hash: str | None  # None: an anonymous spectator
    seat: int | None  # the seat whose view it gets; None: a spectator
    viewer: Viewer = field(default_factory=Viewer)
    chat_rate: RateLimit = field(default_factory=RateLimit)


@dataclass
class Saved:
    """What the last commit stored: the table's state to return to if the next one fails."""

    version: int  # the version in the store
    meta: dict
    summary: dict | None
    game: Game | None  # the game object then, and how many actions it had
    moves: int


class Table:
    def __init__(self, code: str, name: str, ruleset: str, options: dict, host_hash: str,
                 host_name: str, *, listed: bool = True, seed=None, created: float | None = None,
                 settings: dict | None = None):
        self.code = code
        self.name = name
        self.ruleset = ruleset
        self.options = dict(options)
        self.host_hash = host_hash
        self.host_name = host_name
        self.listed = listed
        self.settings = check_settings(settings)
        self.chat = ChatLog()
        self.seed = seed if seed is not None else secrets.token_hex(16)  # never leaves the server
        self.seeded = seed is not None  # a test table: bots use seeded randomness too
        self.created = created if created is not None else time.time()
        self.updated = self.created
        self.lock = threading.RLock()
        self.version = 0
        self.seats = [Seat() for _ in range(get_ruleset(ruleset).seats)]
        self.game: Game | None = None
        self.game_no = 0  # games started at this table (the current one included)
        self.finished = 0  # finished games before the current one (their logs are in the store)
        self.extra: dict = {}  # more state to keep across restarts (JSON values; see table_docs.py)
        self.bots: dict = {}  # seat -> Bot instance for seats a bot plays
        self.clients: dict[str, Client] = {}
        self._views: dict = {}
        self._docs: dict = {}  # audience -> document, for this version
        self._meta: dict | None = None
        # Storing: game actions accepted since the last commit, what that commit stored (to
        # undo a change the store refused), and whether the log still replays.
        self.pending: list[tuple[int, dict]] = []
        self.saved: Saved | None = None
        self.damaged: str | None = None  # why the stored log no longer replays: read-only
        self.evicted = False  # dropped from memory; the registry loads a fresh one on demand
        self.idle_since = time.monotonic()  # when its last connection left

    # -- state queries -----------------------------------------------------------------

    @property
    def status(self) -> str:
        if self.game is None:
            return WAITING
        return OVER if self.game.over else PLAYING

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

    def host_online(self) -> bool:
        return any(same_hash(c.token_hash, self.host_hash) for c in self.clients.values())

    def may_manage(self, client: Client) -> bool:
        """The host manages the table; while the host is away, any seated person may."""
        if same_hash(client.token_hash, self.host_hash):
            return True
        return not self.host_online() and self.seat_of(client.token_hash) is not None

    def bot_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.bot is not None]

    # -- what clients see --------------------------------------------------------------

    def changed(self):
        """Forget cached views and metadata (after every accepted change)."""
        self._views = {}
        self._docs = {}
        self._meta = None
        self.updated = time.time()

    def view(self, seat: int | None) -> dict | None:
        """The engine's view for a seat (None: spectator), cached for this version."""
        if self.game is None:
            return None
        if seat not in self._views:
            self._views[seat] = view_for(self.game, seat)
        return self._views[seat]

    def meta(self) -> dict:
        """What everybody may know about the table itself (never tokens or the seed)."""
        if self._meta is None:
            host_seat = self.seat_of(self.host_hash)
            self._meta = {
                "code": self.code,
                "name": self.name,
                "ruleset": self.ruleset,
                "options": get_ruleset(self.ruleset).resolve_options(self.options),
                "status": self.status,
                "seats": [
                    {"seat": i, "team": i % 2, "name": s.name, "bot": s.bot, "taken": s.taken,
                     "human": s.owner is not None,
                     "online": s.bot is not None or (s.owner is not None and self.online(i))}
                    for i, s in enumerate(self.seats)
                ],
                "host": {"name": self.host_name, "seat": host_seat, "online": self.host_online()},
                "spectators": sum(1 for c in self.clients.values() if c.seat is None),
                "moves": self.game.version if self.game is not None else 0,
                "game_no": self.game_no,
                "finished_games": self.finished + (1 if self.status == OVER else 0),
                "levels": bot_levels(),
                "default_level": default_level(),
                "settings": dict(self.settings),
                "chat": self.chat.recent(),
            }
            if self.damaged:
                self._meta["damaged"] = True
            if self.settings["tracker"]:
                # The whole deck is public; the tracker counts what is still out from it.
                self._meta["deck"] = list(get_ruleset(self.ruleset).deck.codes)
        return self._meta

    def you(self, client: Client) -> dict:
        """What the document says about its reader: the seat and what this person may do."""
        seat = client.seat
        owner = seat is not None and same_hash(self.seats[seat].owner, client.token_hash)
        return {
            "seat": seat,
            "host": same_hash(client.token_hash, self.host_hash),
            "manage": self.may_manage(client),
            "bot_plays": bool(owner and self.seats[seat].bot is not None),
        }

    def doc_for(self, client: Client) -> dict:
        """The connection's document. Connections with the same `you` (an audience: the same
        seat's view, the same rights) share one object per version (cached until the next
        change), so one diff and one message serve them all."""
        you = self.you(client)
        key = tuple(you.values())
        doc = self._docs.get(key)
        if doc is None:
            doc = self._docs[key] = {"table": self.meta(), "you": you, "game": self.view(client.seat)}
        return doc

    def summary(self) -> dict:
        """A line of the lobby's list of tables."""
        return {
            "code": self.code,
            "name": self.name,
            "ruleset": self.ruleset,
            "status": self.status,
            "players": [s.name if s.owner is not None else (f"bot ({s.bot})" if s.bot else None)
                        for s in self.seats],
            "free": sum(1 for s in self.seats if not s.taken),
            "updated": self.updated,
        }

    # -- connections -------------------------------------------------------------------

    def attach(self, sid: str, token_hash: str | None) -> Client:
        client = Client(sid, token_hash, self.seat_of(token_hash))
        self.clients[sid] = client
        return client

    def detach(self, sid: str) -> Client | None:
        client = self.clients.pop(sid, None)
        if not self.clients:
            self.idle_since = time.monotonic()
        return client

    def _rebind(self, token_hash: str):
        """Point every connection of a person at the seat that person holds now."""
        seat = self.seat_of(token_hash)
        for c in self.clients.values():
            if same_hash(c.token_hash, token_hash):
                c.seat = seat

    # -- chat --------------------------------------------------------------------------

    def say(self, client: Client, text=None, quick=None, name=None) -> dict:
        """A chat message from a connection: seated people speak under their seat's name,
        watchers under the name they give. Checked whole before the rate limit counts it."""
        if (text is None) == (quick is None):
            raise Refused("bad_request", "chat needs either 'text' or 'quick'")
        if quick is not None and quick not in QUICK:
            raise Refused("bad_request", f"unknown quick reaction (known: {', '.join(QUICK)})")
        if text is not None:
            text = clean_text(text)
        seat = self.seat_of(client.token_hash) if client.token_hash else None
        if seat is None and name is None:
            raise Refused("bad_name", "watchers give their name to chat")
        who = (self.seats[seat].name or f"#{seat + 1}") if seat is not None else clean_name(name)
        client.chat_rate.take()
        return self.chat.add(seat=seat, name=who, text=text, quick=quick)

    # -- seats -------------------------------------------------------------------------

    def _check_seat(self, seat) -> int:
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise Refused("bad_request", f"'seat' must be a seat number 0..{len(self.seats) - 1}")
        return seat

    def sit(self, client: Client, seat, name, new_token_hash: str | None = None) -> None:
        """Take a free seat (or move before the start), or take one's own seat back from a bot.

        A connection without a token sits down with `new_token_hash`, which becomes its
        token once the seat is taken (and not at all if it is refused).
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
        else:
            if mine is not None:
                raise Refused("already_seated", "you have a seat in this game")
            if target.owner is not None or target.bot is None:
                raise Refused("seat_taken", "this seat belongs to a player of this game")
            self._unbot(seat)  # a newcomer takes over from a bot nobody owns
        target.name = name
        target.owner = who
        client.token_hash = who
        self._rebind(who)

    def stand(self, client: Client) -> None:
        mine = self.seat_of(client.token_hash)
        if mine is None:
            raise Refused("not_seated", "you have no seat at this table")
        if self.game is not None:
            raise Refused("not_now", "the game has started; the host can give your seat to a bot")
        self.seats[mine] = Seat()
        self._rebind(client.token_hash)

    def set_bot(self, client: Client, seat, level) -> None:
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
        target.bot = level
        self.bots[seat] = make_bot(level, seat, self._bot_rng(seat))

    def free_seat(self, client: Client, seat) -> None:
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
        if owner is not None:
            self._rebind(owner)

    def _unbot(self, seat: int):
        self.seats[seat].bot = None
        self.bots.pop(seat, None)

    def _bot_rng(self, seat: int) -> random.Random:
        if self.seeded:
            return random.Random(f"{self.seed}:{self.game_no}:bot:{seat}")
        return random.Random()

    def _require_manager(self, client: Client):
        if not self.may_manage(client):
            raise Refused("not_host", "only the host can do this")

    # -- games -------------------------------------------------------------------------

    def game_seed(self, number: int):
        """The seed of the table's game `number` (0-based); test tables deal game 0 from their seed."""
        return self.seed if number == 0 else f"{self.seed}:{number}"

    def start(self, client: Client) -> None:
        self._require_manager(client)
        if self.game is not None:
            raise Refused("not_now", "the game has started already")
        self._new_game()

    def new_game(self, client: Client) -> None:
        """Host, after the end of a game: another game with the same seats."""
        self._require_manager(client)
        if self.status != OVER:
            raise Refused("not_now", "a new game starts once this one is over")
        self._new_game()
        self.finished += 1

    def _new_game(self):
        empty = [i for i, s in enumerate(self.seats) if not s.taken]
        if empty:
            raise Refused("seats_free", f"{len(empty)} seat(s) are free: wait for players or add bots")
        self.game = Game(self.ruleset, self.options, seed=self.game_seed(self.game_no))
        self.game_no += 1
        for seat in self.bot_seats():
            bot = self.bots.get(seat) or make_bot(self.seats[seat].bot, seat, self._bot_rng(seat))
            self.bots[seat] = bot
            bot.new_game()

    def act(self, client: Client, action) -> None:
        """A game action of the client's own seat; the engine refuses what is illegal."""
        if self.game is None:
            raise Refused("not_started", "the game has not started yet")
        seat = self.seat_of(client.token_hash)
        if seat is None:
            raise Refused("not_seated", "spectators cannot play")
        if self.seats[seat].bot is not None:
            raise Refused("bot_plays", "a bot plays your seat: take your seat back first")
        self.apply(seat, action)

    def apply(self, seat: int, action) -> None:
        """Apply a game action for `seat` (a person's or a bot's); IllegalAction if refused."""
        if not isinstance(action, dict):
            raise Refused("bad_request", "an action is an object like {\"act\": \"pass\"}")
        if "seat" in action and action["seat"] != seat:
            raise Refused("not_your_seat", "you can only act for your own seat")
        applied = self.game.apply({**action, "seat": seat})
        self.pending.append((self.game_no - 1, applied.to_record(self.game.deck)))

    def mark_saved(self, meta: dict, summary: dict | None = None, version: int | None = None) -> None:
        """The store holds the table as it is now (`meta`, `summary`: what it stored; `version`:
        its stored version, by default the table's)."""
        moves = self.game.version if self.game is not None else 0
        self.saved = Saved(self.version if version is None else version, meta, summary, self.game, moves)
        self.pending = []

    def record(self, number: int | None = None, stored=None) -> dict:
        """A downloadable record: a finished game whole; the current one only with its
        completed rounds (never the hands of the round being played). `stored(n)` gives the
        whole record of game n from the store (a live game keeps only its current round)."""
        over = self.status == OVER
        if number is not None:
            if not 0 <= number < self.finished + (1 if over else 0):
                raise Refused("not_found", "no such finished game at this table")
            return stored(number)
        if self.game is None:
            raise Refused("not_started", "the game has not started yet")
        record = stored(self.game_no - 1)
        if not over:
            done = sum(1 for r in self.game.rounds if r.result is not None)
            record["rounds"] = record["rounds"][:done]
        return record
