"""One real server process (SQLite) with nginx in front, as the shipped site renders it: for
the deployment's tests and the TLS browser test. Skipped with a message where nginx is missing."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from deploy.local import Missing, Nginx

from ..web.processes import Server


@contextlib.contextmanager
def server_behind_nginx(folder: Path, proxies: int, tls: tuple[str, str] | None = None):
    """nginx (HTTPS with `tls`) in front of a server that counts `proxies` proxies before it."""
    server = Server(folder / "data", folder / "server.log", TICHU_PROXIES=proxies)
    try:
        try:
            front = Nginx(folder / "nginx", [server.port], tls=tls)
        except Missing as exc:
            pytest.skip(f"skipped: this test needs nginx: {exc}")
        front.start()
        try:
            yield front
        finally:
            front.stop()
    finally:
        server.kill()
