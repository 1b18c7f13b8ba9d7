"""Importing Brettspielwelt logs (docs/bsw-import.md): `app.engine.bsw` and `import-bsw`.

The logs are written here: games played on our engine (random players, or a
script for each case, finished at random) are printed by `bsw_writer` as BSW
writes its logs, and importing the text must give back the same game: the same
events on the engine, trick by trick, and the same scores. The files under
bsw_logs/ were made the same way and changed by hand where a case needs it
(bsw_logs/make_logs.py makes them again).
"""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from app.engine import Game
from app.engine.bsw import BSW_OPTIONS, decode_bsw, import_bsw, looks_like_bsw
from app.engine.cli import main
from app.engine.record import parse_record, replay
from app.engine.simulate import play_random_round

from .bsw_writer import NAMES, random_game, write_game
from .helpers import LONG_STRAIGHT, gift, hand, pass_, play, table

ROOT = Path(__file__).resolve().parents[2]
LOGS = Path(__file__).resolve().parent / "bsw_logs"


# -- helpers ---------------------------------------------------------------------------


def rebuilt(doc) -> Game:
    """The game a record describes, applied action by action."""
    ruleset, options, hands, actions = parse_record(doc)
    game = Game(ruleset, options, deal=lambda i: hands[i] if i < len(hands) else None)
    for round_actions in actions:
        for action in round_actions:
            game.apply(action)
    return game


def _split(log: list) -> tuple[list, list]:
    """A round's public events: those before the first play (calls and exchanges, whose order
    between seats carries no meaning) as a sorted list, and the play as it happened."""
    first = next((i for i, e in enumerate(log) if e["act"] == "play"), len(log))
    return sorted(map(repr, log[:first])), log[first:]


def assert_same_rounds(original_rounds: list, record: dict):
    """The record replays to exactly these engine rounds: every play, pass, trick taken in, gift
    and call in the same order with the same reading, and the same result."""
    assert replay(record)["ok"]
    imported = rebuilt(record).rounds[:len(record["rounds"])]
    assert len(imported) == len(original_rounds)
    for original, again in zip(original_rounds, imported, strict=True):
        assert _split(again.log) == _split(original.log)
        assert again.result == original.result
        assert [again.deck.format_cards(h) for h in again.dealt] == \
            [original.deck.format_cards(h) for h in original.dealt]


def imported_ok(text: str, **kw):
    result = import_bsw(text, **kw)
    assert result.ok, result.summary()
    return result


def codes(result) -> list[str]:
    return [d.code for d in result.diagnostics]


def only(result, code: str):
    found = [d for d in result.diagnostics if d.code == code]
    assert len(found) == 1, result.summary()
    return found[0]


def lines_of(text: str) -> list[str]:
    return text.split("\n")


def line_number(text: str, line: str, start: int = 0) -> int:
    """The 1-based number of the first line equal to `line` from line `start` (1-based) on."""
    for number, candidate in enumerate(lines_of(text), 1):
        if number >= start and candidate.strip() == line.strip():
            return number
    raise AssertionError(f"no line {line!r}")


def finish(game: Game, seed: int = 7) -> Game:
    play_random_round(game, random.Random(seed))
    return game


def printed_scores(text: str) -> list[list[int]]:
    return [[int(a), int(b)] for a, b in re.findall(r"^Ergebnis: (-?\d+) - (-?\d+)", text, re.M)]


def seat_line(seat: int, rest: str) -> str:
    return f"({seat}){NAMES[seat]}{rest}"


# -- whole games -----------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_random_game_comes_back_round_by_round(seed):
    game = random_game(seed, bomb_rate=0.3, tichu_rate=0.05)  # to its end: a game of many rounds
    text = write_game(game)
    result = imported_ok(text)
    assert result.diagnostics == []
    assert result.rounds == len(game.rounds) > 1
    assert_same_rounds(game.rounds, result.record)
    summary = replay(result.record)
    assert summary["totals"] == game.totals and summary["winner"] == game.winner
    assert [r["scores"] for r in summary["rounds"]] == printed_scores(text)


def test_the_record_names_the_seats_options_and_players():
    game = random_game(4, rounds=2)
    record = imported_ok(write_game(game)).record
    assert record["format"] == "tichu-record/1" and record["ruleset"] == "standard"
    assert record["options"] == BSW_OPTIONS  # BSW plays our defaults, written out in full
    assert record["players"] == NAMES
    assert [r["players"] for r in record["rounds"]] == [NAMES, NAMES]
    assert record["rounds"][0]["hands"] == game.record()["rounds"][0]["hands"]


