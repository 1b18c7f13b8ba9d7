"""Every seat's view of one game, built cheaply after each action: what a server needs.

`ViewCache(game).view(seat)` equals `view_for(game, seat)` (views.py, the
reference; tests compare the two over whole games of every ruleset) but builds
what it can once:

- per version, the parts every viewer sees alike (players, trick, scores,
  history, whose turn, ...) once, shared by all the seats' views;
- per round and viewer, the seat geometry and the seats it controls;
- per game, the ruleset's options and ranks;
- across versions, a part that did not change is the very same object as
  before (the scores between rounds, the history between moves, a hand
  until it plays, a play's description while it is on offer), so comparing
  two versions' views skips it at once (`a is b`).

So the views share objects with each other and with the views of earlier
versions: they are read-only for their users (`view_for` gives a private
copy to change). Plays and hands are described through a small two-version
memo, so a table's cache stays the size of about two views per seat.
"""

from __future__ import annotations

from .combos import describe
from .round import PLAY, Round
from .views import exchange_doc, legal_doc, player_doc, results_doc, sees_own_hand, table_doc


class _Memo:
    """Values of this version and the previous one: what the next version asks for again
    is found, anything older is dropped."""

    __slots__ = ("now", "before")

    def __init__(self):
        self.now: dict = {}
        self.before: dict = {}

    def get(self, key, make):
        value = self.now.get(key)
        if value is None:
            value = self.before.get(key)
            if value is None:
                value = make()
            self.now[key] = value
        return value

    def turn(self) -> None:
        self.before, self.now = self.now, {}


