"""What the referee does with a photo of a throw: takes the roll as read, or asks.

The per-die figures of bench/dice_sources.py say how often a die is read right; a game is
decided by the *roll*. The live table (``companion/table/watch.py``, ``Watcher.tell``) takes
a settled throw as read when every die reaches its bar and the dice are as many as the game
expects (a d6 game refuses three dice, TENET a Miwin die missing); otherwise the players
are asked (``Referee.dice_unsure``) or told the reading does not make a roll. So a photo of
a throw, with its labelled dice as the throw the game expects, ends as one of

* **accepted right**: every die at the bar, as many dice as labelled, and the values read
  are the labelled values (as the game gets them: a roll is its values, not their places);
* **accepted WRONG**: as above, but the values differ: a wrong roll decided without a
  question, the worst outcome (issue 30: where the reader is unsure the referee asks);
* **asked**: a die under the bar, or another count of dice than labelled.

A rule decides from the dice's confidences: ``die`` (every die at least the bar: the
shipped rule, the minimum of the confidences at least the bar) or ``product`` (the product
of the confidences at least the bar: a roll of many dice needs each surer). The *score* of
a rule on a source counts a wrong accepted roll :data:`WRONG_WEIGHT` times as bad as a
question: accepted right less ``WRONG_WEIGHT`` times accepted wrong, per 100 photos (each
source weighs the same, whatever its number of photos). :func:`choose` picks the rule and
bar leave-one-source-out (``dice_sources.left_out``: the best score summed over the other
sources, never the one left out).

Reading ~1,000 photos takes minutes; ``--cache DIR`` keeps each reader's dice per source
as JSON (value, x, y, confidence) so that the rules are scored at once from then on.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from dice_sources import Reader, Reading, left_out

from companion.vision.dice.sources import Photo

#: How much worse a wrong roll taken without a question is than a question (a question
#: costs the table a few seconds: throw again or type the roll; a wrong roll taken moves
#: the game on from a position the players did not roll, found late or never, and undone
#: only with the referee PIN). Ten: the referee may ask ten times to avoid one wrong roll.
WRONG_WEIGHT = 10
RULES = ("die", "product")
#: the bars tried for either rule
BARS = (0.3, 0.4, 0.5, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95)


@dataclass
class Rolls:
    """What the referee did with the photos of one source under one rule and bar."""

    right: int = 0
    wrong: int = 0
    asked: int = 0

    @property
    def photos(self) -> int:
        return self.right + self.wrong + self.asked

    def score(self, weight: float = WRONG_WEIGHT) -> float:
        """Accepted right less ``weight`` times accepted wrong, per 100 photos."""
        return 100 * (self.right - weight * self.wrong) / max(self.photos, 1)

    def row(self, weight: float = WRONG_WEIGHT) -> str:
        n = max(self.photos, 1)
        return (
            f"accepted right {self.right:4d} ({self.right / n:6.2%})  "
            f"accepted WRONG {self.wrong:3d} ({self.wrong / n:5.2%})  "
            f"asked {self.asked:4d} ({self.asked / n:6.2%})  score {self.score(weight):6.1f}"
        )


def sure(confidences: Sequence[float], rule: str, bar: float) -> bool:
    """Whether a roll whose dice have ``confidences`` is taken without asking."""
    if rule == "die":
        return all(c >= bar for c in confidences)
    if rule == "product":
        product = 1.0
        for c in confidences:
            product *= c
        return product >= bar
    raise ValueError(f"no roll rule {rule!r}; the rules are {', '.join(RULES)}")


def outcome(labelled: Sequence[int], readings: Sequence[Reading], rule: str, bar: float) -> str:
    """What the referee does with one photo's ``readings`` when the throw is the
    ``labelled`` values: "right", "wrong" (both taken without asking) or "asked"."""
    if len(readings) != len(labelled) or not sure([r[3] for r in readings], rule, bar):
        return "asked"
    return "right" if sorted(r[0] for r in readings) == sorted(labelled) else "wrong"


def tally(read: Sequence[tuple[Sequence[int], Sequence[Reading]]], rule: str, bar: float) -> Rolls:
    """The outcomes of every photo of ``read`` (labelled values, readings)."""
    rolls = Rolls()
    for labelled, readings in read:
        kind = outcome(labelled, readings, rule, bar)
        setattr(rolls, kind, getattr(rolls, kind) + 1)
    return rolls


def readings(
    name: str, reader: Reader, source: str, shown: Sequence[Photo], cache: Path | None
) -> list[tuple[list[int], list[Reading]]]:
    """Each photo's labelled values and ``reader``'s dice, from ``cache`` where kept
    (``cache/NAME-SOURCE.json``; delete it when the reader changes)."""
    kept = None if cache is None else cache / f"{name}-{source}.json"
    if kept is not None and kept.is_file():
        stored = json.loads(kept.read_text())
        if [s["photo"] for s in stored] == [p.name for p in shown]:
            return [(s["labelled"], [tuple(r) for r in s["dice"]]) for s in stored]
    out = []
    for photo in shown:
        dice = [(int(v), float(x), float(y), float(c)) for v, x, y, c in reader(photo.image())]
        out.append(([b.value for b in photo.boxes], dice))
    if kept is not None:
        kept.parent.mkdir(parents=True, exist_ok=True)
        kept.write_text(
            json.dumps(
                [
                    {"photo": p.name, "labelled": values, "dice": dice}
                    for p, (values, dice) in zip(shown, out, strict=True)
                ]
            )
        )
    return out


def throws(count: int, cache: Path | None) -> list[tuple[list[int], list[Reading]]]:
    """The shipped reader on ``count`` throws of two d6 as ``companion sample dice --seed
    N`` writes them (N from 0; JPEG as the command writes it), the throws of new-user trial
    s10: labelled values and dice, from ``cache/shipped-throws.json`` where kept."""
    import cv2
    import numpy as np

    from companion.synth.dice import render_scene, scene_options
    from companion.vision.dice.reader import read_dice

    kept = None if cache is None else cache / "shipped-throws.json"
    if kept is not None and kept.is_file():
        stored = json.loads(kept.read_text())
        if len(stored) == count:
            return [(s["labelled"], [tuple(r) for r in s["dice"]]) for s in stored]
    out = []
    for seed in range(count):
        scene = render_scene(seed, scene_options(kind="d6", dice=(2, 2), moving=0.0))
        image = np.asarray(
            cv2.imdecode(cv2.imencode(".jpg", scene.image)[1], cv2.IMREAD_COLOR), np.uint8
        )
        dice = [(d.value, d.x, d.y, d.confidence) for d in read_dice(image).dice]
        out.append(([d.value for d in scene.dice], dice))
    if kept is not None:
        kept.parent.mkdir(parents=True, exist_ok=True)
        kept.write_text(
            json.dumps(
                [{"photo": f"seed-{i}", "labelled": v, "dice": d} for i, (v, d) in enumerate(out)]
            )
        )
    return out


def choose(
    read: dict[str, list[tuple[list[int], list[Reading]]]], weight: float = WRONG_WEIGHT
) -> dict[str, tuple[tuple[str, float], dict[tuple[str, float], int]]]:
    """For each source of ``read`` left out, the (rule, bar) whose score summed over the
    *other* sources is largest (ties to the earlier: the shipped rule, the lower bar)."""
    options = [(rule, bar) for rule in RULES for bar in BARS]
    gain = {
        (source, option): round(100 * tally(photos, *option).score(weight))
        for source, photos in read.items()
        for option in options
    }
    return left_out(gain, list(read), options)


def table(sources: Sequence[str], cache: Path | None, weights: Sequence[float]) -> None:
    """Print what the referee does with each source's photos: the pip counter (the
    floor: sure of every die), the shipped reader under every rule and bar of
    :data:`RULES` and :data:`BARS` (the shipped rule, ``die`` at the reader's SURE, marked),
    then the rule and bar chosen for each real source left out at each of ``weights``
    (the first is the one that counts) and what it does on the source left out, the worst
    source last."""
    from dice_sources import shipped
    from pipcount import count_pips

    from companion.vision.dice.net import READER_LEARNT_FROM
    from companion.vision.dice.reader import SURE
    from companion.vision.dice.sources import REAL, available, photos

    read = {}
    for source in sources:
        if not available(source):
            print(f"(r) {source}: skipped, its photos are not on this machine")
            continue
        shown = photos(source)
        naive = readings("pip-counter", count_pips, source, shown, cache)
        read[source] = readings("shipped", shipped, source, shown, cache)
        seen = " (seen: the reader learnt from it)" if source in READER_LEARNT_FROM else ""
        print(f"(r) {source}, {len(shown)} photos{seen}")
        print(f"(r)   pip counter         {tally(naive, 'die', 0.0).row()}")
        for rule in RULES:
            for bar in BARS:
                mark = "  <- shipped" if (rule, bar) == ("die", SURE) else ""
                rolls = tally(read[source], rule, bar)
                print(f"(r)   {rule:7s} >= {bar:.2f}     {rolls.row()}{mark}")
    two = throws(200, cache)
    print("(r) synthetic throws of two d6, companion sample dice --seed 0..199 (seen)")
    for bar in BARS[3:]:
        mark = "  <- shipped" if bar == SURE else ""
        print(f"(r)   die     >= {bar:.2f}     {tally(two, 'die', bar).row()}{mark}")
    real = {s: v for s, v in read.items() if s in REAL}
    if len(real) < 2:
        return
    for weight in weights:
        print(f"(r) chosen leave-one-source-out, a wrong roll taken = {weight:g} questions:")
        chosen = choose(real, weight)
        worst = min(chosen, key=lambda s: tally(real[s], *chosen[s][0]).score(weight))
        for out in [*(s for s in chosen if s != worst), worst]:
            (rule, bar), others = chosen[out]
            rolls = tally(real[out], rule, bar)
            print(
                f"(r)   {out:9s} left out: {rule} >= {bar:.2f} (the others' score "
                f"{others[rule, bar] / 100:.1f}, shipped {others['die', SURE] / 100:.1f}); "
                f"on {out}: {rolls.row(weight)}"
            )
