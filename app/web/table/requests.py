"""The host's consent: taking over a seat the host gave to a bot, mid-game.

A watcher `ask`s for a bot's seat; the host (whoever manages the table) `answer`s, and an
accepted request seats its asker at once. A table created with the setting `takeover`
lets anybody sit there without asking (seats.py). Requests are kept with the table, so
every process of a scale-out sees them; one ends with the connection that asked.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass

from ..errors import Refused
from .people import clean_name
from .status import PLAYING


@dataclass
class Request:
    """A watcher asks to take over a seat a bot plays; the host accepts or declines."""

    id: int
    sid: str  # the connection that asked (the request ends with it)
    seat: int
    name: str
    token_hash: str
    player: str | None = None  # the asker's player id (seats.py)


class TakeoverRequests:
    """The request methods of `Table` (a mixin of `SeatRules`; the caller holds the lock)."""

    clients: dict

    def _init_requests(self) -> None:
        self.requests: dict[int, Request] = {}
        self.request_seq = 0  # the last request's id (ids are never reused)

    def ask(self, client, seat, name, new_token_hash: str | None = None,
            player: str | None = None) -> Request:
        """A watcher asks to take over the bot's seat `seat`; one request per connection."""
        seat = self._check_seat(seat)
        if self.status != PLAYING:
            raise Refused("not_now", "seats are asked for during a game; before it, just sit down")
        who = client.token_hash or new_token_hash
        if who is None:
            raise Refused("bad_request", "a seat needs a token")
        self._check_takeover(seat, self.seat_of(who))
        name = clean_name(name)
        self.depart(client)  # a new request replaces the connection's earlier one
        self.request_seq += 1
        request = Request(self.request_seq, client.sid, seat, name, who, player)
        self.requests[request.id] = request
        return request

    def answer(self, client, request_id, accept) -> None:
        """The host accepts or declines a request; an accepted one seats its asker at once."""
        self._require_manager(client)
        if type(request_id) is not int or not isinstance(accept, bool):
            raise Refused("bad_request", "answer needs 'request' (a number) and 'accept' (true or false)")
        request = self.requests.pop(request_id, None)
        if request is None:
            raise Refused("not_found", "this request is no longer open")
        asker = self.clients.get(request.sid)
        if not accept or asker is None:
            return
        try:
            self._check_takeover(request.seat, self.seat_of(request.token_hash))
        except Refused:
            raise Refused("seat_taken", "this seat is no longer a bot's") from None
        self._seat_person(request.seat, request.name, request.token_hash, request.player)
        asker.token_hash = request.token_hash
        self._rebind(request.token_hash)

    def requests_doc(self) -> dict:
        """The open requests as JSON, kept with the table (every process of a scale-out sees
        them; a request whose connection is gone is not kept)."""
        live = [list(astuple(r)) for r in self.requests.values() if r.sid in self.clients]
        return {"seq": self.request_seq, "open": live}

    def load_requests(self, doc: dict | None) -> None:
        doc = doc or {}
        self.request_seq = doc.get("seq", 0)
        self.requests = {r[0]: Request(*r) for r in doc.get("open", [])}

    def requests_for(self, client) -> dict:
        """What the page of `client` shows about requests: managers see the open ones,
        an asker sees its own."""
        out = {"asked": next((r.seat for r in self.requests.values() if r.sid == client.sid), None)}
        if self.may_manage(client):
            # [id, seat, name] triples as tuples: `you` names an audience, so its values hash.
            out["requests"] = tuple((r.id, r.seat, r.name) for r in self.requests.values())
        return out
