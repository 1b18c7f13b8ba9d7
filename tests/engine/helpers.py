"""Small helpers that let engine tests read like the rules.

Hands are written in the record notation. `table(...)` builds a game that is
already in the play phase with exactly the given hands (as held after the
exchange); `dealt(...)` builds one at the Grand Tichu decision with exactly the
given dealt hands. Hands that do not name all their cards are completed from
the rest of the deck in a fixed spread that never hands one seat four of a
kind or five consecutive cards of one suit (so filler cards make no bombs);
with `fill=False` the hands are used as they are (a short deal, for flow tests
that do not score).
"""

from __future__ import annotations

import copy

from app.engine import Game, IllegalAction, bombs_beating, get_ruleset, mask_cards
from app.engine.views import table_visible

_ANY_SINGLE = (0, 1, 2, 0, None)  # a lone 2 on the table: every bomb beats it


def deck_of(ruleset: str = "standard"):
    return get_ruleset(ruleset).deck


def mask(text: str, ruleset: str = "standard") -> int:
    return deck_of(ruleset).parse_mask(text)


def show(cards, ruleset: str = "standard") -> str:
    return deck_of(ruleset).format_cards(cards)


def complete(hands: list[str], ruleset: str = "standard") -> list[list[int]]:
    """The given (partial) hands, each completed to the ruleset's hand size."""
    rs = get_ruleset(ruleset)
    deck = rs.deck
    parsed = [deck.parse_cards(h) for h in hands]
    named = [c for h in parsed for c in h]
    assert len(named) == len(set(named)), "a card is named twice"
    need = [rs.hand_size - len(h) for h in parsed]
    assert min(need) >= 0, "a hand is too big"
    rest = [c for c in range(deck.size) if c not in set(named)]
    # Within a rank, rotate the suits so no seat collects a suit run or four of a kind.
    rest.sort(key=lambda c: (deck.role_of[c] != "normal", deck.rank_of[c],
                             (deck.suit_of[c] + deck.rank_of[c]) % 4))
    seat = 0
    for card in rest:
        while need[seat] == 0:
            seat = (seat + 1) % 4
        parsed[seat].append(card)
        need[seat] -= 1
        seat = (seat + 1) % 4
    for seat, cards in enumerate(parsed):
        whole = sum(1 << c for c in cards)
        filler = whole & ~sum(1 << c for c in deck.parse_cards(hands[seat]))
        for bomb in bombs_beating(whole, deck, _ANY_SINGLE):
            assert not bomb[3] & filler, f"filler made a bomb for seat {seat}: name its cards"
    return parsed


def _hands(hands, ruleset, fill):
    deck = deck_of(ruleset)
    if fill:
        return complete(hands, ruleset)
    return [deck.parse_cards(h) for h in hands]


def dealt(hands: list[str], ruleset: str = "standard", options: dict | None = None, *,
          fill: bool = True, later: list | None = None) -> Game:
    """A game at its first decision with exactly these dealt hands (the first 8 seen before
    the Grand Tichu decision). `later`: the hands of further rounds (notation lists)."""
    first = _hands(hands, ruleset, fill)
    more = [_hands(h, ruleset, fill) for h in (later or [])]
    rounds = [first] + more
    return Game(ruleset, options, deal=lambda i: rounds[i] if i < len(rounds) else None)


def exchange_to_reach(after: list[list[int]], seats: int = 4):
    """Dealt hands and exchange choices after which the seats hold exactly `after`.

    Seat t receives, from each other seat s, one card of `after[t]`; that card is
    dealt to s instead, and s gives it to t.
    """
    dealt_hands = [list(h) for h in after]
    gives = [{} for _ in range(seats)]
    for t in range(seats):
        givers = [s for s in range(seats) if s != t]
        assert len(after[t]) >= len(givers), "each hand needs a card from every other seat"
        received = after[t][-len(givers):]
        for s, card in zip(givers, received, strict=True):
            dealt_hands[t].remove(card)
            dealt_hands[s].append(card)
            gives[s][str(t)] = card
    return dealt_hands, gives


