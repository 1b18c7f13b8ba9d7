"""Hard's searches besides its plays (issue 19): the calls, the exchange, bombs out of turn, the
gift and the wish. Each is seeded (the same seed and deal counts, the same decision), blind to
the cards its seat cannot see, and falls back to Normal's choice when out of time. Deal counts
bound every search here, never the clock."""

import random

import pytest

from app.bots import LEVELS, load_bot, searches
from app.bots.arena import ArenaConfig, run_arena
from app.bots.decision import Decision
from app.bots.game_stakes import call_chances, game_totals, playout_score
from app.bots.hard import HardBot
from app.bots.knowledge import Knowledge
from app.bots.normal import NormalBot
from app.bots.play_search import as_candidate, play_candidates
from app.bots.sampling import Sampler
from app.engine import Game, view_for
from app.engine.combos import MASK

from .positions import mask, pass_, play, table

#: A race that never starts: every candidate on every deal.
NO_RACE = 10**9
# Counted, not timed: a budget no test reaches, and a few deals per search.
COUNTED = {"budget_ms": 1e7, "call_budget_ms": 1e7, "max_worlds": 20, "call_worlds": 24,
           "exchange_worlds": 6, "min_worlds": 1}


def hard(seat: int, seed: int = 3, **config) -> HardBot:
    return HardBot(seat, seed=seed, **{**COUNTED, **config})


def shuffled_hands(seed: int) -> list[list[int]]:
    deck = Game("standard").rules.deck
    cards = list(range(deck.size))
    random.Random(seed).shuffle(cards)
    return [cards[14 * s:14 * s + 14] for s in range(4)]


def dealt_game(hands: list[list[int]]) -> Game:
    return Game("standard", deal=lambda i: hands if i == 0 else None)


def hidden_swapped(hands: list[list[int]], seen: int = 8) -> list[list[int]]:
    """The same deal but for cards seat 0 cannot see: two of other seats change places, and so
    does one of seat 0's cards it has not seen yet (before the Grand Tichu decision)."""
    other = [list(h) for h in hands]
    other[1][0], other[2][0] = other[2][0], other[1][0]
    if seen < 14:
        other[0][13], other[3][5] = other[3][5], other[0][13]
    return other


def same_decision(game_a: Game, game_b: Game, seat: int = 0, **config) -> tuple[Decision, Decision]:
    a, b = hard(seat, **config), hard(seat, **config)
    view_a, view_b = view_for(game_a, seat), view_for(game_b, seat)
    assert view_a["hand"] == view_b["hand"]
    return a.decide_explained(view_a), b.decide_explained(view_b)


# -- seeded and blind to what the seat cannot see ----------------------------------------------


def test_grand_tichu_search_sees_only_the_first_cards():
    hands = shuffled_hands(1)
    one, two = same_decision(dealt_game(hands), dealt_game(hidden_swapped(hands)))
    assert one == two
    assert one.call.call == "grand" and one.call.deals == COUNTED["call_worlds"]


def test_exchange_search_sees_only_its_own_hand():
    hands = shuffled_hands(2)
    games = [dealt_game(hands), dealt_game(hidden_swapped(hands, seen=14))]
    for game in games:
        for seat in range(4):
            game.apply({"seat": seat, "act": "grand", "call": False})
    one, two = same_decision(*games)
    assert one == two
    action, search = one.action, one.search
    assert action["act"] in ("tichu", "exchange")
    if action["act"] == "exchange":
        assert search.kind == "exchange" and search.worlds == COUNTED["exchange_worlds"]


def test_a_tichu_weighed_in_the_play_searches_and_sees_only_its_hand():
    hands = ["Dr Ph SA BA GA RK SK BQ GQ RJ BJ G10 S10 B9", "Mj S2 B2 G3 R4 S5 B6 G7 R8 S8 B8 G9 R9 S9",
             "Dg B3 S3 G2 R2 G4 S4 B4 R5 G5 B5 R6 S6 G6", "B7 S7 R7 G8 R10 B10 SJ GJ RQ SQ GK BK RA R3"]
    swapped = list(hands)
    swapped[2] = hands[2].replace("B3", "S7")
    swapped[3] = hands[3].replace("S7", "B3")
    one, two = same_decision(table(hands), table(swapped), seat=0)  # not its turn: only the call
    assert one == two
    assert one.call.call == "tichu" and one.call.deals == COUNTED["call_worlds"]


