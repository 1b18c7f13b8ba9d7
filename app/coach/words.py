"""Sentences: the coach's facts and why-not reasons in English or German.

`say(item, lang)` is a pure function of one structured item (a fact from
`facts.py` or a reason from `why_not.py`) and a language code ("en", "de");
`names` may map seat numbers to player names. It states what the item states
and nothing more: the figures and claims are all in the item, proved there.

Longer than our other modules on purpose: each sentence's English and German forms sit
side by side, so a change to one is seen next to the other (nouns and cases are in
`lexicon.py`).
"""

from __future__ import annotations

from app.engine.cards import FIFTY_TWO_DECK, STANDARD_DECK

from .lexicon import (
    DE,
    a_rank,
    cap,
    card_name,
    check_lang,
    higher_of_kind,
    join,
    join_or,
    kind_of,
    play_phrase,
    rank_many,
    rank_one,
    seat_phrase,
    special_name,
    suit_name,
)
from .reason_words import say_reason


def say(item: dict, lang: str = "en", names: dict | None = None) -> str:
    """One short paragraph for a fact or a reason."""
    check_lang(lang)
    speak = _SAYERS.get(item["kind"])
    if speak is None:
        raise ValueError(f"no words for {item['kind']!r}")
    return speak(item, lang, names or {})


def _t(lang: str, en: str, de: str) -> str:
    return de if lang == DE else en


def _en(info: dict, singular: str, plural: str) -> str:
    """An English verb agreeing with a play: "stairs" is plural."""
    return plural if info["kind"] == "stairs" else singular


# -- facts --------------------------------------------------------------------------------------------

def _lead(f, lang, names):
    rank = f.get("must_lead_wish")
    if rank:
        text = _t(lang, f"You lead, and the wish binds you: lead a combination with {a_rank(rank, lang)}",
                  f"Du spielst aus, und der Wunsch bindet dich: spiele eine Kombination mit "
                  f"{a_rank(rank, lang, 'dat')} aus")
        text += _t(lang, ", or a bomb." if f.get("bomb_instead") else ".",
                   " oder eine Bombe." if f.get("bomb_instead") else ".")
    else:
        text = _t(lang, "You lead: play any combination, or a bomb.",
                  "Du spielst aus: jede Kombination ist erlaubt, auch eine Bombe.")
    if f.get("collects"):
        text = _t(lang, "Everybody passed and ", "Alle haben gepasst und ") + text[0].lower() + text[1:]
    if f["dog"] and rank:
        text += " " + _t(lang, "You may not lead the Dog while the wish binds you.",
                         "Den Hund darfst du nicht ausspielen, solange dich der Wunsch bindet.")
    elif f["dog"]:
        text += " " + _dog_passes(f, lang, names, _t(lang, "The Dog can only be led",
                                                     "Den Hund darf man nur ausspielen"))
    return text


def _dog_passes(f: dict, lang: str, names: dict, start: str) -> str:
    to = f["dog_to"]
    if f.get("ends_round"):
        return start + _t(lang, "; it is your last card, and the round ends when you play it.",
                          "; er ist deine letzte Karte, und die Runde endet, wenn du ihn spielst.")
    if len(to) > 1:
        target = _t(lang, "a partner of your choice", "einen Partner deiner Wahl")
    elif to:
        target = seat_phrase(to[0], lang, names, "acc")
    else:
        return start + "."
    if f.get("partner_out"):
        return start + _t(lang, f": your partner is out, so it passes the lead to {target}.",
                          f": dein Partner ist draußen, also gibt er das Ausspiel an {target}.")
    return start + _t(lang, f": it passes the lead to {target}.", f": er gibt das Ausspiel an {target}.")


def _other_leads(f, lang, names):
    turn = seat_phrase(f["turn"], lang, names)
    return cap(_t(lang, f"{turn} leads: there is nothing to beat yet.",
                  f"{turn} spielt aus: noch liegt nichts zum Stechen."))


