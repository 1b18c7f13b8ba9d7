"""Start the game server: `python -m app [--host H] [--port P]` (or the PORT variable)."""

from __future__ import annotations

import argparse
import os

from flask import Flask


def create_app() -> Flask:
    app = Flask(__name__, template_folder="../../templates", static_folder="../../static")

    @app.get("/")
    def index():
        return "<!doctype html><title>Tichu</title><h1>Tichu</h1><p>The table is coming soon.</p>"

    return app


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m app", description="Run the Tichu game server.")
    parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "5000")))
    args = parser.parse_args(argv)
    create_app().run(host=args.host, port=args.port)
