"""Which play-out the searches run: the compiled copy where it is built and current, else
the pure Python one (`app/bots/playout.py`, the source of both).

`scripts/compile_playout.py` (run by scripts/venv.sh) compiles the play-out with mypyc as
`app.bots.playout_native`, stamped with the SHA-256 of the source it was built from. It is
used only while that stamp matches `playout.py` as it is now: an edited play-out runs as
Python until it is compiled again, never as a stale copy. Both decide alike, play-out by
play-out (tests/bots/test_playout_native.py); the compiled one is only faster.

`playout_module(native)`: the module to take `Playout` and `planner_for` from, together (a
compiled `Playout` takes only its own module's `Planner`).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from types import ModuleType

from . import playout as pure


def _compiled() -> ModuleType | None:
    try:
        from . import playout_native
    except ImportError:  # not built here (no mypyc or C compiler), or for another Python
        return None
    source = Path(pure.__file__).read_bytes()
    if getattr(playout_native, "SOURCE_SHA", None) != hashlib.sha256(source).hexdigest():
        return None  # built from another version of the play-out
    return playout_native


COMPILED = _compiled()


def playout_module(native: bool = True) -> ModuleType:
    """The compiled play-out module when `native` and one is current, else the pure one."""
    return COMPILED if native and COMPILED is not None else pure
