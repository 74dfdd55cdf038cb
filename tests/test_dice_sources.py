"""The dice photos by source, and the learned detector's post-processing.

The photo tests read ``../shared/data`` and skip without it."""

from __future__ import annotations

import numpy as np
import pytest

from companion.errors import CompanionError
from companion.vision.dice.detector import CHANNELS, decode
from companion.vision.dice.net import soften
from companion.vision.dice.reader import read_dice
from companion.vision.dice.sources import available, photos, synthetic_scene
from companion.vision.dice.truth import score

needs_more = pytest.mark.skipif(not available("floor"), reason="no ../shared/data/dice-real-more")


@needs_more
def test_the_floor_source_holds_its_small_dice_in_pixels() -> None:
    floor = photos("floor")
    assert len(floor) == 197 and sum(len(p.boxes) for p in floor) == 643
    image = floor[0].image()
    assert image.ndim == 3 and image.shape[2] == 3  # grayscale photos come as BGR
    for box in floor[0].boxes:  # YOLO's fractions, turned into the photo's pixels
        assert 0 <= box.x0 < box.x1 <= image.shape[1] and 0 <= box.y0 < box.y1 <= image.shape[0]
        assert 1 <= box.value <= 6


@needs_more
def test_the_vignette_source_is_all_four_backgrounds_of_one_camera() -> None:
    assert sum(len(p.boxes) for p in photos("vignette")) == 740 + 426 + 257 + 132


def test_the_synthetic_source_is_the_same_photos_every_time() -> None:
    first, again = synthetic_scene(3), synthetic_scene(3)
    assert np.array_equal(first[0], again[0]) and first[1] == again[1]
    assert first[1] and all(1 <= box.value <= 6 for box in first[1])


def test_an_unknown_source_is_named() -> None:
    with pytest.raises(CompanionError, match="no dice source 'carpet'"):
        photos("carpet")


def peak(out: np.ndarray, cx: int, cy: int, value: int, heat: float, side_cells: float) -> None:
    """Write one die into an output map: its heat, a sure value, its side; offset 0.5."""
    out[0, cy, cx] = np.log(heat / (1 - heat))
    out[value, cy, cx] = 8.0
    out[7, cy, cx] = np.log(side_cells)
    out[8:10, cy, cx] = 0.5


def test_a_peak_of_the_heat_map_is_a_die_where_the_network_places_it() -> None:
    out = np.full((CHANNELS, 20, 30), -9.0, np.float32)
    peak(out, 10, 5, 4, 0.9, 8.0)
    (die,) = decode(out, 0.5)  # the network saw the photo at half size
    assert die.value == 4 and round(die.x) == 84 and round(die.y) == 44 and round(die.side) == 64
    assert die.confidence == pytest.approx(0.9, abs=0.01)


def test_two_peaks_closer_than_half_a_side_are_one_die_the_surer() -> None:
    out = np.full((CHANNELS, 20, 30), -9.0, np.float32)
    peak(out, 10, 5, 4, 0.6, 8.0)
    peak(out, 12, 5, 2, 0.9, 8.0)
    peak(out, 25, 15, 6, 0.9, 8.0)  # another die, far away
    assert [d.value for d in decode(out, 1.0)] == [2, 6]


def test_heat_below_the_floor_is_no_die() -> None:
    out = np.full((CHANNELS, 20, 30), -9.0, np.float32)
    peak(out, 10, 5, 4, 0.1, 8.0)
    assert decode(out, 1.0) == []


def test_the_pipeline_reads_with_the_reader_network_it_is_given(tmp_path) -> None:
    """bench/dice.py (0) measures a source never seen with a reader network trained
    without it, in the same pipeline: the network passed is the one that reads."""
    from companion.vision.dice.net import READER
    from companion.vision.dice.reader import read_dice

    image, _ = synthetic_scene(3)
    assert read_dice(image, reader=READER) == read_dice(image)
    with pytest.raises(Exception, match=r"elsewhere\.onnx"):
        read_dice(image, reader=READER._replace(model=tmp_path / "elsewhere.onnx"))


