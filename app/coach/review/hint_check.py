"""What the hint would have said at a reviewed decision, so a review never silently contradicts it.

The hint is the Hard bot's decision (`app.coach.suggestion`), made as the table's hint makes it
(`HINT_OPTIONS`: bounded by deals, not time) on the deciding player's view. Both judge
with one evaluator (`app.bots.evaluation`: the same deals, play-out and score), so where the
review would flag the very choice the hint suggests, the two differ only by how many deals
each weighed: the review then looks deeper (`DEEPER_DEALS`) before it says so, and says that
it did (`HintNote`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from app.bots.hard import HardBot
from app.bots.knowledge import Knowledge
from app.bots.reads import NONE, Reads

from .candidates import Candidate, _legal_entry, _play_key
from .decisions import Decision

#: The hint's search, bounded by deals instead of the table's time (`app/web/table/hints.py`:
#: 100 ms a play, 150 ms a call, which reach about this many deals) so a review is reproducible.
HINT_OPTIONS = {"budget_ms": 10 ** 9, "call_budget_ms": 10 ** 9, "max_worlds": 100, "call_worlds": 100}
#: Deals a review weighs before it flags the hint's own choice.
DEEPER_DEALS = 2880


@dataclass(frozen=True)
class HintNote:
    """The hint at a flagged decision: which candidate it chose and on how many deals."""

    chose: str  # "done": what was done (the review looked deeper); "better": the flag's; "other"
    deals: int | None  # deals the hint's search weighed (None: it decided by rule)

    def as_dict(self) -> dict:
        return {"chose": self.chose, "deals": self.deals}


@dataclass(frozen=True)
class HintChoice:
    index: int | None  # the candidate the hint chose (None: none of them)
    deals: int | None


def hint_choice(decision: Decision, cands: list[Candidate], seed, reads: Reads = NONE) -> HintChoice | None:
    """The candidate the hint chooses at `decision`, or None where the hint is not compared
    (the exchange, a wish: it words them otherwise); its deals read what the review's read."""
    if decision.kind not in ("lead", "follow", "bomb", "gift", "tichu", "grand"):
        return None
    bot = HardBot(decision.player, rng=random.Random(f"hint:{seed}:{decision.index}:{decision.seat}"),
                  **HINT_OPTIONS, **reads.options())
    explained = bot.decide_explained(decision.player_view)
    action = explained.action
    if action is not None and action.get("seat", decision.seat) != decision.seat:
        return None  # (the Trichu dealer's bot answered for its other hand)
    if decision.kind in ("tichu", "grand"):  # a call: its own search's deals, or none (by rule)
        deals = explained.call.deals if explained.call is not None else None
    else:
        deals = explained.search.worlds if explained.search is not None else None
    for i, cand in enumerate(cands):
        if _same(decision, cand.choice, action):
            return HintChoice(i, deals)
    return HintChoice(None, deals)


def _same(decision: Decision, choice: dict, action: dict | None) -> bool:
    """Whether the hint's `action` is the candidate `choice` (plays alike but for suits are one)."""
    kind = decision.kind
    if kind in ("tichu", "grand"):
        called = action is not None and action.get("act") == kind and action.get("call", True)
        return bool(choice["call"]) == bool(called)
    if kind == "gift":
        return action is not None and action.get("act") == "gift" and action.get("to") == choice["to"]
    if action is None or action.get("act") not in ("play", "pass"):
        return choice["act"] == "wait" and action is None
    if action["act"] != choice["act"]:
        return False
    if action["act"] == "pass":
        return True
    k = Knowledge(decision.view)
    entries = decision.view["legal"]["plays"] + decision.view["legal"]["bombs"]
    mine, theirs = _legal_entry(entries, choice, k), _legal_entry(entries, action, k)
    if mine is None or theirs is None:
        return False
    return _play_key(mine[0], k.deck) == _play_key(theirs[0], k.deck)
