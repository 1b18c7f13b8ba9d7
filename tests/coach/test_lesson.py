"""The guided first game's script is consistent: its deal is the deck split four ways, every
scripted action is legal when it comes (the whole lesson played through the engine with the
expected player moves), wrong moves get words, its texts never name a card the player
cannot know at that moment, and every claim a text makes of the cards is true by the engine."""

from __future__ import annotations

import re

import pytest

from app.coach.lesson import FIRST_GAME, LessonBot, check, lesson_deal, lesson_doc, position
from app.coach.lesson import claims as c
from app.coach.lesson.guide import actions_by
from app.engine import Game, Rules, view_for
from app.engine.combos import BOMB, KIND, PAIR, PHOENIX, beats, interpretations
from app.engine.scoring import card_points

LESSON = FIRST_GAME
DECK = Rules.of(LESSON.ruleset, LESSON.options).deck


def play_through(lesson=LESSON, gift_to=1, seen=None, acting=None):
    """The lesson played as scripted: each bot's next action where it has one, else the player's
    expected move. `seen(view, doc)` is called with the player's view and lesson document at
    every position, `acting(seat, view)` with a bot's view as it acts. Returns the game."""
    game = Game(lesson.ruleset, lesson.options, deal=lesson_deal(lesson))
    bots = {s: LessonBot(s, lesson=lesson) for s in range(4) if s != lesson.seat}
    for _ in range(500):
        view = view_for(game, lesson.seat)
        if seen is not None:
            seen(view, lesson_doc(lesson, view))
        if game.over:
            return game
        moved = False
        for seat, bot in bots.items():
            bot_view = view_for(game, seat)
            scripted = bot.scripted(bot_view)
            action = bot.decide(bot_view)
            if action is not None:
                assert action == scripted, f"seat {seat} left its script: {action}"
                if acting is not None:
                    acting(seat, bot_view)
                game.apply({**action, "seat": seat})
                moved = True
                break
        if moved:
            continue
        where = position(lesson, view)
        assert where["ready"], "nobody can move and the player is not asked"
        expect = dict(lesson.steps[where["step"]].expect)
        if expect["act"] == "gift":
            expect["to"] = gift_to
        assert check(lesson, view, expect) is None
        game.apply({**expect, "seat": lesson.seat})
    raise AssertionError("the lesson never ended")


def test_the_deal_is_the_whole_deck_in_four_hands_of_fourteen():
    hands = [DECK.parse_cards(hand) for hand in LESSON.deal]
    assert [len(h) for h in hands] == [14] * 4
    assert sorted(c for h in hands for c in h) == list(range(DECK.size))


@pytest.mark.parametrize("gift_to", [1, 3])
def test_the_whole_lesson_plays_through_the_engine_as_scripted(gift_to):
    steps = []
    game = play_through(gift_to=gift_to, seen=lambda view, doc: steps.append((doc["step"], doc["ready"])))
    assert game.over and game.winner == 0  # the player's team, in one deal
    assert game.rounds[0].out[:2] == [0, 2]  # the double victory the last step explains
    assert game.totals == [300, 0]
    shown = [step for step, ready in steps if ready]
    assert sorted(set(shown)) == list(range(len(LESSON.steps)))  # every step comes, in order
    assert shown == sorted(shown)


def test_every_bot_action_of_the_script_is_played_and_none_is_left():
    game = play_through()
    view = view_for(game, None)
    for seat in (1, 2, 3):
        scripted = sum(1 for step in LESSON.steps for s, _ in step.bots if s == seat)
        assert actions_by(view, seat) == scripted


def test_the_exchange_and_grand_tichu_eight_are_what_the_lesson_says():
    game = Game(LESSON.ruleset, LESSON.options, deal=lesson_deal(LESSON))
    view = view_for(game, 0)
    assert view["phase"] == "grand"
    assert set(view["hand"]) == set(LESSON.deal[0].split()[:8])


def test_a_wrong_move_gets_words_and_the_right_one_passes():
    game = Game(LESSON.ruleset, LESSON.options, deal=lesson_deal(LESSON))
    view = view_for(game, 0)
    code, words = check(LESSON, view, {"act": "grand", "call": True})
    assert code == "lesson" and "No Grand Tichu" in words
    assert check(LESSON, view, {"act": "grand", "call": False}) is None


