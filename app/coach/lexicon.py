"""Nouns for the coach's sentences: cards, ranks, plays and seats, in English and German.

The German names are the ones the game's own catalog uses (translations/de:
Drache, Phönix, Hund, Mah Jong, Bube, Dame, König, Ass, Paar, Drilling,
Treppe, Full House, Straße, Bombe, Platz N, der Tisch). German needs the case
a noun phrase stands in, so every phrase takes `case`: "nom", "acc" or "dat".
Everything here is a pure function of plain data.
"""

from __future__ import annotations

EN, DE = "en", "de"
LANGS = (EN, DE)

_FACES_EN = {"J": ("Jack", "Jacks"), "Q": ("Queen", "Queens"), "K": ("King", "Kings"), "A": ("Ace", "Aces")}
# German: singular, plural, dative plural, gender (m, f, n); number cards are feminine ("die 7").
_FACES_DE = {"J": ("Bube", "Buben", "Buben", "m"), "Q": ("Dame", "Damen", "Damen", "f"),
             "K": ("König", "Könige", "Königen", "m"), "A": ("Ass", "Asse", "Assen", "n")}
_ARTICLES = {  # definite and indefinite articles by gender and case
    "m": {"nom": ("der", "ein"), "acc": ("den", "einen"), "dat": ("dem", "einem")},
    "f": {"nom": ("die", "eine"), "acc": ("die", "eine"), "dat": ("der", "einer")},
    "n": {"nom": ("das", "ein"), "acc": ("das", "ein"), "dat": ("dem", "einem")},
}
_SUITS = {
    EN: {"S": "Sword", "B": "Pagoda", "G": "Jade", "R": "Star"},
    DE: {"S": "Schwert", "B": "Pagode", "G": "Jade", "R": "Stern"},
}
_SUITS_52 = {
    EN: {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"},
    DE: {"S": "Pik", "H": "Herz", "D": "Karo", "C": "Kreuz"},
}
# The special cards: English name; German (nominative, accusative/dative stem, gender, plural).
_SPECIAL_EN = {"dragon": ("Dragon", "Dragons"), "phoenix": ("Phoenix", "Phoenixes"), "dog": ("Dog", "Dogs"),
               "mahjong": ("Mah Jong", "Mah Jongs")}
_SPECIAL_DE = {"dragon": ("Drache", "Drachen", "m", "Drachen"),
               "phoenix": ("Phönix", "Phönix", "m", "Phönixe"),
               "dog": ("Hund", "Hund", "m", "Hunde"),
               "mahjong": ("Mah Jong", "Mah Jong", "n", "Mah Jongs")}


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"the coach speaks {', '.join(LANGS)}, not {lang!r}")
    return lang


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- ranks ------------------------------------------------------------------------------------------

def rank_one(rank: str, lang: str, case: str = "nom") -> str:
    """A rank as one card is called: "Queen" / "Dame", "7" (German "Bube" is "Buben" but in the
    nominative)."""
    if lang == DE:
        if rank == "J" and case != "nom":
            return "Buben"
        return _FACES_DE[rank][0] if rank in _FACES_DE else rank
    return _FACES_EN[rank][0] if rank in _FACES_EN else rank


def rank_many(rank: str, lang: str, dative: bool = False) -> str:
    """A rank in the plural: "Queens" / "Damen" ("7s" / "7er"; German dative "Königen", "7ern")."""
    if lang == DE:
        if rank in _FACES_DE:
            return _FACES_DE[rank][2 if dative else 1]
        return rank + ("ern" if dative else "er")
    return _FACES_EN[rank][1] if rank in _FACES_EN else rank + "s"


def rank_gender(rank: str) -> str:
    return _FACES_DE[rank][3] if rank in _FACES_DE else "f"


def a_rank(rank: str, lang: str, case: str = "nom") -> str:
    """One card of a rank with the indefinite article: "a Queen", "an Ace" / "eine Dame", "einen König"."""
    if lang == DE:
        return f"{_ARTICLES[rank_gender(rank)][case][1]} {rank_one(rank, DE, case)}"
    name = rank_one(rank, EN)
    return ("an " if name[0] in "A8" else "a ") + name


