"""A player's part of the archive (store/archive/players.py) on SQLite and PostgreSQL alike:
figures summed from the seats' results, people and bots apart, games counted once however
many parts a player held, a link code used once and only in time, and forgetting."""

from __future__ import annotations

from app.web.store.archive.players import LINK_SECONDS, TREND_GAMES, PlayerRecords
from app.web.store.archive.results import SeatResult

NOW = 1_800_000_000.0
ANNA, BEN = "a" * 64, "b" * 64


def row(code, game, seat, player, name, *, part=0, bot=None, outcome=None, final=True, rounds=3, points=100,
        partners=(), opponents=(), ended=NOW, ruleset="standard", **figures):
    return SeatResult(code, game, seat, part, player, name, bot, ruleset, 4, ended, final=final,
                      outcome=outcome, rounds=rounds, points=points, partners=[list(p) for p in partners],
                      opponents=[list(o) for o in opponents], **figures)


def test_figures_are_the_sums_of_the_rows_and_bots_are_nobody(archive):
    records = PlayerRecords(archive)
    ben = [BEN, "Ben", None]
    bot = [None, None, "hard"]
    archive.put("AAAAA", {0: [{"n": 1}]}, results={0: [
        row("AAAAA", 0, 0, ANNA, "Anna", outcome="won", points=250, rounds=5, tichu_called=2, tichu_made=1,
            bombs=1, first_out=2, partners=[ben], opponents=[bot, bot]),
        row("AAAAA", 0, 2, BEN, "Ben", outcome="won", points=250, rounds=5, partners=[[ANNA, "Anna", None]]),
        row("AAAAA", 0, 1, None, None, bot="hard", outcome="lost", points=-50, rounds=5),
    ]})
    # A second game where Anna left (a bot finished it) and came back at another seat.
    archive.put("BBBBB", {0: [{"n": 1}]}, results={0: [
        row("BBBBB", 0, 1, ANNA, "Anna", final=False, rounds=2, points=30, grand_called=1, ended=NOW + 60,
            ruleset="tientsin"),
        row("BBBBB", 0, 3, ANNA, "Anna", part=1, outcome="lost", rounds=4, points=-20, ended=NOW + 60,
            ruleset="tientsin", partners=[bot]),
    ]})
    stats = records.statistics(ANNA)
    overall = stats["overall"]
    assert (overall["games"], overall["won"], overall["lost"], overall["draws"]) == (2, 1, 1, 0)
    assert (overall["rounds"], overall["points"]) == (11, 260)
    assert overall["points_per_round"] == round(260 / 11, 1) and overall["win_share"] == 0.5
    assert (overall["tichu_called"], overall["tichu_made"], overall["grand_called"]) == (2, 1, 1)
    assert (overall["bombs"], overall["first_out"]) == (1, 2)
    assert [(r["ruleset"], r["games"]) for r in stats["rulesets"]] == [("standard", 1), ("tientsin", 1)]
    partners = {str(p["partner"]): p for p in stats["partners"]}
    assert partners[str({"name": "Ben"})]["games"] == 1 and partners[str({"name": "Ben"})]["won"] == 1
    assert partners[str({"bot": "hard"})]["games"] == 1
    games = records.games(ANNA)
    assert [(g["code"], g["outcome"], g["rounds"], g["points"], g["seat"]) for g in games] == [
        ("BBBBB", "lost", 6, 10, 3), ("AAAAA", "won", 5, 250, 0)]
    assert games[1]["partners"] == [{"name": "Ben"}] and games[1]["opponents"] == [{"bot": "hard"}] * 2
    assert records.name(ANNA) == "Anna"
    assert records.statistics("c" * 64)["overall"]["games"] == 0  # nobody's figures are anybody else's


