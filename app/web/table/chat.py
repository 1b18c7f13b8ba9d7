"""Table chat: short texts and quick reactions, kept per table (limited per connection in limits.py).

A message is relayed as plain data (the browser renders it as text, never as
HTML). Each table keeps its last `KEEP` messages; they are part of the table's
public data, so they reach players and spectators through the same versioned
patches as everything else, and they are saved with the table.
"""

from __future__ import annotations

import time
import unicodedata
from collections import deque

from ..errors import Refused

TEXT_MAX = 200
KEEP = 30
QUICK = ("gg", "nice", "thanks", "sorry", "oops", "hurry")  # shown in the viewer's language


def clean_text(value) -> str:
    """Printable text, whitespace collapsed, 1..TEXT_MAX characters."""
    if not isinstance(value, str):
        raise Refused("bad_request", "a chat message is text")
    text = " ".join(value.split())
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")
    if not text:
        raise Refused("chat_empty", "the message is empty")
    if len(text) > TEXT_MAX:
        raise Refused("chat_too_long", f"a message has at most {TEXT_MAX} characters")
    return text


class ChatLog:
    """A table's recent messages, numbered in order."""

    def __init__(self, messages: list[dict] | None = None):
        self.messages: deque = deque(messages or [], maxlen=KEEP)
        self.next = (self.messages[-1]["n"] + 1) if self.messages else 1

    def add(self, *, seat: int | None, name: str, text: str | None = None, quick: str | None = None) -> dict:
        entry = {"n": self.next, "seat": seat, "name": name, "at": int(time.time())}
        if quick is not None:
            if quick not in QUICK:
                raise Refused("bad_request", f"unknown quick reaction (known: {', '.join(QUICK)})")
            entry["quick"] = quick
        else:
            entry["text"] = clean_text(text)
        self.next += 1
        self.messages.append(entry)
        return entry

    def recent(self) -> list[dict]:
        return list(self.messages)
