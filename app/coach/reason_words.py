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


def _overtakes(r, lang, names):
    who = seat_phrase(r["partner"], lang, names)
    head = _t(lang, f"{cap(who)} is winning this trick, and the bot plays over it: ",
              f"{cap(who)} liegt in diesem Stich vorn, und der Bot sticht trotzdem: ")
    why = r["why"]
    if why == "goes_out":
        return head + _t(lang, "the play takes it out.", "mit diesem Spiel kommt er raus.")
    if why == "runs_out":
        return head + _t(lang, "it leaves one combination, which it can lead next to go out.",
                         "danach bleibt ihm eine Kombination, mit der er ausspielen und rauskommen kann.")
    if why == "called":
        return head + _t(lang, "the hand has called and needs the lead to go out first.",
                         "die Hand hat angesagt und braucht das Ausspiel, um als Erste rauszukommen.")
    after = seat_phrase(r["partner"], lang, names, case="dat")
    return head + _t(lang, f"{who} is out, so if everybody passed, the lead would go on to the next "
                           f"player after {who}.",
                     f"{who} ist schon draußen; passen alle, geht das Ausspiel an den Nächsten nach {after}.")


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
    table = r["seat"]["relation"] == "table"
    hand = (_t(lang, "the Table's hand", "die Hand des Tisches") if table
            else _t(lang, "your hand", "deine Hand"))
    if n == 1:
        return _t(lang, f"By its plan {hand} goes out with this play.",
                  f"Nach seinem Plan kommt {hand} mit diesem Zug raus.")
    return _t(lang, f"By its plan {hand} needs {n} plays to go out.",
              f"Nach seinem Plan braucht {hand} {n} Züge, um rauszukommen.")


def _search(r, lang, names):
    moves, deals = r["moves"], r["deals"]
    text = _t(lang, f"Its search played {moves} moves out on {deals} deals of the cards you cannot see",
              f"Seine Suche hat {moves} Züge auf {deals} Verteilungen der Karten, die du nicht siehst, "
              f"zu Ende gespielt")
    aside = r.get("set_aside") or 0
    if aside:  # the race: those moves were played out only on the first deals
        text += _t(lang, f" ({aside} of them only until they were clearly no better than the move its "
                         f"rules pick)",
                   f" ({aside} davon nur, bis sie klar nicht besser waren als der Zug nach seinen Regeln)")
    points = r["points"]
    if r["switched"] and points:
        gain = _number(r["gain"], lang)
        return text + _t(lang, f": this one scored {gain} points a round more on average than the move "
                               f"its rules pick.",
                         f": dieser brachte im Schnitt {gain} Punkte pro Runde mehr als der Zug nach "
                         f"seinen Regeln.")
    if r["switched"]:
        return text + _t(lang, ": this one did better on average than the move its rules pick.",
                         ": dieser schnitt im Schnitt besser ab als der Zug nach seinen Regeln.")
    if r.get("others_gain") is not None and points:
        gain = _number(r["others_gain"], lang)
        return text + _t(lang, f"; the best of the others scored {gain} points a round more on these "
                               f"deals, too little to be sure of, so it keeps the move its rules pick.",
                         f"; der beste andere brachte auf diesen Verteilungen {gain} Punkte pro Runde "
                         f"mehr, zu wenig, um sicher zu sein, darum bleibt er beim Zug nach seinen Regeln.")
    if r.get("others_gain") is not None:
        return text + _t(lang, "; none did clearly better, so it keeps the move its rules pick.",
                         "; keiner schnitt klar besser ab, darum bleibt er beim Zug nach seinen Regeln.")
    return text + _t(lang, ", and none did better than this one, the move its rules pick.",
                     ", und keiner schnitt besser ab als dieser, der Zug nach seinen Regeln.")


def _in_words(percent: int, lang: str) -> str:
    """A chance in words, for a newcomer (the figure comes with it)."""
    for top, en, de in ((25, "small", "gering"), (45, "less than even", "unter halbe-halbe"),
                        (56, "about even", "etwa halbe-halbe"), (75, "good", "gut")):
        if percent < top:
            return _t(lang, en, de)
    return _t(lang, "very good", "sehr gut")


def _chance(r, lang, names):
    chance, needed = r["chance"], r["needed"]
    words = _in_words(chance, lang)
    grand = r["call"] == "grand"
    deals = r.get("deals")
    if deals:  # the Hard bot's search: the share of sampled deals it went out first in
        words += _t(lang, f", over {deals} deals played out", f", über {deals} ausgespielte Verteilungen")
    if grand:
        text = _t(lang, f"On these eight cards it puts your chance to go out first at about {chance}% "
                        f"({words}).",
                  f"Mit diesen acht Karten schätzt er deine Chance, als Erster rauszukommen, auf etwa "
                  f"{chance} % ({words}).")
    elif r["before_exchange"]:
        text = _t(lang, f"Before the exchange, without the cards it would pass, it puts your chance to go "
                        f"out first at about {chance}% ({words}).",
                  f"Vor dem Schupfen, ohne die Karten, die er abgeben würde, schätzt er deine Chance, als "
                  f"Erster rauszukommen, auf etwa {chance} % ({words}).")
    else:
        text = _t(lang, f"It puts your chance to go out first at about {chance}% ({words}).",
                  f"Er schätzt deine Chance, als Erster rauszukommen, auf etwa {chance} % ({words}).")
    name = _t(lang, "Grand Tichu", "Großes Tichu") if grand else "Tichu"
    if r["partner_called"]:
        return text + " " + _t(lang, f"Your partner has called, so it does not call {name}.",
                               f"Dein Partner hat schon angesagt, darum sagt er kein {name} an.")
    if not r["allowed"]:
        return text
    return text + " " + _t(lang, f"It calls {name} from about {needed}% at this score.",
                           f"Bei diesem Spielstand sagt er {name} ab etwa {needed} % an.")


def _game_chance(r, lang, names):
    grand = r["call"] == "grand"
    name = _t(lang, "Grand Tichu", "Großem Tichu") if grand else "Tichu"  # (German: after "mit")
    text = _chance(dict(r, allowed=False, partner_called=False, needed=None), lang, names)
    with_call, without = _number(r["with_call"], lang), _number(r["without"], lang)
    return text + " " + _t(
        lang, f"Near the end of the game it weighs the call by the chance to win the game: about "
              f"{with_call}% with {name}, about {without}% without.",
        f"Kurz vor Spielende wägt er die Ansage nach der Chance ab, das Spiel zu gewinnen: etwa "
        f"{with_call} % mit {name}, etwa {without} % ohne.")


_SAYERS = {"chance": _chance, "game_chance": _game_chance, "partner_top": _partner_top,
           "overtakes": _overtakes, "opponent_short": _opponent_short, "keeps": _keeps, "plan": _plan,
           "search": _search}
