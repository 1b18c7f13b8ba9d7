"""Back up and restore a running deployment's tables: Redis (the scale-out) or SQLite (one process).

    python deploy/backup.py redis-backup --port 6379 /var/backups/tichu/tables-$(date +%F).rdb
    python deploy/backup.py redis-restore --config /etc/tichu/redis.conf SNAPSHOT.rdb   # Redis stopped
    python deploy/backup.py sqlite-backup --data-dir /var/lib/tichu/data /var/backups/tichu/tables.sqlite3
    python deploy/backup.py sqlite-restore --data-dir /var/lib/tichu/data BACKUP.sqlite3   # server stopped

A backup is taken while everything runs: Redis writes a consistent snapshot of its memory
(`redis-cli --rdb`, which asks the server for one over its replication protocol), SQLite
copies the database page by page under its own locking (Python's `sqlite3` backup call, as
`sqlite3 tables.sqlite3 ".backup COPY"` does where Debian's `sqlite3` tool is installed).
A restore needs its server stopped. Redis with append-only persistence ignores a snapshot
file when it starts with no append-only file of its own, so the restore loads the snapshot
with persistence off, turns it on (Redis writes its append-only file from what it loaded)
and stops: the next start reads that file. What was in the folder before is kept aside.
"""

from __future__ import annotations

import argparse
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

SQLITE_FILE = "tables.sqlite3"  # app/web/store/sqlite.py's FILE_NAME


class BackupError(RuntimeError):
    """What went wrong, in a sentence for the operator."""


def redis_backup(port: int, dest: Path, host: str = "127.0.0.1", cli: str = "redis-cli") -> Path:
    dest.parent.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([cli, "-h", host, "-p", str(port), "--rdb", str(dest)],
                          capture_output=True, text=True)
    if done.returncode != 0 or not dest.exists():
        raise BackupError(f"redis-cli --rdb failed: {(done.stderr or done.stdout).strip()}")
    return dest


def _config_value(config: Path, name: str) -> str:
    for line in config.read_text().splitlines():
        words = line.split()
        if len(words) >= 2 and words[0] == name:
            return words[1].strip('"')
    raise BackupError(f"{config} has no '{name}' line")


def _cli(port: int, *args: str, cli: str = "redis-cli") -> str:
    done = subprocess.run([cli, "-p", str(port), *args], capture_output=True, text=True, timeout=30)
    return done.stdout.strip()


def redis_restore(config: Path, snapshot: Path, server: str = "redis-server", cli: str = "redis-cli",
                  timeout: float = 120) -> Path:
    """Put `snapshot` in the place of the Redis that `config` describes (stopped), leaving its
    append-only file made from the snapshot. Returns where the old contents were put aside."""
    port, folder = int(_config_value(config, "port")), Path(_config_value(config, "dir"))
    dbfile = _config_value(config, "dbfilename")
    if _cli(port, "ping", cli=cli) == "PONG":
        raise BackupError(f"a Redis answers on port {port}: stop it first (systemctl stop tichu-redis)")
    aside = folder.parent / f"{folder.name}.before-restore-{time.strftime('%Y%m%d-%H%M%S')}"
    if folder.exists():
        folder.rename(aside)
    folder.mkdir(parents=True)
    shutil.copyfile(snapshot, folder / dbfile)
    proc = subprocess.Popen([server, str(config), "--appendonly", "no", "--daemonize", "no"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + timeout
        while _cli(port, "ping", cli=cli) != "PONG":
            if proc.poll() is not None or time.monotonic() > deadline:
                raise BackupError("redis-server did not start with the snapshot (see its log)")
            time.sleep(0.1)
        if _cli(port, "config", "set", "appendonly", "yes", cli=cli) != "OK":
            raise BackupError("redis refused to turn its append-only file on")
        while True:  # the append-only file is written from memory in the background
            info = _cli(port, "info", "persistence", cli=cli)
            if "aof_rewrite_in_progress:0" in info and "aof_rewrite_scheduled:0" in info and \
                    "aof_enabled:1" in info:
                break
            if time.monotonic() > deadline:
                raise BackupError("redis did not finish writing its append-only file")
            time.sleep(0.1)
        _cli(port, "shutdown", cli=cli)
        proc.wait(timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return aside


def sqlite_backup(data_dir: Path, dest: Path) -> Path:
    source = data_dir / SQLITE_FILE
    if not source.exists():
        raise BackupError(f"no database at {source}")
    dest.parent.mkdir(parents=True, exist_ok=True)
    partial = dest.with_name(dest.name + ".partial")
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        out = sqlite3.connect(partial)
        try:
            src.backup(out)  # pages copied under SQLite's locks: a consistent copy of a live database
        finally:
            out.close()
    finally:
        src.close()
    partial.replace(dest)
    return dest


def sqlite_restore(data_dir: Path, backup: Path) -> Path:
    """The backup in the place of the (stopped) server's database; the old files put aside."""
    check = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
    try:
        if check.execute("pragma integrity_check").fetchone()[0] != "ok":
            raise BackupError(f"{backup} is damaged (pragma integrity_check)")
    finally:
        check.close()
    aside = data_dir / f"before-restore-{time.strftime('%Y%m%d-%H%M%S')}"
    aside.mkdir(parents=True)
    for suffix in ("", "-wal", "-shm"):
        old = data_dir / (SQLITE_FILE + suffix)
        if old.exists():
            old.rename(aside / old.name)
    shutil.copyfile(backup, data_dir / SQLITE_FILE)
    return aside


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rb = sub.add_parser("redis-backup", help="a snapshot of a running Redis")
    rb.add_argument("--port", type=int, default=6379)
    rb.add_argument("dest", type=Path)
    rr = sub.add_parser("redis-restore", help="a snapshot into a stopped Redis's folder")
    rr.add_argument("--config", type=Path, default=Path("/etc/tichu/redis.conf"))
    rr.add_argument("snapshot", type=Path)
    sb = sub.add_parser("sqlite-backup", help="a copy of a running server's SQLite database")
    sb.add_argument("--data-dir", type=Path, required=True)
    sb.add_argument("dest", type=Path)
    sr = sub.add_parser("sqlite-restore", help="a copy into a stopped server's data folder")
    sr.add_argument("--data-dir", type=Path, required=True)
    sr.add_argument("backup", type=Path)
    args = parser.parse_args(argv)
    try:
        if args.command == "redis-backup":
            print(redis_backup(args.port, args.dest))
        elif args.command == "redis-restore":
            print(f"restored; the folder before is in {redis_restore(args.config, args.snapshot)}")
        elif args.command == "sqlite-backup":
            print(sqlite_backup(args.data_dir, args.dest))
        else:
            print(f"restored; the files before are in {sqlite_restore(args.data_dir, args.backup)}")
    except (OSError, sqlite3.Error, BackupError, subprocess.SubprocessError) as exc:
        print(f"{args.command}: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
