"""Sentences for the bot's own reasons (`reasons.py`), from the gettext catalogs (`catalog.py`).

They speak of the bot in the third person ("it", "er": der Bot), since they are its view,
not the coach's proved facts; the page sets them under the bot's suggestion.
"""

from __future__ import annotations

from .catalog import tr, trp
from .lexicon import DE, cap, seat_phrase


def say_reason(item: dict, lang: str, names: dict) -> str:
    return _SAYERS[item["reason"]](item, lang, names)


def _number(value: float, lang: str) -> str:
    text = f"{value:g}"
    return text.replace(".", ",") if lang == DE else text


def _partner_top(r, lang, names):
    who = cap(seat_phrase(r["partner"], lang, names))
    return tr(lang, "{who} is winning this trick, and the bot does not overtake its partner here.", who=who)


def _overtakes(r, lang, names):
    who = seat_phrase(r["partner"], lang, names)
    head = tr(lang, "{who} is winning this trick, and the bot plays over it: ", who=cap(who))
    why = r["why"]
    if why == "goes_out":
        return head + tr(lang, "the play takes it out.")
    if why == "runs_out":
        return head + tr(lang, "it leaves one combination, which it can lead next to go out.")
    if why == "called":
        return head + tr(lang, "the hand has called and needs the lead to go out first.")
    after = seat_phrase(r["partner"], lang, names, case="dat")
    return head + tr(lang, "{who} is out, so if everybody passed, the lead would go on to the next player "
                           "after {after}.", who=who, after=after)


def _opponent_short(r, lang, names):
    who = cap(seat_phrase(r["opponent"], lang, names))
    if r["cards"] == 1:
        return tr(lang, "{who} has one card left.", who=who)
    return tr(lang, "{who} has two cards left.", who=who)


def _keeps(r, lang, names):
    if r["what"] == "dragon":
        return tr(lang, "It keeps the Dragon to win the lead back later.")
    return tr(lang, "It keeps its bomb for later.")


def _plan(r, lang, names):
    n = r["plays"]
    table = r["seat"]["relation"] == "table"
    hand = tr(lang, "the Table's hand") if table else tr(lang, "your hand")
    if n == 1:
        return tr(lang, "By its plan {hand} goes out with this play.", hand=hand)
    return tr(lang, "By its plan {hand} needs {n} plays to go out.", hand=hand, n=n)


def _search(r, lang, names):
    moves, deals = r["moves"], r["deals"]
    text = tr(lang, "Its search played {moves} moves out on {deals} deals of the cards you cannot see",
              moves=moves, deals=deals)
    aside = r.get("set_aside") or 0
    if aside:  # the race: those moves were played out only on the first deals
        text += tr(lang, " ({aside} of them only until they were clearly no better than the move its rules "
                         "pick)", aside=aside)
    points = r["points"]
    if r["switched"] and points:
        return text + tr(lang, ": this one scored {gain} points a round more on average than the move its "
                               "rules pick.", gain=_number(r["gain"], lang))
    if r["switched"]:
        return text + tr(lang, ": this one did better on average than the move its rules pick.")
    if r.get("others_gain") is not None and points:
        return text + tr(lang, "; the best of the others scored {gain} points a round more on these deals, "
                               "too little to be sure of, so it keeps the move its rules pick.",
                         gain=_number(r["others_gain"], lang))
    if r.get("others_gain") is not None:
        return text + tr(lang, "; none did clearly better, so it keeps the move its rules pick.")
    return text + tr(lang, ", and none did better than this one, the move its rules pick.")


def _in_words(percent: int, lang: str) -> str:
    """A chance in words, for a newcomer (the figure comes with it)."""
    if percent < 25:
        return trp(lang, "chance", "small")
    if percent < 45:
        return trp(lang, "chance", "less than even")
    if percent < 56:
        return trp(lang, "chance", "about even")
    if percent < 75:
        return trp(lang, "chance", "good")
    return trp(lang, "chance", "very good")


def _chance(r, lang, names):
    chance, needed = r["chance"], r["needed"]
    words = _in_words(chance, lang)
    grand = r["call"] == "grand"
    deals = r.get("deals")
    if deals:  # the Hard bot's search: the share of sampled deals it went out first in
        words += tr(lang, ", over {deals} deals played out", deals=deals)
    if grand:
        text = tr(lang, "On these eight cards it puts your chance to go out first at about {chance}% "
                        "({words}).", chance=chance, words=words)
    elif r["before_exchange"]:
        text = tr(lang, "Before the exchange, without the cards it would pass, it puts your chance to go out "
                        "first at about {chance}% ({words}).", chance=chance, words=words)
    else:
        text = tr(lang, "It puts your chance to go out first at about {chance}% ({words}).",
                  chance=chance, words=words)
    name = trp(lang, "the call, as the object of a verb", "Grand Tichu") if grand else "Tichu"
    if r["partner_called"]:
        return text + " " + tr(lang, "Your partner has called, so it does not call {name}.", name=name)
    if not r["allowed"]:
        return text
    return text + " " + tr(lang, "It calls {name} from about {needed}% at this score.", name=name,
                           needed=needed)


def _game_chance(r, lang, names):
    grand = r["call"] == "grand"
    name = trp(lang, "the call, after 'with'", "Grand Tichu") if grand else "Tichu"
    text = _chance(dict(r, allowed=False, partner_called=False, needed=None), lang, names)
    return text + " " + tr(lang, "Near the end of the game it weighs the call by the chance to win the game: "
                                 "about {with_call}% with {name}, about {without}% without.",
                           with_call=_number(r["with_call"], lang), without=_number(r["without"], lang),
                           name=name)


_SAYERS = {"chance": _chance, "game_chance": _game_chance, "partner_top": _partner_top,
           "overtakes": _overtakes, "opponent_short": _opponent_short, "keeps": _keeps, "plan": _plan,
           "search": _search}