def _beat(f, lang, names):
    top = f["top"]
    it = play_phrase(top, lang)
    if f["beaten_by"] == "same_kind":
        higher = higher_of_kind(top, lang)
        text = cap(_t(lang, f"{it} must be beaten by {higher}, or a bomb.",
                      f"{it} muss mit {higher} oder einer Bombe gestochen werden."))
    elif f["beaten_by"] == "bomb":
        if f.get("second_dragon"):
            text = _t(lang, "Only a bomb, or the other Dragon, beats the Dragon.",
                      "Den Drachen sticht nur eine Bombe oder der zweite Drache.")
        else:
            text = _t(lang, "Only a bomb beats the Dragon.", "Den Drachen sticht nur eine Bombe.")
    else:
        text = cap(_t(lang, f"Only a higher bomb beats {play_phrase(top, lang)}.",
                      f"{play_phrase(top, lang, 'acc')} sticht nur eine höhere Bombe."))
    if f["dog"] and f["your_turn"]:
        text += " " + _t(lang, "(The Dog can only be led.)", "(Den Hund darf man nur ausspielen.)")
    return text


def _dragon_gift(f, lang, names):
    if f["giver"]["relation"] == "you":
        return _t(lang, "Your Dragon won the trick: give it to an opponent.",
                  "Dein Drache hat den Stich gewonnen: verschenke ihn an einen Gegner.")
    giver = seat_phrase(f["giver"], lang, names)
    return cap(_t(lang, f"{giver} won the trick with the Dragon and must now give it to an opponent.",
                  f"{giver} hat den Stich mit dem Drachen gewonnen und muss ihn jetzt "
                  f"an einen Gegner verschenken."))


def _not_playing(f, lang, names):
    phase = f.get("phase")
    if phase == "grand":
        return _t(lang, "The cards are still being dealt.", "Die Karten werden noch gegeben.")
    if phase == "exchange":
        return _t(lang, "Cards are played once the exchange is done.",
                  "Gespielt wird, sobald die Karten getauscht sind.")
    return _t(lang, "No cards are being played now.", "Gerade werden keine Karten gespielt.")


def _wish(f, lang, names):
    rank = f["rank"]
    wished = _t(lang, f"The wish is for {a_rank(rank, lang)}", f"Gewünscht ist {a_rank(rank, lang)}")
    if f["exempt"]:
        return wished + _t(lang, ". The Table need not fulfil it.",
                           ". Der Tisch muss den Wunsch nicht erfüllen.")
    n = f["holds"]
    if not n:
        return wished + _t(lang, f"; you hold no {rank_many(rank, lang)}, so it does not bind you.",
                           f"; du hast keine {rank_many(rank, lang)}, also bindet dich der Wunsch nicht.")
    if f["must_now"]:
        k = len(f["fulfilling"])
        text = wished + _t(lang, f", and you hold {n}: you must fulfil it now ({k} of your plays do).",
                           f", und du hast {n} davon: du musst den Wunsch jetzt erfüllen "
                           f"({k} deiner möglichen Spielzüge tun das).")
        if f["bomb_instead"]:
            text += " " + _t(lang, "A bomb is allowed instead.", "Stattdessen ist auch eine Bombe erlaubt.")
        return text
    if f["your_turn"]:
        return wished + _t(lang, f". You hold {n} but cannot play one on this trick, "
                                 f"so you are free this time.",
                           f". Du hast {n} davon, kannst aber keine auf diesen Stich spielen: "
                           f"diesmal bist du frei.")
    return wished + _t(lang, f", and you hold {n}: in your turn you must play one if you can.",
                       f", und du hast {n} davon: bist du dran, musst du eine spielen, wenn du kannst.")


