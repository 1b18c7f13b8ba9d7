"""A whole game's review: every complete round in order, the game's three costliest flagged
decisions first (the same ranking for the command line and the page), reproducible; its text
names cards as the hints do, never by their codes."""

from __future__ import annotations

import functools
import json
import re

import pytest

from app.bots import GreedyBot
from app.coach.review import ReviewRefused, examine_round, review_game
from app.coach.review.game import RANKED_BY_GAME, costliest, game_page
from app.coach.review.report import text_report
from app.coach.review.words import describe, flag_line

from .test_review import TCH, bot_record, review_cli

#: A card as a record writes it: a suit letter and a rank, or a special card's code.
CARD_CODE = re.compile(r"(?<![\w-])(?:[SBGRHDC](?:[2-9]|10|[JQKA])|Mj|Dg|Ph|Dr)'?(?![\w-])")


@functools.cache
def greedy_game() -> dict:
    """Three rounds of Greedy bots: blunders in every round to flag."""
    return bot_record(seed=6, rounds=3, level=GreedyBot)


def flag(round_index: int, index: int, gain: float, judged: str = "round") -> dict:
    return {"round": round_index, "index": index, "seat": 0, "kind": "follow", "done": {"act": "pass"},
            "better": {"act": "play", "cards": "R8"}, "share": 0.5, "gain": gain, "deals": 24,
            "unit": "points", "low": 11.0, "judged": judged, "hint": None}


# -- the ranking ---------------------------------------------------------------------------


def test_the_three_costliest_come_first_from_any_round_the_earlier_on_a_tie():
    flags = [flag(0, 5, 20.0), flag(0, 9, 180.0), flag(1, 3, 45.5), flag(2, 7, 180.0), flag(2, 8, 60.0)]
    assert [(f["round"], f["index"]) for f in costliest(flags)] == [(0, 9), (2, 7), (2, 8)]
    assert costliest(flags[:2]) == [flags[1], flags[0]]  # fewer than three: all of them


def test_a_flag_judged_by_the_game_ranks_by_its_gain_on_the_same_scale_and_the_text_says_so():
    flags = [flag(0, 1, 150.0), flag(1, 2, 120.0, judged="game"), flag(1, 4, 100.0)]
    assert [f["gain"] for f in costliest(flags)] == [150.0, 120.0, 100.0]
    report = {"seat": 0, "ruleset": "standard", "rounds": [0, 1], "unit": "points", "decisions": 9,
              "settings": {"deals": 24, "share": 0.0, "gain": 15.0, "seed": 0}, "flags": flags,
              "costliest": costliest(flags),
              "by_round": [{"round": 0, "decisions": 4, "kinds": {}, "flags": flags[:1]},
                           {"round": 1, "decisions": 5, "kinds": {}, "flags": flags[1:]}]}
    text = text_report(report)
    assert RANKED_BY_GAME in text and "1,000 points for the whole game" in text
    report["costliest"] = [flags[0], flags[2]]  # none judged by the game: not said
    assert RANKED_BY_GAME not in text_report(report)


def test_the_page_points_the_costliest_at_their_rounds_flags():
    pages = [{"seat": 0, "round": 0, "unit": "points", "decisions": 4, "flags": [flag(0, 5, 20.0)]},
             {"seat": 0, "round": 1, "unit": "points", "decisions": 6,
              "flags": [flag(1, 2, 90.0), flag(1, 6, 30.0)]},
             {"seat": 0, "round": 2, "unit": "points", "decisions": 3, "flags": []}]
    page = game_page(0, pages)
    assert page["rounds"] == pages and page["decisions"] == 13
    assert page["costliest"] == [{"round": 1, "at": 0}, {"round": 1, "at": 1}, {"round": 0, "at": 0}]


# -- the whole game ------------------------------------------------------------------------


