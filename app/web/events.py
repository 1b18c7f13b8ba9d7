"""Socket.IO events: validate every payload, map the connection to its table and seat, ack.

Client -> server events (each answered by an acknowledgement
`{"ok": true, "version": n, ...}` or `{"ok": false, "code": "...", "message": "..."}`;
a refused request changes nothing and sends nothing to anybody else):

- `join` {code, token?}: watch a table (with a token: as that person, in that seat)
- `sit` {seat, name}: take a seat (the ack carries a new `token` for a newcomer); during a
  game a seat the host gave to a bot only with the host's consent (`ask_host`: ask) or at a
  table whose setting `takeover` allows it
- `ask` {seat, name}: ask the host to take over a bot's seat (the ack carries a new `token`
  for a newcomer, valid once the host accepts)
- `answer` {request, accept}: host: accept or decline a request (its id from `you.requests`)
- `stand` {}: leave one's seat before the start
- `bot` {seat, level?}: host: a bot plays the seat (empty, absent player's, or new level)
- `fill` {level?}: host: bots (of that level, default the best) at every free seat
- `free` {seat}: host, before the start: take a bot or an absent player off a seat
- `start` {}: host: start the game once all seats are taken
- `new_game` {}: host: another game with the same seats once the game is over
- `act` {action, version, id}: a game action in the record's form, with the version it was
  decided on (refused as `stale` when its basis changed since, acts.py) and an id (a retry
  with the same id gets the first answer again). Without `seat` it is for one's own seat;
  `action.seat` may name a seat one acts for (the view's `controls`: the Trichu dealer's
  Table); any other seat is refused (`not_your_seat`)
- `hold` {}: press Bomb: nobody else may play, pass, give or call for a few seconds while
  one picks a bomb (once per trick, whatever one holds; bombs.py); `release` {}: let go
- `sync` {}: ask for a snapshot (a client that saw a gap in the versions)
- `chat` {text} or {quick}: a chat message or a quick reaction to everybody at the table
  (watchers add `name`); at most 200 characters, a few messages at once, then one every
  few seconds per connection

Server -> client: `state`, the versioned envelopes of `protocol.py`.
"""

from __future__ import annotations

import functools
import logging

from flask import request

from app.engine import EngineError

from .acts import check_payload
from .capacity import Capacity
from .limits import Limits, refusal
from .presence import Presence
from .tables import Refused, hash_token, new_token

log = logging.getLogger(__name__)

CODE_MAX = 16  # a table code is five letters; some room for spaces around it
TOKEN_MAX = 64  # a seat token is 24 URL-safe characters


def _payload(args) -> dict:
    if len(args) != 1 or not isinstance(args[0], dict):
        raise Refused("bad_request", "send one object with the event's fields")
    return args[0]


def _ok(version: int, **extra) -> dict:
    return {"ok": True, "version": version, **extra}


def _text(value, limit: int, ascii_only: bool = False) -> bool:
    """Short text that encodes (no lone surrogates)."""
    if not isinstance(value, str) or not 0 < len(value) <= limit:
        return False
    if ascii_only:
        return value.isascii()
    try:
        value.encode()
    except UnicodeEncodeError:
        return False
    return True


