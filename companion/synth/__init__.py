"""Synthetic camera pictures of boards, with ground truth, for tests, demos and benchmarks."""

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
