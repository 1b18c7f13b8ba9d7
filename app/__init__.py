"""Tichu for the web: the rules engine (`app.engine`), bots (`app.bots`) and the web table (`app.web`)."""