def _top_cards(f, lang, names):
    cards = f["cards"]
    top = f["top_rank"]
    # Every card out is counted in the first sentence, those whose holder is known too, and the
    # known ones are named after it ("of these"): nobody reads three Aces where four are out.
    counts: dict = {}
    for c in cards:
        counts[c["role"]] = counts.get(c["role"], 0) + 1
    parts = []
    for role in ("dragon", "phoenix"):
        if counts.get(role):
            parts.append(special_name(role, lang, count=counts[role]))
    if counts.get("top_rank"):
        k = counts["top_rank"]
        parts.append(a_rank(top, lang) if k == 1 else f"{k} {rank_many(top, lang)}")
    if not cards:
        return _t(lang, f"Every Dragon, Phoenix and {rank_one(top, lang)} is played or in your hand.",
                  f"Alle Drachen, Phönixe und {rank_many(top, lang)} sind gespielt oder bei dir.")
    text = ""
    if parts:
        text = _t(lang, "Neither played nor in your hand: ", "Weder gespielt noch bei dir: ")
        text += join(parts, lang) + "."
    known = [c for c in cards if c["holder"] is not None]
    for i, c in enumerate(known):
        holder = seat_phrase(c["holder"], lang, names)
        card = card_name(c["card"], c["role"], f["ruleset"], lang, "acc")
        verb = _t(lang, "holds", "hat") if c["holder"]["relation"] != "you" else _t(lang, "hold", "hast")
        if i == 0:
            sentence = _t(lang, f"Of these, {holder} {verb} {card}.", f"Davon {verb} {holder} {card}.")
        else:
            sentence = f"{cap(holder)} {verb} {card}."
        text += " " + sentence
    return text


def _bombs(f, lang, names):
    fours, flushes = f["fours"], f["straight_flushes"]
    if not fours and not flushes:
        return _t(lang, "By the cards you have seen, no other hand can hold a bomb.",
                  "Nach den Karten, die du gesehen hast, kann keine andere Hand eine Bombe haben.")
    four = _t(lang, "four", "vier")
    items = [f"{four} {rank_many(b['rank'], lang)}" for b in fours]
    for b in flushes:
        suit = suit_name(b["suit"], f["ruleset"], lang)
        items.append(_t(lang, f"a straight flush in {suit} from {b['low']} to {b['high']}",
                        f"eine Straßenbombe in {suit} von {b['low']} bis {b['high']}"))
    text = _t(lang, "By the cards you have seen, another hand could still hold: ",
              "Nach den Karten, die du gesehen hast, könnte eine andere Hand noch haben: ")
    text += join(items, lang) + "."
    for b in fours + flushes:
        if b["certain"] is not None:
            if "rank" in b:
                what = f"{four} {rank_many(b['rank'], lang)}"
            else:
                suit = suit_name(b["suit"], f["ruleset"], lang)
                what = _t(lang, f"the straight flush in {suit} from {b['low']} to {b['high']}",
                          f"die Straßenbombe in {suit} von {b['low']} bis {b['high']}")
            holder = cap(seat_phrase(b["certain"], lang, names))
            text += " " + _t(lang, f"{holder} holds {what} for certain.", f"{holder} hat {what} sicher.")
    return text


def _not_even(partners: list, lang: str, names: dict, teams: bool) -> str:
    """The clause that counts the partners among those who cannot beat it."""
    if not teams:
        return _t(lang, " (every player plays for himself here)", " (hier spielt jeder für sich)")
    if not partners:
        return ""
    if len(partners) > 1:
        return _t(lang, ", not even your partners", ", auch nicht deine Partner")
    return _t(lang, f", not even {seat_phrase(partners[0], lang, names)}",
              f", auch nicht {seat_phrase(partners[0], lang, names)}")


def _unbeatable(f, lang, names):
    it = play_phrase(f["play"], lang, "acc")
    not_even = _not_even(f["partners"], lang, names, f["teams"])
    text = cap(_t(lang, f"Nobody can beat {it}{not_even}: no other hand can hold anything higher, "
                        f"nor a bomb.",
                  f"{it} kann niemand stechen{not_even}: keine andere Hand kann etwas Höheres "
                  f"oder eine Bombe haben."))
    if f["dragon_gift"]:
        text += " " + _t(lang, "If the Dragon wins the trick, you must give the trick to an opponent.",
                         "Gewinnt der Drache den Stich, musst du den Stich an einen Gegner verschenken.")
    return text