def register(socketio, hub, limits: Limits, presence: Presence, capacity: Capacity) -> None:
    registry = hub.registry

    def admitted(sid: str) -> dict | None:
        """The connection's rate limit, checked before anything else: None, or the refusal."""
        verdict = limits.event(sid)
        if verdict == limits.OK:
            return None
        if verdict == limits.CUT:
            log.warning("disconnecting %s: it keeps sending over its rate limit", sid)
            cut(sid)
        return refusal("events").ack()

    def cut(sid: str) -> None:
        server = socketio.server
        eio_sid = server.manager.eio_sid_from_sid(sid, "/")
        server.disconnect(sid)  # tells the client, and leaves its table
        if eio_sid is not None:
            server.eio.disconnect(eio_sid)  # and closes the transport: no more reading from it

    def handler(name):
        def wrap(fn):
            @functools.wraps(fn)
            def event(*args):
                refused = admitted(request.sid)
                if refused is not None:
                    return refused
                try:
                    return fn(_payload(args))
                except Refused as exc:
                    return exc.ack()
                except EngineError as exc:
                    return {"ok": False, "code": exc.code, "message": exc.message}
                except Exception:
                    log.exception("event %s failed", name)
                    return {"ok": False, "code": "server_error",
                            "message": "something went wrong on the server"}
            socketio.on_event(name, event)
            return event
        return wrap

    def current():
        """The table and client of this connection, or refused."""
        table, client = hub.table_of(request.sid)
        if table is None or client is None:
            raise Refused("not_joined", "join a table first")
        return table, client


    @socketio.on("*")
    def unknown(event, *_args):
        refused = admitted(request.sid)
        if refused is not None:
            return refused
        name = str(event)[:40] if _text(event, 10_000) else "?"
        return {"ok": False, "code": "bad_request", "message": f"unknown event {name!r}"}

    @socketio.on("connect")
    def on_connect(*_args):
        capacity.opened(request.sid)
        return True

    @socketio.on("disconnect")
    def on_disconnect(*_args):
        if socketio.server.manager.is_connected(request.sid, "/"):
            return  # an event a client named "disconnect": the connection is still here
        capacity.closed(request.sid)
        limits.forget(request.sid)
        try:
            _leave(hub, presence, request.sid)
        except Refused as exc:  # not stored (the store is away): the presence is fixed by the next change
            log.warning("leaving: %s", exc.message)

    @handler("join")
    def join(data):
        code = data.get("code")
        token = data.get("token")
        if not _text(code, CODE_MAX) or (token is not None and not _text(token, TOKEN_MAX, ascii_only=True)):
            raise Refused("bad_request", "join needs 'code' and optionally 'token' (text)")
        sid, address = request.sid, request.remote_addr
        limits.may_join(sid, address)  # guessing codes or tokens is throttled
        token_hash = hash_token(token) if token else None
        try:
            table = _find(registry, code)
            with table.lock:
                if token_hash is not None and not table.known(token_hash):
                    raise Refused("bad_token", "this token does not belong to this table; "
                                               "join as a spectator")
        except Refused:
            limits.join_failed(sid, address)
            raise
        if hub.table_of(sid)[0] is not table:
            _leave(hub, presence, sid)  # one table per connection
        table = _locked(registry, code)
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
            return _ok(version, seat=client.seat, now=hub.clock())  # the page times countdowns by it

    @handler("sync")
    def sync(data):
        table, client = current()
        with table.lock:
            hub.snapshot(table, client)
            return _ok(table.version)

    def seat_request(method: str, data: dict) -> dict:
        """`sit` or `ask`: a connection without a token gets a new one, valid once it has a seat."""
        table, client = current()
        token = None if client.token_hash else new_token()
        with table.lock:
            getattr(table, method)(client, data.get("seat"), data.get("name"),
                                   new_token_hash=hash_token(token) if token else None)
            version = hub.commit(table)
        return {"version": version, "seat": client.seat, **({"token": token} if token else {})}

    @handler("sit")
    def sit(data):
        return _ok(**seat_request("sit", data))

    @handler("ask")
    def ask(data):
        done = seat_request("ask", data)
        done.pop("seat")  # the asker has no seat until the host agrees
        return _ok(**done)

    def simple(name, method, *fields):
        @handler(name)
        def event(data):
            table, client = current()
            with table.lock:
                getattr(table, method)(client, *(data.get(f) for f in fields))
                return _ok(hub.commit(table))
        return event

    simple("stand", "stand")
    simple("bot", "set_bot", "seat", "level")
    simple("fill", "fill_bots", "level")
    simple("free", "free_seat", "seat")
    simple("start", "start")
    simple("new_game", "new_game")
    simple("answer", "answer", "request", "accept")

    @handler("hold")
    def hold(data):
        table, client = current()
        with table.lock:
            table.start_hold(client, hub.clock())
            return _ok(hub.commit(table))

    simple("release", "end_hold")

    @handler("chat")
    def chat(data):
        table, client = current()
        sid = request.sid
        with table.lock:
            table.say(client, data.get("text"), data.get("quick"), data.get("name"),
                      charge=lambda: limits.charge("chat", sid=sid))
            return _ok(hub.commit(table))

    @handler("act")
    def act(data):
        table, client = current()
        with table.lock:
            action, version, action_id = check_payload(data, table.version)
            seat = table.seat_of(client.token_hash)
            if seat is None:
                raise Refused("not_seated", "spectators cannot play")
            first = table.answers.get(seat, action_id)
            if first is not None:
                return first  # a retry: the answer it had, nothing acts twice
            try:
                table.act(client, action, version, hub.clock())
            except (Refused, EngineError) as exc:
                answer = {"ok": False, "code": exc.code, "message": exc.message}
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


def _find(registry, code: str):
    table = registry.get(code)
    if table is None:
        raise Refused("unknown_table", "there is no table with this code")
    return table


def _locked(registry, code: str):
    """The table with this code, its lock held by the caller; never one dropped from memory."""
    while True:
        table = _find(registry, code)
        table.lock.acquire()
        if not table.evicted:
            return table
        table.lock.release()  # dropped meanwhile: the registry loads it anew


def _leave(hub, presence: Presence, sid: str) -> None:
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
        elif not presence.changed(table, before) and before == table.presence():
            hub.touch(table)
