"""A golden corpus of the coach's sentences, in English and German, from fixed positions.

    python -m tests.coach.golden_sentences > /tmp/coach_golden.txt
    python -m tests.coach.golden_sentences --coverage   # the lines of the wording modules never run

Not a test by itself: it prints, one per line, every sentence `words.say` gives for the facts,
why-nots and bot suggestions of seeded random games of every ruleset (as
test_words.py plays them), the rare branches those games may miss (built by hand),
every noun phrase of `lexicon.py` in every case, and the review's English lines. The same
code must print the same bytes before and after a change that is meant to change no words:
diff the two outputs.
"""

from __future__ import annotations

import random
import sys

from app.coach import facts, play_fact, say
from app.coach import lexicon as lx
from app.coach.review.words import describe, flag_line
from app.coach.suggestion import suggest
from app.coach.why_not import why_not
from app.engine import Game, mask_cards, view_for
from app.engine.simulate import random_action

LANGS = ("en", "de")
CONFIGS = [("standard", None), ("fifty-two", None), ("trichu", None), ("tientsin", None),
           ("grandseigneur", None), ("grandseigneur", {"players": 7})]
SEEDS = (11, 12, 13)
NAMES = {0: "Anna", 1: "Ben", 2: "Cleo", 3: "Dan", 4: "Eva", 5: "Finn", 6: "Gus"}


def _say_all(out: list, label: str, item: dict | None) -> None:
    if item is None:
        return
    for lang in LANGS:
        out.append(f"{label}|{item['kind']}|{lang}|{say(item, lang)}")
    out.append(f"{label}|{item['kind']}|de+names|{say(item, 'de', NAMES)}")
    out.append(f"{label}|{item['kind']}|en+names|{say(item, 'en', NAMES)}")


def games(out: list) -> None:
    for ruleset, options in CONFIGS:
        for seed in SEEDS:
            rng = random.Random(f"{ruleset}-{options}-{seed}")
            game = Game(ruleset, options, seed=seed)
            label = f"{ruleset}{'7' if options else ''}/{seed}"
            for _ in range(2):
                rnd = game.round
                step = 0
                while rnd.phase != "over" and game.round is rnd:
                    step += 1
                    if rng.random() < 0.15:  # a bot's suggestion, now and then, in any phase
                        viewer = rng.choice(list(rnd.seating.players))
                        level = rng.choice(("easy", "normal", "greedy"))
                        _say_all(out, f"{label}/{step}/suggest-{level}",
                                 suggest(view_for(game, viewer), level, seed=step))
                    game.apply(random_action(rnd, rng, bomb_rate=0.2, wish_rate=0.9))
                    if rnd.phase != "play" or rng.random() < 0.7:
                        continue
                    for viewer in rnd.seating.players:
                        view = view_for(game, viewer)
                        for seat in view["controls"]:
                            items = list(facts(view, seat))
                            hand = mask_cards(rnd.hands[seat])
                            for _ in range(3):
                                if hand:
                                    picked = rng.sample(hand, min(rng.randint(1, 4), len(hand)))
                                    cards = game.rules.deck.format_cards(sum(1 << c for c in picked))
                                    items += [why_not(view, cards, seat), play_fact(view, cards, seat)]
                            for item in items:
                                _say_all(out, f"{label}/{step}/{viewer}/{seat}", item)
                if game.over:
                    break


# -- rare branches, built by hand -------------------------------------------------------------------

def _seat(n, relation):
    return {"seat": n, "relation": relation}


def _info(cards, kind, rank, length, **extra):
    return {"cards": cards, "kind": kind, "rank": rank, "phoenix": None, "length": length, "special": None,
            **extra}


