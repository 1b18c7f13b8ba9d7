"""A hint names the seats as the table does: the page's `seatName` (static/js/context.js) run
in node on the same public seat data, in English and German, gives the hint's names word for
word ("Bot 2", "Platz 3", a person's name), never the coach's own numbering."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from app.coach.lexicon import table_name
from app.web.pages.i18n import ROOT, page_i18n
from app.web.table.hints import seat_names
from tests.web.live.test_bots import bot_table

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs node")

_RUN = """
const [seats, i18n] = JSON.parse(process.argv[1]);
globalThis.document = {getElementById: (id) => (id === "i18n" ? {textContent: JSON.stringify(i18n)} : null)};
globalThis.window = {};
const {seatName} = await import(process.argv[2]);
process.stdout.write(JSON.stringify(seats.map((s) => seatName(s.seat, {name: s.name, bot: s.bot}))));
"""


def page_names(seats: list[dict], lang: str) -> list[str]:
    """The page's names of these seats (`seat_meta` dicts), by static/js/context.js."""
    module = (ROOT / "static" / "js" / "context.js").as_uri()
    arg = json.dumps([seats, page_i18n(lang, "table")])
    out = subprocess.run(["node", "--input-type=module", "-e", _RUN, arg, module], capture_output=True,
                         text=True, check=True, timeout=30)
    return json.loads(out.stdout)


SEATS = [{"seat": 0, "name": "Anna", "bot": None}, {"seat": 1, "name": None, "bot": "hard"},
         {"seat": 2, "name": None, "bot": None}, {"seat": 3, "name": "Ben", "bot": None}]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_coach_names_a_seat_as_the_page_does(lang):
    coach = [table_name(s["seat"], lang, s["name"], bool(s["bot"])) for s in SEATS]
    assert coach == page_names(SEATS, lang)
    assert coach[1] == "Bot 2" and coach[2] == {"en": "Seat 3", "de": "Platz 3"}[lang]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_hint_names_the_seats_of_a_table_as_its_page_does(app, http, player, hub, lang):
    table, me = bot_table(app, http, player)
    assert hub.bots.wait_idle()
    seats = [table.seat_meta(i) for i in range(len(table.seats))]
    names = seat_names(table, lang)
    assert [names[s["seat"]] for s in seats] == page_names(seats, lang)
    assert sorted(names.values()).count("Bot 2") == 1  # the bots by their seat, as on the page
