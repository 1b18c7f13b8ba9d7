"""Static files, served lean and compressed.

Our scripts and stylesheet are served lean: indentation, blank lines and whole-line comments
are left out (the files on disk stay readable; nothing is built, the server trims them once
per file version, in memory). Vendored files are served as they are.

Every text response is compressed for clients that accept it. Static files are compressed
here with gzip once per file version and kept in memory beside the plain bytes (a fixed set
of files, so the cache is bounded by the folder); pages and JSON answers are compressed per
request by Flask-Compress (gzip for plain-HTTP browsers, br or zstd where offered), which
leaves alone what already has a Content-Encoding.

Only whole lines are dropped or trimmed, never a piece of a line, so no code can change
meaning: a line that starts with `//` in a script (there are no multi-line strings in our
modules), or a stylesheet comment that starts a line and ends on it.
"""

from __future__ import annotations

import gzip
import mimetypes
import re
from pathlib import Path

from flask import Flask, Response, abort, request
from flask_compress import Compress

LEAN = {".js", ".css"}
COMPRESSIBLE = {".js", ".css", ".svg", ".json", ".html", ".txt", ".map"}
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
        self._cache: dict[str, tuple[int, bytes, bytes | None]] = {}  # path -> (mtime, plain, gzip)

    def body(self, path: Path) -> tuple[int, bytes, bytes | None]:
        """The file's modification time (ns), the bytes to serve (lean for our scripts and
        styles) and their gzip form (None where compressing does not pay: images, tiny files)."""
        key = str(path)
        mtime = path.stat().st_mtime_ns
        cached = self._cache.get(key)
        if cached is None or cached[0] != mtime:
            if path.suffix in LEAN and "vendor" not in path.relative_to(self.folder).parts:
                data = lean_text(path.read_text(encoding="utf-8"), path.suffix).encode()
            else:
                data = path.read_bytes()
            packed = None
            if path.suffix in COMPRESSIBLE and len(data) >= 500:
                packed = gzip.compress(data, compresslevel=9, mtime=0)
            cached = (mtime, data, packed)
            self._cache[key] = cached
        return cached

    def serve(self, filename: str):
        try:
            path = (self.folder / filename).resolve()
            if self.folder not in path.parents or not path.is_file():
                abort(404)
            mtime, data, packed = self.body(path)
        except (OSError, ValueError):  # a name the file system refuses (too long, ...): no such file
            abort(404)
        etag = f"{mtime:x}-{len(data):x}"
        mimetype = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if path.suffix == ".js":
            mimetype = "text/javascript"
        gzipped = packed is not None and request.accept_encodings["gzip"] > 0
        response = Response(packed if gzipped else data, mimetype=mimetype)
        if gzipped:
            response.headers["Content-Encoding"] = "gzip"
            etag += "-gz"  # the two encodings are different bodies: different validators
        if packed is not None:
            response.vary.add("Accept-Encoding")
        response.set_etag(etag)
        response.last_modified = mtime / 1e9  # the stat body() made: one per request
        return response.make_conditional(request)


def register(app: Flask) -> None:
    assets = LeanAssets(Path(app.static_folder))
    app.view_functions["static"] = assets.serve
    app.config.setdefault("COMPRESS_MIMETYPES", ["text/html", "application/json"])
    Compress(app)
