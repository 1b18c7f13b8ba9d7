"""Brettspielwelt's card names, turned into ours.

BSW writes a card as its suit letter (S, B, G, R: the same four suits and
letters as ours) and its rank in German letters (B Bube = J, D Dame = Q,
K, A), and the specials as Ma (Mah Jong), Hu (Hund: the Dog), Ph, Dr.
Names are read exactly as BSW writes them: a nickname next to the cards
could otherwise pass for a card.
"""

from __future__ import annotations

_SPECIALS = {"Ma": "Mj", "Hu": "Dg", "Ph": "Ph", "Dr": "Dr"}
_RANKS = {str(n): str(n) for n in range(2, 11)} | {"B": "J", "D": "Q", "K": "K", "A": "A"}
_SUITS = "SBGR"

#: Our rank names in order, for the place of a Phoenix among the cards of a play.
RANK_VALUE = {str(n): n for n in range(2, 11)} | {"J": 11, "Q": 12, "K": 13, "A": 14}


def card_code(token: str) -> str | None:
    """Our code of a BSW card name ('RB' -> 'RJ', 'Hu' -> 'Dg'), or None if it names no card."""
    if token in _SPECIALS:
        return _SPECIALS[token]
    if len(token) >= 2 and token[0] in _SUITS and token[1:] in _RANKS:
        return token[0] + _RANKS[token[1:]]
    return None


def rank_code(token: str) -> str | None:
    """Our name of a BSW rank ('D' -> 'Q'), as in a wish, or None."""
    return _RANKS.get(token)


def natural_rank(code: str) -> int | None:
    """The rank of one of our card codes where it has one: 2..14, the Mah Jong 1; else None."""
    if code == "Mj":
        return 1
    return RANK_VALUE.get(code[1:]) if code[:1] in _SUITS else None
