"""TLS ending at a proxy in front of nginx: the front proxy says `X-Forwarded-Proto: https`, and
the shipped nginx site passes it on instead of overwriting it with its own plain-HTTP scheme,
so Socket.IO's origin check accepts the page's https:// origin (it refused it with 400, "Not
an accepted origin", when nginx wrote `$scheme`). Real nginx and a real server process."""

from __future__ import annotations

import pytest

from ..web.processes import socketio
from .fronts import server_behind_nginx


@pytest.fixture
def front(tmp_path):
    with server_behind_nginx(tmp_path, proxies=2) as nginx:  # the front proxy and nginx
        yield nginx


def connects(base: str, headers: dict) -> bool:
    client = socketio.Client(reconnection=False)
    try:
        client.connect(base, headers=headers, transports=["polling"], wait_timeout=10)
    except socketio.exceptions.ConnectionError:
        return False
    client.disconnect()
    return True


def test_the_front_proxys_https_reaches_socketios_origin_check(front):
    origin = f"https://127.0.0.1:{front.port}"
    assert connects(front.base, {"Origin": origin, "X-Forwarded-Proto": "https"})
    # Without the front proxy's word the same origin is foreign: the check is really made.
    assert not connects(front.base, {"Origin": origin})
    assert connects(front.base, {"Origin": front.base})
