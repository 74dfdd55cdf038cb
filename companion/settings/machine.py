"""What machine this is: a Raspberry Pi (and which) or something else.

Shared by the camera chooser and the panel's pin factory, which both pick real hardware on
a Pi and stand-ins elsewhere.
"""

from __future__ import annotations

from pathlib import Path

MODEL_FILE = Path("/proc/device-tree/model")


def pi_model(model_file: Path = MODEL_FILE) -> str | None:
    """ "Raspberry Pi 4 Model B Rev 1.4" on a Pi, None elsewhere."""
    try:
        model = model_file.read_bytes().rstrip(b"\0").decode("ascii", "replace").strip()
    except OSError:
        return None
    return model if model.startswith("Raspberry Pi") else None
