"""Socket.IO events: one handler per event, each payload checked by its schema at the door.

Client -> server events (each answered by an acknowledgement
`{"ok": true, "version": n, ...}` or `{"ok": false, "code": "...", "message": "..."}`;
a refused request changes nothing and sends nothing to anybody else):

- `join` {code, token?}: watch a table (with a token: as that person, in that seat)
- `sit` {seat, name, player?}: take a seat (the ack carries a new `token` for a newcomer); during a
  game a seat the host gave to a bot only with the host's consent (`ask_host`: ask) or at a
  table whose setting `takeover` allows it
- `ask` {seat, name, player?}: ask the host to take over a bot's seat (the ack carries a new `token`
  for a newcomer, valid once the host accepts)
- `answer` {request, accept}: host: accept or decline a request (its id from `you.requests`)
- `stand` {}: leave one's seat before the start
- `bot` {seat, level?}: host: a bot plays the seat (empty, absent player's, or new level)
- `fill` {level?}: host: bots (of that level, default the best) at every free seat
- `free` {seat}: host, before the start: take a bot or an absent player off a seat
- `start` {}: host: start the game once all seats are taken
- `new_game` {}: host: another game with the same seats once the game is over
- `act` {action, version, id}: a game action in the record's form, with the version it was
  decided on (refused as `stale` when its basis changed since, table/acts.py) and an id (a
  retry with the same id gets the first answer again). Without `seat` it is for one's own
  seat; `action.seat` may name a seat one acts for (the view's `controls`: the Trichu
  dealer's Table); any other seat is refused (`not_your_seat`)
- `hold` {}: press Bomb: nobody else may play, pass, give or call for a few seconds while
  one picks a bomb (once per trick, whatever one holds; table/bombs.py); `release` {}: let go
- `sync` {}: ask for a snapshot (a client that saw a gap in the versions)
- `hint` {lang?, cards?}: the coach's hint for one's own seat, from its view only (table/hints.py):
  the Hard bot's suggestion, proved facts, and why a selection of `cards` is or is no play
- `review` {round, seat?}: the round review of one's own decisions in a finished round of the
  game (round counted from 0; `seat`, if sent, must be one's own): the ack's `review` has
  each flagged decision with the seat's view of it (table/reviews.py, live/reviews.py); or,
  while a worker is still making it, `pending` (ask again: it is kept once made)
- `see_hands` {name}: a watcher asks to see the hands (the ack carries a new `token` for a
  watcher without one); they reach it only while every seated person agrees (table/hand_sight.py)
- `hands_answer` {watcher, allow}: a seated person allows a watcher (its id from `sight.asks`)
  to see the hands, or not; a no after a yes withdraws
- `hands_withdraw` {}: a seated person withdraws every yes; a watcher stops seeing the hands
- `hands_pref` {pref}: a seated person's answer for all watchers: `ask`, `always`, `never`
- `chat` {text} or {quick}: a chat message or a quick reaction to everybody at the table
  (watchers add `name`); at most 200 characters, a few messages at once, then one every
  few seconds per connection

Server -> client: `state`, the versioned envelopes of `app/web/protocol.py`.

Each handler is a plain function of the checked payload, as in Flask-SocketIO's own
examples; `register` puts them on the app's Socket.IO server behind the door (`door.py`:
the connection's rate limit, the schema, and the translation of refusals into acks).
The hub, the limits and the presence are the app's (`current_app.extensions`), so one
process can hold several apps (the tests do).
"""

from __future__ import annotations

import logging
import time

from flask import current_app, request

from app import __version__
from app.engine import EngineError

from ..errors import refusal_ack
from ..live import metrics
from ..live import reviews as live_reviews
from ..store import StoreUnavailable
from ..store.archive.progress import CoachProgress
from ..table import hints, log_context
from ..table import reviews as table_reviews
from ..table.people import player_id
from ..table.table import Refused, hash_token, new_token
from . import schemas
from .door import HANDLERS, Door, on

log = logging.getLogger(__name__)


def _ok(version: int, **extra) -> dict:
    return {"ok": True, "version": version, **extra}


def _hub():
    return current_app.extensions["tichu"]


def _current():
    """The table and client of this connection, or refused."""
    table, client = _hub().table_of(request.sid)
    if table is None or client is None:
        raise Refused("not_joined", "join a table first")
    log_context.note(table.code)
    return table, client


def _at_table(sid: str) -> bool:
    return _hub().table_of(sid)[1] is not None


def _change(method: str, *args, **kwargs) -> dict:
    """The connection's table changed by one of its methods (the client first), then
    committed, all under the table's lock: the hub stores it and tells everybody."""
    table, client = _current()
    with table.lock:
        getattr(table, method)(client, *args, **kwargs)
        return _ok(_hub().commit(table))


