"""``companion read-dice IMAGE...``: the dice in each photo of the dice tray.

With ``--json`` one JSON line per image (DESIGN.md):
``{"image": …, "dice": [{"value": 5, "kind": "d6", "x": …, "y": …, "confidence": …,
"sure": true}], "settled": true}`` (``sure``: the confidence is at least the reader's SURE;
an unsure die is one the referee would ask about). Without it a readable line per image.
An unreadable image is bad input (exit 2, one line); a photo without dice is an empty
result (exit 0). A photo is a still: its dice lie where they lie, so ``settled`` is true
(motion blur matters to the live loop, which reads a stream of frames, not to a photo
given here).

``--calibration FILE`` reads with what ``companion calibrate`` measured: only within the
file's dice tray (``calibrate tray``), and the Miwin dice told apart by their measured
colours (``calibrate dice --name miwin-III``). The dice are given in the whole photo's
pixels, tray or not.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from companion.errors import CompanionError
from companion.texts import text

if TYPE_CHECKING:
    from companion.vision.dice.reader import DiceReading

NAME = "read-dice"


#: The dice sets the reader knows, as companion.vision.dice.reader.KINDS has them (written out
#: so that building the parser imports no OpenCV; tests/test_start.py keeps them equal).
KINDS = ("d6", "miwin")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("images", nargs="+", metavar="IMAGE", help=text("opt.read_dice.images"))
    parser.add_argument(
        "--kind",
        choices=KINDS,
        default="d6",
        help=text("opt.read_dice.kind"),
    )
    parser.add_argument(
        "--calibration",
        metavar="FILE",
        help=text("opt.read_dice.calibration"),
    )
    parser.add_argument("--json", action="store_true", help=text("opt.read_dice.json"))


def describe(reading: DiceReading, lang: str | None = None) -> str:
    """One readable line in ``lang`` (default: the run's, ``--lang``): the count and total
    of the sure dice, each with its place and confidence, then the unsure ones apart. A
    die read below the reader's SURE is counted neither in the dice nor in the total: the
    referee would ask the players about it rather than count it."""
    from companion.texts import language, percent, render, text, text_n
    from companion.vision.dice.reader import SURE

    lang = lang or language()

    def say(key: str, count: int | None = None, **fields: object) -> str:
        said = text(key, **fields) if count is None else text_n(key, count, **fields)
        return render(said, lang)

    if not reading.dice:
        return say("dice_cli.none")
    sure: list[str] = []
    unsure: list[str] = []
    total = 0
    for die in reading.dice:
        kind = "" if die.kind == "d6" else f" ({die.kind})"
        sure_ = percent(die.confidence)
        where = say("dice_cli.at", x=f"{die.x:.0f}", y=f"{die.y:.0f}", confidence=sure_)
        (sure if die.confidence >= SURE else unsure).append(f"{die.value}{kind} {where}")
        total += die.value if die.confidence >= SURE else 0
    line = say("dice_cli.head", count=len(sure), total=total)
    if sure:
        line += ": " + "; ".join(sure)
    if unsure:
        line += say("dice_cli.unsure", count=len(unsure)) + ": " + "; ".join(unsure)
    return line


def run(args: argparse.Namespace) -> int:
    from companion.imagecheck import read_image
    from companion.vision.calibration import dice_setup, load_calibration
    from companion.vision.dice.reader import SURE, read_dice

    tray, profiles = dice_setup(load_calibration(args.calibration) if args.calibration else None)
    images: list[tuple[str, DiceReading]] = []
    for path in args.images:  # read every image first: bad input stops before any output
        image = read_image(path)
        try:
            images.append((path, read_dice(image, args.kind, profiles, tray)))
        except CompanionError as exc:
            raise CompanionError(f"{path}: {exc}") from exc
    for path, reading in images:
        if args.json:
            line = {
                "image": path,
                "dice": [{**d.to_json(), "sure": d.confidence >= SURE} for d in reading.dice],
                "settled": True,  # a photo is a still (see the module's docstring)
            }
            print(json.dumps(line, ensure_ascii=False))
        else:
            print(f"{path}: {describe(reading)}")
    return 0
