"""Away players and turn timers: deadlines on the seats, and the stand-in bots that keep a
table moving.

- A person whose last connection drops mid-game is away; the seat is held for the
  table's `grace` seconds, then a stand-in bot plays it so the others can play on. The
  person's return sends the stand-in away at once (seats.py).
- With the setting `turn_timer`, every decision the game waits for from a person has a
  deadline; when it runs out, the stand-in makes that one decision (never a call or a
  bomb on the person's behalf: live/bot_turns.py).

Deadlines are wall-clock times kept on the seats (so they are saved with the table and
survive a restart); `settle` sets and clears them after every accepted change and
`expire` acts on those that ran out (the timers call it at the right time).
"""

from __future__ import annotations

from app.engine import PLAY as PLAY_PHASE

from .bot_seats import default_level, make_bot
from .status import PLAYING


class StandIns:
    """The deadline methods of `Table` (a mixin of `SeatRules`; the caller holds the lock)."""

    seats: list
    bots: dict
    settings: dict
    damaged: str | None

    def _init_standins(self) -> None:
        self._standins: dict = {}  # seat -> the bot that makes a timed-out person's decision

    def settle(self, now: float) -> bool:
        """After a change: start, keep or clear each seat's grace period and turn timer.
        True if any of them changed. A damaged table is read-only: nothing changes there."""
        if self.damaged:
            return False
        playing = self.status == PLAYING
        grace, timer = self.settings["grace"], self.settings["turn_timer"]
        before = [(s.away_until, s.turn_until, s.turn_for, s.forced) for s in self.seats]
        for i, seat in enumerate(self.seats):
            if playing and seat.bot is None and self.away(i) and not self.extra.get("lesson"):
                # (a lesson waits for its learner: nobody plays it for them)
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