def test_every_round_in_order_and_the_games_three_costliest_first():
    record = greedy_game()
    game = review_game(record, 1, deals=4, seconds=None)
    assert [r.round for r in game.rounds] == [0, 1, 2]
    for r in game.rounds:  # each round as its own review says it
        alone = examine_round(record, 1, r.round, deals=4, seconds=None)
        assert (r.decisions, r.kinds, r.flags) == (alone.decisions, alone.kinds, alone.flags)
    flags = game.flags
    assert len(flags) > 3 and len({f.round for f in flags}) >= 2
    assert len(game.costliest) == 3 and all(f in flags for f in game.costliest)
    gains = [f.gain for f in game.costliest]
    assert gains == sorted(gains, reverse=True)
    assert all(f.gain <= gains[-1] for f in flags if f not in game.costliest)
    assert game.decisions == sum(r.decisions for r in game.rounds)


def test_the_same_seed_gives_the_same_game_review():
    record = greedy_game()
    once = review_game(record, 2, deals=4, seed=3)
    again = review_game(record, 2, deals=4, seed=3)
    assert once.costliest == again.costliest and once.flags == again.flags
    assert [r.decisions for r in once.rounds] == [r.decisions for r in again.rounds]


def test_a_game_without_a_complete_round_or_with_no_such_seat_is_refused():
    record = greedy_game()
    with pytest.raises(ReviewRefused, match="no seat 4"):
        review_game(record, 4, deals=2)
    cut = json.loads(json.dumps(record))
    cut["rounds"] = cut["rounds"][:1]
    cut["rounds"][0]["actions"] = cut["rounds"][0]["actions"][:10]
    with pytest.raises(ReviewRefused, match="no complete round"):
        review_game(cut, 0, deals=2)


# -- the command line ----------------------------------------------------------------------


def test_the_command_line_gives_the_costliest_first_then_round_by_round():
    out = review_cli(TCH, "--seat", 2, "--deals", 2, "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["rounds"] == [0, 1, 2, 3] == [r["round"] for r in report["by_round"]]
    assert report["decisions"] == sum(r["decisions"] for r in report["by_round"])
    assert report["flags"] == [f for r in report["by_round"] for f in r["flags"]]
    assert report["costliest"] == costliest(report["flags"]) and len(report["costliest"]) == 3
    text = review_cli(TCH, "--seat", 2, "--deals", 2)
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[1].startswith("The 3 costliest decisions of the game (ranked by the gain per round")
    top = [f"  round {f['round']}, action {f['index']} " for f in report["costliest"]]
    assert [line[:len(t)] for line, t in zip(lines[2:5], top, strict=True)] == top
    heads = [line for line in lines if line.startswith("Round ")]
    assert heads == [f"Round {r['round']}: {r['decisions']} decisions compared, {len(r['flags'])} flagged"
                     for r in report["by_round"]]
    # Cards by their names, as the hints name them: never a code like "R8" or "Ph".
    assert not CARD_CODE.findall(text.stdout), CARD_CODE.findall(text.stdout)[:5]
    assert "the Phoenix" in text.stdout


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_flag_names_its_cards_never_by_code(lang):
    exchange = {"act": "exchange", "give": {"1": "R8", "2": "BQ", "3": "Dg"}}
    phoenix = {"act": "play", "cards": "S10 Ph", "phoenix": "Q"}
    wish = {"act": "play", "cards": "Mj", "wish": "K"}
    line = flag_line({**flag(1, 4, 33.3), "done": exchange, "better": phoenix}, lang)
    said = [line, describe(wish, lang), describe({"act": "play", "cards": "H8 SA'"}, lang, "fifty-two")]
    for text in said:
        assert not CARD_CODE.findall(text), text
    assert CARD_CODE.findall("played R8, BQ and Dg (Ph as Q); S10 H8 SA'") == \
        ["R8", "BQ", "Dg", "Ph", "S10", "H8", "SA'"]  # the check itself finds codes
    names = {"en": ("the Star 8", "the Dog", "the Phoenix as Queen", "wishing King"),
             "de": ("Stern-8", "Hund", "Phönix als Dame", "Wunsch König")}[lang]
    assert all(name in " ".join(said) for name in names), said
