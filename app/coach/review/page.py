"""A round's review for people to try: each flagged decision with the position as its seat
saw it, and which choices count as finding a better play.

`review_for_page(record, seat, round_index, ...)` is what the web page shows ("find a better play"):

    {"seat", "round", "unit", "decisions", "settings": {...},
     "flags": [{**Flag.as_dict(), "position": {...}, "accept": [choice, ...],
                "options": [choice, ...]}, ...]}

- `position`: the deciding hand's view just before the decision (`Decision.view`, the
  engine's `view_for` of the player, the hand's part of it), cut to what the page draws:
  `POSITION` fields only. It is the seat's own view, so it holds no card the seat could not
  see; the other hands' cards are only counted.
- `accept`: every alternative that itself meets the review's criterion against what was
  done (the flagged `better` first): any of them counts as found. A play stands for every
  play that differs from it only in suits (as in the review's candidates), listed under
  `same` (the cards of each, as the engine's legal list writes them).
- `options`: the choices the page offers where a choice is not made by selecting cards
  (the exchange: the candidates compared; the others are the view's legal choices).

Pure, deterministic for a seed, JSON values only: the worker (`worker.py`) computes it in
another process and the web layer keeps it.
"""

from __future__ import annotations

from app.bots.knowledge import Knowledge, play_tuple

from .candidates import MAX_CANDIDATES, _legal_entry, _play_key
from .decisions import RoundReplay, read_record, seat_decisions
from .review import DEALS, GAIN, SHARE, _with_wishes, examine_round
from .rollout import PLACE_POINTS
from .verdict import FLOOR, Settings, meets

#: The view's fields a flagged position shows (the rest, the history and the scores, are
#: not needed to decide and are left out).
POSITION = ("ruleset", "seats", "geometry", "viewer", "table", "ranks", "round", "phase", "players", "hand",
            "exchange", "trick", "turn", "lead", "gift_from", "wish", "legal")

#: Raised when the review's output changes: kept results of another version are not reused.
#: (2, briefly: plays over the partner's winning trick compared only with an `overtake_reason`;
#: 3: every such play again, as the Hard bot searches them; 4: the verdict on the mean gain and
#: its confidence bound, more deals where in doubt, a Tichu not called before the exchange, the
#: hint asked before a flag; 5: up to 1,440 deals where in doubt, 2,880 before a flag the hint
#: disagrees with, and a Tichu not called judged also just before the partner's call; 6: up to
#: 2,880 deals where in doubt; 7: a Tichu not called judged also when the play begins, and
#: flagged once per hand.)
VERSION = 7


def shown_position(view: dict) -> dict:
    """What the page shows of a hand's view (`POSITION`): a projection, nothing added."""
    return {k: view[k] for k in POSITION if k in view}


def review_for_page(record, seat: int, round_index: int, deals: int = DEALS, share: float = SHARE,
           gain: float = GAIN, seed=0, max_candidates: int = MAX_CANDIDATES) -> dict:
    """The review of `seat` in round `round_index`, with each flag's position and the choices
    that count as found. Raises `ReviewRefused` as `review_round` does."""
    rec = record if isinstance(record, RoundReplay) else read_record(record)
    review = examine_round(rec, seat, round_index, deals, share, gain, seed, max_candidates)
    decisions = {(d.index, d.seat, d.kind): d for d in _with_wishes(seat_decisions(rec, seat, round_index))}
    flags = []
    for compared in review.compared:
        flag = compared.flag
        if flag is None:
            continue
        decision = decisions[(compared.index, compared.seat, compared.kind)]
        scale = PLACE_POINTS if flag.unit == "places" else 1
        criterion = Settings(gain / scale, floor=FLOOR / scale, share=share)
        passing = [(choice, cmp) for choice, cmp in compared.alternatives if meets(cmp, criterion)]
        passing.sort(key=lambda cc: (cc[0] != flag.better, -cc[1].gain))
        view = decision.view
        accept = [_with_same(choice, view) for choice, _ in passing]
        options = [compared.done] + [choice for choice, _ in compared.alternatives] \
            if flag.kind == "exchange" else []
        flags.append({**flag.as_dict(), "position": shown_position(view), "accept": accept,
                      "options": options})
    return {
        "seat": seat,
        "round": round_index,
        "unit": "places" if any(f["unit"] == "places" for f in flags) else "points",
        "decisions": review.decisions,
        "kinds": review.kinds,
        "settings": {"deals": deals, "share": share, "gain": gain, "seed": seed},
        "flags": flags,
    }


def _with_same(choice: dict, view: dict) -> dict:
    """A play with the cards of every legal play that differs from it only in suits."""
    if choice.get("act") != "play":
        return dict(choice)
    k = Knowledge(view)
    legal = view["legal"]
    entries = legal["plays"] + [b for b in legal["bombs"] if b not in legal["plays"]]
    taken = _legal_entry(entries, choice, k)
    if taken is None:
        return {**choice, "same": [choice["cards"]]}
    key = _play_key(taken[0], k.deck)
    same = []
    for entry in entries:
        if _play_key(play_tuple(entry, k.deck), k.deck) == key and entry["cards"] not in same:
            same.append(entry["cards"])
    return {**choice, "same": same}
