"""Words: the facts and reasons as short sentences in English and German."""

from __future__ import annotations

import copy
import random

import pytest

from app.coach import facts, play_fact, trick_fact
from app.coach.lexicon import card_name, play_phrase
from app.coach.why_not import why_not
from app.coach.words import _SAYERS, say
from app.engine import Game, mask_cards, view_for
from app.engine.simulate import random_action

from ..engine.helpers import play, seated, table


def both(item, names=None):
    return say(item, "en", names), say(item, "de", names)


def test_the_issues_example_in_both_languages():
    game = table(["Mj SQ BQ G4", "R8 S9 B2 G2", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False)
    play(game, 0, "SQ BQ")
    assert both(trick_fact(view_for(game, 1))) == (
        "The pair of Queens must be beaten by a higher pair, or a bomb.",
        "Das Paar Damen muss mit einem höheren Paar oder einer Bombe gestochen werden.")


def _info(cards, kind, rank, length, **extra):
    return {"cards": cards, "kind": kind, "rank": rank, "phoenix": None, "length": length, "special": None,
            **extra}


@pytest.mark.parametrize("info, en, de", [
    (_info("SQ", "single", "Q", 1), "the Queen", "die Dame"),
    (_info("SK", "single", "K", 1), "the King", "der König"),
    (_info("S7", "single", "7", 1), "the 7", "die 7"),
    (_info("Dr", "single", "Dr", 1, special="dragon"), "the Dragon", "der Drache"),
    (_info("Ph", "single", "8.5", 1, special="phoenix", value=8.5), "the Phoenix (as 8½)",
     "der Phönix (als 8½)"),
    (_info("Dg", "dog", "Dg", 1, special="dog"), "the Dog", "der Hund"),
    (_info("Mj", "single", "1", 1, special="mahjong"), "the Mah Jong", "das Mah Jong"),
    (_info("SJ BJ", "pair", "J", 2), "the pair of Jacks", "das Paar Buben"),
    (_info("S9 B9 G9", "triple", "9", 3), "the triple of 9s", "der Drilling 9er"),
    (_info("S9 B9 G10 B10", "stairs", "10", 4, low="9"), "the stairs of 2 pairs up to 10s",
     "die Treppe aus 2 Paaren bis 10"),
    (_info("SA BA GA S2 B2", "full_house", "A", 5), "the full house with three Aces",
     "das Full House mit drei Assen"),
    (_info("Mj S2 B3 G4 R5", "straight", "5", 5, low="1"), "the straight of 5 cards up to 5",
     "die Straße aus 5 Karten bis 5"),
    (_info("SK BK GK RK", "bomb", "K", 4, bomb="four"), "the bomb of four Kings",
     "die Bombe aus vier Königen"),
    (_info("G8 G9 G10 GJ GQ", "bomb", "Q", 5, bomb="straight_flush", low="8"),
     "the straight flush bomb from 8 to Queen", "die Straßenbombe von 8 bis Dame"),
])
def test_plays_are_named_with_the_games_terms(info, en, de):
    assert play_phrase(info, "en") == en
    assert play_phrase(info, "de") == de


def test_german_cases_follow_the_sentence():
    king = _info("SK", "single", "K", 1)
    dragon = _info("Dr", "single", "Dr", 1, special="dragon")
    assert play_phrase(king, "de", "acc") == "den König" and play_phrase(king, "de", "dat") == "dem König"
    assert play_phrase(dragon, "de", "acc") == "den Drachen"
    pair = _info("SJ BJ", "pair", "J", 2)
    assert play_phrase(pair, "de", "dat") == "dem Paar Buben"


def test_names_are_used_where_given():
    game = table(["Mj SQ BQ G4", "R8 S9 B2 G2", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False)
    other = trick_fact(view_for(game, 1))
    assert both(other, {0: "Anna"}) == ("Anna leads: there is nothing to beat yet.",
                                        "Anna spielt aus: noch liegt nichts zum Stechen.")
    # Unnamed, a seat is called as the table calls it, counting from 1: seat 0 is "Seat 1".
    assert both(other) == ("Seat 1 leads: there is nothing to beat yet.",
                           "Platz 1 spielt aus: noch liegt nichts zum Stechen.")
    assert both(other, {0: "Bot 1"})[0] == "Bot 1 leads: there is nothing to beat yet."
    assert both(trick_fact(view_for(game, 2)), {0: "Anna"})[0] == (
        "Your partner Anna leads: there is nothing to beat yet.")


# -- partners: said where there are some, never where there are none ------------------------------

def _unbeatable_dragon(game, viewer, seat=None):
    return play_fact(view_for(game, viewer), "Dr", seat)


def test_a_proof_counts_the_partner_and_says_so():
    game = table(["Mj Dr B4 S7", "R8 S9 B2", "G5 G6 G7", "S10 B10 GJ"], fill=False)
    en, de = both(_unbeatable_dragon(game, 0))
    assert en.startswith("Nobody can beat the Dragon, not even your partner:")
    assert de.startswith("Den Drachen kann niemand stechen, auch nicht dein Partner:")
    assert "give the trick to an opponent" in en and "an einen Gegner verschenken" in de


def test_tientsin_has_two_partners_and_trichu_the_table():
    six = seated("tientsin", ["Mj Dr S2", "S3 B3", "S4 B4", "S5 B5", "S6 B6", "S7 B7"])
    assert "not even your partners" in say(_unbeatable_dragon(six, 0), "en")
    assert "auch nicht deine Partner" in say(_unbeatable_dragon(six, 0), "de")
    three = seated("trichu", ["Mj Dr S3 B3 G3", "S4 B4 G4", "S5 B5 G5", "S7 B7 G7"])
    dealer, tab = three.round.seating.dealer, three.round.seating.table
    assert "not even the Table" in say(_unbeatable_dragon(three, dealer), "en")
    assert "auch nicht der Tisch" in say(_unbeatable_dragon(three, dealer), "de")
    other = seated("trichu", ["Mj S3 B3 G3 S6", "S4 B4 G4", "S5 B5 G5", "S7 B7 G7 Dr"])
    table_dragon = play_fact(view_for(other, dealer), "Dr", tab)
    assert table_dragon["kind"] == "unbeatable"
    assert "not even your own hand" in say(table_dragon, "en")
    assert "auch nicht dein eigenes Blatt" in say(table_dragon, "de")


def test_grandseigneur_has_no_partner_and_the_words_say_so():
    game = seated("grandseigneur", ["Mj Dr S2 S3", "B3 B4", "G4 G5", "R5 R6", "S6 S7", "B7 B8"])
    en, de = both(_unbeatable_dragon(game, 0))
    assert "every player plays for himself" in en and "hier spielt jeder für sich" in de
    assert "partner" not in en.lower() and "partner" not in de.lower()
    assert "opponent" not in en  # and no gift: the Dragon's trick is kept


# -- every item of every ruleset has words in both languages ---------------------------------------

_GERMAN_ONLY = ("Drache", "Phönix", "Hund", "Paar", "Drilling", "Treppe", "Straße", "Bombe", "Stich", "Karte")
_ENGLISH_ONLY = (" the ", "Dragon", "Phoenix", " Dog", " pair", "single", "triple", "stairs", "straight",
                 " bomb", " trick")


def _check_text(item, lang, text):
    assert text and text[-1] in ".)", (item, text)
    assert "{" not in text and "None" not in text and "?" not in text, (item, text)
    if lang == "de":
        assert not any(word in text for word in _ENGLISH_ONLY), (item, text)
    else:
        assert not any(word in text for word in _GERMAN_ONLY), (item, text)


CONFIGS = [("standard", None), ("fifty-two", None), ("trichu", None), ("tientsin", None),
           ("grandseigneur", None), ("grandseigneur", {"players": 7})]


@pytest.mark.parametrize("ruleset, options", CONFIGS)
def test_every_fact_and_reason_of_random_games_has_words_in_both_languages(ruleset, options):
    rng = random.Random(ruleset)
    seen = set()
    game = Game(ruleset, options, seed=11)
    for _ in range(2):
        rnd = game.round
        while rnd.phase != "over" and game.round is rnd:
            game.apply(random_action(rnd, rng, bomb_rate=0.2, wish_rate=0.9))
            if rnd.phase != "play" or rng.random() < 0.8:
                continue
            for viewer in rnd.seating.players:
                view = view_for(game, viewer)
                for seat in view["controls"]:
                    items = facts(view, seat)
                    hand = mask_cards(rnd.hands[seat])
                    for _ in range(3):
                        if hand:
                            cards = game.rules.deck.format_cards(
                                sum(1 << c for c in rng.sample(hand, min(rng.randint(1, 4), len(hand)))))
                            items += [why_not(view, cards, seat), play_fact(view, cards, seat)]
                    for item in items:
                        if item is None:
                            continue
                        kept = copy.deepcopy(item)
                        for lang in ("en", "de"):
                            _check_text(item, lang, say(item, lang))
                        assert item == kept  # saying it changes nothing
                        seen.add(item["kind"])
                        if ruleset == "grandseigneur":  # nobody has a partner there
                            assert "partner" not in say(item, "en").lower()
                            assert "partner" not in say(item, "de").lower()
        if game.over:
            break
    assert len(seen) >= 15, seen
    assert seen <= set(_SAYERS)


def test_an_unknown_language_or_kind_is_an_error():
    game = table(["Mj SQ BQ G4", "R8 S9 B2 G2", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False)
    with pytest.raises(ValueError):
        say(trick_fact(view_for(game, 0)), "fr")
    with pytest.raises(ValueError):
        say({"kind": "nonsense"}, "en")


def test_the_leader_under_the_wish_and_the_dog_past_a_partner_who_is_out():
    lead = {"kind": "lead", "seat": 0, "ruleset": "standard", "teams": True, "dog": True,
            "dog_to": [{"seat": 3, "relation": "opponent"}], "partner_out": True, "must_lead_wish": "J",
            "bomb_instead": False}
    assert both(lead) == (
        "You lead, and the wish binds you: lead a combination with a Jack. "
        "You may not lead the Dog while the wish binds you.",
        "Du spielst aus, und der Wunsch bindet dich: spiele eine Kombination mit einem Buben aus. "
        "Den Hund darfst du nicht ausspielen, solange dich der Wunsch bindet.")
    free = dict(lead, must_lead_wish=None)
    assert both(free) == (
        "You lead: play any combination, or a bomb. The Dog can only be led: "
        "your partner is out, so it passes the lead to Seat 4.",
        "Du spielst aus: jede Kombination ist erlaubt, auch eine Bombe. "
        "Den Hund darf man nur ausspielen: dein Partner ist draußen, also gibt er das Ausspiel an Platz 4.")


def test_a_known_card_is_named_with_its_suit():
    fact = {"kind": "top_cards_out", "seat": 0, "ruleset": "standard", "teams": True, "top_rank": "A",
            "cards": [{"card": "RA", "role": "top_rank", "holder": {"seat": 3, "relation": "opponent"}},
                      {"card": "Dr", "role": "dragon", "holder": None}]}
    assert both(fact) == ("Neither played nor in your hand: the Dragon and an Ace. "
                          "Of these, Seat 4 holds the Star Ace.",
                          "Weder gespielt noch bei dir: der Drache und ein Ass. "
                          "Davon hat Platz 4 das Stern-Ass.")


def test_the_cards_out_are_counted_whole_before_the_known_ones_are_named():
    """Four Aces out, one of them known: the count says four, never three."""
    holder = {"seat": 2, "relation": "partner"}
    cards = [{"card": "GA", "role": "top_rank", "holder": holder}] + [
        {"card": c, "role": "top_rank", "holder": None} for c in ("SA", "BA", "RA")] + [
        {"card": "Ph", "role": "phoenix", "holder": None}]
    fact = {"kind": "top_cards_out", "seat": 0, "ruleset": "standard", "teams": True, "top_rank": "A",
            "cards": cards}
    en, de = both(fact)
    assert en.startswith("Neither played nor in your hand: the Phoenix and 4 Aces. Of these, your partner")
    assert "3 Aces" not in en and "3 Asse" not in de
    assert de.startswith("Weder gespielt noch bei dir: der Phönix und 4 Asse. Davon hat dein Partner")


def test_a_second_decks_card_is_named_as_the_table_names_it():
    """Two decks (Grandseigneur from seven players): the copy is "(second deck)", as on the page,
    never the code's prime."""
    why = {"kind": "no_combination", "code": "not_a_combination", "seat": 0, "ruleset": "grandseigneur",
           "cards": "G5' R3", "teams": False}
    en, de = both(why)
    assert en.startswith("The Jade 5 (second deck) and the Star 3 are not a combination.")
    assert de.startswith("Die Jade-5 (zweites Spiel) und die Stern-3 sind keine Kombination.")
    assert card_name("Dr'", "dragon", "grandseigneur", "en") == "the Dragon (second deck)"


def test_the_known_cards_out_are_named_once_per_holder_and_a_lone_one_without_of_these():
    table = {"seat": 3, "relation": "table"}
    two = {"kind": "top_cards_out", "seat": 0, "ruleset": "trichu", "teams": True, "top_rank": "A",
           "cards": [{"card": "BA", "role": "top_rank", "holder": table},
                     {"card": "GA", "role": "top_rank", "holder": table}]}
    assert both(two) == ("Neither played nor in your hand: 2 Aces. Of these, the Table holds the Pagoda Ace "
                         "and the Jade Ace.",
                         "Weder gespielt noch bei dir: 2 Asse. "
                         "Davon hat der Tisch das Pagode-Ass und das Jade-Ass.")
    one = dict(two, cards=[{"card": "RA", "role": "top_rank", "holder": {"seat": 1, "relation": "opponent"}}])
    assert both(one, {1: "Bot 2"}) == ("Neither played nor in your hand: an Ace. Bot 2 holds the Star Ace.",
                                       "Weder gespielt noch bei dir: ein Ass. Bot 2 hat das Stern-Ass.")
