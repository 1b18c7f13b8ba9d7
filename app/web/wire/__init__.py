"""Socket.IO: what travels between a page and the server, and how it is read.

`door.py` checks every event (the connection's rate limit, its payload's schema from
`schemas.py`, refusals turned into acks); `events.py` has one handler per event, each a
plain function that calls the hub and the table. Below the events: `packets.py` (our JSON
packets, malformed ones refused), `websocket_reader.py` (a connection read no further
ahead than its handler), `limits.py` (rate limits), `capacity.py` (what bounds the
connections) and `serve.py` (gevent's server and the embedded gunicorn).

It may import `live`, `table`, `store`, the foundations and the engine; of the layers
above only `pages` may import it (its limits), and `server.py`.
"""
