"""The alternatives worth comparing for one decision, the one taken first.

Each candidate is a `Candidate`: the choice as people read it (an action in the
record's form without "seat"; a call as {"act": "grand"|"tichu", "call": bool};
holding a bomb back as {"act": "wait"}) and the move the play-out makes of it.

- a play or pass in turn: what was done, then the plays the Hard bot searches
  (Normal's choice, the other combinations of its plan or, following, passing,
  each legal play by how little it costs the hand, the smallest bomb), up to a cap;
- a bomb out of turn: the bomb, waiting, and the smallest bomb;
- the Dragon's gift: each opponent it may go to;
- Grand Tichu and Tichu: calling and not calling;
- the exchange: what was done, the Normal bot's pass (as the hand stands, and as
  if it had called: then it keeps its strong cards), and the Greedy bot's (its
  lowest cards); none where the rules force the best cards;
- the wish (`wish_candidates`): the wish made, none, Normal's, the highest ranks
  the hand does not hold.

Plays that differ only in suits count once (as in the Hard bot's search).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.bots.config import HardConfig
from app.bots.geometry import exchange_action
from app.bots.greedy import GreedyBot
from app.bots.hand import play_signature
from app.bots.knowledge import Knowledge, play_tuple
from app.bots.normal import NormalBot, play_action
from app.bots.play_search import as_candidate, play_candidates
from app.bots.tricks import choose_wish
from app.engine.combos import BOMB, DOG, KIND, MASK, VALUE

from .decisions import Decision

#: The most candidates a decision is compared on, the one taken included.
MAX_CANDIDATES = 7


@dataclass(frozen=True)
class Candidate:
    choice: dict  # as people read it (see the module docstring)
    move: tuple  # for the play-out: ("turn", play or None, wish), ("bomb", play), ("wait",),
    # ("gift", seat), ("grand", bool), ("tichu", bool), ("exchange", {target: [cards]})


def candidates(decision: Decision, cap: int = MAX_CANDIDATES) -> list[Candidate]:
    """The candidates for `decision`, the one taken first; fewer than two: no choice to judge."""
    kind = decision.kind
    if kind in ("lead", "follow"):
        return _turn(decision, cap)
    if kind == "bomb":
        return _bomb(decision)
    if kind == "gift":
        return _gift(decision)
    if kind in ("grand", "tichu"):
        return _call(decision)
    if kind == "exchange":
        return _exchange(decision, cap)
    return []


def _play_key(play: tuple | None, deck) -> tuple | None:
    """Plays that differ only in suits are one candidate; a bomb is itself."""
    if play is None:
        return None
    if play[KIND] == BOMB:
        return ("bomb", play[MASK])
    return (play[KIND], play[VALUE], play_signature(play[MASK], play[4], deck))


def _legal_entry(entries: list[dict], done: dict, k: Knowledge) -> tuple | None:
    """The (play, entry) of the legal list the engine read `done` as: same cards, the Phoenix's
    rank where it was given, else the higher reading."""
    deck = k.deck
    mask = deck.parse_mask(done["cards"])
    phoenix = done.get("phoenix")
    found = [(play_tuple(e, deck), e) for e in entries if deck.parse_mask(e["cards"]) == mask]
    if phoenix is not None:
        rank = deck.parse_rank(phoenix)
        found = [pe for pe in found if pe[0][4] == rank]
    if not found:
        return None
    return max(found, key=lambda pe: pe[0][VALUE])


def _move(play: tuple | None, wish: str | None, deck) -> tuple:
    if play is None:
        return ("turn", None, None)
    return ("turn", play[:4], deck.parse_rank(wish) if wish is not None else None)


def _turn(decision: Decision, cap: int) -> list[Candidate]:
    view = decision.view
    k = Knowledge(view)
    legal = view["legal"]
    deck = k.deck
    done = decision.done
    if done["act"] == "pass":
        taken = None
    else:
        taken = _legal_entry(legal["plays"], done, k)
        if taken is None:
            return []
    out = [Candidate(done, _move(taken[0] if taken else None, done.get("wish"), deck))]
    seen = {_play_key(taken[0] if taken else None, deck)}
    normal = NormalBot(decision.seat).choose_play(k, legal)
    searched = play_candidates(k, legal, as_candidate(normal), HardConfig(max_candidates=cap))
    # Normal's choice first, then what people typically get wrong, then the rest of the search's.
    choices = searched[:1] + typical_plays(k, legal) + searched[1:]
    for c in choices:
        if len(out) >= cap:
            break
        if c is None and not legal["pass"]:
            continue  # passing is no option on a lead
        key = _play_key(c.play if c else None, deck)
        if key in seen:
            continue
        seen.add(key)
        if c is None:
            out.append(Candidate({"act": "pass"}, ("turn", None, None)))
        else:
            action = play_action(k, c.play, c.entry)
            out.append(Candidate(action, _move(c.play, action.get("wish"), deck)))
    return out


def typical_plays(k: Knowledge, legal: dict) -> list:
    """The plays people most often miss, as search candidates: going out at once, the Dog to
    a partner, and following, passing and the cheapest ordinary play (no bomb, Dragon nor
    Phoenix) that takes the trick."""
    deck = k.deck
    plays = [(play_tuple(e, deck), e) for e in legal["plays"]]
    out = [as_candidate(pe) for pe in plays if pe[0][MASK] == k.hand][:1]
    out += [as_candidate(pe) for pe in plays if pe[0][KIND] == DOG][:1]
    if not legal["lead"]:
        if legal["pass"]:
            out.append(None)
        special = deck.dragon_mask | deck.phoenix_mask
        cheap = [pe for pe in plays if pe[0][KIND] not in (BOMB, DOG) and not pe[0][MASK] & special]
        if cheap:
            out.append(as_candidate(min(cheap, key=lambda pe: (pe[0][1], pe[0][VALUE]))))
    return out


def _bomb(decision: Decision) -> list[Candidate]:
    view = decision.view
    k = Knowledge(view)
    deck = k.deck
    taken = _legal_entry(view["legal"]["bombs"], decision.done, k)
    if taken is None:
        return []
    out = [Candidate(decision.done, ("bomb", taken[0][:4])), Candidate({"act": "wait"}, ("wait",))]
    bombs = [(play_tuple(e, deck), e) for e in view["legal"]["bombs"]]
    smallest = min(bombs, key=lambda pe: pe[0][VALUE])
    if _play_key(smallest[0], deck) != _play_key(taken[0], deck):
        out.append(Candidate(play_action(k, *smallest), ("bomb", smallest[0][:4])))
    return out


def _gift(decision: Decision) -> list[Candidate]:
    done = decision.done
    out = [Candidate(done, ("gift", done["to"]))]
    for to in decision.view["legal"]["gift"]:
        if to != done["to"]:
            out.append(Candidate({"act": "gift", "to": to}, ("gift", to)))
    return out


def _call(decision: Decision) -> list[Candidate]:
    act = decision.kind
    called = bool(decision.done["call"])
    legal = decision.view["legal"]
    out = [Candidate({"act": act, "call": called}, (act, called))]
    # The other way: not calling is always open; calling only where the rules let it be made,
    # and never beside a partner who called (the bots never do: the hint would not suggest it,
    # and the play-out, knowing every hand, makes a second caller go out first far too often).
    view = decision.view
    partner_called = any(view["players"][p]["tichu"] or view["players"][p]["grand"]
                         for p in view["geometry"]["partners"][decision.seat])
    if called or ((legal["grand_call"] if act == "grand" else legal["tichu"]) and not partner_called):
        out.append(Candidate({"act": act, "call": not called}, (act, not called)))
    return out


def _exchange(decision: Decision, cap: int) -> list[Candidate]:
    view = decision.view
    if decision.seat in view["geometry"]["forced_best"]:
        return []  # the rules say which cards: there is no choice to judge
    k = Knowledge(view)
    deck = k.deck
    normal = NormalBot(decision.seat)
    calling = bool(k.calls[k.seat])
    choices = [decision.done,
               exchange_action(deck, normal.exchange_cards(k, calling)),
               exchange_action(deck, normal.exchange_cards(k, True)),
               GreedyBot(decision.seat).decide_hand(view)]
    out, seen = [], set()
    for action in choices:
        give = {int(t): deck.parse_cards(cards) for t, cards in action["give"].items()}
        key = frozenset((t, c) for t, cs in give.items() for c in cs)
        if key in seen:
            continue
        seen.add(key)
        out.append(Candidate({"act": "exchange", "give": dict(action["give"])}, ("exchange", give)))
    return out[:cap]


def wish_candidates(decision: Decision, cap: int = 4) -> list[Candidate]:
    """For a play of the Mah Jong: the same play with the wish made, with none, with Normal's
    wish and with the highest ranks the hand does not keep."""
    view = decision.view
    k = Knowledge(view)
    deck = k.deck
    done = decision.done
    taken = _legal_entry(view["legal"]["plays"], done, k)
    if taken is None or not taken[0][MASK] & deck.mahjong_mask:
        return []
    left = k.hand & ~taken[0][MASK]
    kept = {deck.rank_of[c] for c in range(deck.size) if left >> c & 1 and deck.role_of[c] == "normal"}
    wishes = [done.get("wish"), None]
    normal = choose_wish(k, taken[0][MASK])
    wishes.append(deck.rank_name(normal) if normal is not None else None)
    wishes += [deck.rank_name(r) for r in range(deck.high, deck.low - 1, -1) if r not in kept]
    out, seen = [], set()
    for wish in wishes:
        if wish in seen:
            continue
        seen.add(wish)
        action = {k_: v for k_, v in done.items() if k_ != "wish"}
        action["wish"] = wish  # null: no wish
        out.append(Candidate(action, _move(taken[0], wish, deck)))
        if len(out) >= cap:
            break
    return out
