"""`python -m app` as a newcomer starts it: its help, and a port already in use."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def run_app(*args, timeout=60, **settings):
    env = {**os.environ, "TICHU_PERSIST": "0", "TICHU_MALLOC_TUNE": "0", **settings}
    return subprocess.run([sys.executable, "-m", "app", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


def test_help_explains_every_option_with_its_default_and_variable():
    done = run_app("--help")
    assert done.returncode == 0
    for words in ("--host", "$HOST", "127.0.0.1", "--port", "$PORT", "5000", "--data-dir", "$TICHU_DATA_DIR",
                  "instance/tables", "--redis", "$TICHU_REDIS_URL", "--review-workers",
                  "$TICHU_REVIEW_WORKERS", "docs/operations.md"):
        assert words in done.stdout, words


@pytest.mark.parametrize("mode", ["gevent", "threading"])
def test_a_port_in_use_gets_one_clear_line_and_no_traceback(mode):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run_app("--port", str(port), TICHU_ASYNC_MODE=mode)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert f"port {port} is already in use" in lines[0] and "--port" in lines[0], done.stderr
    assert "Traceback" not in done.stderr and "served on" not in done.stdout


def test_an_archive_that_cannot_be_reached_stops_the_start_in_one_line(tmp_path):
    with socket.socket() as closed:  # a loopback port nobody listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        app_port = free.getsockname()[1]
    done = run_app("--port", str(app_port), "--data-dir", str(tmp_path), TICHU_PERSIST="1",
                   TICHU_DATABASE_URL=f"postgresql://tichu@127.0.0.1:{port}/tichu")
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    [line] = [line for line in done.stderr.splitlines() if "cannot open the archive" in line]
    assert "(PostgreSQL)" in line and "Connection refused" in line, done.stderr