def test_the_same_seed_gives_the_same_gift_and_a_legal_one():
    game = table(["Dr G2 G4", "Mj S5 B6 G7", "SK GK BQ", "S3 G5 R6"], fill=False)
    play(game, 1, "Mj")
    pass_(game, 2, 3)
    play(game, 0, "Dr")
    pass_(game, 1, 2, 3)
    legal = view_for(game, 0)["legal"]["gift"]
    first, second = hard(0, search_calls=0), hard(0, search_calls=0)
    decision = first.decide_explained(view_for(game, 0))
    action = decision.action
    assert action == second.decide(view_for(game, 0))
    assert action["act"] == "gift" and action["to"] in legal
    assert decision.search.kind == "gift" and decision.search.worlds == COUNTED["max_worlds"]


def test_a_bomb_out_of_turn_is_searched_when_an_opponent_is_about_to_go_out():
    game = table(["S9 B9 G9 R9 G3", "Mj S2 B2", "S5 B6 G7", "SK GK BQ"], fill=False)
    play(game, 1, "S2 B2")  # seat 2's turn; seat 0 may bomb out of it
    bot = hard(0, search_calls=0)  # (it may call Tichu here: that is not this test's question)
    decision = bot.decide_explained(view_for(game, 0))
    action = decision.action
    assert decision.search.kind == "bomb"
    assert action is None or set(action["cards"].split()) == {"S9", "B9", "G9", "R9"}


def test_a_mah_jong_lead_weighs_other_wishes():
    game = table(["Mj S3 B4 G6 R8", "S5 B6 G7 SA", "SK GK BQ", "S8 B8 G8 RA"], fill=False)
    decision = hard(0).decide_explained(view_for(game, 0))
    action = decision.action
    assert action["act"] == "play"
    if decision.search is not None and "Mj" in action["cards"].split():
        assert action.get("wish") in (None, "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")


# -- out of time: Normal's choice ---------------------------------------------------------------


def test_out_of_time_the_calls_and_the_exchange_are_normals():
    hands = shuffled_hands(4)
    game = dealt_game(hands)
    view = view_for(game, 0)
    rushed = HardBot(0, seed=1, call_budget_ms=0, min_worlds=5)
    decision = rushed.decide_explained(view)
    assert decision.action == NormalBot(0).decide(view)
    assert decision.search is None and decision.searched == "call"
    for seat in range(4):
        game.apply({"seat": seat, "act": "grand", "call": False})
    view = view_for(game, 0)
    assert rushed.decide(view) == NormalBot(0).decide(view)


def test_a_play_search_ends_its_reserve_before_the_decisions_budget():
    """The decision's own work and a slow last deal come after the search: it stops early by
    `reserve_ms`, counted from the decision's start (the clock is not read here)."""
    bot = HardBot(0, budget_ms=100, reserve_ms=5)
    bot._started = 10.0
    assert abs(bot.search_deadline() - 10.095) < 1e-9
    assert abs(bot.search_deadline(20.0) - 20.095) < 1e-9
    assert abs(HardBot(0, budget_ms=80, reserve_ms=0).search_deadline(1.0) - 1.08) < 1e-9


# -- the exchange's candidates and what the exchange tells the sampler ---------------------------------


def test_exchange_candidates_are_passes_of_the_hand_in_the_rounds_pattern():
    deck = Game("standard").rules.deck
    for seed in range(20):
        hand_cards = shuffled_hands(seed)[0]
        game = dealt_game(shuffled_hands(seed))
        for seat in range(4):
            game.apply({"seat": seat, "act": "grand", "call": False})
        k = Knowledge(view_for(game, 0))
        normal = NormalBot(0).exchange_cards(k, False)
        hand = sum(1 << c for c in hand_cards)
        loose = sorted(hand_cards, key=lambda c: deck.rank_of[c])
        gives = searches.exchange_variants(normal, hand, deck, k.partners, loose, 6)
        assert gives[0] == normal
        for give in gives:
            assert sorted(give) == [1, 2, 3] and all(len(cs) == 1 for cs in give.values())
            cards = [c for cs in give.values() for c in cs]
            assert len(set(cards)) == 3 and all(hand >> c & 1 for c in cards)