def half(value: float) -> str:
    """A Phoenix single's value: 8.5 -> "8½", 14.5 -> "A½" (a rank and a half)."""
    whole = int(value)
    names = {11: "J", 12: "Q", 13: "K", 14: "A"}
    base = "" if whole == 0 else names.get(whole, str(whole))
    return f"{base}½"  # (as the cards print their ranks, in both languages)


# -- cards --------------------------------------------------------------------------------------------

def special_name(role: str, lang: str, case: str = "nom", article: bool = True, count: int = 1) -> str:
    """A special card by role: "the Dragon" / "den Drachen"; `count` > 1: "2 Dragons" / "2 Drachen"."""
    if lang == DE:
        nom, other, gender, plural = _SPECIAL_DE[role]
        if count > 1:
            return f"{count} {plural}"
        noun = nom if case == "nom" else other
        return f"{_ARTICLES[gender][case][0]} {noun}" if article else noun
    one, plural = _SPECIAL_EN[role]
    if count > 1:
        return f"{count} {plural}"
    return f"the {one}" if article else one


def card_name(code: str, role: str | None, ruleset: str, lang: str, case: str = "nom") -> str:
    """One card with its article: a special card by its role ("the Dragon" / "den Drachen"), a
    normal one by suit and rank ("the Star Ace" / "das Stern-Ass"; a second deck's copy keeps
    its prime)."""
    if role and role not in ("normal", "top_rank"):
        return special_name(role, lang, case)
    plain = code.rstrip("'")
    rank = plain[1:]
    copy = "'" if code.endswith("'") else ""
    if lang == DE:  # "das Stern-Ass", "den Schwert-König"
        article = _ARTICLES[rank_gender(rank)][case][0]
        return f"{article} {suit_name(plain[0], ruleset, DE)}-{rank_one(rank, DE, case)}{copy}"
    return f"the {suit_name(plain[0], ruleset, EN)} {rank_one(rank, EN)}{copy}"


def suit_name(letter: str, ruleset: str, lang: str) -> str:
    """A suit by its letter in the record: "G" -> "Jade" (fifty-two: "H" -> "Hearts" / "Herz")."""
    suits = (_SUITS_52 if ruleset == "fifty-two" else _SUITS)[lang]
    return suits.get(letter, letter)


# -- plays --------------------------------------------------------------------------------------------

def play_phrase(info: dict, lang: str, case: str = "nom") -> str:
    """A play (a `play_info` dict) with the definite article: "the pair of Queens" /
    "das Paar Damen"; German in the given case."""
    kind, rank, n = info["kind"], info["rank"], info["length"]
    if lang == DE:
        return _play_de(info, kind, rank, n, case)
    if kind in ("single", "dog"):
        special = info.get("special")
        if special == "phoenix":
            return f"the Phoenix (as {half(info['value'])})"
        if special:
            return special_name(special, EN)
        return f"the {rank_one(rank, EN)}"
    if kind == "pair":
        return f"the pair of {rank_many(rank, EN)}"
    if kind == "triple":
        return f"the triple of {rank_many(rank, EN)}"
    if kind == "stairs":
        return f"the stairs of {n // 2} pairs up to {rank_many(rank, EN)}"
    if kind == "full_house":
        return f"the full house with three {rank_many(rank, EN)}"
    if kind == "straight":
        return f"the straight of {n} cards up to {_top(rank, EN)}"
    if info.get("bomb") == "four":
        return f"the bomb of four {rank_many(rank, EN)}"
    return f"the straight flush bomb from {_top(info['low'], EN)} to {_top(rank, EN)}"


def _top(rank: str, lang: str) -> str:
    if rank == "1":
        return special_name("mahjong", lang, article=False)
    return rank_one(rank, lang)


def _play_de(info: dict, kind: str, rank: str, n: int, case: str) -> str:
    if kind in ("single", "dog"):
        special = info.get("special")
        if special:
            name = special_name(special, DE, case)
            return f"{name} (als {half(info['value'])})" if special == "phoenix" else name
        return f"{_ARTICLES[rank_gender(rank)][case][0]} {rank_one(rank, DE, case)}"
    art = {g: _ARTICLES[g][case][0] for g in "mfn"}
    if kind == "pair":
        return f"{art['n']} Paar {rank_many(rank, DE)}"
    if kind == "triple":
        return f"{art['m']} Drilling {rank_many(rank, DE)}"
    if kind == "stairs":
        return f"{art['f']} Treppe aus {n // 2} Paaren bis {rank_one(rank, DE)}"
    if kind == "full_house":
        return f"{art['n']} Full House mit drei {rank_many(rank, DE, dative=True)}"
    if kind == "straight":
        return f"{art['f']} Straße aus {n} Karten bis {_top(rank, DE)}"
    if info.get("bomb") == "four":
        return f"{art['f']} Bombe aus vier {rank_many(rank, DE, dative=True)}"
    return f"{art['f']} Straßenbombe von {_top(info['low'], DE)} bis {_top(rank, DE)}"