def test_anonymous_names_the_seats_and_leaks_no_nickname():
    game = random_game(5, rounds=2)
    text = write_game(game, renames={(1, "Gr.Tichukarten"): {3: "guest"}})
    result = imported_ok(text, anonymous=True)
    seats = ["Seat 0", "Seat 1", "Seat 2", "Seat 3"]
    assert result.record["players"] == seats
    assert all(r["players"] == seats for r in result.record["rounds"])
    assert "nickname" in codes(result)  # the change is still reported, without the names
    out = json.dumps([result.record, result.summary()])
    for name in NAMES + ["guest"]:
        assert name not in out


def test_a_game_played_without_the_winners_passt_lines_imports_the_same():
    game = random_game(6, rounds=3, bomb_rate=0.3)
    result = imported_ok(write_game(game, marker=False))
    assert_same_rounds(game.rounds[:3], result.record)


# -- one case at a time: scripted rounds, finished at random -----------------------------


def test_bomb_onto_a_won_trick_not_yet_taken_in():
    game = table(["Mj GK", "", "S7 B7 G7 R7", ""])
    play(game, 0, "GK")
    pass_(game, 1, 2, 3)
    play(game, 2, "S7 B7 G7 R7")  # out of turn, onto seat 0's won trick
    pass_(game, 3, 0, 1)
    finish(game)
    text = write_game(game)
    won = line_number(text, seat_line(3, " passt."))
    assert lines_of(text)[won:won + 2] == [seat_line(0, " passt."), seat_line(2, ": S7 B7 G7 R7")]
    result = imported_ok(text)
    assert_same_rounds(game.rounds[:1], result.record)
    actions = result.record["rounds"][0]["actions"]
    assert actions[11:13] == [{"seat": 3, "act": "pass"},  # no action for seat 0's passt.
                              {"seat": 2, "act": "play", "cards": "S7 B7 G7 R7"}]


def test_bomb_out_of_turn_in_the_middle_of_a_trick_and_the_wish():
    game = table(["Mj", "", "", "S5 B5 G5 R5"])
    play(game, 0, "Mj", wish="K")
    play(game, 3, "S5 B5 G5 R5")  # seat 1's turn: seat 3 bombs out of it
    finish(game)
    text = write_game(game)
    start = line_number(text, seat_line(0, ": Ma"))
    assert lines_of(text)[start:start + 2] == ["Wunsch:K", seat_line(3, ": S5 B5 G5 R5")]
    result = imported_ok(text)
    assert result.record["rounds"][0]["actions"][8] == {"seat": 0, "act": "play", "cards": "Mj", "wish": "K"}
    assert_same_rounds(game.rounds[:1], result.record)


def test_bomb_onto_a_dragon_trick_before_its_gift():
    game = table(["Mj Dr", "S9 B9 G9 R9", "", ""])
    play(game, 0, "Dr")
    pass_(game, 1, 2, 3)  # seat 0 is to give the trick away ...
    play(game, 1, "S9 B9 G9 R9")  # ... but seat 1 bombs it first
    pass_(game, 2, 3, 0)
    finish(game)
    text = write_game(game)
    won = line_number(text, seat_line(3, " passt."))
    assert lines_of(text)[won:won + 2] == [seat_line(0, " passt."), seat_line(1, ": S9 B9 G9 R9")]
    assert "Drache an" not in "\n".join(lines_of(text)[:won + 8])
    assert_same_rounds(game.rounds[:1], imported_ok(text).record)


def test_the_dragons_gift():
    game = table(["Mj Dr", "", "", ""])
    play(game, 0, "Dr")
    pass_(game, 1, 2, 3)
    gift(game, 0, 3)
    finish(game)
    text = write_game(game)
    won = line_number(text, seat_line(3, " passt."))
    assert lines_of(text)[won:won + 2] == [seat_line(0, " passt."), "Drache an: (3)dino"]
    result = imported_ok(text)
    assert {"seat": 0, "act": "gift", "to": 3} in result.record["rounds"][0]["actions"]
    assert_same_rounds(game.rounds[:1], result.record)


def test_the_gift_line_before_the_winners_passt_line_reads_the_same():
    game = table(["Mj Dr", "", "", ""])
    play(game, 0, "Dr")
    pass_(game, 1, 2, 3)
    gift(game, 0, 1)
    finish(game)
    text = write_game(game)
    swapped = text.replace(f"{seat_line(0, ' passt.')}\nDrache an: (1)bert\n",
                           f"Drache an: (1)bert\n{seat_line(0, ' passt.')}\n", 1)
    assert swapped != text
    assert_same_rounds(game.rounds[:1], imported_ok(swapped).record)


def test_the_dog():
    game = table(["Mj Dg", "", "", ""])
    play(game, 0, "Mj")
    pass_(game, 1, 2, 3)
    play(game, 0, "Dg")  # the lead goes to seat 2
    finish(game)
    text = write_game(game)
    dog = line_number(text, seat_line(0, ": Hu"))
    assert lines_of(text)[dog].startswith("(2)cleo: ")
    assert_same_rounds(game.rounds[:1], imported_ok(text).record)


