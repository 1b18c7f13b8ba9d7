"""The bot's own reasons (app/coach/reasons.py): each one is true of the view it was given
and of the bot's decision as it was made, in every ruleset."""

from __future__ import annotations

import random

import pytest

from app.bots import LEVELS, calls
from app.bots.base import hand_views
from app.bots.decision import Decision, PlaySearchTrace
from app.bots.hand import plan_hand
from app.coach import say
from app.coach.reasons import bot_reasons
from app.coach.suggestion import suggest
from app.engine import Game, view_for
from app.engine.rulesets import rules_of

RULESETS = ["standard", "trichu", "tientsin", "grandseigneur", "fifty-two"]
# A fixed number of deals, not a time (plays, calls, the exchange).
SEARCH = {"budget_ms": 60_000, "max_worlds": 12, "call_budget_ms": 60_000, "call_worlds": 24,
          "exchange_worlds": 24}


def positions(ruleset: str, seed: int, every: int = 3, phases=("play",)):
    """Views of the seat to act in `phases` of games the Normal bot plays."""
    game = Game(ruleset, {}, seed=seed)
    bots = {}
    for step in range(400):
        if game.over:
            return
        pending = view_for(game, None)["to_act"]
        if not pending:
            return
        seat = pending[0]
        view = view_for(game, seat)
        if view["phase"] in phases and step % every == 0:
            yield view
        bot = bots.setdefault(seat, LEVELS["normal"](seat, rng=random.Random(seat)))
        action = bot.decide(view)
        game.apply({**action, "seat": action.get("seat", seat)}, by=seat)


def _cards(action: dict) -> set:
    return set(action["cards"].split()) if action["act"] == "play" else set()


def _check(view: dict, found: dict, reason: dict) -> None:
    geometry = view["geometry"]
    seat = reason["seat"]["seat"]
    hand_view = view if seat == view["viewer"] else None
    kind = reason["reason"]
    if kind == "partner_top":
        assert found["act"] == "pass"
        assert not view["trick"]["closed"] and view["trick"]["winner"] in geometry["partners"][seat]
        assert reason["partner"]["seat"] == view["trick"]["winner"]
    elif kind == "overtakes":  # each reason checked from the view, not from the bot's function
        assert found["act"] == "play" and not view["trick"]["closed"]
        partner = reason["partner"]["seat"]
        assert partner == view["trick"]["winner"] and partner in geometry["partners"][seat]
        hand = set(hand_view["hand"]) if hand_view is not None else None
        if reason["why"] == "goes_out":
            assert hand == _cards(found)
        elif reason["why"] == "runs_out":
            deck = rules_of(view).deck
            rest = deck.parse_mask(" ".join(hand - _cards(found)))
            assert plan_hand(rest, deck).count == 1
        elif reason["why"] == "called":
            assert view["players"][seat]["tichu"] or view["players"][seat]["grand"]
        else:
            assert reason["why"] == "partner_out" and view["players"][partner]["cards"] == 0
    elif kind == "opponent_short":
        opponent = reason["opponent"]["seat"]
        assert opponent in geometry["opponents"][seat]
        assert view["players"][opponent]["cards"] == reason["cards"] and 0 < reason["cards"] <= 2
    elif kind == "keeps" and hand_view is not None:
        legal = hand_view["legal"]
        entries = legal["plays"] or legal["bombs"]
        if reason["what"] == "dragon":
            deck = rules_of(view).deck
            dragons = {c for c in hand_view["hand"] if deck.parse_mask(c) & deck.dragon_mask}
            assert dragons and not dragons & _cards(found)
            assert any(dragons & set(e["cards"].split()) for e in entries)
        else:
            assert any(e["kind"] == "bomb" for e in entries)
            assert not any(e["kind"] == "bomb" and set(e["cards"].split()) == _cards(found) for e in entries)
    elif kind == "plan":
        assert found["act"] == "play" and view["lead"] and reason["plays"] >= 1
    elif kind == "search":
        assert reason["deals"] == SEARCH["max_worlds"] and reason["moves"] >= 2
        assert reason["points"] == (view["ruleset"] != "grandseigneur")
        if reason["switched"]:
            assert reason["gain"] > 0 and reason["others_gain"] is None
        elif reason["others_gain"] is not None:
            assert reason["others_gain"] > 0 and reason["gain"] is None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_reason_is_true_of_the_view_and_the_decision(ruleset):
    kinds = set()
    for seed in range(3):
        for view in positions(ruleset, seed):
            found = suggest(view, "hard", seed=seed, **SEARCH)
            if found is None:
                continue
            normal = LEVELS["normal"](view["viewer"], rng=random.Random(0)).decide(view)
            for reason in found["reasons"]:
                kinds.add(reason["reason"])
                _check(view, found, reason)
                if reason["reason"] == "search" and normal is not None and normal.get("seat") is None:
                    # "the move its rules pick" is Normal's: kept unless the search switched.
                    # (A play of the Mah Jong is the same move only with the same wish.)
                    same = ((normal["act"], _cards(normal), normal.get("wish"))
                            == (found["act"], _cards(found), found.get("wish")))
                    assert same != reason["switched"], (normal, found, reason)
                for lang in ("en", "de"):
                    assert say(reason, lang).strip()
    assert "search" in kinds and "opponent_short" in kinds
    if ruleset == "grandseigneur":
        assert "partner_top" not in kinds  # nobody has a partner there
    else:
        assert "partner_top" in kinds