def test_cards_that_are_no_play_get_the_coachs_why_not():
    positions = []
    play_through(seen=lambda view, doc: doc["name"] == "kings" and doc["ready"] and positions.append(view))
    view = positions[0]
    code, words = check(LESSON, view, {"act": "play", "cards": "SK"})  # a single on a pair
    assert code != "lesson" and "pair" in words
    code, words = check(LESSON, view, {"act": "play", "cards": "SK BK R6"})
    assert words.endswith(".") and code != "legal"
    code, words = check(LESSON, view, {"act": "pass"})  # legal, but the lesson asks for the Kings
    assert code == "lesson" and "Kings" in words
    assert check(LESSON, view, {"act": "play", "cards": "BK SK"}) is None


def test_the_bot_falls_back_to_a_legal_move_where_the_script_no_longer_fits():
    game = Game(LESSON.ruleset, LESSON.options, deal=lesson_deal(LESSON))
    for seat in range(4):
        game.apply({"seat": seat, "act": "grand", "call": False})
    # The player gives other cards than the lesson asks: the bots' script still fits the
    # exchange, then the player leads something else and the bots fall back to passing.
    game.apply({"seat": 0, "act": "exchange", "give": {"1": "B3", "2": "R2", "3": "GA"}})
    for seat in (1, 2, 3):
        bot = LessonBot(seat)
        game.apply({**bot.decide(view_for(game, seat)), "seat": seat})
    game.apply({"seat": 0, "act": "play", "cards": "R10"})  # the Mah Jong is not led
    view = view_for(game, 1)
    bot = LessonBot(1)
    assert bot.scripted(view) is None
    action = bot.decide(view)
    game.apply({**action, "seat": 1})  # legal: the engine takes it


RANK_WORDS = {"Ace": "A", "Aces": "A", "King": "K", "Kings": "K", "Queen": "Q", "Jack": "J"}
SPECIAL_WORDS = {"Mah Jong": "Mj", "Dog": "Dg", "Phoenix": "Ph", "Dragon": "Dr"}


def known_cards(view) -> set[str]:
    """The cards the player's view tells it where they are: its hand, what it gave and got,
    and what has been played."""
    known = set(view["hand"] or [])
    exchange = view["exchange"] or {}
    for part in ("given", "received"):
        for cards in (exchange.get(part) or {}).values():
            known |= set(cards.split())
    for entry in view["history"]:
        if entry.get("act") == "play":
            known |= set(entry["cards"].split())
    return known


def named(text: str) -> tuple[set[str], set[str]]:
    """The ranks and special cards a text names."""
    text = re.sub(r"\b\d+ (cards?|points)\b|5 5 6 6|\(a 1\)", "", text)
    ranks = set()
    for word, rank in RANK_WORDS.items():
        if re.search(rf"\b{word}\b", text):
            ranks.add(rank)
    for number in re.findall(r"\b(10|[2-9])s?\b", text):
        ranks.add(number)
    specials = {code for word, code in SPECIAL_WORDS.items() if word in text}
    return ranks, specials


def test_lesson_texts_name_only_cards_the_player_knows_when_they_show():
    def seen(view, doc):
        known = known_cards(view)
        ranks, specials = named(doc["text"])
        known_ranks = {DECK.codes[DECK.parse_card(c)][1:] for c in known if c[0] in "SBGR"}
        # The last step explains the card points of every rank in general; the wish names a
        # rank the player does not hold, which says only that others hold it (all four).
        wish = {(doc["expect"] or {}).get("wish")}
        unknown = ranks - known_ranks - wish if doc["name"] != "score" else set()
        assert not unknown, (doc["name"], unknown, known)
        assert specials <= known or doc["name"] == "grand" and not specials, (doc["name"], specials)
        expect = doc["expect"] or {}
        mine = set(view["hand"] or [])
        for cards in [expect.get("cards", "")] + list((expect.get("give") or {}).values()):
            assert set(cards.split()) <= mine, (doc["name"], cards)

    play_through(seen=seen)


