"""What every part of the cluster names alike: rooms by token, the runner's lease, and when
a table needs a runner at all."""

from __future__ import annotations

from ..table.table import PLAYING, Client, Table

ANON = "-"  # the room key of watchers without a token


def room_key(client: Client) -> str:
    return client.token_hash or ANON


def run_lease(code: str) -> str:
    """The lease of the process that runs a table's bots and deadlines."""
    return f"runs:{code}"


def needs_runner(table: Table) -> bool:
    """Whether the table has bots to ask or deadlines to watch (lock held)."""
    if table.status != PLAYING or table.damaged:
        return False
    return bool(table.bots) or table.next_deadline() is not None or any(s.forced for s in table.seats)
