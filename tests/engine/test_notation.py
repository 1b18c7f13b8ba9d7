"""The engine's values print themselves in the record's notation: cards, plays, tricks, rounds."""

from __future__ import annotations

import pytest

from app.engine import FIFTY_TWO_DECK, Game, IllegalAction
from app.engine.notation import card_notation, cards_notation, play_notation, trick_notation

from .helpers import mask, pass_, play, table


def _play_of(game, seat, cards):
    """The legal play of `seat` made of exactly these cards."""
    wanted = mask(cards)
    return next(p for p in game.legal(seat).plays if p[3] == wanted)


def test_a_card_and_cards_are_written_as_in_a_record():
    deck = Game().deck
    assert card_notation(deck.parse_cards("R10")[0]) == "R10"
    assert cards_notation(mask("B2 Dr GK")) == "Dr GK B2"
    assert cards_notation(0) == "-"
    assert card_notation(FIFTY_TWO_DECK.parse_cards("SA")[0], FIFTY_TWO_DECK) == "SA"


def test_a_play_is_its_kind_its_rank_and_its_cards():
    game = table(["Mj SK GK R10 G9 B8 S7 B6 Ph", "RA", "BA", "GA"])
    assert play_notation(_play_of(game, 0, "SK GK")) == "pair K: SK GK"
    straight = _play_of(game, 0, "R10 G9 B8 Ph B6")
    assert play_notation(straight) == "straight 10: Ph R10 G9 B8 B6 (Ph as 7)"
    assert play_notation(None) == "-"


def test_a_trick_lists_each_seat_with_its_play():
    game = table(["Mj S5 G6", "R9", "B7", "RA"])
    play(game, 0, "S5")
    play(game, 1, "R9")
    assert trick_notation(game.round.trick) == "0 single 5: S5; 1 single 9: R9"
    assert trick_notation([]) == "-"


def test_a_round_prints_its_state_and_its_summary():
    game = table(["Mj S5 G6", "R9", "B7", "RA"])
    play(game, 0, "S5")
    rnd = game.round
    assert repr(rnd) == "<Round play, turn 1, cards 13/14/14/14, top 0 single 5: S5>"
    lines = str(rnd).splitlines()
    assert lines[0] == "round of standard: play, turn 1, cards 13/14/14/14, top 0 single 5: S5"
    assert lines[1].startswith("  0: ") and "G6" in lines[1] and "S5" not in lines[1]
    assert lines[5] == "  trick: 0 single 5: S5"
    assert repr(game).startswith("<Game standard, round 1, totals [0, 0], <Round play")


def test_a_refusal_names_what_is_on_the_table():
    game = table(["Mj S5 G6", "R9 S3", "B7", "RA"])
    play(game, 0, "S5")
    play(game, 1, "R9")
    pass_(game, 2, 3)
    with pytest.raises(IllegalAction) as refused:
        play(game, 0, "G6")
    assert refused.value.code == "does_not_beat"
    assert refused.value.message == "G6 does not beat single 9: R9"
