"""The process's log: plain text lines (the default) or JSON lines for log collectors.

- `TICHU_LOG_FORMAT`: `text` (default) or `json` (one JSON object a line, by
  python-json-logger: time, level, logger, message, and `table` when the line is
  about one).
- `TICHU_ACCESS_LOG`: `1` logs a line per HTTP request (method, path, status, time);
  `0` (default) none.

Every line about a table carries its code: in text as `[table ABCD]` after the logger's
name, in JSON as the `table` field (`table/log_context.py` says which table the work at
hand is about). Lines go to standard error; under systemd the journal keeps them
(docs/runtime.md).
"""

from __future__ import annotations

import logging
import os
import sys
import time

from .table import log_context

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s%(table_tag)s: %(message)s"
JSON_FIELDS = "%(asctime)s %(levelname)s %(name)s %(message)s"
FORMATS = ("text", "json")


class TableCode(logging.Filter):
    """Adds the table's code to every record made while the work is about a table."""

    def filter(self, record: logging.LogRecord) -> bool:
        code = getattr(record, "table", None) or log_context.current()
        record.table = code
        record.table_tag = f" [table {code}]" if code else ""
        return True


class JsonLines(logging.Formatter):
    """python-json-logger's formatter, with `table` only on lines about a table."""

    def __init__(self):
        super().__init__()
        from pythonjsonlogger.json import JsonFormatter

        self._inner = JsonFormatter(JSON_FIELDS, rename_fields={"asctime": "time", "levelname": "level",
                                                                 "name": "logger"})

    def format(self, record: logging.LogRecord) -> str:
        if not getattr(record, "table", None):
            record.__dict__.pop("table", None)
        record.__dict__.pop("table_tag", None)
        return self._inner.format(record)


def log_format() -> str:
    value = (os.environ.get("TICHU_LOG_FORMAT") or "text").strip().lower()
    return value if value in FORMATS else "text"


def access_log_wanted() -> bool:
    return (os.environ.get("TICHU_ACCESS_LOG") or "0").strip().lower() in ("1", "true", "yes", "on")


def configure(fmt: str | None = None) -> None:
    """The root logger writes to standard error, in the chosen format, with table codes."""
    fmt = fmt or log_format()
    handler = logging.StreamHandler(sys.stderr)
    handler.addFilter(TableCode())
    handler.setFormatter(JsonLines() if fmt == "json" else logging.Formatter(TEXT_FORMAT))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # request lines: see access_log
    if fmt == "text" and os.environ.get("TICHU_LOG_FORMAT", "text").strip().lower() not in FORMATS:
        logging.getLogger(__name__).warning("TICHU_LOG_FORMAT is text or json: writing text")


class AccessLog:
    """WSGI middleware: one line per HTTP request (`TICHU_ACCESS_LOG=1`)."""

    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app
        self.log = logging.getLogger("tichu.access")

    def __call__(self, environ, start_response):
        start = time.perf_counter()
        status = []

        def noting(code, headers, exc_info=None):
            status.append(code.split(" ", 1)[0])
            return start_response(code, headers, exc_info)

        try:
            return self.wsgi_app(environ, noting)
        finally:
            path = environ.get("PATH_INFO", "")[:200].encode("ascii", "backslashreplace").decode()
            self.log.info("%s %s %s %.1f ms %s", environ.get("REQUEST_METHOD", "?"), path,
                          status[0] if status else "-", (time.perf_counter() - start) * 1000,
                          environ.get("REMOTE_ADDR", "?"))
