"""End-to-end fixtures: a real server process and Debian's Chromium driven by Playwright.

The server runs as `python -m app` with TICHU_TESTING=1 (seeded tables), bots
without pause and a temporary data directory. The browser is $TICHU_CHROMIUM,
else /usr/bin/chromium, else Playwright's own. On a failure every open page
is saved as a screenshot under test-artifacts/.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
# The tests run side by side (pytest-xdist), each with its browser and server on the same
# cores: a page may take longer than Playwright's default 5 s to show what it will show.
expect.set_options(timeout=15_000)

CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]


def chromium_path() -> str | None:
    candidate = os.environ.get("TICHU_CHROMIUM") or "/usr/bin/chromium"
    if os.path.exists(candidate):
        return candidate
    return shutil.which("chromium")  # else None: Playwright's own browser


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


DATA_DIRS: dict[str, Path] = {}  # the session server's address -> its data folder


@pytest.fixture(scope="session")
def server_data(server) -> Path:
    """The folder of the session server's SQLite database (its live tables and archive)."""
    return DATA_DIRS[server]


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    data = tmp_path_factory.mktemp("tables")
    port = free_port()
    env = {**os.environ, "TICHU_TESTING": "1", "TICHU_BOT_DELAY": "0", "TICHU_DATA_DIR": str(data),
           # One server for all the tests, each creating its tables: no limit of tables (or records)
           # per address.
           "TICHU_LIMITS": "create_address=1000000/1000000,records_address=1000000/1000000",
           # The review worker at nice 0 and not in the idle class: beside this server the machine
           # runs the browsers and a parallel run's CPU-bound tests, which would starve a worker
           # at nice 19 (a share of about 1 in 70 against each) past the page's wait.
           "TICHU_REVIEW_IDLE": "0", "TICHU_REVIEW_NICE": "0"}
    env.pop("PORT", None)
    log = open(data / "server.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "app", "--port", str(port)], cwd=ROOT, env=env,
                            stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    DATA_DIRS[base] = data
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1) as resp:
                if resp.status == 200:
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError("the server did not start:\n" + (data / "server.log").read_text())
        time.sleep(0.1)
    yield base
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="session")
def playwright_session():
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def chromium(playwright_session):
    browser = playwright_session.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def phones(playwright_session) -> dict:
    """Context options of the phones the tests emulate (with Chromium): an iPhone-class and a
    small Android-class device, both upright, with touch."""
    def descriptor(name):
        options = dict(playwright_session.devices[name])
        options.pop("default_browser_type", None)  # the device's own browser; we run Chromium
        return options
    return {"iphone": descriptor("iPhone 13"), "android": descriptor("Galaxy S5")}


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.failed_call = report.failed
    return report


@pytest.fixture
def contexts(chromium, request):
    """Makes browser contexts (one per person); screenshots all their pages if the test fails."""
    made = []

    def make(**options):
        ctx = chromium.new_context(**{"viewport": {"width": 1100, "height": 850}, **options})
        ctx.set_default_timeout(15_000)
        made.append(ctx)
        return ctx

    yield make
    if getattr(request.node, "failed_call", False):
        ARTIFACTS.mkdir(exist_ok=True)
        for i, ctx in enumerate(made):
            for j, page in enumerate(ctx.pages):
                try:
                    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}-{i}-{j}.png"), full_page=True)
                except Exception:
                    pass
    for ctx in made:
        ctx.close()
