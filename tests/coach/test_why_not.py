"""Why not: the coach's answer agrees with what the engine does with the play.

Every answer here is compared with the engine itself: the play is applied to
the game (`by=` the viewer, as a table does), and the engine's refusal code
must be the answer's `code` ("legal" when accepted). On top of that each kind
of reason is checked to be a real one (a "does not beat" selection is a
combination, a "not a combination" one has no reading at all, ...).
"""

from __future__ import annotations

import random
import re

import pytest

from app.coach.why_not import why_not
from app.coach.words import say
from app.engine import Game, IllegalAction, candidate_plays, interpretations, mask_cards, view_for
from app.engine.combos import BOMB, DRAGON_VALUE, KIND, KIND_NAMES, LENGTH, MASK, SINGLE, VALUE, beats
from app.engine.plays import wish_mask
from app.engine.simulate import random_action

from ..engine.helpers import pass_, play, seated, table
from .endgames import Rewind


def engine_code(game: Game, viewer: int, seat: int, cards: str, phoenix=None, to=None) -> str:
    """What the engine says to the play: "legal", or its refusal code. The game is left as it was."""
    action = {"seat": seat, "act": "play", "cards": cards}
    if phoenix is not None:
        action["phoenix"] = phoenix
    if to is not None:
        action["to"] = to
    rewind = Rewind(game)
    try:
        game.apply(action, by=viewer)
    except IllegalAction as err:
        return err.code
    finally:
        rewind()
    return "legal"


def ask(game, viewer, cards, seat=None, phoenix=None) -> dict:
    """The coach's answer, checked against the engine's."""
    seat = viewer if seat is None else seat
    answer = why_not(view_for(game, viewer), cards, seat, phoenix)
    to = answer["dog_to"][0]["seat"] if answer.get("dog_to") else None
    text = cards if isinstance(cards, str) else " ".join(cards)
    assert answer["code"] == engine_code(game, viewer, seat, text, phoenix, to), answer
    return answer


# -- the engine's order of checks ------------------------------------------------------------------

GAME = ["Mj S3 B3 G4", "R8 S9 B2 G2", "G6 G7 S7 B7", "S10 B10 GJ R10"]


