"""The Redis home of the store: tables shared by every process of a scale-out (`TICHU_REDIS_URL`).

Keys, under a prefix (`tichu:` by default):

- `t:{code}`: a hash with `v` (the version), `updated`, `listed`, `meta` and
  `summary` (JSON text), `damaged`, and `game` (the latest game with actions);
- `t:{code}:g:{n}`: a list, game n's accepted actions (JSON text) in order;
- `tables` and `listed`: sorted sets of the codes by their last update.

Every commit is one Lua script: Redis runs it whole or not at all, and it
checks the version first, so two processes can never both accept a change at
one version (the contract's rule 2), even when a table lock expired under a
stalled process. Loads are scripts too, so a load never mixes two versions.

Durability is Redis's: run it with append-only persistence (deploy/templates/redis.conf,
`appendfsync everysec` or `always`). An error talking to Redis is
`StoreUnavailable`, and the change is refused.
"""

from __future__ import annotations

import json

import redis

from .base import Change, StoredTable, StoreUnavailable, TableInfo, TableStore, VersionConflict, json_text

# KEYS: the table's hash, the sorted sets of all and of listed tables.
# ARGV: code, expected, version, updated, listed, has meta, meta, has summary, summary,
#       then (game, action) pairs. Returns -1, or the stored version on a conflict.
_COMMIT = """
local cur = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if cur ~= tonumber(ARGV[2]) then return cur end
redis.call('HSET', KEYS[1], 'v', ARGV[3], 'updated', ARGV[4], 'listed', ARGV[5])
if ARGV[6] == '1' then redis.call('HSET', KEYS[1], 'meta', ARGV[7])
elseif cur == 0 then redis.call('HSET', KEYS[1], 'meta', '{}') end
if ARGV[8] == '1' then redis.call('HSET', KEYS[1], 'summary', ARGV[9])
elseif cur == 0 then redis.call('HSET', KEYS[1], 'summary', '{}') end
local top = tonumber(redis.call('HGET', KEYS[1], 'game') or '-1')
for i = 10, #ARGV, 2 do
  redis.call('RPUSH', KEYS[1] .. ':g:' .. ARGV[i], ARGV[i + 1])
  top = math.max(top, tonumber(ARGV[i]))
end
if top >= 0 then redis.call('HSET', KEYS[1], 'game', top) end
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
if ARGV[5] == '1' then redis.call('ZADD', KEYS[3], ARGV[4], ARGV[1])
else redis.call('ZREM', KEYS[3], ARGV[1]) end
return -1
"""

# KEYS: the table's hash. ARGV: a game number and an index. Returns nil, or the hash's
# fields and the latest game's actions: from the index on if that is the given game.
_LOAD = """
local fields = redis.call('HGETALL', KEYS[1])
if #fields == 0 then return nil end
local game = redis.call('HGET', KEYS[1], 'game')
local actions, from = {}, 0
if game then
  if tonumber(game) == tonumber(ARGV[1]) then from = tonumber(ARGV[2]) end
  actions = redis.call('LRANGE', KEYS[1] .. ':g:' .. game, from, -1)
end
return {fields, actions, from}
"""


def _str(value) -> str:
    return value.decode() if isinstance(value, bytes) else value


