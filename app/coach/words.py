"""Sentences: the coach's facts and why-not reasons in the coach's languages.

`say(item, lang)` is a pure function of one structured item (a fact from
`facts.py` or a reason from `why_not.py`) and a language code ("en", "de");
`names` may map seat numbers to player names. It states what the item states
and nothing more: the figures and claims are all in the item, proved there.

Every sentence is a gettext message (`catalog.py`): the English text with named
`{placeholders}` is the message id, and `translations/<lang>/LC_MESSAGES/messages.po`
holds each other language, so a language orders the placeholders as it needs. The
nouns filled in (cards, plays, seats, in the case the sentence needs) are `lexicon.py`'s.
Where English alone varies (a verb agreeing with "stairs"), each form is its own message.
"""

from __future__ import annotations

from .catalog import tr, trp
from .lexicon import (
    EN,
    a_rank,
    cap,
    card_list,
    card_name,
    check_lang,
    higher_of_kind,
    join,
    join_or,
    kind_of,
    play_phrase,
    rank_every,
    rank_many,
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


def _stairs(info: dict) -> bool:
    """Whether English speaks of the play in the plural ("the stairs ... are")."""
    return info["kind"] == "stairs"


# -- facts --------------------------------------------------------------------------------------------

def _lead(f, lang, names):
    rank = f.get("must_lead_wish")
    if rank and f.get("bomb_instead"):
        text = tr(lang, "You lead, and the wish binds you: lead a combination with {rank}, or a bomb.",
                  rank=a_rank(rank, lang, "dat"))
    elif rank:
        text = tr(lang, "You lead, and the wish binds you: lead a combination with {rank}.",
                  rank=a_rank(rank, lang, "dat"))
    else:
        text = tr(lang, "You lead: play any combination, or a bomb.")
    if f.get("collects"):
        text = tr(lang, "Everybody passed and {lead}", lead=text[0].lower() + text[1:])
    if f["dog"] and rank:
        text += " " + tr(lang, "You may not lead the Dog while the wish binds you.")
    elif f["dog"]:
        text += " " + _dog_passes(f, lang, names, tr(lang, "The Dog can only be led"))
    return text


def _dog_passes(f: dict, lang: str, names: dict, start: str) -> str:
    """The end of a sentence about the Dog (`start`): whom it passes the lead to."""
    to = f["dog_to"]
    if f.get("ends_round"):
        return tr(lang, "{start}; it is your last card, and the round ends when you play it.", start=start)
    if len(to) > 1:
        target = tr(lang, "a partner of your choice")
    elif to:
        target = seat_phrase(to[0], lang, names, "acc")
    else:
        return start + "."
    if f.get("partner_out"):
        return tr(lang, "{start}: your partner is out, so it passes the lead to {target}.", start=start,
                  target=target)
    return tr(lang, "{start}: it passes the lead to {target}.", start=start, target=target)


def _other_leads(f, lang, names):
    turn = seat_phrase(f["turn"], lang, names)
    return cap(tr(lang, "{turn} leads: there is nothing to beat yet.", turn=turn))


def _beat(f, lang, names):
    top = f["top"]
    if f["beaten_by"] == "same_kind":
        text = cap(tr(lang, "{it} must be beaten by {higher}, or a bomb.", it=play_phrase(top, lang),
                      higher=higher_of_kind(top, lang)))
    elif f["beaten_by"] == "bomb":
        text = _only_a_bomb_beats_the_dragon(f, lang)
    else:
        text = cap(tr(lang, "Only a higher bomb beats {it}.", it=play_phrase(top, lang, "acc")))
    if f["dog"] and f["your_turn"]:
        text += " " + tr(lang, "(The Dog can only be led.)")
    return text


def _only_a_bomb_beats_the_dragon(item: dict, lang: str) -> str:
    if item.get("second_dragon"):
        return tr(lang, "Only a bomb, or the other Dragon, beats the Dragon.")
    return tr(lang, "Only a bomb beats the Dragon.")


def _dragon_gift(f, lang, names):
    if f["giver"]["relation"] == "you":
        return tr(lang, "Your Dragon won the trick: give it to an opponent.")
    return cap(tr(lang, "{giver} won the trick with the Dragon and must now give it to an opponent.",
                  giver=seat_phrase(f["giver"], lang, names)))


def _not_playing(f, lang, names):
    phase = f.get("phase")
    if phase == "grand":
        return tr(lang, "The cards are still being dealt.")
    if phase == "exchange":
        return tr(lang, "Cards are played once the exchange is done.")
    return tr(lang, "No cards are being played now.")


def _wish(f, lang, names):
    rank = a_rank(f["rank"], lang)
    if f["exempt"]:
        return tr(lang, "The wish is for {rank}. The Table need not fulfil it.", rank=rank)
    n = f["holds"]
    if not n:
        return tr(lang, "The wish is for {rank}; you hold no {ranks}, so it does not bind you.", rank=rank,
                  ranks=rank_many(f["rank"], lang))
    if f["must_now"]:
        text = tr(lang, "The wish is for {rank}, and you hold {n}: you must fulfil it now "
                        "({k} of your plays do).", rank=rank, n=n, k=len(f["fulfilling"]))
        if f["bomb_instead"]:
            text += " " + tr(lang, "A bomb is allowed instead.")
        return text
    if f["your_turn"]:
        return tr(lang, "The wish is for {rank}. You hold {n} but cannot play one on this trick, "
                        "so you are free this time.", rank=rank, n=n)
    return tr(lang, "The wish is for {rank}, and you hold {n}: in your turn you must play one if you can.",
              rank=rank, n=n)


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
        many = rank_many(top, lang)
        parts.append(a_rank(top, lang) if k == 1 else
                     trp(lang, "a count of cards of one rank", "{n} {ranks}", n=k, ranks=many))
    if not cards:
        return tr(lang, "Every Dragon, Phoenix and {rank} is played or in your hand.",
                  rank=rank_every(top, lang))
    text = ""
    if parts:
        text = tr(lang, "Neither played nor in your hand: {cards}.", cards=join(parts, lang))
    # The known ones, each holder once with all its cards ("Of these, the Table holds the Pagoda
    # Ace and the Jade Ace."); a lone card out needs no "of these".
    held: dict = {}
    for c in cards:
        if c["holder"] is not None:
            held.setdefault(c["holder"]["seat"], (c["holder"], []))[1].append(
                card_name(c["card"], c["role"], f["ruleset"], lang, "acc"))
    for i, (holder, known) in enumerate(held.values()):
        card = join(known, lang)
        first = i == 0 and len(cards) > 1
        if holder["relation"] == "you":
            sentence = tr(lang, "Of these, you hold {card}.", card=card) if first else (
                tr(lang, "You hold {card}.", card=card))
        else:
            who = seat_phrase(holder, lang, names)
            sentence = tr(lang, "Of these, {holder} holds {card}.", holder=who, card=card) if first else (
                cap(tr(lang, "{holder} holds {card}.", holder=who, card=card)))
        text += " " + sentence
    return text


def _bombs(f, lang, names):
    fours, flushes = f["fours"], f["straight_flushes"]
    if not fours and not flushes:
        return tr(lang, "By the cards you have seen, no other hand can hold a bomb.")
    items = [tr(lang, "four {ranks}", ranks=rank_many(b["rank"], lang)) for b in fours]
    for b in flushes:
        items.append(tr(lang, "a straight flush in {suit} from {low} to {high}",
                        suit=suit_name(b["suit"], f["ruleset"], lang), low=b["low"], high=b["high"]))
    text = tr(lang, "By the cards you have seen, another hand could still hold: {bombs}.",
              bombs=join(items, lang))
    for b in fours + flushes:
        if b["certain"] is not None:
            if "rank" in b:
                what = tr(lang, "four {ranks}", ranks=rank_many(b["rank"], lang))
            else:
                what = tr(lang, "the straight flush in {suit} from {low} to {high}",
                          suit=suit_name(b["suit"], f["ruleset"], lang), low=b["low"], high=b["high"])
            holder = cap(seat_phrase(b["certain"], lang, names))
            text += " " + tr(lang, "{holder} holds {what} for certain.", holder=holder, what=what)
    return text


def _unbeatable(f, lang, names):
    it, partners = play_phrase(f["play"], lang, "acc"), f["partners"]
    if not f["teams"]:
        text = tr(lang, "Nobody can beat {it} (every player plays for himself here): no other hand can hold "
                        "anything higher, nor a bomb.", it=it)
    elif not partners:
        text = tr(lang, "Nobody can beat {it}: no other hand can hold anything higher, nor a bomb.", it=it)
    elif len(partners) > 1:
        text = tr(lang, "Nobody can beat {it}, not even your partners: no other hand can hold anything "
                        "higher, nor a bomb.", it=it)
    else:
        text = tr(lang, "Nobody can beat {it}, not even {partner}: no other hand can hold anything higher, "
                        "nor a bomb.", it=it, partner=seat_phrase(partners[0], lang, names))
    text = cap(text)
    if f["dragon_gift"]:
        text += " " + tr(lang, "If the Dragon wins the trick, you must give the trick to an opponent.")
    return text


def _beatable(f, lang, names):
    play = f["play"]
    if f["by"] == "bomb" and play["kind"] == "bomb":
        return tr(lang, "By the cards you have seen, another hand could still hold a higher bomb.")
    if f["by"] == "bomb":
        return cap(tr(lang, "By the cards you have seen, another hand could still hold a bomb, which beats "
                            "{it}.", it=play_phrase(play, lang, "acc")))
    if f["by"] == "dragon":
        return tr(lang, "By the cards you have seen, another hand could still hold the other Dragon, "
                        "which beats this one.")
    return tr(lang, "By the cards you have seen, another hand could still hold {higher}.",
              higher=higher_of_kind(play, lang, "acc"))


def _ends_round(f, lang, names):
    if f["how"] == "team_first":
        why = tr(lang, "your team is out first")
    else:
        why = tr(lang, "only one hand is left with cards")
    return cap(tr(lang, "With {it} you go out and the round ends at once ({why}): nobody can beat it.",
                  it=play_phrase(f["play"], lang, "dat"), why=why))


def _dog(f, lang, names):
    return _dog_passes(f, lang, names, tr(lang, "Nothing is ever played on the Dog"))


def _unreadable(f, lang, names):
    return tr(lang, "These cards are no play here.")


def _go_out(f, lang, names):
    plan = f["plan"]
    partners = f["partners"]
    if f["teams"] and len(partners) > 1:
        whoever = tr(lang, "whatever the others hold, your partners included")
    elif f["teams"] and partners:
        whoever = tr(lang, "whatever the others hold, {partner} included",
                     partner=seat_phrase(partners[0], lang, names))
    else:
        whoever = tr(lang, "whatever the others hold")
    if len(plan) == 1:
        return tr(lang, "You can go out now with {play}, {whoever}.", play=play_phrase(plan[0], lang, "dat"),
                  whoever=whoever)
    steps = [play_phrase(p, lang, "acc") for p in plan]
    sequence = steps[0]
    for step in steps[1:-1]:
        sequence = tr(lang, "{plays}, then {play}", plays=sequence, play=step)
    return tr(lang, "You can go out from here, {whoever}: play {plays}, and {last} last. "
                    "Nobody can beat any of these before your last one.", whoever=whoever, plays=sequence,
              last=steps[-1])


# -- why not ------------------------------------------------------------------------------------------

def _legal(r, lang, names):
    plays = r["plays"]
    play = plays[0]
    if r["mode"] == "lead":
        text = tr(lang, "You may lead {it}.", it=play_phrase(play, lang, "acc"))
    elif r["mode"] == "follow":
        it = play_phrase(play, lang)
        text = cap(tr(lang, "{it} beat the trick: you may play it.", it=it) if _stairs(play)
                   else tr(lang, "{it} beats the trick: you may play it.", it=it))
    else:
        text = cap(tr(lang, "You may throw {it} now, out of turn.", it=play_phrase(play, lang, "acc")))
    ranks = [p["phoenix"] for p in plays if p["phoenix"] is not None]
    if len(ranks) > 1:
        text += " " + tr(lang, "The Phoenix can stand for {ranks} here (for {first} unless you say "
                               "otherwise).", ranks=join_or(ranks, lang), first=ranks[0])
    if r.get("fulfils_wish"):
        text += " " + tr(lang, "It fulfils the wish.")
    if r.get("may_wish"):
        text += " " + tr(lang, "With the Mah Jong you may wish for a rank.")
    if r.get("dog_to"):
        text += " " + tr(lang, "Choose the partner who gets the lead.")
    return text


def _unknown_card(r, lang, names):
    return tr(lang, "{tokens}: not a card of this deck.", tokens=", ".join(r["tokens"]))


def _named_twice(r, lang, names):
    return tr(lang, "{tokens} is named twice.", tokens=", ".join(r["tokens"]))


def _bad_phoenix_rank(r, lang, names):
    return tr(lang, "'{rank}' is not a rank the Phoenix can stand for.", rank=r["rank"])


def _not_in_hand(r, lang, names):
    cards = card_list(r["cards"], r.get("ruleset", "standard"), lang)
    return cap(tr(lang, "You do not hold {cards}.", cards=cards))


def _not_your_turn(r, lang, names):
    turn = seat_phrase(r.get("turn"), lang, names) if r.get("turn") else None
    if r.get("leading") and turn:
        return cap(tr(lang, "{turn} leads now: a bomb needs a combination on the table.", turn=turn))
    return tr(lang, "It is not your turn.")


def _only_bombs(r, lang, names):
    if r.get("turn"):
        return tr(lang, "It is not your turn ({turn} plays now): out of turn only a bomb may be played.",
                  turn=seat_phrase(r["turn"], lang, names))
    return tr(lang, "It is not your turn: out of turn only a bomb may be played.")


def _phoenix_single(r, lang, names):
    return tr(lang, "A single Phoenix can only follow a single card, and the trick is {top}.",
              top=play_phrase(r["top"], lang))


def _no_combo(rule):
    """A reason the cards are no combination: `rule(lang)` is the rule they break."""
    def speak(r, lang, names):
        return _no_combination_because(r, lang, rule(lang))
    return speak


def _no_combination_because(r: dict, lang: str, rule: str) -> str:
    """"The Dragon and the 7 are not a combination: <rule>." (the verb agreeing with the cards)."""
    cards = card_list(r["cards"], r.get("ruleset", "standard"), lang, "nom")
    if len(r["cards"].split()) > 1:
        return cap(tr(lang, "{cards} are not a combination: {rule}.", cards=cards, rule=rule))
    return cap(tr(lang, "{cards} is not a combination: {rule}.", cards=cards, rule=rule))


def _stairs_too_short(r, lang, names):
    return _no_combination_because(r, lang, tr(lang, "stairs need at least {n} pairs at this table",
                                               n=r["min_pairs"]))


def _no_combination(r, lang, names):
    cards = card_list(r["cards"], r.get("ruleset", "standard"), lang, "nom")
    if len(r["cards"].split()) > 1:
        return cap(tr(lang, "{cards} are not a combination. Combinations are single cards, pairs, triples, "
                            "stairs, full houses, straights and bombs.", cards=cards))
    return cap(tr(lang, "{cards} is not a combination. Combinations are single cards, pairs, triples, "
                        "stairs, full houses, straights and bombs.", cards=cards))


def _phoenix_cannot_be(r, lang, names):
    can = join_or(r["can_be"], lang)
    if not can:
        return tr(lang, "The Phoenix is given a rank only inside a combination.")
    return tr(lang, "The Phoenix cannot stand for {rank} here, only for {ranks}.", rank=r["rank"], ranks=can)


def _needs_higher_bomb(r, lang, names):
    return cap(tr(lang, "{it} is a bomb: only a higher bomb beats it.", it=play_phrase(r["top"], lang)))


def _bomb_not_higher(r, lang, names):
    return cap(tr(lang, "{yours} is not higher than {top}. Any straight flush beats four of a kind, "
                        "a longer one beats a shorter one, then the higher top card wins.",
                  yours=play_phrase(r["yours"], lang), top=play_phrase(r["top"], lang)))


def _dragon_needs_bomb(r, lang, names):
    return _only_a_bomb_beats_the_dragon(r, lang)


def _wrong_kind(r, lang, names):
    top, yours = r["top"], r["yours"]
    values = {"it": play_phrase(top, lang), "higher": higher_of_kind(top, lang, "acc"),
              "kind": kind_of(yours, lang)}
    if _stairs(top):
        return cap(tr(lang, "{it} are on the table: it takes {higher} or a bomb, and your cards are {kind}.",
                      **values))
    return cap(tr(lang, "{it} is on the table: it takes {higher} or a bomb, and your cards are {kind}.",
                  **values))


def _wrong_length(r, lang, names):
    top, yours = r["top"], r["yours"]
    values = {"it": play_phrase(top, lang), "higher": higher_of_kind(top, lang, "acc"), "n": top["length"],
              "m": yours["length"]}
    if _stairs(top) and _stairs(yours):
        text = tr(lang, "{it} have {n} cards: it takes {higher} (or a bomb), and yours have {m}.", **values)
    elif _stairs(top):
        text = tr(lang, "{it} have {n} cards: it takes {higher} (or a bomb), and yours has {m}.", **values)
    elif _stairs(yours):
        text = tr(lang, "{it} has {n} cards: it takes {higher} (or a bomb), and yours have {m}.", **values)
    else:
        text = tr(lang, "{it} has {n} cards: it takes {higher} (or a bomb), and yours has {m}.", **values)
    return cap(text)


def _not_higher(r, lang, names):
    top, yours = r["top"], r["yours"]
    values = {"yours": play_phrase(yours, lang), "top": play_phrase(top, lang)}
    if r["equal"] and _stairs(yours):
        text = tr(lang, "{yours} are not higher than {top}: an equal rank does not beat.", **values)
    elif r["equal"]:
        text = tr(lang, "{yours} is not higher than {top}: an equal rank does not beat.", **values)
    elif _stairs(yours):
        text = tr(lang, "{yours} are lower than {top}.", **values)
    else:
        text = tr(lang, "{yours} is lower than {top}.", **values)
    return cap(text)


def _must_fulfil(r, lang, names):
    rank = a_rank(r["rank"], lang)
    example = r["fulfilling"][0] if r["fulfilling"] else None
    bomb = r.get("bomb_instead")
    if example is not None:
        play = play_phrase(example, lang, "dat")
        if bomb:
            return tr(lang, "The wish is for {rank} and you can play one: you must, for instance with {play} "
                            "(or play a bomb).", rank=rank, play=play)
        return tr(lang, "The wish is for {rank} and you can play one: you must, for instance with {play}.",
                  rank=rank, play=play)
    if bomb:
        return tr(lang, "The wish is for {rank} and you can play one: you must (or play a bomb).", rank=rank)
    return tr(lang, "The wish is for {rank} and you can play one: you must.", rank=rank)


def _not_your_seat(r, lang, names):
    return tr(lang, "You do not play that seat.")


# -- the bot's suggestion (suggestion.py): named as the bot's, never as a fact ------------

def _bot(level: str, lang: str) -> str:
    known = {"hard": trp(lang, "bot level", "Hard"), "normal": trp(lang, "bot level", "Normal"),
             "easy": trp(lang, "bot level", "Easy"), "greedy": trp(lang, "bot level", "Greedy")}
    # (a level the coach does not know, which `suggest` never gives, by its code)
    name = known.get(level) or (level.capitalize() if lang == EN else level)
    return tr(lang, "The {level} bot", level=name)


def _suggestion(f, lang, names):
    text = _suggested(f, lang, names)
    if (f.get("seat") or {}).get("relation") == "table":  # the Trichu dealer asks for both hands
        text += " " + tr(lang, "(For the Table's hand.)")
    return text


def _suggested(f, lang, names):
    bot, act = _bot(f["bot"], lang), f["act"]
    if act == "pass":
        return tr(lang, "{bot} would pass.", bot=bot)
    if act == "tichu":
        return tr(lang, "{bot} would call Tichu.", bot=bot)
    if act == "no_call":
        return tr(lang, "{bot} would not call Tichu now.", bot=bot)
    if act == "grand":
        if f["call"]:
            return tr(lang, "{bot} would call Grand Tichu.", bot=bot)
        return tr(lang, "{bot} would not call Grand Tichu.", bot=bot)
    if act == "gift":
        return tr(lang, "{bot} would give the Dragon's trick to {to}.", bot=bot,
                  to=seat_phrase(f["to"], lang, names, "acc"))
    if act == "exchange":
        ruleset = f.get("ruleset", "standard")
        parts = [tr(lang, "{cards} to {to}", cards=card_list(g["cards"], ruleset, lang),
                    to=seat_phrase(g["to"], lang, names, "acc")) for g in f["give"]]
        return tr(lang, "{bot} would pass {cards}.", bot=bot, cards=join(parts, lang))
    fact = f.get("fact") or {}
    if "play" not in fact:
        cards = card_list(f.get("cards", ""), f.get("ruleset", "standard"), lang)
        return tr(lang, "{bot} would play {cards}.", bot=bot, cards=cards)
    cards = play_phrase(fact["play"], lang, "acc")
    if f.get("wish"):
        text = tr(lang, "{bot} would play {cards} and wish for {rank}.", bot=bot, cards=cards,
                  rank=a_rank(f["wish"], lang, "acc"))
    else:
        text = tr(lang, "{bot} would play {cards}.", bot=bot, cards=cards)
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
    "game_over": lambda r, lang, names: tr(lang, "The game is over."),
    "round_over": lambda r, lang, names: tr(lang, "The round is over."),
    "not_your_seat": _not_your_seat,
    "unknown_card": _unknown_card, "named_twice": _named_twice,
    "no_cards": lambda r, lang, names: tr(lang, "Select at least one card."),
    "bad_phoenix_rank": _bad_phoenix_rank, "not_in_hand": _not_in_hand,
    "not_your_turn": _not_your_turn, "only_bombs_out_of_turn": _only_bombs,
    "gift_pending_only_bombs": lambda r, lang, names: tr(
        lang, "The Dragon's trick waits to be given away: only a bomb can be played now."),
    "phoenix_on_dragon": lambda r, lang, names: tr(lang, "The Phoenix cannot be played on the Dragon."),
    "phoenix_single_on_single": _phoenix_single,
    "dragon_alone": _no_combo(lambda lang: tr(lang, "the Dragon is only ever played alone")),
    "dog_alone": _no_combo(lambda lang: tr(lang, "the Dog is only ever played alone")),
    "one_phoenix": _no_combo(lambda lang: tr(lang, "a combination holds at most one Phoenix")),
    "mahjong_single_or_straight": _no_combo(
        lambda lang: tr(lang, "the Mah Jong is played alone or as the 1 of a straight")),
    "phoenix_in_bomb": _no_combo(
        lambda lang: tr(lang, "a bomb may not contain the Phoenix, and the Phoenix makes no four of a kind")),
    "four_needs_four_suits": _no_combo(
        lambda lang: tr(lang, "with two decks, four of a kind is a bomb only in four different suits")),
    "stairs_too_short": _stairs_too_short,
    "straight_too_short": _no_combo(lambda lang: tr(lang, "a straight needs at least five cards")),
    "stairs_not_adjacent": _no_combo(lambda lang: tr(lang, "stairs need pairs of adjacent ranks")),
    "no_combination": _no_combination,
    "phoenix_cannot_be": _phoenix_cannot_be,
    "dog_only_leads": lambda r, lang, names: tr(lang, "The Dog can only be led, never played on a trick."),
    "needs_higher_bomb": _needs_higher_bomb, "bomb_not_higher": _bomb_not_higher,
    "dragon_needs_bomb": _dragon_needs_bomb, "wrong_kind": _wrong_kind, "wrong_length": _wrong_length,
    "not_higher": _not_higher, "must_fulfil_wish": _must_fulfil,
}

__all__ = ["say"]
