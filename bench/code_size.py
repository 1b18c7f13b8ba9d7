"""The longest modules and functions of some packages: where a reader loses time.

    python bench/code_size.py [app/bots app/coach app/web] [--top 10]

Lines of a module are its lines in the file; lines of a function run from its `def` (its
decorators excluded) to its last line, nested functions counted in their own right too.
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def functions(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node.name, node.lineno, node.end_lineno - node.lineno + 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("packages", nargs="*", default=["app/bots", "app/coach", "app/web"])
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args()
    for package in args.packages:
        files = sorted((ROOT / package).rglob("*.py"))
        modules = [(len(p.read_text(encoding="utf-8").splitlines()), p.relative_to(ROOT)) for p in files]
        funcs = [(n, f"{p.relative_to(ROOT)}:{line} {name}") for p in files for name, line, n in functions(p)]
        total = sum(n for n, _ in modules)
        print(f"{package}: {len(modules)} modules, {total} lines, {len(funcs)} functions, "
              f"{sum(1 for n, _ in funcs if n > 50)} over 50 lines")
        print("  longest modules:")
        for n, p in sorted(modules, reverse=True)[: args.top]:
            print(f"    {n:5}  {p}")
        print("  longest functions:")
        for n, where in sorted(funcs, reverse=True)[: args.top]:
            print(f"    {n:5}  {where}")


if __name__ == "__main__":
    main()