def test_grand_tichu_and_tichu_before_the_exchange_and_during_the_play():
    game = table(["Mj", "", "", ""], grand=(1,), tichu=(2,))
    play(game, 0, "Mj")
    game.apply({"seat": 3, "act": "tichu"})  # seat 3 calls before its first card
    finish(game)
    text = write_game(game)
    assert text.index("Grosses Tichu: (1)bert") < text.index("Tichu: (2)cleo") < text.index("Schupfen:")
    assert text.index("---Rundenverlauf") < text.index("Tichu: (3)dino")
    result = imported_ok(text)
    actions = result.record["rounds"][0]["actions"]
    assert actions[:4] == [{"seat": s, "act": "grand", "call": s == 1} for s in range(4)]
    assert actions[4] == {"seat": 2, "act": "tichu"}
    assert actions[9:11] == [{"seat": 0, "act": "play", "cards": "Mj"}, {"seat": 3, "act": "tichu"}]
    assert_same_rounds(game.rounds[:1], result.record)


def test_a_call_written_twice_in_a_row_is_one_call():
    game = table(["Mj", "", "", ""], tichu=(2,))
    play(game, 0, "Mj")
    game.apply({"seat": 3, "act": "tichu"})
    finish(game)
    text = write_game(game)
    doubled = text.replace("Tichu: (2)cleo\n", "Tichu: (2)cleo\nTichu: (2)cleo\n").replace(
        "Tichu: (3)dino\n", "Tichu: (3)dino\nTichu: (3)dino\n")
    result = imported_ok(doubled)
    assert codes(result) == ["duplicate_call", "duplicate_call"]
    assert [d.line for d in result.diagnostics] == [
        line_number(doubled, "Tichu: (2)cleo") + 1, line_number(doubled, "Tichu: (3)dino") + 1]
    assert result.record["rounds"] == imported_ok(text).record["rounds"]


def test_phoenix_single_and_pair():
    game = table(["Mj S4 B4", "Ph", "", ""])
    play(game, 0, "S4")
    play(game, 1, "Ph")  # a single: four and a half
    finish(game)
    result = imported_ok(write_game(game))
    assert {"seat": 1, "act": "play", "cards": "Ph"} in result.record["rounds"][0]["actions"]  # no rank
    assert_same_rounds(game.rounds[:1], result.record)

    game = table(["Mj S4 B4", "Ph R9", "", ""])
    play(game, 0, "S4 B4")
    play(game, 1, "Ph R9")
    finish(game)
    result = imported_ok(write_game(game))
    actions = result.record["rounds"][0]["actions"]
    assert {"seat": 1, "act": "play", "cards": "Ph R9", "phoenix": "9"} in actions
    assert_same_rounds(game.rounds[:1], result.record)


@pytest.mark.parametrize("rank, written", [("A", "Ph RK GD BB S10"), ("9", "RK GD BB S10 Ph")])
def test_phoenix_straight_read_from_its_place(rank, written):
    game = table(["Mj S10 BJ GQ RK Ph", "", "", ""])
    play(game, 0, "Ph S10 BJ GQ RK", phoenix=rank)
    pass_(game, 1, 2, 3)
    finish(game)
    text = write_game(game)
    assert seat_line(0, ": " + written) in lines_of(text)
    result = imported_ok(text)
    assert result.record["rounds"][0]["actions"][8]["phoenix"] == rank
    assert_same_rounds(game.rounds[:1], result.record)


def test_phoenix_full_house_read_from_its_place():
    game = table(["Mj S9 B9 S5 B5 Ph", "", "", ""])
    play(game, 0, "S9 B9 S5 B5 Ph", phoenix="5")  # the fives are the triple
    pass_(game, 1, 2, 3)
    finish(game)
    text = write_game(game)
    assert seat_line(0, ": S9 B9 S5 B5 Ph") in lines_of(text)  # after the fives: nothing else fits
    result = imported_ok(text)
    assert result.record["rounds"][0]["actions"][8]["phoenix"] == "5"
    assert_same_rounds(game.rounds[:1], result.record)


def test_phoenix_full_house_whose_place_fits_both_readings_is_read_from_the_next_play():
    game = table(["Mj S9 B9 S5 B5 Ph", "S7 B7 G7 S2 B2", "", ""])
    play(game, 0, "S9 B9 S5 B5 Ph", phoenix="5")
    play(game, 1, "S7 B7 G7 S2 B2")  # beats the fives, not the nines
    finish(game)
    text = write_game(game, phoenix_before_equals=True)
    assert seat_line(0, ": S9 B9 Ph S5 B5") in lines_of(text)  # between the pairs: either reading
    result = imported_ok(text)
    assert result.record["rounds"][0]["actions"][8]["phoenix"] == "5"
    assert_same_rounds(game.rounds[:1], result.record)


