"""Rate limits, in one place: per connection and per client address.

Every limit is a token bucket: a burst at once, then a steady rate. The rules:

- `events`: every Socket.IO event of a connection. Over it, the event is refused
  at once (`rate_limited`), before it looks at any table.
- `strikes`: over-limit events a connection may still send; past them it keeps
  flooding and is disconnected.
- `chat`: chat messages of a connection (a few at once, then one every few seconds).
- `join_fails` (per connection) and `join_fails_address`: failed joins (unknown
  table, foreign token), so table codes cannot be guessed by trying.
- `create_address`: tables created from one client address.
- `records_address`: records and logs sent from one client address to the replay
  viewer's endpoints (a replay, a Brettspielwelt import, a review): each costs the
  server a replay, an import or a review worker's time.

Addresses are keyed by IPv4 address or IPv6 /64 network (one host gets a whole
/64), and only the most recently used `MAX_ADDRESSES` are kept, so memory stays
bounded whatever the traffic. The rules can be tuned per server with the
`TICHU_LIMITS` setting, e.g. `events=40/10,create_address=5/0.1` (burst/per second).
"""

from __future__ import annotations

import ipaddress
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import Refused

MAX_ADDRESSES = 10_000


@dataclass(frozen=True)
class Rule:
    burst: float  # tokens at once
    per_second: float  # tokens added per second, up to the burst


RULES = {
    # A person clicks a few times a second at most; a reconnect sends a handful at once.
    "events": Rule(20, 5),
    "strikes": Rule(30, 1),
    "chat": Rule(5, 1 / 3),
    "join_fails": Rule(5, 0.5),
    "join_fails_address": Rule(30, 1),
    "create_address": Rule(10, 1 / 20),
    # The replay viewer asks once per round opened or reviewed: a reader's burst, then one a second.
    "records_address": Rule(30, 1),
}

PER_CONNECTION = ("events", "strikes", "chat", "join_fails")

MESSAGES = {
    "events": "too many requests: wait a moment",
    "chat": "slow down: wait a moment before the next message",
    "join_fails": "too many failed attempts to join: wait a moment",
    "create_address": "too many new tables from your address: wait a while",
    "records_address": "too many records sent from your address: wait a moment",
}


class TokenBucket:
    __slots__ = ("rule", "tokens", "stamp")

    def __init__(self, rule: Rule, now: float):
        self.rule = rule
        self.tokens = float(rule.burst)
        self.stamp = now

    def _refill(self, now: float) -> None:
        elapsed = max(0.0, now - self.stamp)
        self.tokens = min(float(self.rule.burst), self.tokens + elapsed * self.rule.per_second)
        self.stamp = now

    def take(self, now: float) -> bool:
        """Use one token if there is one."""
        self._refill(now)
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def has(self, now: float) -> bool:
        self._refill(now)
        return self.tokens >= 1


def parse_rules(text: str) -> dict[str, Rule]:
    """`"events=40/10,chat=5/0.5"` -> rules (the `TICHU_LIMITS` setting)."""
    rules = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, value = part.partition("=")
        burst, _, rate = value.partition("/")
        name = name.strip()
        if name not in RULES:
            raise ValueError(f"unknown limit {name!r} (known: {', '.join(RULES)})")
        rules[name] = Rule(float(burst), float(rate))
    return rules


def address_key(address: str | None) -> str:
    """The unit an address limit counts: the IPv4 address, or the IPv6 /64 network."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return str(address)[:64]
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class Limits:
    """All buckets of a server process. Thread-safe; every call is short."""

    OK, REFUSE, CUT = "ok", "refuse", "cut"

    def __init__(self, rules: dict[str, Rule] | None = None, clock: Callable[[], float] = time.monotonic,
                 max_addresses: int = MAX_ADDRESSES):
        self.rules = {**RULES, **(rules or {})}
        self.clock = clock
        self.max_addresses = max_addresses
        self._lock = threading.Lock()
        self._connections: dict[str, dict[str, TokenBucket]] = {}
        self._addresses: OrderedDict[tuple[str, str], TokenBucket] = OrderedDict()

    # -- buckets -----------------------------------------------------------------------

    def _connection(self, sid: str, name: str, now: float) -> TokenBucket:
        buckets = self._connections.setdefault(sid, {})
        bucket = buckets.get(name)
        if bucket is None:
            bucket = buckets[name] = TokenBucket(self.rules[name], now)
        return bucket

    def _address(self, address: str | None, name: str, now: float) -> TokenBucket:
        key = (name, address_key(address))
        bucket = self._addresses.get(key)
        if bucket is None:
            bucket = self._addresses[key] = TokenBucket(self.rules[name], now)
            while len(self._addresses) > self.max_addresses:
                self._addresses.popitem(last=False)  # the longest unused
        else:
            self._addresses.move_to_end(key)
        return bucket

    def forget(self, sid: str) -> None:
        """A connection is gone."""
        with self._lock:
            self._connections.pop(sid, None)

    # -- the checks --------------------------------------------------------------------

    def event(self, sid: str) -> str:
        """One incoming event of a connection: OK, REFUSE (over the limit) or CUT (flooding)."""
        with self._lock:
            now = self.clock()
            if self._connection(sid, "events", now).take(now):
                return self.OK
            return self.REFUSE if self._connection(sid, "strikes", now).take(now) else self.CUT

    def charge(self, name: str, *, sid: str | None = None, address: str | None = None) -> None:
        """Use one token of the rule `name` (of the connection, or of the address); Refused if none."""
        with self._lock:
            now = self.clock()
            if name in PER_CONNECTION:
                bucket = self._connection(sid, name, now)
            else:
                bucket = self._address(address, name, now)
            if not bucket.take(now):
                raise refusal(name)

    def may_join(self, sid: str, address: str | None) -> None:
        """Refused while the connection or its address has too many recent failed joins."""
        with self._lock:
            now = self.clock()
            if not (self._connection(sid, "join_fails", now).has(now)
                    and self._address(address, "join_fails_address", now).has(now)):
                raise refusal("join_fails")

    def join_failed(self, sid: str, address: str | None) -> None:
        with self._lock:
            now = self.clock()
            self._connection(sid, "join_fails", now).take(now)
            self._address(address, "join_fails_address", now).take(now)

    def sizes(self) -> tuple[int, int]:
        """(connections, address buckets) held: both bounded."""
        with self._lock:
            return len(self._connections), len(self._addresses)


def refusal(name: str) -> Refused:
    code = "chat_too_fast" if name == "chat" else "rate_limited"
    return Refused(code, MESSAGES.get(name, MESSAGES["events"]))
