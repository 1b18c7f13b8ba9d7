"""A hint for one seat: the coach's true statements about its position, and what the Hard bot
would do in its place, in the player's language.

Built only from that seat's view (`Table.view(seat)`), so it can say nothing the seat may not
know; the coach (`app.coach`) proves its facts over every deal of the unseen cards, and the
suggestion is named as the bot's. Pure: the caller decides where the bot thinks (off the
server's loop: `BotRunner.think`).
"""

from __future__ import annotations

from app.coach import facts, say, why_not
from app.coach.lexicon import table_name
from app.coach.suggestion import suggest

from ..errors import Refused

LANGS = ("en", "de")
SUGGESTING = "hard"  # whose suggestion a hint gives
BUDGET_MS = 100  # the Hard bot's time per search of a play, as at the table
# Its calls and exchange search for 270 ms at the table; a hint's answer has a 300 ms target
# with the coach's facts beside it, so there they search for 150 ms (fewer deals, same bot).
CALL_BUDGET_MS = 150


def check_hints(table, seat: int | None) -> None:
    """Refused unless the seat may have a hint now (lock held)."""
    if not table.settings.get("hints", True):
        raise Refused("hints_off", "the host has switched hints off at this table")
    if seat is None:
        raise Refused("not_seated", "spectators get no hints")
    if table.game is None:
        raise Refused("not_started", "the game has not started yet")


def seat_names(table, lang: str) -> dict[int, str]:
    """Every seat's name as the page shows it, from the seat's public data the page gets too
    (`seat_meta`) and the same words (`table_name`: the player's name, else "Bot 3" where a
    bot plays, else "Seat 3"). The Trichu Table is "the Table" by its relation in the coach."""
    seats = [table.seat_meta(i) for i in range(len(table.seats))]
    return {s["seat"]: table_name(s["seat"], lang, s["name"], bool(s["bot"])) for s in seats}


def hint_for(view: dict, lang: str, names: dict, cards: str | None = None, seed=0,
             bot_options: dict | None = None) -> dict:
    """The hint: the bot's suggestion (None when it would do nothing), the facts, and, for a
    selection of cards, why it is (or is not) a legal play, each as sentences. The bot
    searches for `BUDGET_MS` (so two asks may differ where its choice is close);
    `bot_options` replace that (tests: a fixed number of deals)."""
    lang = lang if lang in LANGS else "en"
    options = bot_options or {"budget_ms": BUDGET_MS, "call_budget_ms": CALL_BUDGET_MS}
    suggestion = suggest(view, SUGGESTING, seed=seed, **options)
    return {
        "suggestion": say(suggestion, lang, names) if suggestion else None,
        "reasons": [say(r, lang, names) for r in suggestion["reasons"]] if suggestion else [],
        "facts": [say(fact, lang, names) for fact in facts(view)],
        "why_not": say(why_not(view, cards), lang, names) if cards else None,
    }
