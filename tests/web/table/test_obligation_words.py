"""The table's line of what the seat must do, said of whose cards it is true (static/js/legal.js).

"Only a bomb beats this" was said whenever the player's legal plays were all bombs, although
the Dragon or the Phoenix could still be in another hand: true of the player's cards only.
The module runs in node on views the engine makes, in English and German.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from app.engine import view_for
from app.web.pages.i18n import ROOT, page_i18n

from ...engine.helpers import play, seated, table

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs node")

_RUN = """
const [view, ruleset, i18n] = JSON.parse(process.argv[1]);
globalThis.document = {getElementById: (id) => (id === "i18n" ? {textContent: JSON.stringify(i18n)} : null)};
globalThis.window = {};
const {obligation} = await import(process.argv[2]);
process.stdout.write(JSON.stringify(obligation(view, ruleset)));
"""


def obligation(view: dict, lang: str) -> str:
    module = (ROOT / "static" / "js" / "legal.js").as_uri()
    arg = json.dumps([view, view["ruleset"], page_i18n(lang, "table")])
    out = subprocess.run(["node", "--input-type=module", "-e", _RUN, arg, module], capture_output=True,
                         text=True, check=True, timeout=30)
    return json.loads(out.stdout)


def both(view: dict) -> tuple[str, str]:
    return obligation(view, "en"), obligation(view, "de")


def test_a_hand_that_beats_the_king_only_with_a_bomb_while_others_hold_the_dragon_and_the_phoenix():
    # Seat 1 holds four 9s and low cards: nothing of it beats the King but the bomb, while the
    # Dragon (seat 2) and the Phoenix (seat 3) are still out and could beat it too.
    game = table(["Mj SK S2 S3", "S9 B9 G9 R9 B2", "Dr G4 G5", "Ph R4 R5"], fill=False)
    play(game, 0, "SK")
    view = view_for(game, 1)
    assert view["turn"] == 1 and all(p["kind"] == "bomb" for p in view["legal"]["plays"])
    assert both(view) == ("Of your cards, only a bomb beats this",
                          "Von deinen Karten sticht das nur eine Bombe")


def test_only_a_bomb_beats_the_dragon_of_a_single_deck_whoever_holds_what():
    game = table(["Mj Dr S2 S3", "S9 B9 G9 R9 B2", "Ph G4 G5", "R4 R5 R6"], fill=False)
    play(game, 0, "Dr")
    assert both(view_for(game, 1)) == ("Only a bomb beats this", "Nur eine Bombe sticht das")


def test_with_two_decks_the_other_dragon_may_beat_the_first():
    # Seven Grand Seigneur players share two decks: seat 2 holds the second Dragon.
    hands = ["Mj Dr S2 S3 G6 R7", "S9 B9 G9 R9 B2 B3", "Dr' G4 G5 R8 S10 BJ", "R4 R5 S6 B7 G8 RJ",
             "S5 B6 G7 R10 SQ BK", "B5 G2 R3 S7 B8 GQ", "R2 G3 B4 S8 B10 GK"]
    game = seated("grandseigneur", hands, options={"players": 7})
    play(game, 0, "Dr")
    view = view_for(game, 1)
    assert view["turn"] == 1 and all(p["kind"] == "bomb" for p in view["legal"]["plays"])
    assert both(view) == ("Of your cards, only a bomb beats this",
                          "Von deinen Karten sticht das nur eine Bombe")


def test_a_bomb_on_the_table_is_beaten_only_by_a_higher_bomb_by_the_rules():
    game = table(["Mj S2 B2 G2 R2 S3", "S9 B9 G9 R9 B3", "G4 G5 G6", "R4 R5 R6"], fill=False)
    play(game, 0, "S2 B2 G2 R2")
    assert both(view_for(game, 1)) == ("Only a higher bomb beats this", "Nur eine höhere Bombe sticht das")
