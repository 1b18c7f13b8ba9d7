"""What a lesson's text says of the cards and the game, written beside it as data.

Each step of the script lists the claims its text makes (`Step.claims`, and `watch_claims` for
the text shown while the bots before it play); tests/coach/test_lesson.py checks every one
against the engine at the moment the text shows, from the player's view (and, for what a bot
had to do, from that bot's view when it acted). Seats are the script's: the player is
`Lesson.seat`, the bots are named by `Lesson.names`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Teams:
    """The player's partner (sitting opposite) and opponents."""
    partner: int
    opponents: tuple


@dataclass(frozen=True)
class HandSize:
    """The player holds this many cards."""
    cards: int


@dataclass(frozen=True)
class OneCardToEach:
    """The player gives cards now, one to each other player."""


@dataclass(frozen=True)
class OnlyOfRank:
    """The player holds each of these cards and no other card of its rank ("your Ace")."""
    cards: str


@dataclass(frozen=True)
class Received:
    """In the exchange the player got these cards: giver's seat -> card."""
    cards: dict


@dataclass(frozen=True)
class MayCallTichu:
    """The player may call Tichu now."""


@dataclass(frozen=True)
class Leads:
    """The player leads: nothing lies on the table to beat."""


@dataclass(frozen=True)
class Played:
    """Since the player's last decision, exactly these actions in this order: (seat, cards),
    cards None for a pass."""
    actions: tuple


@dataclass(frozen=True)
class Obliged:
    """When the seat last acted, every play open to it held a card of the wished rank, and it
    could not pass ("Mia had to play an 8")."""
    seat: int
    rank: str


@dataclass(frozen=True)
class Beaters:
    """Of all the player may play now, exactly these plays (cards) beat the trick."""
    plays: tuple


@dataclass(frozen=True)
class Combination:
    """The cards are a play of this kind now, the Phoenix standing for any of `phoenix`."""
    cards: str
    kind: str
    phoenix: tuple = ()


@dataclass(frozen=True)
class WholeHand:
    """The cards are all the player holds (playing them goes out)."""
    cards: str


@dataclass(frozen=True)
class GiftTo:
    """The Dragon's trick is the player's to give, to one of these seats (the opponents)."""
    seats: tuple


@dataclass(frozen=True)
class DogTo:
    """The Dog led by the player hands the lead to this seat."""
    seat: int


@dataclass(frozen=True)
class Out:
    """Exactly these seats are out, in this order (none: nobody is out yet)."""
    seats: tuple


@dataclass(frozen=True)
class CalledTichu:
    """The player has called Tichu."""


@dataclass(frozen=True)
class RoundScore:
    """The round ends with these points for each team (the player's first)."""
    points: tuple


@dataclass(frozen=True)
class Rule:
    """A rule the text states in general, checked by the engine on cards made for it:
    "bombs" (a bomb is four of a kind or five or more in a row of one suit; it beats every
    combination that is not a bomb, and only a higher bomb beats a bomb), "phoenix" (in a
    combination the Phoenix stands for any card from 2 to Ace, never in a bomb), "card points"
    (each 5 is worth 5, each 10 and King 10, the Dragon 25, the Phoenix -25, the rest 0)."""
    name: str