PLAYS = [
    _info("SQ", "single", "Q", 1), _info("SK", "single", "K", 1), _info("S7", "single", "7", 1),
    _info("S8", "single", "8", 1), _info("SJ", "single", "J", 1), _info("SA", "single", "A", 1),
    _info("Dr", "single", "Dr", 1, special="dragon"),
    _info("Ph", "single", "8.5", 1, special="phoenix", value=8.5),
    _info("Ph", "single", "14.5", 1, special="phoenix", value=14.5),
    _info("Ph", "single", "0.5", 1, special="phoenix", value=0.5),
    _info("Dg", "dog", "Dg", 1, special="dog"),
    _info("Mj", "single", "1", 1, special="mahjong"),
    _info("SJ BJ", "pair", "J", 2), _info("S3 B3", "pair", "3", 2),
    _info("S9 B9 G9", "triple", "9", 3), _info("SK BK GK", "triple", "K", 3),
    _info("S9 B9 G10 B10", "stairs", "10", 4, low="9"),
    _info("S9 B9 G10 B10 SJ BJ", "stairs", "J", 6, low="9"),
    _info("SA BA GA S2 B2", "full_house", "A", 5), _info("S4 B4 G4 S2 B2", "full_house", "4", 5),
    _info("Mj S2 B3 G4 R5", "straight", "5", 5, low="1"),
    _info("S9 B10 GJ RQ SK BA", "straight", "A", 6, low="9"),
    _info("SK BK GK RK", "bomb", "K", 4, bomb="four"), _info("S8 B8 G8 R8", "bomb", "8", 4, bomb="four"),
    _info("G8 G9 G10 GJ GQ", "bomb", "Q", 5, bomb="straight_flush", low="8"),
    _info("GMj G2 G3 G4 G5", "bomb", "5", 5, bomb="straight_flush", low="1"),
]
SEATS = [_seat(0, "you"), _seat(2, "partner"), _seat(3, "opponent"), _seat(4, "table"), _seat(1, "dealer"),
         _seat(5, "opponent")]


