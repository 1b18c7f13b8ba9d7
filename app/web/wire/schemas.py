"""The door: every event's payload is checked field by field before a handler sees it.

A schema names the fields an event reads and what each must be (its JSON type, and for
text a length and that it can be stored: no lone surrogates). A payload that does not
fit is refused as `bad_request` with a sentence that names the field; fields an event
does not read are dropped. What a value means (a seat that exists, a name that is not
blank, a legal play) is the table's and the engine's to judge, with their own codes:
the door only makes sure they are handed the types they expect.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..errors import Refused

TEXT_CAP = 10_000  # no text field needs more; the packet limit (64 kB) bounds the rest
CODE_MAX = 16  # a table code is five letters; some room for spaces around it
TOKEN_MAX = 64  # a seat token is 24 URL-safe characters
ID_MAX = 64  # an action's id: new for every decision


def storable(value: str) -> bool:
    """Whether text encodes as UTF-8 (a lone surrogate does not, and no store could keep it)."""
    try:
        value.encode()
    except UnicodeEncodeError:
        return False
    return True


@dataclass(frozen=True)
class Field:
    """One field: `check(value)` is True when the value is acceptable; `what` says what it is."""

    check: Callable[[object], bool]
    what: str
    required: bool = False
    code: str | None = None  # the refusal's code, if not its schema's


def text(limit: int = TEXT_CAP, *, ascii_only: bool = False, required: bool = False,
         empty: bool = False) -> Field:
    """Text of up to `limit` characters; `empty`: "" too (the table says why it will not do)."""
    shortest = 0 if empty else 1

    def check(value) -> bool:
        if not isinstance(value, str) or not shortest <= len(value) <= limit:
            return False
        return value.isascii() if ascii_only else storable(value)

    return Field(check, f"text of {shortest} to {limit} characters", required)


def integer(required: bool = False, code: str | None = None) -> Field:
    return Field(lambda v: type(v) is int, "a whole number", required, code)  # bool is no number here


def count(required: bool = False) -> Field:
    return Field(lambda v: type(v) is int and v >= 0, "a whole number, 0 or more", required)


def boolean(required: bool = False) -> Field:
    return Field(lambda v: type(v) is bool, "true or false", required)


def plain(value) -> bool:
    """JSON made of text that can be stored, numbers, booleans and null, in lists and objects."""
    if isinstance(value, str):
        return storable(value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and storable(k) and plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(plain(v) for v in value)
    return value is None or type(value) in (int, float, bool)


class Schema:
    """The fields of one payload (or of an object inside one)."""

    def __init__(self, *, refuse_as: str = "bad_request", **fields: Field):
        self.fields = fields
        self.code = refuse_as  # the refusal's code: the engine's `bad_action` inside an action

    def check(self, data) -> dict:
        """The payload's known fields (absent ones as None), or Refused naming the first misfit."""
        if not isinstance(data, dict):
            raise Refused(self.code, "send one object with the event's fields")
        out = {}
        for name, field in self.fields.items():
            value = data.get(name)
            if value is None:
                if field.required:
                    raise Refused(field.code or self.code, f"'{name}' is needed: {field.what}")
            elif not field.check(value):
                raise Refused(field.code or self.code, f"'{name}' is {field.what}")
            out[name] = value
        return out


def nested(schema: Schema, what: str, required: bool = False) -> Field:
    """An object checked by its own schema (its refusal says which inner field is wrong)."""

    def check(value) -> bool:
        if not isinstance(value, dict):
            return False
        schema.check(value)  # raises with the inner field's name
        return True

    return Field(check, what, required)


def cards_given(value) -> bool:
    """The exchange's `give`: the seat receiving (a JSON object's key) -> the card(s), as text."""
    return (isinstance(value, dict) and len(value) <= 12
            and all(len(k) <= 8 and k.isascii() and isinstance(v, str) and len(v) <= 64 and v.isascii()
                    for k, v in value.items()))


def rank() -> Field:
    """A rank as the record writes it ("8", "Q") or its number; the engine says which exist."""
    return Field(lambda v: (isinstance(v, str) and 0 < len(v) <= 4 and v.isascii()) or type(v) is int,
                 "a rank like \"8\" or \"Q\"")


# A game action in the record's form (docs/record-format.md). The engine judges what it means
# and refuses with `bad_action`; the door only makes sure every field has the right type.
ACTION = Schema(
    refuse_as="bad_action",
    act=text(16, ascii_only=True, required=True),
    seat=integer(code="not_your_seat"),  # a seat one may act for (the table says which)
    call=boolean(),
    cards=text(200, ascii_only=True),
    phoenix=rank(),
    wish=rank(),
    to=integer(),
    give=Field(cards_given, "an object of seats and the cards each receives", code="bad_exchange"),
)

JOIN = Schema(code=text(CODE_MAX, required=True), token=text(TOKEN_MAX, ascii_only=True))
# sit, ask: the table says which seat and name; `player`: the browser's player key (people.py)
SEAT_REQUEST = Schema(seat=integer(), name=text(empty=True), player=text(TOKEN_MAX, ascii_only=True))
ANSWER = Schema(request=integer(), accept=boolean())
BOT = Schema(seat=integer(), level=text(40))
FILL = Schema(level=text(40))
FREE = Schema(seat=integer())
CHAT = Schema(text=text(empty=True), quick=text(40, empty=True), name=text(empty=True))
ACT = Schema(action=nested(ACTION, "an object like {\"act\": \"pass\"}", required=True),
             version=count(required=True), id=text(ID_MAX, required=True))
HINT = Schema(cards=text(200, ascii_only=True), lang=text(5, ascii_only=True))
REVIEW = Schema(round=integer(required=True), seat=integer())  # a finished round of the game, from 0
SEE_HANDS = Schema(name=text(empty=True))  # a watcher asks to see the hands, under a name
HANDS_ANSWER = Schema(watcher=integer(required=True), allow=boolean(required=True))  # an ask id
HANDS_PREF = Schema(pref=text(10, ascii_only=True, required=True))  # ask, always, never: the table says
NOTHING = Schema()  # events without fields (stand, start, sync, hold, ...)
