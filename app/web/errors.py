"""The web layer's refusal: a request turned down with a code and a reason; nothing changed."""

from __future__ import annotations


class Refused(Exception):
    """A request the table turns down; nothing has changed."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def ack(self) -> dict:
        return refusal_ack(self)


def refusal_ack(exc) -> dict:
    """The acknowledgement of a refused request: a `Refused`, or the engine's `EngineError`
    (an illegal action, a bad one), which carry the same code and message."""
    return {"ok": False, "code": exc.code, "message": exc.message}