def test_phoenix_full_house_with_nothing_to_tell_takes_the_higher_reading():
    game = table(["Mj S9 B9 S5 B5 Ph", "", "", ""])
    play(game, 0, "S9 B9 S5 B5 Ph", phoenix="5")
    pass_(game, 1, 2, 3)
    finish(game)
    result = imported_ok(write_game(game, phoenix_before_equals=True))
    assert result.record["rounds"][0]["actions"][8]["phoenix"] == "9"  # as the engine reads it unsaid
    assert replay(result.record)["rounds"][0]["scores"] == list(game.rounds[0].result.scores)


def test_phoenix_placed_where_no_reading_fits_is_noted():
    game = table(["Mj S10 BJ GQ RK Ph", "", "", ""])
    play(game, 0, "Ph S10 BJ GQ RK", phoenix="A")
    pass_(game, 1, 2, 3)
    finish(game)
    text = write_game(game).replace(seat_line(0, ": Ph RK GD BB S10"), seat_line(0, ": RK GD Ph BB S10"))
    result = imported_ok(text)
    assert only(result, "phoenix_place").line == line_number(text, seat_line(0, ": RK GD Ph BB S10"))
    assert result.record["rounds"][0]["actions"][8]["phoenix"] == "A"


def double_victory(grand=()) -> Game:
    """Seat 0 goes out with one 14-card straight, seat 2 with its Dragon and a Phoenix straight."""
    game = table([LONG_STRAIGHT, "", "Dr Ph B2 G3 R4 S5 G6 R7 S8 B9 G10 RJ SQ BK", ""], grand=grand)
    play(game, 0, LONG_STRAIGHT)
    pass_(game, 1, 2, 3)
    play(game, 1, next(c for c in hand(game, 1).split() if c[0] in "SBGR"))
    play(game, 2, "Dr")
    pass_(game, 3, 1)
    gift(game, 2, 1)
    play(game, 2, "Ph B2 G3 R4 S5 G6 R7 S8 B9 G10 RJ SQ BK")
    assert game.rounds[0].result.double_victory
    return game


def test_a_double_victory():
    game = double_victory()
    text = write_game(game)
    assert text.rstrip().endswith("Drache an: (1)bert\n(2)cleo: Ph BK SD RB G10 B9 S8 R7 G6 S5 R4 G3 B2\n"
                                  "Ergebnis: 200 - 0")
    result = imported_ok(text)
    assert result.diagnostics == []
    assert replay(result.record)["rounds"][0]["double_victory"] is True
    assert_same_rounds(game.rounds[:1], result.record)


def test_the_bsw_double_grand_tichu_score_error_is_a_note():
    game = double_victory(grand=(0, 2))  # seat 0 made it, seat 2 failed: 200 + 200 - 200
    text = write_game(game, bsw_score_error=True)
    assert text.rstrip().endswith("Ergebnis: 400 - 0")
    result = imported_ok(text)
    note = only(result, "bsw_score_error")
    assert note.level == "note" and note.round == 0 and note.line == line_number(text, "Ergebnis: 400 - 0")
    assert "400 - 0" in note.message and "200 - 0" in note.message and "Grand Tichu" in note.message
    assert replay(result.record)["rounds"][0]["scores"] == [200, 0]  # the rules' score is kept


def test_the_same_difference_without_two_grand_tichus_is_an_error():
    game = double_victory(grand=(0,))
    text = write_game(game).replace("Ergebnis: 400 - 0", "Ergebnis: 600 - 0")
    result = import_bsw(text)
    error = only(result, "score_differs")
    assert (error.level, error.round, error.line) == ("error", 0, line_number(text, "Ergebnis: 600 - 0"))
    assert "600 - 0" in error.message and "400 - 0" in error.message
    assert result.record["rounds"] == [] and result.exit_code == 1


# -- nicknames and exchanges -----------------------------------------------------------