def test_the_lesson_document_says_nothing_a_spectator_or_bot_could_not_build_from_public_data():
    """The document depends only on the player's view: two games that differ in hidden cards
    only (here: before the exchange, the bots' hands) give the same document at the start."""
    game = Game(LESSON.ruleset, LESSON.options, deal=lesson_deal(LESSON))
    doc = lesson_doc(LESSON, view_for(game, 0))
    assert doc["step"] == 0 and doc["expect"] == {"act": "grand", "call": False}
    assert set(doc) == {"id", "step", "steps", "name", "ready", "over", "text", "expect"}


def _since_my_last_decision(view) -> list:
    """The actions after the player's last one, as (seat, cards or None for a pass)."""
    history = view["history"]
    mine = max((i for i, e in enumerate(history) if e.get("seat") == LESSON.seat), default=-1)
    return [(e["seat"], e.get("cards") and frozenset(e["cards"].split())) for e in history[mine + 1:]
            if e.get("act") in ("play", "pass")]


def _rank(card: str) -> str:
    return DECK.codes[DECK.parse_card(card)][1:]


def _out_order(view) -> tuple:
    return tuple(p["seat"] for p in sorted((p for p in view["players"] if p["out"]), key=lambda p: p["out"]))


def _plays_of(view) -> list:
    return view["legal"]["plays"] or []


def _readings(cards: str) -> list:
    return interpretations(DECK.parse_mask(cards), DECK)


def _broken_rule(name: str) -> str | None:
    """Where the engine's rules differ from the rule as the lesson states it (claims.Rule)."""
    if name == "bombs":
        # Ordered from low to high: each beaten by every later one and by no earlier one.
        bombs = [_readings(cards) for cards in ("S6 B6 G6 R6", "S7 B7 G7 R7", "SA BA GA RA",
                                                "G2 G3 G4 G5 G6", "B2 B3 B4 B5 B6 B7")]
        if not all(len(r) == 1 and r[0][KIND] == BOMB for r in bombs):
            return f"not all bombs: {bombs}"
        no_bombs = ("G2 G3 G4 G5", "S2 G3 G4 G5 G6", "S6 B6 G6")
        if any(r[KIND] == BOMB for cards in no_bombs for r in _readings(cards)):
            return "a bomb of fewer cards or mixed suits"
        others = [r for cards in ("Dr", "SA", "SA BA", "SA BA GA", "S2 B2 S3 B3", "SA BA GA SK BK",
                                  "Mj S2 S3 S4 S5 R6 R7 R8 R9 R10 RJ RQ RK RA") for r in _readings(cards)]
        if len(others) != 7 or not all(beats(bombs[0][0], other) for other in others):
            return "the lowest bomb does not beat every combination that is not a bomb"
        for i, (low,) in enumerate(bombs):
            for (high,) in bombs[i + 1:]:
                if not beats(high, low) or beats(low, high):
                    return f"{high} against {low}"
    elif name == "card points":
        worth = {"5": 5, "10": 10, "K": 10, "Dr": 25, "Ph": -25}
        for code in DECK.codes:
            points = card_points(DECK, DECK.parse_mask(code))
            if points != worth.get(code if code[0] not in "SBGR" else _rank(code), 0):
                return f"{code} is worth {points}"
    elif name == "bombs beat anything":  # the bomb step's old words
        plays = [r for cards in ("S6 B6 G6 R6", "SA BA GA RA", "Dr", "SA BA") for r in _readings(cards)]
        if not all(beats(bomb, other) for bomb in plays[:2] for other in plays if other is not bomb):
            return "a bomb does not beat a higher bomb"
    elif name == "phoenix any card":  # the straight step's old words
        if not (_readings("Mj Ph") and any(r[KIND] == BOMB for r in _readings("S6 B6 G6 Ph"))):
            return "the Phoenix stands for no Mah Jong and in no bomb"
    elif name == "phoenix":
        for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"):
            value = DECK.rank_of[DECK.parse_card(f"S{rank}")]
            if [(r[KIND], r[PHOENIX]) for r in _readings(f"S{rank} Ph")] != [(PAIR, value)]:
                return f"the Phoenix does not pair a {rank}"
        if _readings("Mj Ph") or any(r[KIND] == BOMB for r in _readings("S6 B6 G6 Ph")):
            return "the Phoenix pairs the Mah Jong or makes a bomb"
    else:
        return "a rule this test does not know"
    return None


