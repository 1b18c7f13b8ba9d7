#!/usr/bin/env bash
# Plays: makes the project's virtual environment on first use, installs the game
# into it and starts the server (arguments go to `python -m app`, e.g. --port 8000).
set -euo pipefail
cd "$(dirname "$0")/.."
EXTRAS="" . scripts/venv.sh
exec "$PY" -m app "$@"
