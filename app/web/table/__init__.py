"""One table: its own state and the rules of the room, never sent or stored from here.

`table.py` is the table (settings, host, connections, the game), made of the room's
rules as mixins: `audiences.py` (each audience's document: the seat's view, the table's
public data, `you`), `seats.py` (who sits where, bots), `requests.py` (asking the host
for a bot's seat), `stand_ins.py` (grace periods, turn timers and the bots that stand
in), `bombs.py` (holding the table for a bomb, the won trick's window). Beside them:
`acts.py` (every action counts once, on the state its player saw), `chat.py`,
`people.py` (tokens and names), `bot_seats.py` (the bot levels a seat can get),
`hints.py` (the coach's hint for a seat), `hand_sight.py` (spectators who see the hands, while
every seated person agrees), `lesson.py` (a lesson table: the guided first
game's deal, scripted bots and the learner's moves checked against the step), `status.py`.
`documents.py` is the table as the store keeps it, and `json_import.py` brings tables saved
by earlier versions into the store.

Every method expects the caller to hold `table.lock`. It may import `store`, the
foundations, the engine, the bots (to seat them) and the coach (hints, the lesson); nothing
above it.
"""
