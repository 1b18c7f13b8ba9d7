"""A review's choices in words: "played the Star 10 and the Jade 10", "did not call Tichu".

The command line's and the benchmark's output, in English unless told otherwise (`lang`);
the texts are gettext messages like the rest of the coach's (`app/coach/catalog.py`, context
"review"). Cards and ranks are named as the hints name them (`app/coach/lexicon.py`), never
by their codes. The web page words flags from their structured fields (`Flag.as_dict`) itself.
"""

from __future__ import annotations

from app.coach.catalog import trp
from app.coach.lexicon import card_list, rank_one


def describe(choice: dict, lang: str = "en", ruleset: str = "standard") -> str:
    """A candidate's choice (an action without "seat", or a call or a wait) in a few words."""
    act = choice.get("act")
    if act == "play":
        cards = card_list(choice["cards"], ruleset, lang)
        if choice.get("phoenix") is not None:
            phoenix = rank_one(choice["phoenix"], lang)
            cards = trp(lang, "review", "{cards} (the Phoenix as {rank})", cards=cards, rank=phoenix)
        text = trp(lang, "review", "played {cards}", cards=cards)
        if "wish" in choice:  # (a wish decision names "no wish" as null)
            if choice["wish"] is None:
                return trp(lang, "review", "{played}, wishing nothing", played=text)
            wish = rank_one(choice["wish"], lang)
            return trp(lang, "review", "{played}, wishing {rank}", played=text, rank=wish)
        return text
    if act == "pass":
        return trp(lang, "review", "passed")
    if act == "wait":
        return trp(lang, "review", "kept the bomb")
    if act == "gift":
        return trp(lang, "review", "gave the Dragon's trick to seat {seat}", seat=choice["to"])
    if act == "grand":
        if choice.get("call"):
            return trp(lang, "review", "called Grand Tichu")
        return trp(lang, "review", "did not call Grand Tichu")
    if act == "tichu":
        if choice.get("call"):
            return trp(lang, "review", "called Tichu")
        return trp(lang, "review", "did not call Tichu")
    if act == "exchange":
        give = sorted(choice["give"].items(), key=lambda x: int(x[0]))
        parts = [trp(lang, "review", "{cards} to seat {seat}", cards=card_list(cards, ruleset, lang), seat=t)
                 for t, cards in give]
        return trp(lang, "review", "passed {cards}", cards=", ".join(parts))
    return str(choice)


def flag_line(flag: dict, lang: str = "en", ruleset: str = "standard") -> str:
    """One flagged decision (`Flag.as_dict`) on one line: the command line's text output
    (`ruleset` names the cards: fifty-two's suits are not Tichu's)."""
    if flag["unit"] == "places":
        figure = format(flag["gain"], "+.2f")
        gain = trp(lang, "review", "{gain} places", gain=figure)
    else:
        figure = format(flag["gain"], "+.1f")
        gain = trp(lang, "review", "{gain} points", gain=figure)
    share = format(flag["share"] * 100, ".0f") + "%"
    return trp(lang, "review", "round {round}, action {index} (seat {seat}, {kind}): {done}; "
                               "better: {better} (better in {share} of {deals} deals, {gain} per round)",
               round=flag["round"], index=flag["index"], seat=flag["seat"], kind=flag["kind"],
               done=describe(flag["done"], lang, ruleset), better=describe(flag["better"], lang, ruleset),
               share=share, deals=flag["deals"], gain=gain)