# -- joining and watching ---------------------------------------------------------------


@on("join", schemas.JOIN, joined=False)
def join(data):
    hub = _hub()
    limits, presence = current_app.extensions["tichu_limits"], hub.presence
    code, token = data["code"], data["token"]
    sid, address = request.sid, request.remote_addr
    limits.may_join(sid, address)  # guessing codes or tokens is throttled
    token_hash = hash_token(token) if token else None
    try:
        table = _find(hub.registry, code)
        with table.lock:
            if token_hash is not None and not table.known(token_hash):
                raise Refused("bad_token", "this token does not belong to this table; join as a spectator")
    except Refused:
        limits.join_failed(sid, address)
        raise
    if hub.table_of(sid)[0] is not table:
        leave(sid)  # one table per connection
    table = _locked(hub.registry, code)
    with table.lock:
        table.lock.release()  # _locked's hold; the `with` holds it now
        before = table.presence()
        hub.detach(table, sid)  # joining the same table again starts afresh, nobody else notices
        client = table.attach(sid, token_hash)
        hub.bind(sid, table)
        back = table.arrive(client)  # a stand-in leaves the seat of the person who returns
        if back:
            version = hub.commit_presence(table)  # a snapshot for the newcomer, a patch for the others
        elif presence.changed(table, before):  # a player or the host: sent at once
            version = table.version
        else:  # nobody else notices yet (watchers are counted in one update later)
            hub.snapshot(table, client)
            version = table.version
        # `now`: the page times countdowns by it; `server`: the page offers a reload when its
        # JavaScript is of another version than the server's.
        return _ok(version, seat=client.seat, now=hub.clock(), server=__version__)


@on("sync", schemas.NOTHING)
def sync(_data):
    table, client = _current()
    with table.lock:
        _hub().snapshot(table, client)
        return _ok(table.version)


def leave(sid: str) -> None:
    """The connection stops watching its table (it joined another, or it is gone)."""
    hub = _hub()
    code = hub.unbind(sid)
    table = hub.registry.loaded(code) if code else None
    if table is None:
        return
    with table.lock:
        before = table.presence()
        asked = any(r.sid == sid for r in table.requests.values())  # its request ends with it
        if hub.detach(table, sid) is None:
            return
        if asked:
            hub.commit_presence(table)
        elif not hub.presence.changed(table, before) and before == table.presence():
            hub.touch(table)


# -- seats ------------------------------------------------------------------------------


def _seat_request(method: str, data: dict) -> dict:
    """`sit` or `ask`: a connection without a token gets a new one, valid once it has a seat."""
    table, client = _current()
    player = player_id(data.get("player"))
    token = None if client.token_hash else new_token()
    with table.lock:
        getattr(table, method)(client, data["seat"], data["name"],
                               new_token_hash=hash_token(token) if token else None, player=player)
        version = _hub().commit(table)
    return {"version": version, "seat": client.seat, **({"token": token} if token else {})}


@on("sit", schemas.SEAT_REQUEST)
def sit(data):
    return _ok(**_seat_request("sit", data))


@on("ask", schemas.SEAT_REQUEST)
def ask(data):
    done = _seat_request("ask", data)
    done.pop("seat")  # the asker has no seat until the host agrees
    return _ok(**done)


@on("answer", schemas.ANSWER)
def answer(data):
    return _change("answer", data["request"], data["accept"])


@on("stand", schemas.NOTHING)
def stand(_data):
    return _change("stand")


@on("bot", schemas.BOT)
def bot(data):
    return _change("set_bot", data["seat"], data["level"])


@on("fill", schemas.FILL)
def fill(data):
    return _change("fill_bots", data["level"])


@on("free", schemas.FREE)
def free(data):
    return _change("free_seat", data["seat"])


# -- the game ---------------------------------------------------------------------------


@on("start", schemas.NOTHING)
def start(_data):
    return _change("start")


@on("new_game", schemas.NOTHING)
def new_game(_data):
    return _change("new_game")


@on("act", schemas.ACT)
def act(data):
    hub = _hub()
    table, client = _current()
    with table.lock:
        action, version, action_id = data["action"], data["version"], data["id"]
        if version > table.version:
            raise Refused("bad_request", "'version' is newer than the table")
        seat = table.seat_of(client.token_hash)
        if seat is None:
            raise Refused("not_seated", "spectators cannot play")
        first = table.answers.get(seat, action_id)
        if first is not None:
            return first  # a retry: the answer it had, nothing acts twice
        try:
            table.act(client, action, version, hub.clock())
        except (Refused, EngineError) as exc:
            answer = refusal_ack(exc)
            table.answers.remember(seat, action_id, answer)
            return answer
        # Remembered before the commit saves the table, so the answer is saved with the action;
        # a commit that fails is no answer to remember (a retry may then succeed).
        table.answers.remember(seat, action_id, _ok(table.version + 1))
        try:
            return _ok(hub.commit(table))
        except BaseException:
            table.answers.drop(seat, action_id)
            raise


