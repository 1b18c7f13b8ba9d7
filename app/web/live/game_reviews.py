"""A whole game's review for the replay viewer: its rounds' reviews made by the pool one after
another, then the game's costliest decisions first (`app.coach.review.game.game_page`).

A whole game takes its rounds times a round's review, more than a request should wait, so the
page asks again until it is there, and each ask (`ask`) moves it on:

- the rounds already kept are read (each is the very review "Review this round" asks for, under
  its key: a round reviewed before is not made again, and a round made here opens at once later);
- the first round neither kept nor being made is started in the pool (`reviews.Reviews`), one at
  a time: a game never fills the pool's queue, other people's reviews go in between its rounds,
  and a page that stops asking stops the work after the round at hand;
- it waits up to `seconds` for that round (and the next ones), then answers how far it got.

Once every round is kept, the whole game is made of them here (a ranking, no review) and kept
itself. Every round is asked with `finished=True`: the worker reviews it only if the record's
game is over, as "Review this round" in the replay viewer does, for any seat of the record (a
review of a running game would tell its players about each other's hands). Its refusals are the
pool's: `bad_review` (a seat not in the record...), `game_not_over`, `bad_record`, `busy`.
"""

from __future__ import annotations

import json
import time

from app.coach.review.game import game_page

from .reviews import Reviews, review_key

GAME = "game"  # the kept whole game's `round` in its key


def rounds_of(record) -> int:
    """The rounds to review: every round of a finished game's record (the worker checks that the
    game is over, and refuses otherwise). At least one is asked, so a record without rounds gets
    the worker's refusal too."""
    rounds = record.get("rounds") if isinstance(record, dict) else None
    return max(1, len(rounds)) if isinstance(rounds, list) else 1


def ask(reviews: Reviews, record, seat: int, seconds: float) -> tuple[str | None, dict]:
    """(the whole game's review as JSON text, or None while it is being made; the progress
    {"done": rounds kept, "total": rounds}). Raises `Refused`."""
    total = rounds_of(record)
    key = review_key(record, seat, GAME, reviews.settings, finished=True)
    kept = reviews.shelf.get_text(key)
    if kept is not None:
        return kept, {"done": total, "total": total}
    until = time.monotonic() + seconds
    texts = []
    for round_index in range(total):
        left = max(0.0, until - time.monotonic())
        text = reviews.review_text_within(record, seat, round_index, left, finished=True)
        if text is None:
            return None, {"done": round_index, "total": total}
        texts.append(text)
    made = json.dumps(game_page(seat, [json.loads(t) for t in texts]), separators=(",", ":"))
    reviews.shelf.put_text(key, made)
    return made, {"done": total, "total": total}
