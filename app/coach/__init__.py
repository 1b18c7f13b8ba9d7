"""The coach's pure core: true statements about a position, for hints and "why not?".

Everything here is a function of one seat's view (`app.engine.view_for`) and
answers structured data; `words.say` turns that into English or German (the
gettext catalogs, `catalog.py`).
Nothing here imports Flask or does I/O, and nothing in `app.engine` or
`app.bots` imports this package.

- `facts`: what must be beaten, the wish, the top cards and bombs still out,
  whether a play can be beaten, whether the hand can go out whatever the others hold;
- `why_not`: why a selection of cards is not a legal play (or that it is);
- `words`: sentences for both, in each language with a catalog (`say`).

docs/coach.md says what is claimed, how each claim is proved, and what is not claimed.
"""

from .facts import (
    bombs_fact,
    facts,
    going_out_fact,
    play_fact,
    top_cards_fact,
    trick_fact,
    unbeatable_plays,
    wish_fact,
)
from .why_not import why_not
from .words import say

__all__ = ["bombs_fact", "facts", "going_out_fact", "play_fact", "say", "top_cards_fact", "trick_fact",
           "unbeatable_plays", "why_not", "wish_fact"]
