"""The mistakes `planted_mistakes.py` plants: where each kind applies, and what it does instead.

Each kind looks at one seat's view and at what the Normal bot would do there, and says
whether a mistake of that kind can be made now (`Plant`): the better action (`good`: the
Normal bot's, or the play the kind is about) and the mistake (`bad`). `None` for an action
means "nothing": the seat does not act then (a Tichu not called).

The kinds (people's typical mistakes):

- `tichu_weak`: Tichu called on a weak hand (the Normal bot's chance to go out first below
  `WEAK_CHANCE`), at the hand's first turn of the play;
- `tichu_missed`: a Tichu the Normal bot calls, not called (then never called);
- `exit_missed`: a play that empties the hand, not made (passing, or the lowest other play);
- `points_passed`: passing where a cheap card (no Dragon, Phoenix nor bomb) takes an
  opponent's trick worth at least `POINTS` points;
- `bomb_broken`: a card of a bomb played in an ordinary combination;
- `partner_overtaken`: the partner's trick beaten with the lowest ordinary play;
- `dog_kept`: the Dog not led to a partner in need (a caller, or `NEEDY_CARDS` cards or fewer);
- `dragon_wasted`: the Dragon thrown on a single without points, or its trick given to the
  other opponent than the Normal bot would.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.bots.hand import split_bombs
from app.bots.knowledge import Knowledge, play_tuple
from app.bots.normal import NormalBot, play_action
from app.engine.combos import BOMB, DOG, KIND, LENGTH, MASK, VALUE
from app.engine.scoring import card_points

KINDS = ("tichu_weak", "tichu_missed", "exit_missed", "points_passed", "bomb_broken",
         "partner_overtaken", "dog_kept", "dragon_wasted")

#: A hand is weak for a Tichu when the Normal bot's chance to go out first is below this.
WEAK_CHANCE = 0.35
#: A trick worth at least this many card points is worth taking.
POINTS = 10
#: A partner with this many cards or fewer is in need of the lead.
NEEDY_CARDS = 4
#: The Normal bot never calls Tichu with these thresholds (a `tichu_missed` seat's options).
NEVER_CALL = {"tichu_chance": 9.0, "tichu_chance_exchange": 9.0}


@dataclass(frozen=True)
class Plant:
    kind: str
    good: dict | None  # the better action (None: nothing)
    bad: dict | None  # the mistake (None: nothing)


def find(kind: str, view: dict, normal: dict | None) -> Plant | None:
    """The mistake of `kind` the seat of `view` could make now (`normal`: what the Normal bot
    does), or None where it does not apply."""
    legal = view.get("legal")
    if not legal or view.get("game_over"):
        return None
    if kind == "tichu_missed":
        return Plant(kind, normal, None) if normal == {"act": "tichu"} else None
    if kind == "tichu_weak":
        return _tichu_weak(view, legal, normal)
    if kind == "dragon_wasted" and legal["gift"]:
        return _gift_wasted(view, legal, normal)
    in_turn = bool(legal["plays"]) and view["turn"] == view["viewer"] and normal is not None \
        and normal.get("act") in ("play", "pass")
    if not in_turn:
        return None
    k = Knowledge(view)
    plays = [(play_tuple(e, k.deck), e) for e in legal["plays"]]
    return _TURN_KINDS[kind](k, legal, plays, normal)


def _tichu_weak(view: dict, legal: dict, normal: dict | None) -> Plant | None:
    if not legal["tichu"] or view["phase"] != "play" or view["turn"] != view["viewer"] or not legal["plays"]:
        return None
    if normal == {"act": "tichu"}:
        return None
    k = Knowledge(view)
    if NormalBot(k.seat, tichu_chance=WEAK_CHANCE).wants_tichu(k):
        return None  # not weak enough to be a clear mistake
    return Plant("tichu_weak", None, {"act": "tichu"})


def _gift_wasted(view: dict, legal: dict, normal: dict | None) -> Plant | None:
    others = [s for s in legal["gift"] if normal is None or s != normal.get("to")]
    if normal is None or not others:
        return None
    counts = [p["cards"] for p in view["players"]]
    worst = min(others, key=lambda s: counts[s])  # the one likeliest to use it: fewest cards
    return Plant("dragon_wasted", normal, {"act": "gift", "to": worst})


def _mask_of(k: Knowledge, action: dict) -> int:
    return k.deck.parse_mask(action["cards"]) if action.get("act") == "play" else 0


def _ordinary(plays: list) -> list:
    return [(p, e) for p, e in plays if p[KIND] not in (BOMB, DOG)]


def _lowest(plays: list) -> tuple | None:
    return min(plays, key=lambda pe: (pe[0][LENGTH], pe[0][VALUE]), default=None)


def _exit_missed(k, legal, plays, normal) -> Plant | None:
    out = [(p, e) for p, e in plays if p[MASK] == k.hand]
    if not out:
        return None
    good = play_action(k, *out[0])
    if _mask_of(k, normal) != k.hand:
        return Plant("exit_missed", good, normal)
    if legal["pass"]:
        return Plant("exit_missed", good, {"act": "pass"})
    rest = [(p, e) for p, e in _ordinary(plays) if p[MASK] != k.hand]
    low = _lowest(rest)
    return Plant("exit_missed", good, play_action(k, *low)) if low else None


def _points_passed(k, legal, plays, normal) -> Plant | None:
    if legal["lead"] or not legal["pass"] or k.top_seat not in k.opponents:
        return None
    if card_points(k.deck, k.trick_mask) < POINTS:
        return None
    special = k.deck.dragon_mask | k.deck.phoenix_mask
    cheap = [(p, e) for p, e in _ordinary(plays) if not p[MASK] & special]
    low = _lowest(cheap)
    if low is None:
        return None
    return Plant("points_passed", play_action(k, *low), {"act": "pass"})


def _bomb_broken(k, legal, plays, normal) -> Plant | None:
    bombs, _ = split_bombs(k.hand, k.deck)
    bomb_cards = 0
    for b in bombs:
        bomb_cards |= b[MASK]
    if not bomb_cards or _mask_of(k, normal) & bomb_cards and normal_is_ordinary(k, normal, plays):
        return None
    breaking = [(p, e) for p, e in _ordinary(plays) if p[MASK] & bomb_cards]
    low = _lowest(breaking)
    return Plant("bomb_broken", normal, play_action(k, *low)) if low else None


def normal_is_ordinary(k: Knowledge, normal: dict, plays: list) -> bool:
    """Whether the Normal bot's own play is an ordinary one (then it broke the bomb itself)."""
    mask = _mask_of(k, normal)
    return any(p[MASK] == mask and p[KIND] != BOMB for p, _ in plays)