def test_sampled_deals_keep_passed_cards_with_their_receivers_and_received_ones_out_of_other_hands():
    game = table(["Dr Ph SA BA GA RK SK BQ GQ RJ BJ G10 S10 B9", "", "", ""])
    k = Knowledge(view_for(game, 0))
    assert k.given and k.received
    sampler = Sampler(k)
    rng = random.Random(0)
    received = sum(1 << c for _, c in k.received)
    for _ in range(200):
        hands = sampler.sample(rng)
        for target, card in k.given:
            assert hands[target] >> card & 1
        for s in (1, 2, 3):
            assert not hands[s] & received
        assert hands[0] == k.hand


# -- the all-seeing research bot --------------------------------------------------------------


def test_the_seeing_bot_is_for_the_arena_only_and_reads_the_real_hands():
    assert "seeing" not in LEVELS
    bot = load_bot("seeing")(1)
    game = table(["S5 B6 G7", "Mj S2 B2", "S9 B9 G9 R9 G3", "SK GK BQ"], fill=False)
    bot.see(game)
    k = Knowledge(view_for(game, 1))
    assert bot.sampler(k).sample(None) == list(game.round.hands)
    assert game.round.hands[1] == mask("Mj S2 B2")


def test_the_seeing_bot_plays_a_legal_arena_deal():
    report = run_arena(ArenaConfig(a="seeing", b="normal", deals=1, workers=1), progress=False)
    assert report["illegal_actions"] == 0


# -- partner play as people expect ------------------------------------------------------------------


def test_lets_the_partners_king_run_rather_than_spend_its_ace():
    for seed in range(4):
        game = table(["SA G2 R4", "Mj S5 B6", "SK G7 B8", "S3 G5 R6"], fill=False)
        play(game, 1, "Mj")
        play(game, 2, "SK")
        pass_(game, 3)
        bot = hard(0, seed=seed, max_worlds=200)
        assert bot.decide(view_for(game, 0)) == {"act": "pass"}, seed


def _over_the_partners_king(seat0: str, tichu: tuple = ()):
    """Seat 0 to answer its partner's King (the Mah Jong led, the King over it, a pass)."""
    game = table([seat0, "Mj S5 B6", "SK G7 B8", "S3 G5 R6"], fill=False, tichu=tichu)
    play(game, 1, "Mj")
    play(game, 2, "SK")
    pass_(game, 3)
    return game


def _searched(game, **config) -> list:
    """The plays Hard would search at seat 0 now (None: passing)."""
    bot = hard(0, **config)
    view = view_for(game, 0)
    k = Knowledge(view)
    normal = as_candidate(bot.choose_play(k, view["legal"]))
    searched = play_candidates(k, view["legal"], normal, bot.config)
    return [None if c is None else c.play[MASK] for c in searched]


def test_with_partner_reasons_searches_a_play_over_the_partners_trick_only_with_a_reason():
    strict = {"partner_reasons": 1}
    # No reason: the Ace over the partner's King leaves two singles; the partner still plays.
    game = _over_the_partners_king("SA G2 R4")
    assert _searched(game, **strict) == [None]
    assert mask("SA") in _searched(game)  # by default the search weighs it (by partner_margin)
    for seed in range(3):  # and so it passes, however much the play-outs like the Ace
        assert hard(0, seed=seed, partner_margin=0, margin=0, sure=0, **strict).decide(
            view_for(game, 0)) == {"act": "pass"}
    # Reasons: the rest is one combination (the pair of 4s); it called Tichu; the partner is out.
    assert mask("SA") in _searched(_over_the_partners_king("SA G4 R4"), **strict)
    assert mask("SA") in _searched(_over_the_partners_king("SA G2 R4", tichu=(0,)), **strict)
    out = table(["SA GA RA G2 R4", "Mj S5 B5 G5", "SK GK BK", "S3 G6 R6"], fill=False)
    play(out, 1, "S5 B5 G5")
    play(out, 2, "SK GK BK")  # the partner goes out with its Kings
    pass_(out, 3)
    assert _searched(out, **strict) == [None, mask("SA GA RA")]


