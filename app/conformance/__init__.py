"""Conformance vectors: concrete cases any Tichu implementation can check itself against
(docs/conformance.md), and the tools that make and check them.

- `options.py`: the option sets vectors are made for;
- `positions.py`: position vectors (a `plays` query and its exact legal plays);
- `records.py`: record vectors (scored rounds, refused actions, malformed documents);
- `vectors.py`: all vectors of a ruleset, written to and read from conformance/;
- `check.py`: an engine checked against them, in process or as a program;
- `cli.py`: the command line, `python -m app.conformance write|check`.

Everything is made from the engine's public functions (`list_plays`, `replay`, random
legal play) with fixed seeds. A tool beside the rules, not a part of them: it imports the
engine only, and nothing of the engine imports it.
"""
