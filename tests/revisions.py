"""Old git revisions for the tests that compare with them, or a skip that says why there are none.

A checkout without history cannot give an old revision: a tarball or exported tree (no
repository, or the tree unpacked inside some other repository), a shallow clone (only its
last commits), git not installed. Tests that need one skip there with the reason instead
of failing.
"""

from __future__ import annotations

import subprocess

import pytest

from app.bots.revision import REPOSITORY, RevisionError, resolve


def _git(*args: str) -> str | None:
    """git's answer in this checkout, None where git cannot answer."""
    try:
        out = subprocess.run(["git", "-C", str(REPOSITORY), *args], capture_output=True, text=True,
                             timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def why_no_history() -> str | None:
    """Why this checkout has no git history to take revisions from, or None where it has."""
    top = _git("rev-parse", "--show-toplevel")
    if top is None:
        return "this checkout is not a git repository (an exported tree or a tarball), or git is missing"
    try:
        same = REPOSITORY.samefile(top)
    except OSError:
        same = False
    if not same:
        return f"this tree is not a git checkout of its own (it lies inside the repository {top})"
    return None


def commit_or_skip(revision: str) -> str:
    """The commit `revision` names in this checkout, with the `app` package in it; else the
    calling test is skipped with the reason (no history, a shallow clone without it...)."""
    reason = why_no_history()
    if reason is None:
        try:
            commit = resolve(revision)
        except RevisionError as exc:
            shallow = _git("rev-parse", "--is-shallow-repository") == "true"
            reason = (f"revision {revision} is not in this shallow clone ({exc})" if shallow
                      else f"revision {revision} is not here: {exc}")
        else:
            if _git("cat-file", "-e", f"{commit}:app/__init__.py") is None:
                reason = f"revision {revision} ({commit[:12]}) has no app package here to extract"
            else:
                return commit
    pytest.skip(f"skipped: needs the git history of this repository: {reason}")
