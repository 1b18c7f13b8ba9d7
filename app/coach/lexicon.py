"""Nouns for the coach's sentences: cards, ranks, plays and seats, in the coach's languages.

Every word comes from the gettext catalogs (`catalog.py`): the English phrase is the message
id, and where a language inflects what English does not, the message has a context naming
the grammatical slot ("nominative", "accusative", "dative", "plural"...), so German says
"den Drachen" where English says "the Dragon". The German names are the ones the game's own
catalog uses (Drache, Phönix, Hund, Mah Jong, Bube, Dame, König, Ass, Paar, Drilling,
Treppe, Full House, Straße, Bombe, Platz N, der Tisch). Every phrase takes `case`: "nom",
"acc" or "dat" (English ignores it). Everything here is a pure function of plain data.
"""

from __future__ import annotations

from app.engine.cards import FIFTY_TWO_DECK, STANDARD_DECK

from .catalog import languages, tr, trn, trp

EN, DE = "en", "de"
LANGS = languages()  # English (the message ids) and each language with a catalog under translations/
FACES = ("J", "Q", "K", "A")


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"the coach speaks {', '.join(LANGS)}, not {lang!r}")
    return lang


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _cased(case: str, nom: str, acc: str, dat: str) -> str:
    """The phrase of the case: the three are the same message in three contexts."""
    return {"nom": nom, "acc": acc, "dat": dat}[case]


# -- ranks ------------------------------------------------------------------------------------------

def rank_one(rank: str, lang: str, case: str = "nom") -> str:
    """A rank as one card is called: "Queen" / "Dame", "7" (German "Bube" is "Buben" but in the
    nominative)."""
    if rank not in FACES:
        return rank
    return _cased(case, *(_face(rank, lang, context) for context in ("nominative", "accusative", "dative")))


def _face(rank: str, lang: str, context: str) -> str:
    if context == "nominative":
        names = {"J": trp(lang, "nominative", "Jack"), "Q": trp(lang, "nominative", "Queen"),
                 "K": trp(lang, "nominative", "King"), "A": trp(lang, "nominative", "Ace")}
    elif context == "accusative":
        names = {"J": trp(lang, "accusative", "Jack"), "Q": trp(lang, "accusative", "Queen"),
                 "K": trp(lang, "accusative", "King"), "A": trp(lang, "accusative", "Ace")}
    else:
        names = {"J": trp(lang, "dative", "Jack"), "Q": trp(lang, "dative", "Queen"),
                 "K": trp(lang, "dative", "King"), "A": trp(lang, "dative", "Ace")}
    return names[rank]


def rank_many(rank: str, lang: str, dative: bool = False) -> str:
    """A rank in the plural: "Queens" / "Damen" ("7s" / "7er"; German dative "Königen", "7ern")."""
    if dative:
        faces = {"J": trp(lang, "plural, dative", "Jacks"), "Q": trp(lang, "plural, dative", "Queens"),
                 "K": trp(lang, "plural, dative", "Kings"), "A": trp(lang, "plural, dative", "Aces")}
        return faces[rank] if rank in faces else trp(lang, "plural, dative", "{rank}s", rank=rank)
    faces = {"J": trp(lang, "plural", "Jacks"), "Q": trp(lang, "plural", "Queens"),
             "K": trp(lang, "plural", "Kings"), "A": trp(lang, "plural", "Aces")}
    return faces[rank] if rank in faces else trp(lang, "plural", "{rank}s", rank=rank)


def rank_every(rank: str, lang: str) -> str:
    """A rank after "every" (English singular, German plural after "alle"): "Ace" / "Asse"."""
    faces = {"J": trp(lang, "a rank after 'every'", "Jack"), "Q": trp(lang, "a rank after 'every'", "Queen"),
             "K": trp(lang, "a rank after 'every'", "King"), "A": trp(lang, "a rank after 'every'", "Ace")}
    return faces[rank] if rank in faces else trp(lang, "a rank after 'every'", "{rank}", rank=rank)