def test_with_partner_reasons_never_bombs_the_partners_trick():
    game = _over_the_partners_king("S2 G2 R2 B2 S9")
    bombs = [pe for pe in _searched(game) if pe is not None]
    assert mask("S2 G2 R2 B2") in bombs and _searched(game, partner_reasons=1) == [None]


def test_hands_the_lead_to_a_partner_who_called_with_the_dog():
    for seed in range(4):
        game = table(["Mj Dg S3 B4 G6", "S5 B6 G7", "SK GK BQ", "S8 B8 G8"], fill=False, tichu=(2,))
        bot = hard(0, seed=seed, max_worlds=200)
        assert bot.decide(view_for(game, 0))["cards"] == "Dg", seed


# -- the game's score near the target ------------------------------------------------------------------


def test_a_play_outs_round_points_make_its_score():
    from .test_playout import fresh_playout

    for seed in range(40):
        po = fresh_playout(seed, calls=("tichu", None, "grand", None))
        po.run()
        points = po.round_points()
        assert points[0] - points[1] == po.score(0) and points[1] - points[0] == po.score(1)


def test_the_game_weight_counts_only_near_the_target():
    from app.bots import game_chance

    from .test_playout import fresh_playout

    game = table(["SA G2 R4", "Mj S5 B6", "SK G7 B8", "S3 G5 R6"], fill=False)
    k = Knowledge(view_for(game, 0))
    assert playout_score(k.view, k.team, 100) is None  # 0 to 0, the target 1000 away
    assert hard(0).config.game_weight == 1000 and hard(0).config.game_calls  # on by default
    assert playout_score(k.view, k.team, 0) is None
    ours, theirs = k.team, 1 - k.team
    totals = [0, 0]
    totals[ours], totals[theirs] = 900, 920
    near = dict(k.view, scores=dict(k.view["scores"], totals=totals))
    score = playout_score(near, k.team, 100)
    assert playout_score(near, k.team, 0) is None
    now = game_chance.chance(900, 920, 1000)
    seen = set()
    for seed in range(60):
        po = fresh_playout(seed, calls=("tichu", None, None, None) if seed % 3 == 0 else (None,) * 4)
        po.run()
        points = po.round_points()
        a, b = 900 + points[ours], 920 + points[theirs]
        end = game_chance.ended(a, b, 1000)
        seen.add(end)
        chance = game_chance.chance(a, b, 1000) if end is None else end
        assert score(po) == pytest.approx(points[ours] - points[theirs] + 100 * (chance - now))
    assert seen == {0.0, 1.0, None}  # rounds that won the game, lost it, and went on
    # Other scorings: the round's points alone.
    assert game_totals(dict(near, options=dict(near["options"], target=None)), k.team) is None


def test_a_call_weighed_for_the_game_compares_the_chance_with_it_and_without():
    from app.bots import game_chance

    game = table(["SA G2 R4", "Mj S5 B6", "SK G7 B8", "S3 G5 R6"], fill=False)
    view = view_for(game, 0)
    team = view["geometry"]["team_of"][0]
    totals = [0, 0]
    totals[team], totals[1 - team] = 800, 950
    near = dict(view, scores=dict(view["scores"], totals=totals))
    def pts(ours, theirs):
        p = [0, 0]
        p[team], p[1 - team] = ours, theirs
        return p

    # Made: 100 for the call and 60 cards to 40 (960 to 990); lost: -100 and 30 to 70.
    outcomes = [(True, pts(160, 40)), (False, pts(-70, 70))]
    weighed = call_chances(near, outcomes, 100, 0.4)
    after = game_chance.after_round
    assert weighed.with_call == pytest.approx(0.4 * after(960, 990, 1000) + 0.6 * after(730, 1020, 1000))
    assert weighed.without == pytest.approx(0.4 * after(860, 990, 1000) + 0.6 * after(830, 1020, 1000))
    assert after(730, 1020, 1000) == after(830, 1020, 1000) == 0.0  # a deal lost is the game lost
    assert weighed.with_call > weighed.without
    # Not weighed so: the game out of reach, one side of the call never seen.
    assert call_chances(view, outcomes, 100, 0.4) is None
    assert call_chances(near, outcomes[:1], 100, 0.4) is None