def test_a_nickname_that_changes_between_sections():
    game = random_game(8, rounds=2)
    renames = {(0, "Gr.Tichukarten"): {1: "guest17"}, (1, "Schupfen"): {2: "cleo_"}}
    text = write_game(game, renames=renames)
    lines = lines_of(text)
    second = [n for n, line in enumerate(lines, 1) if "Gr.Tichukarten" in line][1]
    gives = next(n for n, line in enumerate(lines, 1) if line.startswith("(2)cleo_ gibt: "))
    assert "cleo_: " in lines[gives - 2]  # seat 1 names its recipients by their Schupfen nicknames
    back = next(n for n, line in enumerate(lines, 1)
                if n > gives and "(2)cleo" in line and "(2)cleo_" not in line)
    result = imported_ok(text)
    notes = [d for d in result.diagnostics if d.code == "nickname"]
    # Round 0: seat 1's line of 14 cards (line 8) after its line of 8; round 1: to cleo_ and back.
    assert [(d.round, d.line) for d in notes] == [(0, 8), (1, gives), (1, back)]
    assert gives > second
    assert "guest17" in notes[0].message and "bert" in notes[0].message
    assert result.record["rounds"][0]["players"] == NAMES  # the name at the seat's last line
    assert_same_rounds(game.rounds[:2], result.record)


def test_exchange_recipients_with_unknown_names_are_read_in_bsws_order():
    game = random_game(9, rounds=1)
    text = write_game(game)
    gives = next(line for line in lines_of(text) if line.startswith("(0)anna gibt: "))
    unnamed = gives.replace("bert:", "x:").replace("cleo:", "y:").replace("dino:", "z:")
    result = imported_ok(text.replace(gives, unnamed))
    assert only(result, "exchange_order").line == line_number(text, gives)
    assert_same_rounds(game.rounds[:1], result.record)


def test_a_bombe_line_that_disagrees_with_the_hands_is_noted():
    game = table(["Mj", "S7 B7 G7 R7", "", ""])
    finish(game)
    text = write_game(game)
    assert "BOMBE: (1)bert\n" in text
    result = imported_ok(text.replace("BOMBE: (1)bert\n", "BOMBE: (1)bert (3)dino\n"))
    assert "seats 1, 3" in only(result, "bomb_info").message
    assert_same_rounds(game.rounds[:1], result.record)


# -- several games, one round, logs that stop ------------------------------------------


def two_games() -> tuple[Game, Game, str]:
    first, second = random_game(10), random_game(11)
    assert first.over and second.over
    return first, second, write_game(first) + "\n" + write_game(second)


def test_a_file_of_two_games():
    first, second, text = two_games()
    result = imported_ok(text)
    assert (result.games, result.game) == (2, 0)
    assert only(result, "games").level == "note"
    assert_same_rounds(first.rounds, result.record)
    result = imported_ok(text, game=1)
    assert_same_rounds(second.rounds, result.record)
    assert replay(result.record)["winner"] == second.winner


def test_a_game_over_by_our_rules_without_end_game_begins_the_next():
    first, second, text = two_games()
    joined = text.replace("--END GAME--\n\n", "", 1)
    result = imported_ok(joined)
    assert result.games == 2
    assert "game_over" in codes(result)
    assert_same_rounds(first.rounds, result.record)
    assert_same_rounds(second.rounds, imported_ok(joined, game=1).record)


def test_one_round_of_the_game():
    game = random_game(12, rounds=4)
    result = imported_ok(write_game(game), round=2)
    assert result.round == 2 and len(result.record["rounds"]) == 1
    assert_same_rounds(game.rounds[2:3], result.record)


def test_no_such_game_or_round_is_a_refusal():
    text = write_game(random_game(13, rounds=2))
    for kw, code in [({"game": 1}, "no_such_game"), ({"round": 2}, "no_such_round"), ({"round": -1},
                                                                                        "no_such_round")]:
        result = import_bsw(text, **kw)
        assert result.refused and result.record is None and result.exit_code == 2
        assert codes(result) == [code]


def test_a_log_cut_off_in_the_middle_imports_the_rounds_before():
    game = random_game(14, rounds=3)
    text = write_game(game)
    third = [n for n, line in enumerate(lines_of(text), 1) if "Gr.Tichukarten" in line][2]
    middle = third + 40
    for cut in ["\n".join(lines_of(text)[:middle]),  # after a whole line
                "\n".join(lines_of(text)[:middle]) + "\n(1)bert: S",  # in the middle of one
                "\n".join(lines_of(text)[:third + 9])]:  # after the deal
        result = imported_ok(cut)
        assert result.rounds == 2 and result.exit_code == 0
        note = only(result, "incomplete_round")
        assert (note.level, note.round) == ("note", 2)
        assert_same_rounds(game.rounds[:2], result.record)


def test_a_round_broken_off_before_its_play_was_dealt_again():
    game = random_game(15, rounds=2)
    text = write_game(game)
    deal = "\n".join(lines_of(text)[:10]) + "\n"  # round 0's two sections of cards, then a new deal
    result = imported_ok(deal + text)
    assert only(result, "redealt").line == 1
    assert_same_rounds(game.rounds[:2], result.record)