def _why_false(claim, view, acted) -> str | None:
    """Why the engine finds `claim` false on the player's `view` (and the bots' views as they
    last acted, `acted`), or None where it holds."""
    hand = set(view["hand"] or [])
    legal = view["legal"] or {}
    geometry = view["geometry"]
    me = LESSON.seat
    if isinstance(claim, c.Teams):
        opposite = geometry["relative"][claim.partner] == view["seats"] // 2
        if (geometry["partners"][me], tuple(geometry["opponents"][me]), opposite) != ([claim.partner],
                                                                                     claim.opponents, True):
            return f"the seating is {geometry}"
    elif isinstance(claim, c.HandSize):
        if len(hand) != claim.cards:
            return f"the hand holds {len(hand)}"
    elif isinstance(claim, c.OneCardToEach):
        others = [seat for seat in range(view["seats"]) if seat != me]
        if not legal.get("exchange") or legal["exchange_to"] != others or (
                geometry["exchange"][me] != {str(seat): 1 for seat in others}):
            return f"the exchange asks {legal.get('exchange_to')}, {geometry['exchange'][me]}"
    elif isinstance(claim, c.OnlyOfRank):
        for card in claim.cards.split():
            same = sorted(h for h in hand if h[0] in "SBGR" and _rank(h) == _rank(card))
            if same != [card]:
                return f"of the rank of {card} the hand holds {same}"
    elif isinstance(claim, c.Received):
        got = (view["exchange"] or {}).get("received") or {}
        if got != {str(seat): card for seat, card in claim.cards.items()}:
            return f"the player received {got}"
    elif isinstance(claim, c.MayCallTichu):
        if not legal.get("tichu"):
            return "Tichu may not be called"
    elif isinstance(claim, c.Leads):
        if not (legal.get("lead") and view["lead"]):
            return f"the player does not lead: {view['trick']}"
    elif isinstance(claim, c.Played):
        done = _since_my_last_decision(view)
        if done != [(seat, cards and frozenset(cards.split())) for seat, cards in claim.actions]:
            return f"since the player's last decision: {done}"
    elif isinstance(claim, c.Obliged):
        seen = acted.get(claim.seat)
        could = [] if seen is None else _plays_of(seen) + (seen["legal"]["bombs"] or [])
        if seen is None or seen["legal"]["pass"] or not could or not all(
                any(_rank(card) == claim.rank for card in play["cards"].split() if card[0] in "SBGR")
                for play in could):
            return f"when seat {claim.seat} acted it could {seen and seen['legal']}"
    elif isinstance(claim, c.Beaters):
        beating = {frozenset(p["cards"].split()) for p in _plays_of(view)}
        if beating != {frozenset(cards.split()) for cards in claim.plays}:
            return f"the plays that beat it are {sorted(map(sorted, beating))}"
    elif isinstance(claim, c.Combination):
        cards = frozenset(claim.cards.split())
        found = [p for p in _plays_of(view)
                 if frozenset(p["cards"].split()) == cards and p["kind"] == claim.kind]
        if not found or sorted(p["phoenix"] or "" for p in found) != sorted(claim.phoenix or ("",)):
            return f"the engine's plays of these cards are {found}"
    elif isinstance(claim, c.WholeHand):
        if set(claim.cards.split()) != hand:
            return f"the hand is {sorted(hand)}"
    elif isinstance(claim, c.GiftTo):
        if tuple(legal.get("gift") or ()) != claim.seats:
            return f"the trick may go to {legal.get('gift')}"
    elif isinstance(claim, c.DogTo):
        if geometry["dog_to"][me] != [claim.seat]:
            return f"the Dog hands the lead to {geometry['dog_to'][me]}"
    elif isinstance(claim, c.Out):
        if _out_order(view) != claim.seats:
            return f"out are {_out_order(view)}"
    elif isinstance(claim, c.CalledTichu):
        if not view["players"][me]["tichu"]:
            return "the player has not called Tichu"
    elif isinstance(claim, c.Rule):
        return _broken_rule(claim.name)
    elif isinstance(claim, c.RoundScore):
        rounds = view["scores"]["rounds"]
        if not rounds or tuple(rounds[-1]["scores"]) != claim.points:
            return f"the rounds scored {rounds}"
    else:
        return "a claim this test cannot check"
    return None


