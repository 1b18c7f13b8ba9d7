"""The table registry: tables by short code, their settings, host, game and connections.

A table holds everything about one game place: its settings (ruleset and
options, and the table settings of `SETTINGS`), the ruleset's seats (seats.py:
who sits where, bots, consent, presence, stand-ins; the Trichu Table is a seat
nobody takes, its dealer acts for it), the host, the connections
watching it, one lock, a version that every accepted change bumps, the
`Game` once started, and what makes every action count once (acts.py).
Methods here check who may do what and change the table; they never
interpret cards (the engine does) and never send anything (the hub does).
Every method expects the caller to hold `table.lock`.
"""

from __future__ import annotations

import dataclasses
import secrets
import threading
import time
from dataclasses import dataclass, field

from app.engine import Game, Rules
from app.engine.view_cache import ViewCache

from ..errors import Refused
from ..protocol import Viewer
from . import lineups
from .acts import Answers, Basis
from .audiences import Audiences
from .bombs import BombRules
from .chat import QUICK, ChatLog, clean_text
from .hand_sight import HandSight, HandSightRules
from .lesson import check_move, deal_for, lesson_of
from .seats import (
    Seat,
    SeatRules,
    clean_name,
    hash_token,
    make_bot,
    new_token,
    same_hash,
)
from .status import OVER, PLAYING, WAITING

__all__ = ["Refused", "Table", "Client", "Seat", "SETTINGS", "hash_token", "new_token", "same_hash",
           "make_bot"]

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: codes are read aloud
CODE_LENGTH = 5
TABLE_NAME_MAX = 40


# Table settings chosen at creation (besides the ruleset's options), with their defaults:
# tracker: the card tracker (cards of each rank still out) is offered;
# takeover: anybody may take over a seat the host gave to a bot (else the host is asked);
# grace: seconds an away player's seat is held before a stand-in bot plays it;
# turn_timer: seconds for each decision, then the stand-in makes it (0: no timer);
# bomb_window: seconds a won trick stays on the table so anybody may still bomb it (bombs.py);
# hints: players may ask the coach for hints (hints.py); the host switches them off for a
# competitive table;
# spectator_hands: a spectator may see the hands while every seated person agrees
# (hand_sight.py); the host switches it off for a tournament table.
SEAT_FIELDS = tuple(f.name for f in dataclasses.fields(Seat))  # what a stored seat holds

SETTINGS = {"tracker": False, "takeover": False, "grace": 60, "turn_timer": 0, "bomb_window": 3,
            "hints": True, "spectator_hands": True}
CHOICES = {"grace": (30, 60, 120, 300), "turn_timer": (0, 30, 60, 120), "bomb_window": (0, 2, 3, 5)}


def check_settings(value, testing: bool = False) -> dict:
    """The table settings: known names with allowed values; missing ones take their default.
    Testing mode allows any duration up to 10 minutes, so tests need not wait a minute."""
    if value is None:
        value = {}
    if not isinstance(value, dict):
        raise Refused("bad_request", "'settings' is an object of setting names and values")
    for name, setting in value.items():
        if name not in SETTINGS:
            known = ", ".join(SETTINGS)
            raise Refused("bad_settings", f"unknown setting {str(name)[:30]!r} (known: {known})")
        allowed = CHOICES.get(name, (False, True))
        if type(setting) in (int, float) and testing and name in CHOICES and 0 < setting <= 600:
            continue
        if type(setting) is not type(SETTINGS[name]) or setting not in allowed:
            raise Refused("bad_settings", f"the setting {name!r} is one of {', '.join(map(str, allowed))}")
    return {**SETTINGS, **value}


@dataclass
class Client:
    """One connection watching a table."""

    sid: str
    token_hash: str | None  # None: an anonymous spectator
    seat: int | None  # the seat whose view it gets; None: a spectator
    viewer: Viewer = field(default_factory=Viewer)


@dataclass
class Saved:
    """What the last commit stored: the table's state to return to if the next one fails."""

    version: int  # the version in the store
    meta: dict
    summary: dict | None
    game: Game | None  # the game object then, and how many actions it had
    moves: int


