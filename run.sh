#!/usr/bin/env bash
# Install the companion into .venv and start the referee with its page.
# Usage: ./run.sh [companion serve arguments, e.g. --port 8080]
set -euo pipefail
cd "$(dirname "$0")"
python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e .
exec .venv/bin/companion serve "$@"