def handmade() -> list[dict]:
    """Items for the branches random games may miss (each as the facts and why-nots make them)."""
    items = []
    opp, partner, you = _seat(3, "opponent"), _seat(2, "partner"), _seat(0, "you")
    base = {"seat": 0, "ruleset": "standard", "teams": True}
    # lead
    for wish in (None, "J", "7", "A"):
        for dog, to, partner_out, ends in ((False, [], False, False), (True, [opp], True, False),
                                           (True, [opp], False, False), (True, [opp, partner], False, False),
                                           (True, [], False, False), (True, [opp], False, True)):
            for collects in (False, True):
                for bomb in (False, True):
                    items.append({"kind": "lead", **base, "dog": dog, "dog_to": to,
                                  "partner_out": partner_out, "must_lead_wish": wish, "bomb_instead": bomb,
                                  "collects": collects, "ends_round": ends})
    # other leads, dragon gift, not playing
    for s in SEATS:
        items.append({"kind": "other_leads", **base, "turn": s})
        items.append({"kind": "dragon_gift", **base, "giver": s})
    for phase in ("grand", "exchange", None):
        items.append({"kind": "not_playing", **base, "phase": phase})
    # beat
    for top in PLAYS:
        for by in ("same_kind", "bomb", "higher_bomb"):
            if by == "same_kind" and top["kind"] in ("bomb", "dog"):
                continue
            for second in (False, True):
                for dog, turn in ((False, False), (True, True), (True, False)):
                    items.append({"kind": "beat", **base, "top": top, "beaten_by": by,
                                  "second_dragon": second, "dog": dog, "your_turn": turn})
    # wish
    for rank in ("J", "Q", "K", "A", "8", "2"):
        for exempt, holds, must, fulfilling, bomb, turn in (
                (True, 0, False, [], False, False), (False, 0, False, [], False, False),
                (False, 2, True, [1, 2, 3], False, True), (False, 1, True, [1], True, True),
                (False, 3, False, [], False, True), (False, 1, False, [], False, False)):
            items.append({"kind": "wish", **base, "rank": rank, "exempt": exempt, "holds": holds,
                          "must_now": must, "fulfilling": fulfilling, "bomb_instead": bomb,
                          "your_turn": turn})
    # top cards out
    for top in ("A", "K", "J", "Q", "10"):
        for cards in ([], [{"card": "Dr", "role": "dragon", "holder": None}],
                      [{"card": "Dr", "role": "dragon", "holder": opp}, {"card": "Dr'", "role": "dragon",
                                                                            "holder": None},
                       {"card": "Ph", "role": "phoenix", "holder": partner},
                       {"card": f"R{top}", "role": "top_rank", "holder": None},
                       {"card": f"G{top}", "role": "top_rank", "holder": _seat(1, "opponent")}],
                      [{"card": f"S{top}", "role": "top_rank", "holder": you},
                       {"card": "Ph", "role": "phoenix", "holder": None},
                       {"card": "Ph'", "role": "phoenix", "holder": None}]):
            for ruleset in ("standard", "tientsin"):
                items.append({"kind": "top_cards_out", **base, "ruleset": ruleset, "top_rank": top,
                              "cards": cards})
    items.append({"kind": "top_cards_out", **base, "ruleset": "fifty-two", "top_rank": "A",
                  "cards": [{"card": "HA", "role": "top_rank", "holder": opp},
                            {"card": "DA", "role": "top_rank", "holder": partner}]})
    # bombs possible
    for fours, flushes in (([], []), ([{"rank": "7", "certain": None}], []),
                           ([{"rank": "A", "certain": opp}, {"rank": "J", "certain": None}],
                            [{"suit": "G", "low": "3", "high": "9", "certain": partner},
                             {"suit": "R", "low": "1", "high": "5", "certain": None}])):
        for ruleset, suits in (("standard", None), ("fifty-two", ("H", "S"))):
            fl = [dict(b, suit=suits[i % 2]) for i, b in enumerate(flushes)] if suits else flushes
            items.append({"kind": "bombs_possible", **base, "ruleset": ruleset, "fours": fours,
                          "straight_flushes": fl})
    # unbeatable, beatable, ends round, dog, unreadable
    for play in PLAYS:
        for partners, teams in (([], True), ([partner], True), ([partner, _seat(4, "partner")], True),
                                ([], False), ([_seat(1, "table")], True), ([_seat(1, "dealer")], True)):
            items.append({"kind": "unbeatable", **base, "play": play, "partners": partners, "teams": teams,
                          "dragon_gift": play.get("special") == "dragon" and teams})
        for by in ("bomb", "dragon", "same_kind"):
            if by == "same_kind" and play["kind"] in ("bomb", "dog"):
                continue
            items.append({"kind": "beatable", **base, "play": play, "by": by})
        for how in ("team_first", "last_hand"):
            items.append({"kind": "ends_round", **base, "play": play, "how": how})
    for to, partner_out, ends in (([opp], True, False), ([opp], False, False), ([opp, partner], False, False),
                                  ([], False, False), ([partner], False, True)):
        items.append({"kind": "dog", **base, "dog_to": to, "partner_out": partner_out, "ends_round": ends})
    items.append({"kind": "unreadable", **base})
    # going out
    two = [partner, _seat(4, "partner")]
    for partners, teams in (([], True), ([partner], True), (two, True), ([], False)):
        for plan in (PLAYS[:1], PLAYS[12:14], PLAYS[14:18], PLAYS[20:23]):
            items.append({"kind": "can_go_out", **base, "plan": plan, "partners": partners, "teams": teams})
    # why not
    for mode in ("lead", "follow", "throw"):
        for play in PLAYS:
            for extra in ({}, {"fulfils_wish": True, "may_wish": True, "dog_to": [opp]}):
                plays = [dict(play, phoenix=None)]
                items.append({"kind": "legal", **base, "mode": mode, "plays": plays, **extra})
        items.append({"kind": "legal", **base, "mode": mode,
                      "plays": [dict(PLAYS[12], phoenix=r) for r in ("J", "Q", "K")]})
        items.append({"kind": "legal", **base, "mode": mode,
                      "plays": [dict(PLAYS[12], phoenix=r) for r in ("9", "10")]})
    for kind in ("game_over", "round_over", "not_your_seat", "no_cards", "gift_pending_only_bombs",
                 "phoenix_on_dragon", "dog_only_leads"):
        items.append({"kind": kind, **base})
    for tokens in (["X9"], ["X9", "Q"]):
        items.append({"kind": "unknown_card", **base, "tokens": tokens})
        items.append({"kind": "named_twice", **base, "tokens": tokens})
    items.append({"kind": "bad_phoenix_rank", **base, "rank": "Z"})
    for ruleset, cards in (("standard", "RA"), ("standard", "Dr Ph Dg Mj GK"), ("tientsin", "SJ' BQ"),
                           ("fifty-two", "HA CK DQ"), ("fifty-two", "CA"), ("standard", "S2 B3")):
        items.append({"kind": "not_in_hand", **base, "ruleset": ruleset, "cards": cards})
        for kind in ("dragon_alone", "dog_alone", "one_phoenix", "mahjong_single_or_straight",
                     "phoenix_in_bomb", "four_needs_four_suits", "straight_too_short", "stairs_not_adjacent",
                     "no_combination"):
            items.append({"kind": kind, **base, "ruleset": ruleset, "cards": cards})
        items.append({"kind": "stairs_too_short", **base, "ruleset": ruleset, "cards": cards, "min_pairs": 3})
    for turn, leading in ((None, False), (opp, True), (partner, False), (_seat(4, "table"), True)):
        items.append({"kind": "not_your_turn", **base, "turn": turn, "leading": leading})
        items.append({"kind": "only_bombs_out_of_turn", **base, "turn": turn})
    for top in PLAYS:
        items.append({"kind": "phoenix_single_on_single", **base, "top": top})
        items.append({"kind": "needs_higher_bomb", **base, "top": top})
        for yours in PLAYS[::3] + PLAYS[16:18]:  # (and stairs, which English speaks of in the plural)
            items.append({"kind": "bomb_not_higher", **base, "top": top, "yours": yours})
            if top["kind"] in ("bomb", "dog"):
                continue
            items.append({"kind": "wrong_kind", **base, "top": top, "yours": yours})
            items.append({"kind": "wrong_length", **base, "top": top, "yours": yours})
            for equal in (False, True):
                items.append({"kind": "not_higher", **base, "top": top, "yours": yours, "equal": equal})
    for second in (False, True):
        items.append({"kind": "dragon_needs_bomb", **base, "second_dragon": second})
    for can in ([], ["9"], ["9", "10", "J"]):
        items.append({"kind": "phoenix_cannot_be", **base, "rank": "Q", "can_be": can})
    for rank in ("J", "A", "7"):
        for fulfilling, bomb in (([], False), ([], True), ([PLAYS[12]], True), ([PLAYS[16]], False)):
            items.append({"kind": "must_fulfil_wish", **base, "rank": rank, "fulfilling": fulfilling,
                          "bomb_instead": bomb})
    # suggestions
    for level in ("hard", "normal", "easy", "greedy", "unknown"):
        for seat in (you, _seat(4, "table")):
            sug = {"kind": "suggestion", "bot": level, "seat": seat, "teams": True, "ruleset": "standard",
                   "reasons": []}
            for act in ("pass", "tichu", "no_call"):
                items.append(dict(sug, act=act))
            for call in (True, False):
                items.append(dict(sug, act="grand", call=call))
            for to in (opp, _seat(1, "opponent"), _seat(4, "table")):
                items.append(dict(sug, act="gift", to=to))
            items.append(dict(sug, act="exchange", give=[{"to": _seat(1, "opponent"), "cards": "Dg"},
                                                         {"to": partner, "cards": "RA"},
                                                         {"to": opp, "cards": "S2"}]))
            items.append(dict(sug, act="exchange", ruleset="fifty-two",
                              give=[{"to": partner, "cards": "HK CA"}]))
            items.append(dict(sug, act="play", cards="SQ BQ", fact={}))
            items.append(dict(sug, act="play", cards="Ph", fact={"kind": "beatable", "play": PLAYS[7],
                                                                  "by": "same_kind"}))
            for wish in (None, "J", "A", "8"):
                fact = {"kind": "unbeatable", **base, "play": PLAYS[6], "partners": [partner], "teams": True,
                        "dragon_gift": True}
                s = dict(sug, act="play", cards="Dr", fact=fact)
                if wish:
                    s["wish"] = wish
                items.append(s)
                ends = {"kind": "ends_round", **base, "play": PLAYS[12], "how": "team_first"}
                items.append(dict(s, fact=ends))
    return items


