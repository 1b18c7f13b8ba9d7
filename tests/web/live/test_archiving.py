"""Finished games and idle tables move to the archive and back (live/archiving.py), with
real stores: SQLite beside a SQLite archive (one process), Redis beside PostgreSQL (the
scale-out). A move cut short anywhere is finished by the next sweep, losing nothing and
keeping nothing twice."""

from __future__ import annotations

import secrets

import pytest

from app.web.live.archiving import Archiver
from app.web.store import Change
from app.web.store.sqlite import SQLiteStore
from tests.web.store.conftest import fresh_database, postgres_server, redis_url  # noqa: F401 (fixtures)

NOW = 1_000_000.0
IDLE = 3600.0


def sqlite_pair(tmp_path, request):
    from app.web.store.archive.sqlite import SQLiteArchive

    return SQLiteStore(tmp_path / "tables.sqlite3"), SQLiteArchive(tmp_path / "tables.sqlite3")


def redis_postgres_pair(tmp_path, request):
    from app.web.store.archive.postgres import PostgresArchive
    from app.web.store.redis import RedisStore

    store = RedisStore.from_url(request.getfixturevalue("redis_url"), prefix=f"test-{secrets.token_hex(4)}:")
    return store, PostgresArchive(fresh_database(request.getfixturevalue("postgres_server")))


@pytest.fixture(params=["sqlite", "redis+postgres"])
def homes(request, tmp_path):
    store, archive = (sqlite_pair if request.param == "sqlite" else redis_postgres_pair)(tmp_path, request)
    yield store, archive
    store.close()
    archive.close()


def meta(game_no: int, finished: int) -> dict:
    return {"format": "x", "name": "Friday", "game_no": game_no, "finished": finished}


def play(store, code: str, games: list[list[dict]], over: bool, updated: float) -> None:
    """A table whose games have these logs; the last one over or not."""
    actions = [(n, action) for n, log in enumerate(games) for action in log]
    store.commit(code, 0, Change(1, updated, True, meta(len(games), len(games) - 1),
                                 {"code": code, "status": "over" if over else "playing"}, actions))


GAMES = [[{"n": 1}, {"n": 2}], [{"n": 3}], [{"n": 4}, {"n": 5}]]


def test_ended_games_are_copied_and_the_older_ones_leave_the_live_store(homes):
    store, archive = homes
    play(store, "AAAAA", GAMES, over=True, updated=NOW - 1)
    archiver = Archiver(store, archive, idle_seconds=IDLE)
    assert archiver.sweep(NOW) == {"games": 3, "tables": 0}
    assert [archive.game_actions("AAAAA", n) for n in range(3)] == GAMES
    assert store.game_actions("AAAAA", 0) == [] and store.game_actions("AAAAA", 1) == []
    live = store.load("AAAAA")
    assert (live.game, live.actions) == (2, GAMES[2])  # the latest stays live with its table
    assert [archiver.game_actions("AAAAA", n) for n in range(3)] == GAMES  # read through both
    assert archiver.sweep(NOW) == {"games": 0, "tables": 0}  # nothing changed: nothing to do
    assert Archiver(store, archive, idle_seconds=IDLE).sweep(NOW)["games"] == 0  # a restart neither
    assert archive.counts() == (0, 3)


def test_a_game_still_played_stays_live_and_out_of_the_archive(homes):
    store, archive = homes
    play(store, "BBBBB", GAMES, over=False, updated=NOW - 1)
    Archiver(store, archive, idle_seconds=IDLE).sweep(NOW)
    assert archive.games("BBBBB") == [0, 1]  # the third is being played
    assert store.load("BBBBB").actions == GAMES[2]


