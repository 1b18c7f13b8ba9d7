"""The score sheet's data: every finished round of the game reaches the page, however long the
game runs, whether the table stayed in memory or came back from the store (issue 20: the trial
asked for the history of earlier rounds, not only the current one)."""

from __future__ import annotations

from app.bots import GreedyBot
from app.web.table.acts import must_act
from app.web.table.documents import RoundOver
from tests.web.conftest import Player
from tests.web.live.test_bots import bot_table
from tests.web.store.test_persistence import restart


def play_rounds(hub, table, me, rounds: int, max_steps: int = 3000):
    """The person acts whenever the game waits for them, bots do the rest, until `rounds`
    rounds are over."""
    for _ in range(max_steps):
        assert hub.bots.wait_idle(20), "the bots got stuck"
        me.pump()
        if len(me.view["scores"]["rounds"]) >= rounds or table.game.over:
            return
        assert must_act(me.view), "nobody acts: the table stalled"
        assert me.act(**GreedyBot(0).decide(me.view))["ok"]
    raise AssertionError("the rounds did not end")


def test_every_finished_round_reaches_the_score_sheet(app, http, player, hub, tmp_path):
    table, me = bot_table(app, http, player, options={"target": 10000})
    code, token = table.code, me.token
    play_rounds(hub, table, me, 3)
    game = table.game
    assert not game.over and len(game.rounds) == 4
    assert all(isinstance(r, RoundOver) for r in game.rounds[:3])  # only their results are kept
    sheet = me.view["scores"]
    assert [r["scores"] for r in sheet["rounds"]] == [list(r.result.scores) for r in game.rounds[:3]]
    assert [sum(col) for col in zip(*(r["scores"] for r in sheet["rounds"]))] == sheet["totals"]
    for r in sheet["rounds"]:  # what each row says: card points (or a double victory), calls
        assert r["double_victory"] or sum(r["card_points"]) == 100
        assert len(r["calls"]) == len(r["call_made"]) == 4 and len(r["out_order"]) >= 2
    # After a restart the table comes back from its log: the same rows.
    new_app = restart(app, tmp_path)
    try:
        back = Player(new_app, new_app.test_client(), "Anna")
        assert back.join(code, token)["seat"] == 0
        assert back.view["scores"] == sheet
    finally:
        new_app.extensions["tichu"].bots.stop()
