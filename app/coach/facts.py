"""Facts about the table for one hand, as structured data (the words come from `words.py`).

Every function takes a seat's view (`view_for(game, viewer)`) and, optionally,
the seat of a hand the viewer plays (the Trichu dealer's Table); nothing else,
so no fact can know a card the seat cannot see. A fact is a dict with a `kind`
and plain JSON values; seats appear as `who` dicts, {"seat", "relation"}, where
relation is "you", "partner", "opponent", "table", "dealer" or "player" (no
teams). Claims are made only where they are proved (see docs/coach.md):

- `trick_fact`: what must be beaten and by what, or that the hand leads;
- `wish_fact`: the wish and what it asks of this hand now;
- `top_cards_fact`: Dragon, Phoenix and top-rank cards neither held nor played;
- `bombs_fact`: the bombs another hand could still hold, by card counting;
- `play_fact`: whether a play of this hand can be beaten by anyone;
- `going_out_fact`: a plan that plays the whole hand out whatever the others hold;
- `facts`: all of them for a hint, in that order.
"""

from __future__ import annotations

from app.engine.cards import DRAGON_VALUE, mask_cards
from app.engine.combos import BOMB, DOG, KIND, MASK, SINGLE, VALUE, beats, choose_reading
from app.engine.errors import EngineError
from app.engine.plays import candidate_plays, wish_mask

from .counting import Counter, possible_fours, possible_straight_flushes
from .going_out import going_out_plan
from .position import Position, position_of
from .reading import parse_selection, play_info, read_entry, readings, special_role


def who(pos: Position, seat: int | None) -> dict | None:
    """A seat as facts name it: its number and what it is to this hand."""
    if seat is None:
        return None
    geometry = pos.geometry
    if seat == pos.seat:
        relation = "you"
    elif seat == geometry.get("table"):
        relation = "table"
    elif seat == geometry.get("dealer") and pos.seat == geometry.get("table"):
        relation = "dealer"
    elif geometry["teams"] is None:
        relation = "player"
    elif seat in geometry["partners"][pos.seat]:
        relation = "partner"
    else:
        relation = "opponent"
    return {"seat": seat, "relation": relation}


def dog_lead(pos: Position) -> dict:
    """Where a Dog played by this hand now sends the lead (docs/rules.md §1.8; the engine's Round):
    to its partner, or the partners still holding cards to choose from (Tientsin); if every
    partner is out, to the next seat holding cards after the first partner in play order."""
    if pos.hand == pos.hand & pos.deck.dog_mask and round_ends_when_out(pos) is not None:
        return {"dog_to": [], "partner_out": False, "ends_round": True}  # its last card ends it
    partners = pos.partners
    holding = [s for s in partners if pos.counts[s] > 0]
    if holding:
        return {"dog_to": [who(pos, s) for s in holding], "partner_out": False}
    if not partners:
        return {"dog_to": [who(pos, pos.geometry["next"][pos.seat])], "partner_out": False}
    seat, nxt = partners[0], pos.geometry["next"]
    for _ in range(len(nxt)):
        seat = nxt[seat]
        left = pos.counts[seat] - (1 if seat == pos.seat else 0)  # (the Dog itself leaves the hand)
        if left > 0:
            return {"dog_to": [who(pos, seat)], "partner_out": True}
    return {"dog_to": [], "partner_out": True}


def _base(kind: str, pos: Position) -> dict:
    return {"kind": kind, "seat": pos.seat, "ruleset": pos.rules.ruleset.name,
            "teams": pos.geometry["teams"] is not None}


# -- what must be beaten ----------------------------------------------------------------------

