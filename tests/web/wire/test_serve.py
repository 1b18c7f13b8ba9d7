"""The embedded gunicorn of `python -m app` (serve.py): a thread per connection, and every
connection a thread can serve is accepted (gthread's own cap is 1,000 connections)."""

from __future__ import annotations

from gunicorn.config import Config

from app.web.wire.serve import gunicorn_settings


def test_one_gthread_worker_that_accepts_a_connection_for_every_thread():
    for threads in (10, 500, 1700):
        settings = gunicorn_settings("127.0.0.1", 5000, threads)
        config = Config()
        for key, value in settings.items():
            config.set(key, value)  # gunicorn accepts every one of them
        assert config.workers == 1 and config.worker_class_str == "gthread" and config.threads == threads
        assert config.worker_connections >= max(threads, 1000)


def test_an_ipv6_address_is_bracketed():
    assert gunicorn_settings("::1", 8000, 10)["bind"] == "[::1]:8000"
    assert gunicorn_settings("0.0.0.0", 8000, 10)["bind"] == "0.0.0.0:8000"
