"""Spectators who see the hands: only while every seated person agrees.

A watcher asks to see the hands; each person who sits at the table answers (allow, or
not now), or has answered once for all by a preference: `ask` (ask me), `always`,
`never`. The hands reach the watcher only while every seated person's answer is yes:
bots have no say; a person who sits down and has not agreed stops it, and anyone may
withdraw at any moment. The host forbids it for a table with the setting
`spectator_hands` off (a tournament table): asking is then refused.

A watcher is known by a token (one without gets one when asking, like a newcomer who
sits down), so the ask and its answers outlive a reconnect, a restart and a process
handover: they are kept in the table's `extra` (`dump`, `load`). A person is known by
the token hash of their seat. This module holds the rules alone; `HandSightRules` is
what `Table` does with them (the caller holds the table's lock).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import Refused
from .people import clean_name, same_hash

ASK, ALWAYS, NEVER = "ask", "always", "never"
PREFS = (ASK, ALWAYS, NEVER)
YES, NO, WITHDRAWN = "yes", "no", "withdrawn"  # a person's answer to one watcher
ASKS_MAX = 30  # watchers who asked, per table: bounds what is stored and shown


@dataclass
class Watch:
    """One watcher's ask to see the hands, and each person's explicit answer to it."""

    id: int
    token_hash: str
    name: str
    answers: dict[str, str] = field(default_factory=dict)  # person's token hash -> YES, NO, WITHDRAWN


class HandSight:
    """The asks, the answers and the people's preferences of one table (pure: no table, no IO)."""

    def __init__(self, doc: dict | None = None):
        doc = doc or {}
        self.seq = doc.get("seq", 0)  # the last ask's id (ids are never reused)
        self.asks: dict[str, Watch] = {}  # watcher's token hash -> Watch
        for id_, token_hash, name, answers in doc.get("asks", []):
            self.asks[token_hash] = Watch(id_, token_hash, name, dict(answers))
        self.prefs: dict[str, str] = dict(doc.get("prefs", {}))  # person -> ASK, ALWAYS, NEVER

    def dump(self) -> dict:
        return {"seq": self.seq, "prefs": dict(self.prefs),
                "asks": [[w.id, w.token_hash, w.name, dict(w.answers)] for w in self.asks.values()]}

    # -- watchers --------------------------------------------------------------------

    def ask(self, token_hash: str, name: str) -> Watch:
        """A watcher asks (again): every explicit answer is forgotten, the preferences answer."""
        if token_hash not in self.asks and len(self.asks) >= ASKS_MAX:
            raise Refused("hands_full", "too many spectators have asked to see the hands at this table")
        self.seq += 1
        watch = self.asks[token_hash] = Watch(self.seq, token_hash, name)
        return watch

    def end(self, token_hash: str | None) -> bool:
        """The watcher's ask ends (withdrawn by the watcher, or the watcher sat down)."""
        return self.asks.pop(token_hash, None) is not None

    def watch_of(self, token_hash: str | None) -> Watch | None:
        return self.asks.get(token_hash) if token_hash is not None else None

    def by_id(self, watch_id: int) -> Watch | None:
        return next((w for w in self.asks.values() if w.id == watch_id), None)

    # -- people ----------------------------------------------------------------------

    def answer_of(self, watch: Watch, person: str) -> str | None:
        """A person's answer to a watcher: the explicit one, else the preference's (None: not yet)."""
        explicit = watch.answers.get(person)
        if explicit is not None:
            return explicit
        return {ALWAYS: YES, NEVER: NO}.get(self.prefs.get(person, ASK))

    def answer(self, person: str, watch: Watch, allow: bool) -> None:
        """Allow, or not: a no after a yes is a withdrawal, which the watcher is told as such."""
        if allow:
            watch.answers[person] = YES
        else:
            watch.answers[person] = WITHDRAWN if self.answer_of(watch, person) == YES else NO

    def withdraw_all(self, person: str) -> bool:
        """The person's yes to every watcher is withdrawn; True if there was one."""
        withdrew = False
        for watch in self.asks.values():
            if self.answer_of(watch, person) == YES:
                watch.answers[person] = WITHDRAWN
                withdrew = True
        return withdrew

    def set_pref(self, person: str, pref: str) -> None:
        """The person's answer for all. `always` allows every watcher (explicit answers give way),
        `never` withdraws every yes; `ask` keeps the answers as they stand (they become explicit)."""
        for watch in self.asks.values():
            now = self.answer_of(watch, person)
            if pref == ALWAYS or (pref == NEVER and now != YES):
                watch.answers.pop(person, None)
            elif pref == NEVER:
                watch.answers[person] = WITHDRAWN
            elif now is not None:
                watch.answers[person] = now
        if pref == ASK:
            self.prefs.pop(person, None)
        else:
            self.prefs[person] = pref

    def keep_only(self, people: set[str]) -> None:
        """Forget the preferences and answers of those who no longer sit at the table."""
        self.prefs = {p: v for p, v in self.prefs.items() if p in people}
        for watch in self.asks.values():
            watch.answers = {p: v for p, v in watch.answers.items() if p in people}

    # -- what follows ----------------------------------------------------------------

    def sees(self, watch: Watch, people: list[str]) -> bool:
        """Whether the watcher sees the hands: every seated person (`people`) says yes."""
        return all(self.answer_of(watch, p) == YES for p in people)

    def status(self, watch: Watch, people: list[tuple[str, str]]) -> dict:
        """What the watcher's page shows: whether it sees the hands, and who it waits for,
        who said no, who withdrew (`people`: each seated person's token hash and name)."""
        out = {"id": watch.id, "sees": self.sees(watch, [p for p, _ in people]),
               "waiting": [], "declined": [], "withdrawn": []}
        for person, name in people:
            answer = self.answer_of(watch, person)
            if answer is None:
                out["waiting"].append(name)
            elif answer == NO:
                out["declined"].append(name)
            elif answer == WITHDRAWN:
                out["withdrawn"].append(name)
        return out