def trick_fact(view: dict, seat: int | None = None) -> dict | None:
    """What this hand faces: {"kind": "lead"} (it leads; `must_lead_wish`: the wished rank it
    must lead, or None; `dog`: it holds the Dog, which is only ever led, with `dog_to` and
    `partner_out` from `dog_lead`), "other_leads" (another seat
    leads: nothing to beat yet), "beat" (the `top` combination and what beats it:
    `beaten_by` "same_kind" (a higher one of its kind and length, or a bomb), "bomb" (only a
    bomb; `second_dragon`: or the other Dragon, with two decks) or "higher_bomb"; `by` who
    played it, `your_turn`, `you_can_play` (the engine lists a play or bomb for this hand now),
    `dog`: it holds the Dog, which cannot go on a trick), "dragon_gift" (the Dragon's trick
    waits to be given away: `giver`, `to`) or "not_playing" (`phase`). A lead on a closed
    trick (everybody passed) carries `collects`, the seat whose trick it was."""
    pos = position_of(view, seat)
    if pos is None:
        return None
    if pos.phase != "play":
        return dict(_base("not_playing", pos), phase=pos.phase)
    if not pos.consistent:
        return None  # (a trick it could not read: say nothing rather than something wrong)
    if pos.gift_from is not None:
        return dict(_base("dragon_gift", pos), giver=who(pos, pos.gift_from),
                    to=[who(pos, s) for s in pos.geometry["gift_to"][pos.gift_from]])
    holds_dog = bool(pos.hand & pos.deck.dog_mask)
    if not pos.trick or pos.closed:
        if pos.turn == pos.seat:
            fact = dict(_base("lead", pos), dog=holds_dog, **(dog_lead(pos) if holds_dog else {}))
            fact.update(_wish_on_lead(pos))
        else:
            fact = dict(_base("other_leads", pos), turn=who(pos, pos.turn))
        if pos.closed and pos.trick:
            fact["collects"] = who(pos, pos.trick[-1][0])  # the finished trick, bombs may still hit it
        return fact
    top_seat, top = pos.trick[-1]
    fact = dict(_base("beat", pos), top=play_info(top, pos.deck), by=who(pos, top_seat),
                your_turn=pos.turn == pos.seat, dog=holds_dog)
    fact.update(_beaten_by(pos, top))
    legal = pos.legal
    fact["you_can_play"] = bool(legal.get("plays") or legal.get("bombs"))
    return fact


def _wish_on_lead(pos: Position) -> dict:
    """Whether the wish binds this leader: it holds the wished rank, so it must lead a
    combination with it (or, with the table's option `always`, a bomb it holds)."""
    if pos.wish is None or pos.wish_free:
        return {"must_lead_wish": None}
    wished = wish_mask(pos.deck, pos.wish) & pos.hand
    if not wished:
        return {"must_lead_wish": None}
    bomb = pos.rules.wish_bomb_escape == "always" and any(
        p[KIND] == BOMB for p in candidate_plays(pos.hand, pos.deck, None, pos.rules.stairs_min_pairs))
    return {"must_lead_wish": pos.deck.rank_name(pos.wish), "bomb_instead": bomb}


def _beaten_by(pos: Position, top: tuple) -> dict:
    deck = pos.deck
    if top[KIND] == BOMB:
        return {"beaten_by": "higher_bomb"}
    if top[KIND] == SINGLE and top[VALUE] >= DRAGON_VALUE:
        # With two decks the second Dragon beats the first, if it is still to come.
        other = deck.dragon_mask & ~top[MASK] & ~pos.played
        second = top[VALUE] == DRAGON_VALUE and bool(other)
        return {"beaten_by": "bomb", "second_dragon": second}
    return {"beaten_by": "same_kind"}


# -- the wish -------------------------------------------------------------------------------------

def wish_fact(view: dict, seat: int | None = None) -> dict | None:
    """The open wish and this hand: {"kind": "wish", "rank", "holds" (natural cards of that
    rank), "exempt" (the Trichu Table need not fulfil it), "must_now" (in its turn, with a
    legal play holding the rank: it must make one), "fulfilling" (those plays), "bomb_instead"
    (it holds a bomb without that rank and the table's option lets it play one instead)};
    None without a wish."""
    pos = position_of(view, seat)
    if pos is None or pos.wish is None or pos.phase != "play" or not pos.consistent:
        return None
    deck, rules = pos.deck, pos.rules
    wished = wish_mask(deck, pos.wish) & pos.hand
    fact = dict(_base("wish", pos), rank=deck.rank_name(pos.wish), holds=wished.bit_count(),
                exempt=pos.wish_free, your_turn=pos.in_turn, must_now=False, fulfilling=[],
                bomb_instead=False)
    if pos.in_turn and wished and not pos.wish_free:
        plays = candidate_plays(pos.hand, deck, pos.top, rules.stairs_min_pairs, rules.led_phoenix_value)
        fulfilling = [p for p in plays if p[MASK] & wished]
        fact["fulfilling"] = [play_info(p, deck) for p in fulfilling]
        fact["must_now"] = bool(fulfilling)
        escape = rules.wish_bomb_escape
        may_escape = escape == "always" or (escape == "follow_only" and not pos.leading)
        fact["bomb_instead"] = bool(fulfilling) and may_escape and any(
            p[KIND] == BOMB and not p[MASK] & wished for p in plays)
    return fact


