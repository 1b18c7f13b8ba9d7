"""The TLS recipe end to end: nginx with the shipped site template (deploy/templates/nginx-site.conf,
rendered with a certificate made here) in front of a real server process, and a browser that
plays through it over HTTPS and a secure WebSocket. Plain HTTP is redirected to HTTPS, and the
responses carry HSTS. Skipped with a message where nginx or openssl is not installed.
"""

from __future__ import annotations

import http.client
import ssl

import pytest
from playwright.sync_api import expect

from tests.deploy.fronts import server_behind_nginx
from tests.deploy.test_render import self_signed

from .test_table import BotGame


@pytest.fixture
def tls_front(tmp_path):
    with server_behind_nginx(tmp_path, proxies=1, tls=tuple(map(str, self_signed(tmp_path)))) as front:
        yield front


def test_a_browser_plays_over_https_through_the_shipped_nginx_site(tls_front, contexts):
    assert tls_front.base.startswith("https://")
    sockets: list[str] = []

    def watched(**options):  # every WebSocket a page of this context opens, by its address
        ctx = contexts(**options)
        ctx.on("page", lambda page: page.on("websocket", lambda ws: sockets.append(ws.url)))
        return ctx

    game = BotGame(tls_front.base, watched, seed=7, context_options={"ignore_https_errors": True})
    page = game.page.page
    while game.mirror.round.phase != "play" or len(game.mirror.round.log) < 8:
        game.step()
    expect(page.locator("#connection")).to_have_attribute("data-status", "online")
    assert page.url.startswith("https://")
    # Socket.IO upgraded to a WebSocket over TLS through nginx.
    assert sockets and all(url.startswith(f"wss://127.0.0.1:{tls_front.port}/socket.io/") for url in sockets)


def test_plain_http_is_redirected_and_https_answers_with_hsts(tls_front):
    plain = http.client.HTTPConnection("127.0.0.1", tls_front.http_port, timeout=5)
    plain.request("GET", "/lobby?x=1")
    answer = plain.getresponse()
    assert answer.status == 301
    assert answer.getheader("Location") == f"https://127.0.0.1:{tls_front.port}/lobby?x=1"
    secure = http.client.HTTPSConnection("127.0.0.1", tls_front.port, timeout=5,
                                         context=ssl._create_unverified_context())
    secure.request("GET", "/")
    answer = secure.getresponse()
    assert answer.status == 200
    assert answer.getheader("Strict-Transport-Security") == "max-age=31536000"
