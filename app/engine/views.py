"""Per-seat views: the only place that decides what a seat (or a spectator) may know.

`view_for(game, seat)` returns a JSON-ready dict with the seat's own hand, its
own exchange cards, everybody's public state (card counts, calls, places,
the trick, the wish, the scores, the round's public history), the round's
seat geometry (teams, partners, play order, exchange pattern: `geometry`),
whose decision the round waits for (`pending`, `to_act`) and the seat's legal
actions now. Other hands, other seats' exchange choices and undealt cards
never appear; the one hand seen besides one's own is the Trichu Table's
(`table`): by its dealer once all cards are dealt, by everyone after the
exchange. `seat=None` is a spectator: no hand, no legal actions.

The parts of a view (`player_doc`, `table_doc`, `exchange_doc`, `results_doc`,
`legal_doc`, `sees_own_hand`) are public: view_cache.py builds the same views from them,
reusing what did not change.
"""

from __future__ import annotations

from .combos import describe
from .round import EXCHANGE, GRAND, PLAY, Legal, Round


def player_doc(rnd: Round, seat: int) -> dict:
    place = rnd.out.index(seat) + 1 if seat in rnd.out else None
    waiting = (rnd.phase == GRAND and rnd.grand[seat] is None) or (
        rnd.phase == EXCHANGE and rnd.exchange[seat] is None)
    return {
        "seat": seat,
        "team": rnd.seating.team_of[seat],
        "cards": rnd.hands[seat].bit_count(),
        "grand": rnd.grand[seat],
        "tichu": rnd.tichu[seat],
        "out": place,
        "deciding": waiting,  # still has to make this phase's decision
        "passed": bool(rnd.passed >> seat & 1) and bool(rnd.trick),
    }


def _legal(rnd: Round, seat: int, game_over: bool, say=None) -> dict:
    """The seat's legal actions; `say(play)` describes a play (view_cache.py passes a memo)."""
    return legal_doc(rnd, seat, rnd.legal(seat) if not game_over else None, say)


def legal_doc(rnd: Round, seat: int, legal: Legal | None, say=None) -> dict:
    """The view's `legal` from the round's `Legal` for the seat (None: nothing at all)."""
    if legal is None:
        return {"grand": False, "grand_call": False, "tichu": False, "exchange": False,
                "exchange_to": [], "plays": [], "lead": False, "pass": False, "bombs": [],
                "gift": [], "dog_to": []}
    if say is None:
        deck = rnd.deck
        say = lambda p: describe(p, deck)
    return {
        "grand": legal.grand,
        "grand_call": legal.grand_call,
        "tichu": legal.tichu,
        "exchange": legal.exchange,
        "exchange_to": rnd.seating.exchange_targets(seat) if legal.exchange else [],
        "plays": [say(p) for p in legal.plays],
        "lead": legal.lead,
        "pass": legal.can_pass,
        "bombs": [say(p) for p in legal.bombs],
        "gift": legal.gift,
        "dog_to": legal.dog_to,
    }


def results_doc(game) -> list[dict]:
    out = []
    for rnd in game.rounds:
        res = rnd.result
        if res is None:
            continue
        entry = res.as_dict()
        entry.pop("complete")
        entry["calls"] = list(res.calls)
        entry["call_made"] = list(res.call_made)
        out.append(entry)
    return out


def exchange_doc(rnd: Round, seat: int) -> dict:
    """The cards `seat` chose to give and, after the hand-over, received (one string per seat)."""
    fmt = rnd.deck.format_cards
    given = rnd.exchange[seat]
    received = rnd.received[seat]
    return {
        "given": {str(t): fmt(c) for t, c in given.items()} if given else None,
        "received": {str(g): fmt(c) for g, c in received.items()} if received else None,
    }


def sees_own_hand(rnd: Round, seat: int | None) -> bool:
    """A player sees his hand; the Table's own view (what its dealer knows of it, for bots)
    shows its hand once its dealer may see it."""
    if seat is None:
        return False
    return seat != rnd.seating.table or table_visible(rnd, rnd.seating.dealer)


def table_visible(rnd: Round, viewer: int | None) -> bool:
    """Whether `viewer` sees the Trichu Table's hand: its dealer once all cards are dealt,
    everybody (spectators too) once the exchange is done."""
    if rnd.seating.table is None or rnd.phase == GRAND:
        return False
    if rnd.phase == EXCHANGE:
        return viewer is not None and viewer == rnd.seating.dealer
    return True


def table_doc(rnd: Round, seat: int | None, game_over: bool) -> dict | None:
    table = rnd.seating.table
    if table is None:
        return None
    out = {"seat": table, "hand": None, "legal": None, "exchange": None}
    if table_visible(rnd, seat):
        out["hand"] = rnd.deck.format_cards(rnd.hands[table]).split()
    if seat is not None and seat == rnd.seating.dealer:
        out["legal"] = _legal(rnd, table, game_over)
        out["exchange"] = exchange_doc(rnd, table)
    return out


def view_for(game, seat: int | None) -> dict:
    """What `seat` may know now (None: a spectator)."""
    rnd: Round = game.round
    rules = game.rules
    deck = rules.deck
    mine = seat is not None
    seating = rnd.seating
    pending = [] if game.over else rnd.pending()
    view = {
        "ruleset": rules.ruleset.name,
        "options": dict(rules.options),
        "seats": seating.seats,
        "geometry": seating.as_dict(seat),
        "pending": pending,
        "to_act": sorted({seating.controller[s] for s in pending}),
        "controls": list(seating.controls[seat]) if mine else [],
        "table": table_doc(rnd, seat, game.over),
        "viewer": seat,
        "ranks": [deck.rank_name(r) for r in range(deck.low, deck.high + 1)],
        "round": len(game.rounds) - 1,
        "phase": rnd.phase,
        "game_over": game.over,
        "winner": game.winner,
        "players": [player_doc(rnd, s) for s in range(seating.seats)],
        "hand": deck.format_cards(rnd.hands[seat]).split() if sees_own_hand(rnd, seat) else None,
        "exchange": None,
        "trick": {
            "plays": [{"seat": s, **describe(p, deck)} for s, p in rnd.trick],
            "closed": rnd.closed,
            "winner": rnd.top_seat,
        },
        "last_trick": rnd.last_trick,
        "turn": rnd.turn,
        "lead": rnd.phase == PLAY and rnd.turn is not None and rnd.leading(),
        "gift_from": rnd.gift_from,
        "wish": deck.rank_name(rnd.wish) if rnd.wish is not None else None,
        "scores": {"totals": list(game.totals), "rounds": results_doc(game)},
        "history": list(rnd.log),
        "legal": _legal(rnd, seat, game.over) if mine else None,
    }
    if mine:
        view["exchange"] = exchange_doc(rnd, seat)
    return view
