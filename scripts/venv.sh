# Sourced by play.sh and test.sh: make (once) and use the project's own virtual
# environment in .venv, since a stock Debian or Ubuntu refuses `pip install`
# into the system Python. Installs the project with the extras in $EXTRAS (and
# `native`, mypyc, to compile the bots' play-out) when pyproject.toml's content
# changed since the last install (a checkout or merge need not make the file
# newer than the stamp, so the stamp holds its hash).
VENV="${TICHU_VENV:-.venv}"
if [ ! -x "$VENV/bin/python" ]; then
  echo "Making the project's virtual environment in $VENV (once)..."
  if ! python3 -m venv "$VENV" 2>/dev/null; then
    rm -rf "$VENV"
    # Debian and Ubuntu ship venv's pip bootstrap in a package of its own.
    if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
      (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv) >/dev/null
      python3 -m venv "$VENV"
    else
      echo "python3 -m venv failed: install your system's python3-venv package (sudo apt install python3-venv)" >&2
      exit 1
    fi
  fi
fi
PY="$VENV/bin/python"
stamp="$VENV/.installed-${EXTRAS:-base}"
wanted="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
  spec=".[${EXTRAS:+${EXTRAS},}native]"
  echo "Installing the game's Python packages into $VENV${EXTRAS:+ (with: $EXTRAS)}; a minute or two the first time..."
  "$PY" -m pip install --quiet --disable-pip-version-check --upgrade pip
  # setuptools warns on every editable install that a folder named like the package could
  # shadow it; ours is the package itself, so the warning says nothing here.
  PYTHONWARNINGS="ignore:Editable installation" \
    "$PY" -m pip install --quiet --disable-pip-version-check -e "$spec"
  echo "$wanted" > "$stamp"
  echo "Installed."
fi
# An editable install is not byte-compiled as a regular one is: compile what changed (quick
# when nothing did), so a machine that never writes bytecode at import
# (PYTHONDONTWRITEBYTECODE) starts the server and the engine's command line quickly too.
"$PY" -m compileall -q app >/dev/null || true
# The Hard bot's play-out compiled to C with mypyc (quick when it is up to date). Where that
# cannot be done (no C compiler), it says so and the play-out runs as Python, slower.
"$PY" scripts/compile_playout.py || true
