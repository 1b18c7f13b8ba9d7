"""The meta document's seats: the fast copy is the dataclass's whole copy."""

import dataclasses
import typing

from app.web.table.documents import SEAT_FIELDS, seat_doc
from app.web.table.table import Seat

PLAIN = {str, float, int, bool, type(None)}


def test_every_seat_field_is_a_plain_value():
    # A list or dict field would be shared by the stored meta document and the live seat,
    # so a change of it would go unnoticed (the hub compares the new meta with the stored one).
    hints = typing.get_type_hints(Seat)
    for name in SEAT_FIELDS:
        kinds = set(typing.get_args(hints[name])) or {hints[name]}
        assert kinds <= PLAIN, f"Seat.{name} is {hints[name]}: seat_doc must copy it deeply"


def test_seat_doc_equals_asdict():
    seat = Seat(name="Ann", owner="ab" * 32, bot="easy", away_until=12.5, turn_until=3.0,
                turn_for="play:3", forced=True)
    assert seat_doc(seat) == dataclasses.asdict(seat)
    assert list(seat_doc(seat)) == list(dataclasses.asdict(seat))  # the same order
    assert seat_doc(Seat()) == dataclasses.asdict(Seat())