def test_a_round_broken_off_in_its_play_stops_the_import():
    game = random_game(16, rounds=2)
    text = write_game(game)
    second = [n for n, line in enumerate(lines_of(text), 1) if "Gr.Tichukarten" in line][1]
    broken = "\n".join(lines_of(text)[:second + 30]) + "\n" + text  # round 1 stops, round 0 comes again
    result = import_bsw(broken)
    error = only(result, "broken_off")
    assert (error.round, error.line) == (1, second + 31)
    assert result.rounds == 1 and result.exit_code == 1


# -- malformed lines, the rules broken, not a log ----------------------------------------


def second_round_text(seed=17):
    game = random_game(seed, rounds=3)
    text = write_game(game)
    second = [n for n, line in enumerate(lines_of(text), 1) if "Gr.Tichukarten" in line][1]
    return game, text, second


def assert_stops_at(result, game, code: str, line: int, round_index: int = 1):
    error = next(d for d in result.diagnostics if d.level == "error")
    assert (error.code, error.round, error.line) == (code, round_index, line), result.summary()
    assert error.message and not result.ok and result.exit_code == 1
    assert result.rounds == round_index
    assert_same_rounds(game.rounds[:round_index], result.record)
    return error


def test_an_unreadable_card_names_round_and_line():
    game, text, second = second_round_text()
    number = next(n for n, line in enumerate(lines_of(text), 1) if n > second + 15 and ": " in line
                  and line.startswith("("))
    lines = lines_of(text)
    lines[number - 1] = lines[number - 1].rsplit(" ", 1)[0] + " X9"
    error = assert_stops_at(import_bsw("\n".join(lines)), game, "unreadable_line", number)
    assert "'X9' is not a card" in error.message


@pytest.mark.parametrize("where, bad, why", [
    ("grand", "(0)anna R5 G4", "names 2 cards"),
    ("grand", "(7)anna RA SK BD GB R10 S9 B8 G7", "no seat (7)"),
    ("play", "Ergebnis: 40", "two scores"),
    ("play", "Wunsch:Z", "not a rank"),
    ("play", "(2)cleo: ", "names no card"),
    ("play", "(2)cleo hat keine Lust", "neither a play"),
    ("play", "BOMBE: (2)cleo", "not a line of the play"),
    ("schupfen", "Schupfen", "expected a call"),
    ("gives", "(1)bert gibt: cleo: R5 - dino: G4 -", "gives 2 cards"),
    ("gives", "(1)bert gibt: cleo: R5 - dino: G4 - anna: R99 -", "'R99' is not a card"),
    ("bombs", "BOMBE: anna", "lists seats"),
    ("bombs", "Hallo", "expected 'BOMBE:'"),
])
def test_malformed_lines(where, bad, why):
    game, text, second = second_round_text()
    lines = lines_of(text)
    schupfen = line_number(text, "Schupfen:", second)
    number = {"grand": second + 1, "play": second + 40, "schupfen": schupfen, "gives": schupfen + 2,
              "bombs": line_number(text, "---------------Rundenverlauf------------------", second)}[where]
    if where == "bombs":
        lines.insert(number - 1, bad)
    else:
        lines[number - 1] = bad
    error = assert_stops_at(import_bsw("\n".join(lines)), game, "unreadable_line", number)
    assert why in error.message


def test_a_line_outside_any_round():
    game = random_game(18, rounds=2)
    text = write_game(game) + "Hallo\n"
    result = import_bsw(text)
    assert_stops_at(result, game, "unreadable_line", len(lines_of(text)) - 1, round_index=2)


def test_a_card_dealt_twice():
    game, text, second = second_round_text()
    lines = lines_of(text)
    start = second + 7  # seat 1's line of 14 cards (seat 0's is just before it)
    first_eight = lines[second + 1].split()[1:]
    later = next(c for c in lines[start - 1].split()[1:] if c not in first_eight)
    lines[start - 1] = lines[start - 1].replace(" " + later, " " + lines[start - 2].split()[-1])
    error = assert_stops_at(import_bsw("\n".join(lines)), game, "bad_deal", start)
    assert "dealt to seat 0 and to seat 1" in error.message


def test_a_pass_the_rules_refuse_names_the_rule():
    game, text, second = second_round_text()
    lines = lines_of(text)
    header = line_number(text, "---------------Rundenverlauf------------------", second)
    first_play = next(n for n, line in enumerate(lines, 1) if n > header and line.startswith("("))
    seat = int(lines[first_play - 1][1])
    lines.insert(first_play - 1, seat_line(seat, " passt."))  # the Mah Jong's holder passes on the lead
    error = assert_stops_at(import_bsw("\n".join(lines)), game, "refused", first_play)
    assert error.rule == "cannot_pass"