def rank_up_to(rank: str, lang: str) -> str:
    """The top rank of stairs, after "up to" (English plural, German one card): "10s" / "10"."""
    faces = {"J": trp(lang, "stairs up to", "Jacks"), "Q": trp(lang, "stairs up to", "Queens"),
             "K": trp(lang, "stairs up to", "Kings"), "A": trp(lang, "stairs up to", "Aces")}
    return faces[rank] if rank in faces else trp(lang, "stairs up to", "{rank}s", rank=rank)


def a_rank(rank: str, lang: str, case: str = "nom") -> str:
    """One card of a rank with the indefinite article: "a Queen", "an Ace" / "eine Dame", "einen König"."""
    if rank == "J":
        return _cased(case, trp(lang, "nominative", "a Jack"), trp(lang, "accusative", "a Jack"),
                      trp(lang, "dative", "a Jack"))
    if rank == "Q":
        return _cased(case, trp(lang, "nominative", "a Queen"), trp(lang, "accusative", "a Queen"),
                      trp(lang, "dative", "a Queen"))
    if rank == "K":
        return _cased(case, trp(lang, "nominative", "a King"), trp(lang, "accusative", "a King"),
                      trp(lang, "dative", "a King"))
    if rank == "A":
        return _cased(case, trp(lang, "nominative", "an Ace"), trp(lang, "accusative", "an Ace"),
                      trp(lang, "dative", "an Ace"))
    if rank.startswith("8"):  # "an 8"
        return _cased(case, trp(lang, "nominative", "an {rank}", rank=rank),
                      trp(lang, "accusative", "an {rank}", rank=rank),
                      trp(lang, "dative", "an {rank}", rank=rank))
    return _cased(case, trp(lang, "nominative", "a {rank}", rank=rank),
                  trp(lang, "accusative", "a {rank}", rank=rank), trp(lang, "dative", "a {rank}", rank=rank))


def half(value: float) -> str:
    """A Phoenix single's value: 8.5 -> "8½", 14.5 -> "A½" (a rank and a half)."""
    whole = int(value)
    names = {11: "J", 12: "Q", 13: "K", 14: "A"}
    base = "" if whole == 0 else names.get(whole, str(whole))
    return f"{base}½"  # (as the cards print their ranks, in every language)


# -- cards --------------------------------------------------------------------------------------------

def special_name(role: str, lang: str, case: str = "nom", article: bool = True, count: int = 1) -> str:
    """A special card by role: "the Dragon" / "den Drachen"; `count` > 1: "2 Dragons" / "2 Drachen"."""
    if count > 1:
        return {"dragon": lambda: trn(lang, "{n} Dragon", "{n} Dragons", count),
                "phoenix": lambda: trn(lang, "{n} Phoenix", "{n} Phoenixes", count),
                "dog": lambda: trn(lang, "{n} Dog", "{n} Dogs", count),
                "mahjong": lambda: trn(lang, "{n} Mah Jong", "{n} Mah Jongs", count)}[role]()
    if not article:
        if role == "dragon":
            return _cased(case, trp(lang, "nominative", "Dragon"), trp(lang, "accusative", "Dragon"),
                          trp(lang, "dative", "Dragon"))
        if role == "phoenix":
            return _cased(case, trp(lang, "nominative", "Phoenix"), trp(lang, "accusative", "Phoenix"),
                          trp(lang, "dative", "Phoenix"))
        if role == "dog":
            return _cased(case, trp(lang, "nominative", "Dog"), trp(lang, "accusative", "Dog"),
                          trp(lang, "dative", "Dog"))
        return _cased(case, trp(lang, "nominative", "Mah Jong"), trp(lang, "accusative", "Mah Jong"),
                      trp(lang, "dative", "Mah Jong"))
    if role == "dragon":
        return _cased(case, trp(lang, "nominative", "the Dragon"), trp(lang, "accusative", "the Dragon"),
                      trp(lang, "dative", "the Dragon"))
    if role == "phoenix":
        return _cased(case, trp(lang, "nominative", "the Phoenix"), trp(lang, "accusative", "the Phoenix"),
                      trp(lang, "dative", "the Phoenix"))
    if role == "dog":
        return _cased(case, trp(lang, "nominative", "the Dog"), trp(lang, "accusative", "the Dog"),
                      trp(lang, "dative", "the Dog"))
    return _cased(case, trp(lang, "nominative", "the Mah Jong"), trp(lang, "accusative", "the Mah Jong"),
                  trp(lang, "dative", "the Mah Jong"))


