"""The Miwin dice as the camera sees them: each kind's faces and body colour.

Kept apart from :mod:`companion.vision.dice.reader` (which re-exports these names) so that the
reader stays a readable size; a calibration file overrides the default colours.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from companion.errors import CompanionError


@dataclass(frozen=True)
class DieProfile:
    """One kind of die: its name, face values and body colour (BGR) as calibrated."""

    kind: str
    faces: frozenset[int]
    colour: tuple[int, int, int]


@dataclass(frozen=True)
class DiceProfiles:
    """The Miwin dice as the camera sees them; :meth:`override` takes calibration data."""

    miwin: tuple[DieProfile, ...]

    def override(self, colours: Mapping[str, tuple[int, int, int]]) -> DiceProfiles:
        """The same profiles with the body colours of ``colours`` (kind → BGR) replaced."""
        unknown = set(colours) - {p.kind for p in self.miwin}
        if unknown:
            raise CompanionError(f"dice profile: unknown die kind {sorted(unknown)[0]!r}")
        return DiceProfiles(
            tuple(
                DieProfile(p.kind, p.faces, tuple(colours.get(p.kind, p.colour)))  # type: ignore[arg-type]
                for p in self.miwin
            )
        )


DEFAULT_PROFILES = DiceProfiles(
    (
        DieProfile("miwin-III", frozenset({1, 2, 5, 6, 7, 9}), (170, 80, 20)),  # blue
        DieProfile("miwin-IV", frozenset({1, 3, 4, 5, 8, 9}), (40, 40, 190)),  # red
        DieProfile("miwin-V", frozenset({2, 3, 4, 6, 7, 8}), (35, 35, 35)),  # black
    )
)


def _lab(colour: tuple[int, int, int]) -> npt.NDArray[np.float32]:
    pixel = np.array([[colour]], np.uint8)
    out: npt.NDArray[np.float32] = cv2.cvtColor(pixel, cv2.COLOR_BGR2LAB)[0, 0].astype(np.float32)
    return out


def miwin_profile(colour: tuple[int, int, int], profiles: DiceProfiles) -> DieProfile:
    """The Miwin die whose calibrated colour is nearest (in Lab) to a face's colour."""
    lab = _lab(colour)
    return min(profiles.miwin, key=lambda p: float(np.linalg.norm(_lab(p.colour) - lab)))


def foreign(colour: tuple[int, int, int], profiles: DiceProfiles) -> bool:
    """Whether a face's colour is no Miwin die's: farther (in Lab) from every kind than
    the two kinds closest to each other are apart (79 for the built-in colours). A lamp
    moves a die's colour a long way (a rendered blue die under a bright light measured
    50-63 from blue), so only a body nearer to no kind than the kinds are to each other
    is foreign: a white d6 read with ``--kind miwin`` (112 from red)."""
    labs = [_lab(p.colour) for p in profiles.miwin]
    if len(labs) < 2:
        return False
    apart = min(float(np.linalg.norm(a - b)) for i, a in enumerate(labs) for b in labs[i + 1 :])
    return min(float(np.linalg.norm(lab - _lab(colour))) for lab in labs) > apart