def test_a_tichu_after_the_first_card_is_refused():
    game, text, second = second_round_text()
    lines = lines_of(text)
    header = line_number(text, "---------------Rundenverlauf------------------", second)
    first_play = next(n for n, line in enumerate(lines, 1) if n > header and line.startswith("("))
    seat = int(lines[first_play - 1][1])
    assert f"Tichu: ({seat})" not in "\n".join(lines[second:first_play])  # no call of its own before
    lines.insert(first_play, f"Tichu: ({seat}){NAMES[seat]}")
    error = assert_stops_at(import_bsw("\n".join(lines)), game, "refused", first_play + 1)
    assert error.rule == "tichu_not_allowed"


def test_a_wish_without_the_mah_jong():
    game, text, second = second_round_text()
    lines = lines_of(text)
    number = second + 40
    assert ": Ma" not in lines[number - 2]
    lines.insert(number - 1, "Wunsch:7")
    assert_stops_at(import_bsw("\n".join(lines)), game, "misplaced_wish", number)


def test_an_ergebnis_before_the_round_is_over():
    game, text, second = second_round_text()
    lines = lines_of(text)
    number = second + 30
    lines.insert(number - 1, "Ergebnis: 50 - 50")
    error = assert_stops_at(import_bsw("\n".join(lines)), game, "not_over", number)
    assert "goes on" in error.message


def test_a_different_score():
    game, text, second = second_round_text()
    printed = printed_scores(text)[1]
    wrong = f"Ergebnis: {printed[0] + 10} - {printed[1] - 10}"
    original = f"Ergebnis: {printed[0]} - {printed[1]}"
    number = line_number(text, original, second)
    lines = lines_of(text)
    lines[number - 1] = wrong
    error = assert_stops_at(import_bsw("\n".join(lines)), game, "score_differs", number)
    assert original[len("Ergebnis: "):] in error.message


@pytest.mark.parametrize("text", ["", "   \n\n", '{"format": "tichu-record/1"}', "Ergebnis: 10 - 90\n",
                                  "\x00\x01binary\xff", "(0)anna Dr RA\n---------------Gr.Tichukarten------"])
def test_not_a_log_is_refused(text):
    assert not looks_like_bsw(text)
    result = import_bsw(text)
    assert result.refused and result.record is None and result.exit_code == 2
    assert codes(result) == ["not_a_log"] and result.diagnostics[0].level == "error"


def test_looks_like_bsw():
    text = write_game(random_game(19, rounds=1))
    assert looks_like_bsw(text) and looks_like_bsw("\ufeff\n\n" + text.replace("\n", "\r\n"))
    assert not looks_like_bsw(None) and not looks_like_bsw(b"---")
    assert decode_bsw(text.encode("utf-8-sig")) == text
    assert decode_bsw("(0)Lucky\xa0Luke".encode("latin-1")) == "(0)Lucky\xa0Luke"


def test_a_nickname_with_a_no_break_space_and_windows_line_ends():
    game = random_game(20, rounds=1)
    names = ["Lucky\xa0Luke", "x-1", "", "Dr"]  # a nickname may even read like a card
    text = write_game(game, names=names).replace("\n", "\r\n")
    result = imported_ok(text)
    assert result.record["players"] == names
    assert_same_rounds(game.rounds[:1], result.record)


def test_damaged_logs_never_crash_the_import():
    """Lines deleted, swapped, cut short or replaced by stray ones: always an answer, never an
    exception; a round that is imported still replays to its printed score."""
    rng = random.Random(21)
    texts = [write_game(random_game(seed, rounds=2, bomb_rate=0.3, tichu_rate=0.05)) for seed in (22, 23)]
    stray = ["", "(9)x: RA", "passt.", "Wunsch:", "Drache an: (2)cleo", "Ergebnis: a - b", "BOMBE: (1)",
             "Tichu: (0)anna", "Grosses Tichu: (3)dino", "Schupfen:", "--END GAME--", "(3)dino: Hu",
             "---------------Rundenverlauf------------------",
             "---------------Gr.Tichukarten------------------"]
    for _ in range(150):
        lines = rng.choice(texts).split("\n")
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(lines))
            kind = rng.randrange(4)
            if kind == 0:
                del lines[at]
            elif kind == 1:
                lines.insert(at, rng.choice(stray))
            elif kind == 2:
                other = rng.randrange(len(lines))
                lines[at], lines[other] = lines[other], lines[at]
            else:
                lines[at] = lines[at][:rng.randrange(len(lines[at]) + 1)]
            lines = lines or [""]
        text = "\n".join(lines)
        result = import_bsw(text)
        assert all(d.message and d.level in ("error", "note") for d in result.diagnostics)
        assert result.exit_code in (0, 1, 2) and (result.record is None) == result.refused
        if result.record is not None and result.record["rounds"]:
            scores = [r["scores"] for r in replay(result.record)["rounds"]]
            assert len(scores) == result.rounds and None not in scores