def card_name(code: str, role: str | None, ruleset: str, lang: str, case: str = "nom") -> str:
    """One card with its article: a special card by its role ("the Dragon" / "den Drachen"), a
    normal one by suit and rank ("the Star Ace" / "das Stern-Ass"); a second deck's copy (its
    code's prime) as the table names it: "the Star Ace (second deck)"."""
    if code.endswith("'"):
        return tr(lang, "{card} (second deck)", card=card_name(code[:-1], role, ruleset, lang, case))
    if role and role not in ("normal", "top_rank"):
        return special_name(role, lang, case)
    rank = code[1:]
    suit = suit_name(code[0], ruleset, lang)
    if rank == "J":
        name = _cased(case, trp(lang, "nominative", "the {suit} Jack", suit=suit),
                      trp(lang, "accusative", "the {suit} Jack", suit=suit),
                      trp(lang, "dative", "the {suit} Jack", suit=suit))
    elif rank == "Q":
        name = _cased(case, trp(lang, "nominative", "the {suit} Queen", suit=suit),
                      trp(lang, "accusative", "the {suit} Queen", suit=suit),
                      trp(lang, "dative", "the {suit} Queen", suit=suit))
    elif rank == "K":
        name = _cased(case, trp(lang, "nominative", "the {suit} King", suit=suit),
                      trp(lang, "accusative", "the {suit} King", suit=suit),
                      trp(lang, "dative", "the {suit} King", suit=suit))
    elif rank == "A":
        name = _cased(case, trp(lang, "nominative", "the {suit} Ace", suit=suit),
                      trp(lang, "accusative", "the {suit} Ace", suit=suit),
                      trp(lang, "dative", "the {suit} Ace", suit=suit))
    else:
        name = _cased(case, trp(lang, "nominative", "the {suit} {rank}", suit=suit, rank=rank),
                      trp(lang, "accusative", "the {suit} {rank}", suit=suit, rank=rank),
                      trp(lang, "dative", "the {suit} {rank}", suit=suit, rank=rank))
    return name


def card_list(codes: str, ruleset: str, lang: str, case: str = "acc") -> str:
    """Cards by the names the table shows ("the Pagoda Queen and the Dragon"), never by code:
    `codes` as a record writes them ("BQ Dr"), a second deck's copy with its prime."""
    deck = FIFTY_TWO_DECK if ruleset == "fifty-two" else STANDARD_DECK
    specials = {deck.codes[getattr(deck, role)]: role for role in ("dragon", "phoenix", "dog", "mahjong")}
    names = [card_name(code, specials.get(code.rstrip("'")), ruleset, lang, case) for code in codes.split()]
    return join(names, lang)


def suit_name(letter: str, ruleset: str, lang: str) -> str:
    """A suit by its letter in the record: "G" -> "Jade" (fifty-two: "H" -> "Hearts" / "Herz")."""
    if ruleset == "fifty-two":
        suits = {"S": trp(lang, "suit", "Spades"), "H": trp(lang, "suit", "Hearts"),
                 "D": trp(lang, "suit", "Diamonds"), "C": trp(lang, "suit", "Clubs")}
    else:
        suits = {"S": trp(lang, "suit", "Sword"), "B": trp(lang, "suit", "Pagoda"),
                 "G": trp(lang, "suit", "Jade"), "R": trp(lang, "suit", "Star")}
    return suits.get(letter, letter)


# -- plays --------------------------------------------------------------------------------------------