# -- cards still out ------------------------------------------------------------------------------

def top_cards_fact(view: dict, seat: int | None = None) -> dict | None:
    """The Dragon(s), Phoenix(es) and cards of the top rank that are neither in this hand nor
    played: {"kind": "top_cards_out", "top_rank", "cards": [{"card", "role", "holder"}]}, the
    holder a `who` where this hand knows it (a seen hand, a card it passed), else None."""
    pos = position_of(view, seat)
    if pos is None or pos.phase != "play" or not pos.consistent:
        return None
    deck = pos.deck
    top = deck.dragon_mask | deck.phoenix_mask | deck.rank_masks[deck.high]
    out = []
    for card in deck.sorted_cards(mask_cards(top & ~pos.hand & ~pos.played)):
        holder = next((s for s in pos.others if pos.pinned[s] >> card & 1), None)
        role = deck.role_of[card]
        out.append({"card": deck.codes[card], "role": "top_rank" if role == "normal" else role,
                    "holder": who(pos, holder)})
    return dict(_base("top_cards_out", pos), top_rank=deck.rank_name(deck.high), cards=out)


def bombs_fact(view: dict, seat: int | None = None) -> dict | None:
    """Bombs another hand could still hold, by the cards this hand has seen: {"kind":
    "bombs_possible", "fours": [{"rank", "holders", "certain"}], "straight_flushes":
    [{"suit", "low", "high", "holders", "certain"}]}. Each straight flush listed is possible
    as it stands (the longest ones; any five in a row of it are too); `holders` are the
    seats that could hold it, `certain` the seat known to hold it, if any."""
    pos = position_of(view, seat)
    if pos is None or pos.phase != "play" or not pos.consistent:
        return None
    deck = pos.deck

    def listed(holders: dict) -> dict:
        certain = [s for s, sure in holders.items() if sure]
        return {"holders": [who(pos, s) for s in sorted(holders)],
                "certain": who(pos, certain[0]) if certain else None}

    fours = [dict(rank=deck.rank_name(rank), **listed(holders))
             for rank, holders in sorted(possible_fours(pos).items())]
    flushes = [dict(suit=deck.suits[suit], low=deck.rank_name(lo), high=deck.rank_name(hi), **listed(holders))
               for (suit, lo, hi), holders in sorted(possible_straight_flushes(pos).items())]
    return dict(_base("bombs_possible", pos), fours=fours, straight_flushes=flushes)


# -- can a play be beaten? ------------------------------------------------------------------------

def play_fact(view: dict, cards, seat: int | None = None, phoenix: str | None = None) -> dict | None:
    """Whether a play of this hand could be beaten by any other hand (partners included).

    The cards are read as the engine would read them now: on the trick in this hand's turn
    (as a lead when it leads), as an out-of-turn bomb on the table otherwise, and as a lead
    when nothing lies on the table. Answers {"kind": "unbeatable", "play", "as",
    "dragon_gift", "partners"}: proved over every deal consistent with what it has seen;
    {"kind": "beatable", "play", "as", "by": "bomb" | "same_kind" | "dragon"}: some such deal
    lets another hand beat it; {"kind": "ends_round", "play", "how"}: its last cards end the
    round at once (see `round_ends_when_out`); {"kind": "dog", "play", "dog_to", "partner_out"}:
    nothing is ever played on the Dog, it sends the lead on (`dog_lead`); or
    {"kind": "unreadable"} when the cards are no play here (see `why_not`)."""
    pos = position_of(view, seat)
    if pos is None or pos.phase != "play" or not pos.consistent:
        return None
    play, mode = _read_for_play(pos, cards, phoenix)
    if play is None:
        return dict(_base("unreadable", pos), cards=cards if isinstance(cards, str) else " ".join(cards))
    return _play_verdict(pos, Counter(pos), play, mode)


def _read_for_play(pos: Position, cards, phoenix) -> tuple[tuple | None, str]:
    deck = pos.deck
    mask, unknown, twice = parse_selection(cards, deck)
    if unknown or twice or not mask or mask & ~pos.hand:
        return None, ""
    if pos.in_turn:
        mode, on = ("lead", None) if pos.leading else ("follow", pos.top)
    elif pos.table_top is not None:
        mode, on = "bomb", pos.table_top
    else:
        mode, on = "lead", None
    found = readings(mask, deck, pos.rules, on)
    if phoenix is not None:
        try:
            found = choose_reading(found, deck.parse_rank(phoenix), deck)
        except EngineError:
            return None, ""
    if mode != "lead":
        found = [p for p in found if (p[KIND] == BOMB or mode == "follow") and beats(p, on)]
    if not found:
        return None, ""
    return max(found, key=lambda p: p[VALUE]), mode


