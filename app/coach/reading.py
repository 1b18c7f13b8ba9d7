"""Reading plays the way the engine reads them.

The coach never guesses what a set of cards is: it asks the engine's own
`interpretations` (with the table's options), and it re-reads the trick on the
table play by play so every value (a Phoenix single's half rank, a second
Dragon on the first) is exactly the engine's. `play_info` turns an engine play
tuple into the plain dict the coach's facts carry.
"""

from __future__ import annotations

from app.engine.cards import Deck, mask_cards
from app.engine.combos import KIND, KIND_NAMES, LENGTH, MASK, VALUE, describe, interpretations
from app.engine.errors import NotationError

# The special card a single is, by role (None for a normal card).
_SPECIAL_ROLES = ("mahjong", "dog", "phoenix", "dragon")


def parse_selection(cards, deck: Deck) -> tuple[int, list[str], list[str]]:
    """A selection in the record's notation (a string or a list of codes) as
    (bitmask, unknown tokens, tokens named twice)."""
    if isinstance(cards, str):
        tokens = [t for t in cards.replace(",", " ").split() if t]
    else:
        tokens = [str(t) for t in cards]
    mask, unknown, twice = 0, [], []
    for token in tokens:
        try:
            bit = 1 << deck.parse_card(token)
        except NotationError:
            unknown.append(token)
            continue
        if mask & bit:
            twice.append(token)
        mask |= bit
    return mask, unknown, twice


def readings(mask: int, deck: Deck, rules, on: tuple | None) -> list[tuple]:
    """Every engine reading of `mask` played on `on` (None: as a lead)."""
    return interpretations(mask, deck, rules.stairs_min_pairs, on, rules.led_phoenix_value)


def read_entry(entry: dict, deck: Deck, rules, on: tuple | None) -> tuple | None:
    """The engine play a view's play entry ({cards, kind, rank, phoenix}) stands for when it
    was played on `on`; None if no reading of its cards prints as the entry does."""
    mask = deck.parse_mask(entry["cards"])
    wanted = (entry["kind"], entry["rank"], entry.get("phoenix"))
    for play in readings(mask, deck, rules, on):
        said = describe(play, deck)
        if (said["kind"], said["rank"], said["phoenix"]) == wanted:
            return play
    return None


def read_trick(plays: list[dict], deck: Deck, rules) -> list[tuple[int, tuple]] | None:
    """The trick's plays as (seat, engine play), each read on the one before it (the first as a
    lead); None if one cannot be read (then the coach claims nothing about the trick)."""
    out: list[tuple[int, tuple]] = []
    on = None
    for entry in plays:
        play = read_entry(entry, deck, rules, on)
        if play is None:
            return None
        out.append((entry["seat"], play))
        on = play
    return out


def special_role(play: tuple, deck: Deck) -> str | None:
    """The special card a single play is (mahjong, dog, phoenix, dragon), else None."""
    if play[LENGTH] != 1:
        return None
    role = deck.role_of[play[MASK].bit_length() - 1]
    return role if role in _SPECIAL_ROLES else None


def play_info(play: tuple, deck: Deck) -> dict:
    """A play as the coach's facts carry it: the engine's description (cards, kind, rank,
    phoenix) plus its length, the special card of a single (else None), the lowest rank of
    stairs, straights and straight flushes, and for a bomb whether it is four of a kind or a
    straight flush; a single Phoenix also carries the value it counts as there."""
    info = describe(play, deck)
    info["length"] = play[LENGTH]
    info["special"] = special_role(play, deck)
    kind = KIND_NAMES[play[KIND]]
    if kind in ("stairs", "straight"):
        span = play[LENGTH] // 2 if kind == "stairs" else play[LENGTH]
        info["low"] = _rank_text(int(play[VALUE]) - span + 1, deck)
    elif kind == "bomb":
        info["bomb"] = "four" if play[LENGTH] == 4 else "straight_flush"
        if play[LENGTH] > 4:
            top = max(deck.rank_of[c] for c in mask_cards(play[MASK]))
            info["low"] = _rank_text(top - play[LENGTH] + 1, deck)
    elif kind == "single" and info["special"] == "phoenix":
        info["value"] = play[VALUE]  # the half rank the Phoenix counts as where it was played
    return info


def _rank_text(rank: int, deck: Deck) -> str:
    return "1" if rank == 1 else deck.rank_name(rank)
