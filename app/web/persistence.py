"""Tables on disk: one JSON file per table, written atomically after every accepted change.

A file holds the table's settings (and its recent chat), its seats (names, token hashes, bot levels),
the host, the secret seed, the records of finished games and the current
game's record (RECORD_FORMAT.md). On start the server replays each record
with the engine, so a restart loses nothing that was acknowledged.

Writing the whole record after every action would grow with the game, so the
JSON text of rounds that are over is kept and only the current round is
encoded again.
"""

from __future__ import annotations

import json
import logging
import os
import time
from pathlib import Path

from app.engine import Game, IllegalAction, Rules, seeded_deal
from app.engine.record import FORMAT, format_hand, parse_record

from .chat import ChatLog
from .tables import Seat, Table, make_bot

log = logging.getLogger(__name__)

FILE_FORMAT = "tichu-table/1"


def _dumps(value) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class RecordCache:
    """The JSON text of a game's record, encoding each round and each action once."""

    def __init__(self):
        self.game = None
        self.done: list[str] = []  # JSON text of the rounds that are over
        self.current = None  # the round being played...
        self.hands = ""  # ...its hands as JSON text...
        self.actions: list[str] = []  # ...and its actions so far, each as JSON text

    def text(self, game) -> str:
        if game is not self.game:
            self.game, self.done, self.current = game, [], None
        rules, deck = game.rules, game.rules.deck
        shown = rules.grand_tichu_cards if rules.grand_tichu else rules.hand_size
        rounds = game.rounds
        while len(self.done) < len(rounds) and rounds[len(self.done)].result is not None:
            rnd = rounds[len(self.done)]
            self.done.append(self._round(rnd, deck, shown, [_dumps(a.to_record(deck)) for a in rnd.actions]))
        parts = list(self.done)
        for rnd in rounds[len(self.done):]:
            if rnd is not self.current:
                self.current, self.actions = rnd, []
            self.actions.extend(_dumps(a.to_record(deck)) for a in rnd.actions[len(self.actions):])
            parts.append(self._round(rnd, deck, shown, self.actions))
        head = _dumps({"format": FORMAT, "ruleset": rules.ruleset.name, "options": dict(rules.options)})
        return head[:-1] + ',"rounds":[' + ",".join(parts) + "]}"

    @staticmethod
    def _round(rnd, deck, shown, actions: list[str]) -> str:
        hands = _dumps([format_hand(deck, h, shown) for h in rnd.dealt])
        return '{"hands":' + hands + ',"actions":[' + ",".join(actions) + "]}"


class Store:
    """The data directory of tables (None: keep nothing, for tests that do not need it)."""

    def __init__(self, directory: str | os.PathLike | None):
        self.directory = Path(directory) if directory is not None else None
        self._records: dict[str, RecordCache] = {}
        self._past: dict[str, tuple[int, str]] = {}
        if self.directory is not None:
            self.directory.mkdir(parents=True, exist_ok=True)

    def path(self, code: str) -> Path:
        return self.directory / f"{code}.json"

    def save(self, table: Table) -> None:
        """Write the table atomically (temporary file, then rename). Call with the lock held."""
        if self.directory is None:
            return
        text = self.encode(table)
        # Saves of one table are serialised by its lock, so one temporary name per table does.
        tmp = self.directory / f".{table.code}.json.tmp"
        try:
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, self.path(table.code))
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise

    def encode(self, table: Table) -> str:
        data = {
            "format": FILE_FORMAT,
            "code": table.code,
            "name": table.name,
            "ruleset": table.ruleset,
            "options": table.options,
            "listed": table.listed,
            "host": {"name": table.host_name, "token_hash": table.host_hash},
            "seed": table.seed,
            "seeded": table.seeded,
            "created": table.created,
            "updated": table.updated,
            "version": table.version,
            "game_no": table.game_no,
            "seats": [{"name": s.name, "token_hash": s.owner, "bot": s.bot} for s in table.seats],
            "settings": table.settings,
            "chat": table.chat.recent(),
        }
        text = _dumps(data)[:-1] + ',"past":' + self._past_text(table) + "}"
        if table.game is None:
            return text[:-1] + ',"record":null}'
        cache = self._records.setdefault(table.code, RecordCache())
        return text[:-1] + ',"record":' + cache.text(table.game) + "}"

    def _past_text(self, table: Table) -> str:
        """Finished games never change: each table's list is encoded again only when it grows."""
        count, text = self._past.get(table.code, (-1, ""))
        if count != len(table.past):
            count, text = len(table.past), _dumps(table.past)
            self._past[table.code] = (count, text)
        return text

    def load_all(self, max_age_days: float | None = None) -> list[Table]:
        """Every table in the directory; files untouched for `max_age_days` are removed."""
        if self.directory is None:
            return []
        tables = []
        now = time.time()
        for path in sorted(self.directory.glob("*.json")):
            if max_age_days is not None and now - path.stat().st_mtime > max_age_days * 86400:
                log.info("removing table %s: untouched for %s days", path.name, max_age_days)
                path.unlink(missing_ok=True)
                continue
            try:
                tables.append(decode(json.loads(path.read_text(encoding="utf-8"))))
            except Exception:
                # A damaged file is kept for the operator, never deleted.
                log.exception("cannot restore table from %s", path)
        return tables


def decode(data: dict) -> Table:
    if data.get("format") != FILE_FORMAT:
        raise ValueError(f"not a {FILE_FORMAT} file")
    table = Table(data["code"], data["name"], data["ruleset"], data["options"],
                  data["host"]["token_hash"], data["host"]["name"], listed=data["listed"],
                  seed=data["seed"], created=data["created"], settings=data.get("settings"))
    table.chat = ChatLog(data.get("chat"))
    table.seeded = data["seeded"]
    table.updated = data["updated"]
    table.version = data["version"]
    table.game_no = data["game_no"]
    table.seats = [Seat(s["name"], s["token_hash"], s["bot"]) for s in data["seats"]]
    table.past = data["past"]
    if data["record"] is not None:
        table.game = restore_game(data["record"], table.game_seed(table.game_no - 1))
    for seat in table.bot_seats():
        table.bots[seat] = make_bot(table.seats[seat].bot, seat, table._bot_rng(seat))
    return table


def restore_game(record: dict, seed) -> Game:
    """Replay a record into a live game that deals its next rounds from `seed` as before."""
    ruleset, options, hands, actions = parse_record(record)
    live = seeded_deal(Rules.of(ruleset, options), seed)
    game = Game(ruleset, options, seed=seed, deal=lambda i: hands[i] if i < len(hands) else live(i))
    for r, round_actions in enumerate(actions):
        for i, action in enumerate(round_actions):
            try:
                game.apply(action)
            except IllegalAction as exc:
                # Cannot happen for a record this server wrote; keep what replays.
                log.error("record stops replaying at round %d action %d: %s", r, i, exc.message)
                return game
    return game