def _beatable(f, lang, names):
    play = f["play"]
    if f["by"] == "bomb" and play["kind"] == "bomb":
        return _t(lang, "By the cards you have seen, another hand could still hold a higher bomb.",
                  "Nach den Karten, die du gesehen hast, könnte eine andere Hand noch "
                  "eine höhere Bombe haben.")
    if f["by"] == "bomb":
        return cap(_t(lang, f"By the cards you have seen, another hand could still hold a bomb, which beats "
                            f"{play_phrase(play, lang)}.",
                      f"Nach den Karten, die du gesehen hast, könnte eine andere Hand noch eine Bombe haben, "
                      f"die {play_phrase(play, lang, 'acc')} sticht."))
    seen = _t(lang, "By the cards you have seen, another hand could still hold",
              "Nach den Karten, die du gesehen hast, könnte eine andere Hand noch")
    if f["by"] == "dragon":
        return seen + _t(lang, " the other Dragon, which beats this one.",
                         " den zweiten Drachen haben, der diesen sticht.")
    higher = higher_of_kind(play, lang, "acc")
    return seen + _t(lang, f" {higher}.", f" {higher} haben.")


def _ends_round(f, lang, names):
    it = play_phrase(f["play"], lang, "acc")
    if f["how"] == "team_first":
        why = _t(lang, "your team is out first", "dein Team ist zuerst draußen")
    else:
        why = _t(lang, "only one hand is left with cards", "nur noch eine Hand hat Karten")
    return cap(_t(lang, f"With {it} you go out and the round ends at once ({why}): nobody can beat it.",
                  f"Mit {play_phrase(f['play'], lang, 'dat')} gehst du raus und die Runde endet sofort "
                  f"({why}): niemand kann noch stechen."))


def _dog(f, lang, names):
    return _dog_passes(f, lang, names, _t(lang, "Nothing is ever played on the Dog",
                                          "Auf den Hund wird nie etwas gespielt"))


def _unreadable(f, lang, names):
    return _t(lang, "These cards are no play here.", "Diese Karten sind hier kein Spielzug.")


def _go_out(f, lang, names):
    plan = f["plan"]
    whoever = _t(lang, "whatever the others hold", "egal was die anderen halten")
    partners = f["partners"]
    if f["teams"] and len(partners) > 1:
        whoever += _t(lang, ", your partners included", ", auch deine Partner")
    elif f["teams"] and partners:
        whoever += _t(lang, f", {seat_phrase(partners[0], lang, names)} included",
                      f", auch {seat_phrase(partners[0], lang, names)}")
    if len(plan) == 1:
        return _t(lang, f"You can go out now with {play_phrase(plan[0], lang)}, {whoever}.",
                  f"Du kannst jetzt mit {play_phrase(plan[0], lang, 'dat')} rausgehen, {whoever}.")
    steps = [play_phrase(p, lang, "acc") for p in plan]
    then = _t(lang, ", then ", ", dann ")
    sequence = then.join(steps[:-1])
    return _t(lang, f"You can go out from here, {whoever}: play {sequence}, and {steps[-1]} last. "
                    f"Nobody can beat any of these before your last one.",
              f"Du kannst von hier aus rausgehen, {whoever}: spiele {sequence} und zuletzt {steps[-1]}. "
              f"Vor deiner letzten Kombination kann niemand eine davon stechen.")


# -- why not ------------------------------------------------------------------------------------------

