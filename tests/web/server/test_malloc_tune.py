"""The server process runs with glibc's per-thread malloc cache off (app/malloc_tune.py):
with a thread per connection, those caches made its memory grow for many minutes."""

from __future__ import annotations

import platform
import sys
from pathlib import Path

import pytest

from app import malloc_tune
from tests.web.processes import Server

glibc = pytest.mark.skipif(sys.platform != "linux" or platform.libc_ver()[0] != "glibc",
                           reason="skipped: the tunable is glibc's (Linux with glibc only)")


def test_the_tunable_is_added_to_the_others_and_can_be_declined():
    env = {"GLIBC_TUNABLES": "glibc.malloc.arena_max=2"}
    tuned = malloc_tune.tuned_environ(env)
    assert tuned["GLIBC_TUNABLES"] == "glibc.malloc.arena_max=2:glibc.malloc.tcache_count=0"
    assert not malloc_tune.wanted(tuned)  # set once: no second start
    assert not malloc_tune.wanted({"TICHU_MALLOC_TUNE": "0"})
    assert not malloc_tune.wanted({"GLIBC_TUNABLES": "glibc.malloc.tcache_count=3"})  # the operator's


@glibc
def test_python_m_app_runs_with_the_cache_off(tmp_path):
    if not malloc_tune.wanted():
        pytest.skip("skipped: this environment sets the tunable itself (or TICHU_MALLOC_TUNE=0)")
    server = Server(tmp_path / "tables", tmp_path / "server.log")
    try:
        environ = Path(f"/proc/{server.proc.pid}/environ").read_bytes().split(b"\0")
        tunables = [e for e in environ if e.startswith(b"GLIBC_TUNABLES=")]
        assert len(tunables) == 1 and tunables[0].endswith(b"glibc.malloc.tcache_count=0"), tunables
        # The same process the caller started (it replaced itself): it serves.
        assert "served on" in (tmp_path / "server.log").read_text()
    finally:
        server.kill()
