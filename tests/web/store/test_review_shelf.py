"""The shelf of kept round reviews (store/reviews.py): every home keeps what is put and finds it
again; SQLite across a reopening (a restart), Redis across two clients (two processes), where a
review being made is also claimed once, so two processes never both make it."""

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


def test_a_review_being_made_is_claimed_once_across_processes_in_redis(redis_url, tmp_path):
    prefix = f"test-{secrets.token_hex(4)}:"
    one = RedisShelf(redis.Redis.from_url(redis_url), prefix)
    other = RedisShelf(redis.Redis.from_url(redis_url), prefix)
    assert not other.claimed("k")
    assert one.claim("k", 120)
    assert not other.claim("k", 120) and other.claimed("k")
    assert 0 < one.redis.ttl(f"{prefix}review-making:k") <= 120  # a dead process's claim expires
    one.release("k")
    assert not other.claimed("k") and other.claim("k", 120)
    # One process's shelves leave it to the pool's own reviews in flight.
    for shelf in (MemoryShelf(), SQLiteShelf(tmp_path / "reviews.sqlite")):
        assert shelf.claim("k", 120) and shelf.claim("k", 120) and not shelf.claimed("k")


def test_two_processes_sharing_redis_make_a_review_once(redis_url, monkeypatch):
    """A scale-out's second process asked for the review the first is making waits for it to be
    kept, and makes none itself."""
    from app.web.live.reviews import Reviews
    from tests.web.live.test_reviews import DEALS, one_round

    monkeypatch.setenv("TICHU_REVIEW_IDLE", "0")  # a busy test machine still gives it a processor
    prefix = f"test-{secrets.token_hex(4)}:"
    pools = [Reviews(RedisShelf(redis.Redis.from_url(redis_url), prefix), settings={"deals": DEALS})
             for _ in range(2)]
    first, second = pools
    try:
        record = one_round(9)
        assert first.review_within(record, 3, 0, 0) is None  # claimed, being made
        answer = second.review(record, 3, 0)
        assert answer == first.review(record, 3, 0)
        assert first.made == 1 and second.made == 0
        assert second._pool[0].proc is None  # the second process never started a worker
        assert not first.shelf.claimed(first.key(record, 3, 0))  # released once kept
    finally:
        for pool in pools:
            pool.close()
