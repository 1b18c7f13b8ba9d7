"""Rulesets and their options, as data.

A `Ruleset` holds what differs between games of the same family: the deck, the
number of seats and the teams, the hand size and the Grand Tichu point, whom
each seat passes a card to, the scoring and the end of the game. `Rules` is a
ruleset with its options resolved; the state machine reads only `Rules`.

Option names and values are the record's names (RULES.md, "Options").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from . import seat_plans
from .cards import DOUBLE_DECK, FIFTY_TWO_DECK, NO_DOG_DECK, STANDARD_DECK, Deck
from .errors import RulesetError
from .seating import Seating, four_seat_pairs


@dataclass(frozen=True)
class Option:
    name: str
    default: object
    choices: tuple = ()  # allowed values; empty means "see check"
    check: object = None  # callable(value) -> bool, for open ranges
    describe: str = ""  # what the values may be, for error messages

    def validate(self, value):
        if self.choices:
            # bool is an int in Python: compare types too, so 1 is not true.
            if any(value == c and type(value) is type(c) for c in self.choices):
                return value
        elif self.check is not None and self.check(value):
            return value
        allowed = self.describe or ", ".join(_show(c) for c in self.choices)
        raise RulesetError(f"option '{self.name}' cannot be {_show(value)} (allowed: {allowed})")


def _show(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


def _positive_multiple_of_50(value) -> bool:
    return type(value) is int and value > 0 and value % 50 == 0


def _positive_int(value) -> bool:
    return type(value) is int and value > 0


def _positive_multiple_of_3(value) -> bool:
    return type(value) is int and value > 0 and value % 3 == 0


def _players(value) -> bool:
    return type(value) is int and 5 <= value <= 12


def _options(*opts: Option) -> dict:
    return {o.name: o for o in opts}


_STAIRS = Option("stairs_min_pairs", 2, (2, 3))
_GRAND = Option("grand_tichu", True, (True, False))
_DOUBLE = Option("double_victory_points", 200, (200, 100))
_TIE = Option("tie_rule", "continue", ("continue", "draw"))
_ESCAPE = Option("wish_bomb_escape", "follow_only", ("follow_only", "always", "never"))
_FINAL_GIFT = Option("dragon_gift_on_final_trick", True, (True, False))
_ONE_CALL = Option("one_call_per_team", False, (False, True))
_COMMON = (_STAIRS, _GRAND, _DOUBLE, _TIE, _ESCAPE, _FINAL_GIFT, _ONE_CALL)
_TARGET = Option("target", 1000, check=_positive_multiple_of_50, describe="a positive multiple of 50")


@dataclass(frozen=True)
class Ruleset:
    name: str
    deck: Deck
    seats: int
    hand_size: int
    grand_tichu_cards: int  # cards seen before the Grand Tichu decision
    led_phoenix_value: float  # a single Phoenix on an empty table
    scoring: str  # "standard" or "fifty-two"
    wish_persists: bool  # the wish survives the end of a round
    options: dict = field(repr=False)
    # seating(rules, index, previous results) -> the Seating of round `index`
    seating: object = field(default=None, repr=False)
    deal_all: bool = False  # the whole deck is dealt, hands may differ by a card
    deck_for: object = field(default=None, repr=False)  # callable(seats) -> Deck, where it varies

    def resolve(self, options: dict | None = None) -> Rules:
        return Rules(self, self.resolve_options(options))

    def resolve_options(self, options: dict | None) -> dict:
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RulesetError("options must be an object of option names and values")
        resolved = {name: opt.default for name, opt in self.options.items()}
        for name, value in options.items():
            opt = self.options.get(name)
            if opt is None:
                other = [r.name for r in RULESETS.values() if name in r.options]
                where = f" (it belongs to {', '.join(other)})" if other else ""
                raise RulesetError(f"unknown option '{name}' for ruleset {self.name}{where}")
            resolved[name] = opt.validate(value)
        return resolved


def _four_seats(rules, index, previous) -> Seating:
    return four_seat_pairs(rules.options["direction"])


STANDARD = Ruleset(
    name="standard",
    deck=STANDARD_DECK,
    seats=4,
    hand_size=14,
    grand_tichu_cards=8,
    led_phoenix_value=1.5,
    scoring="standard",
    wish_persists=False,
    seating=_four_seats,
    options=_options(
        Option("direction", "ccw", ("ccw", "cw")),
        _TARGET,
        *_COMMON,
    ),
)

FIFTY_TWO = Ruleset(
    name="fifty-two",
    deck=FIFTY_TWO_DECK,
    seats=4,
    hand_size=13,
    grand_tichu_cards=8,
    led_phoenix_value=0.5,
    scoring="fifty-two",
    wish_persists=True,
    seating=_four_seats,
    options=_options(
        Option("direction", "cw", ("cw", "ccw")),
        Option("target_lead", 400, check=_positive_multiple_of_50, describe="a positive multiple of 50"),
        Option("max_rounds", 10, check=_positive_int, describe="a positive whole number"),
        *_COMMON,
    ),
)

TIENTSIN = Ruleset(
    name="tientsin",
    deck=STANDARD_DECK,
    seats=6,
    hand_size=10,
    grand_tichu_cards=6,  # Grand Tichu before the 7th card
    led_phoenix_value=1.5,
    scoring="tientsin",
    wish_persists=False,
    seating=seat_plans.tientsin,
    deal_all=True,  # 56 cards: two hands of 10, four of 9
    options=_options(
        Option("direction", "ccw", ("ccw", "cw")),
        _TARGET,
        Option("triple_victory_points", 300, check=_positive_multiple_of_50,
               describe="a positive multiple of 50"),
        _STAIRS, _GRAND, _TIE, _ESCAPE, _FINAL_GIFT, _ONE_CALL,
    ),
)

TRICHU = Ruleset(
    name="trichu",
    deck=STANDARD_DECK,
    seats=4,  # three players and the Table
    hand_size=14,
    grand_tichu_cards=8,
    led_phoenix_value=1.5,
    scoring="trichu",
    wish_persists=False,
    seating=seat_plans.trichu,
    options=_options(
        Option("direction", "ccw", ("ccw", "cw")),
        Option("rounds", 9, check=_positive_multiple_of_3, describe="a positive multiple of 3"),
        Option("table_can_win", True, (True, False)),
        _STAIRS, _GRAND, _DOUBLE, _ESCAPE, _FINAL_GIFT, _ONE_CALL,
    ),
)

GRANDSEIGNEUR = Ruleset(
    name="grandseigneur",
    deck=NO_DOG_DECK,
    seats=6,  # the default of its `players` option
    hand_size=10,
    grand_tichu_cards=0,
    led_phoenix_value=1.5,
    scoring="grandseigneur",
    wish_persists=False,
    seating=seat_plans.grandseigneur,
    deal_all=True,
    deck_for=lambda players: DOUBLE_DECK if players >= 7 else NO_DOG_DECK,
    options=_options(
        Option("players", 6, check=_players, describe="a whole number from 5 to 12"),
        Option("rounds", 10, check=_positive_int, describe="a positive whole number"),
        Option("direction", "ccw", ("ccw", "cw")),
        _STAIRS, _ESCAPE,
    ),
)

RULESETS = {r.name: r for r in (STANDARD, FIFTY_TWO, TIENTSIN, TRICHU, GRANDSEIGNEUR)}


def get_ruleset(name) -> Ruleset:
    ruleset = RULESETS.get(name) if isinstance(name, str) else None
    if ruleset is None:
        raise RulesetError(f"unknown ruleset {_show(name)} (known: {', '.join(RULESETS)})")
    return ruleset


class Rules:
    """A ruleset with resolved options: everything the state machine consults.

    `seats`, `order`, `next_seat`, `team_of` and `partner_of` describe the first
    round's seating (`self.seating`); a round's own seating is `Round.seating`
    (`seating_for`), which is the same for the four-player rulesets.
    """

    __slots__ = (
        "ruleset", "options", "deck", "seats", "hand_size", "grand_tichu",
        "grand_tichu_cards", "stairs_min_pairs", "led_phoenix_value", "wish_bomb_escape",
        "order", "next_seat", "seating",
    )

    def __init__(self, ruleset: Ruleset, options: dict):
        self.ruleset = ruleset
        self.options = options
        self.seats = options.get("players", ruleset.seats)
        self.deck = ruleset.deck_for(self.seats) if ruleset.deck_for else ruleset.deck
        # The largest hand (the whole deck dealt where the ruleset says so).
        self.hand_size = -(-self.deck.size // self.seats) if ruleset.deal_all else ruleset.hand_size
        self.grand_tichu = options.get("grand_tichu", False)
        self.grand_tichu_cards = ruleset.grand_tichu_cards
        self.stairs_min_pairs = options["stairs_min_pairs"]
        self.led_phoenix_value = ruleset.led_phoenix_value
        self.wish_bomb_escape = options["wish_bomb_escape"]
        self.seating = self.seating_for(0, [])
        self.next_seat = self.seating.next_seat
        self.order = self.seating.order

    @classmethod
    def of(cls, ruleset: str = "standard", options: dict | None = None) -> Rules:
        return get_ruleset(ruleset).resolve(options)

    def seating_for(self, index: int, previous: list) -> Seating:
        """The seating of round `index`, given the results of the rounds before it."""
        return self.ruleset.seating(self, index, previous)

    def team_of(self, seat: int):
        return self.seating.team_of[seat]

    def partner_of(self, seat: int):
        return self.seating.partner(seat)


@lru_cache(maxsize=64)
def _resolved(ruleset: str, options: tuple) -> Rules:
    return Rules.of(ruleset, dict(options))


def rules_of(view: dict) -> Rules:
    """The resolved rules of the table a seat's view (`view_for`) comes from, made once per
    ruleset and options: the bots and the coach read them from every view they are given."""
    return _resolved(view["ruleset"], tuple(sorted(view["options"].items())))
