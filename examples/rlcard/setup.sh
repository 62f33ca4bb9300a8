#!/usr/bin/env bash
# Create examples/rlcard/.venv and install requirements.txt into it (RLCard gets its own
# virtualenv: several UNO packages on PyPI install colliding module names, so it never goes
# into the project's venv). Idempotent: returns at once when the venv is already in place.
#   PYTHON=python3.11 examples/rlcard/setup.sh    # choose the interpreter (default python3)
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="$HERE/.venv"
REQ="$HERE/requirements.txt"
STAMP="$VENV/.requirements-installed"

if [ -f "$STAMP" ] && cmp -s "$REQ" "$STAMP" \
   && "$VENV/bin/python" -c 'import rlcard, sys; sys.exit(rlcard.__version__ != "1.2.0")' 2>/dev/null; then
  exit 0
fi
if [ ! -x "$VENV/bin/python" ]; then
  "${PYTHON:-python3}" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r "$REQ"
"$VENV/bin/python" -c 'import rlcard; from rlcard.games.uno.game import UnoGame; print("rlcard", rlcard.__version__, "ready in '"$VENV"'")'
cp "$REQ" "$STAMP"
