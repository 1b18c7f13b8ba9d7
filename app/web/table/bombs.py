"""Bombs without a reflex race: the collect window and the bomb hold.

Online, an out-of-turn bomb is a race: whoever clicks first wins, and a bot
that plays 0.6 s after a card leaves a person no time to find a bomb. The
publisher's rule is that bombs come before plays; our table keeps it with two
mechanisms that tell nobody who holds a bomb, because they are the same for
everybody whatever they hold:

- The collect window (table setting `bomb_window`, seconds; 0 turns it off):
  when every other player has passed and a trick is won, it stays on the table
  for the window before its winner may lead (or give the Dragon's trick away),
  which is what collects it. Any player may bomb it meanwhile. It opens on
  every won trick where it serves somebody: at a table of two people or more,
  where a person other than the one who collects still holds cards (a person
  alone with bots never waits for it, and has the Bomb control). Who is a
  person and who holds cards is public, so it says nothing about anybody's
  hand. Bots wait for it like people do.
- The bomb hold: during the play, any seated person may press Bomb while
  cards lie on the table, once per trick, whether or not they hold a bomb.
  For up to `HOLD_SECONDS` (or until that person acts or lets go) nobody else
  may play, pass, give or call, people and bots alike; the holder picks a bomb
  in peace, or lets go. Everybody sees who holds and until when.

Both are table state beside the game (never in the engine or the record: a
record has no clock), saved with the table so a restart keeps them.
"""

from __future__ import annotations

from ..errors import Refused

# Long enough to tap a bomb from the list the page shows at once; short, because a newcomer
# who presses Bomb! without one stops the table until letting go.
HOLD_SECONDS = 5.0
BLOCKED_BY_HOLD = ("play", "pass", "gift", "tichu")


class BombRules:
    """The bomb window and hold of a table (a mixin of `Table`; its caller holds the lock)."""

    def _init_bombs(self) -> None:
        self.window_until: float | None = None  # the won trick may not be collected before this
        self.window_key: str | None = None  # the trick (acts.py's key) the window was opened for
        self.hold: dict | None = None  # {"seat", "until"}: that person is choosing a bomb
        self.held: list[int] = []  # who has held during the trick `held_key` (once per trick each)
        self.held_key: str | None = None

    # -- state after every change ------------------------------------------------------------

    def _trick_waits(self) -> bool:
        """Whether a won trick lies on the table waiting to be collected, and a person other
        than the one who collects it could still bomb it (holds cards)."""
        view = self.view(None)
        if view is None or view["game_over"] or view["phase"] != "play" or not view["trick"]["plays"]:
            return False
        if not (view["trick"]["closed"] or view["gift_from"] is not None):
            return False
        controller = view["geometry"]["controller"]  # who plays each seat (the Table: its dealer)
        if sum(1 for s in set(controller) if self._person_plays(s)) < 2:
            return False  # one person and bots: the person never waits for a window
        collectors = {controller[s] for s in view["pending"]}
        return any(p["cards"] and controller[p["seat"]] not in collectors
                   and self._person_plays(controller[p["seat"]]) for p in view["players"])

    def _person_plays(self, seat: int) -> bool:
        """Whether a person (not a bot, nor a stand-in) plays `seat` now."""
        return self.seats[seat].owner is not None and self.seats[seat].bot is None

    def settle_bombs(self, now: float) -> None:
        """After a change (its basis dated): open the window on a newly won trick, end a hold
        and the once-per-trick memory when the trick moved on."""
        key = self.basis.keys["trick"] if self.basis.keys else None
        if key != self.held_key:
            self.held, self.held_key = [], key
            self.hold = None
        window = self.settings.get("bomb_window", 0)
        if not window or not self._trick_waits():
            self.window_until, self.window_key = None, None
        elif self.window_key != key:
            self.window_until, self.window_key = now + window, key

    def bombs_doc(self) -> dict:
        """What everybody sees of it (and what is saved with the table)."""
        return {"window_until": self.window_until, "window_key": self.window_key,
                "hold": dict(self.hold) if self.hold else None, "held": list(self.held),
                "held_key": self.held_key}

    def restore_bombs(self, doc: dict | None) -> None:
        doc = doc or {}
        self.window_until, self.window_key = doc.get("window_until"), doc.get("window_key")
        self.hold = dict(doc["hold"]) if doc.get("hold") else None
        self.held, self.held_key = list(doc.get("held") or []), doc.get("held_key")

    # -- deadlines (timers.py asks the table for its next one) -------------------------------

    def next_deadline(self) -> float | None:
        times = [t for t in (super().next_deadline(), self.window_until,
                             self.hold["until"] if self.hold else None) if t is not None]
        return min(times, default=None)

    def expire(self, now: float) -> bool:
        changed = super().expire(now)
        if self.window_until is not None and now >= self.window_until:
            self.window_until = None  # the key stays: this trick's window is over
            changed = True
        if self.hold is not None and now >= self.hold["until"]:
            self.hold = None
            changed = True
        return changed

    # -- what the window and the hold refuse ---------------------------------------------------

    def bomb_block(self, seat: int, action: dict, now: float) -> Refused | None:
        """Why the player at `seat` may not make `action` now because of a hold or the window
        (None: it may). `action["seat"]` may be a seat it acts for (the Trichu Table): a hold is
        the player's, collecting the trick is the acted-for seat's lead."""
        act = action.get("act")
        if self.hold is not None and now < self.hold["until"] and self.hold["seat"] != seat \
                and act in BLOCKED_BY_HOLD:
            name = self.seats[self.hold["seat"]].name or f"seat {self.hold['seat'] + 1}"
            return Refused("bomb_hold", f"{name} is choosing a bomb: wait a moment")
        if self.window_until is not None and now < self.window_until:
            view = self.view(None)
            for_seat = action.get("seat", seat)
            collects = act == "gift" or (act == "play" and view is not None and for_seat in view["pending"])
            if collects:
                return Refused("bomb_window", "the won trick stays on the table a moment longer, "
                                              "so that anybody may still bomb it")
        return None

    def acted(self, seat: int) -> None:
        """An accepted action of `seat`: its hold (if any) is over."""
        if self.hold is not None and self.hold["seat"] == seat:
            self.hold = None

    # -- the Bomb control --------------------------------------------------------------------

    def start_hold(self, client, now: float) -> None:
        seat = self.seat_of(client.token_hash)
        if seat is None:
            raise Refused("not_seated", "spectators cannot play")
        if self.seats[seat].bot is not None:
            raise Refused("bot_plays", "a bot plays your seat: take your seat back first")
        view = self.view(seat)
        if view is None or view["game_over"] or view["phase"] != "play" or not view["trick"]["plays"]:
            raise Refused("not_now", "a bomb needs cards on the table to beat")
        table = view["table"]  # the Trichu dealer may bomb with the Table's cards too
        if not view["hand"] and not (table and table["legal"] is not None and table["hand"]):
            raise Refused("not_now", "you have no cards left")
        if self.hold is not None and now < self.hold["until"]:
            raise Refused("bomb_hold", "somebody is choosing a bomb already")
        if seat in self.held and self.held_key == (self.basis.keys or {}).get("trick"):
            raise Refused("held_already", "you have held the table once in this trick")
        self.hold = {"seat": seat, "until": now + HOLD_SECONDS}
        self.held = [*self.held, seat]

    def end_hold(self, client) -> None:
        seat = self.seat_of(client.token_hash)
        if self.hold is None or seat is None or self.hold["seat"] != seat:
            raise Refused("not_now", "you are not holding the table")
        self.hold = None
