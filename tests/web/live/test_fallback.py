"""The table's fallback when a bot fails (GreedyBot's answer to the decision the game waits for)
is legal in every ruleset, for a player's own seat and for the Table the Trichu dealer plays."""

from __future__ import annotations

import pytest

from app.bots import LEVELS, Bot
from app.engine import Game, view_for
from app.web.live.bot_turns import fallback
from tests.web.table.test_table_sizes import SIZES, check_messages, person_and_bots, play_rounds


@pytest.mark.parametrize("ruleset,options", SIZES, ids=[f"{r}-{o.get('players', '')}" for r, o in SIZES])
def test_the_fallback_alone_plays_two_rounds_of_every_ruleset(ruleset, options):
    """Every seat's pending decision made by the fallback from its controller's view only (the
    Trichu Table's from its dealer's): every answer is accepted, the rounds end (the second
    one with Grandseigneur's exchange of best cards)."""
    game = Game(ruleset, options, seed=9)
    for _ in range(5000):
        if game.over or len(game.rounds) > 2:
            return
        pending = view_for(game, None)["to_act"]
        assert pending, "the game waits for nobody"
        player = pending[0]
        action = fallback(view_for(game, player))
        assert action is not None
        game.apply({"seat": player, **action}, by=player)
    raise AssertionError("two rounds did not end")


class RaisingBot(Bot):
    def decide(self, view):
        raise RuntimeError("thinking too hard")


class IllegalBot(Bot):
    def decide(self, view):
        return {"act": "play", "cards": "Dr Ph", "seat": view["viewer"]}


class TableThiefBot(Bot):
    """Answers for the Table whether or not it plays it (a non-dealer's answer is refused)."""

    def decide(self, view):
        return {"act": "pass", "seat": 3}


@pytest.mark.parametrize("bad", [RaisingBot, IllegalBot, TableThiefBot])
@pytest.mark.parametrize("ruleset,options", [("trichu", {}), ("tientsin", {}),
                                             ("grandseigneur", {"players": 6})])
def test_failing_bots_are_replaced_and_every_ruleset_goes_on(app, http, player, hub, monkeypatch, caplog,
                                                             bad, ruleset, options):
    monkeypatch.setitem(LEVELS, "bad", bad)
    table, me = person_and_bots(app, http, player, ruleset, options, seat=1, level="bad")
    rounds = 2 if ruleset == "grandseigneur" else 1  # its second round has the exchange
    play_rounds(hub, table, me, rounds=rounds)
    assert sum(1 for r in table.game.rounds if r.result is not None) >= rounds
    assert "GreedyBot decides instead" in caplog.text
    check_messages(me, table, hub, seat=1)
