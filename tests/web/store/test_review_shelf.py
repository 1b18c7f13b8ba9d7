"""The shelf of kept round reviews (store/reviews.py): every home keeps what is put and finds it
again; SQLite across a reopening (a restart), Redis across two clients (two processes)."""

from __future__ import annotations

import secrets

import pytest
import redis

from app.web.store.reviews import MemoryShelf, RedisShelf, SQLiteShelf, open_shelf

REVIEW = {"seat": 1, "round": 0, "flags": [{"kind": "follow", "position": {"hand": ["S2"]}}]}


@pytest.mark.parametrize("make", [lambda p: MemoryShelf(), lambda p: SQLiteShelf(p / "reviews.sqlite")])
def test_a_shelf_finds_what_was_put(tmp_path, make):
    shelf = make(tmp_path)
    assert shelf.get("k") is None
    shelf.put("k", REVIEW)
    assert shelf.get("k") == REVIEW
    shelf.close()


def test_the_sqlite_shelf_keeps_reviews_across_a_restart(tmp_path):
    first = open_shelf({"TICHU_PERSIST": True, "TICHU_DATA_DIR": str(tmp_path)})
    first.put("k", REVIEW)
    first.close()
    again = open_shelf({"TICHU_PERSIST": True, "TICHU_DATA_DIR": str(tmp_path)})
    assert again.kind == "sqlite" and again.get("k") == REVIEW
    assert open_shelf({"TICHU_PERSIST": False}).kind == "memory"


def test_a_review_kept_in_redis_by_one_process_is_found_by_another(redis_url):
    prefix = f"test-{secrets.token_hex(4)}:"
    one = RedisShelf(redis.Redis.from_url(redis_url), prefix)
    other = RedisShelf(redis.Redis.from_url(redis_url), prefix)
    one.put("k", REVIEW)
    assert other.get("k") == REVIEW
    assert 0 < one.redis.ttl(f"{prefix}review:k") <= 30 * 86400