def _legal(r, lang, names):
    plays = r["plays"]
    play = plays[0]
    if r["mode"] == "lead":
        it = play_phrase(play, lang, "acc")
        text = _t(lang, f"You may lead {it}.", f"Du darfst {it} ausspielen.")
    elif r["mode"] == "follow":
        it = play_phrase(play, lang)
        text = cap(_t(lang, f"{it} {_en(play, 'beats', 'beat')} the trick: you may play it.",
                      f"{it} sticht: du darfst so spielen."))
    else:
        text = cap(_t(lang, f"You may throw {play_phrase(play, lang)} now, out of turn.",
                      f"Du darfst {play_phrase(play, lang, 'acc')} jetzt werfen, auch außer der Reihe."))
    ranks = [p["phoenix"] for p in plays if p["phoenix"] is not None]
    if len(ranks) > 1:
        text += " " + _t(lang, f"The Phoenix can stand for {join_or(ranks, lang)} here "
                               f"(for {ranks[0]} unless you say otherwise).",
                         f"Der Phönix kann hier für {join_or(ranks, lang)} stehen "
                         f"(ohne Angabe für {ranks[0]}).")
    if r.get("fulfils_wish"):
        text += " " + _t(lang, "It fulfils the wish.", "Damit ist der Wunsch erfüllt.")
    if r.get("may_wish"):
        text += " " + _t(lang, "With the Mah Jong you may wish for a rank.",
                         "Mit dem Mah Jong darfst du dir einen Rang wünschen.")
    if r.get("dog_to"):
        text += " " + _t(lang, "Choose the partner who gets the lead.",
                         "Wähle den Partner, der das Ausspiel bekommt.")
    return text


def _simple(en: str, de: str):
    return lambda r, lang, names: _t(lang, en, de)


def _unknown_card(r, lang, names):
    tokens = ", ".join(r["tokens"])
    return _t(lang, f"{tokens}: not a card of this deck.", f"{tokens}: keine Karte dieses Blatts.")


def _named_twice(r, lang, names):
    tokens = ", ".join(r["tokens"])
    return _t(lang, f"{tokens} is named twice.", f"{tokens} ist doppelt genannt.")


def _bad_phoenix_rank(r, lang, names):
    return _t(lang, f"'{r['rank']}' is not a rank the Phoenix can stand for.",
              f"„{r['rank']}“ ist kein Rang, für den der Phönix stehen kann.")


def _not_in_hand(r, lang, names):
    cards = _card_list(r["cards"], r.get("ruleset", "standard"), lang)
    return _t(lang, f"You do not hold {cards}.", f"{cap(cards)} hast du nicht auf der Hand.")


def _not_your_turn(r, lang, names):
    turn = seat_phrase(r.get("turn"), lang, names) if r.get("turn") else None
    if r.get("leading") and turn:
        return cap(_t(lang, f"{turn} leads now: a bomb needs a combination on the table.",
                      f"{turn} spielt gerade aus: eine Bombe braucht eine Kombination auf dem Tisch."))
    return _t(lang, "It is not your turn.", "Du bist nicht an der Reihe.")


def _only_bombs(r, lang, names):
    now = ""
    if r.get("turn"):
        now = _t(lang, f" ({seat_phrase(r['turn'], lang, names)} plays now)",
                 f" ({seat_phrase(r['turn'], lang, names)} ist dran)")
    return _t(lang, f"It is not your turn{now}: out of turn only a bomb may be played.",
              f"Du bist nicht an der Reihe{now}: außer der Reihe darf man nur eine Bombe spielen.")


def _gift_pending(r, lang, names):
    return _t(lang, "The Dragon's trick waits to be given away: only a bomb can be played now.",
              "Der Stich mit dem Drachen wartet darauf, verschenkt zu werden: jetzt geht nur eine Bombe.")


def _phoenix_single(r, lang, names):
    top = play_phrase(r["top"], lang)
    return _t(lang, f"A single Phoenix can only follow a single card, and the trick is {top}.",
              f"Ein einzelner Phönix kann nur auf eine Einzelkarte folgen; auf dem Tisch liegt {top}.")


def _no_combo(rule_en: str, rule_de: str):
    def speak(r, lang, names):
        start = _cards_are(r, lang) + _t(lang, " not a combination", " keine Kombination")
        return start + (_t(lang, f": {rule_en}.", f": {rule_de}.") if rule_en else ".")
    return speak


def _stairs_too_short(r, lang, names):
    n = r["min_pairs"]
    rule = _t(lang, f" not a combination: stairs need at least {n} pairs at this table.",
              f" keine Kombination: eine Treppe braucht an diesem Tisch mindestens {n} Paare.")
    return _cards_are(r, lang) + rule