class Table(Audiences, BombRules, SeatRules, HandSightRules):
    def __init__(self, code: str, name: str, ruleset: str, options: dict, host_hash: str,
                 host_name: str, *, listed: bool = True, seed=None, created: float | None = None,
                 settings: dict | None = None, testing: bool = False):
        self.code = code
        self.name = name
        self.ruleset = ruleset
        self.options = dict(options)
        self.host_hash = host_hash
        self.host_name = host_name
        self.listed = listed
        self.settings = check_settings(settings, testing)
        self.chat = ChatLog()
        self.seed = seed if seed is not None else secrets.token_hex(16)  # never leaves the server
        self.seeded = seed is not None  # a test table: bots use seeded randomness too
        self.created = created if created is not None else time.time()
        self.updated = self.created
        self.lock = threading.RLock()
        self.version = 0
        # The engine's seats (Grandseigneur: its `players` option); the Trichu Table is one of
        # them that nobody takes (its dealer acts for it).
        rules = Rules.of(ruleset, self.options)
        seats = rules.seats
        self._init_seats(seats, rules.seating.table)
        self._init_bombs()
        self._init_sight()  # spectators who see the hands, with everybody's consent
        self.basis = Basis()  # when the round, phase and trick last changed (stale actions)
        self.answers = Answers(seats)  # each seat's last answers by action id (retries)
        self.game: Game | None = None
        self.game_no = 0  # games started at this table (the current one included)
        self.finished = 0  # finished games before the current one (their logs are in the store)
        self.extra: dict = {}  # more state to keep across restarts (JSON values; see documents.py)
        self.bots: dict = {}  # seat -> Bot instance for seats a bot plays
        self.clients: dict[str, Client] = {}
        self._views: dict = {}
        self._view_cache: ViewCache | None = None  # the current game's (a new game, a new cache)
        self._docs: dict = {}  # audience -> document, for this version
        self._meta: dict | None = None
        self._meta_presence: tuple | None = None  # the presence the cached metadata shows
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

    def prepare(self, now: float) -> None:
        """Before an accepted change is stored (as the next version): date the bases of
        actions, start or clear the seats' deadlines (seats.py), and put what must survive
        a restart where the store keeps it."""
        self._views = {}  # the views of the new state decide the deadlines
        self._meta = None
        if self.damaged:
            return  # read-only: nothing of this is stored (and nothing else is)
        self.basis.update(self.game, self.game_no, self.version + 1)
        self.settle(now)
        self.settle_bombs(now)
        # A new dict, never changed in place: the last stored meta document shares the old one.
        self.extra = {**self.extra, "acts": {"basis": self.basis.dump(), "answers": self.answers.dump()},
                      "requests": self.requests_doc(), "bombs": self.bombs_doc(),
                      "sight": self.sight_doc()}
        if self.game is not None and not self.lesson:  # a lesson's scripted game counts for nobody
            self.extra["lineups"] = lineups.noted(self.extra.get("lineups") or {}, self.game_no - 1,
                                                  self.game, self.seats, self.dummy, now)

    def apply_meta(self, meta: dict) -> None:
        """Set the table's stored state from a meta document (on load, and to undo a change)."""
        self.name = meta["name"]
        self.listed = meta["listed"]
        self.host_name, self.host_hash = meta["host"]["name"], meta["host"]["token_hash"]
        self.game_no = meta["game_no"]
        self.finished = meta.get("finished", 0)
        self.seats = [Seat(**{k: v for k, v in seat.items() if k in SEAT_FIELDS}) for seat in meta["seats"]]
        self.settings = {**SETTINGS, **meta["settings"]}  # settings added since take their default
        self.chat = ChatLog(meta.get("chat"))
        self.extra = dict(meta.get("extra") or {})
        self.restored()

    def restored(self) -> None:
        """After the stored state was put back (a table loaded, a refused change undone)."""
        acts = self.extra.get("acts") or {}
        basis = acts.get("basis") or {}
        self.basis = Basis(basis.get("keys"), basis.get("since"), version=self.version)
        self.answers = Answers(len(self.seats), acts.get("answers"))
        self.load_requests(self.extra.get("requests"))
        self.restore_bombs(self.extra.get("bombs"))
        self.sight = HandSight(self.extra.get("sight"))

    def restore(self, saved: Saved, game: Game | None) -> None:
        """Put the table back as it was last stored (`saved`), with `game` as its game: the
        stored one, or its replay from the stored log where a refused change had moved it on."""
        # A newcomer's token is only theirs once a seat is stored: forget the refused one.
        newcomers = [c for c in self.clients.values() if c.token_hash and self.known(c.token_hash)]
        self.apply_meta(saved.meta)
        for client in newcomers:
            if not self.known(client.token_hash):
                client.token_hash = None
        self.game = game
        self.pending = []
        self.saved = dataclasses.replace(saved, game=game)
        self.bots = {seat: self.new_bot(seat) for seat in self.bot_seats()}
        for client in self.clients.values():
            client.seat = self.seat_of(client.token_hash)
        self.changed()

    # -- connections -------------------------------------------------------------------

    def attach(self, sid: str, token_hash: str | None) -> Client:
        client = Client(sid, token_hash, self.seat_of(token_hash))
        self.clients[sid] = client
        return client

    def detach(self, sid: str) -> Client | None:
        client = self.clients.pop(sid, None)
        if client is not None:
            self.depart(client)
        if not self.clients:
            self.idle_since = time.monotonic()
        return client

    # -- chat --------------------------------------------------------------------------

    def say(self, client: Client, text=None, quick=None, name=None, charge=lambda: None) -> dict:
        """A chat message from a connection: seated people speak under their seat's name,
        watchers under the name they give. Checked whole before `charge` (the connection's
        chat limit: Refused when used up) counts it."""
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
        charge()
        return self.chat.add(seat=seat, name=who, text=text, quick=quick)

    # -- games -------------------------------------------------------------------------

    def game_deal(self, number: int):
        """The deal of game `number`: None (dealt from its seed) but at a lesson table, whose
        first game is the lesson's deal (lesson.py)."""
        return deal_for(self, number)

    @property
    def lesson(self):
        """The lesson script of a lesson table (lesson.py), else None."""
        return lesson_of(self)

    def game_seed(self, number: int):
        """The seed of the table's game `number` (0-based); test tables deal game 0 from their seed."""
        return self.seed if number == 0 else f"{self.seed}:{number}"

    def start(self, client) -> None:
        self._require_manager(client)
        if self.game is not None:
            raise Refused("not_now", "the game has started already")
        self._new_game()

    def new_game(self, client) -> None:
        """Host, after the end of a game: another game with the same seats."""
        self._require_manager(client)
        if self.status != OVER:
            raise Refused("not_now", "a new game starts once this one is over")
        if self.lesson is not None:
            raise Refused("not_now", "a lesson is played once: play a real game from the lobby")
        self._new_game()
        self.finished += 1

    def start_for_one(self, seat: int, name: str, who: str, bots: dict[int, str],
                      bot_names: dict[int, str] | None = None, player: str | None = None) -> None:
        """A table made for one person (a quick game, the lesson): that person at `seat`, a bot
        at each seat of `bots` (seat -> level; named by `bot_names` where given), and the first
        game started. Lock held."""
        self._seat_person(seat, name, who, player)
        for other, level in bots.items():
            self._bot_on(other, level)
            if bot_names and other in bot_names:
                self.seats[other].name = bot_names[other]
        self._new_game()

    def _new_game(self):
        empty = self.free_seats()
        if empty:
            raise Refused("seats_free", f"{len(empty)} seat(s) are free: wait for players or add bots")
        self.game = Game(self.ruleset, self.options, seed=self.game_seed(self.game_no),
                         deal=self.game_deal(self.game_no))
        self.game_no += 1
        for seat in self.bot_seats():
            bot = self.bots.get(seat) or self.new_bot(seat)
            self.bots[seat] = bot
            bot.new_game()

    def act(self, client: Client, action, version: int, now: float) -> None:
        """A game action of the client's seat or of a seat it controls (`action["seat"]`: the
        Trichu dealer's Table), decided at table version `version`: refused as stale when its
        basis changed since (acts.py), while somebody holds the table for a bomb or a won
        trick's bomb window runs (bombs.py); the engine refuses what is illegal."""
        if self.game is None:
            raise Refused("not_started", "the game has not started yet")
        seat = self.seat_of(client.token_hash)
        if seat is None:
            raise Refused("not_seated", "spectators cannot play")
        if self.seats[seat].bot is not None:
            raise Refused("bot_plays", "a bot plays your seat: take your seat back first")
        action = self.acting_for(seat, action)
        if self.basis.stale(action, version):
            raise Refused("stale", "the game moved on before your action arrived: here is the table "
                                   "as it is now")
        blocked = self.bomb_block(seat, action, now)
        if blocked is not None:
            raise blocked
        check_move(self, seat, action)  # a lesson's step asks for one move (lesson.py)
        self.apply(seat, action)

    def acting_for(self, seat: int, action) -> dict:
        """The action with the seat it is for: `action["seat"]` if given (a seat `seat` controls,
        per its view: its own, and the Table for the Trichu dealer), else `seat` itself."""
        if not isinstance(action, dict):
            raise Refused("bad_request", "an action is an object like {\"act\": \"pass\"}")
        target = action.get("seat", seat)
        if target == seat and type(target) is int:
            return {**action, "seat": seat}
        view = self.view(seat)
        if type(target) is not int or view is None or target not in view["controls"]:
            dealer = view is not None and len(view["controls"]) > 1
            raise Refused("not_your_seat", "you can only act for your own seat"
                          + (" and the Table, which you play as the dealer" if dealer else ""))
        return {**action, "seat": target}

    def apply(self, seat: int, action) -> None:
        """Apply a game action of the player at `seat` (a person's or a bot's), for its own seat
        or one it controls (`action["seat"]`); IllegalAction if refused."""
        action = self.acting_for(seat, action)
        applied = self.game.apply(action, by=seat)
        self.pending.append((self.game_no - 1, applied.to_record(self.game.deck)))
        self.acted(seat)

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
            return self.named(stored(number))
        if self.game is None:
            raise Refused("not_started", "the game has not started yet")
        record = stored(self.game_no - 1)
        if not over:
            done = sum(1 for r in self.game.rounds if r.result is not None)
            record["rounds"] = record["rounds"][:done]
        return self.named(record)

    def named(self, record: dict) -> dict:
        """The record with the seats' names as the table shows them now (the optional field
        `players`, as the Brettspielwelt import writes it) and its bots' levels (`bots`): the
        replay viewer names people, and bots by their seat as the table does ("Bot 2")."""
        names, bots = [], []
        for i, seat in enumerate(self.seats):
            person = i != self.dummy and seat.owner is not None  # the Trichu Table: nobody's seat
            names.append(seat.name if person else None)
            bots.append(seat.bot if i != self.dummy and not person and seat.bot else None)
        return {**record, "players": names, "bots": bots}