def test_an_idle_table_moves_whole_and_reopens_to_play_on(homes):
    store, archive = homes
    play(store, "DDDDD", GAMES, over=False, updated=NOW - IDLE - 1)
    archiver = Archiver(store, archive, idle_seconds=IDLE)
    assert archiver.sweep(NOW) == {"games": 0, "tables": 1}
    assert store.load("DDDDD") is None and store.list_tables() == []
    kept = archive.table("DDDDD")
    assert (kept.version, kept.latest, kept.meta) == (1, 2, meta(3, 2))
    assert [archive.game_actions("DDDDD", n) for n in range(3)] == GAMES
    # Somebody opens the table: it is live again at its version and takes the next change.
    assert archiver.reopen("DDDDD")
    back = store.load("DDDDD")
    assert (back.version, back.game, back.actions, back.meta) == (1, 2, GAMES[2], meta(3, 2))
    store.commit("DDDDD", 1, Change(2, NOW, True, actions=[(2, {"n": 6})]))
    assert archiver.game_actions("DDDDD", 0) == GAMES[0]
    assert archiver.game_actions("DDDDD", 2) == GAMES[2] + [{"n": 6}]
    # Idle again, it moves again: the archive keeps one copy, the newer one.
    Archiver(store, archive, idle_seconds=IDLE).sweep(NOW + 2 * IDLE)
    assert archive.counts() == (1, 3) and archive.game_actions("DDDDD", 2) == GAMES[2] + [{"n": 6}]


def test_a_table_open_here_or_changed_meanwhile_is_not_moved(homes):
    store, archive = homes
    play(store, "EEEEE", GAMES, over=False, updated=NOW - IDLE - 1)
    open_here = {"EEEEE"}.__contains__
    assert Archiver(store, archive, idle_seconds=IDLE, in_use=open_here).sweep(NOW)["tables"] == 0
    assert store.load("EEEEE") is not None

    archiver = Archiver(store, archive, idle_seconds=IDLE)
    real_put = archive.put

    def put_then_a_move_elsewhere(*args, **kwargs):
        real_put(*args, **kwargs)
        store.commit("EEEEE", 1, Change(2, NOW, True, actions=[(2, {"n": 6})]))  # between the two steps

    archive.put = put_then_a_move_elsewhere
    assert archiver.move_table("EEEEE") is False
    archive.put = real_put
    assert store.load("EEEEE").actions == GAMES[2] + [{"n": 6}]  # still live, nothing lost


class Killed(BaseException):
    """The process dies here (kill -9): nothing after this line runs."""


@pytest.mark.parametrize("step", ["archive.put", "store.drop_game", "store.delete_if"])
def test_a_move_cut_short_anywhere_is_finished_by_the_next_sweep(homes, step):
    store, archive = homes
    play(store, "FFFFF", GAMES, over=True, updated=NOW - 1)
    play(store, "GGGGG", GAMES, over=False, updated=NOW - IDLE - 1)
    owner, name = step.split(".")
    target = store if owner == "store" else archive
    real = getattr(target, name)
    calls = []

    dies_at = 2 if name == "put" else 1  # half way: some of the move done, the rest not

    def dies(*args, **kwargs):
        calls.append(args)
        if len(calls) == dies_at:
            raise Killed
        return real(*args, **kwargs)

    setattr(target, name, dies)
    with pytest.raises(Killed):
        Archiver(store, archive, idle_seconds=IDLE).sweep(NOW)
    setattr(target, name, real)
    Archiver(store, archive, idle_seconds=IDLE).sweep(NOW)  # after the restart
    # Every game is somewhere, exactly once in the archive, and the live tables read whole.
    for code in ("FFFFF", "GGGGG"):
        reader = Archiver(store, archive, idle_seconds=IDLE)
        assert [reader.game_actions(code, n) for n in range(3)] == GAMES
    assert archive.games("FFFFF") == [0, 1, 2] and archive.games("GGGGG") == [0, 1, 2]
    assert store.load("GGGGG") is None and store.load("FFFFF").actions == GAMES[2]
    assert archive.counts() == (1, 6)