class HandSightRules:
    """The hand-sight methods of `Table` (the caller holds the lock)."""

    seats: list
    settings: dict
    sight: HandSight

    def _init_sight(self) -> None:
        self.sight = HandSight()

    def sight_allowed(self) -> bool:
        return bool(self.settings.get("spectator_hands", True)) and self.lesson is None

    def people(self) -> list[tuple[str, str]]:
        """Each seated person's token hash and name, in seat order: those who have a say
        (bots have none; an away person keeps theirs while a stand-in plays)."""
        return [(self.seats[i].owner, self.seats[i].name or f"#{i + 1}") for i in self.people_seats()
                if self.seats[i].owner is not None]

    def sees_hands(self, token_hash: str | None) -> bool:
        """Whether the watcher of this token sees the hands now."""
        watch = self.sight.watch_of(token_hash)
        if watch is None or not self.sight_allowed() or self.seat_of(token_hash) is not None:
            return False
        return self.sight.sees(watch, [p for p, _ in self.people()])

    def see_hands(self, client, name, new_token_hash: str | None = None) -> None:
        """A watcher asks to see the hands (again). A watcher without a token asks with
        `new_token_hash`, which becomes its token once the ask is stored."""
        if not self.sight_allowed():
            raise Refused("hands_forbidden", "the host does not let spectators see the hands at this table")
        if self.seat_of(client.token_hash) is not None:
            raise Refused("seated", "you play at this table: spectators ask to see the hands")
        who = client.token_hash or new_token_hash
        if who is None:
            raise Refused("bad_request", "asking needs a token")
        name = clean_name(name)
        watch = self.sight.watch_of(who)
        if watch is not None:
            status = self.sight.status(watch, self.people())
            if not (status["declined"] or status["withdrawn"]):  # asking again is for after a no
                raise Refused("no_change", "you have asked already")
        self.sight.ask(who, name)
        client.token_hash = who

    def answer_hands(self, client, watch_id, allow) -> None:
        """A seated person allows a watcher to see the hands, or not (a no after a yes withdraws)."""
        person = self._person(client)
        watch = self.sight.by_id(watch_id)
        if watch is None:
            raise Refused("not_found", "this spectator no longer asks to see the hands")
        self.sight.answer(person, watch, allow)

    def withdraw_hands(self, client) -> None:
        """A seated person withdraws every yes; a watcher stops seeing the hands (its ask ends)."""
        if self.seat_of(client.token_hash) is not None:
            if not self.sight.withdraw_all(client.token_hash):
                raise Refused("no_change", "no spectator sees the hands with your consent")
        elif not self.sight.end(client.token_hash):
            raise Refused("no_change", "you have not asked to see the hands")

    def set_hands_pref(self, client, pref) -> None:
        """A seated person's answer for all watchers: ask me, always allow, never."""
        person = self._person(client)
        if pref not in PREFS:
            raise Refused("bad_request", f"'pref' is one of {', '.join(PREFS)}")
        if self.sight.prefs.get(person, ASK) == pref:
            raise Refused("no_change", "this is your answer already")
        self.sight.set_pref(person, pref)

    def _person(self, client) -> str:
        if self.seat_of(client.token_hash) is None:
            raise Refused("not_seated", "only the people at the table answer spectators")
        return client.token_hash

    def sight_doc(self) -> dict:
        """The asks and answers as JSON, kept with the table (those of people who left are not)."""
        self.sight.keep_only({p for p, _ in self.people()})
        for token_hash in [t for t in self.sight.asks if self.seat_of(t) is not None]:
            self.sight.end(token_hash)  # a watcher who sat down sees its own hand now
        return self.sight.dump()

    # -- what the documents say ----------------------------------------------------

    def sight_for(self, client) -> dict | None:
        """The document's `sight`: a watcher's own ask, or a seated person's answers to every ask
        and preference (None where there is nothing to say)."""
        if client.seat is None:
            watch = self.sight.watch_of(client.token_hash)
            if watch is None:
                return None
            return {**self.sight.status(watch, self.people()), "sees": self.sees_hands(client.token_hash)}
        person = self.seats[client.seat].owner
        if not same_hash(person, client.token_hash):
            return None
        pref = self.sight.prefs.get(person, ASK)
        asks = [[w.id, w.name, self.sight.answer_of(w, person), self.sees_hands(w.token_hash)]
                for w in self.sight.asks.values()]
        if not asks and pref == ASK:
            return None
        return {"pref": pref, "asks": asks}

    def hands_seen_by(self) -> list[str]:
        """The names of the watchers who see the hands now: public, so everybody knows."""
        return [w.name for w in self.sight.asks.values() if self.sees_hands(w.token_hash)]

    def all_hands(self) -> list | None:
        """Every seat's hand as its own view shows it (None where the seat sees none): what a
        watcher with everybody's consent sees. Built from the seats' views only."""
        if self.game is None:
            return None
        return [self.view(seat)["hand"] for seat in range(len(self.seats))]
