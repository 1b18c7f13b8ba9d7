"""Tables saved by earlier versions (one JSON file each in the data directory) go into the store.

Run on start. Each file becomes a table in the store with the same code,
version, seats, token hashes, settings and chat, and its games as action
logs. Every game is replayed from the table's seed and compared with the
file's record; a table whose games do not come out the same is imported all
the same and marked damaged (kept, never shortened). An imported file is
moved to `imported-json/` beside it; a file that cannot be read stays where
it is, with one line in the log.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from ..store import Change, StoredTable, StoreUnavailable, TableStore
from .documents import META_FORMAT, new_table, replay_game, summary_of

log = logging.getLogger(__name__)

FILE_FORMAT = "tichu-table/1"
DONE_DIR = "imported-json"


def import_json_tables(store: TableStore, directory) -> int:
    """Import every table file of `directory` not in the store yet; how many were imported."""
    directory = Path(directory)
    if not directory.is_dir():
        return 0
    count = 0
    for path in sorted(directory.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            code, change, damaged = convert(data)
        except Exception as exc:
            log.error("cannot import table file %s (kept as it is): %s", path.name, exc)
            continue
        try:
            if store.version(code) == 0:
                store.commit(code, 0, change)
                if damaged:
                    store.mark_damaged(code, damaged)
                    log.error("imported table %s is damaged (kept read-only): %s", code, damaged)
                count += 1
        except StoreUnavailable as exc:
            log.error("cannot import table files now (tried again on the next start): %s", exc)
            break
        done = directory / DONE_DIR
        done.mkdir(exist_ok=True)
        path.replace(done / path.name)
    if count:
        log.info("imported %d table(s) from JSON files into the %s store", count, store.kind)
    return count


def convert(data: dict) -> tuple[str, Change, str | None]:
    """A table file's contents as the store's first change of the table, and why it is damaged."""
    if data.get("format") != FILE_FORMAT:
        raise ValueError(f"not a {FILE_FORMAT} file")
    records = list(data["past"]) + ([data["record"]] if data["record"] is not None else [])
    meta = {
        "format": META_FORMAT,
        "code": data["code"],
        "name": data["name"],
        "ruleset": data["ruleset"],
        "options": data["options"],
        "listed": data["listed"],
        "host": {"name": data["host"]["name"], "token_hash": data["host"]["token_hash"]},
        "seed": data["seed"],
        "seeded": data["seeded"],
        "created": data["created"],
        "game_no": data["game_no"],
        "finished": len(data["past"]),
        "seats": [{"name": s["name"], "owner": s["token_hash"], "bot": s["bot"]} for s in data["seats"]],
        "settings": data.get("settings") or {},
        "chat": data.get("chat") or [],
        "extra": {},
    }
    actions = [(number, action) for number, record in enumerate(records)
               for rnd in record["rounds"] for action in rnd["actions"]]
    current = [action for number, action in actions if number == len(records) - 1]
    stored = StoredTable(data["code"], data["version"], data["updated"], data["listed"], meta, {},
                         len(records) - 1 if records else None, current)
    table = new_table(stored)
    damaged = table.damaged
    for number, record in enumerate(records):
        if damaged:
            break
        game = replay_game(table, number, [a for n, a in actions if n == number])[0]
        if game.record() != record:
            damaged = f"game {number + 1} does not replay to the record saved in {data['code']}.json"
    change = Change(data["version"], data["updated"], data["listed"], meta, summary_of(table), actions)
    return data["code"], change, damaged