def false_claims(claims, view, acted=None) -> list[str]:
    """The claims that the engine, on the player's view at this moment, finds false."""
    found = ((claim, _why_false(claim, view, acted or {})) for claim in claims)
    return [f"{claim}: {why}" for claim, why in found if why is not None]


@pytest.mark.parametrize("gift_to", [1, 3])
def test_every_claim_of_the_lesson_is_true_when_its_text_shows(gift_to):
    checked, false, acted = set(), [], {}

    def seen(view, doc):
        step = LESSON.steps[doc["step"]]
        # A step's claims hold when its text shows: at the player's turn, or at the end for the
        # last; its watch text's claims when that shows first (the bots before it play).
        shows = "text" if doc["ready"] or doc["over"] else "watch"
        claims = step.claims if shows == "text" else step.watch_claims
        if claims and (step.name, shows) not in checked:
            checked.add((step.name, shows))
            false.extend(f"{step.name} ({shows}): {f}" for f in false_claims(claims, view, acted))

    play_through(gift_to=gift_to, seen=seen, acting=lambda seat, view: acted.__setitem__(seat, view))
    assert not false, "\n".join(false)
    assert checked == ({(step.name, "text") for step in LESSON.steps if step.claims}
                       | {(step.name, "watch") for step in LESSON.steps if step.watch_claims})


def test_every_step_says_something_checked_of_the_cards():
    """Each step's text tells of the cards or the game (what was played, what the player holds,
    what beats): none is left without its claims, nor a watch text that says more than
    "Watch: ..." (the score step's: you are out first, your Tichu is made)."""
    assert all(step.claims for step in LESSON.steps)
    saying_more = [step for step in LESSON.steps if step.watch and not step.watch.startswith("Watch:")]
    assert saying_more and all(step.watch_claims for step in saying_more)


FALSE_CLAIMS = [  # (step, a claim its text could have made, false there)
    ("dragon", c.Beaters(("Dr",))),  # the Dragon step's old words: only the Dragon beats the Ace
    ("bomb", c.Rule("bombs beat anything")),  # the bomb step's old words
    ("straight", c.Rule("phoenix any card")),  # the straight step's old words
    ("straight", c.Combination("Ph BQ SJ R10 G9", "straight", ("K",))),  # as the King alone
    ("grand", c.Teams(partner=1, opponents=(2, 3))),
    ("grand", c.HandSize(14)),
    ("exchange", c.OnlyOfRank("S6")),
    ("tichu", c.OneCardToEach()),  # the exchange is over: nothing more to give
    ("tichu", c.Received({2: "G9", 1: "Ph", 3: "Dg"})),
    ("tichu", c.CalledTichu()),  # not yet: this step asks for the call
    ("mahjong", c.MayCallTichu()),
    ("mahjong", c.Combination("Mj", "pair")),
    ("dragon", c.Played(((1, "B8"), (3, "SA")))),
    ("dragon", c.Obliged(3, "8")),  # Kai was free: Mia had played the 8
    ("dragon", c.Leads()),
    ("gift", c.GiftTo((2,))),
    ("dog", c.DogTo(1)),
    ("straight", c.WholeHand("Ph BQ SJ R10")),
    ("straight", c.Out((0,))),
    ("score", c.Out((2, 0))),
    ("score", c.RoundScore((200, 0))),
]


@pytest.mark.parametrize("step, claim", FALSE_CLAIMS,
                         ids=[f"{step}-{type(claim).__name__}" for step, claim in FALSE_CLAIMS])
def test_a_claim_that_is_false_is_found(step, claim):
    """The check above can fail: for each kind of claim, one that is false where it is made."""
    found, acted = [], {}

    def seen(view, doc):
        if doc["name"] == step and (doc["ready"] or doc["over"]) and not found:
            found.append(false_claims((claim,), view, acted))

    play_through(seen=seen, acting=lambda seat, view: acted.__setitem__(seat, view))
    assert found and found[0], (step, claim)


def test_the_dragon_step_names_everything_that_beats_the_ace():
    step = next(s for s in LESSON.steps if s.name == "dragon")
    assert "Only the Dragon" not in step.text
    for word in ("Dragon", "Phoenix", "6s"):
        assert word in step.text and word in step.wrong
