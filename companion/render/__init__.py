"""Pictures of boards and positions: SVG for the page, PNG for files and the synthetic camera.

Imported by vision, synth, the page, the hub and the command line (docs/architecture.md).
"""

from __future__ import annotations

from pathlib import Path

import cv2

from companion.errors import CompanionError
from companion.model.layout import Layout
from companion.model.position import Position
from companion.render.board import draw_board, field_radii
from companion.render.paint import PIECE_COLOURS
from companion.render.scene import Scene, crop, to_image, to_svg
from companion.render.trail import LastMove
from companion.texts import text

__all__ = [
    "PIECE_COLOURS",
    "LastMove",
    "Scene",
    "crop",
    "draw_board",
    "field_radii",
    "save",
    "to_image",
    "to_svg",
]


def save(scene: Scene, path: str | Path, px_per_mm: float = 2.0) -> Path:
    """Write the scene as .svg or .png (chosen by the file name)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".svg":
        path.write_text(to_svg(scene), encoding="utf-8")
    elif suffix == ".png":
        ok, data = cv2.imencode(".png", to_image(scene, px_per_mm))
        if not ok:  # pragma: no cover - OpenCV always encodes a uint8 image
            raise CompanionError(f"{path}: PNG encoding failed")
        path.write_bytes(data.tobytes())
    else:
        raise CompanionError(text("render.format", path=str(path)))
    return path


def render_position(position: Position, path: str | Path, px_per_mm: float = 2.0) -> Path:
    return save(draw_board(position.layout, position), path, px_per_mm)


def render_layout(layout: Layout, path: str | Path, px_per_mm: float = 2.0) -> Path:
    return save(draw_board(layout), path, px_per_mm)
