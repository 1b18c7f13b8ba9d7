"""What a flag adds to its line (`words.flag_line`): how sure the gain is, whether it was judged
by the chance to win the game, and what the hint chose there (`hint_check.py`).

In English unless told otherwise (`lang`), from the coach's catalog (context "review").
"""

from __future__ import annotations

from app.coach.catalog import trp


def _amount(value: float, unit: str, lang: str) -> str:
    if unit == "places":
        return trp(lang, "review", "{gain} places", gain=format(value, "+.2f"))
    return trp(lang, "review", "{gain} points", gain=format(value, "+.1f"))


def flag_notes(flag: dict, lang: str = "en") -> list[str]:
    """The notes of one flag (`Flag.as_dict`), each a short clause."""
    notes = []
    if flag.get("low") is not None:
        notes.append(trp(lang, "review", "surely at least {low} per round",
                         low=_amount(flag["low"], flag["unit"], lang)))
    if flag.get("judged") == "game":
        notes.append(trp(lang, "review", "judged by the chance to win the game, which this round can decide"))
    hint = flag.get("hint")
    if hint and hint["chose"] == "done":
        if hint["deals"]:
            notes.append(trp(lang, "review", "the hint chose this too, on {hint} deals; the review looked "
                                             "deeper, on {deals} deals",
                             hint=hint["deals"], deals=flag["deals"]))
        else:
            notes.append(trp(lang, "review", "the hint chose this too, by its rules; the review looked "
                                             "deeper, on {deals} deals", deals=flag["deals"]))
    elif hint and hint["chose"] == "better":
        notes.append(trp(lang, "review", "as the hint suggests"))
    return notes


def noted_line(line: str, flag: dict, lang: str = "en") -> str:
    """`line` (the flag's `words.flag_line`) with its notes after it."""
    notes = flag_notes(flag, lang)
    return line + ("; " + "; ".join(notes) if notes else "")
