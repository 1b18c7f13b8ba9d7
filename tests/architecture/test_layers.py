"""The code's shape holds: imports run one way, down the layers, with no circle.

The web layer's packages, top to bottom (app/web/__init__.py says what each does); a
module may import its own package, any package below, and the foundations at the
root of app/web (errors, protocol, async_mode), never one above. The engine imports
nothing of ours but itself (an alias keeping an older command's name excepted); the
bots import the engine only (and `app.gc_tune`, how a process that searches collects
garbage); the coach imports the engine and the bots (its command line, `python -m
app.coach`, included), never the other way round. The conformance tools (app/conformance)
import the engine only, and the engine holds the rules without I/O: only its command line
reads files or prints. Read from the source (the `import` statements, those inside
functions too), so a lazy import counts.
"""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "app"

WEB_LAYERS = ["server", "pages", "wire", "cluster", "live", "table", "store", "foundation"]
FOUNDATIONS = {"errors", "protocol", "async_mode", "__init__"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(APP.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    """The absolute names of the app's modules that `path` imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = module_name(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("app"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("app"):
                continue
            found.add(target)
            # `from pkg import mod` names a module when pkg is a package of ours
            for alias in node.names:
                candidate = APP.parent / Path(*target.split("."), alias.name)
                if candidate.with_suffix(".py").exists() or candidate.is_dir():
                    found.add(f"{target}.{alias.name}")
    return found


def web_layer(module: str) -> str | None:
    parts = module.split(".")
    if parts[:2] != ["app", "web"]:
        return None
    if len(parts) == 2:
        return "foundation"
    if parts[2] in FOUNDATIONS:
        return "foundation"
    return parts[2] if parts[2] in WEB_LAYERS else "server"


def all_modules() -> list[Path]:
    return sorted(p for p in APP.rglob("*.py") if "__pycache__" not in p.parts)


def test_the_web_layers_import_only_downwards():
    upward = []
    for path in all_modules():
        mine = web_layer(module_name(path))
        if mine is None:
            continue
        for target in imports_of(path):
            theirs = web_layer(target)
            if theirs is not None and WEB_LAYERS.index(theirs) < WEB_LAYERS.index(mine):
                upward.append(f"{module_name(path)} ({mine}) imports {target} ({theirs})")
    assert not upward, "\n".join(upward)


def test_every_web_package_is_a_known_layer_and_says_its_job():
    for folder in sorted(p for p in (APP / "web").iterdir() if p.is_dir() and p.name != "__pycache__"):
        assert folder.name in WEB_LAYERS, f"app/web/{folder.name} is in no layer of this test"
        doc = ast.get_docstring(ast.parse((folder / "__init__.py").read_text(encoding="utf-8")))
        assert doc and "import" in doc, f"app/web/{folder.name}/__init__.py: its job, what it may import"


#: Modules kept only so an older documented command still runs (`python -m
#: app.engine.conformance`): each forwards to its tool's new home and holds nothing else.
ALIASES = {"app.engine.conformance": ("app.conformance",)}


def test_the_engine_the_bots_and_the_coach_stay_below_the_web():
    for path in all_modules():
        module = module_name(path)
        extra = ALIASES.get(module, ())
        allowed = {"app.engine": ("app.engine",), "app.bots": ("app.engine", "app.bots", "app.gc_tune"),
                   "app.coach": ("app.engine", "app.bots", "app.coach", "app.gc_tune"),
                   "app.conformance": ("app.engine", "app.conformance")}
        for top, may in allowed.items():
            if module == top or module.startswith(top + "."):
                # `app` alone is the empty root package (a process checks which copy it runs).
                bad = [t for t in imports_of(path) if t != "app" and not t.startswith(may + extra)]
                assert not bad, f"{module} imports {bad}"


def test_no_module_imports_itself_round_a_circle():
    graph = {module_name(p): {t for t in imports_of(p)} for p in all_modules()}
    known = set(graph)
    graph = {m: {t for t in targets if t in known and t != m} for m, targets in graph.items()}
    # A package's __init__ importing its own modules (to re-export them) is no circle of design.
    for m in graph:
        graph[m] = {t for t in graph[m] if not t.startswith(m + ".")}
    state: dict[str, int] = {}
    cycles = []

    def visit(node, trail):
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(trail[trail.index(nxt):] + [nxt] if nxt in trail else [node, nxt])
            elif nxt not in state:
                visit(nxt, trail + [nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    assert not cycles, "\n".join(" -> ".join(c) for c in cycles)


def test_an_alias_only_forwards_its_command():
    for module in ALIASES:
        path = (APP.parent / Path(*module.split("."))).with_suffix(".py")
        kinds = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
        defined = [n for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, kinds)]
        assert not defined, f"{module} is an alias of an older command: it defines nothing"


#: The engine's command line (`python -m app.engine`) is its one door to files and the terminal.
ENGINE_DOORS = {"app.engine.cli", "app.engine.__main__"} | set(ALIASES)
IO_MODULES = {"os", "sys", "io", "pathlib", "shutil", "subprocess", "socket", "threading", "asyncio",
              "sqlite3", "tempfile", "urllib", "http", "logging", "time"}
IO_CALLS = {"open", "print", "input"}


def test_the_engine_holds_the_rules_without_io():
    found = []
    for path in all_modules():
        module = module_name(path)
        if not module.startswith("app.engine") or module in ENGINE_DOORS:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names = [node.module]
            found += [f"{module} imports {n}" for n in names if n.split(".")[0] in IO_MODULES]
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in IO_CALLS:
                found.append(f"{module} calls {node.func.id}() (line {node.lineno})")
    assert not found, "\n".join(found)
