"""Who a person is at a table: a secret token (only its hash is kept) and a display name."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata

from ..errors import Refused

NAME_MAX = 20
PLAYER_KEY_LENGTHS = range(16, 65)
PLAYER_KEY_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def new_token() -> str:
    return secrets.token_urlsafe(18)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def player_id(key) -> str | None:
    """The player id of a player key (the secret a browser makes on its first visit and keeps:
    store.js), None without one. Only this hash is kept; it is never sent to anybody."""
    if key is None:
        return None
    if not (isinstance(key, str) and len(key) in PLAYER_KEY_LENGTHS and set(key) <= PLAYER_KEY_CHARACTERS):
        raise Refused("bad_player", "a player key is 16 to 64 letters, digits, '-' or '_'")
    return hashlib.sha256(b"tichu-player:" + key.encode()).hexdigest()


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
