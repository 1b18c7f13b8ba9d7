"""Which table the work at hand is about, so every log line about it carries its code.

Set where a request or a bot's turn meets its table (`about`); the logging filter of
`app/web/logs.py` reads it. A context variable: each thread and each greenlet has its own.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar

_CODE: ContextVar[str | None] = ContextVar("tichu_table_code", default=None)


def current() -> str | None:
    """The code of the table the running work is about, or None."""
    return _CODE.get()


def note(code: str | None) -> None:
    """The work at hand is about this table (until the enclosing `about` ends)."""
    _CODE.set(code)


@contextmanager
def about(code: str | None = None):
    """Within the block, log lines are about table `code` (None: about no table yet)."""
    token = _CODE.set(code)
    try:
        yield
    finally:
        _CODE.reset(token)
