"""Brettspielwelt (BSW) Tichu logs (`NNNNNNN.tch`) into our game records.

Public API, pure (text in, data out; no file or network access):
- `looks_like_bsw(text) -> bool`: whether a text is a BSW Tichu log at all;
- `import_bsw(text, anonymous=False, *, game=0, round=None) -> ImportResult`: the
  record (`ImportResult.record`, None when there is nothing to write) and the
  diagnostics (`ImportResult.diagnostics`, `ImportResult.summary()`);
- `decode_bsw(data: bytes) -> str`: the text of an uploaded file.

Modules, one job each: `notation` (BSW's card names), `parse` (lines into typed
events with line numbers), `phoenix` (the Phoenix's rank the log leaves out),
`convert` (one round's events into actions, replayed with the engine),
`importer` (rounds into games and one checked record), `diagnostics`.
docs/bsw-import.md describes the format and every decision.
"""

from .convert import BSW_OPTIONS
from .diagnostics import ERROR, NOTE, Diagnostic
from .importer import ImportResult, decode_bsw, import_bsw, looks_like_bsw

__all__ = ["BSW_OPTIONS", "ERROR", "NOTE", "Diagnostic", "ImportResult", "decode_bsw", "import_bsw",
           "looks_like_bsw"]
