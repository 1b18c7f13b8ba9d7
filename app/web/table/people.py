"""Who a person is at a table: a secret token (only its hash is kept) and a display name."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata

from ..errors import Refused

NAME_MAX = 20


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
