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
    (2, "players, their seats' results, clubs", [
        """CREATE TABLE players (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL,
            seen DOUBLE PRECISION NOT NULL
        )""",
        """CREATE TABLE player_links (
            code TEXT PRIMARY KEY,
            player_key TEXT NOT NULL,
            expires DOUBLE PRECISION NOT NULL
        )""",
        """CREATE TABLE seat_results (
            code TEXT NOT NULL,
            game INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            part INTEGER NOT NULL,
            player TEXT,
            name TEXT,
            bot TEXT,
            ruleset TEXT NOT NULL,
            seats INTEGER NOT NULL,
            ended DOUBLE PRECISION NOT NULL,
            club TEXT,
            final INTEGER NOT NULL,
            outcome TEXT,
            rounds INTEGER NOT NULL,
            points INTEGER NOT NULL,
            against INTEGER,
            tichu_called INTEGER NOT NULL,
            tichu_made INTEGER NOT NULL,
            grand_called INTEGER NOT NULL,
            grand_made INTEGER NOT NULL,
            double_victories INTEGER NOT NULL,
            first_out INTEGER NOT NULL,
            bombs INTEGER NOT NULL,
            partners TEXT NOT NULL,
            opponents TEXT NOT NULL,
            PRIMARY KEY (code, game, seat, part)
        )""",
        "CREATE INDEX seat_results_by_player ON seat_results (player, ended)",
        "CREATE INDEX seat_results_by_club ON seat_results (club, ended)",
        """CREATE TABLE clubs (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            invite TEXT NOT NULL UNIQUE,
            created DOUBLE PRECISION NOT NULL
        )""",
        """CREATE TABLE club_members (
            club TEXT NOT NULL,
            player TEXT NOT NULL,
            joined DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (club, player)
        )""",
        "CREATE INDEX club_members_by_player ON club_members (player)",
        # A player's progress with the coach: each round of theirs reviewed at the table
        # (decisions compared and flagged, by kind), and the lessons they finished.
        """CREATE TABLE reviewed_rounds (
            player TEXT NOT NULL,
            code TEXT NOT NULL,
            game INTEGER NOT NULL,
            round INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            reviewed DOUBLE PRECISION NOT NULL,
            decisions TEXT NOT NULL,
            flagged TEXT NOT NULL,
            PRIMARY KEY (player, code, game, round)
        )""",
        """CREATE TABLE lessons_done (
            player TEXT NOT NULL,
            lesson TEXT NOT NULL,
            done DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (player, lesson)
        )""",
        # A player's statistics and a club's standings as last counted from the rows above
        # (`rows`: how many they were counted from), dropped whenever one of those rows
        # changes and counted again: asking for them reads one row.
        """CREATE TABLE figures (
            kind TEXT NOT NULL,
            id TEXT NOT NULL,
            rows_counted INTEGER NOT NULL,
            doc TEXT NOT NULL,
            PRIMARY KEY (kind, id)
        )""",
        # Players who asked to be forgotten: a game still live when they asked is archived
        # with their seat anonymous too.
        "CREATE TABLE forgotten_players (id TEXT PRIMARY KEY, forgotten DOUBLE PRECISION NOT NULL)",
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