# -- the lexicon, phrase by phrase --------------------------------------------------------------------

RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
CASES = ("nom", "acc", "dat")
ROLES = ("dragon", "phoenix", "dog", "mahjong")


def lexicon(out: list) -> None:
    for lang in LANGS:
        def put(name, *args, lang=lang, **kw):
            fn = getattr(lx, name)
            out.append(f"lexicon|{name}|{args}|{kw}|{lang}|{fn(*args, lang, **kw)}")
        for rank in RANKS:
            for case in CASES:
                put("rank_one", rank, case=case)
                put("a_rank", rank, case=case)
            put("rank_many", rank)
            put("rank_many", rank, dative=True)
        for role in ROLES:
            for case in CASES:
                for article in (True, False):
                    put("special_name", role, case=case, article=article)
            put("special_name", role, count=2)
            put("special_name", role, count=3, case="dat")
        for ruleset, codes in (("standard", ("RA", "GK", "SQ", "BJ", "S10", "G2", "SJ'", "RA'", "B8")),
                               ("tientsin", ("RA'", "G7")),
                               ("fifty-two", ("HA", "CK", "DQ", "SJ", "H10", "CA"))):
            for code in codes:
                for case in CASES:
                    put("card_name", code, None, ruleset, case=case)
                    put("card_name", code, "top_rank", ruleset, case=case)
            for letter in ("S", "B", "G", "R", "H", "D", "C", "X"):
                put("suit_name", letter, ruleset)
        for role in ROLES:
            for case in CASES:
                put("card_name", "Dr", role, "standard", case=case)
        for play in PLAYS:
            for case in CASES:
                put("play_phrase", play, case=case)
                if play["kind"] not in ("bomb", "dog"):
                    put("higher_of_kind", play, case=case)
            put("kind_of", play)
        for s in SEATS + [None]:
            for case in CASES:
                for names in (None, {}, NAMES):
                    text = lx.seat_phrase(s, lang, names, case)
                    out.append(f"lexicon|seat_phrase|{s}|{names}|{case}|{lang}|{text}")
        for items in ([], ["a"], ["a", "b"], ["a", "b", "c"]):
            put("join", items)
            put("join_or", items)
    for value in (0.5, 1.5, 8.5, 10.5, 11.5, 14.5):
        out.append(f"lexicon|half|{value}|{lx.half(value)}")
    for text in ("", "a", "über", "Seat 3"):
        out.append(f"lexicon|cap|{text!r}|{lx.cap(text)}")


