"""The tables being played in this process, and what moves them.

`registry.py` keeps the tables in use in memory by code (loading them from the store,
dropping idle ones) and `lobby.py` lists the tables worth joining; `hub.py` is where an
accepted change becomes a new version: stored (`saving.py`), then sent to every
connection as its patch (`protocol` at the root); `bots_runner.py` schedules the bots'
turns and `bot_turns.py` makes one; `timers.py` watches deadlines, `clocks.py` says what
time it is, `presence.py` gathers watchers' comings and goings; `reviews.py` has round
reviews made by a bounded pool of worker processes and keeps them (the coach's
`app.coach.review`, never on the server's loop), and `game_reviews.py` a whole game's, round
after round in that pool; `archiving.py` moves finished games and
idle tables to the archive and brings them back when asked for.

It may import `table`, `store`, the foundations, the engine, the bots and the coach; never `wire`,
`pages` or `cluster` (which builds on it).
"""
