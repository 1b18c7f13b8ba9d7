"""A browser plays through nginx in front of two app processes and survives the kill of its process.

nginx runs the site rendered from deploy/templates/nginx-site.conf for the two processes'
ports; Redis holds the tables. Skipped with a message where redis-server or
nginx is not installed.
"""

from __future__ import annotations

import json

import redis
from playwright.sync_api import expect

from app.engine import view_for
from tests.web.cluster import fixtures

from .test_table import BotGame

# The scale-out's fixtures (real redis-server, app processes, nginx), as tests/web/cluster uses them.
redis_server, apps, nginx_front = fixtures.redis_server, fixtures.apps, fixtures.nginx_front


def serving_pid(redis_url: str, code: str) -> set[int]:
    """The process ids holding the table's connections, from the presence in Redis."""
    meta = json.loads(redis.Redis.from_url(redis_url).hget(f"tichu:t:{code}", "meta"))
    return {int(proc.split(":")[1]) for _token, proc in meta["extra"]["conns"].values()}


def test_a_browser_plays_through_nginx_and_survives_the_kill_of_its_process(apps, nginx_front, redis_server,
                                                                            contexts):
    processes = apps(2)
    front = nginx_front(processes)
    game = BotGame(front.base, contexts, seed=7)
    page = game.page
    assert any(c["name"] == "tichu_node" for c in page.page.context.cookies()), "the sticky cookie is set"
    while game.mirror.round.phase != "play" or len(game.mirror.round.log) < 12:
        game.step()
    game.bots_move()  # the server waits for the person now
    page.wait_moves(game.mirror.version)

    (pid,) = serving_pid(redis_server.url, game.code)
    victim = next(p for p in processes if p.pid == pid)
    survivor = next(p for p in processes if p.pid != pid)
    victim.kill()  # kill -9 of the process that served the page (and ran the bots)

    # The page notices, reconnects through nginx to the other process and goes on from where it was.
    indicator = page.page.locator("#connection")
    expect(indicator).not_to_have_attribute("data-status", "online")
    expect(indicator).to_have_attribute("data-status", "online", timeout=30_000)
    round_no = len(game.mirror.rounds)
    while len(game.mirror.rounds) == round_no and game.step():
        pass
    game.bots_move()  # the bots, on the survivor now, go on until the person must act
    page.wait_moves(game.mirror.version)
    assert page.hand() == view_for(game.mirror, 0)["hand"][::-1]
    assert serving_pid(redis_server.url, game.code) == {survivor.pid}
