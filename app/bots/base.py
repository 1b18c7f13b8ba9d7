"""The bot interface: a computer player sees exactly what its seat may know.

This is the stable contract between the tables (the web server, the arena,
tests) and every bot, ours or yours.

Construction
    `Bot(seat, rng=None, **config)`: `seat` is the seat it plays (any seat of
    the ruleset; teams and partners come from the view's `geometry`, never
    from the seat number); `rng` a `random.Random` to draw from, so a seeded
    table replays; `config` the bot's own options (strings or numbers; the
    arena passes `--a-opt name=value`). A bot may be created at any moment of
    a game, for instance when a player leaves, so it must not need to have
    seen the game from its start.

Deciding
    `decide(view) -> dict | None` is called after every change of the table,
    for every bot seat, whether or not the seat has anything to do. `view` is
    `app.engine.view_for(game, seat)`: the seat's own hand, its own exchange
    cards, the public state (card counts, calls, places, the trick, the last
    trick, the wish, scores, the round's public history) and `legal`, the
    seat's legal actions right now. Nothing else: a bot never sees the game
    object or another hand than those its seat may see (its own, and the
    Trichu Table's where the rules show it), so it cannot cheat by
    construction.

    The answer is one action in the record's form (RECORD_FORMAT.md), or None
    to do nothing now. `seat` may be left out (the caller fills it in). The
    kinds of decision, by what `legal` offers:

    - `legal.grand`: the Grand Tichu decision, `{"act": "grand", "call": bool}`
      (`legal.grand_call` says whether calling is allowed);
    - `legal.tichu`: may call Tichu now, `{"act": "tichu"}` (or anything else);
    - `legal.exchange`: one card for each seat in `legal.exchange_to`,
      `{"act": "exchange", "give": {"1": "R5", "2": "SA", "3": "G2"}}`;
    - `legal.plays` (its regular turn; `legal.lead` when leading) and
      `legal.pass`: `{"act": "play", "cards": "...", "wish": rank?,
      "phoenix": rank?}` or `{"act": "pass"}`; copy `cards` and `phoenix`
      from a `legal.plays` entry (an entry's `phoenix` is the rank the Phoenix
      stands for); a play holding the Mah Jong may carry a `wish` (a rank);
    - `legal.bombs`: bombs it may throw out of turn (also while a Dragon trick
      waits for its gift): a play of one of them, or None to wait;
    - `legal.gift`: the opponents it may give a won Dragon trick to,
      `{"act": "gift", "to": seat}`.

    Controlled seats (the Trichu Table): a bot at seat s is given
    `view_for(game, s)`. When `view["to_act"]` contains s because a seat it
    controls (listed in `view["controls"]`) is pending, `decide(view)` answers
    an action for that seat with `"seat": <that seat>` set; an action without
    "seat" is for s itself. The controlled seat's hand, legal actions and
    exchange are under `view["table"]` (`hand`, `legal`, `exchange`). The
    caller applies the answer with `game.apply(action, by=s)`, so a bot can
    act only for the seats it controls. `hand_views(view)` below gives one
    view per hand the seat plays; the built-in levels decide on each in turn
    (the Trichu dealer's bot thus plays both its hands, seeing both).

    `decide_explained(view) -> Decision` (`decision.py`) answers the same
    action with what the bot weighed for it (a call's estimate, a search's
    trace), for the coach; a bot that says nothing of it need not define it.

    Rules of conduct: answer from the legal lists (anything else is refused
    and the table's fallback, the greedy bot, moves instead); return None
    quickly when there is nothing to do; never return None when the game
    waits for the seat (grand, exchange, gift, its turn). Take at most a few
    hundred milliseconds: tables call bots from worker threads but people
    are waiting. A bot may keep memory between calls (caches, what it
    noticed), but legality must never depend on it.

Loading
    `app.bots.load_bot("normal")` gives a built-in level (`app.bots.LEVELS`),
    `app.bots.load_bot("package.module:Class")` any `Bot` subclass by import
    path; `python -m app.bots arena --a package.module:Class --b hard` pits it
    against ours. docs/bots.md has a complete small example.
"""

from __future__ import annotations

import random

from .config import parse_options
from .decision import Decision


def hand_views(view: dict) -> list[dict]:
    """One view per hand the viewer plays now, its own first, then each seat it controls.

    A controlled seat's view is the viewer's with that seat's hand, legal actions
    and exchange put in place of the viewer's (`viewer` is that seat, `geometry`'s
    `relative` counted from it). Every such view also lists, under `seen_hands`,
    the other hands its player sees ({seat: cards}): the Table's for its dealer,
    the dealer's for the Table. Nothing is added that the viewer may not know.
    """
    if view.get("viewer") is None:
        return []
    seat = view["viewer"]
    table = view.get("table")
    own = view
    out = [own]
    if not table or table["seat"] == seat:
        return out
    if table["hand"] is not None:
        own = dict(view, seen_hands={table["seat"]: table["hand"]})
        out = [own]
    if table["legal"] is None or table["seat"] not in (view.get("controls") or ()):
        return out
    controlled = table["seat"]
    geometry = dict(view["geometry"])
    geometry["relative"] = _relative(geometry, controlled)
    sub = dict(view, viewer=controlled, hand=table["hand"], legal=table["legal"],
               exchange=table["exchange"], geometry=geometry,
               seen_hands={seat: view["hand"]} if view["hand"] is not None else {})
    out.append(sub)
    return out


def _relative(geometry: dict, viewer: int) -> list[int]:
    """Per seat, how many steps after `viewer` it plays (play order from `geometry["next"]`)."""
    nxt = geometry["next"]
    out = [0] * len(nxt)
    s, k = nxt[viewer], 1
    while s != viewer and k < len(nxt):
        out[s] = k
        s, k = nxt[s], k + 1
    return out


def act_for_hands(view: dict, decide_hand) -> dict | None:
    """Ask `decide_hand(hand_view)` for each hand the viewer plays (`hand_views`); the first
    answer wins, marked with the seat it is for when that is a controlled seat."""
    for hand_view in hand_views(view):
        action = decide_hand(hand_view)
        if action is None:
            continue
        if hand_view["viewer"] != view["viewer"]:
            action = dict(action, seat=hand_view["viewer"])
        return action
    return None


class Bot:
    """Base class. Subclasses implement `decide`."""

    #: A short name for tables and reports.
    name = "bot"
    #: The level's options, a frozen dataclass (`config.py`): given options are converted to its
    #: fields' types and an unknown one is refused. None: `config` is the options as given.
    Config: type | None = None

    def __init__(self, seat: int, rng: random.Random | None = None, **options):
        self.seat = seat
        self.rng = rng or random.Random()
        self.config = parse_options(self.Config, options) if self.Config is not None else options

    def decide(self, view: dict) -> dict | None:
        """One action for this seat given its view, or None to do nothing now."""
        raise NotImplementedError

    def decide_explained(self, view: dict) -> Decision:
        """`decide`'s action with what the bot weighed for it (`decision.py`): the estimate of a
        call, the trace of a search. A bot that says nothing of it gives the action alone."""
        return Decision(self.decide(view))

    def new_game(self) -> None:
        """Optional hook: a new game starts at the same seat; forget what you tracked."""
