"""Places in the order of going out, as the pages say them (static/js/i18n.js `placeName`):
English ordinals ("1st", "2nd", "3rd", "4th" ... "12th"), German "1." — never the German form in
English ("out 1."), at the table, in the review and in the replay viewer alike."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from app.web.pages.i18n import ROOT, page_i18n

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs node")

_RUN = """
const [places, i18n] = JSON.parse(process.argv[1]);
globalThis.document = {getElementById: (id) => (id === "i18n" ? {textContent: JSON.stringify(i18n)} : null)};
globalThis.window = {};
const {placeName, t} = await import(process.argv[2]);
process.stdout.write(JSON.stringify(places.map((n) => t("out {place}", {place: placeName(n)}))));
"""


def outs(lang: str, page: str) -> list[str]:
    module = (ROOT / "static" / "js" / "i18n.js").as_uri()
    arg = json.dumps([list(range(1, 13)), page_i18n(lang, page)])
    out = subprocess.run(["node", "--input-type=module", "-e", _RUN, arg, module], capture_output=True,
                         text=True, check=True, timeout=30)
    return json.loads(out.stdout)


@pytest.mark.parametrize("page", ["table", "replay"])
def test_places_are_english_ordinals_in_english_and_german_ones_in_german(page):
    assert outs("en", page) == ["out 1st", "out 2nd", "out 3rd"] + [f"out {n}th" for n in range(4, 13)]
    assert outs("de", page) == [f"raus als {n}." for n in range(1, 13)]