def test_behind_near_the_target_hard_calls_tichu_for_the_game():
    # 80 behind with the other team 20 from the target: a round without a call is nearly the
    # game lost, so hands under Normal's threshold are called where the deals say so.
    called = 0
    for seed in range(12):
        deck = Game("standard").rules.deck
        game = table([deck.format_cards(h) for h in shuffled_hands(seed)], fill=False)
        seat = game.round.turn
        team = game.rules.seating.team_of[seat]
        game.totals[team], game.totals[1 - team] = 900, 980
        view = view_for(game, seat)
        if hard(seat, game_calls=0).wants_tichu(Knowledge(view)):
            continue  # called by the threshold anyway
        decision = hard(seat, game_calls=1).decide_explained(view)
        calls = decision.action == {"act": "tichu"}
        weighed = decision.call.game
        if weighed is None:  # never (or always) out first on its deals: the threshold decides
            assert not calls
            continue
        assert calls == (weighed.with_call > weighed.without)
        called += calls
    assert called
    # Far from the target the threshold decides, as without the option.
    game = table([Game("standard").rules.deck.format_cards(h) for h in shuffled_hands(0)], fill=False)
    decision = hard(game.round.turn, game_calls=1).decide_explained(view_for(game, game.round.turn))
    assert decision.call is not None and decision.call.game is None


# -- the candidates' race ------------------------------------------------------------------------


def _searched_views(seed: str, count: int) -> list[dict]:
    """Turns of a standard round Normal plays where Hard has a choice to search."""
    from app.bots.table import TableLog, play_round
    from app.engine import Rules, seeded_deal

    from .positions import TurnRecorder

    deal = seeded_deal(Rules.of("standard", {}), seed)
    game = Game("standard", {}, deal=lambda i: deal(i) if i == 0 else None)
    turns: list[dict] = []
    play_round(game, [TurnRecorder(s, random.Random(s), turns) for s in range(4)], TableLog())
    out = []
    for view in turns:
        found = HardBot(view["viewer"], budget_ms=1e6, max_worlds=1, seed=0).decide_explained(view).search
        if found is not None and len(found.means) >= 3:
            out.append(view)
    return out[:count]


def test_the_race_sets_aside_only_moves_sure_not_to_gain_their_margin():
    """A move the race stops playing out was, on the deals it was played on, short of the gain it
    needs by more than `race_z` standard errors; Normal's choice and the chosen move are played
    on every deal; a decision with every other move set aside ends there."""
    views = _searched_views("race", 12)
    assert len(views) >= 5
    set_aside = settled = 0
    for i, view in enumerate(views):
        racing = HardBot(view["viewer"], budget_ms=1e7, max_worlds=200, seed=i)
        found = racing.decide_explained(view).search
        config = racing.config
        played, worlds = found.played, found.worlds
        assert played[0] == worlds and played[found.chosen] == worlds
        assert found.playouts <= worlds * len(played)
        assert 0 not in found.aside
        assert all(played[m] == worlds for m in range(len(played)) if m not in found.aside)
        if len(found.aside) == len(played) - 1:
            settled += 1
            assert worlds == max(played[m] for m in found.aside)  # it ended there
        for m in found.aside:
            n = played[m]
            set_aside += 1
            assert n >= config.race_after and (n - config.race_after) % config.race_every == 0
            # The same deals without the race, as many as the move was played on: its gain then.
            plain = HardBot(view["viewer"], budget_ms=1e7, max_worlds=n, seed=i, race_after=NO_RACE)
            again = plain.decide_explained(view).search
            assert again.means[m] == found.means[m] and again.errors[m] == found.errors[m]
            gain = again.means[m] - again.means[0]
            overtaking = view["trick"] is not None and view["trick"].get("winner") in \
                view["geometry"]["partners"][view["viewer"]]
            needed = config.partner_margin if overtaking else config.margin
            assert gain + config.race_z * again.errors[m] < needed + 1e-9
    assert set_aside > 0 and settled > 0


def test_without_the_race_every_move_is_played_on_every_deal():
    view = _searched_views("race", 1)[0]
    bot = HardBot(view["viewer"], budget_ms=1e7, max_worlds=60, seed=1, race_after=NO_RACE)
    found = bot.decide_explained(view).search
    assert found.aside == () and found.played == (60,) * len(found.means)