def test_the_bench_counts_a_die_read_twice_beside_itself_as_a_phantom_beside_it() -> None:
    """A camera at standing height sees two faces of a die; where both are read, the second
    is a phantom *beside* the die (bench/dice.py splits them from those on the table)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))
    from dice_sources import Tally, grade

    from companion.vision.dice.truth import Box

    die = Box(100, 100, 130, 130, 5)
    tally = Tally()
    grade([die], [(5, 115, 115, 0.95), (3, 140, 118, 0.8), (2, 400, 300, 0.6)], tally)
    assert (tally.right, tally.phantoms, tally.beside, tally.sure_phantoms) == (1, 2, 1, 1)


def test_a_die_the_detector_does_not_back_keeps_its_value_and_place_but_is_unsure() -> None:
    """bench "pipeline, detector agrees": two readers that learnt differently agreeing is
    evidence; the pipeline alone is not (docs/dice.md, "Two readers agreeing, tried")."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))
    from dice_sources import agreed

    from companion.vision.dice.detector import Found

    dice = [(5, 100.0, 100.0, 0.95, 30.0), (3, 300.0, 100.0, 0.92, 30.0)]
    finds = [Found(5, 110.0, 104.0, 28.0, 0.9), Found(4, 350.0, 100.0, 30.0, 0.9)]
    # the second die's only find lies 50 px off, more than half its side
    assert agreed(dice, finds, "place", 0.5) == [(5, 100, 100, 0.95), (3, 300, 100, 0.5)]
    finds[0] = finds[0]._replace(value=6)  # beside it, but reading another value
    assert agreed(dice, finds, "place+value", 0.8)[0] == (5, 100, 100, 0.8)
    assert agreed(dice, finds, "place", 0.8)[0] == (5, 100, 100, 0.95)


def test_softening_keeps_the_order_and_makes_a_sure_network_less_sure() -> None:
    assert soften(0.9, 1.0) == 0.9
    assert soften(0.9, 2.0) == pytest.approx(0.75)
    assert soften(0.99, 2.0) == pytest.approx(0.909, abs=1e-3)
    assert soften(0.5, 2.0) == pytest.approx(0.5)
    assert soften(0.2, 2.0) > 0.2  # an unsure answer is less unsure, too
    assert soften(0.95, 2.0) < soften(0.96, 2.0)


@needs_more
def test_the_pips_of_close_dice_on_grid_paper_are_not_sure_dice_showing_one() -> None:
    """A table never seen (vignette): with the network's probabilities as confidence the
    pips, read as dice showing 1 at 0.85-0.96, outweighed the dice read at a third of
    the size, and 2 of them were sure mistakes at 0.95 and more."""
    photo = next(p for p in photos("vignette") if p.name.startswith("vignette_grid_paper/00044"))
    reading = read_dice(photo.image())
    found = score(photo.boxes, [(d.value, d.x, d.y, d.confidence) for d in reading.dice], 0.9)
    assert found.trusted == []
    assert found.right >= 5 and found.extra <= 1  # 7 dice: 4, 3, 2, 1, 6, 1, 6


def test_a_source_left_out_is_chosen_for_by_the_others_alone() -> None:
    """Leave-one-source-out: the setting for the floor photos is the one that did best on
    every *other* source, however well another did on the floor itself; ties go to the
    earlier (plainer) setting."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))
    from dice_sources import left_out

    sources = ["byler", "floor", "vignette"]
    gain = {
        ("byler", "alone"): 10, ("byler", "agree"): 12,
        ("floor", "alone"): 0, ("floor", "agree"): -50,
        ("vignette", "alone"): 5, ("vignette", "agree"): 5,
    }  # fmt: skip
    chosen = left_out(gain, sources, ["alone", "agree"])
    assert chosen["floor"] == ("agree", {"alone": 15, "agree": 17})  # its own -50 not counted
    assert chosen["byler"][0] == "alone"  # floor's -50 counts against "agree" here
    assert chosen["vignette"][0] == "alone"  # 10 against -38


def test_a_throw_is_taken_only_when_every_die_is_sure_and_as_many_as_thrown() -> None:
    """bench/dice_rolls.py: what the referee does with a photo of a throw of 5 and 2."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent.parent / "bench"))
    from dice_rolls import outcome

    five, two = (5, 10.0, 10.0, 0.9), (2, 60.0, 10.0, 0.75)
    assert outcome([5, 2], [two, five], "die", 0.7) == "right"  # a roll is its values
    assert outcome([5, 2], [five, (1, 60.0, 10.0, 0.75)], "die", 0.7) == "wrong"
    assert outcome([5, 2], [five, two], "die", 0.8) == "asked"  # the 2 is under the bar
    assert outcome([5, 2], [five, two, (1, 70, 10, 0.95)], "die", 0.7) == "asked"  # 3 dice
    assert outcome([5, 2], [five], "die", 0.7) == "asked"  # a die missed
    assert outcome([5, 2], [five, two], "product", 0.7) == "asked"  # 0.9 * 0.75 < 0.7