def _play_verdict(pos: Position, counter: Counter, play: tuple, mode: str) -> dict:
    deck = pos.deck
    info = play_info(play, deck)
    if play[KIND] == DOG:
        return dict(_base("dog", pos), play=info, **dog_lead(pos))
    if play[MASK] == pos.hand:
        how = round_ends_when_out(pos)
        if how is not None:
            return dict(_base("ends_round", pos), play=info, how=how, **{"as": mode})
    found = counter.beater(play)
    if found is None:
        dragon = special_role(play, deck) == "dragon"
        return dict(_base("unbeatable", pos), play=info, **{"as": mode},
                    dragon_gift=dragon and bool(pos.geometry["gift_to"][pos.seat]),
                    partners=[who(pos, s) for s in pos.partners])
    beater = found[1]
    if beater[KIND] == BOMB and play[KIND] != BOMB:
        by = "bomb"
    elif special_role(beater, deck) == "dragon" and special_role(play, deck) == "dragon":
        by = "dragon"  # (two decks: the second Dragon beats the first)
    else:
        by = "bomb" if beater[KIND] == BOMB else "same_kind"
    return dict(_base("beatable", pos), play=info, by=by, **{"as": mode})


def round_ends_when_out(pos: Position) -> str | None:
    """How the round ends the moment this hand plays its last card, if it does (docs/rules.md §1.11):
    "one_left" (only one hand would hold cards) or "team_first" (its whole team out first:
    the double victory, Tientsin's triple one); None if the round goes on."""
    out = sorted((p["out"], p["seat"]) for p in pos.view["players"] if p["out"])
    if len(out) + 1 == pos.view["seats"] - 1:
        return "one_left"
    sweep = pos.rules.seating_for(pos.view["round"], []).sweep  # (the engine's own number)
    team_of = pos.geometry["team_of"]
    if sweep and len(out) + 1 == sweep and all(team_of[s] == team_of[pos.seat] for _, s in out):
        return "team_first"
    return None


def unbeatable_plays(view: dict, seat: int | None = None) -> list[dict]:
    """The `play_fact`s of this hand's legal plays now (its turn's plays, else its
    out-of-turn bombs) that nobody can beat: "unbeatable" ones, and "ends_round" ones (its
    last cards, ending the round at once)."""
    pos = position_of(view, seat)
    if pos is None or pos.phase != "play" or not pos.consistent:
        return []
    counter = Counter(pos)
    if pos.in_turn:
        entries, mode, on = pos.legal.get("plays") or [], ("lead" if pos.leading else "follow"), pos.top
    else:
        entries, mode, on = pos.legal.get("bombs") or [], "bomb", pos.table_top
    out = []
    for entry in entries:
        play = read_entry(entry, pos.deck, pos.rules, on)
        if play is None or play[KIND] == DOG:
            continue
        verdict = _play_verdict(pos, counter, play, mode)
        if verdict["kind"] in ("unbeatable", "ends_round"):
            out.append(verdict)
    return out


# -- going out ------------------------------------------------------------------------------------

def going_out_fact(view: dict, seat: int | None = None) -> dict | None:
    """{"kind": "can_go_out", "plan": [plays in order], "partners"} where this hand, in its
    turn, can play all its cards one combination after the other with nobody able to play in
    between, whatever the others hold; None where that is not proved."""
    pos = position_of(view, seat)
    if pos is None or not pos.consistent:
        return None
    plan = going_out_plan(pos)
    if plan is None:
        return None
    return dict(_base("can_go_out", pos), plan=[play_info(p, pos.deck) for p in plan],
                partners=[who(pos, s) for s in pos.partners])


def facts(view: dict, seat: int | None = None) -> list[dict]:
    """Every fact for a hint, in the order a teacher would say them."""
    found = [trick_fact(view, seat), wish_fact(view, seat), going_out_fact(view, seat),
             top_cards_fact(view, seat), bombs_fact(view, seat)]
    out = [f for f in found if f is not None]
    if not any(f["kind"] == "can_go_out" for f in out):
        out += unbeatable_plays(view, seat)
    return out


__all__ = ["trick_fact", "wish_fact", "top_cards_fact", "bombs_fact", "play_fact", "unbeatable_plays",
           "going_out_fact", "facts", "who"]
