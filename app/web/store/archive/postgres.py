"""The archive in PostgreSQL (psycopg 3 with its connection pool): the one database the
processes of a scale-out share, named by `TICHU_DATABASE_URL`."""

from __future__ import annotations

import time

import psycopg
from psycopg_pool import ConnectionPool, PoolTimeout

from . import schema
from .base import Archive, StoreUnavailable

MIGRATION_LOCK = 7_041_517  # pg_advisory_xact_lock key: one process migrates at a time
TIMEOUT = 5.0  # seconds to wait for a connection or a statement before saying unavailable


def _sql(text: str) -> str:
    """The archive's SQL is written with SQLite's `?` placeholders; psycopg's are `%s`."""
    return text.replace("?", "%s")


class PostgresArchive(Archive):
    kind = "postgres"

    def __init__(self, url: str, *, max_size: int = 4):
        self.url = url
        try:  # one connection first: its error says why (the pool's says only that it timed out)
            psycopg.connect(url, connect_timeout=int(TIMEOUT)).close()
        except psycopg.Error as exc:
            raise StoreUnavailable(f"archive (PostgreSQL): {exc}") from None
        self.pool = ConnectionPool(url, min_size=1, max_size=max_size, timeout=TIMEOUT, open=False,
                                   kwargs={"options": f"-c statement_timeout={int(TIMEOUT * 1000)}"})
        self.pool.open(wait=True, timeout=TIMEOUT * 2)
        self.migrate()

    def migrate(self) -> list[int]:
        """Apply the schema's missing steps, each in its own transaction under an advisory lock
        (several processes starting at once migrate once); their numbers."""
        done = []
        with self.pool.connection() as conn:
            while True:
                with conn.transaction():
                    conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
                    conn.execute(schema.CREATE_VERSIONS)
                    applied = {r[0] for r in conn.execute("SELECT step FROM archive_schema")}
                    steps = schema.missing(applied)
                    if not steps:
                        return done
                    number, what, statements = steps[0]
                    for sql in statements:
                        conn.execute(sql)
                    conn.execute("INSERT INTO archive_schema VALUES (%s, %s, %s)",
                                 (number, what, time.time()))
                done.append(number)

    def _execute(self, statements: list[tuple[str, tuple]]) -> None:
        try:
            with self.pool.connection() as conn, conn.transaction():
                for sql, params in statements:
                    conn.execute(_sql(sql), params)
        except (psycopg.Error, PoolTimeout) as exc:
            raise StoreUnavailable(f"archive (PostgreSQL): {exc}") from None

    def _query(self, sql: str, params: tuple = ()) -> list[tuple]:
        try:
            with self.pool.connection() as conn:
                return conn.execute(_sql(sql), params).fetchall()
        except (psycopg.Error, PoolTimeout) as exc:
            raise StoreUnavailable(f"archive (PostgreSQL): {exc}") from None

    def close(self) -> None:
        self.pool.close()
