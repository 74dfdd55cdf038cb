"""Synthetic camera pictures of boards and dice, with ground truth (tests, demos, benches).

Imported by vision, the tray, the table and the command line (docs/architecture.md).
"""

from companion.synth.board import (
    HARSH,
    NORMAL,
    Camera,
    Conditions,
    SynthPhoto,
    default_camera,
    photograph,
    random_camera,
    random_position,
)

__all__ = [
    "HARSH",
    "NORMAL",
    "Camera",
    "Conditions",
    "SynthPhoto",
    "default_camera",
    "photograph",
    "random_camera",
    "random_position",
]
