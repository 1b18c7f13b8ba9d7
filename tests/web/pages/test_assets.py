"""Our scripts and stylesheet are served without indentation and whole-line comments; vendored
files as they are; nothing outside the static folder."""

from __future__ import annotations

import gzip
from pathlib import Path

from app.web.pages.assets import lean_text

STATIC = Path(__file__).resolve().parents[3] / "static"


def test_lean_text_drops_only_whole_lines_and_indentation():
    js = '// a comment\nconst a = "http://x";  // kept: not a whole line\n\n  if (a) {\n    f();\n  }\n'
    assert lean_text(js, ".js") == 'const a = "http://x";  // kept: not a whole line\nif (a) {\nf();\n}\n'
    css = "/* about */\n.a {\n  color: red; /* inline stays */\n}\n"
    assert lean_text(css, ".css") == ".a {\ncolor: red; /* inline stays */\n}\n"


def test_a_css_line_with_code_between_comments_is_kept():
    css = "/* a */ .x { color: red; } /* b */\n"
    assert lean_text(css, ".css") == css


def test_our_scripts_have_no_string_spanning_lines():
    """Trimming whole lines is only safe while no string literal spans lines: a template
    literal with an odd number of backticks on a line, or a line ending in a backslash."""
    for path in sorted((STATIC / "js").glob("*.js")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("//")[0] if line.lstrip().startswith("//") else line
            assert code.count("`") % 2 == 0, f"{path.name}:{number}: a template literal spans lines"
            assert not code.rstrip().endswith("\\"), f"{path.name}:{number}: a string continues"


def test_scripts_and_the_stylesheet_are_served_lean(http):
    for name in ("js/table.js", "js/hand.js", "css/tichu.css"):
        resp = http.get(f"/static/{name}")
        source = (STATIC / name).read_text(encoding="utf-8")
        assert resp.status_code == 200
        assert resp.get_data(as_text=True) == lean_text(source, Path(name).suffix)
        assert len(resp.data) < len(source.encode())
    assert http.get("/static/js/table.js").mimetype == "text/javascript"
    assert http.get("/static/css/tichu.css").mimetype == "text/css"


def test_vendored_and_other_files_are_served_as_they_are(http):
    vendor = http.get("/static/vendor/socket.io.min.js")
    assert vendor.status_code == 200 and vendor.data == (STATIC / "vendor" / "socket.io.min.js").read_bytes()
    assert http.get("/static/favicon.svg").data == (STATIC / "favicon.svg").read_bytes()


def test_conditional_requests_and_missing_files(http):
    first = http.get("/static/js/cards.js")
    again = http.get("/static/js/cards.js", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    assert http.get("/static/js/nope.js").status_code == 404
    assert http.get("/static/../app/web/server.py").status_code == 404
    assert http.get("/static/%2e%2e/pyproject.toml").status_code == 404


def test_text_files_are_gzipped_for_clients_that_accept_it(http):
    """The same bytes, compressed: its own validator, Vary on Accept-Encoding, 304 on a repeat."""
    for name in ("js/table.js", "css/tichu.css", "vendor/socket.io.min.js"):
        plain = http.get(f"/static/{name}")
        packed = http.get(f"/static/{name}", headers={"Accept-Encoding": "gzip, deflate"})
        assert plain.headers.get("Content-Encoding") is None
        assert packed.headers["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in packed.headers["Vary"]
        assert gzip.decompress(packed.data) == plain.data
        assert len(packed.data) < len(plain.data) / 2
        assert packed.headers["ETag"] != plain.headers["ETag"]
        again = http.get(f"/static/{name}", headers={"Accept-Encoding": "gzip",
                                                     "If-None-Match": packed.headers["ETag"]})
        assert again.status_code == 304


def test_pages_and_json_answers_are_compressed_too(http):
    page = http.get("/", headers={"Accept-Encoding": "gzip"})
    assert page.status_code == 200 and page.headers["Content-Encoding"] == "gzip"
    assert b"<html" in gzip.decompress(page.data)
    assert http.get("/").headers.get("Content-Encoding") is None
    # A tiny file is not worth a compression: served as it is, whatever the client accepts.
    icon = http.get("/static/favicon.svg", headers={"Accept-Encoding": "gzip"})
    assert icon.headers.get("Content-Encoding") is None
    assert icon.data == (STATIC / "favicon.svg").read_bytes()


def test_a_file_name_the_file_system_refuses_is_not_found(http):
    # Longer than a name may be (255 bytes on most file systems): once a 500 with a traceback.
    assert http.get("/static/" + "long" * 100).status_code == 404
    assert http.get("/static/js/" + "x" * 5000 + ".js").status_code == 404
