#!/usr/bin/env bash
# Install everything the tests need, then run every check: ruff, mypy and pytest.
# Usage: ./test.sh [pytest arguments]      (CI runs it through .ci/run)
set -euo pipefail
cd "$(dirname "$0")"

# System packages some tests use (systemd-analyze for the unit file, espeak-ng for the
# voice, chromium for the page, mosquitto for the club hub). Installed when missing and we
# may; otherwise those tests skip and say why.
want=()
command -v systemd-analyze >/dev/null || want+=(systemd)
command -v chromium >/dev/null || want+=(chromium)
command -v chromedriver >/dev/null || want+=(chromium-driver)
command -v espeak-ng >/dev/null || want+=(espeak-ng)
[ -x /usr/sbin/mosquitto ] || command -v mosquitto >/dev/null || want+=(mosquitto)
if ((${#want[@]})) && command -v apt-get >/dev/null; then
    if [ "$(id -u)" = 0 ]; then sudo=""; elif command -v sudo >/dev/null; then sudo="sudo -n"; else sudo=none; fi
    if [ "$sudo" != none ]; then
        echo "test.sh: installing ${want[*]}"
        $sudo apt-get update -qq >/dev/null && $sudo env DEBIAN_FRONTEND=noninteractive \
            apt-get install -y -qq --no-install-recommends "${want[@]}" >/dev/null \
            || echo "test.sh: could not install ${want[*]}; their tests will skip"
    fi
fi

python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test,listen]'
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy
.venv/bin/python -m pytest -q "$@"