def _no_combination(r, lang, names):
    rule = _t(lang, " not a combination. Combinations are single cards, pairs, triples, stairs, full houses, "
                    "straights and bombs.",
              " keine Kombination. Kombinationen sind Einzelkarten, Paare, Drillinge, Treppen, Full Houses, "
              "Straßen und Bomben.")
    return _cards_are(r, lang) + rule


def _phoenix_cannot_be(r, lang, names):
    can = join_or(r["can_be"], lang)
    if not can:
        return _t(lang, "The Phoenix is given a rank only inside a combination.",
                  "Einen Rang bekommt der Phönix nur in einer Kombination.")
    return _t(lang, f"The Phoenix cannot stand for {r['rank']} here, only for {can}.",
              f"Der Phönix kann hier nicht für {r['rank']} stehen, nur für {can}.")


def _needs_higher_bomb(r, lang, names):
    top = r["top"]
    return cap(_t(lang, f"{play_phrase(top, lang)} is a bomb: only a higher bomb beats it.",
                  f"{play_phrase(top, lang)} ist eine Bombe: nur eine höhere Bombe sticht sie."))


def _bomb_not_higher(r, lang, names):
    return cap(_t(lang, f"{play_phrase(r['yours'], lang)} is not higher than {play_phrase(r['top'], lang)}. "
                        f"Any straight flush beats four of a kind, a longer one beats a shorter one, "
                        f"then the higher top card wins.",
                  f"{play_phrase(r['yours'], lang)} ist nicht höher als {play_phrase(r['top'], lang)}. "
                  f"Jede Straßenbombe schlägt vier Gleiche, eine längere eine kürzere, "
                  f"sonst entscheidet die höchste Karte."))


def _dragon_needs_bomb(r, lang, names):
    if r.get("second_dragon"):
        return _t(lang, "Only a bomb, or the other Dragon, beats the Dragon.",
                  "Den Drachen sticht nur eine Bombe oder der zweite Drache.")
    return _t(lang, "Only a bomb beats the Dragon.", "Den Drachen sticht nur eine Bombe.")


def _wrong_kind(r, lang, names):
    top, yours = r["top"], r["yours"]
    it, higher, kind = play_phrase(top, lang), higher_of_kind(top, lang, "acc"), kind_of(yours, lang)
    return cap(_t(lang, f"{it} {_en(top, 'is', 'are')} on the table: it takes {higher} or a bomb, "
                        f"and your cards are {kind}.",
                  f"Auf dem Tisch liegt {it}: dafür braucht es {higher} oder eine Bombe, "
                  f"und deine Karten sind {kind}."))


def _wrong_length(r, lang, names):
    top, yours = r["top"], r["yours"]
    it, higher = play_phrase(top, lang), higher_of_kind(top, lang, "acc")
    n, m = top["length"], yours["length"]
    return cap(_t(lang, f"{it} {_en(top, 'has', 'have')} {n} cards: it takes {higher} (or a bomb), "
                        f"and yours {_en(yours, 'has', 'have')} {m}.",
                  f"{it} hat {n} Karten: dafür braucht es {higher} (oder eine Bombe), deine hat {m}."))


def _not_higher(r, lang, names):
    top, yours = r["top"], r["yours"]
    if r["equal"]:
        return cap(_t(lang, f"{play_phrase(yours, lang)} {_en(yours, 'is', 'are')} not higher than "
                            f"{play_phrase(top, lang)}: "
                            f"an equal rank does not beat.",
                      f"{play_phrase(yours, lang)} ist nicht höher als {play_phrase(top, lang)}: "
                      f"ein gleicher Rang sticht nicht."))
    return cap(_t(lang, f"{play_phrase(yours, lang)} {_en(yours, 'is', 'are')} lower than "
                        f"{play_phrase(top, lang)}.",
                  f"{play_phrase(yours, lang)} ist niedriger als {play_phrase(top, lang)}."))


