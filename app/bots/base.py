"""The bot interface: a computer player sees exactly what its seat may know.

A bot gets the engine's per-seat view (`app.engine.view_for(game, seat)`, a
JSON-ready dict that includes `legal`, the seat's legal actions now) and
answers with one action in the record's form (RECORD_FORMAT.md), or None when
it does not want to act now. It never sees the game object, so it cannot
cheat by construction.

It is asked whenever the table changes, for every kind of decision:

- `legal.grand`: the Grand Tichu decision -> {"act": "grand", "call": bool}
- `legal.tichu`: may call Tichu now -> {"act": "tichu"} (or None / another action)
- `legal.exchange`: choose one card for each seat in `legal.exchange_to`
  -> {"act": "exchange", "give": {"1": "R5", ...}}
- `legal.plays` (its regular turn; `legal.lead` when leading) and `legal.pass`
  -> {"act": "play", "cards": "...", "wish": rank?, "phoenix": rank?} or {"act": "pass"};
  a play holding the Mah Jong may carry a `wish`; an entry's `phoenix` says
  which rank the Phoenix stands for and is passed on as is
- `legal.bombs`: bombs it may throw out of turn -> a play, or None to wait
- `legal.gift`: the opponents it may give the Dragon's trick to -> {"act": "gift", "to": seat}

`seat` may be left out of the answer: the caller fills it in.

Write your own by subclassing `Bot` and load it by import path
(`package.module:Class`) with `app.bots.load_bot`.
"""

from __future__ import annotations

import random


class Bot:
    """Base class. Subclasses implement `decide`."""

    #: A short name for tables and reports.
    name = "bot"

    def __init__(self, seat: int, rng: random.Random | None = None, **config):
        self.seat = seat
        self.rng = rng or random.Random()
        self.config = config

    def decide(self, view: dict) -> dict | None:
        """One action for this seat given its view, or None to do nothing now."""
        raise NotImplementedError

    def new_game(self) -> None:
        """Called before a new game at the same seat; forget what you tracked."""
