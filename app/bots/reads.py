"""Which of the others' actions a seat's deals read: one setting for the Hard bot, the hint and
the round review (all off: the plain deals, every consistent deal alike).

- `calls`: Tichu and Grand Tichu calls (`reading.py`), with `no_calls` also a seat that played
  its first card without calling;
- `exits`: passes and leads that say a seat could not go out (`exits.py`);
- `exchange`: a partner's card in the exchange (`exchange_reads.py`);
- `bombs`: bombs not thrown where an opponent on its last card took a trick (`bomb_reads.py`).

The Hard bot's options say the same (`read_calls`, `read_no_calls`, `read_exits`,
`read_exchange`, `read_bombs`, `read_tries`: `Reads.of(config)`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from .deals import PrePlayDeals
from .knowledge import Knowledge
from .reading import TRIES, Reading, play_reading
from .sampling import Sampler


@dataclass(frozen=True)
class Reads:
    calls: bool = False
    no_calls: bool = False
    exits: bool = False
    exchange: bool = False
    bombs: bool = False
    tries: int = TRIES  # deals drawn at most for one read deal

    @classmethod
    def of(cls, config) -> Reads:
        """The reads of a Hard bot's options."""
        return cls(config.read_calls, config.read_no_calls, config.read_exits, config.read_exchange,
                   config.read_bombs, config.read_tries)

    @classmethod
    def parse(cls, text: str) -> Reads:
        """Reads from their names, comma-separated ("calls,exits"; "" or "none": none)."""
        known = [f.name for f in fields(cls) if f.type == "bool"]
        names = [n.strip() for n in text.split(",") if n.strip() and n.strip() != "none"]
        unknown = [n for n in names if n not in known]
        if unknown:
            raise ValueError(f"no such read: {', '.join(unknown)} ({', '.join(known)})")
        return cls(**{n: True for n in names})

    def options(self) -> dict:
        """The Hard bot's options that read the same."""
        return {"read_calls": self.calls, "read_no_calls": self.no_calls, "read_exits": self.exits,
                "read_exchange": self.exchange, "read_bombs": self.bombs, "read_tries": self.tries}

    def reading(self, k: Knowledge) -> Reading | None:
        """The soft reads (calls, the exchange, bombs) of a play-phase deal for the seat of `k`;
        None: nothing of them to read."""
        if not (self.calls or self.exchange or self.bombs):
            return None
        return play_reading(k, self.no_calls, self.tries, self.calls, self.exchange, self.bombs)

    def play_deals(self, k: Knowledge) -> Sampler | None:
        """Deals for a play-phase evaluation of the seat of `k`; None: the plain `Sampler(k)`."""
        reading = self.reading(k)
        if reading is None and not self.exits:
            return None
        return Sampler(k, reading, self.exits)

    def pre_play_deals(self, view: dict) -> PrePlayDeals | None:
        """Deals before the play (only the calls are read there); None: the plain `PrePlayDeals`."""
        return PrePlayDeals(view, True, self.tries) if self.calls else None


NONE = Reads()
