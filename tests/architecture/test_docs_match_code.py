"""The docs name what the code has, and the code has what the docs name: every setting
(`TICHU_*`) the server or the deployment reads is in the operator's docs, every one the docs
name exists somewhere in the project, and the Socket.IO events the server handles and sends
are exactly those of docs/protocol.md's table. Read from the source, so a new setting or
event without its docs fails here."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETTING = re.compile(r"TICHU_[A-Z][A-Z0-9_]*[A-Z0-9]")


def files(*folders: str, suffixes=(".py",)) -> list[Path]:
    found = []
    for folder in folders:
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in suffixes or path.name.endswith(suffixes):
                if "__pycache__" not in path.parts:
                    found.append(path)
    return found


def settings_read_by(paths: list[Path]) -> set[str]:
    """Settings named as string literals (os.environ.get("TICHU_X"), config["TICHU_X"], ...),
    not constants of the same shape (`calls.TICHU_CHANCE` is a name, not a string)."""
    names = set()
    for path in paths:
        if path.suffix == ".py":
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                value = node.value if isinstance(node, ast.Constant) else None
                if isinstance(value, str) and SETTING.fullmatch(value):
                    names.add(value)
        else:  # the environment file and the templates
            names |= set(re.findall(r"^(TICHU_[A-Z0-9_]+)=", path.read_text(), re.M))
    return names


def settings_in(paths: list[Path]) -> set[str]:
    return {name for path in paths for name in SETTING.findall(path.read_text(encoding="utf-8"))}


def test_every_setting_the_code_reads_is_in_the_operators_docs():
    read = settings_read_by(files("app", "deploy") + [ROOT / "deploy" / "tichu.env.example"])
    documented = settings_in([ROOT / "docs" / "operations.md", ROOT / "docs" / "runtime.md"])
    assert len(read) > 30  # the reading above finds the settings at all
    assert not read - documented, sorted(read - documented)


def test_every_setting_the_docs_name_exists():
    named = settings_in(files("docs", suffixes=(".md",)) + [ROOT / "README.md"])
    anywhere = settings_in(files("app", "deploy", "scripts", "bench", "tests", "e2e",
                                 suffixes=(".py", ".sh", ".example", ".service", ".conf")))
    assert not named - anywhere, sorted(named - anywhere)


def events_in_code() -> tuple[set[str], set[str]]:
    handled, sent = set(), set()
    for path in files("app/web"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            # @on("name", ...) registers a handler (wire/door.py)
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "on" and node.args \
                    and isinstance(node.args[0], ast.Constant):
                handled.add(node.args[0].value)
            # NAME_EVENT = "name": what the server emits (live/hub.py, drain.py)
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and \
                    any(isinstance(t, ast.Name) and t.id.endswith("_EVENT") for t in node.targets):
                sent.add(node.value.value)
    return handled, sent


def events_in_docs() -> dict[str, str]:
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([a-z_]+)` \| (browser to server|server to browser) \|", text, re.M)
    return dict(rows)


def test_the_socket_events_are_those_of_the_protocols_table():
    handled, sent = events_in_code()
    documented = events_in_docs()
    assert {"join", "act", "hold", "release"} <= handled and "state" in sent  # the reading works
    to_server = {e for e, way in documented.items() if way == "browser to server"}
    to_browser = {e for e, way in documented.items() if way == "server to browser"}
    assert handled == to_server, (sorted(handled - to_server), sorted(to_server - handled))
    assert sent == to_browser, (sorted(sent - to_browser), sorted(to_browser - sent))
