"""The SQLite store with real server processes: `kill -9` at random moments of a game, a full
disk and a read-only disk. Nothing acknowledged is ever lost; what cannot be stored is refused."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import threading
import time
import urllib.request

import pytest

from app.web.store.sqlite import FILE_NAME, SQLiteStore
from tests.web.policy import next_action
from tests.web.processes import SeatClient, Server

NAMES = ("Anna", "Ben", "Cleo", "Dan")


def create_table(base: str) -> tuple[str, str]:
    body = json.dumps({"host_name": "Anna", "seed": 4}).encode()
    req = urllib.request.Request(base + "/api/tables", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        data = json.loads(resp.read())
    return data["code"], data["token"]


class Game:
    """Four people at one table, played through whichever server process is up."""

    def __init__(self):
        self.code = None
        self.tokens = [None] * 4
        self.clients: list[SeatClient] = []
        self.acked: list[tuple] = []  # (game index, seat, act, cards) of every acknowledged action
        self.sent: list[tuple] = []  # the same and whether it was acknowledged, of every action sent
        self.version = 0  # the latest version an ack gave
        self.stored_version = 0  # the latest version an action's ack gave (joins are not stored)
        self.acts = 0

    def connect(self, server: Server):
        self.clients = [SeatClient(server.base) for _ in range(4)]
        if self.code is None:
            self.code, self.tokens[0] = create_table(server.base)
            for seat, client in enumerate(self.clients):
                token = {"token": self.tokens[0]} if seat == 0 else {}
                assert client.call("join", {"code": self.code, **token})["ok"]
                ack = client.call("sit", {"seat": seat, "name": NAMES[seat]})
                assert ack["ok"], ack
                self.tokens[seat] = self.tokens[seat] or ack["token"]
            ack = self.clients[0].call("start", {})
            assert ack["ok"], ack
            self.version = ack["version"]
        else:
            for seat, client in enumerate(self.clients):
                ack = client.call("join", {"code": self.code, "token": self.tokens[seat]})
                assert ack["ok"] and ack["seat"] == seat, ack
                self.version = max(self.version, ack["version"])
        self.settle()

    def settle(self, server: Server | None = None) -> bool:
        """Every client has the latest version. With `server`: False when that process was killed
        before it sent the version to everybody (an acknowledged change whose patches to the
        others were still on their way: stored, and there after the restart)."""
        for client in self.clients:
            deadline = time.monotonic() + 20
            while not client.wait_version(self.version, timeout=0.2):
                if server is not None and server.proc.poll() is not None:
                    return False
                assert time.monotonic() < deadline, (
                    f"a client did not get version {self.version}: the clients have "
                    f"{[(c.version, c.sio.connected) for c in self.clients]}")
        return True

    def step(self) -> dict:
        """One action by whoever must act (or a new game); its ack. Raises when the server is gone."""
        views = [c.doc["game"] for c in self.clients]
        if views[0]["game_over"]:
            ack = self.clients[0].call("new_game", {})
            if ack.get("ok"):
                self.version = self.stored_version = ack["version"]
            return ack
        seat, action = next_action(views, bombed=True)
        entry = (self.clients[0].doc["table"]["game_no"] - 1, seat, action["act"],
                 sorted(action.get("cards", "").split()))
        try:
            self.acts += 1  # every decision has its own id and the version it was made on
            ack = self.clients[seat].call("act", {"action": action, "version": self.clients[seat].version,
                                                  "id": f"step-{self.acts}"})
        except Exception:
            self.sent.append((*entry, False))  # no answer: it may or may not have been stored
            raise
        self.sent.append((*entry, bool(ack.get("ok"))))
        if ack.get("ok"):
            self.version = self.stored_version = ack["version"]
            self.acked.append(entry)
        return ack

    def close(self):
        for client in self.clients:
            client.close()

    def check_stored(self, db_path) -> None:
        """The database holds every acknowledged action, in order, and nothing else but actions
        that were sent and got no answer (stored, their ack lost with the process)."""
        store = SQLiteStore(db_path)
        try:
            for g in sorted({a[0] for a in self.sent}):
                stored = [(a["seat"], a["act"], sorted(a.get("cards", "").split()))
                          for a in store.game_actions(self.code, g)]
                sent = [a for a in self.sent if a[0] == g]
                i = 0
                for k, (*entry, acked) in enumerate(sent):
                    # An unanswered action sent again after the restart was not stored the first time.
                    again = not acked and k + 1 < len(sent) and sent[k + 1][:-1] == tuple(entry)
                    if not again and i < len(stored) and stored[i] == tuple(entry[1:]):
                        i += 1
                    else:
                        assert not acked, f"game {g}: the acknowledged action {entry} is missing"
                assert i == len(stored), f"game {g}: stored actions nobody sent: {stored[i:]}"
            assert store.version(self.code) >= self.stored_version
            assert store.load(self.code).damaged is None
        finally:
            store.close()


def test_kill_9_at_random_moments_loses_no_acknowledged_action(tmp_path):
    data = tmp_path / "data"
    game = Game()
    rng = random.Random(2026)
    kills = 0
    try:
        while kills < 10:
            server = Server(data, tmp_path / "server.log")
            try:
                game.connect(server)
                # Everything acknowledged before this process is there after its restart.
                moves = sum(1 for a in game.acked if a[0] == game.clients[0].doc["table"]["game_no"] - 1)
                assert game.clients[0].doc["table"]["moves"] >= moves
                killer = threading.Timer(rng.uniform(0.05, 1.5), server.kill9)
                killer.start()
                for _ in range(3000):
                    try:
                        ack = game.step()
                    except Exception:  # the process is gone mid-call
                        break
                    if not ack.get("ok"):
                        assert server.proc.poll() is not None, ack  # refused only when dying
                        break
                    if not game.settle(server):
                        break
                killer.join(30)
            finally:
                server.kill()
                game.close()
            kills += 1
            game.check_stored(data / FILE_NAME)
            # One writer at a time: no process ever found the table changed by another.
            assert "changed elsewhere" not in (tmp_path / "server.log").read_text()
        assert len(game.acked) >= 10, "the games were too short to test anything"
    finally:
        game.close()


@pytest.fixture
def tiny_disk(tmp_path):
    """A small tmpfs of its own (needs root to mount): the database's disk that fills up."""
    if os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("mounting a small tmpfs needs root: the full/read-only disk tests cannot run here")
    where = tmp_path / "disk"
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=400k", "tmpfs", str(where)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    yield where
    subprocess.run(["umount", "-l", str(where)], capture_output=True)


