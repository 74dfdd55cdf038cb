"""Synthetic camera pictures of boards, with ground truth, for tests, demos and benchmarks."""

from companion.synth.board import (
    Camera,
    SynthPhoto,
    default_camera,
    photograph,
    random_camera,
    random_position,
)

__all__ = [
    "Camera",
    "SynthPhoto",
    "default_camera",
    "photograph",
    "random_camera",
    "random_position",
]
