"""Sentences for the bot's own reasons (`reasons.py`), in English and German.

They speak of the bot in the third person ("it", "er": der Bot), since they are its view,
not the coach's proved facts; the page sets them under the bot's suggestion.
"""

from __future__ import annotations

from .lexicon import DE, cap, seat_phrase


def say_reason(item: dict, lang: str, names: dict) -> str:
    return _SAYERS[item["reason"]](item, lang, names)


def _t(lang: str, en: str, de: str) -> str:
    return de if lang == DE else en


def _number(value: float, lang: str) -> str:
    text = f"{value:g}"
    return text.replace(".", ",") if lang == DE else text


def _partner_top(r, lang, names):
    who = cap(seat_phrase(r["partner"], lang, names))
    return _t(lang, f"{who} is winning this trick, and the bot does not overtake its partner here.",
              f"{who} liegt in diesem Stich vorn, und den eigenen Partner sticht der Bot hier nicht.")


def _opponent_short(r, lang, names):
    who = cap(seat_phrase(r["opponent"], lang, names))
    if r["cards"] == 1:
        return _t(lang, f"{who} has one card left.", f"{who} hat nur noch eine Karte.")
    return _t(lang, f"{who} has two cards left.", f"{who} hat nur noch zwei Karten.")


def _keeps(r, lang, names):
    if r["what"] == "dragon":
        return _t(lang, "It keeps the Dragon to win the lead back later.",
                  "Er behält den Drachen, um später wieder ans Ausspielen zu kommen.")
    return _t(lang, "It keeps its bomb for later.", "Er hebt seine Bombe für später auf.")


def _plan(r, lang, names):
    n = r["plays"]
    if n == 1:
        return _t(lang, "By its plan your hand goes out with this play.",
                  "Nach seinem Plan kommt deine Hand mit diesem Zug raus.")
    return _t(lang, f"By its plan your hand needs {n} plays to go out.",
              f"Nach seinem Plan braucht deine Hand {n} Züge, um rauszukommen.")


def _search(r, lang, names):
    moves, deals = r["moves"], r["deals"]
    text = _t(lang, f"Its search played {moves} moves out on {deals} deals of the cards you cannot see",
              f"Seine Suche hat {moves} Züge auf {deals} Verteilungen der Karten, die du nicht siehst, "
              f"zu Ende gespielt")
    if r["switched"] and r["points"]:
        gain = _number(r["gain"], lang)
        return text + _t(lang, f": this one scored {gain} points a round more on average than the move "
                               f"its rules pick.",
                         f": dieser brachte im Schnitt {gain} Punkte pro Runde mehr als der Zug nach "
                         f"seinen Regeln.")
    if r["switched"]:
        return text + _t(lang, ": this one did clearly better on average than the move its rules pick.",
                         ": dieser schnitt im Schnitt klar besser ab als der Zug nach seinen Regeln.")
    if r["points"]:
        margin = _number(r["margin"], lang)
        return text + _t(lang, f", and none scored {margin} points a round more than this one, the move "
                               f"its rules pick.",
                         f", und keiner brachte {margin} Punkte pro Runde mehr als dieser, der Zug nach "
                         f"seinen Regeln.")
    return text + _t(lang, ", and none did clearly better than this one, the move its rules pick.",
                     ", und keiner schnitt klar besser ab als dieser, der Zug nach seinen Regeln.")


_SAYERS = {"partner_top": _partner_top, "opponent_short": _opponent_short, "keeps": _keeps,
           "plan": _plan, "search": _search}
