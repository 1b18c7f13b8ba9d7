"""The Hard bot's play-out engine and its search: whole rounds, the rules that matter for the score."""

import random

from app.bots.hard import HardBot
from app.bots.playout import Playout, planner_for
from app.engine import Game, view_for
from app.engine.cards import mask_cards

from .positions import pass_, play, table


def fresh_playout(seed: int, calls=(None, None, None, None)) -> Playout:
    game = Game(seed=seed)
    rnd = game.round
    hands = [sum(1 << c for c in cards) for cards in rnd.dealt]
    mj = next(s for s in range(4) if hands[s] >> game.rules.deck.mahjong & 1)
    planner = planner_for(game.rules.deck, game.rules.stairs_min_pairs)
    return Playout(game.rules, planner).setup(hands, mj, None, None, 0, 0, [0] * 4, [], list(calls))


def test_play_outs_end_with_the_points_of_the_whole_deck():
    for seed in range(200):
        po = fresh_playout(seed)
        po.run()
        assert len(po.out) >= 2 and len(set(po.out)) == len(po.out)
        left = [s for s in range(4) if po.hands[s]]
        if po.double_victory():
            assert po.score(0) in (200, -200) and po.score(1) == -po.score(0)
        else:
            assert len(left) == 1 and len(po.out) == 3
            assert sum(po.card_points()) == 100, seed
            assert po.score(0) == -po.score(1)


def test_calls_count_for_the_team_of_the_caller():
    for seed in range(30):
        po = fresh_playout(seed, calls=("tichu", "grand", None, None))
        po.run()
        if po.double_victory():
            base = 200 if po.out[0] % 2 == 0 else -200
        else:
            points = po.card_points()
            base = points[0] - points[1]
        tichu = 100 if po.out[0] == 0 else -100  # seat 0, team 0
        grand = -200 if po.out[0] == 1 else 200  # seat 1, team 1: counts against team 0
        assert po.score(0) == base + tichu + grand


def test_hard_plays_from_the_legal_list_and_searches_only_with_a_choice():
    game = table(["Mj S3 B4 G6", "S5 B6 G7", "SK GK BQ", "S8 B8 G8"], fill=False)
    play(game, 0, "Mj")
    bot = HardBot(1, budget_ms=20, seed=2)
    view = view_for(game, 1)
    decision = bot.decide_explained(view)
    action = decision.action
    legal = {p["cards"] for p in view["legal"]["plays"]}
    assert action["act"] == "pass" or action["cards"] in legal
    assert decision.search is not None and decision.search.worlds >= 1
    # With nothing but passing to do, no search.
    play(game, 1, "G7")
    pass_(game, 2)
    bot3 = HardBot(3, budget_ms=20, seed=2)
    view3 = view_for(game, 3)
    assert view3["legal"]["plays"] and bot3.decide(view3)["act"] in ("play", "pass")


def test_hard_search_is_reproducible_with_a_seed_and_a_world_limit():
    game = Game(seed=11)
    for seat in range(4):
        game.apply({"seat": seat, "act": "grand", "call": False})
    rng = random.Random(5)
    for seat in range(4):
        cards = rng.sample(mask_cards(game.round.hands[seat]), 3)
        others = [t for t in range(4) if t != seat]
        game.apply({"seat": seat, "act": "exchange",
                    "give": {str(t): game.rules.deck.codes[c] for t, c in zip(others, cards)}})
    seat = game.round.turn
    answers = []
    for _ in range(2):
        bot = HardBot(seat, budget_ms=10_000, max_worlds=12, seed=7)
        answers.append(bot.decide(view_for(game, seat)))
    assert answers[0] == answers[1]


def geometry_playout(name: str, options: dict, seed: int) -> tuple[Playout, Game]:
    game = Game(name, options, seed=seed)
    for s in game.round.pending() if game.round.phase == "grand" else ():
        game.apply({"act": "grand", "seat": s, "call": False})
    rnd = game.round
    hands = [sum(1 << c for c in cards) for cards in rnd.dealt]
    n = len(hands)
    mj = next(s for s in range(n) if hands[s] & game.deck.mahjong_mask)
    planner = planner_for(game.deck, game.rules.stairs_min_pairs)
    geometry = view_for(game, 0)["geometry"]
    po = Playout(game.rules, planner, geometry).setup(hands, mj, None, None, 0, 0, [0] * n, [], [None] * n)
    return po, game


def test_tientsin_play_outs_score_by_its_rules():
    """Three players of a team out first: the triple victory; else all 100 card points."""
    for seed in range(60):
        po, game = geometry_playout("tientsin", {}, seed)
        po.run()
        if po.double_victory():
            assert len(po.out) == 3 and abs(po.score(0)) == 300
        else:
            assert len(po.out) == 5 and sum(po.card_points()) == 100, seed
        assert po.score(0) == -po.score(1)


def test_grandseigneur_play_outs_score_the_place():
    for seed in range(20):
        po, game = geometry_playout("grandseigneur", {"players": 7}, seed)
        po.run()
        assert len(po.out) == 6
        order = po.out + [s for s in range(7) if s not in po.out]  # the last one still holds cards
        scores = [po.score(s) for s in order]
        assert scores == sorted(scores, reverse=True) and len(set(scores)) == 7


def test_fifty_two_play_outs_give_the_tailenders_hand_and_tricks_to_the_first_out():
    """As the engine scores fifty-two (`scoring._team_points`): the tailender's hand and pile go
    to the first player out, to its partner's team too when the partner went out first."""
    po, game = geometry_playout("fifty-two", {}, 0)
    partner = game.rules.seating.partners[0][0]
    others = [s for s in range(4) if s not in (0, partner)]
    points_of = game.rules.deck.points_of
    tail_hand = sum(1 << c for c, p in enumerate(points_of) if p == 10)  # the Tens and Kings
    hand_points = sum(p for p in points_of if p == 10)
    po.hands = [0] * 4
    po.hands[0] = tail_hand
    po.out = [partner] + others  # the tailender's partner went out first
    po.piles = [5, 0, 0, 0]  # the tailender's own tricks
    team = game.rules.seating.team_of
    points = po.card_points()
    assert points[team[0]] == 5 + hand_points and points[team[others[0]]] == 0
    po.out = others + [partner]  # an opponent first: both go to the opponents
    points = po.card_points()
    assert points[team[0]] == 0 and points[team[others[0]]] == 5 + hand_points