def test_a_server_archives_a_finished_game_and_an_idle_table_and_replays_and_plays_on(app, http, player, hub):
    """One process (SQLite): a finished game's record answers from the archive once a new game
    began; the idle table moves out whole, and joining it brings it back to play on."""
    import time

    from tests.web.conftest import record_of
    from tests.web.live.test_bots import bot_table, play_with_bots

    archiver = app.extensions["tichu_archiver"]
    store = hub.registry.store
    table, me = bot_table(app, http, player, options={"target": 50})
    code, token = table.code, me.token
    play_with_bots(hub, table, me)
    first = table.game
    assert me.emit("new_game", {})["ok"]
    assert hub.bots.wait_idle()
    archiver.sweep()
    assert store.game_actions(code, 0) == []  # out of the live store...
    assert record_of(http.get(f"/t/{code}/record.json?game=0").get_json(), first)  # ...read from the archive

    me.disconnect()
    assert hub.bots.wait_idle()
    hub.registry.sweep(time.monotonic() + 10 * hub.registry.idle_seconds, force=True)  # out of memory
    assert not hub.registry.holds(code)
    assert archiver.sweep(time.time() + IDLE + 3600)["tables"] == 1
    assert store.load(code) is None and archiver.archive.table(code) is not None

    again = player("Anna")
    ack = again.join(code, token)
    assert ack["ok"] and ack["seat"] == 0, ack
    assert again.doc["table"]["finished_games"] == 1
    assert record_of(http.get(f"/t/{code}/record.json?game=0").get_json(), first)
    # The new game goes on from where it was: the person acts whenever it is their turn.
    moves = again.doc["game"]["history"]
    for _ in range(50):
        assert hub.bots.wait_idle(20)
        again.pump()
        if 0 in again.view["to_act"]:
            break
    from app.bots import GreedyBot

    assert again.act(**GreedyBot(0).decide(again.view))["ok"]
    assert store.version(code) > 0 and len(again.doc["game"]["history"]) >= len(moves)


def test_a_lessons_game_once_ended_is_the_learners_lesson_done(homes):
    from app.web.store.archive.players import PlayerRecords
    from app.web.store.archive.progress import CoachProgress

    store, archive = homes
    learner, forgotten = "a" * 64, "f" * 64
    seats = [{"owner": "hash", "player": learner}, {"owner": None, "bot": "lesson"},
             {"owner": "other", "player": forgotten}, {"owner": None, "bot": "lesson"}]
    PlayerRecords(archive).forget(forgotten, NOW)
    lesson_meta = {**meta(1, 0), "seats": seats, "extra": {"lesson": {"id": "first-game"}}}
    store.commit("LESSN", 0, Change(1, NOW - 1, False, lesson_meta, {"code": "LESSN", "status": "over"},
                                    [(0, {"n": 1})]))
    assert Archiver(store, archive, idle_seconds=IDLE, clock=lambda: NOW).sweep(NOW)["games"] == 1
    progress = CoachProgress(archive)
    assert progress.progress(learner)["lessons"] == [{"lesson": "first-game", "done": NOW}]
    assert progress.progress(forgotten)["lessons"] == []  # forgotten stays forgotten


def test_the_sweep_loop_leaves_the_shared_random_generator_alone(tmp_path, request):
    """Its jitter draws from a generator of its own: a background thread drawing from the
    module's would move the state under whatever else runs (a seeded game, a Hypothesis test)."""
    import random
    import threading

    store, archive = sqlite_pair(tmp_path, request)
    archiver = Archiver(store, archive, idle_seconds=IDLE, interval=0.001)
    swept = threading.Event()
    archiver.tick = swept.set  # the sweeps themselves are tested above: here only the loop runs
    before = random.getstate()
    archiver.start()
    try:
        assert swept.wait(5)
    finally:
        archiver.stop()
        archiver._thread.join(5)
        store.close()
        archive.close()
    assert random.getstate() == before
