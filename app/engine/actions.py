"""Actions: what a seat does, parsed from and printed to the record's JSON form.

Parsing checks the shape of an action (fields present, cards and ranks that
exist); whether the rules allow it is the round's business. Both kinds of
problem are refused actions (`IllegalAction`), never a crash.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Deck
from .errors import IllegalAction, NotationError

ACTS = ("grand", "tichu", "exchange", "play", "pass", "gift")


@dataclass(frozen=True)
class Action:
    seat: int
    act: str
    call: bool | None = None  # grand
    give: tuple | None = None  # exchange: ((target seat, card id), ...) sorted (a seat once per card)
    cards: int = 0  # play: bitmask
    wish: int | None = None  # play: a rank
    phoenix: int | None = None  # play: a rank
    to: int | None = None  # gift; play: the partner a Dog passes the lead to

    # -- constructors, for code that acts without JSON -------------------------------

    @classmethod
    def grand_(cls, seat: int, call: bool) -> Action:
        return cls(seat, "grand", call=call)

    @classmethod
    def tichu_(cls, seat: int) -> Action:
        return cls(seat, "tichu")

    @classmethod
    def exchange_(cls, seat: int, give: dict) -> Action:
        """`give`: {target: card id, or a list of card ids where a target gets several}."""
        pairs = []
        for t, cards in give.items():
            for c in (cards if isinstance(cards, (list, tuple)) else (cards,)):
                pairs.append((int(t), c))
        return cls(seat, "exchange", give=tuple(sorted(pairs)))

    @classmethod
    def play_(cls, seat: int, cards: int, wish: int | None = None,
              phoenix: int | None = None, to: int | None = None) -> Action:
        return cls(seat, "play", cards=cards, wish=wish, phoenix=phoenix, to=to)

    @classmethod
    def pass_(cls, seat: int) -> Action:
        return cls(seat, "pass")

    @classmethod
    def gift_(cls, seat: int, to: int) -> Action:
        return cls(seat, "gift", to=to)

    # -- the record's JSON form ----------------------------------------------------------

    def to_record(self, deck: Deck) -> dict:
        out = {"seat": self.seat, "act": self.act}
        if self.act == "grand":
            out["call"] = bool(self.call)
        elif self.act == "exchange":
            by_target: dict = {}
            for t, c in self.give:
                by_target.setdefault(t, []).append(c)
            out["give"] = {str(t): deck.format_cards(cs) for t, cs in by_target.items()}
        elif self.act == "play":
            out["cards"] = deck.format_cards(self.cards)
            if self.wish is not None:
                out["wish"] = deck.rank_name(self.wish)
            if self.phoenix is not None:
                out["phoenix"] = deck.rank_name(self.phoenix)
            if self.to is not None:
                out["to"] = self.to
        elif self.act == "gift":
            out["to"] = self.to
        return out

    @classmethod
    def from_record(cls, data, deck: Deck, seats: int = 4) -> Action:
        if isinstance(data, Action):
            if type(data.seat) is not int or not 0 <= data.seat < seats:
                raise IllegalAction(f"'seat' must be a seat number 0..{seats - 1}", "bad_action")
            return data
        if not isinstance(data, dict):
            raise IllegalAction("an action must be an object with 'seat' and 'act'", "bad_action")
        seat = _seat(data, "seat", seats)
        act = data.get("act")
        if act not in ACTS:
            if act is None:
                raise IllegalAction("the action has no 'act'", "bad_action")
            raise IllegalAction(f"unknown act {act!r} (known: {', '.join(ACTS)})", "bad_action")
        try:
            if act == "grand":
                call = data.get("call")
                if not isinstance(call, bool):
                    raise IllegalAction("a Grand Tichu decision needs 'call': true or false", "bad_action")
                return cls(seat, act, call=call)
            if act == "exchange":
                return cls(seat, act, give=_give(data, deck, seats))
            if act == "play":
                if "cards" not in data:
                    raise IllegalAction("a play needs 'cards'", "bad_action")
                cards = deck.parse_mask(data["cards"])
                if not cards:
                    raise IllegalAction("a play needs at least one card", "bad_action")
                wish = _rank(data, "wish", deck)
                phoenix = _rank(data, "phoenix", deck)
                to = _seat(data, "to", seats) if data.get("to") is not None else None
                return cls(seat, act, cards=cards, wish=wish, phoenix=phoenix, to=to)
            if act == "gift":
                return cls(seat, act, to=_seat(data, "to", seats))
        except NotationError as exc:
            raise IllegalAction(exc.message, "bad_action") from None
        return cls(seat, act)


def _seat(data: dict, key: str, seats: int) -> int:
    if key not in data:
        raise IllegalAction(f"the action has no '{key}'", "bad_action")
    value = data[key]
    if type(value) is str and value.isascii() and value.isdigit() and len(value) <= 3:
        value = int(value)  # "2" as well as 2; not "²" (a digit to isdigit, not to int)
    if type(value) is not int or not 0 <= value < seats:
        raise IllegalAction(f"'{key}' must be a seat number 0..{seats - 1}", "bad_action")
    return value


def _rank(data: dict, key: str, deck: Deck) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise IllegalAction(f"'{key}' must be a rank 2..{deck.rank_name(deck.high)}", "bad_action")
    try:
        return deck.parse_rank(value)
    except NotationError:
        raise IllegalAction(
            f"'{key}' must be a rank 2..{deck.rank_name(deck.high)}, not {value!r}", "bad_" + key
        ) from None


def _give(data: dict, deck: Deck, seats: int) -> tuple:
    give = data.get("give")
    if not isinstance(give, dict):
        raise IllegalAction("an exchange needs 'give': the cards for each seat given to", "bad_exchange")
    out = []
    for target, card in give.items():
        try:
            t = int(target)
        except (TypeError, ValueError):
            raise IllegalAction(f"'{target}' is not a seat", "bad_exchange") from None
        if not 0 <= t < seats or str(t) != str(target).strip():
            raise IllegalAction(f"'{target}' is not a seat", "bad_exchange")
        if not isinstance(card, str):
            raise IllegalAction("each exchanged card is written like 'R10'", "bad_exchange")
        cards = deck.parse_cards(card)
        if not cards:
            raise IllegalAction(f"no card named for seat {t}", "bad_exchange")
        out.extend((t, c) for c in cards)
    return tuple(sorted(out))
