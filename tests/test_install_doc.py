"""docs/install-pi.md: its wiring diagram shows the default pin map of the config."""

from __future__ import annotations

import re
from pathlib import Path

from companion.settings.config import PanelPins

DOC = Path(__file__).parent.parent / "docs" / "install-pi.md"


def diagram_labels() -> dict[int, str]:
    """GPIO number → the config key written next to it in the header diagram."""
    labels = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        left = re.match(r"\s*([\w.]+) -- +GPIO(\d+) \(", line)
        right = re.search(r"\) GPIO(\d+) +-- ([\w.]+)", line)
        if left:
            labels[int(left.group(2))] = left.group(1)
        if right:
            labels[int(right.group(1))] = right.group(2)
    return labels


def test_every_default_pin_is_drawn_with_its_config_key() -> None:
    labels = diagram_labels()
    for key, pin in PanelPins().used().items():
        assert labels.get(pin) == key, f"GPIO{pin} should be labelled {key}"


def test_the_doc_covers_the_steps_the_issue_asks_for() -> None:
    text = DOC.read_text(encoding="utf-8")
    for needed in (
        "python3-picamera2",
        "espeak-ng",
        "--system-site-packages",
        "pip install '/opt/companion[pi]'",
        "systemctl enable --now companion",
        "companion config --check",
    ):
        assert needed in text, needed
