"""HTTP pages and routes: the lobby, the table page, creating tables and listing them, a
game's record, the replay viewer, static files (lean and gzipped) and the page's language.

The top of the web layer beside `wire`: it may import `wire` (the same rate limits guard
both doors), `live`, `table`, `store`, the foundations and the engine. Nothing imports it
but `server.py`.
"""
