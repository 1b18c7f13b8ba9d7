"""The archive's schema, version by version, and the migration run on every start.

A small versioned script rather than a migration framework: the archive is a few
tables in SQL that SQLite and PostgreSQL both speak, with no ORM to generate from, so a
list of steps is all a migration tool would hold, without another dependency to keep.
Each step has a number; `archive_schema` records the steps applied; a start applies
those missing, in order, each in its own transaction, so an old database is upgraded
in place and never dropped. A step once released never changes: a change is a new step.
"""

from __future__ import annotations

#: (number, what it does, statements). Append only.
STEPS: list[tuple[int, str, list[str]]] = [
    (1, "archived tables and their games", [
        """CREATE TABLE archived_tables (
            code TEXT PRIMARY KEY,
            version INTEGER NOT NULL,
            updated DOUBLE PRECISION NOT NULL,
            listed INTEGER NOT NULL,
            meta TEXT NOT NULL,
            summary TEXT NOT NULL,
            damaged TEXT,
            latest INTEGER
        )""",
        "CREATE INDEX archived_tables_by_update ON archived_tables (updated)",
        """CREATE TABLE archived_games (
            code TEXT NOT NULL,
            game INTEGER NOT NULL,
            actions TEXT NOT NULL,
            PRIMARY KEY (code, game)
        )""",
    ]),
]

LATEST = STEPS[-1][0]

CREATE_VERSIONS = ("CREATE TABLE IF NOT EXISTS archive_schema"
                   " (step INTEGER PRIMARY KEY, what TEXT NOT NULL, applied DOUBLE PRECISION NOT NULL)")


def missing(applied: set[int]) -> list[tuple[int, str, list[str]]]:
    """The steps still to apply to a database that has `applied`, in order. A database
    newer than this code (a step it does not know) is refused: an older version must not
    write to it."""
    unknown = applied - {number for number, _, _ in STEPS}
    if unknown:
        raise RuntimeError(f"the archive's schema has step(s) {sorted(unknown)} this version does not know:"
                           " run the newer version (an old one must not write to it)")
    return [step for step in STEPS if step[0] not in applied]