def test_a_play_over_the_partners_trick_says_why_in_both_languages():
    from tests.bots.positions import pass_, play, table

    game = table(["SA G4 R4", "Mj S5 B6", "SK G7 B8", "S3 G5 R6"], fill=False)
    play(game, 1, "Mj")
    play(game, 2, "SK")
    pass_(game, 3)
    view = view_for(game, 0)
    found = {"act": "play", "cards": "SA"}  # then the pair of 4s goes out
    reasons = bot_reasons(view, found, "hard", Decision(found))
    reason = next(r for r in reasons if r["reason"] == "overtakes")
    _check(view, found, reason)
    assert reason["why"] == "runs_out"
    assert say(reason, "en") == ("Your partner is winning this trick, and the bot plays over it: it leaves "
                                 "one combination, which it can lead next to go out.")
    assert say(reason, "de").startswith("Dein Partner liegt in diesem Stich vorn, und der Bot sticht")
    out = dict(reason, why="partner_out", partner={"seat": 2, "relation": "partner"})
    assert say(out, "en", {2: "Ben"}).endswith("your partner Ben is out, so if everybody passed, the lead "
                                               "would go on to the next player after your partner Ben.")
    assert say(out, "de", {2: "Ben"}).endswith("an den Nächsten nach deinem Partner Ben.")
    # Without a reason (two singles left, no call, the partner still in), none is given.
    plain = table(["SA G2 R4", "Mj S5 B6", "SK G7 B8", "S3 G5 R6"], fill=False)
    play(plain, 1, "Mj")
    play(plain, 2, "SK")
    pass_(plain, 3)
    plain_reasons = bot_reasons(view_for(plain, 0), found, "hard", Decision(found))
    assert "overtakes" not in [r["reason"] for r in plain_reasons]


def test_the_reasons_speak_of_the_bot_and_name_seats_by_name():
    reason = {"kind": "bot_reason", "bot": "hard", "reason": "opponent_short", "cards": 1,
              "seat": {"seat": 0, "relation": "you"}, "opponent": {"seat": 3, "relation": "opponent"},
              "ruleset": "standard"}
    assert say(reason, "en", {3: "Cleo"}) == "Cleo has one card left."
    assert say(reason, "de", {3: "Cleo"}) == "Cleo hat nur noch eine Karte."
    search = dict(reason, reason="search", moves=3, deals=40, switched=True, gain=12.5, others_gain=None,
                  points=True)
    assert "12.5 points a round more" in say(search, "en")
    assert "12,5 Punkte pro Runde mehr" in say(search, "de")


@pytest.mark.parametrize("ruleset", ["standard", "tientsin", "trichu"])
def test_the_call_estimate_is_the_bots_own_and_agrees_with_its_call(ruleset):
    said = set()
    for seed in range(4):
        for view in positions(ruleset, seed, every=1, phases=("grand", "exchange", "play")):
            if not any(hv.get("legal") and (hv["legal"]["grand"] or hv["legal"]["tichu"])
                       for hv in hand_views(view)):
                continue  # no call to weigh, so no chance to tell (and no play search for nothing)
            found = suggest(view, "hard", seed=seed, **SEARCH)
            if found is None:
                continue
            for reason in found["reasons"]:
                if reason["reason"] != "chance":
                    continue
                said.add((reason["call"], found["act"]))
                legal = view["legal"]
                assert legal["grand"] if reason["call"] == "grand" else legal["tichu"]
                if reason["call"] == "grand":
                    assert reason["calls"] == bool(found.get("call"))
                    # Normal's estimate is its logistic model's; Hard's, its search's (with deals).
                    deck = rules_of(view).deck
                    model = calls.grand_chance(deck.parse_mask(view["hand"]), deck)
                    normal = suggest(view, "normal", seed=seed)["reasons"][0]
                    assert normal["chance"] == round(100 * model) and normal["deals"] is None
                    assert reason["deals"] is None or 0 < reason["deals"] <= SEARCH["call_worlds"]
                if reason["calls"]:
                    assert not reason["partner_called"] and reason["chance"] >= reason["needed"] - 1
                elif reason["allowed"] and not reason["partner_called"]:
                    assert reason["chance"] <= reason["needed"] + 1
                for lang in ("en", "de"):
                    assert f"{reason['chance']}" in say(reason, lang)
    assert {call for call, _ in said} == {"grand", "tichu"}, said
    assert any(act == "no_call" for _, act in said) or any(act == "exchange" for _, act in said)


