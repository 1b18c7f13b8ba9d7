"""Cards, decks and the record notation.

A card is a small int (its index in the deck), so a hand is a bitmask and the
play generator can work with int operations only. A `Deck` knows, for each
card, its notation, suit, rank, role and card points; the two decks differ only
in that data (the `fifty-two` deck gives the special roles to the four aces).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .errors import NotationError

# Roles of the special cards. Normal cards have role NORMAL.
NORMAL, MAHJONG, DOG, PHOENIX, DRAGON = "normal", "mahjong", "dog", "phoenix", "dragon"

# The value the Dragon has as a single: above any rank and any rank-and-a-half.
DRAGON_VALUE = 20

_RANK_NAMES = {1: "1", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_ALIASES = {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}


def rank_name(rank: int) -> str:
    """Print a rank as the record writes it: 2..9, 10, J, Q, K, A."""
    return _RANK_NAMES.get(rank, str(rank))


def parse_rank(text: str) -> int:
    """Parse a rank on its own (2..10, T, J, Q, K, A), case-insensitively."""
    token = str(text).strip().upper()
    if token in _RANK_ALIASES:
        return _RANK_ALIASES[token]
    if token.isdigit() and 2 <= int(token) <= 10 and token == str(int(token)):
        return int(token)
    raise NotationError(f"'{text}' is not a rank (2..10, J, Q, K, A)")


@dataclass(frozen=True)
class Deck:
    """The cards of one ruleset, indexed by card id."""

    name: str
    suits: str  # suit letters in suit-index order
    low: int  # lowest normal rank
    high: int  # highest normal rank
    specials: dict  # role -> notation of the card that plays it
    point_ranks: dict  # normal rank -> card points
    special_points: dict  # role -> card points
    codes: list = field(init=False)
    suit_of: list = field(init=False)
    rank_of: list = field(init=False)
    role_of: list = field(init=False)
    points_of: list = field(init=False)
    by_code: dict = field(init=False)
    mahjong: int = field(init=False)
    dog: int = field(init=False)
    phoenix: int = field(init=False)
    dragon: int = field(init=False)
    size: int = field(init=False)
    full_mask: int = field(init=False)
    normal_mask: int = field(init=False)  # every card that is not special
    suit_masks: list = field(init=False)  # per suit index, its normal cards

    def __post_init__(self):
        codes, suits, ranks, roles, points = [], [], [], [], []
        for rank in range(self.low, self.high + 1):
            for s, letter in enumerate(self.suits):
                codes.append(letter + rank_name(rank))
                suits.append(s)
                ranks.append(rank)
                roles.append(NORMAL)
                points.append(self.point_ranks.get(rank, 0))
        special_rank = {MAHJONG: 1, DOG: 0, PHOENIX: 0, DRAGON: DRAGON_VALUE}
        ids = {}
        for role in (MAHJONG, DOG, PHOENIX, DRAGON):
            ids[role] = len(codes)
            codes.append(self.specials[role])
            suits.append(-1)
            ranks.append(special_rank[role])
            roles.append(role)
            points.append(self.special_points.get(role, 0))
        by_code = {code.upper(): i for i, code in enumerate(codes)}
        for code, i in list(by_code.items()):
            if code.endswith("10"):
                by_code[code[:-2] + "T"] = i
        put = object.__setattr__
        put(self, "codes", codes)
        put(self, "suit_of", suits)
        put(self, "rank_of", ranks)
        put(self, "role_of", roles)
        put(self, "points_of", points)
        put(self, "by_code", by_code)
        put(self, "mahjong", ids[MAHJONG])
        put(self, "dog", ids[DOG])
        put(self, "phoenix", ids[PHOENIX])
        put(self, "dragon", ids[DRAGON])
        put(self, "size", len(codes))
        put(self, "full_mask", (1 << len(codes)) - 1)
        normal = [i for i, role in enumerate(roles) if role == NORMAL]
        put(self, "normal_mask", sum(1 << i for i in normal))
        put(self, "suit_masks", [sum(1 << i for i in normal if suits[i] == s) for s in range(4)])

    # -- notation -------------------------------------------------------

    def parse_card(self, token: str) -> int:
        card = self.by_code.get(token.strip().upper())
        if card is None:
            raise NotationError(f"'{token}' is not a card of the {self.name} deck")
        return card

    def parse_cards(self, text) -> list[int]:
        """Parse cards separated by whitespace or commas. Accepts a list too."""
        if isinstance(text, (list, tuple)):
            tokens = [str(t) for t in text]
        elif isinstance(text, str):
            tokens = [t for t in re.split(r"[\s,]+", text) if t]
        else:
            raise NotationError("cards must be a string like 'R10 GJ Ph'")
        return [self.parse_card(t) for t in tokens]

    def parse_mask(self, text) -> int:
        """Parse a set of distinct cards into a bitmask."""
        mask = 0
        for card in self.parse_cards(text):
            bit = 1 << card
            if mask & bit:
                raise NotationError(f"card {self.codes[card]} is named twice")
            mask |= bit
        return mask

    def sort_key(self, card: int):
        """Descending order: Dragon, Phoenix, A..2 (suits in deck order), Mah Jong, Dog."""
        role = self.role_of[card]
        if role == DRAGON:
            return (0, 0)
        if role == PHOENIX:
            return (1, 0)
        if role == NORMAL:
            return (2, -self.rank_of[card] * 4 + self.suit_of[card])
        return (3 if role == MAHJONG else 4, 0)

    def sorted_cards(self, cards) -> list[int]:
        return sorted(cards, key=self.sort_key)

    def format_cards(self, cards) -> str:
        """Print cards (ids or a bitmask) in the canonical notation and order."""
        if isinstance(cards, int):
            cards = mask_cards(cards)
        return " ".join(self.codes[c] for c in self.sorted_cards(cards))

    def format_card(self, card: int) -> str:
        return self.codes[card]

    def rank_name(self, rank: int) -> str:
        return rank_name(rank)

    def parse_rank(self, text) -> int:
        rank = parse_rank(str(text))
        if not self.low <= rank <= self.high:
            raise NotationError(f"'{text}' is not a rank of the {self.name} deck")
        return rank


def mask_cards(mask: int) -> list[int]:
    """The card ids in a bitmask, lowest id first."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards




STANDARD_DECK = Deck(
    name="standard",
    suits="SBGR",
    low=2,
    high=14,
    specials={MAHJONG: "Mj", DOG: "Dg", PHOENIX: "Ph", DRAGON: "Dr"},
    point_ranks={5: 5, 10: 10, 13: 10},
    special_points={DRAGON: 25, PHOENIX: -25},
)

FIFTY_TWO_DECK = Deck(
    name="fifty-two",
    suits="SHDC",
    low=2,
    high=13,
    specials={MAHJONG: "CA", DOG: "HA", PHOENIX: "DA", DRAGON: "SA"},
    point_ranks={5: 5, 10: 10, 12: 10},
    special_points={DRAGON: 25, PHOENIX: -25},
)
