"""The engine's values written for people, in the notation of docs/record-format.md.

Cards are ids and plays are tuples (plain, because the play generator makes hundreds of
them per position), so they cannot print themselves: these functions write them, for
error messages, a test's failure output and a debugger. A `Round` and a `Game` print
themselves with them (`repr`: one line; `str` of a round: its whole state).

    >>> from app.engine.cards import STANDARD_DECK as deck
    >>> play_notation((1, 2, 13, deck.parse_mask("SK GK"), None))
    'pair K: SK GK'
"""

from __future__ import annotations

from .cards import STANDARD_DECK, Deck
from .combos import MASK, PHOENIX, describe


def card_notation(card: int, deck: Deck = STANDARD_DECK) -> str:
    """One card id as its name: `R10`, `Ph`."""
    return deck.codes[card]


def cards_notation(cards, deck: Deck = STANDARD_DECK) -> str:
    """Card ids or a bitmask as the record writes them, highest card first (`-` for none)."""
    return deck.format_cards(cards) or "-"


def play_notation(play: tuple | None, deck: Deck = STANDARD_DECK) -> str:
    """A play tuple as its kind, its rank and its cards: `pair K: SK GK`, `straight 10: Ph R10
    G9 B8 B6 (Ph as 7)`, `single 7.5: Ph`; None (an empty table) as `-`."""
    if play is None:
        return "-"
    if len(play) <= PHOENIX or not isinstance(play[MASK], int):
        return repr(play)  # not a play of ours: shown as it is
    about = describe(play, deck)
    text = f"{about['kind']} {about['rank']}: {about['cards']}"
    return text + (f" (Ph as {about['phoenix']})" if about["phoenix"] is not None else "")


def trick_notation(trick, deck: Deck = STANDARD_DECK) -> str:
    """A trick (`(seat, play)` in order) as `0 pair K: SK GK; 1 pair A: SA RA` (`-` if empty)."""
    return "; ".join(f"{seat} {play_notation(play, deck)}" for seat, play in trick) or "-"


def round_summary(rnd) -> str:
    """A round in one line: its phase, whose turn, the wish, the cards each seat holds, the
    trick's top play."""
    deck = rnd.deck
    parts = [rnd.phase]
    if rnd.turn is not None:
        parts.append(f"turn {rnd.turn}")
    if rnd.wish is not None:
        parts.append(f"wish {deck.rank_name(rnd.wish)}")
    parts.append("cards " + "/".join(str(n) for n in rnd.card_counts()))
    if rnd.trick:
        seat, top = rnd.trick[-1]
        parts.append(f"top {seat} {play_notation(top, deck)}" + (" (closed)" if rnd.closed else ""))
    return ", ".join(parts)


def round_notation(rnd) -> str:
    """A round's whole state, a line each: the summary, every seat's hand and calls, the
    trick, who is out, and the Dragon's gift awaited."""
    deck = rnd.deck
    lines = [f"round of {rnd.rules.ruleset.name}: {round_summary(rnd)}"]
    for seat, held in enumerate(rnd.hands):
        calls = [name for name, made in (("grand", rnd.grand[seat]), ("tichu", rnd.tichu[seat])) if made]
        lines.append(f"  {seat}: {cards_notation(held, deck)}" + (f"  [{', '.join(calls)}]" if calls else ""))
    lines.append(f"  trick: {trick_notation(rnd.trick, deck)}")
    if rnd.out:
        lines.append(f"  out: {', '.join(map(str, rnd.out))}")
    if rnd.gift_from is not None:
        lines.append(f"  seat {rnd.gift_from} gives the Dragon's trick away")
    return "\n".join(lines)
