"""One table: its own state and the rules of the room, never sent or stored from here.

`table.py` is the table (settings, host, connections, the game, its documents for each
audience), made of the room's rules: `seats.py` (who sits where, bots, stand-ins),
`requests.py` (asking the host for a bot's seat), `bombs.py` (holding the table for a
bomb, the won trick's window), `acts.py` (every action counts once, on the state its
player saw) and `chat.py`. `documents.py` is the table as the store keeps it, and
`json_import.py` brings tables saved by earlier versions into the store.

Every method expects the caller to hold `table.lock`. It may import `store`, the
foundations, the engine and the bots (to seat them); nothing above it.
"""
