"""Why a selection of cards is not a legal play, or that it is.

`why_not(view, cards)` walks the checks the engine makes when it is handed a
play (`Game.apply`, `Round._play`, `Round._check_play`, `_check_wish`), in the
engine's order and with the engine's own functions (`interpretations`,
`choose_reading`, `beats`, `turn_plays`), on what the seat's view shows. So it
answers "legal" exactly when the engine would accept the play, and otherwise
the first rule the engine would refuse it by. Each answer carries `code`, the
engine's refusal code (`"legal"` when accepted), and a finer `kind` with what
the words need: the trick's top, the wished rank, whose turn it is.

Where the engine's refusal is "not a combination" or "does not beat", the
answer adds the rule that is broken, and only a rule that really is: that the
Dragon plays alone, that a bomb never holds the Phoenix, that a pair needs a
pair to beat it, and so on.
"""

from __future__ import annotations

from app.engine.cards import DRAGON_VALUE, mask_cards
from app.engine.combos import (
    BOMB,
    DOG,
    KIND,
    LENGTH,
    MASK,
    SINGLE,
    STAIRS,
    VALUE,
    beats,
    choose_reading,
    interpretations,
)
from app.engine.errors import EngineError
from app.engine.plays import turn_plays, wish_mask
from app.engine.rulesets import rules_of

from .facts import who
from .position import Position, position_of
from .reading import parse_selection, play_info, readings


def why_not(view: dict, cards, seat: int | None = None, phoenix: str | None = None) -> dict:
    """Why `cards` (record notation: "R10 GJ" or a list of codes) played now by `seat` (default:
    the viewer; the Trichu dealer may name the Table's seat) is refused, or {"kind": "legal",
    "code": "legal", "mode": "lead" | "follow" | "bomb", "plays": [the readings the engine
    accepts, highest first], ...}. `phoenix`: the rank the Phoenix is declared to stand for."""
    # The engine's order: the game, the round, the action's form, the seat, the phase, the hand.
    if view.get("game_over"):
        return _reason("game_over", "game_over", seat)
    if view.get("phase") == "over":
        return _reason("round_over", "round_over", seat)
    viewer = view.get("viewer")
    seat = viewer if seat is None else seat
    deck = rules_of(view).deck
    mask, unknown, twice = parse_selection(cards, deck)
    if unknown:
        return _reason("unknown_card", "bad_action", seat, tokens=unknown)
    if twice:
        return _reason("named_twice", "bad_action", seat, tokens=twice)
    if not mask:
        return _reason("no_cards", "bad_action", seat)
    declared = None
    if phoenix is not None:
        try:
            declared = deck.parse_rank(phoenix)
        except EngineError:
            return _reason("bad_phoenix_rank", "bad_phoenix", seat, rank=str(phoenix))
    if viewer is None or seat not in (view.get("controls") or ()):
        return _reason("not_your_seat", "not_your_seat", seat, controls=list(view.get("controls") or ()))
    pos = position_of(view, seat)
    if pos is None or pos.phase != "play":
        return _reason("not_playing", "not_now", seat, phase=view.get("phase"))
    if mask & ~pos.hand:
        return _reason("not_in_hand", "card_not_in_hand", seat, cards=deck.format_cards(mask & ~pos.hand),
                       ruleset=pos.view["ruleset"])
    return _check_play(pos, mask, declared)


def _reason(kind: str, code: str, seat, **extra) -> dict:
    return {"kind": kind, "code": code, "seat": seat, **extra}


def _ending(pos: Position) -> bool:
    """The round's last trick is a Dragon trick waiting for its gift: nothing more is played."""
    out = sum(1 for p in pos.view["players"] if p["out"])
    return pos.gift_from is not None and out == len(pos.view["players"]) - 1


def _check_play(pos: Position, mask: int, declared: int | None) -> dict:
    deck, rules, seat = pos.deck, pos.rules, pos.seat
    if _ending(pos):
        return _reason("round_over", "round_over", seat)
    if pos.in_turn:
        mode = "lead" if pos.leading else "follow"
    else:
        mode = "bomb"
        if not pos.trick:
            return _reason("not_your_turn", "not_your_turn", seat, turn=who(pos, pos.turn),
                           leading=bool(pos.view.get("lead")), bombs_need_table=True)
    on = None if mode == "lead" else pos.table_top
    found = readings(mask, deck, rules, on)
    if not found:
        if mask.bit_count() == 1 and mask & deck.phoenix_mask:
            top = play_info(on, deck)
            if on[KIND] == SINGLE and on[VALUE] >= DRAGON_VALUE:
                return _reason("phoenix_on_dragon", "does_not_beat", seat, top=top)
            return _reason("phoenix_single_on_single", "does_not_beat", seat, top=top)
        return _no_combination(pos, mask)
    try:
        found = choose_reading(found, declared, deck)
    except EngineError:
        ranks = sorted({p[4] for p in found if p[4] is not None})
        return _reason("phoenix_cannot_be", "bad_phoenix", seat, rank=deck.rank_name(declared),
                       can_be=[deck.rank_name(r) for r in ranks])
    if mode == "bomb":
        found = [p for p in found if p[KIND] == BOMB]
        if not found:
            if pos.gift_from is not None:
                return _reason("gift_pending_only_bombs", "not_your_turn", seat,
                               giver=who(pos, pos.gift_from))
            return _reason("only_bombs_out_of_turn", "not_your_turn", seat, turn=who(pos, pos.turn))
    legal = found if mode == "lead" else [p for p in found if beats(p, on)]
    if not legal:
        if mode == "follow" and found[0][KIND] == DOG:
            return _reason("dog_only_leads", "does_not_beat", seat)
        return _does_not_beat(pos, found, on)
    play = legal[0]
    if mode != "bomb" and pos.wish is not None:
        refusal = _check_wish(pos, play, on)
        if refusal is not None:
            return refusal
    answer = _reason("legal", "legal", seat, mode=mode, plays=[play_info(p, deck) for p in legal],
                     fulfils_wish=pos.wish is not None and bool(play[MASK] & wish_mask(deck, pos.wish)),
                     may_wish=bool(play[MASK] & deck.mahjong_mask))
    if play[KIND] == DOG:
        answer["dog_to"] = [who(pos, s) for s in pos.legal.get("dog_to") or ()]
        answer["partners"] = [who(pos, s) for s in pos.partners]
    return answer


