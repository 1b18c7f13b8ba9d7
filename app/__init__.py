"""Tichu for the web: the rules engine (`app.engine`), bots (`app.bots`) and the web table (`app.web`)."""

# The server's version (pyproject.toml reads it from here). Pages, processes and stored
# documents compare it: docs/runtime.md says which versions may share one Redis.
__version__ = "0.1.0"
