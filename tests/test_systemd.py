"""The systemd unit: it verifies cleanly and asks for what the issue asks, nothing less."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

UNIT = Path(__file__).parent.parent / "systemd" / "companion.service"
VENV_COMMAND = "/opt/companion/.venv/bin/companion"


def settings() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in UNIT.read_text(encoding="utf-8").splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def test_the_unit_runs_serve_as_its_own_user_with_hardening() -> None:
    s = settings()
    assert s["ExecStart"] == [f"{VENV_COMMAND} serve --config /etc/companion/config.toml"]
    assert s["User"] == ["companion"] and s["Restart"] == ["on-failure"]
    assert {"video", "gpio"} <= set(s["SupplementaryGroups"][0].split())
    assert s["ProtectSystem"] == ["strict"] and s["PrivateTmp"] == ["true"]
    assert s["NoNewPrivileges"] == ["true"] and s["StateDirectory"] == ["companion"]
    assert s["WantedBy"] == ["multi-user.target"]


@pytest.mark.skipif(
    shutil.which("systemd-analyze") is None,
    reason="systemd-analyze is absent: apt-get install systemd to verify the unit",
)
def test_systemd_analyze_verify_passes_without_a_warning(tmp_path: Path) -> None:
    # verify insists that ExecStart exists; off the Pi, point it at a stub of the venv's
    # command and change nothing else. systemd-analyze exits 0 on unknown keys and bad
    # values ("ignoring"), so its output must be empty too.
    unit = UNIT.read_text(encoding="utf-8")
    if not Path(VENV_COMMAND).exists():
        stub = tmp_path / "bin" / "companion"
        stub.parent.mkdir()
        stub.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
        stub.chmod(0o755)
        unit = unit.replace(VENV_COMMAND, str(stub))
    copy = tmp_path / "companion.service"
    copy.write_text(unit, encoding="utf-8")
    result = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", str(copy)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout + result.stderr == ""