def test_kept_statistics_are_counted_again_once_a_game_of_theirs_is_archived(archive):
    records = PlayerRecords(archive)
    archive.put("AAAAA", {0: [{"n": 1}]}, results={0: [row("AAAAA", 0, 0, ANNA, "Anna", outcome="won")]})
    assert records.statistics(ANNA)["overall"]["games"] == 1  # counted, and kept
    assert archive._query("SELECT rows_counted FROM figures WHERE id = ?", (ANNA,)) == [(1,)]
    archive.put("AAAAA", {1: [{"n": 1}]}, results={1: [row("AAAAA", 1, 0, ANNA, "Anna", outcome="lost")]})
    assert archive._query("SELECT rows_counted FROM figures WHERE id = ?", (ANNA,)) == []  # dropped
    overall = records.statistics(ANNA)["overall"]
    assert (overall["games"], overall["won"], overall["lost"]) == (2, 1, 1)
    # A slow count from fewer rows never replaces a newer one.
    fresh = records.refresh(ANNA)
    from app.web.store.archive import figures
    figures.recount(archive, figures.PLAYER, ANNA, lambda: 1, lambda: {"stale": True})
    assert records.statistics(ANNA) == fresh


def test_putting_a_games_results_again_keeps_them_once(archive):
    rows = [row("AAAAA", 0, 0, ANNA, "Anna", outcome="won")]
    for _ in range(3):  # a move cut short and done again
        archive.put("AAAAA", {0: [{"n": 1}]}, results={0: rows})
    assert PlayerRecords(archive).statistics(ANNA)["overall"]["games"] == 1


def test_the_trend_has_a_point_per_ten_games_in_the_order_they_ended(archive):
    results = {n: [row("CCCCC", n, 0, ANNA, "Anna", outcome="won" if n % 4 == 0 else "lost", rounds=2,
                       points=10 * n, ended=NOW + n)] for n in range(25)}
    archive.put("CCCCC", {n: [{"n": n}] for n in range(25)}, results=results)
    trend = PlayerRecords(archive).statistics(ANNA)["trend"]
    assert [p["first"] for p in trend] == [1, 11, 21]
    assert [p["games"] for p in trend] == [TREND_GAMES, TREND_GAMES, 5]
    assert trend[0]["points_per_round"] == round(sum(10 * n for n in range(10)) / 20, 1)
    assert trend[0]["win_share"] == 0.3  # games 0, 4, 8


def test_a_link_code_works_once_and_only_in_time(archive):
    records = PlayerRecords(archive)
    code = records.link("the-key-" * 3, NOW)
    assert records.redeem(code.lower(), NOW + 10) == "the-key-" * 3
    assert records.redeem(code, NOW + 20) is None  # used up
    late = records.link("the-key-" * 3, NOW)
    assert records.redeem(late, NOW + LINK_SECONDS + 1) is None


def test_forgetting_leaves_the_games_and_no_trace_of_the_player(archive):
    records = PlayerRecords(archive)
    records.seen(ANNA, "Anna", NOW)
    archive.put("AAAAA", {0: [{"n": 1}]}, results={0: [
        row("AAAAA", 0, 0, ANNA, "Anna", outcome="won"),
        row("AAAAA", 0, 2, BEN, "Ben", outcome="won", partners=[[ANNA, "Anna", None]],
            opponents=[[None, None, "hard"]]),
    ]})
    assert {"name": "Anna"} in [p["partner"] for p in records.statistics(BEN)["partners"]]  # kept
    records.forget(ANNA, NOW)
    assert {"name": "Anna"} not in [p["partner"] for p in records.statistics(BEN)["partners"]]
    assert records.name(ANNA) is None and records.statistics(ANNA)["overall"]["games"] == 0
    ben = records.games(BEN)[0]
    assert ben["partners"] == [{"name": None}] and ben["opponents"] == [{"bot": "hard"}]
    text = "".join(str(archive._query(f"SELECT * FROM {t}")) for t in ("seat_results", "players", "figures"))
    assert ANNA not in text and "Anna" not in text
    assert records.forgotten([ANNA, BEN]) == {ANNA}
    assert archive.game_actions("AAAAA", 0) == [{"n": 1}]
