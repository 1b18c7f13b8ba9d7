"""What an import has to say: errors that stop it short, and notes.

An error means the rounds from there on are not in the record (the log breaks
our rules there, its score differs, a line cannot be read). A note is worth
knowing and changes nothing in the record (the BSW score error, a round cut
off at the end of the file, a nickname that changes, a call clicked twice).
Seats are named by number only where the import is anonymous.
"""

from __future__ import annotations

from dataclasses import dataclass

ERROR, NOTE = "error", "note"


@dataclass
class Diagnostic:
    level: str  # ERROR or NOTE
    code: str  # short and machine-readable: see docs/bsw-import.md
    message: str  # for people
    line: int | None = None  # in the log, counted from 1
    game: int | None = None  # which game of the file (from 0), where it belongs to one
    round: int | None = None  # which round of that game (from 0), as in the record's `rounds`
    rule: str | None = None  # for `refused`: the engine's refusal code

    def as_dict(self) -> dict:
        return {"level": self.level, "code": self.code, "game": self.game, "round": self.round,
                "line": self.line, "rule": self.rule, "message": self.message}


def error(code: str, message: str, line: int | None = None, rule: str | None = None) -> Diagnostic:
    return Diagnostic(ERROR, code, message, line, rule=rule)


def note(code: str, message: str, line: int | None = None) -> Diagnostic:
    return Diagnostic(NOTE, code, message, line)