def test_legal_plays_say_how_they_are_read():
    game = table(["Mj S2 B3 G4 R5 Ph", "R8 S9 B2 G2", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False)
    lead = ask(game, 0, "Mj S2 B3 G4 Ph")
    assert lead["kind"] == "legal" and lead["mode"] == "lead" and lead["may_wish"]
    assert [p["phoenix"] for p in lead["plays"]] == ["5"]
    either = ask(game, 0, "S2 B3 G4 R5 Ph")
    assert [p["phoenix"] for p in either["plays"]] == ["6"]  # (never the 1: the Phoenix is no Mah Jong)
    low = ask(game, 0, "S2 B3 G4 R5 Ph", phoenix="6")
    assert low["kind"] == "legal" and [p["phoenix"] for p in low["plays"]] == ["6"]


def test_the_phoenix_declared_for_a_rank_it_cannot_be():
    game = table(["Mj S2 B3 G4 R5 Ph", "R8 S9 B2 G2", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False)
    bad = ask(game, 0, "S2 B3 G4 R5 Ph", phoenix="9")
    assert bad["kind"] == "phoenix_cannot_be" and bad["can_be"] == ["6"]
    assert ask(game, 0, "S2 B3", phoenix="Z")["kind"] == "bad_phoenix_rank"


def test_malformed_selections():
    game = table(GAME, fill=False)
    assert ask(game, 0, "")["kind"] == "no_cards"
    assert ask(game, 0, "S3 XX")["kind"] == "unknown_card"
    assert ask(game, 0, "S3 S3")["kind"] == "named_twice"
    assert ask(game, 0, ["S3", "B3"])["kind"] == "legal"


def test_cards_not_in_the_hand():
    game = table(GAME, fill=False)
    answer = ask(game, 0, "S3 R8")
    assert answer["kind"] == "not_in_hand" and answer["cards"] == "R8"


def test_not_your_seat_and_the_trichu_dealer_answering_for_the_table():
    game = table(GAME, fill=False)
    assert ask(game, 0, "R8", seat=1)["kind"] == "not_your_seat"
    trichu = seated("trichu", ["Mj S3 B3 G3 S6", "S4 B4 G4", "S5 B5 G5 R5", "S7 B7 G7 R8 Dr"])
    dealer, tab = trichu.round.seating.dealer, trichu.round.seating.table
    play(trichu, 0, "Mj")
    pass_(trichu, 1)
    assert ask(trichu, dealer, "S7", seat=tab)["kind"] == "legal"
    assert ask(trichu, 1, "S7", seat=tab)["kind"] == "not_your_seat"


def test_not_your_turn_to_lead_a_bomb_needs_a_combination_on_the_table():
    game = table(["Mj S3 B3 G4", "R8 S9 B9 G9 R9", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False)
    answer = ask(game, 1, "S9 B9 G9 R9")
    assert answer["kind"] == "not_your_turn" and answer["leading"]
    assert answer["turn"] == {"seat": 0, "relation": "opponent"}
    play(game, 0, "Mj")
    assert ask(game, 2, "G6")["kind"] == "only_bombs_out_of_turn"
    junk = ask(game, 3, "S10 B10 R10 GJ")
    assert junk["code"] == "not_a_combination" and junk["kind"] == "no_combination"


def test_out_of_turn_only_a_bomb_and_it_is_legal():
    game = table(["Mj S3 B3 G4", "R8 S9 B9 G9 R9", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False)
    play(game, 0, "Mj")
    pass_(game, 1)
    bomb = ask(game, 1, "S9 B9 G9 R9")  # seat 2's turn: seat 1 bombs out of turn
    assert bomb["kind"] == "legal" and bomb["mode"] == "bomb"
    single = ask(game, 1, "S9")
    assert single["kind"] == "only_bombs_out_of_turn" and single["turn"]["seat"] == 2


def test_during_the_dragon_gift_only_bombs():
    game = table(["Mj Dr B3 G4", "R8 S9 B9 G9 R9", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False)
    play(game, 0, "Dr")
    pass_(game, 1, 2, 3)
    assert ask(game, 2, "G6")["kind"] == "gift_pending_only_bombs"
    assert ask(game, 1, "S9 B9 G9 R9")["kind"] == "legal"


# -- not a combination: the rule named -------------------------------------------------------------

@pytest.mark.parametrize("hand, cards, kind", [
    ("Mj Dr S3 B3", "Dr S3", "dragon_alone"),
    ("Mj Dg S3 B3", "Dg S3", "dog_alone"),
    ("Mj S2 S3 B3", "Mj S3", "mahjong_single_or_straight"),
    ("Mj S3 B3 G3 Ph", "S3 B3 G3 Ph", "phoenix_in_bomb"),
    ("Mj S3 B3 G3 R3 Ph", "S3 B3 G3 R3 Ph", "phoenix_in_bomb"),
    ("Mj S3 B4 G5 R6", "S3 B4 G5 R6", "straight_too_short"),
    ("Mj S3 B4 Ph R6", "S3 B4 Ph R6", "straight_too_short"),
    ("Mj S3 B3 G5 R5", "S3 B3 G5 R5", "stairs_not_adjacent"),
    ("Mj S3 B9 G5 R5", "S3 B9", "no_combination"),
])
def test_not_a_combination_names_the_rule_broken(hand, cards, kind):
    game = table([hand, "R8 S9 B2 G2", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False)
    assert ask(game, 0, cards)["kind"] == kind


def test_stairs_of_two_pairs_at_a_table_that_wants_three():
    game = table(["Mj S3 B3 G4 R4", "R8 S9 B2 G2", "G6 G7 S7 B7", "S10 B10 GJ R10"], "standard",
                 {"stairs_min_pairs": 3}, fill=False)
    answer = ask(game, 0, "S3 B3 G4 R4")
    assert answer["kind"] == "stairs_too_short" and answer["min_pairs"] == 3
    assert ask(table(["Mj S3 B3 G4 R4", "R8 S9 B2 G2", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False),
               0, "S3 B3 G4 R4")["kind"] == "legal"


def test_two_decks_one_phoenix_per_combination_and_four_suits_per_bomb():
    game = seated("grandseigneur", ["Mj Ph Ph' S3 B3 S5 S5' G5 R5", "B4 G4", "G6 R6", "R7 S7", "S8 B8",
                                    "B9 G9", "R2 G2"], {"players": 7})
    assert ask(game, 0, "Ph Ph' S3")["kind"] == "one_phoenix"
    assert ask(game, 0, "S5 S5' G5 R5")["kind"] == "four_needs_four_suits"


# -- does not beat: the comparison named -----------------------------------------------------------

def test_wrong_kind_wrong_length_and_not_higher():
    game = table(["Mj S3 B3 G4 R5 S6 B7 G8", "R8 S9 B9 G2 R2 S4 B5 G6 R7", "G7 S10 B10", "SJ BJ GJ"],
                 fill=False)
    play(game, 0, "S3 B3")
    pair = ask(game, 1, "S9")
    assert pair["kind"] == "wrong_kind"
    assert pair["top"]["kind"] == "pair" and pair["yours"]["kind"] == "single"
    assert ask(game, 1, "G2 R2")["kind"] == "not_higher"
    assert ask(game, 1, "S9 B9")["kind"] == "legal"
    game2 = table(["Mj S2 B3 G4 R5 S7 B8", "S4 B5 G6 R7 S8 B9 G9", "G7 S10 B10", "SJ BJ GJ"], fill=False)
    play(game2, 0, "Mj S2 B3 G4 R5")
    assert ask(game2, 1, "S4 B5 G6 R7 S8 B9")["kind"] == "wrong_length"
    equal = table(["Mj S3 B3 G4", "R3 G3 B2 G2", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False)
    play(equal, 0, "S3 B3")
    same = ask(equal, 1, "R3 G3")
    assert same["kind"] == "not_higher" and same["equal"]


def test_the_phoenix_and_the_dragon_and_the_dog():
    game = table(["Mj Dr Dg G4", "R8 S9 Ph G2", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False)
    play(game, 0, "Dr")
    assert ask(game, 1, "Ph")["kind"] == "phoenix_on_dragon"
    assert ask(game, 1, "S9")["kind"] == "dragon_needs_bomb"
    pairs = table(["Mj S3 B3 Dg", "R8 S9 Ph G2", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False)
    play(pairs, 0, "S3 B3")
    assert ask(pairs, 1, "Ph")["kind"] == "phoenix_single_on_single"
    assert ask(pairs, 1, "Ph S9")["kind"] == "legal"
    dog = table(["Mj S3 B3 G4", "R8 S9 Dg G2", "G6 G7 S7 B7", "S10 B10 GJ R10"], fill=False)
    play(dog, 0, "S3")
    assert ask(dog, 1, "Dg")["kind"] == "dog_only_leads"


def test_only_a_higher_bomb_beats_a_bomb():
    game = table(["Mj S5 B5 G5 R5", "S4 B4 G4 R4 S9", "G6 G7 S7 B7", "S2 S3 S6 S8 SJ"], fill=False)
    play(game, 0, "S5 B5 G5 R5")
    low = ask(game, 1, "S4 B4 G4 R4")
    assert low["kind"] == "bomb_not_higher" and low["top"]["bomb"] == "four"
    assert ask(game, 1, "S9")["kind"] == "needs_higher_bomb"  # its turn, but a single on a bomb


def test_a_follower_needs_a_higher_bomb_on_a_bomb():
    game = table(["Mj S5 B5 G5 R5", "S4 B4 G4 S9", "G6 G7 S7 B7", "S2 S3 S6 S8"], fill=False)
    play(game, 0, "S5 B5 G5 R5")
    answer = ask(game, 1, "S9")
    assert answer["kind"] == "needs_higher_bomb" and answer["top"]["kind"] == "bomb"


# -- the wish --------------------------------------------------------------------------------------

def test_the_wish_must_be_fulfilled_and_the_answer_names_how():
    game = table(["Mj S3 B4", "R8 S9 B8", "G5 G6 G7", "S10 B10 GJ"], fill=False)
    play(game, 0, "Mj", wish="8")
    answer = ask(game, 1, "S9")
    assert answer["kind"] == "must_fulfil_wish" and answer["rank"] == "8"
    assert sorted(p["cards"] for p in answer["fulfilling"]) == ["B8", "R8"]
    assert ask(game, 1, "R8")["fulfils_wish"]


def test_the_trichu_table_may_ignore_the_wish():
    game = seated("trichu", ["Mj S3 B3 G3 S6", "S4 B4 G4", "S5 B5 G5 R5", "S7 B7 G7 R8 Dr"])
    play(game, 0, "Mj", wish="8")
    pass_(game, 1)
    dealer, tab = game.round.seating.dealer, game.round.seating.table
    assert ask(game, dealer, "S7", seat=tab)["kind"] == "legal"


def test_the_dog_in_tientsin_names_the_partners_to_choose_from():
    game = seated("tientsin", ["Mj Dg S2", "S3 B3", "S4 B4", "S5 B5", "S6 B6", "S7 B7"])
    answer = ask(game, 0, "Dg")
    assert answer["kind"] == "legal" and [w["seat"] for w in answer["dog_to"]] == [2, 4]
    assert all(w["relation"] == "partner" for w in answer["partners"])


# -- the property: random selections in random positions of every ruleset ---------------------------

CONFIGS = [("standard", None), ("standard", {"stairs_min_pairs": 3, "wish_bomb_escape": "always"}),
           ("standard", {"wish_bomb_escape": "never"}), ("fifty-two", None), ("trichu", None),
           ("tientsin", None), ("grandseigneur", None), ("grandseigneur", {"players": 7})]


def _selections(game, seat, rng):
    """Selections worth asking about: the engine's legal plays, combinations of the hand (most of
    which do not beat), random subsets, and some with a card not held or a Phoenix rank."""
    deck = game.rules.deck
    hand = game.round.hands[seat]
    legal = game.round.legal(seat)
    out = [(p[MASK], None) for p in legal.plays + legal.bombs]
    combos = candidate_plays(hand, deck, None, game.rules.stairs_min_pairs)
    out += [(p[MASK], None) for p in rng.sample(combos, min(8, len(combos)))]
    cards = mask_cards(hand)
    for _ in range(8):
        k = rng.choice([1, 2, 2, 3, 4, 5, 6])
        out.append((sum(1 << c for c in rng.sample(cards, min(k, len(cards)))), None))
    if cards:
        out.append(((1 << rng.choice(cards)) | (1 << rng.randrange(deck.size)), None))
    for p in combos[:40]:
        if p[4] is not None:
            out.append((p[MASK], deck.rank_name(rng.randint(deck.low, deck.high))))
            break
    return [(m, ph) for m, ph in out if m]


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=[f"{r}-{o}" for r, o in CONFIGS])
def test_why_not_agrees_with_the_engine_in_random_positions(index):
    ruleset, options = CONFIGS[index]
    rng = random.Random(index)
    kinds: dict = {}
    for seed in range(3):
        game = Game(ruleset, options, seed=100 * index + seed)
        steps = 0
        while not game.over and steps < 250:
            game.apply(random_action(game.round, rng, bomb_rate=0.2, wish_rate=0.9))
            steps += 1
            if rng.random() < 0.75:
                continue
            rnd = game.round
            for viewer in rnd.seating.players:
                view = view_for(game, viewer)
                for seat in view["controls"]:
                    for mask, phoenix in _selections(game, seat, rng):
                        cards = game.rules.deck.format_cards(mask)
                        answer = why_not(view, cards, seat, phoenix)
                        to = answer["dog_to"][0]["seat"] if answer.get("dog_to") else None
                        assert answer["code"] == engine_code(game, viewer, seat, cards, phoenix, to), answer
                        _is_a_real_reason(game, seat, mask, answer)
                        _names_no_card_by_code(game, answer)
                        kinds[answer["kind"]] = kinds.get(answer["kind"], 0) + 1
    print(f"\n{ruleset} {options or ''}: {kinds}")
    assert kinds.get("legal", 0) > 20 and len(kinds) >= 6


def _names_no_card_by_code(game, answer):
    """The sentence names cards as the table does ("the Pagoda Queen", "the Jade 5 (second
    deck)"), never by code ("BQ") nor with a code's prime ("the Jade 5'")."""
    codes = set(game.rules.deck.codes) | {c + "'" for c in game.rules.deck.codes}
    for lang in ("en", "de"):
        text = say(answer, lang)
        assert not codes & set(re.findall(r"[\w']+", text)), (answer, text)
        assert not re.search(r"\w'(?!\w)", text), (answer, text)


def _is_a_real_reason(game, seat, mask, answer):
    """The reason is true of the selection: checked from the game, not from the answer's logic."""
    rnd = game.round
    deck, rules = game.rules.deck, game.rules
    kind = answer["kind"]
    hand = rnd.hands[seat]
    smp, led = rules.stairs_min_pairs, rules.led_phoenix_value
    top = rnd.top
    legal = rnd.legal(seat)
    listed = {p[MASK] for p in legal.plays + legal.bombs}
    if kind == "legal":
        assert mask in listed
        return
    if kind == "phoenix_cannot_be":  # the cards may be a legal play, with the Phoenix as another rank
        readings = interpretations(mask, deck, smp, None if legal.lead else top, led)
        assert deck.parse_rank(answer["rank"]) not in {p[4] for p in readings}
        return
    assert mask not in listed
    if kind == "not_in_hand":
        assert mask & ~hand
    elif answer["code"] == "not_a_combination":
        assert not interpretations(mask, deck, smp, None, led)
        assert not interpretations(mask, deck, smp, top, led)
        if kind == "dragon_alone":
            assert mask & deck.dragon_mask and mask.bit_count() > 1
        if kind == "dog_alone":
            assert mask & deck.dog_mask and mask.bit_count() > 1
        if kind == "phoenix_in_bomb":
            assert mask & deck.phoenix_mask
            rest = mask & ~deck.phoenix_mask
            assert len({deck.rank_of[c] for c in mask_cards(rest)}) == 1 or any(
                p[KIND] == BOMB for p in interpretations(rest, deck, smp))
        if kind == "stairs_too_short":
            assert any(KIND_NAMES[p[KIND]] == "stairs" for p in interpretations(mask, deck, 2))
    elif answer["code"] == "does_not_beat" and kind not in ("phoenix_on_dragon", "phoenix_single_on_single"):
        readings = interpretations(mask, deck, smp, top, led)
        assert readings and top is not None and not any(beats(p, top) for p in readings)
        if kind == "wrong_kind":
            assert all(p[KIND] != top[KIND] for p in readings)
        if kind == "wrong_length":
            assert all(p[KIND] == top[KIND] and p[LENGTH] != top[LENGTH] for p in readings)
        if kind == "not_higher":
            assert all(p[KIND] == top[KIND] and p[LENGTH] == top[LENGTH] and p[VALUE] <= top[VALUE]
                       for p in readings)
        if kind == "dragon_needs_bomb":
            assert top[KIND] == SINGLE and top[VALUE] >= DRAGON_VALUE
        if kind in ("needs_higher_bomb", "bomb_not_higher"):
            assert top[KIND] == BOMB
    elif kind == "phoenix_on_dragon":
        assert mask == mask & deck.phoenix_mask and top[VALUE] >= DRAGON_VALUE
    elif kind == "must_fulfil_wish":
        wished = wish_mask(deck, rnd.wish) & hand
        assert wished and not mask & wished and any(p[MASK] & wished for p in legal.plays)
    elif kind == "only_bombs_out_of_turn":
        assert rnd.turn != seat and interpretations(mask, deck, smp, top, led)
        assert not any(p[KIND] == BOMB for p in interpretations(mask, deck, smp, top, led))