def _check_wish(pos: Position, play: tuple, on) -> dict | None:
    """The engine's wish check for a play in the regular turn (Round._check_wish)."""
    deck, rules = pos.deck, pos.rules
    wished = wish_mask(deck, pos.wish) & pos.hand
    if not wished or play[MASK] & wished:
        return None
    plays, can_pass = turn_plays(pos.hand, deck, on, None if pos.wish_free else pos.wish,
                                 stairs_min_pairs=rules.stairs_min_pairs,
                                 led_phoenix=rules.led_phoenix_value,
                                 wish_bomb_escape=rules.wish_bomb_escape)
    if can_pass or any(p[MASK] == play[MASK] for p in plays):
        return None
    fulfilling = [p for p in plays if p[MASK] & wished]
    return _reason("must_fulfil_wish", "must_fulfil_wish", pos.seat, rank=deck.rank_name(pos.wish),
                   fulfilling=[play_info(p, deck) for p in fulfilling],
                   bomb_instead=any(p[KIND] == BOMB and not p[MASK] & wished for p in plays))


def _does_not_beat(pos: Position, found: list[tuple], on: tuple) -> dict:
    """Which comparison rule the readings fail against the top (docs/rules.md §1.5, §1.9, §1.10)."""
    deck, seat = pos.deck, pos.seat
    top = play_info(on, deck)
    best = max(found, key=lambda p: (p[KIND] == BOMB, p[VALUE]))
    yours = play_info(best, deck)
    if on[KIND] == BOMB:
        if best[KIND] == BOMB:
            return _reason("bomb_not_higher", "does_not_beat", seat, top=top, yours=yours)
        return _reason("needs_higher_bomb", "does_not_beat", seat, top=top, yours=yours)
    if on[KIND] == SINGLE and on[VALUE] >= DRAGON_VALUE:
        second = on[VALUE] == DRAGON_VALUE and bool(deck.dragon_mask & ~on[MASK] & ~pos.played)
        return _reason("dragon_needs_bomb", "does_not_beat", seat, top=top, yours=yours,
                       second_dragon=second)
    if best[KIND] != on[KIND]:
        return _reason("wrong_kind", "does_not_beat", seat, top=top, yours=yours)
    if best[LENGTH] != on[LENGTH]:
        return _reason("wrong_length", "does_not_beat", seat, top=top, yours=yours)
    return _reason("not_higher", "does_not_beat", seat, top=top, yours=yours,
                   equal=best[VALUE] == on[VALUE])


def _no_combination(pos: Position, mask: int) -> dict:
    """The engine reads no combination in `mask`: name the rule that forbids it, if one of the
    usual ones does (each is checked, not assumed), else say only that it is none."""
    deck, rules, seat = pos.deck, pos.rules, pos.seat
    cards = deck.format_cards(mask)
    n = mask.bit_count()
    phoenix = mask & deck.phoenix_mask

    def said(kind: str, **extra) -> dict:
        return _reason(kind, "not_a_combination", seat, cards=cards, ruleset=pos.view["ruleset"], **extra)

    if n > 1 and mask & deck.dragon_mask:
        return said("dragon_alone")
    if n > 1 and mask & deck.dog_mask:
        return said("dog_alone")
    if phoenix & (phoenix - 1):
        return said("one_phoenix")
    if n > 1 and mask & deck.mahjong_mask:
        return said("mahjong_single_or_straight")
    rest = mask & ~phoenix
    if phoenix and rest:
        rest_readings = interpretations(rest, deck, rules.stairs_min_pairs)
        same_rank = len({deck.rank_of[c] for c in mask_cards(rest)}) == 1
        if any(p[KIND] == BOMB for p in rest_readings) or (same_rank and rest.bit_count() >= 3):
            return said("phoenix_in_bomb")
    ranks = [deck.rank_of[c] for c in mask_cards(rest)]
    if deck.copies > 1 and not phoenix and n == 4 and len(set(ranks)) == 1:
        return said("four_needs_four_suits")
    if rules.stairs_min_pairs > 2:
        loose = interpretations(mask, deck, 2)
        if any(p[KIND] == STAIRS for p in loose):
            return said("stairs_too_short", min_pairs=rules.stairs_min_pairs)
    if 3 <= n <= 4 and len(set(ranks)) == len(ranks) and ranks:
        span = max(ranks) - min(ranks) + 1
        if span == len(ranks) or (phoenix and span <= n):
            return said("straight_too_short")
    if not phoenix and n >= 4 and n % 2 == 0:
        counts = {r: ranks.count(r) for r in ranks}
        if all(c == 2 for c in counts.values()) and max(counts) - min(counts) + 1 != len(counts):
            return said("stairs_not_adjacent")
    return said("no_combination")