def table(hands: list[str], ruleset: str = "standard", options: dict | None = None, *,
          fill: bool = True, grand: tuple = (), tichu: tuple = (), later: list | None = None) -> Game:
    """A game in the play phase whose seats hold exactly `hands` (after the exchange).

    `grand`: seats that call Grand Tichu; `tichu`: seats that call Tichu before the
    exchange. `later`: the hands of further rounds, also as held after their exchange;
    `begin_round(game)` brings such a round to its play phase.
    """
    after = [_hands(h, ruleset, fill) for h in [hands] + list(later or [])]
    plans = [exchange_to_reach(h) for h in after]
    rounds = [dealt_hands for dealt_hands, _ in plans]
    game = Game(ruleset, options, deal=lambda i: rounds[i] if i < len(rounds) else None)
    game.test_exchanges = [(gives, held) for (_, gives), held in zip(plans, after, strict=True)]
    return begin_round(game, grand=grand, tichu=tichu)


def begin_round(game: Game, *, grand: tuple = (), tichu: tuple = ()) -> Game:
    """Make the Grand Tichu decisions (calls by the seats in `grand`), the Tichu calls of
    `tichu` and the planned exchange of the current round (one built by `table`)."""
    deck = game.rules.deck
    gives, held = game.test_exchanges[len(game.rounds) - 1]
    if game.rules.grand_tichu:
        for seat in range(4):
            game.apply({"seat": seat, "act": "grand", "call": seat in grand})
    for seat in tichu:
        game.apply({"seat": seat, "act": "tichu"})
    for seat in range(4):
        game.apply({"seat": seat, "act": "exchange",
                    "give": {t: deck.codes[c] for t, c in gives[seat].items()}})
    assert game.round.phase == "play"
    for seat in range(4):
        assert sorted(mask_cards(game.round.hands[seat])) == sorted(held[seat])
    return game


def play(game: Game, seat: int, cards: str, **extra):
    return game.apply({"seat": seat, "act": "play", "cards": cards, **extra})


def pass_(game: Game, *seats: int):
    for seat in seats:
        game.apply({"seat": seat, "act": "pass"})


def gift(game: Game, seat: int, to: int):
    return game.apply({"seat": seat, "act": "gift", "to": to})


def hand(game: Game, seat: int) -> str:
    return show(game.round.hands[seat], game.rules.ruleset.name)


def plays_of(game: Game, seat: int) -> set[str]:
    """The card sets a seat may play in its regular turn, in notation."""
    deck = game.rules.deck
    return {deck.format_cards(p[3]) for p in game.legal(seat).plays}


def bombs_of(game: Game, seat: int) -> set[str]:
    deck = game.rules.deck
    return {deck.format_cards(p[3]) for p in game.legal(seat).bombs}


def snapshot(game: Game) -> dict:
    """Everything a refused action must leave untouched: every field of the round and the game."""
    twin = game.round.clone()  # every list and dict of the round copied, but for these:
    fields = {k: v for k, v in vars(twin).items() if k not in ("rules", "deck", "seating")}
    fields["log"] = [dict(entry) for entry in twin.log]
    fields["result"] = copy.deepcopy(twin.result)
    return {"round": fields, "rounds": len(game.rounds), "totals": list(game.totals),
            "winner": game.winner, "version": game.version}


# A 14-card straight from the Mah Jong to the Ace in mixed suits: one play and the seat is out.
LONG_STRAIGHT = "Mj S2 B3 G4 R5 S6 B7 G8 R9 S10 BJ GQ RK SA"


_IDS: dict = {}


def _card_ids(deck) -> dict:
    """The deck's canonical card names -> card ids (cached per deck)."""
    if deck.name not in _IDS:
        _IDS[deck.name] = {code: i for i, code in enumerate(deck.codes)}
    return _IDS[deck.name]


def cards_mentioned(obj, deck) -> set[int]:
    """Every card named anywhere in a JSON-like object (strings split on whitespace)."""
    found = set()
    if isinstance(obj, str):
        ids = _card_ids(deck)
        for token in obj.split():
            if token in ids:
                found.add(ids[token])
    elif isinstance(obj, dict):
        for key, value in obj.items():
            found |= cards_mentioned(key, deck) | cards_mentioned(value, deck)
    elif isinstance(obj, (list, tuple)):
        for value in obj:
            found |= cards_mentioned(value, deck)
    return found


