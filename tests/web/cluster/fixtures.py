"""Fixtures of the scale-out tests: a real redis-server, app processes and nginx on loopback ports.

Imported by tests/web/cluster/conftest.py and by the browser test in e2e/. Each
piece runs in a temporary directory of its own and is stopped after the test;
where redis-server or nginx is not installed, the test is skipped and says so.
"""

from __future__ import annotations

import json
import urllib.request

import pytest

from deploy.local import AppProcess, Missing, Nginx, RedisServer

# Bots without pause; a dead process's leases expire after 2 s instead of 5.
APP_ENV = {"TICHU_TESTING": "1", "TICHU_BOT_DELAY": "0", "TICHU_LEASE_SECONDS": "2"}


@pytest.fixture
def redis_server(tmp_path):
    try:
        server = RedisServer(tmp_path / "redis")
    except Missing as exc:
        pytest.skip(f"skipped: the scale-out tests need redis-server: {exc}")
    server.start()
    yield server
    server.stop()


@pytest.fixture
def apps(redis_server, tmp_path):
    """start(n) -> n app processes sharing `redis_server`."""
    started: list[AppProcess] = []

    def start(n: int = 2, **env) -> list[AppProcess]:
        new = [AppProcess(tmp_path / "apps", redis_server.url, {**APP_ENV, **env}).start() for _ in range(n)]
        started.extend(new)
        return new

    yield start
    for app in started:
        app.stop()


@pytest.fixture
def nginx_front(tmp_path):
    """start(apps) -> nginx (deploy/templates/nginx-site.conf) in front of those app processes."""
    started: list[Nginx] = []

    def start(processes: list[AppProcess]) -> Nginx:
        try:
            front = Nginx(tmp_path / "nginx", [p.port for p in processes])
        except Missing as exc:
            pytest.skip(f"skipped: the load-balancer tests need nginx: {exc}")
        started.append(front.start())
        return front

    yield start
    for front in started:
        front.stop()


def create_table(base: str, host_name: str = "Anna", **fields) -> tuple[str, str]:
    body = json.dumps({"host_name": host_name, **fields}).encode()
    request = urllib.request.Request(base + "/api/tables", data=body,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as resp:
        data = json.load(resp)
    return data["code"], data["token"]


def get_json(url: str):
    with urllib.request.urlopen(url, timeout=10) as resp:
        return json.load(resp)
