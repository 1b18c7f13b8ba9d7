"""The rendered unit runs the server as systemd would: its ExecStart, in its WorkingDirectory,
with nothing in the environment but what its EnvironmentFile says. The settings of that file
reach `python -m app`: the port of the instance, the data directory, and the proxies in front
(each client address behind nginx has its own rate limits, not nginx's one address) and the
log format (JSON lines, the table's code on the lines about a table)."""

from __future__ import annotations

import json
import os
import shlex
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from app.web.store.archive import schema
from deploy import render

from ..web.processes import free_port
from .test_render import settings, write_env


def unit_lines(text: str) -> dict[str, str]:
    return dict(line.split("=", 1) for line in text.splitlines() if "=" in line and not line.startswith("#"))


def start_as_systemd(unit_text: str, port: int, log: Path) -> subprocess.Popen:
    unit = unit_lines(unit_text.replace("%i", str(port)))
    command = shlex.split(unit["ExecStart"])
    if not os.access(command[0], os.X_OK):  # a checkout whose environment is elsewhere (TICHU_VENV)
        command[0] = sys.executable
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), **render.read_env(Path(unit["EnvironmentFile"]))}
    return subprocess.Popen(command, cwd=unit["WorkingDirectory"], env=env, stdout=open(log, "w"),
                            stderr=subprocess.STDOUT)


def create_table(base: str, address: str) -> int:
    body = json.dumps({"host_name": "Anna"}).encode()
    request = urllib.request.Request(base + "/api/tables", data=body, headers={
        "Content-Type": "application/json", "X-Forwarded-For": address})
    try:
        with urllib.request.urlopen(request, timeout=10) as resp:
            return resp.status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_the_units_settings_reach_the_server(tmp_path):
    data = tmp_path / "data"
    values = settings(TICHU_DATA_DIR=data, TICHU_PROXIES=1, TICHU_LOG_FORMAT="json",
                      # Two tables per address, then one an hour: the third from one address is refused.
                      TICHU_LIMITS="create_address=2/0.0003")
    values.pop("TICHU_REDIS_URL")  # one process, SQLite (its archive in the same database)
    values.pop("TICHU_DATABASE_URL")
    env_file = write_env(tmp_path / "tichu.env", values)
    written = render.render_all(render.read_env(env_file), str(env_file), tmp_path / "out")
    port = free_port()
    proc = start_as_systemd(written["tichu@.service"].read_text(), port, tmp_path / "server.log")
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=2):
                    break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, \
                    (tmp_path / "server.log").read_text()[-3000:]
                time.sleep(0.1)
        # The unit's ExecStartPost: started means ready.
        unit = unit_lines(written["tichu@.service"].read_text().replace("%i", str(port)))
        post = shlex.split(unit["ExecStartPost"])
        assert post[1].endswith("deploy/wait_ready.py")
        assert subprocess.run([sys.executable, *post[1:]], timeout=90).returncode == 0
        assert (data / "tables.sqlite3").exists()  # TICHU_DATA_DIR reached it (and the archive's schema)
        with sqlite3.connect(data / "tables.sqlite3") as db:
            steps = [(number,) for number, _, _ in schema.STEPS]
            assert db.execute("SELECT step FROM archive_schema ORDER BY step").fetchall() == steps
        # TICHU_PROXIES=1: the address is the one nginx adds last to X-Forwarded-For.
        assert [create_table(base, "203.0.113.7") for _ in range(3)] == [201, 201, 429]
        assert create_table(base, "203.0.113.8") == 201  # another player behind the same proxy
    finally:
        proc.terminate()
        proc.wait(30)
    # TICHU_LOG_FORMAT=json: every line is a JSON object; the tables' lines carry their code.
    lines = [json.loads(line) for line in (tmp_path / "server.log").read_text().splitlines() if line.strip()]
    assert any("process start" in line["message"] for line in lines)
    created = [line for line in lines if "table created" in line["message"]]
    assert len(created) == 3 and all(len(line["table"]) == 5 for line in created)


def test_waiting_for_readiness_gives_up_when_nothing_answers():
    done = subprocess.run([sys.executable, str(Path(render.__file__).with_name("wait_ready.py")),
                           str(free_port()), "--timeout", "0.5"], capture_output=True, text=True, timeout=30)
    assert done.returncode == 1 and "not ready within 0.5 s" in done.stderr