def view_leaks(game: Game, seat, view: dict) -> set[str]:
    """Cards a view names that its seat may not know: anything not in its own hand, not
    exchanged by or to it, and not played on the table (in a trick or a pile)."""
    rnd = game.round
    deck = game.rules.deck
    known = set()
    if seat is not None:
        if seat != rnd.seating.table or table_visible(rnd, rnd.seating.dealer):
            known |= set(mask_cards(rnd.hands[seat]))
        for controlled in {seat, *rnd.seating.controls[seat]}:
            known |= set(exchanged_cards(rnd.exchange[controlled]))
            known |= set(exchanged_cards(rnd.received[controlled]))
    if table_visible(rnd, seat):
        known |= set(mask_cards(rnd.hands[rnd.seating.table]))
    played = rnd.trick_mask
    for p in rnd.piles:
        played |= p
    known |= set(mask_cards(played))
    return {deck.codes[c] for c in cards_mentioned(view, deck) - known}


def exchanged_cards(choice) -> list[int]:
    """The cards of an exchange choice or a received set ({seat: (cards...)}, or None)."""
    return [c for cards in (choice or {}).values() for c in cards]


def refused(game: Game, action, code: str) -> IllegalAction:
    """Assert that `action` is refused with `code` and a message, leaving the game exactly as it was."""
    before = snapshot(game)
    try:
        game.apply(action)
    except IllegalAction as err:
        assert err.code == code, err.message
        assert err.message
        assert snapshot(game) == before
        return err
    raise AssertionError(f"{action} was accepted; expected a refusal with code {code}")


#: A short deal that ends normally: seat 0 goes out first, 1 second, 2 third; seat 3 is the tailender.
TAILENDER_HANDS = ["Mj RA G10", "S3 B3 G3", "S6 B6 G6", "GK R5 S2"]


def play_to_the_tailender(game: Game):
    """Play TAILENDER_HANDS to the end of the round: seats 0, 1, 2 go out in that order."""
    play(game, 0, "G10")
    pass_(game, 1, 2)
    play(game, 3, "GK")
    pass_(game, 0, 1, 2)
    play(game, 3, "S2")
    play(game, 0, "RA")
    pass_(game, 1, 2, 3)
    play(game, 0, "Mj")  # out first
    pass_(game, 1, 2, 3)
    play(game, 1, "S3 B3 G3")  # second
    play(game, 2, "S6 B6 G6")  # third: the round ends at once


def seated(ruleset: str, hands: list[str], options: dict | None = None, *, tichu: tuple = ()) -> Game:
    """A game of any ruleset in its first round's play phase whose seats hold exactly `hands`
    (a short deal: only the named cards). Each seat's received exchange cards are the last
    ones of its hand; `tichu`: seats that call Tichu before the exchange."""
    rules = get_ruleset(ruleset).resolve(options)
    deck = rules.deck
    seating = rules.seating
    after = [deck.parse_cards(h) for h in hands]
    dealt_hands = [list(h) for h in after]
    left = [list(h) for h in after]  # cards of each hand not yet used as a received card
    gives = {g: {} for g in seating.exchange}
    for giver, pattern in sorted(seating.exchange.items()):
        for target, count in sorted(pattern.items()):
            for _ in range(count):
                card = left[target].pop()
                dealt_hands[target].remove(card)
                dealt_hands[giver].append(card)
                gives[giver].setdefault(target, []).append(card)
    game = Game(ruleset, options, deal=lambda i: dealt_hands if i == 0 else None)
    for seat in game.round.pending() if game.round.phase == "grand" else ():
        game.apply({"seat": seat, "act": "grand", "call": False})
    for seat in tichu:
        game.apply({"seat": seat, "act": "tichu"})
    for giver, given in gives.items():
        if given:
            game.apply({"seat": giver, "act": "exchange",
                        "give": {str(t): deck.format_cards(cs) for t, cs in given.items()}})
    assert game.round.phase == "play"
    for seat, cards in enumerate(after):
        assert sorted(mask_cards(game.round.hands[seat])) == sorted(cards)
    return game