# -- the files under bsw_logs/ -----------------------------------------------------------


def test_logs_game_of_four_rounds():
    text = (LOGS / "four_rounds.tch").read_text(encoding="utf-8")
    result = imported_ok(text)
    assert result.rounds == 4 and result.diagnostics == []
    assert [r["scores"] for r in replay(result.record)["rounds"]] == printed_scores(text)


def test_logs_double_grand_tichu_score_error():
    text = (LOGS / "double_grand_score_error.tch").read_text(encoding="utf-8")
    result = imported_ok(text)
    assert codes(result) == ["duplicate_call", "bsw_score_error"]
    assert replay(result.record)["rounds"][0]["scores"] == [200, 0]
    assert printed_scores(text) == [[400, 0]]


def test_logs_cut_off():
    text = (LOGS / "cut_off.tch").read_text(encoding="utf-8")
    result = imported_ok(text)
    assert result.rounds == 2 and codes(result) == ["incomplete_round"]
    assert [r["scores"] for r in replay(result.record)["rounds"]] == printed_scores(text)


def test_logs_malformed():
    text = (LOGS / "malformed.tch").read_text(encoding="utf-8")
    result = import_bsw(text)
    assert codes(result) == ["unreadable_line"]
    error = result.diagnostics[0]
    assert (error.round, error.line) == (1, line_number(text, "(2)cleo: SX"))
    assert result.rounds == 1 and result.exit_code == 1


def test_logs_not_a_log():
    text = (LOGS / "not_a_log.tch").read_text(encoding="utf-8")
    assert import_bsw(text).exit_code == 2


# -- the command line ------------------------------------------------------------------


def engine(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "app.engine", *args], input=stdin, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_import_bsw_process_writes_a_record_that_replay_accepts():
    path = LOGS / "four_rounds.tch"
    proc = engine("import-bsw", str(path))
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stderr)
    assert summary["ok"] is True and summary["rounds"] == 4 and summary["diagnostics"] == []
    again = engine("replay", "-", stdin=proc.stdout)
    assert again.returncode == 0, again.stdout
    result = json.loads(again.stdout)
    assert result["ok"] and [r["scores"] for r in result["rounds"]] == \
        printed_scores(path.read_text(encoding="utf-8"))


def run_cli(capsys, *args):
    code = main(["import-bsw", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, json.loads(err)


def test_cli_output_file_round_and_anonymous(tmp_path, capsys):
    log = LOGS / "four_rounds.tch"
    target = tmp_path / "game.json"
    code, out, summary = run_cli(capsys, log, "-o", target, "--round", 1, "--anonymous")
    assert (code, out) == (0, "")
    assert (summary["round"], summary["rounds"]) == (1, 1)
    record = json.loads(target.read_text(encoding="utf-8"))
    assert record["players"] == ["Seat 0", "Seat 1", "Seat 2", "Seat 3"]
    whole = import_bsw(log.read_text(encoding="utf-8")).record
    assert record["rounds"][0]["actions"] == whole["rounds"][1]["actions"]


def test_cli_exit_1_writes_the_rounds_before(tmp_path, capsys):
    code, out, summary = run_cli(capsys, LOGS / "malformed.tch")
    assert code == 1 and summary["ok"] is False
    assert len(json.loads(out)["rounds"]) == 1
    assert summary["diagnostics"][0]["code"] == "unreadable_line"


def test_cli_exit_2_writes_nothing(tmp_path, capsys):
    target = tmp_path / "out.json"
    for path in [LOGS / "not_a_log.tch", tmp_path / "missing.tch"]:
        code, out, summary = run_cli(capsys, path, "-o", target)
        assert (code, out) == (2, "") and summary["ok"] is False
        assert summary["diagnostics"][0]["level"] == "error" and summary["diagnostics"][0]["message"]
        assert not target.exists()
    code, out, summary = run_cli(capsys, LOGS / "four_rounds.tch", "--round", 9)
    assert (code, out) == (2, "") and summary["diagnostics"][0]["code"] == "no_such_round"


def test_cli_reads_standard_input(monkeypatch, capsys):
    data = (LOGS / "cut_off.tch").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, summary = run_cli(capsys, "-")
    assert code == 0 and summary["rounds"] == 2 == len(json.loads(out)["rounds"])
    assert [d["code"] for d in summary["diagnostics"]] == ["incomplete_round"]


def test_cli_round_that_cannot_be_imported_writes_nothing(tmp_path, capsys):
    code, out, summary = run_cli(capsys, LOGS / "malformed.tch", "--round", 1)
    assert (code, out) == (1, "") and summary["rounds"] == 0
