"""Hints at the table (issue 18): the `hint` event answers for one's own seat only, from its view."""

from __future__ import annotations

from app.bots import LEVELS
from app.engine import Game, IllegalAction, view_for
from app.engine.game import seeded_deal
from app.web.table.hints import hint_for
from tests.web.conftest import create_table
from tests.web.live.test_bots import bot_table


def test_a_seated_player_gets_the_bots_suggestion_and_true_facts(app, http, player, hub):
    table, me = bot_table(app, http, player)
    assert hub.bots.wait_idle()
    me.pump()
    ack = me.emit("hint", {"lang": "en"})
    assert ack["ok"], ack
    hint = ack["hint"]
    assert hint["suggestion"].startswith("The Hard bot would")  # named as the bot's
    assert all(isinstance(f, str) and f for f in hint["facts"]) and hint["why_not"] is None
    german = me.emit("hint", {"lang": "de"})["hint"]
    assert german["suggestion"].startswith("Der Bot „schwer“ würde")
    # A selection that is no play gets its reason in words.
    hand = me.view["hand"]
    ack = me.emit("hint", {"lang": "en", "cards": " ".join(hand[:2])})
    assert ack["ok"] and ack["hint"]["why_not"], ack


def test_hints_are_refused_where_they_may_not_be_given(app, http, player):
    _table, host = bot_table(app, http, player, settings={"hints": False})
    assert host.emit("hint", {})["code"] == "hints_off"  # the host switched them off
    code, token = create_table(http, seed=21)
    host = player("Ben")
    host.join(code, token)
    assert host.emit("hint", {})["code"] == "not_seated"
    host.sit(0)
    assert host.emit("hint", {})["code"] == "not_started"
    watcher = player("Cleo")
    watcher.join(code)
    assert watcher.emit("hint", {})["code"] == "not_seated"
    assert host.emit("hint", {"cards": ["S2"]})["code"] == "bad_request"  # checked at the door


def swapped_deal(rules, seed, a: int, b: int):
    """The seeded deal with one hidden card of seat a and one of seat b exchanged."""
    deal = seeded_deal(rules, seed)

    def swapped(index):
        hands = [list(h) for h in deal(index)]
        hands[a][-1], hands[b][-1] = hands[b][-1], hands[a][-1]  # the last cards: not among the first 8
        return hands

    return swapped


def test_two_games_that_differ_only_in_cards_the_seat_cannot_see_get_the_same_hint():
    first = Game("standard", {}, seed=4)
    second = Game("standard", {}, deal=swapped_deal(first.rules, 4, 1, 2))
    bots = [LEVELS["normal"](s) for s in range(4)]
    compared = 0
    names = {s: f"P{s}" for s in range(4)}
    for _ in range(40):
        a, b = view_for(first, 0), view_for(second, 0)
        if a != b:
            break  # seat 0 has now seen the difference (a card passed or played)
        # The same deals searched, not the same time (plays, calls, the exchange).
        fixed = {"budget_ms": 60_000, "max_worlds": 30, "call_budget_ms": 60_000, "call_worlds": 30,
                 "exchange_worlds": 30}
        assert hint_for(a, "en", names, seed=1, bot_options=fixed) == hint_for(b, "en", names, seed=1,
                                                                             bot_options=fixed)
        compared += 1
        pending = view_for(first, None)["to_act"]
        if not pending:
            break
        seat = pending[0]
        action = bots[seat].decide(view_for(first, seat))
        first.apply({**action, "seat": action.get("seat", seat)}, by=seat)
        try:
            second.apply({**action, "seat": action.get("seat", seat)}, by=seat)
        except IllegalAction:
            break  # a swapped card was played: the games part ways
    assert compared >= 5


def test_the_trichu_dealer_gets_hints_for_both_hands_each_named():
    game = Game("trichu", {}, seed=3)
    bots = {}
    names = {s: f"P{s + 1}" for s in range(4)}
    fixed = {"budget_ms": 60_000, "max_worlds": 10, "call_budget_ms": 60_000, "call_worlds": 10,
             "exchange_worlds": 10}
    hands = set()
    for _ in range(200):
        pending = view_for(game, None)["to_act"]
        if not pending:
            break
        seat = pending[0]
        view = view_for(game, seat)
        table = view.get("table") or {}
        if seat == view["geometry"]["dealer"] and view["phase"] == "play" and view["turn"] in (
                seat, table.get("seat")):
            hint = hint_for(view, "en", names, bot_options=fixed)
            for_table = view["turn"] == table["seat"]
            assert hint["suggestion"].endswith("(For the Table's hand.)") == for_table, hint
            german = hint_for(view, "de", names, bot_options=fixed)
            assert german["suggestion"].endswith("(Für die Hand des Tisches.)") == for_table
            hands.add(for_table)
        bot = bots.setdefault(seat, LEVELS["normal"](seat))
        action = bot.decide(view)
        game.apply({**action, "seat": action.get("seat", seat)}, by=seat)
    assert hands == {True, False}  # the dealer's own hand and the Table's


def test_hints_name_the_seats_as_the_table_does(app, http, player, hub):
    """A seat a bot plays is "Bot 3" on the page, so in the hint's sentences too, never "Seat 3"."""
    from app.web.table.hints import seat_names

    table, me = bot_table(app, http, player)
    assert hub.bots.wait_idle()
    me.pump()
    mine = me.view["viewer"]
    names = seat_names(table, "en")
    others = [s for s in names if s != mine]
    assert others and all(names[s] == f"Bot {s + 1}" for s in others), names
    assert all(seat_names(table, "de")[s] == f"Bot {s + 1}" for s in others)
    assert not names[mine].startswith(("Bot", "Seat"))  # the player's own name
