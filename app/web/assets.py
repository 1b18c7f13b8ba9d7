"""Our scripts and stylesheet, served lean: indentation, blank lines and whole-line comments
are left out (the files on disk stay readable; nothing is built, the server trims them once
per file version, in memory). Vendored files are served as they are.

Only whole lines are dropped or trimmed, never a piece of a line, so no code can change
meaning: a line that starts with `//` in a script (there are no multi-line strings in our
modules), or a stylesheet comment that starts a line and ends on it.
"""

from __future__ import annotations

import io
import mimetypes
import re
from pathlib import Path

from flask import Flask, abort, send_file, send_from_directory

LEAN = {".js", ".css"}
CSS_COMMENT_LINE = re.compile(r"^/\*(?:(?!\*/).)*\*/$")  # one comment, nothing after it


def lean_text(text: str, suffix: str) -> str:
    """The file without indentation, blank lines and whole-line comments."""
    out = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if suffix == ".js" and line.startswith("//"):
            continue
        if suffix == ".css" and CSS_COMMENT_LINE.match(line):
            continue
        out.append(line)
    return "\n".join(out) + "\n"


class LeanAssets:
    def __init__(self, folder: Path):
        self.folder = folder.resolve()
        self._cache: dict[str, tuple[float, bytes]] = {}

    def body(self, path: Path) -> bytes:
        key = str(path)
        mtime = path.stat().st_mtime
        cached = self._cache.get(key)
        if cached is None or cached[0] != mtime:
            cached = (mtime, lean_text(path.read_text(encoding="utf-8"), path.suffix).encode())
            self._cache[key] = cached
        return cached[1]

    def serve(self, filename: str):
        path = (self.folder / filename).resolve()
        if self.folder not in path.parents or not path.is_file():
            abort(404)
        if path.suffix not in LEAN or "vendor" in path.relative_to(self.folder).parts:
            return send_from_directory(self.folder, filename)
        data = self.body(path)
        mimetype = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if path.suffix == ".js":
            mimetype = "text/javascript"
        stat = path.stat()
        return send_file(io.BytesIO(data), mimetype=mimetype, etag=f"{stat.st_mtime_ns:x}-{len(data):x}",
                         last_modified=stat.st_mtime, max_age=None, conditional=True)


def register(app: Flask) -> None:
    assets = LeanAssets(Path(app.static_folder))
    app.view_functions["static"] = assets.serve
