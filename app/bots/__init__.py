"""Computer players on top of the engine's public API (see `app.bots.base`)."""

from __future__ import annotations

import importlib

from .base import Bot
from .easy import EasyBot
from .greedy import GreedyBot
from .hard import HardBot
from .normal import NormalBot
from .seeing import SeeingBot

#: Built-in bots by the level name a table's host picks.
LEVELS = {"greedy": GreedyBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot}

#: Research bots, for the arena and the command line only (never offered at a table): `seeing`
#: reads every hand (`seeing.py`).
RESEARCH = {"seeing": SeeingBot}


def load_bot(spec: str) -> type[Bot]:
    """A bot class from a level name ("greedy", ...), an import path "package.module:Class", or
    either of them as of another git revision, "git:REVISION:LEVEL" (played in a process of its
    own with that revision's code: see `remote.py`)."""
    if spec in LEVELS:
        return LEVELS[spec]
    if spec in RESEARCH:
        return RESEARCH[spec]
    if spec.startswith("git:"):
        from .remote import remote_bot_class  # (starts nothing until a bot is made)

        return remote_bot_class(spec)
    module_name, sep, attr = spec.partition(":")
    if not sep or not module_name or not attr:
        raise ValueError(f"a bot is a level ({', '.join(LEVELS)}), 'package.module:Class' or "
                         f"'git:REVISION:LEVEL', not {spec!r}")
    cls = getattr(importlib.import_module(module_name), attr, None)
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise ValueError(f"{spec} is not a Bot class")
    return cls


__all__ = ["Bot", "GreedyBot", "EasyBot", "NormalBot", "HardBot", "SeeingBot", "LEVELS",
           "RESEARCH", "load_bot"]
