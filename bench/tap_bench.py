"""From a tap on Play to the cards in the trick, measured in Chromium (Playwright).

Four people play the e2e tests' seeded round (e2e/rounds.py: every play made by tapping the
cards and Play on a phone viewport) against a real `python -m app` on a free loopback port.
The page under test records, for every tap on Play (or on the wish or Phoenix choice that
sends the play), the time from the tap event to the moment the played cards are in the
trick's DOM ("shown"), and to the moment their fly-in animation has finished ("landed").

    python bench/tap_bench.py [--rounds 2] [--json report.json]

Target (issue "The table as players expect it"): the median tap-to-shown time must not grow
(about 120 ms when the issue was written).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from page_bench import FLAGS, chromium_path, start_server  # noqa: E402

from e2e.driver import TablePage  # noqa: E402
from e2e.rounds import play_round, seat_four  # noqa: E402

# Runs in every page before its scripts: a capturing click listener notes the tap (the last
# click that sends a play) and the cards; a mutation observer notes when they are all in the trick.
PROBE = """
window.__taps = [];
let pending = null;
const inTrick = (codes) => {
  const trick = document.querySelector(".trick");
  return trick && codes.every((c) => trick.querySelector(`[data-card="${CSS.escape(c)}"]`));
};
const flying = () => document.getAnimations().some((a) => a.playState === "running"
  && a.effect && a.effect.target && a.effect.target.closest && a.effect.target.closest(".trick"));
const watch = () => {
  if (!pending) return;
  const now = performance.now();
  if (pending.shown === null && inTrick(pending.codes)) pending.shown = now - pending.tap;
  if (pending.shown !== null && !flying()) {
    window.__taps.push({ shown: pending.shown, landed: now - pending.tap });
    pending = null;
  }
};
document.addEventListener("click", (ev) => {
  const key = ev.target.closest && ev.target.closest("[data-key]");
  if (!key) return;
  const name = key.dataset.key;
  if (name === "play") {
    const codes = [...document.querySelectorAll('.hand [aria-pressed="true"]')].map((c) => c.dataset.card);
    pending = { codes, tap: ev.timeStamp, shown: null };
  } else if (pending && (name.startsWith("wish-") || name.startsWith("phoenix-"))) {
    pending.tap = ev.timeStamp;  // the play leaves with this choice
  }
}, true);
new MutationObserver(watch).observe(document, { subtree: true, childList: true, attributes: true });
setInterval(watch, 16);
"""


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2, help="seeded rounds to play (a new table each)")
    parser.add_argument("--json", help="write the measured times here")
    args = parser.parse_args(argv)
    shown, landed = [], []
    with tempfile.TemporaryDirectory() as data, sync_playwright() as pw:
        proc, base = start_server(data)
        try:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=FLAGS)
            phone = dict(pw.devices["iPhone 13"])
            phone.pop("default_browser_type", None)
            for _ in range(args.rounds):
                contexts = []

                def make_page(seat, contexts=contexts):
                    ctx = browser.new_context(**phone)
                    ctx.set_default_timeout(15_000)
                    ctx.add_init_script(PROBE)
                    contexts.append(ctx)
                    return TablePage(ctx.new_page(), tap=True)

                players, _ = seat_four(base, make_page)
                players[0].start()
                play_round(players)
                for player in players:
                    player.page.wait_for_timeout(300)  # the last play's animation
                    for tap in player.page.evaluate("window.__taps"):
                        shown.append(tap["shown"])
                        landed.append(tap["landed"])
                for ctx in contexts:
                    ctx.close()
            browser.close()
        finally:
            proc.terminate()
            proc.wait(10)
    if not shown:
        raise SystemExit("no play was measured")
    report = {"taps": len(shown), "shown_ms_median": round(statistics.median(shown), 1),
              "shown_ms_p90": round(sorted(shown)[int(0.9 * (len(shown) - 1))], 1),
              "landed_ms_median": round(statistics.median(landed), 1)}
    print(f"{report['taps']} plays tapped: tap to cards in the trick median {report['shown_ms_median']} ms"
          f" (p90 {report['shown_ms_p90']} ms), to landed median {report['landed_ms_median']} ms")
    if args.json:
        Path(args.json).write_text(json.dumps({**report, "shown": shown, "landed": landed}, indent=2))


if __name__ == "__main__":
    main()