def _partner_overtaken(k, legal, plays, normal) -> Plant | None:
    if legal["lead"] or k.top_seat not in k.partners or normal.get("act") != "pass":
        return None
    low = _lowest(_ordinary(plays))
    return Plant("partner_overtaken", normal, play_action(k, *low)) if low else None


def _dog_kept(k, legal, plays, normal) -> Plant | None:
    if not legal["lead"]:
        return None
    dog = [(p, e) for p, e in plays if p[KIND] == DOG]
    if not dog:
        return None
    needy = [p for p in k.partners if k.counts[p] and (k.calls[p] or k.counts[p] <= NEEDY_CARDS)]
    if not needy:
        return None
    good = play_action(k, *dog[0])
    if _mask_of(k, normal) & k.deck.dog_mask:
        low = _lowest([(p, e) for p, e in plays if p[KIND] != DOG])
        return Plant("dog_kept", good, play_action(k, *low)) if low else None
    return Plant("dog_kept", good, normal)


def _dragon_thrown(k, legal, plays, normal) -> Plant | None:
    if legal["lead"] or k.top is None or k.top[KIND] != 0 or card_points(k.deck, k.trick_mask):
        return None  # only a single without points (kind 0: SINGLE)
    dragon = [(p, e) for p, e in plays if p[MASK] == k.deck.dragon_mask]
    if not dragon or _mask_of(k, normal) & k.deck.dragon_mask:
        return None
    return Plant("dragon_wasted", normal, play_action(k, *dragon[0]))


_TURN_KINDS = {
    "tichu_weak": lambda *a: None, "tichu_missed": lambda *a: None,
    "exit_missed": _exit_missed, "points_passed": _points_passed, "bomb_broken": _bomb_broken,
    "partner_overtaken": _partner_overtaken, "dog_kept": _dog_kept, "dragon_wasted": _dragon_thrown,
}