def play_phrase(info: dict, lang: str, case: str = "nom") -> str:
    """A play (a `play_info` dict) with the definite article: "the pair of Queens" /
    "das Paar Damen"; German in the given case."""
    kind, rank, n = info["kind"], info["rank"], info["length"]
    if kind in ("single", "dog"):
        special = info.get("special")
        if special == "phoenix":
            return tr(lang, "{phoenix} (as {value})", phoenix=special_name(special, lang, case),
                      value=half(info["value"]))
        if special:
            return special_name(special, lang, case)
        return _the_single(rank, lang, case)
    if kind == "pair":
        ranks = rank_many(rank, lang)
        return _cased(case, trp(lang, "nominative", "the pair of {ranks}", ranks=ranks),
                      trp(lang, "accusative", "the pair of {ranks}", ranks=ranks),
                      trp(lang, "dative", "the pair of {ranks}", ranks=ranks))
    if kind == "triple":
        ranks = rank_many(rank, lang)
        return _cased(case, trp(lang, "nominative", "the triple of {ranks}", ranks=ranks),
                      trp(lang, "accusative", "the triple of {ranks}", ranks=ranks),
                      trp(lang, "dative", "the triple of {ranks}", ranks=ranks))
    if kind == "stairs":
        values = {"pairs": n // 2, "ranks": rank_up_to(rank, lang)}
        return _cased(case, trp(lang, "nominative", "the stairs of {pairs} pairs up to {ranks}", **values),
                      trp(lang, "accusative", "the stairs of {pairs} pairs up to {ranks}", **values),
                      trp(lang, "dative", "the stairs of {pairs} pairs up to {ranks}", **values))
    if kind == "full_house":
        ranks = rank_many(rank, lang, dative=True)
        return _cased(case, trp(lang, "nominative", "the full house with three {ranks}", ranks=ranks),
                      trp(lang, "accusative", "the full house with three {ranks}", ranks=ranks),
                      trp(lang, "dative", "the full house with three {ranks}", ranks=ranks))
    if kind == "straight":
        values = {"n": n, "top": _top(rank, lang)}
        return _cased(case, trp(lang, "nominative", "the straight of {n} cards up to {top}", **values),
                      trp(lang, "accusative", "the straight of {n} cards up to {top}", **values),
                      trp(lang, "dative", "the straight of {n} cards up to {top}", **values))
    if info.get("bomb") == "four":
        ranks = rank_many(rank, lang, dative=True)
        return _cased(case, trp(lang, "nominative", "the bomb of four {ranks}", ranks=ranks),
                      trp(lang, "accusative", "the bomb of four {ranks}", ranks=ranks),
                      trp(lang, "dative", "the bomb of four {ranks}", ranks=ranks))
    values = {"low": _top(info["low"], lang), "high": _top(rank, lang)}
    return _cased(case, trp(lang, "nominative", "the straight flush bomb from {low} to {high}", **values),
                  trp(lang, "accusative", "the straight flush bomb from {low} to {high}", **values),
                  trp(lang, "dative", "the straight flush bomb from {low} to {high}", **values))


def _the_single(rank: str, lang: str, case: str) -> str:
    """A single normal card with the definite article: "the Queen" / "die Dame", "the 7" / "die 7"."""
    if rank == "J":
        return _cased(case, trp(lang, "nominative", "the Jack"), trp(lang, "accusative", "the Jack"),
                      trp(lang, "dative", "the Jack"))
    if rank == "Q":
        return _cased(case, trp(lang, "nominative", "the Queen"), trp(lang, "accusative", "the Queen"),
                      trp(lang, "dative", "the Queen"))
    if rank == "K":
        return _cased(case, trp(lang, "nominative", "the King"), trp(lang, "accusative", "the King"),
                      trp(lang, "dative", "the King"))
    if rank == "A":
        return _cased(case, trp(lang, "nominative", "the Ace"), trp(lang, "accusative", "the Ace"),
                      trp(lang, "dative", "the Ace"))
    return _cased(case, trp(lang, "nominative", "the {rank}", rank=rank),
                  trp(lang, "accusative", "the {rank}", rank=rank),
                  trp(lang, "dative", "the {rank}", rank=rank))


def _top(rank: str, lang: str) -> str:
    if rank == "1":
        return special_name("mahjong", lang, article=False)
    return rank_one(rank, lang)


def kind_of(info: dict, lang: str) -> str:
    """What kind of play it is, with the indefinite article (nominative): "a pair" / "ein Paar"."""
    return {"single": lambda: trp(lang, "kind of play", "a single card"),
            "dog": lambda: trp(lang, "kind of play", "the Dog"),
            "pair": lambda: trp(lang, "kind of play", "a pair"),
            "triple": lambda: trp(lang, "kind of play", "a triple"),
            "stairs": lambda: trp(lang, "kind of play", "stairs"),
            "full_house": lambda: trp(lang, "kind of play", "a full house"),
            "straight": lambda: trp(lang, "kind of play", "a straight"),
            "bomb": lambda: trp(lang, "kind of play", "a bomb")}[info["kind"]]()


def higher_of_kind(info: dict, lang: str, case: str = "dat") -> str:
    """A higher play of the same kind and length, indefinite: "a higher pair" / German
    "einem höheren Paar" (dative, after "mit") or "ein höheres Paar" (accusative; any case
    but the dative)."""
    kind, n = info["kind"], info["length"]
    pairs = n // 2
    if case == "dat":
        return {"single": lambda: trp(lang, "dative", "a higher single card"),
                "pair": lambda: trp(lang, "dative", "a higher pair"),
                "triple": lambda: trp(lang, "dative", "a higher triple"),
                "stairs": lambda: trp(lang, "dative", "higher stairs of {pairs} pairs", pairs=pairs),
                "full_house": lambda: trp(lang, "dative", "a higher full house"),
                "straight": lambda: trp(lang, "dative", "a higher straight of {n} cards", n=n)}[kind]()
    return {"single": lambda: trp(lang, "accusative", "a higher single card"),
            "pair": lambda: trp(lang, "accusative", "a higher pair"),
            "triple": lambda: trp(lang, "accusative", "a higher triple"),
            "stairs": lambda: trp(lang, "accusative", "higher stairs of {pairs} pairs", pairs=pairs),
            "full_house": lambda: trp(lang, "accusative", "a higher full house"),
            "straight": lambda: trp(lang, "accusative", "a higher straight of {n} cards", n=n)}[kind]()


# -- seats --------------------------------------------------------------------------------------------

def seat_phrase(who: dict | None, lang: str, names: dict | None = None, case: str = "nom") -> str:
    """A seat as the sentence names it: the player's name where `names` gives one, "your
    partner", "the Table", else as the table names a seat nobody named: "Seat 4" / "Platz 4"
    for seat 3 (`table_name`). ("your own hand": the dealer's own hand, named so when the
    dealer plays the Table.)"""
    if who is None:
        return "?"
    seat, relation = who["seat"], who["relation"]
    name = (names or {}).get(seat)
    if relation == "you":
        return _cased(case, trp(lang, "nominative", "you"), trp(lang, "accusative", "you"),
                      trp(lang, "dative", "you"))
    if relation == "table":
        return _cased(case, trp(lang, "nominative", "the Table"), trp(lang, "accusative", "the Table"),
                      trp(lang, "dative", "the Table"))
    if relation == "dealer":
        return _cased(case, trp(lang, "nominative", "your own hand"),
                      trp(lang, "accusative", "your own hand"), trp(lang, "dative", "your own hand"))
    if relation == "partner" and name is None:
        return _cased(case, trp(lang, "nominative", "your partner"), trp(lang, "accusative", "your partner"),
                      trp(lang, "dative", "your partner"))
    if name is not None:
        if relation == "partner":
            return _cased(case, trp(lang, "nominative", "your partner {name}", name=name),
                          trp(lang, "accusative", "your partner {name}", name=name),
                          trp(lang, "dative", "your partner {name}", name=name))
        return name
    return table_name(seat, lang)


def table_name(seat: int, lang: str, name: str | None = None, bot: bool = False) -> str:
    """A seat's name as the table shows it (static/js/context.js `seatName`, with the same
    messages): its player's name, else "Bot 3" where a bot plays it, else "Seat 3"; the
    number counts from 1 (seat 2 is "Seat 3"). Only what every seat sees: the seat's public
    name and whether a bot sits there."""
    if name:
        return name
    if bot:
        return tr(lang, "Bot {n}", n=seat + 1)
    return tr(lang, "Seat {n}", n=seat + 1)


def join(items: list[str], lang: str) -> str:
    """"a, b and c" / "a, b und c"."""
    if len(items) <= 1:
        return "".join(items)
    return tr(lang, "{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def join_or(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return tr(lang, "{items} or {last}", items=", ".join(items[:-1]), last=items[-1])
