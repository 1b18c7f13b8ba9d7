"""Compile the Hard bot's play-out (app/bots/playout.py) to a C extension with mypyc.

    python scripts/compile_playout.py [--force] [--root DIR]

The play-out is the search's inner loop: compiled, it runs about a third faster, so the
Hard bot, the hints and the round review search that many more deals in the same time.
The source stays the pure Python module; this builds a copy of it as
`app.bots.playout_native`, stamped with the source's SHA-256, and `app.bots.native` loads
that copy only while the stamp matches the source (an edited play-out runs as Python
until it is compiled again). Nothing else depends on it: where mypyc or a C compiler is
missing, the play-out runs as Python, only slower, and this says so and exits 0.

Run by scripts/venv.sh (so by play.sh and test.sh) after each install; quick when the
compiled copy is up to date. `--root DIR`: the play-out of another import root holding an `app`
package (a revision the arena extracted, `app.bots.revision`), so old and new bots race alike.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "playout_native"


def source_sha(root: Path = ROOT) -> str:
    return hashlib.sha256((root / "app" / "bots" / "playout.py").read_bytes()).hexdigest()


def built_sha(root: Path = ROOT) -> str | None:
    """The stamp of the compiled copy in place, or None (none, or it does not load)."""
    probe = f"import app.bots.{NAME} as m; print(m.SOURCE_SHA)"
    found = subprocess.run([sys.executable, "-c", probe], cwd=root, capture_output=True, text=True)
    return found.stdout.strip() if found.returncode == 0 else None


def compile_copy(sha: str, root: Path = ROOT) -> str | None:
    """Build the stamped copy and put its extension files in app/bots; None, or why not."""
    try:
        import mypyc  # noqa: F401 (the compiler comes with mypy)
    except ImportError:
        return "mypy (mypyc) is not installed"
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        # The whole package beside the copy: mypyc type-checks what the play-out imports.
        shutil.copytree(root / "app", work / "app", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        copy = work / "app" / "bots" / f"{NAME}.py"
        source = (root / "app" / "bots" / "playout.py").read_text()
        copy.write_text(source + f"\n\nSOURCE_SHA = {sha!r}  # the source this was built from\n")
        env = dict(os.environ, MYPY_CACHE_DIR=str(work / ".mypy_cache"))
        done = subprocess.run([sys.executable, "-m", "mypyc", f"app/bots/{NAME}.py"], cwd=work, env=env,
                              capture_output=True, text=True)
        if done.returncode != 0:
            lines = (done.stdout + done.stderr).strip().splitlines()
            return "mypyc failed: " + (lines[-1] if lines else f"exit {done.returncode}")
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        built = [p for p in (work / "app" / "bots").glob(f"{NAME}*{suffix}")]
        if not built:
            return "mypyc made no extension"
        for old in (root / "app" / "bots").glob(f"{NAME}*.so"):
            old.unlink()
        for path in built:
            shutil.copy2(path, root / "app" / "bots" / path.name)
    return None


def main(argv: list[str]) -> int:
    root = Path(argv[argv.index("--root") + 1]).resolve() if "--root" in argv else ROOT
    sha = source_sha(root)
    if "--force" not in argv and built_sha(root) == sha:
        return 0
    print("Compiling the Hard bot's play-out with mypyc (about half a minute)...", flush=True)
    why = compile_copy(sha, root)
    if why is None and built_sha(root) == sha:
        print("Compiled: the Hard bot's play-outs run as C.")
    else:
        print(f"The play-out stays pure Python, slower ({why or 'the compiled copy does not load'}).")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
