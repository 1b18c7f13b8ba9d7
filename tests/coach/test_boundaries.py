"""The coach is a pure core: it imports the engine and the bots, nothing of the web, no I/O,
and neither the engine nor the bots import it."""

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "app"
ALLOWED = {"__future__", "dataclasses", "functools", "math", "random", "inspect", "json",
           "app.engine", "app.bots", "app.coach"}
# The catalogs of the coach's sentences (catalog.py reads each language's once).
CATALOG = {"catalog.py": {"babel", "pathlib"}}
# The coach's command line (python -m app.coach review) reads a record and prints the review.
COMMAND_LINE = {"__main__.py": {"argparse", "sys", "json"}}
# The review's worker process (python -m app.coach.review.worker) reads its requests from
# standard input and answers on standard output: it alone may use the process's streams,
# and set how its process collects garbage (app.gc_tune).
WORKER = {"worker.py": {"sys", "os", "traceback", "app.gc_tune"}}
BEYOND = {**CATALOG, **COMMAND_LINE, **WORKER}


def _imports(path: Path) -> set[str]:
    """The modules a file imports, relative imports resolved within its package."""
    package = ".".join(path.parent.relative_to(APP.parent).parts)
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            names.add(package if node.level == 1 else node.module if not node.level else "app")
    return names


def test_the_coach_imports_only_the_engine_the_bots_and_the_standard_library_it_needs():
    for path in (APP / "coach").rglob("*.py"):
        allowed = ALLOWED | BEYOND.get(path.name, set())
        for name in _imports(path):
            assert any(name == a or name.startswith(a + ".") for a in allowed), f"{path.name} imports {name}"


def test_neither_the_engine_nor_the_bots_import_the_coach():
    for package in ("engine", "bots"):
        for path in (APP / package).rglob("*.py"):
            assert not any(n.startswith("app.coach") for n in _imports(path) if n), path
            assert "app.coach" not in path.read_text(), path