def test_a_call_weighed_by_the_game_says_the_chances_it_was_weighed_by():
    """With Hard's `game_calls` near the target a call follows the chance to win the game, not
    a threshold of going out first: the reason says those chances, agreeing with the call,
    and no reason says a threshold decided it."""
    weighed_apart = told = 0
    for seed in range(3):
        for view in positions("standard", seed, every=1, phases=("grand", "exchange", "play")):
            if not (view["legal"]["grand"] or view["legal"]["tichu"]):
                continue
            team = view["geometry"]["team_of"][view["viewer"]]
            totals = [980, 980]
            totals[team] = 900
            near = dict(view, scores=dict(view["scores"], totals=totals))
            found = suggest(near, "hard", seed=seed, game_calls=1, **SEARCH)
            plain = suggest(near, "hard", seed=seed, game_calls=0, **SEARCH)
            if found is None or plain is None:
                continue
            weighed_apart += found["act"] != plain["act"]
            for reason in found["reasons"]:
                if reason["reason"] == "chance" and reason["allowed"] and not reason["partner_called"]:
                    assert reason["calls"] == (reason["chance"] >= reason["needed"]) or \
                        abs(reason["chance"] - reason["needed"]) <= 1
                if reason["reason"] == "game_chance":
                    assert "needed" not in reason
                    if reason["with_call"] != reason["without"]:
                        assert reason["calls"] == (reason["with_call"] > reason["without"])
                    name = "Grand Tichu" if reason["call"] == "grand" else "Tichu"
                    en, de = say(reason, "en"), say(reason, "de")
                    figures = f"about {reason['with_call']:g}% with {name}, about {reason['without']:g}%"
                    assert figures + " without" in en
                    assert "chance to win the game" in en and "das Spiel zu gewinnen" in de
                    assert f"{reason['chance']}" in en and "from about" not in en
                    told += 1
    assert weighed_apart and told  # calls the game's chance made differently, each told so


def test_a_play_searched_for_the_game_is_not_said_to_score_points():
    """With Hard's `game_weight` near the target a play-out's score adds the chance to win the
    game: the search reason then says which did better, never by how many points."""
    told = 0
    for view in positions("standard", 5, every=2):
        near = dict(view, scores=dict(view["scores"], totals=[900, 930]))
        found = suggest(near, "hard", seed=1, game_weight=1000, **SEARCH)
        for reason in (found or {}).get("reasons", []):
            if reason["reason"] == "search":
                assert reason["points"] is False
                assert "point" not in say(reason, "en") and "Punkt" not in say(reason, "de")
                told += 1
    assert told


def test_a_search_that_set_moves_aside_says_how_many_in_both_languages():
    """The race stops playing out moves that are clearly no better than the rules' move: the
    reason says on how many deals the search ran and how many moves it set aside early."""
    told = 0
    for view in positions("standard", 11, every=2):
        bot = LEVELS["hard"](view["viewer"], budget_ms=60_000, max_worlds=160, seed=1)
        decision = bot.decide_explained(view)
        search = decision.search
        if not isinstance(search, PlaySearchTrace) or not search.aside:
            continue
        reason = next(r for r in bot_reasons(view, decision.action, bot.name, decision)
                      if r["reason"] == "search")
        assert reason["set_aside"] == len(search.aside) and reason["deals"] == search.worlds
        n = len(search.aside)
        assert f"({n} of them only until they were clearly no better than the move its rules pick)" in \
            say(reason, "en")
        assert f"({n} davon nur, bis sie klar nicht besser waren" in say(reason, "de")
        told += 1
        if told == 3:
            break
    assert told == 3