class ViewCache:
    """The views of one `Game` object, cached for its current version (game.version)."""

    def __init__(self, game):
        self.game = game
        rules = game.rules
        deck = rules.deck
        self._ruleset = rules.ruleset.name
        self._options = dict(rules.options)
        self._ranks = [deck.rank_name(r) for r in range(deck.low, deck.high + 1)]
        self._version: int | None = None
        self._round: Round | None = None
        self._views: dict = {}  # seat -> its view at this version
        self._public: dict = {}
        self._seating = None
        self._per_viewer: dict = {}  # viewer -> (geometry, controls) for self._seating
        self._scores_key = None
        self._scores: dict | None = None
        self._history: tuple = (None, -1, None)  # (round, log length, list)
        self._exchanges: dict = {}  # seat -> ((round, given, received), its dict)
        self._legals: dict = {}  # seat -> (what its legal actions were made of, their dict)
        self._plays = _Memo()  # (seat or None, play) -> its description
        self._hands = _Memo()  # hand mask -> its cards as a list of codes

    def view(self, seat: int | None) -> dict:
        """What `seat` may know now (None: a spectator); read-only, see the module."""
        game = self.game
        if game.version != self._version or game.round is not self._round:
            self._refresh()
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self._build(seat)
        return view

    # -- per version -------------------------------------------------------------------

    def _refresh(self) -> None:
        game = self.game
        rnd: Round = game.round
        self._version, self._round = game.version, rnd
        self._views = {}
        self._plays.turn()
        self._hands.turn()
        seating = rnd.seating
        if seating is not self._seating:
            self._seating, self._per_viewer = seating, {}
        before = self._public
        pending = [] if game.over else rnd.pending()
        to_act = sorted({seating.controller[s] for s in pending})
        deck = rnd.deck
        say = self._say
        self._public = {
            # Lists of seat numbers: `==` is exact here (no booleans or floats in them).
            "pending": pending if pending != before.get("pending") else before["pending"],
            "to_act": to_act if to_act != before.get("to_act") else before["to_act"],
            "players": self._players_now(rnd, before.get("players")),
            "trick": {
                "plays": [say(s, p) for s, p in rnd.trick],
                "closed": rnd.closed,
                "winner": rnd.top_seat,
            },
            "lead": rnd.phase == PLAY and rnd.turn is not None and rnd.leading(),
            "wish": deck.rank_name(rnd.wish) if rnd.wish is not None else None,
            "scores": self._scores_now(),
            "history": self._history_now(rnd),
        }

    def _players_now(self, rnd: Round, before: list | None) -> list:
        """Every player's public state; a player's dict as before while it is unchanged."""
        players = [player_doc(rnd, s) for s in range(rnd.seating.seats)]
        if before is not None and len(before) == len(players):
            players = [old if _same_plain(old, new) else new for old, new in zip(before, players)]
        return players

    def _say(self, seat: int | None, play: tuple) -> dict:
        """A play's description (with its seat, in a trick), the same object while it lasts."""
        deck = self.game.rules.deck
        if seat is None:
            return self._plays.get((None, play), lambda: describe(play, deck))
        return self._plays.get((seat, play), lambda: {"seat": seat, **describe(play, deck)})

    def _scores_now(self) -> dict:
        game = self.game
        rounds = game.rounds
        # Results only come with a round's end, and the totals only with a result.
        key = (len(rounds), rounds[-1].result is not None, game.over)
        if key != self._scores_key:
            self._scores_key = key
            self._scores = {"totals": list(game.totals), "rounds": results_doc(game)}
        return self._scores

    def _history_now(self, rnd: Round) -> list:
        last_round, length, history = self._history
        if last_round is not rnd or length != len(rnd.log):  # the log only grows
            history = list(rnd.log)
            self._history = (rnd, len(rnd.log), history)
        return history

    # -- per seat ----------------------------------------------------------------------

    def _build(self, seat: int | None) -> dict:
        game = self.game
        rnd = self._round
        seating = rnd.seating
        public = self._public
        mine = seat is not None
        geometry, controls = self._viewer(seat)
        view = {
            "ruleset": self._ruleset,
            "options": self._options,
            "seats": seating.seats,
            "geometry": geometry,
            "pending": public["pending"],
            "to_act": public["to_act"],
            "controls": controls,
            "table": table_doc(rnd, seat, game.over),
            "viewer": seat,
            "ranks": self._ranks,
            "round": len(game.rounds) - 1,
            "phase": rnd.phase,
            "game_over": game.over,
            "winner": game.winner,
            "players": public["players"],
            "hand": self._hand(rnd.hands[seat]) if sees_own_hand(rnd, seat) else None,
            "exchange": None,
            "trick": public["trick"],
            "last_trick": rnd.last_trick,
            "turn": rnd.turn,
            "lead": public["lead"],
            "gift_from": rnd.gift_from,
            "wish": public["wish"],
            "scores": public["scores"],
            "history": public["history"],
            "legal": self._legal(rnd, seat) if mine else None,
        }
        if mine:
            view["exchange"] = self._exchange(rnd, seat)
        return view

    def _legal(self, rnd: Round, seat: int) -> dict:
        """The seat's legal actions; the same dict as before while they stay the same (a
        waiting seat's, mostly), so neither describing nor diffing them again."""
        legal = rnd.legal(seat) if not self.game.over else None
        key = None if legal is None else (
            rnd.seating, legal.grand, legal.grand_call, legal.tichu, legal.exchange, tuple(legal.plays),
            legal.lead, legal.can_pass, tuple(legal.bombs), tuple(legal.gift), tuple(legal.dog_to))
        kept = self._legals.get(seat)
        if kept is None or kept[0] != key:
            kept = self._legals[seat] = (key, legal_doc(rnd, seat, legal, lambda p: self._say(None, p)))
        return kept[1]

    def _viewer(self, seat: int | None) -> tuple:
        per = self._per_viewer.get(seat)
        if per is None:
            seating = self._seating
            controls = list(seating.controls[seat]) if seat is not None else []
            per = self._per_viewer[seat] = (seating.as_dict(seat), controls)
        return per

    def _hand(self, mask: int) -> list:
        deck = self.game.rules.deck
        return self._hands.get(mask, lambda: deck.format_cards(mask).split())

    def _exchange(self, rnd: Round, seat: int) -> dict:
        key = (rnd, rnd.exchange[seat], rnd.received[seat])
        kept = self._exchanges.get(seat)
        if kept is None or any(a is not b for a, b in zip(kept[0], key)):
            kept = self._exchanges[seat] = (key, exchange_doc(rnd, seat))
        return kept[1]


def _same_plain(a: dict, b: dict) -> bool:
    """Two dicts of plain values equal as JSON: `==` and the same type for every value
    (`==` alone says 1 == True)."""
    return a == b and all(type(v) is type(b[k]) for k, v in a.items())
