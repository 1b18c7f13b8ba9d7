"""The web table: live tables of Tichu over Socket.IO, and the pages around them.

It never interprets cards: the engine (`app.engine`) decides everything about the game,
and every message to a client is built from the engine's view of that client's seat.

The packages, top to bottom; a module imports its own package and those below it,
never one above (tests/architecture/test_layers.py checks it):

    server.py   the composition root: `create_app()` puts the parts together, `main()` serves
    pages/      HTTP: the lobby and table pages, the JSON routes, the replay viewer, static
                files, languages
    wire/       Socket.IO: the door (rate limits, schemas), one handler per event, packets,
                reading WebSockets, capacity, the servers (gevent, gunicorn)
    cluster/    the scale-out over Redis: the live tables shared by many processes
    live/       the tables being played in this process: the registry, the hub (commit,
                store, broadcast), the bots' turns, deadlines, presence
    table/      one table's own state and the rules of the room: seats, actions, bombs,
                chat, its stored documents
    store/      where tables are kept: one interface; SQLite, Redis, memory

Foundations at this folder's root, which every package may import: `errors` (`Refused`,
a request refused with a code and a reason), `protocol` (the versioned snapshots and
patches a connection is sent) and `async_mode` (threading or gevent).

docs/architecture.md follows one action from a tap to every screen through these files.
"""