def _must_fulfil(r, lang, names):
    rank = r["rank"]
    example = r["fulfilling"][0] if r["fulfilling"] else None
    text = _t(lang, f"The wish is for {a_rank(rank, lang)} and you can play one: you must",
              f"Gewünscht ist {a_rank(rank, lang)}, und du kannst den Wunsch erfüllen: du musst ihn erfüllen")
    if example is not None:
        text += _t(lang, f", for instance with {play_phrase(example, lang)}",
                   f", zum Beispiel mit {play_phrase(example, lang, 'dat')}")
    if r.get("bomb_instead"):
        text += _t(lang, " (or play a bomb)", " (oder eine Bombe spielen)")
    return text + "."


def _not_your_seat(r, lang, names):
    return _t(lang, "You do not play that seat.", "Diesen Platz spielst du nicht.")


# -- the bot's suggestion (suggestion.py): named as the bot's, never as a fact ------------

_BOTS_DE = {"hard": "schwer", "normal": "normal", "easy": "leicht", "greedy": "gierig"}


def _bot(level: str, lang: str) -> str:
    return _t(lang, f"The {level.capitalize()} bot", f"Der Bot „{_BOTS_DE.get(level, level)}“")


def _card_list(codes: str, ruleset: str, lang: str, case: str = "acc") -> str:
    """Cards by the names the table shows ("the Pagoda Queen and the Dragon"), never by code."""
    deck = FIFTY_TWO_DECK if ruleset == "fifty-two" else STANDARD_DECK
    specials = {deck.codes[getattr(deck, role)]: role for role in ("dragon", "phoenix", "dog", "mahjong")}
    names = [card_name(code, specials.get(code.rstrip("'")), ruleset, lang, case) for code in codes.split()]
    return join(names, lang)


def _cards_are(r: dict, lang: str) -> str:
    """The reason's cards as the subject of "... no combination", the verb agreeing."""
    cards = _card_list(r["cards"], r.get("ruleset", "standard"), lang, "nom")
    several = len(r["cards"].split()) > 1
    return cap(cards) + _t(lang, " are" if several else " is", " sind" if several else " ist")


def _suggestion(f, lang, names):
    text = _suggested(f, lang, names)
    if (f.get("seat") or {}).get("relation") == "table":  # the Trichu dealer asks for both hands
        text += _t(lang, " (For the Table's hand.)", " (Für die Hand des Tisches.)")
    return text


def _suggested(f, lang, names):
    bot, act = _bot(f["bot"], lang), f["act"]
    if act == "pass":
        return _t(lang, f"{bot} would pass.", f"{bot} würde passen.")
    if act == "tichu":
        return _t(lang, f"{bot} would call Tichu.", f"{bot} würde Tichu ansagen.")
    if act == "no_call":
        return _t(lang, f"{bot} would not call Tichu now.", f"{bot} würde jetzt kein Tichu ansagen.")
    if act == "grand":
        if f["call"]:
            return _t(lang, f"{bot} would call Grand Tichu.", f"{bot} würde Großes Tichu ansagen.")
        return _t(lang, f"{bot} would not call Grand Tichu.", f"{bot} würde kein Großes Tichu ansagen.")
    if act == "gift":
        return _t(lang, f"{bot} would give the Dragon's trick to {seat_phrase(f['to'], lang, names)}.",
                  f"{bot} würde den Stich des Drachen an {seat_phrase(f['to'], lang, names, 'acc')} "
                  f"verschenken.")
    if act == "exchange":
        ruleset = f.get("ruleset", "standard")
        parts = [_t(lang, f"{_card_list(g['cards'], ruleset, lang)} to {seat_phrase(g['to'], lang, names)}",
                    f"{_card_list(g['cards'], ruleset, lang)} an {seat_phrase(g['to'], lang, names, 'acc')}")
                 for g in f["give"]]
        given = join(parts, lang)
        return _t(lang, f"{bot} would pass {given}.", f"{bot} würde {given} schupfen.")
    fact = f.get("fact") or {}
    if "play" not in fact:
        cards = _card_list(f.get("cards", ""), f.get("ruleset", "standard"), lang)
        return _t(lang, f"{bot} would play {cards}.", f"{bot} würde {cards} spielen.")
    text = _t(lang, f"{bot} would play {play_phrase(fact['play'], lang, 'acc')}.",
              f"{bot} würde {play_phrase(fact['play'], lang, 'acc')} spielen.")
    if f.get("wish"):
        text = text[:-1] + _t(lang, f" and wish for {a_rank(f['wish'], lang)}.",
                              f" und sich {a_rank(f['wish'], lang, 'acc')} wünschen.")
    if fact.get("kind") in ("unbeatable", "ends_round"):
        text += " " + say(fact, lang, names)
    return text


