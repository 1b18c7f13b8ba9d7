"""Typed errors of the engine.

Every error is a `ValueError` with a machine-readable `code` and a `message` a
player can read. A refused action never changes the state it was refused by.
"""


class EngineError(ValueError):
    code = "error"

    def __init__(self, message: str, code: str | None = None):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def as_dict(self) -> dict:
        return {"code": self.code, "message": self.message}


class NotationError(EngineError):
    """A card, rank or card list that cannot be read."""

    code = "notation"


class IllegalAction(EngineError):
    """An action the rules refuse; the state is exactly as before."""

    code = "illegal"


class RulesetError(EngineError):
    """An unknown ruleset, an unknown option or a value outside its range."""

    code = "ruleset"


class MalformedRecord(EngineError):
    """A game record that is not a valid document (exit 2 on the command line)."""

    code = "malformed"
