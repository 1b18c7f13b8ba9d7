"""How the logs in this folder were made: `python -m tests.engine.bsw_logs.make_logs` writes them again.

Each is a game played on our engine and printed by tests/engine/bsw_writer.py, then changed
as its case needs (the changes are below). Not a test module; the tests read the files.
"""

from pathlib import Path

from tests.engine.bsw_writer import random_game, write_game
from tests.engine.helpers import LONG_STRAIGHT, gift, hand, pass_, play, table

HERE = Path(__file__).resolve().parent


def double_grand_score_error() -> str:
    """A double victory after both partners called Grand Tichu (seat 2 failed), with BSW's
    Ergebnis 400 - 0 (the rules: 200 - 0) and seat 2's call written twice."""
    game = table([LONG_STRAIGHT, "", "Dr Ph B2 G3 R4 S5 G6 R7 S8 B9 G10 RJ SQ BK", ""], grand=(0, 2))
    play(game, 0, LONG_STRAIGHT)
    pass_(game, 1, 2, 3)
    play(game, 1, next(c for c in hand(game, 1).split() if c[0] in "SBGR"))
    play(game, 2, "Dr")
    pass_(game, 3, 1)
    gift(game, 2, 1)
    play(game, 2, "Ph B2 G3 R4 S5 G6 R7 S8 B9 G10 RJ SQ BK")
    text = write_game(game, bsw_score_error=True)
    return text.replace("Grosses Tichu: (2)cleo\n", "Grosses Tichu: (2)cleo\nGrosses Tichu: (2)cleo\n")


def cut_off() -> str:
    """Two rounds and the first 40 lines of the third."""
    lines = write_game(random_game(31, rounds=3)).split("\n")
    third = [n for n, line in enumerate(lines) if "Gr.Tichukarten" in line][2]
    return "\n".join(lines[:third + 40]) + "\n"


def malformed() -> str:
    """Three rounds; in the second, a play of seat 2 names the card SX."""
    lines = write_game(random_game(32, rounds=3)).split("\n")
    second = [n for n, line in enumerate(lines) if "Gr.Tichukarten" in line][1]
    at = next(n for n, line in enumerate(lines) if n > second + 20 and line.startswith("(2)cleo: "))
    lines[at] = "(2)cleo: SX"
    return "\n".join(lines)


LOGS = {
    "four_rounds.tch": lambda: write_game(random_game(30, rounds=4)),
    "double_grand_score_error.tch": double_grand_score_error,
    "cut_off.tch": cut_off,
    "malformed.tch": malformed,
}

if __name__ == "__main__":
    for name, make in LOGS.items():
        (HERE / name).write_text(make(), encoding="utf-8")
