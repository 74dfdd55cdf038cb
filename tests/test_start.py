"""A fast start (issue 19): `companion --help` and `companion check` import no OpenCV, no
numpy, no Flask and no GPIO library, and few modules at all (222 for `check` today, 415
before); `companion serve` builds its board reader in the background so that the page
answers at once. Their CPU time is a benchmark's figure (`companion bench`), not a test's:
a shared machine charged one start 0.165 s where it had cost 0.07-0.11 s."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from companion.cli import read_dice
from companion.errors import CompanionError
from companion.table.late import LateReader

HEAVY = ("cv2", "numpy", "flask", "werkzeug", "waitress", "gpiozero", "PIL")
EXAMPLE = Path(__file__).parent.parent / "docs" / "examples" / "push.json"

#: The most modules a light command may load, interpreter included (222 measured; OpenCV
#: alone brings 150 more, the old eager command line had 415).
MODULES = 260

# Runs the command line in a fresh interpreter, then names the heavy modules it imported
# and counts all it imported.
PROBE = """
import json, sys
from companion.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
heavy = sorted(m for m in {heavy!r} if m in sys.modules)
print(json.dumps([heavy, len(sys.modules)]), file=sys.stderr)
"""


def started(*argv: str) -> tuple[list[str], int]:
    """The heavy modules ``companion ARGV`` imported, and how many modules it loaded."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(heavy=HEAVY), *argv],
        capture_output=True,
        text=True,
        check=False,
    )
    heavy, modules = json.loads(done.stderr.strip().splitlines()[-1])
    return heavy, modules


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["check", str(EXAMPLE), "--roll", "3,2", "Wurf 5, Umlaufbahn 4, 3, 2, 1, 0"],
        ["moves", str(EXAMPLE), "--roll", "3,2"],
    ],
    ids=["help", "check", "moves"],
)
def test_the_command_line_starts_without_vision_web_or_pins(argv: list[str]) -> None:
    heavy, modules = started(*argv)
    assert heavy == []
    assert modules <= MODULES


def test_the_dice_kinds_of_the_command_line_are_the_readers() -> None:
    from companion.vision.dice.reader import KINDS

    assert read_dice.KINDS == KINDS


def test_the_board_reader_is_built_in_the_background() -> None:
    gate = threading.Event()

    def build() -> str:  # stands in for a BoardReader
        gate.wait()
        return "a reader"

    reader = LateReader(build)  # type: ignore[arg-type]
    assert not reader._ready.is_set()  # built while the page starts
    gate.set()
    assert reader.upper() == "A READER"  # the first use waits for it


def test_a_reader_that_cannot_be_built_says_so_where_it_is_used() -> None:
    def build() -> object:
        raise CompanionError("calibration/gravitation.json: no profiles")

    reader = LateReader(build)  # type: ignore[arg-type]
    with pytest.raises(CompanionError, match=r"could not be built: .*no profiles"):
        reader.read(None)