def kind_of(info: dict, lang: str) -> str:
    """What kind of play it is, with the indefinite article (nominative): "a pair" / "ein Paar"."""
    kind = info["kind"]
    if lang == DE:
        return {"single": "eine Einzelkarte", "dog": "der Hund", "pair": "ein Paar", "triple": "ein Drilling",
                "stairs": "eine Treppe", "full_house": "ein Full House", "straight": "eine Straße",
                "bomb": "eine Bombe"}[kind]
    return {"single": "a single card", "dog": "the Dog", "pair": "a pair", "triple": "a triple",
            "stairs": "stairs", "full_house": "a full house", "straight": "a straight",
            "bomb": "a bomb"}[kind]


def higher_of_kind(info: dict, lang: str, case: str = "dat") -> str:
    """A higher play of the same kind and length, indefinite: "a higher pair" / German
    "einem höheren Paar" (dative, after "mit") or "ein höheres Paar" (accusative)."""
    kind, n = info["kind"], info["length"]
    if lang == DE:
        dat = case == "dat"
        if kind in ("single", "stairs", "straight"):
            noun = {"single": "Einzelkarte", "stairs": f"Treppe aus {n // 2} Paaren",
                    "straight": f"Straße aus {n} Karten"}[kind]
            return f"{'einer höheren' if dat else 'eine höhere'} {noun}"
        if kind == "triple":
            return f"{'einem höheren' if dat else 'einen höheren'} Drilling"
        noun = {"pair": "Paar", "full_house": "Full House"}[kind]
        return f"{'einem höheren' if dat else 'ein höheres'} {noun}"
    return {"single": "a higher single card", "pair": "a higher pair", "triple": "a higher triple",
            "stairs": f"higher stairs of {n // 2} pairs", "full_house": "a higher full house",
            "straight": f"a higher straight of {n} cards"}[kind]


# -- seats --------------------------------------------------------------------------------------------

_SEAT_DE = {  # relation -> nominative, accusative, dative
    "you": ("du", "dich", "dir"),
    "partner": ("dein Partner", "deinen Partner", "deinem Partner"),
    "table": ("der Tisch", "den Tisch", "dem Tisch"),
    "dealer": ("dein eigenes Blatt", "dein eigenes Blatt", "deinem eigenen Blatt"),
}
# ("dealer": the dealer's own hand, named so when the dealer plays the Table.)
_SEAT_EN = {"you": "you", "partner": "your partner", "table": "the Table", "dealer": "your own hand"}
_CASES = {"nom": 0, "acc": 1, "dat": 2}


def seat_phrase(who: dict | None, lang: str, names: dict | None = None, case: str = "nom") -> str:
    """A seat as the sentence names it: the player's name where `names` gives one, "your
    partner", "the Table", else "seat 3" / "Platz 3"."""
    if who is None:
        return "?"
    seat, relation = who["seat"], who["relation"]
    name = (names or {}).get(seat)
    if relation in ("you", "table", "dealer") or (relation == "partner" and name is None):
        return _SEAT_DE[relation][_CASES[case]] if lang == DE else _SEAT_EN[relation]
    if name is not None:
        if relation == "partner":
            return f"{_SEAT_DE['partner'][_CASES[case]]} {name}" if lang == DE else f"your partner {name}"
        return name
    return f"Platz {seat}" if lang == DE else f"seat {seat}"


def join(items: list[str], lang: str) -> str:
    """"a, b and c" / "a, b und c"."""
    if len(items) <= 1:
        return "".join(items)
    word = " und " if lang == DE else " and "
    return ", ".join(items[:-1]) + word + items[-1]


def join_or(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    word = " oder " if lang == DE else " or "
    return ", ".join(items[:-1]) + word + items[-1]
