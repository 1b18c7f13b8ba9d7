#!/usr/bin/env bash
# Installs everything the tests need (Python packages, and Chromium if none is
# found) and runs them all: lint, unit, socket and end-to-end browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m pip install --quiet --disable-pip-version-check -e '.[test]'

# The browser for the end-to-end tests: $TICHU_CHROMIUM, else Debian's Chromium,
# else Playwright's own download (where the network allows it).
if [ -z "${TICHU_CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium ]; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "Installing Chromium (Debian package)..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null
  else
    python3 -m playwright install chromium
  fi
fi

python3 -m ruff check .
python3 -m pytest "$@"
