"""Every action counts once, on the state its player saw.

An `act` carries the table version its player decided on and an id. The
action is refused as `stale` when its basis changed after that version, and
a retry with the same id gets the first answer again instead of acting twice.

What an action's basis is (what "changed in a way that matters" means):

- `grand`, `exchange`: the round's phase. Other seats' calls and exchanges do
  not make them stale; the phase ending (or a new round) does.
- `tichu`: the round. A call stays meant while the round runs; the engine
  refuses it once the seat has played a card.
- `play`, `pass`, `gift` (bombs out of turn included): the trick, i.e. every
  play, pass and gift of the round so far. A play meant for one trick never
  lands on the next, a pass never answers a play its player did not see;
  calls, chat and people coming and going do not matter.

`Basis` keeps, for each of the three, a key of the current state and the
table version at which that key last changed: an action decided at version v
is stale when its key changed after v. Constant memory, and saved with the
table, so it holds across a restart.
"""

from __future__ import annotations

from collections import OrderedDict

KINDS = {"grand": "phase", "exchange": "phase", "tichu": "round", "play": "trick", "pass": "trick",
         "gift": "trick"}
MOVES = ("play", "pass", "gift")  # the log entries that move a trick on
REMEMBER = 16  # answers kept per seat: a retry concerns one of a seat's last few actions


def must_act(view: dict | None) -> bool:
    """Whether the game waits for the view's player: for its own seat or one it acts for (the
    Trichu dealer for the Table). From the engine's `to_act`, never from `legal`'s keys."""
    return view is not None and view["viewer"] is not None and view["viewer"] in view["to_act"]


def may_act(view: dict | None) -> bool:
    """Whether the view's player may do anything now: a pending decision, a call or a bomb (for
    its own seat or for the Table it plays)."""
    if view is None or view["legal"] is None:
        return False
    if must_act(view):
        return True
    table = view["table"]
    return any(legal["tichu"] or legal["bombs"] for legal in
               (view["legal"], table["legal"] if table and table["legal"] else None) if legal)


def keys_of(game, game_no: int, moves: int) -> dict[str, str]:
    """The current round, phase and trick as short keys (`moves`: plays, passes and gifts of
    the round so far)."""
    if game is None:
        return {"round": str(game_no), "phase": str(game_no), "trick": str(game_no)}
    round_key = f"{game_no}.{len(game.rounds)}"
    phase_key = f"{round_key}.{game.round.phase}"
    return {"round": round_key, "phase": phase_key, "trick": f"{phase_key}.{moves}"}


class Basis:
    """For the round, the phase and the trick: the current key and the version it dates from."""

    __slots__ = ("keys", "since", "_log", "_seen", "_moves")

    def __init__(self, keys: dict | None = None, since: dict | None = None, version: int = 0):
        self.keys = dict(keys) if keys else None
        # Unknown dates (a table saved before bases were kept) are taken as the latest
        # version: an action decided before it is stale, never wrongly applied.
        self.since = dict(since) if since else {kind: version for kind in ("round", "phase", "trick")}
        self._log, self._seen, self._moves = None, 0, 0  # the round's log as far as counted

    def _count_moves(self, game) -> int:
        """Plays, passes and gifts of the current round, counting only the log's new entries."""
        log = game.round.log
        if log is not self._log:
            self._log, self._seen, self._moves = log, 0, 0
        self._moves += sum(1 for e in log[self._seen:] if e.get("act") in MOVES)
        self._seen = len(log)
        return self._moves

    def update(self, game, game_no: int, version: int) -> None:
        keys = keys_of(game, game_no, self._count_moves(game) if game is not None else 0)
        if self.keys is not None:
            for kind, key in keys.items():
                if self.keys.get(kind) != key:
                    self.since[kind] = version
        self.keys = keys

    def stale(self, action: dict, version: int) -> bool:
        kind = KINDS.get(action.get("act"))
        return kind is not None and self.since[kind] > version

    def key_for(self, act: str) -> str | None:
        return self.keys[KINDS[act]] if self.keys else None

    def dump(self) -> dict:
        """Copies: a stored document must not change with the live basis."""
        return {"keys": dict(self.keys) if self.keys else None, "since": dict(self.since)}


class Answers:
    """The last answers to each seat's actions, by action id: a retry is answered from here."""

    def __init__(self, seats: int, saved: list | None = None):
        self.by_seat: list[OrderedDict] = [OrderedDict() for _ in range(seats)]
        for seat, pairs in enumerate(saved or []):
            if seat < seats:
                self.by_seat[seat].update((i, a) for i, a in pairs)

    def get(self, seat: int, action_id: str) -> dict | None:
        return self.by_seat[seat].get(action_id)

    def remember(self, seat: int, action_id: str, answer: dict) -> None:
        memory = self.by_seat[seat]
        memory[action_id] = answer
        while len(memory) > REMEMBER:
            memory.popitem(last=False)

    def drop(self, seat: int, action_id: str) -> None:
        self.by_seat[seat].pop(action_id, None)

    def forget(self, seat: int) -> None:
        self.by_seat[seat].clear()

    def dump(self) -> list:
        return [list(memory.items()) for memory in self.by_seat]