@on("hold", schemas.NOTHING)
def hold(_data):
    return _change("start_hold", _hub().clock())


@on("release", schemas.NOTHING)
def release(_data):
    return _change("end_hold")


@on("hint", schemas.HINT)
def hint(data):
    """The coach's hint for one's own seat (or the seat one acts for), from its view only."""
    hub = _hub()
    table, client = _current()
    lang = data["lang"] if data["lang"] in hints.LANGS else "en"
    with table.lock:
        seat = table.seat_of(client.token_hash)
        hints.check_hints(table, seat)
        view, version = table.view(seat), table.version
        names = hints.seat_names(table, lang)
    # Outside the lock, off the server's loop: the bot's search takes up to its budget.
    with metrics.timed(metrics.HINT_SECONDS):
        answer = hub.bots.think(hints.hint_for, view, lang, names, data["cards"], f"{table.code}:{version}")
    return _ok(version, hint=answer)


@on("review", schemas.REVIEW)
def review(data):
    """The round review of one's own decisions in a finished round, made off the server (in
    the review workers) or kept from before."""
    hub = _hub()
    table, client = _current()
    round_index = data["round"]
    with table.lock:
        seat = table.seat_of(client.token_hash)
        record = table_reviews.review_record(table, seat, data["seat"], round_index,
                                             stored=lambda n: hub.game_record(table, n))
        version = table.version
        game, player = table.game_no - 1, table.seats[seat].player
    # Outside the lock: the review is made in a worker process (or found kept). This
    # connection's next events wait behind this one, so it waits briefly: `pending` tells the
    # page to ask again, when the review being made (then kept) will be there.
    answer = current_app.extensions["tichu_reviews"].review_within(record, seat, round_index,
                                                                   live_reviews.SOCKET_WAIT)
    if answer is None:
        return _ok(version, pending=True)
    if player is not None:
        _note_review(player, table.code, game, round_index, seat, answer)
    return _ok(version, review=answer)


def _note_review(player: str, code: str, game: int, round_index: int, seat: int, answer: dict) -> None:
    """The player's progress with the coach counts this review (store/archive/progress.py)."""
    archiver = current_app.extensions.get("tichu_archiver")
    if archiver is None:
        return
    try:
        progress = CoachProgress(archiver.archive)
        progress.note_review(player, code, game, round_index, seat, answer, time.time())
    except StoreUnavailable as exc:
        log.warning("a review was not counted in the player's progress: %s", exc)


# -- spectators who see the hands -------------------------------------------------------


@on("see_hands", schemas.SEE_HANDS)
def see_hands(data):
    """A watcher asks to see the hands: a watcher without a token gets one, valid once stored."""
    table, client = _current()
    token = None if client.token_hash else new_token()
    with table.lock:
        table.see_hands(client, data["name"], new_token_hash=hash_token(token) if token else None)
        version = _hub().commit(table)
    return _ok(version, **({"token": token} if token else {}))


@on("hands_answer", schemas.HANDS_ANSWER)
def hands_answer(data):
    return _change("answer_hands", data["watcher"], data["allow"])


@on("hands_withdraw", schemas.NOTHING)
def hands_withdraw(_data):
    return _change("withdraw_hands")


@on("hands_pref", schemas.HANDS_PREF)
def hands_pref(data):
    return _change("set_hands_pref", data["pref"])


# -- chat -------------------------------------------------------------------------------


@on("chat", schemas.CHAT)
def chat(data):
    sid, limits = request.sid, current_app.extensions["tichu_limits"]
    return _change("say", data["text"], data["quick"], data["name"],
                   charge=lambda: limits.charge("chat", sid=sid))


# -- helpers ------------------------------------------------------------------------------


def _find(registry, code: str):
    table = registry.get(code)
    if table is None:
        raise Refused("unknown_table", "there is no table with this code")
    log_context.note(table.code)
    return table


def _locked(registry, code: str):
    """The table with this code, its lock held by the caller; never one dropped from memory."""
    while True:
        table = _find(registry, code)
        table.lock.acquire()
        if not table.evicted:
            return table
        table.lock.release()  # dropped meanwhile: the registry loads it anew


def register(socketio, limits, capacity) -> Door:
    """Every handler of this module on `socketio`, behind the door."""
    door = Door(socketio, limits, capacity, _at_table, leave)
    door.register(HANDLERS)
    return door