_SAYERS = {
    # facts
    "lead": _lead, "other_leads": _other_leads, "beat": _beat, "dragon_gift": _dragon_gift,
    "not_playing": _not_playing, "wish": _wish, "top_cards_out": _top_cards, "bombs_possible": _bombs,
    "unbeatable": _unbeatable, "beatable": _beatable, "ends_round": _ends_round, "dog": _dog,
    "unreadable": _unreadable,
    "can_go_out": _go_out,
    "suggestion": _suggestion,
    "bot_reason": say_reason,
    # why not
    "legal": _legal,
    "game_over": _simple("The game is over.", "Das Spiel ist vorbei."),
    "round_over": _simple("The round is over.", "Die Runde ist vorbei."),
    "not_your_seat": _not_your_seat,
    "unknown_card": _unknown_card, "named_twice": _named_twice,
    "no_cards": _simple("Select at least one card.", "Wähle mindestens eine Karte."),
    "bad_phoenix_rank": _bad_phoenix_rank, "not_in_hand": _not_in_hand,
    "not_your_turn": _not_your_turn, "only_bombs_out_of_turn": _only_bombs,
    "gift_pending_only_bombs": _gift_pending,
    "phoenix_on_dragon": _simple("The Phoenix cannot be played on the Dragon.",
                                 "Der Phönix darf nicht auf den Drachen gespielt werden."),
    "phoenix_single_on_single": _phoenix_single,
    "dragon_alone": _no_combo("the Dragon is only ever played alone",
                              "der Drache wird immer allein gespielt"),
    "dog_alone": _no_combo("the Dog is only ever played alone", "der Hund wird immer allein gespielt"),
    "one_phoenix": _no_combo("a combination holds at most one Phoenix",
                             "eine Kombination enthält höchstens einen Phönix"),
    "mahjong_single_or_straight": _no_combo("the Mah Jong is played alone or as the 1 of a straight",
                                            "das Mah Jong spielt man allein oder als 1 einer Straße"),
    "phoenix_in_bomb": _no_combo("a bomb may not contain the Phoenix, "
                                 "and the Phoenix makes no four of a kind",
                                 "eine Bombe darf den Phönix nicht enthalten, und mit dem Phönix gibt es "
                                 "keine vier Gleichen"),
    "four_needs_four_suits": _no_combo("with two decks, four of a kind is a bomb only "
                                       "in four different suits",
                                       "mit zwei Blättern sind vier Gleiche nur in vier verschiedenen Farben "
                                       "eine Bombe"),
    "stairs_too_short": _stairs_too_short,
    "straight_too_short": _no_combo("a straight needs at least five cards",
                                    "eine Straße braucht mindestens fünf Karten"),
    "stairs_not_adjacent": _no_combo("stairs need pairs of adjacent ranks",
                                     "eine Treppe braucht Paare aufeinanderfolgender Ränge"),
    "no_combination": _no_combination,
    "phoenix_cannot_be": _phoenix_cannot_be,
    "dog_only_leads": _simple("The Dog can only be led, never played on a trick.",
                              "Den Hund darf man nur ausspielen, nie auf einen Stich legen."),
    "needs_higher_bomb": _needs_higher_bomb, "bomb_not_higher": _bomb_not_higher,
    "dragon_needs_bomb": _dragon_needs_bomb, "wrong_kind": _wrong_kind, "wrong_length": _wrong_length,
    "not_higher": _not_higher, "must_fulfil_wish": _must_fulfil,
}

__all__ = ["say"]