def remount(where, options: str):
    done = subprocess.run(["mount", "-o", f"remount,{options}", str(where)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def stored_and_plays_on(game: Game, disk, log) -> None:
    """Everything acknowledged is in the disk's database, and a server started on it plays on."""
    game.check_stored(disk / FILE_NAME)
    server = Server(disk, log)
    try:
        game.connect(server)
        assert game.step()["ok"]
    finally:
        server.kill()
        game.close()
    game.check_stored(disk / FILE_NAME)


def test_a_full_disk_refuses_actions_and_loses_nothing(tmp_path, tiny_disk):
    game = Game()
    server = Server(tiny_disk, tmp_path / "server.log")
    try:
        game.connect(server)
        refused = None
        for _ in range(3000):
            ack = game.step()
            if not ack["ok"]:
                refused = ack
                break
            game.settle()
        assert refused is not None, "the disk never filled up"
        assert refused["code"] == "store_unavailable" and "save" in refused["message"]
        # Nobody heard of the refused action; it stays refused while the disk is full.
        assert [c.version for c in game.clients] == [game.version] * 4
        assert game.step()["code"] == "store_unavailable"
        assert [c.version for c in game.clients] == [game.version] * 4
        remount(tiny_disk, "size=64m")  # room again: play goes on where it was
        for _ in range(5):
            assert game.step()["ok"]
            game.settle()
    finally:
        server.kill()
        game.close()
    stored_and_plays_on(game, tiny_disk, tmp_path / "server.log")


def test_a_read_only_disk_refuses_actions_and_loses_nothing(tmp_path, tiny_disk):
    remount(tiny_disk, "size=64m")
    game = Game()
    server = Server(tiny_disk, tmp_path / "server.log")
    try:
        game.connect(server)
        for _ in range(30):
            assert game.step()["ok"]
            game.settle()
    finally:
        server.kill()
        game.close()
    remount(tiny_disk, "ro")  # the disk went read-only; the server is started again on it
    server = Server(tiny_disk, tmp_path / "server.log")
    try:
        game.connect(server)
        views = [c.doc["game"] for c in game.clients]
        assert game.clients[0].doc["table"]["moves"] == len(game.acked)
        ack = game.step()
        assert ack["ok"] is False and ack["code"] == "store_unavailable"
        assert [c.doc["game"] for c in game.clients] == views
    finally:
        server.kill()
        game.close()
    assert "cannot be written" in (tmp_path / "server.log").read_text()
    remount(tiny_disk, "rw")
    stored_and_plays_on(game, tiny_disk, tmp_path / "server.log")