class RedisStore(TableStore):
    kind = "redis"

    def __init__(self, client: redis.Redis, prefix: str = "tichu:"):
        self.redis = client
        self.prefix = prefix
        self._commit = client.register_script(_COMMIT)
        self._load = client.register_script(_LOAD)

    @classmethod
    def from_url(cls, url: str, prefix: str = "tichu:") -> RedisStore:
        return cls(redis.Redis.from_url(url, health_check_interval=30), prefix)

    def key(self, code: str) -> str:
        return f"{self.prefix}t:{code}"

    def _sets(self) -> list[str]:
        return [f"{self.prefix}tables", f"{self.prefix}listed"]

    def commit(self, code: str, expected: int, change: Change) -> None:
        meta, summary = change.meta, change.summary
        args = [code, expected, change.version, change.updated, 1 if change.listed else 0,
                0 if meta is None else 1, "" if meta is None else json_text(meta),
                0 if summary is None else 1, "" if summary is None else json_text(summary)]
        for game, action in change.actions:
            args += [int(game), json_text(action)]
        try:
            actual = self._commit(keys=[self.key(code), *self._sets()], args=args)
        except redis.RedisError as exc:
            raise StoreUnavailable(f"Redis: {exc}") from None
        if actual != -1:
            raise VersionConflict(code, expected, int(actual))

    def load(self, code: str) -> StoredTable | None:
        found = self.load_since(code, -1, 0)
        return None if found is None else found[0]

    def load_since(self, code: str, game: int, start: int) -> tuple[StoredTable, int] | None:
        """The table with the actions of its latest game from `start` on when that game is
        `game` (from the first otherwise); and the index the actions start at."""
        try:
            found = self._load(keys=[self.key(code)], args=[game, start])
        except redis.RedisError as exc:
            raise StoreUnavailable(f"Redis: {exc}") from None
        if found is None:
            return None
        raw, actions, first = found
        row = {_str(raw[i]): _str(raw[i + 1]) for i in range(0, len(raw), 2)}
        stored = StoredTable(code, int(row["v"]), float(row["updated"]), row["listed"] == "1",
                             json.loads(row["meta"]), json.loads(row["summary"]),
                             int(row["game"]) if "game" in row else None,
                             [json.loads(a) for a in actions], row.get("damaged") or None)
        return stored, int(first)

    def game_actions(self, code: str, game: int) -> list[dict]:
        try:
            actions = self.redis.lrange(f"{self.key(code)}:g:{int(game)}", 0, -1)
        except redis.RedisError as exc:
            raise StoreUnavailable(f"Redis: {exc}") from None
        return [json.loads(a) for a in actions]

    def version(self, code: str) -> int:
        try:
            value = self.redis.hget(self.key(code), "v")
        except redis.RedisError as exc:
            raise StoreUnavailable(f"Redis: {exc}") from None
        return int(value) if value is not None else 0

    def list_tables(self, *, listed_only: bool = False, limit: int | None = None) -> list[TableInfo]:
        index = self._sets()[1 if listed_only else 0]
        try:
            codes = [_str(c) for c in self.redis.zrevrange(index, 0, -1 if limit is None else limit - 1)]
            with self.redis.pipeline(transaction=False) as pipe:
                for code in codes:
                    pipe.hmget(self.key(code), "v", "updated", "listed", "summary", "damaged")
                rows = pipe.execute()
        except redis.RedisError as exc:
            raise StoreUnavailable(f"Redis: {exc}") from None
        infos = []
        for code, (v, updated, listed, summary, damaged) in zip(codes, rows):
            if v is None:
                continue  # deleted meanwhile
            infos.append(TableInfo(code, int(v), float(updated), listed == b"1", json.loads(summary),
                                   _str(damaged) or None))
        return infos

    def mark_damaged(self, code: str, reason: str) -> None:
        try:
            if self.redis.exists(self.key(code)):
                self.redis.hset(self.key(code), "damaged", str(reason))
        except redis.RedisError as exc:
            raise StoreUnavailable(f"Redis: {exc}") from None

    def delete(self, code: str) -> None:
        key = self.key(code)
        try:
            top = self.redis.hget(key, "game")
            games = [f"{key}:g:{n}" for n in range(int(top) + 1)] if top is not None else []
            with self.redis.pipeline(transaction=True) as pipe:
                pipe.delete(key, f"{key}:watchers", *games)  # the watchers: cluster/watchers.py
                for index in self._sets():
                    pipe.zrem(index, code)
                pipe.execute()
        except redis.RedisError as exc:
            raise StoreUnavailable(f"Redis: {exc}") from None

    def drop_game(self, code: str, game: int) -> None:
        key = self.key(code)
        try:
            top = self.redis.hget(key, "game")
            if top is not None and int(game) < int(top):
                self.redis.delete(f"{key}:g:{int(game)}")
        except redis.RedisError as exc:
            raise StoreUnavailable(f"Redis: {exc}") from None

    def delete_if(self, code: str, version: int) -> bool:
        key = self.key(code)
        try:
            with self.redis.pipeline(transaction=True) as pipe:
                pipe.watch(key)  # a commit in between makes the transaction fail: nothing deleted
                if int(pipe.hget(key, "v") or 0) != version:
                    return False
                top = pipe.hget(key, "game")
                games = [f"{key}:g:{n}" for n in range(int(top) + 1)] if top is not None else []
                pipe.multi()
                pipe.delete(key, f"{key}:watchers", *games)
                for index in self._sets():
                    pipe.zrem(index, code)
                pipe.execute()
                return True
        except redis.WatchError:
            return False
        except redis.RedisError as exc:
            raise StoreUnavailable(f"Redis: {exc}") from None

    def close(self) -> None:
        self.redis.close()
