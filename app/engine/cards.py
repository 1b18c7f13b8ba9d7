"""Cards, decks and the record notation.

A card is a small int (its index in the deck), so a hand is a bitmask and the
play generator can work with int operations only. A `Deck` knows, for each
card, its notation, suit, rank, role and card points; the decks differ only
in that data (the `fifty-two` deck gives the special roles to the four aces,
Grandseigneur leaves the Dog out and from seven players adds a second deck).

Two copies of a card (two decks) are told apart by a prime: `R10` is the first
deck's Star 10, `R10'` the second deck's; `Dr'` and `Ph'` are the second
Dragon and Phoenix. A one-deck notation never has a prime.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

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
    copies: int = 1  # decks shuffled together (their normal cards)
    second_specials: tuple = ()  # roles whose card the second deck adds
    omit: tuple = ()  # roles left out of the deck
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
    copy_of: list = field(init=False)  # 0 for the first deck's cards, 1 for the second's
    role_masks: dict = field(init=False)  # role -> every card with that role
    rank_masks: list = field(init=False)  # per rank (index = rank), its natural cards
    mahjong_mask: int = field(init=False)
    dog_mask: int = field(init=False)
    phoenix_mask: int = field(init=False)
    dragon_mask: int = field(init=False)
    phoenix_bits: tuple = field(init=False)  # each Phoenix as a one-card mask

    def __post_init__(self):
        codes, suits, ranks, roles, points, copy_of = [], [], [], [], [], []
        for rank in range(self.low, self.high + 1):
            for copy in range(self.copies):
                for s, letter in enumerate(self.suits):
                    codes.append(letter + rank_name(rank) + "'" * copy)
                    suits.append(s)
                    ranks.append(rank)
                    roles.append(NORMAL)
                    points.append(self.point_ranks.get(rank, 0))
                    copy_of.append(copy)
        special_rank = {MAHJONG: 1, DOG: 0, PHOENIX: 0, DRAGON: DRAGON_VALUE}
        ids = {}
        extra = [(role, 0) for role in (MAHJONG, DOG, PHOENIX, DRAGON) if role not in self.omit]
        extra += [(role, 1) for role in self.second_specials]
        for role, copy in extra:
            ids.setdefault(role, len(codes))
            codes.append(self.specials[role] + "'" * copy)
            suits.append(-1)
            ranks.append(special_rank[role])
            roles.append(role)
            points.append(self.special_points.get(role, 0))
            copy_of.append(copy)
        by_code = {code.upper(): i for i, code in enumerate(codes)}
        for code, i in list(by_code.items()):
            base = code.rstrip("'")
            if base.endswith("10"):
                by_code[base[:-2] + "T" + code[len(base):]] = i
        put = object.__setattr__
        put(self, "codes", codes)
        put(self, "suit_of", suits)
        put(self, "rank_of", ranks)
        put(self, "role_of", roles)
        put(self, "points_of", points)
        put(self, "by_code", by_code)
        put(self, "copy_of", copy_of)
        # The first card of each role (None where the deck has none: the Grandseigneur Dog).
        put(self, "mahjong", ids.get(MAHJONG))
        put(self, "dog", ids.get(DOG))
        put(self, "phoenix", ids.get(PHOENIX))
        put(self, "dragon", ids.get(DRAGON))
        put(self, "size", len(codes))
        put(self, "full_mask", (1 << len(codes)) - 1)
        normal = [i for i, role in enumerate(roles) if role == NORMAL]
        put(self, "normal_mask", sum(1 << i for i in normal))
        put(self, "suit_masks", [sum(1 << i for i in normal if suits[i] == s) for s in range(4)])
        role_masks = {role: sum(1 << i for i, r in enumerate(roles) if r == role)
                      for role in (MAHJONG, DOG, PHOENIX, DRAGON)}
        put(self, "role_masks", role_masks)
        put(self, "mahjong_mask", role_masks[MAHJONG])
        put(self, "dog_mask", role_masks[DOG])
        put(self, "phoenix_mask", role_masks[PHOENIX])
        put(self, "dragon_mask", role_masks[DRAGON])
        put(self, "phoenix_bits", tuple(1 << i for i, r in enumerate(roles) if r == PHOENIX))
        put(self, "rank_masks", [sum(1 << i for i in normal if ranks[i] == r) for r in range(self.high + 1)])

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
        """Descending order: Dragon, Phoenix, A..2 (suits in deck order), Mah Jong, Dog;
        a first deck's card before its second copy."""
        role = self.role_of[card]
        copy = self.copy_of[card]
        if role == DRAGON:
            return (0, 0, copy)
        if role == PHOENIX:
            return (1, 0, copy)
        if role == NORMAL:
            return (2, -self.rank_of[card] * 4 + self.suit_of[card], copy)
        return (3 if role == MAHJONG else 4, 0, copy)

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

#: Grandseigneur with five or six players: one deck without the Dog (55 cards).
NO_DOG_DECK = replace(STANDARD_DECK, name="grandseigneur", omit=(DOG,))

#: Grandseigneur from seven players: two decks, the Dog left out, the second without Mah Jong
#: (2 x 52 + 2 Dragons + 2 Phoenixes + 1 Mah Jong = 109 cards).
DOUBLE_DECK = replace(STANDARD_DECK, name="grandseigneur-two-decks", copies=2,
                      second_specials=(PHOENIX, DRAGON), omit=(DOG,))