# -- the review's English lines -----------------------------------------------------------------------

def review(out: list) -> None:
    choices = [
        {"act": "play", "cards": "R10 R9 R8 R7 R6"}, {"act": "play", "cards": "Ph", "phoenix": "8.5"},
        {"act": "play", "cards": "Mj", "wish": "7"},
        {"act": "play", "cards": "Mj S2 B3 G4 Ph", "phoenix": "5", "wish": None},
        {"act": "pass"}, {"act": "wait"}, {"act": "gift", "to": 3}, {"act": "grand", "call": True},
        {"act": "grand", "call": False}, {"act": "tichu", "call": True}, {"act": "tichu"},
        {"act": "exchange", "give": {"3": "S2", "1": "Dg", "2": "RA"}}, {"act": "odd"},
    ]
    for choice in choices:
        out.append(f"review|describe|{describe(choice)}")
    for unit in ("places", "points"):
        flag = {"unit": unit, "gain": 12.345, "round": 2, "index": 17, "seat": 1, "kind": "play",
                "done": choices[0], "better": choices[4], "share": 0.714, "deals": 21}
        out.append(f"review|flag_line|{flag_line(flag)}")


def corpus() -> list[str]:
    out: list[str] = []
    games(out)
    for i, item in enumerate(handmade()):
        _say_all(out, f"handmade/{i}", item)
    lexicon(out)
    review(out)
    return out


def _coverage() -> None:
    """The lines of the wording modules no sentence of the corpus ran (stdlib tracing)."""
    import app.coach.lexicon
    import app.coach.review.words
    import app.coach.words

    files = {m.__file__ for m in (app.coach.words, app.coach.lexicon, app.coach.review.words)}
    ran: set = set()

    def tracer(frame, event, arg):
        if frame.f_code.co_filename in files:
            ran.add((frame.f_code.co_filename, frame.f_lineno))
            return tracer
        return None

    sys.settrace(tracer)
    corpus()
    sys.settrace(None)
    import ast
    for path in sorted(files):
        tree = ast.parse(open(path).read())
        missed = []
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef):
                for node in ast.walk(fn):
                    if isinstance(node, ast.stmt) and node is not fn and (path, node.lineno) not in ran:
                        missed.append(f"{fn.name}:{node.lineno}")
        print(path, "not run:", sorted(set(missed)) or "none")


if __name__ == "__main__":
    if "--coverage" in sys.argv:
        _coverage()
    else:
        lines = corpus()
        sys.stdout.write("\n".join(lines) + "\n")
        print(f"# {len(lines)} lines, {len(set(lines))} distinct", file=sys.stderr)
