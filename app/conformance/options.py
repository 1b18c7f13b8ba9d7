"""The option sets a ruleset's vectors are made for: the defaults, then each other value of
each option on its own."""

from __future__ import annotations

import json

from app.engine.errors import EngineError

_PROBE_VALUES = (1, 2, 50, 100, 3, 5, 7, 8, 12)  # tried for options with an open range


def option_sets(ruleset) -> list[dict]:
    """The defaults ({}), then each other value of each option on its own."""
    sets = [{}]
    for name, opt in ruleset.options.items():
        if opt.choices:
            values = [v for v in opt.choices if v != opt.default or type(v) is not type(opt.default)]
        else:
            values = []
            for v in _PROBE_VALUES:
                try:
                    opt.validate(v)
                except EngineError:
                    continue
                if v != opt.default and v not in values:
                    values.append(v)
                if len(values) == 2:
                    break
        sets += [{name: v} for v in values]
    return sets


def options_label(options: dict) -> str:
    return ",".join(f"{k}={json.dumps(v)}" for k, v in options.items()) or "defaults"
