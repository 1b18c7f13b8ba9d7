"""Another revision of this repository's code, extracted to a folder of its own.

`extract_revision("7543d6f")` resolves a git revision of the repository this
package lives in to its commit and extracts that commit's `app` package
(`git archive`, nothing else: no worktree is added, the repository is left as
it is) into a folder under the system's temporary directory named after the
commit. That folder is an import root: put it first on `sys.path` in a process
of its own and `import app` there is the code as it was at that commit, its
engine and its bots (`remote.py` runs bots so).

A commit's content never changes, so an extracted folder is reused by later
runs; it is made under a temporary name and renamed into place, so two
processes extracting the same commit at once do not see half a folder.
`HEAD` names the last commit, not uncommitted changes.

`compile_playout(root)` (the arena and the search bench) compiles the revision's play-out as
its own checkout would (scripts/compile_playout.py --root, once per folder, under a lock), so
a Hard bot of another revision searches as fast as it did there, not a third slower; where it
cannot be compiled, it plays as Python and the function says why.
"""

from __future__ import annotations

import fcntl
import functools
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

#: The repository holding this package (its checkout's top folder).
REPOSITORY = Path(__file__).resolve().parent.parent.parent


class RevisionError(ValueError):
    """The revision cannot be found or extracted."""


def _git(repo: Path, *args: str, binary: bool = False):
    try:
        out = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, check=True,
                             text=not binary, timeout=120)
    except FileNotFoundError as exc:
        raise RevisionError("git is not installed") from exc
    except subprocess.CalledProcessError as exc:
        err = exc.stderr.decode(errors="replace") if binary else exc.stderr
        raise RevisionError(f"git {' '.join(args)}: {err.strip()}") from exc
    return out.stdout


@functools.lru_cache(maxsize=32)
def resolve(revision: str, repo: Path = REPOSITORY) -> str:
    """The full commit id of `revision` (a hash, a branch, a tag, HEAD~2...)."""
    if not revision or revision.startswith("-"):
        raise RevisionError(f"not a revision: {revision!r}")
    try:
        out = _git(repo, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}").strip()
    except RevisionError as exc:
        raise RevisionError(f"no commit {revision!r} in {repo} ({exc})") from exc
    if not out:
        raise RevisionError(f"no commit {revision!r} in {repo}")
    return out


def extract_revision(revision: str, repo: Path = REPOSITORY, parent: str | None = None) -> Path:
    """The import root holding `revision`'s `app` package, extracted on first use."""
    commit = resolve(revision, repo)
    base = Path(parent or tempfile.gettempdir())
    root = base / f"tichu-revision-{commit}"
    if not (root / "app" / "__init__.py").is_file():
        _extract(repo, commit, base, root)
    return root


def compile_playout(root: Path, repo: Path = REPOSITORY) -> str | None:
    """Compile the play-out of the revision at `root` with this checkout's
    scripts/compile_playout.py, once (a revision from before the compiled play-out has nothing
    to compile); None when done, else why not (it then runs as Python)."""
    script = repo / "scripts" / "compile_playout.py"
    if not (root / "app" / "bots" / "native.py").is_file():
        return "this revision has no compiled play-out"
    if not script.is_file():
        return "no scripts/compile_playout.py here"
    with open(root / ".compile.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two processes of one arena: one compiles, one waits
        note = root / ".compile-note"
        if not note.is_file():
            try:
                done = subprocess.run([sys.executable, str(script), "--root", str(root)], capture_output=True,
                                      text=True, timeout=900)
                lines = (done.stdout + done.stderr).strip().splitlines()
            except subprocess.TimeoutExpired:
                lines = ["the compiler took over 15 minutes"]
            note.write_text(lines[-1] if lines else "")
        text = note.read_text().strip()
    return None if not text or text.startswith("Compiled") else text


def _extract(repo: Path, commit: str, base: Path, root: Path) -> None:
    """`commit`'s app package put in place at `root`."""
    archive = _git(repo, "archive", "--format=tar", commit, "app", binary=True)
    staging = Path(tempfile.mkdtemp(prefix=f".tichu-revision-{commit[:12]}-", dir=base))
    try:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            if hasattr(tarfile, "data_filter"):  # (Python 3.11.4 and later)
                tar.extractall(staging, filter="data")
            else:
                tar.extractall(staging)  # our own repository's archive
        try:
            os.rename(staging, root)
        except OSError:
            if not (root / "app" / "__init__.py").is_file():
                raise
            # Another process put the same commit in place first: use its copy.
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
