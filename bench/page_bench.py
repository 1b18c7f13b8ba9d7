"""Table page weight and first-view time, measured in Chromium (Playwright).

Starts its own server (`python -m app` on a free port, bots at once, a temporary data
directory), creates a table of every ruleset (Tichu, Trichu, Tientsin, Grandseigneur at 6
and 12) with a seated person and bots at the other seats, starts each game, then opens
each table page in fresh browser contexts (phone and desktop, English and German) with the
cache disabled and reports:

- bytes: what crossed the wire for every HTTP response of the first load (document,
  scripts, stylesheet, icon) and the Socket.IO handshake requests, listed by URL: headers
  plus the body as sent (compressed where the server compressed it); the decoded size of the
  bodies is reported beside it;
- external requests: requests to any host other than the server (must be 0);
- first view: ms from the navigation's start to the first rendered table (the page sets
  `performance.mark("tichu-first-view")` and `data-ready` when it has drawn its first
  snapshot), and the same from the page's load event.

    python bench/page_bench.py [--runs 5] [--json report.json]

Targets (issue "The table as players expect it"): at most 150 KB of transfer on first load
for every ruleset and language, no external request, first view under 300 ms after the
page's load on the phone profile.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import socketio
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"]
BUDGET_BYTES = 150 * 1024


def chromium_path():
    candidate = os.environ.get("TICHU_CHROMIUM") or "/usr/bin/chromium"
    return candidate if os.path.exists(candidate) else shutil.which("chromium")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(data: str):
    port = free_port()
    env = {**os.environ, "TICHU_TESTING": "1", "TICHU_BOT_DELAY": "0.5", "TICHU_DATA_DIR": data}
    proc = subprocess.Popen([sys.executable, "-m", "app", "--port", str(port)], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1):
                return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


# The rulesets a table is measured at (every table size of the box), with their options.
TABLES = {"standard": {}, "trichu": {}, "tientsin": {}, "grandseigneur/6": {"players": 6},
          "grandseigneur/12": {"players": 12}}


def set_up_table(base: str, ruleset: str, options: dict) -> tuple[str, str]:
    """A started table: this person at seat 0, greedy bots elsewhere. Returns its code and the token."""
    request = urllib.request.Request(
        base + "/api/tables", method="POST", headers={"Content-Type": "application/json"},
        data=json.dumps({"host_name": "Anna", "seed": 4, "ruleset": ruleset, "options": options}).encode())
    with urllib.request.urlopen(request, timeout=10) as resp:
        data = json.load(resp)
    client = socketio.Client(reconnection=False)
    client.connect(base, transports=["websocket"])
    try:
        for event, payload in (("join", {"code": data["code"], "token": data["token"]}),
                               ("sit", {"seat": 0, "name": "Anna"}), ("fill", {"level": "greedy"}),
                               ("start", {})):
            ack = client.call(event, payload, timeout=10)
            if not ack.get("ok"):
                raise SystemExit(f"setting up a {ruleset} table: {event} refused: {ack}")
    finally:
        client.disconnect()
    return data["code"], data["token"]


def measure(browser, base: str, code: str, token: str, options: dict) -> dict:
    ctx = browser.new_context(**options)
    ctx.add_init_script(f"localStorage.setItem('tichu.token.{code}', {json.dumps(token)})")
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    host = urlsplit(base).netloc
    responses: list = []
    external: list = []
    page.on("request", lambda r: external.append(r.url) if urlsplit(r.url).netloc not in (host, "")
            and not r.url.startswith("data:") else None)

    def record(response):
        try:
            decoded = len(response.body())
            sizes = response.request.sizes()  # as sent: encoded body and headers
            wire = sizes["responseBodySize"] + sizes["responseHeadersSize"]
        except Exception:  # a websocket upgrade or an aborted request has no body
            decoded = wire = 0
        responses.append((response.url.replace(base, ""), wire, decoded))

    page.on("response", record)
    page.goto(f"{base}/t/{code}", wait_until="load")
    page.wait_for_selector("#app[data-ready]")
    timing = page.evaluate("""() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const mark = performance.getEntriesByName('tichu-first-view')[0];
        return {first_view: mark.startTime, load: nav.loadEventEnd, dom: nav.domContentLoadedEventEnd};
    }""")
    page.wait_for_timeout(300)  # let late responses (the icon) arrive before closing
    ctx.close()
    assets = [(url, wire, decoded) for url, wire, decoded in responses if "/socket.io/" not in url]
    handshake = [(url.split("?")[0], wire) for url, wire, _ in responses if "/socket.io/" in url]
    return {
        "assets_bytes": sum(wire for _, wire, _ in assets),
        "assets_decoded_bytes": sum(decoded for _, _, decoded in assets),
        "assets": assets,
        "socket_handshake_bytes": sum(wire for _, wire in handshake),
        "external_requests": external,
        "first_view_ms": round(timing["first_view"], 1),
        "first_view_after_load_ms": round(timing["first_view"] - timing["load"], 1),
        "load_ms": round(timing["load"], 1),
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="page loads per device and language")
    parser.add_argument("--json", help="write the full report here")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as data, sync_playwright() as pw:
        proc, base = start_server(data)
        try:
            browser = pw.chromium.launch(executable_path=chromium_path(), args=FLAGS)
            tables = {name: set_up_table(base, name.split("/")[0], options)
                      for name, options in TABLES.items()}
            phone = dict(pw.devices["iPhone 13"])
            phone.pop("default_browser_type", None)
            devices = {"phone": phone, "desktop": {"viewport": {"width": 1280, "height": 800}}}
            report = {}
            for table, (code, token) in tables.items():
                for device, options in devices.items():
                    for lang in ("en", "de"):
                        runs = [measure(browser, base, code, token, {**options, "locale": lang})
                                for _ in range(args.runs)]
                        first = runs[0]
                        report[f"{table} {device}/{lang}"] = {
                            "assets_bytes": first["assets_bytes"],
                            "assets_decoded_bytes": first["assets_decoded_bytes"],
                            "socket_handshake_bytes": first["socket_handshake_bytes"],
                            "external_requests": sorted({u for r in runs for u in r["external_requests"]}),
                            "first_view_ms_median": statistics.median(r["first_view_ms"] for r in runs),
                            "first_view_ms_max": max(r["first_view_ms"] for r in runs),
                            "first_view_after_load_ms_median":
                                statistics.median(r["first_view_after_load_ms"] for r in runs),
                            "first_view_after_load_ms_max": max(r["first_view_after_load_ms"] for r in runs),
                            "assets": first["assets"],
                        }
            browser.close()
        finally:
            proc.terminate()
            proc.wait(10)
    print(f"{'page':<30} {'wire KB':>9} {'decoded KB':>10} {'+socket KB':>10} {'external':>8}"
          f" {'first view ms (median/max)':>27} {'after load ms (median/max)':>27}")
    for name, r in report.items():
        print(f"{name:<30} {r['assets_bytes'] / 1024:9.1f} {r['assets_decoded_bytes'] / 1024:10.1f}"
              f" {r['socket_handshake_bytes'] / 1024:10.1f}"
              f" {len(r['external_requests']):8d}"
              f" {r['first_view_ms_median']:>14.0f} / {r['first_view_ms_max']:<10.0f}"
              f" {r['first_view_after_load_ms_median']:>14.0f} / {r['first_view_after_load_ms_max']:<10.0f}")
    worst = max(r["assets_bytes"] + r["socket_handshake_bytes"] for r in report.values())
    print(f"\nlargest first load over the wire: {worst / 1024:.1f} KB (budget {BUDGET_BYTES / 1024:.0f} KB);"
          f" external requests: {sum(len(r['external_requests']) for r in report.values())}")
    print("standard phone/de, KB over the wire / decoded:")
    for url, wire, decoded in report["standard phone/de"]["assets"]:
        print(f"  {wire / 1024:7.1f} / {decoded / 1024:7.1f}  {url}")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
