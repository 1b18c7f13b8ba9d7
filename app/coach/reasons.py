"""The bot's own reasons for its suggestion, named as its view (not facts the coach proves).

A hint's reasons are of two kinds and say which they are: the facts (`facts.py`) are proved
over every deal of the unseen cards; these are what the bot itself weighed when it chose,
read from the same seat's view and the bot's own numbers after its decision:

- `partner_top`: it passes while its partner is winning the trick (Normal never overtakes
  a partner; the Hard bot's search did not find it worth doing);
- `overtakes`: it plays over its partner's winning trick where a reason people see at once
  applies (`app.bots.play_search.overtake_reason`): the play takes it out, it leaves one
  combination to lead, the hand has called, or the partner is out (the search's own gain,
  where it switched, is the `search` reason);
- `opponent_short`: an opponent with one or two cards left (what makes the bot bomb, fight
  for a trick and keep singles away from a last card);
- `keeps`: it leaves the Dragon or a bomb in the hand although it could play it now (it
  keeps its sure winners to take the lead back);
- `chance`: at a Grand Tichu or Tichu decision, its estimate of going out first (in whole
  percent) and what a call needs at this score (the decision's `CallEstimate`);
- `plan`: on a lead, how many plays its plan needs to go out with the hand;
- `search`: the Hard bot's search of a play: how many moves it played out on how many deals
  of the unseen cards, and whether it switched from its rules' move (with the gain in points
  per round where the ruleset counts points) or kept it (with what the best of the others
  scored over it, too little to switch).

Each item is true of the view or of the bot's computation as it ran; none claims anything
about the hidden cards. Grandseigneur has no partner, so `partner_top` never appears there.
"""

from __future__ import annotations

from app.bots.base import hand_views
from app.bots.decision import CallEstimate, Decision, PlaySearchTrace
from app.bots.hand import plan_hand
from app.bots.knowledge import Knowledge
from app.bots.play_search import overtake_reason

from .facts import who
from .position import position_of

#: An opponent with this many cards or fewer is named (the bots' urgency counts 1 and 2 most).
SHORT = 2


def bot_reasons(view: dict, action: dict, bot_name: str, decision: Decision) -> list[dict]:
    """What the bot `bot_name` weighed for `action` (its `decision`'s estimate and search) in
    the view's hand (or the hand it acts for)."""
    seat = action.get("seat", view.get("viewer"))
    hand_view = next((hv for hv in hand_views(view) if hv["viewer"] == seat), None)
    pos = position_of(view, seat)
    if hand_view is None or pos is None:
        return []
    asker = position_of(view) or pos  # the hand as the asking player names it (the Trichu Table)
    base = {"kind": "bot_reason", "bot": bot_name, "seat": who(asker, seat), "ruleset": view["ruleset"]}
    out = []
    weighed = decision.call
    if weighed is not None and seat == view.get("viewer"):
        if weighed.game is not None:
            # Weighed by the chance to win the game (Hard's `game_calls`), not by a threshold.
            out.append(dict(base, reason="game_chance", **_game_chance(weighed, action)))
        else:
            out.append(dict(base, reason="chance", **_chance(weighed, action)))
    act = action["act"]
    if hand_view.get("phase") != "play" or act not in ("play", "pass"):
        return out
    k = Knowledge(hand_view)
    if act == "pass" and k.top is not None and k.top_seat in k.partners:
        out.append(dict(base, reason="partner_top", partner=who(pos, k.top_seat)))
    played = k.deck.parse_mask(action["cards"]) if act == "play" else 0
    legal = hand_view["legal"]
    entries = legal["plays"] if legal["plays"] else legal["bombs"]
    playable = [k.deck.parse_mask(e["cards"]) for e in entries]
    bombs = {m for m, e in zip(playable, entries) if e["kind"] == "bomb"}
    if act == "play" and k.top is not None and k.top_seat in k.partners:
        why = overtake_reason(k, played, played in bombs)
        if why is not None:
            out.append(dict(base, reason="overtakes", partner=who(pos, k.top_seat), why=why))
    for o in k.opponents:
        if k.active(o) and 0 < k.counts[o] <= SHORT:
            out.append(dict(base, reason="opponent_short", opponent=who(pos, o), cards=k.counts[o]))
    dragon = k.hand & k.deck.dragon_mask
    if dragon and not played & dragon and any(m & dragon for m in playable):
        out.append(dict(base, reason="keeps", what="dragon"))
    if bombs and played not in bombs:
        out.append(dict(base, reason="keeps", what="bomb"))
    if act == "play" and k.leading:
        plan = plan_hand(k.hand, k.deck, k.rules.stairs_min_pairs)
        out.append(dict(base, reason="plan", plays=plan.count))
    search = _search_reason(decision.search)
    if search is not None:
        # Grandseigneur's play-outs score places (50 points each), not card points; near the
        # target (Hard's `game_weight`) they add the chance to win the game: not points either.
        points = view["ruleset"] != "grandseigneur" and not search.pop("for_game")
        out.append(dict(base, points=points, **search))
    return out


def _chance(weighed: CallEstimate, action: dict) -> dict:
    """The call the bot weighed: its estimate of going out first, in whole percent, and what a
    call needs now (the score and the others' calls move it)."""
    if weighed.call == "grand":
        calls = action["act"] == "grand" and bool(action.get("call"))
    else:
        calls = action["act"] == "tichu"
    return {"call": weighed.call, "chance": round(100 * weighed.chance),
            "needed": round(100 * weighed.needed), "calls": calls, "deals": weighed.deals,
            "partner_called": weighed.partner_called, "allowed": weighed.allowed,
            "before_exchange": weighed.before_exchange}


def _game_chance(weighed: CallEstimate, action: dict) -> dict:
    """A call weighed near the target by the chance to win the game (Hard's `game_calls`): the
    estimate of going out first, and of winning the game with the call and without, in percent
    (to a tenth where whole ones would look the same)."""
    out = _chance(weighed, action)
    del out["needed"]
    game = weighed.game
    with_call, without = 100 * game.with_call, 100 * game.without
    places = None if round(with_call) != round(without) else 1  # None: whole numbers
    out.update(with_call=round(with_call, places), without=round(without, places))
    return out


def _search_reason(found) -> dict | None:
    """The Hard bot's search of a play as it ran (a `PlaySearchTrace`), None where none ran:
    how many moves on how many deals (`set_aside`: how many of them it stopped playing out once
    they were clearly no better: its race), whether it switched from its rules' move (`chosen`)
    and by how much, or how much the best of the others scored over it (too little to switch:
    under its margin, or not sure on these deals)."""
    if not isinstance(found, PlaySearchTrace) or not found.worlds:
        return None  # (a search of the exchange, a gift or a bomb: not a play's)
    means, best, chosen = found.means, found.best, found.chosen
    out = {"reason": "search", "moves": len(means), "deals": found.worlds, "switched": chosen != 0,
           "gain": None, "others_gain": None, "set_aside": len(found.aside), "for_game": found.for_game}
    if chosen != 0:
        out["gain"] = round(means[chosen] - means[0], 1)
    elif best != 0 and means[best] > means[0]:
        out["others_gain"] = round(means[best] - means[0], 1)
    return out

__all__ = ["bot_reasons"]
