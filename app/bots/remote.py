"""Bots from another revision of the code, each side in a process of its own.

`load_bot("git:7543d6f:hard")` gives a bot class whose instances play the
`hard` level as it was at commit 7543d6f: the revision's `app` package is
extracted (`revision.py`) and a server process (`remote_server.py`) imports
it, engine and bots together, from that folder. Two versions of the `app`
package cannot live in one interpreter, so the old code never shares a
process with the new one; the bot here only forwards: it sends its seat, its
random generator's state and its options once, then every view, and returns
the action the far bot answered. The level may also be an import path,
`git:HEAD~3:mypkg.mybot:MyBot`.

One server per import root and process (an arena worker asks its own), started
on first use and ended when this process ends (it stops at end of input). The
views travel as JSON; the decision times the arena reports include that trip
(well under a millisecond for a view), not the far bot's start-up.
"""

from __future__ import annotations

import atexit
import itertools
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

from .. import gc_tune
from .base import Bot
from .decision import Decision, SearchTrace, decision_from_json
from .revision import compile_playout, extract_revision

SERVER_SCRIPT = Path(__file__).resolve().with_name("remote_server.py")


class RemoteError(RuntimeError):
    """The far bot failed (its traceback is the message) or its server died."""


class BotServer:
    """One `remote_server.py` process serving bots from `root`."""

    def __init__(self, root: str):
        self.root = root
        # The far process collects garbage as this one's bots do (app/gc_tune.py), so both
        # sides' decisions run alike.
        gc_option = "--gc=" + ",".join(str(n) for n in gc_tune.THRESHOLDS)
        self.proc = subprocess.Popen([sys.executable, str(SERVER_SCRIPT), root, gc_option],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lock = threading.Lock()
        self.drops: list[int] = []  # bots gone here, dropped there with the next request

    def request(self, message: dict) -> dict:
        with self.lock:
            if self.drops:
                message = dict(message, drop=self.drops)
                self.drops = []
            try:
                self.proc.stdin.write(json.dumps(message) + "\n")
                self.proc.stdin.flush()
                line = self.proc.stdout.readline()
            except (BrokenPipeError, OSError) as exc:
                raise RemoteError(f"the bot server for {self.root} is gone: {exc}") from exc
        if not line:
            raise RemoteError(f"the bot server for {self.root} ended (exit code {self.proc.poll()})")
        answer = json.loads(line)
        if not answer.get("ok"):
            raise RemoteError(answer.get("error", "the far bot failed"))
        return answer

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.proc.stdin.close()
                self.proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()


_SERVERS: dict[tuple[int, str], BotServer] = {}
_IDS = itertools.count(1)


def server_for(root: str) -> BotServer:
    """This process's server for `root` (a forked worker starts its own)."""
    key = (os.getpid(), root)
    server = _SERVERS.get(key)
    if server is None:
        server = _SERVERS[key] = BotServer(root)
    return server


@atexit.register
def _close_servers() -> None:
    for (pid, _), server in list(_SERVERS.items()):
        if pid == os.getpid():
            server.close()


class RemoteBot(Bot):
    """A bot playing in a server process; subclasses name the import root and the level."""

    root = ""
    level = ""

    def __init__(self, seat, rng=None, **config):
        super().__init__(seat, rng, **config)
        self.server = server_for(self.root)
        self.bot_id = next(_IDS)
        self.explains = True  # the far side answers `explain` (False: a revision before it)
        version, internal, gauss = self.rng.getstate()
        self.server.request({"op": "new", "id": self.bot_id, "bot": self.level, "seat": seat,
                             "rng": [version, list(internal), gauss], "options": config})

    def decide(self, view: dict) -> dict | None:
        return self.server.request({"op": "decide", "id": self.bot_id, "view": view})["action"]

    def decide_explained(self, view: dict) -> Decision:
        """The far bot's decision with what it weighed; from a revision before
        `decide_explained`, the action with its `last_search` where it kept one."""
        if self.explains:
            try:
                answer = self.server.request({"op": "explain", "id": self.bot_id, "view": view})
                return decision_from_json(answer["decision"])
            except RemoteError as exc:
                if "unknown op" not in str(exc):
                    raise
                self.explains = False
        action = self.decide(view)
        found = self.far_attribute("last_search")
        if not found or "means" not in found:
            return Decision(action)
        kind = found.get("kind", "play")
        search = SearchTrace(kind, found["worlds"], tuple(found["means"]), found.get("chosen", found["best"]))
        return Decision(action, search=search)

    def far_attribute(self, name: str):
        """An attribute of the far bot (JSON-ready), e.g. Hard's `last_search`."""
        return self.server.request({"op": "attr", "id": self.bot_id, "name": name})["value"]

    def __del__(self):
        server = getattr(self, "server", None)
        if server is not None:
            server.drops.append(self.bot_id)


_CLASSES: dict[str, type] = {}


def parse_spec(spec: str) -> tuple[str, str]:
    """("7543d6f", "hard") from "git:7543d6f:hard"."""
    prefix, _, rest = spec.partition(":")
    revision, _, level = rest.partition(":")
    if prefix != "git" or not revision or not level:
        raise ValueError(f"a bot of another revision is 'git:REVISION:LEVEL', not {spec!r}")
    return revision, level


def remote_bot_class(spec: str) -> type[Bot]:
    """The bot class for "git:REVISION:LEVEL" (the revision extracted on first use)."""
    cls = _CLASSES.get(spec)
    if cls is None:
        revision, level = parse_spec(spec)
        root = str(extract_revision(revision))
        why = compile_playout(Path(root))
        if why is not None:
            sys.stderr.write(f"{spec}: its play-out runs as Python, about a third slower ({why})\n")
        try:
            server_for(root).request({"op": "check", "bot": level})
        except RemoteError as exc:
            lines = str(exc).strip().splitlines()
            raise ValueError(f"{spec}: {lines[-1] if lines else exc}") from None
        doc = f"The {level} bot of revision {revision}, in its own process."
        fields = {"root": root, "level": level, "name": f"{level}@{revision}", "__doc__": doc}
        cls = _CLASSES[spec] = type(f"RemoteBot[{spec}]", (RemoteBot,), fields)
    return cls
