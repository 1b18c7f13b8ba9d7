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
"""

from __future__ import annotations

import functools
import io
import os
import shutil
import subprocess
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
    if (root / "app" / "__init__.py").is_file():
        return root
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
    return root
