#!/usr/bin/env bash
# Installs everything the tests need (a virtual environment with the Python
# packages; Chromium, redis-server, nginx and PostgreSQL where missing) and runs them all:
# lint, unit, socket and end-to-end browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

# The project's own virtual environment (.venv) with the test extras.
EXTRAS=test . scripts/venv.sh

# Real components the tests start on loopback ports: Debian's Chromium (for the
# end-to-end tests; $TICHU_CHROMIUM overrides it), redis-server (scale-out),
# nginx (in front of several processes), PostgreSQL (the archive several processes
# share; started as the `postgres` user). Whatever cannot be installed here is
# skipped by its tests with a message that says so.
missing=()
[ -n "${TICHU_CHROMIUM:-}" ] || [ -x /usr/bin/chromium ] || missing+=(chromium)
command -v redis-server >/dev/null 2>&1 || [ -x /usr/bin/redis-server ] || missing+=(redis-server)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || command -v initdb >/dev/null 2>&1 \
  || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "Installing ${missing[*]} (Debian packages, for the browser and scale-out tests; a few minutes)..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      "${missing[@]}") >/dev/null || echo "could not install ${missing[*]}: their tests will be skipped"
  elif [[ " ${missing[*]} " == *" chromium "* ]]; then
    echo "Downloading Playwright's Chromium for the browser tests..."
    "$PY" -m playwright install chromium || true
  fi
fi

echo "Checking the code's style (ruff)..."
"$PY" -m ruff check .
# Across the cores (pytest-xdist): every test starts its servers, Redis, nginx and browsers on
# free loopback ports in folders of its own, so they run side by side. `-n 0` runs them in
# this process instead ($TICHU_TEST_WORKERS chooses the number; a later -n given as an argument wins).
WORKERS="${TICHU_TEST_WORKERS:-auto}"
echo "Running the tests across the cores (about 12 minutes on two: engine, bots, coach, web, scale-out, browser)..."
"$PY" -m pytest -n "$WORKERS" "$@"
