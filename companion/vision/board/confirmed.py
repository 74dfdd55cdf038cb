"""A field the calibration photos burnt, learnt from frames whose position is known.

Where both calibration photos clipped a field white (a lamp too close, bench seed 10's
19 × 19 grey look: 13 fields of row r0 learnt as (254, 254, 254), their print not kept),
no light brings that reference back: the field stays unsure in every frame and the
referee waits on every frame a piece stands there, for the whole session. Calibration
learns from what it is shown; in play, the referee knows the position while it waits for
a roll on a board it matched, so every field's truth is known there. From such frames the
reader learns those fields' empty look, texture and print (:meth:`Confirmed.see`), but
only from frames that cannot be a hand:

* the frame's only doubt is on the burnt fields (no hand, no glare, nothing unknown), and
  every other field is read as the position says, as the referee takes a reading (at
  least :data:`~.confidence.UNSURE`: a piece alike to its field is held at 0.85 and used);
* the field is empty in the position, its disc is not clipped and shows a print of its
  own (:data:`.imprint.MIN_PRINT`: a hand, a piece, a cup are plain);
* :data:`FRAMES` such frames, whose discs all show the same print (their median's, as an
  empty field shows it, :func:`.imprint.match`): a hand does not hold one print still.

The watcher asks for it only on a board that has not changed for several frames
(:meth:`.still.BoardWatcher.learn`). The colour is learnt in the calibration's light: the
frame's light at the field, per channel, is the ratio of what the empty fields around it
show to their calibrated look (Gaussian, :data:`.light.LIGHT_RADIUS_MM`); the texture and
the print are kept as calibration keeps them (:func:`.learn.fit_profiles`). Learnt from
its look's brightness alone, the tint of the frames' lamp went into the look: with 20
good fields of each bench set-up learnt again so, 7 fields were read wrong at 0.81-0.85
in frames judged (Gravitation, seed 10); per channel and with the calibration's texture,
none.

Learnt for the session only, never written to the calibration file: the file is what the
players calibrated, checked for self-contradiction; a learning from the live table that
went wrong would stay in it for good, and learning again costs :data:`FRAMES` frames of
the first wait for a roll.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from companion.vision.board.imprint import MIN_PRINT, SHOWN, flatten, match
from companion.vision.board.light import LIGHT_RADIUS_MM
from companion.vision.board.profiles import Profiles
from companion.vision.board.sampler import SATURATED, FieldSampler, Samples

FloatArray = npt.NDArray[np.float64]

#: Confirmed frames that must show a burnt field empty before its look is learnt.
FRAMES = 2
#: The share of the least texture those frames show that is kept as the field's own,
#: as calibration keeps it (:func:`.learn.fit_profiles`).
LEARNT_TEXTURE = 0.6


def burnt(profiles: Profiles) -> npt.NDArray[np.bool_]:
    """(N,) the fields whose calibrated empty look is unusable: a channel clipped (it says
    only "at least this bright")."""
    return np.asarray(profiles.empty_bgr.max(axis=1) >= SATURATED, np.bool_)


@dataclass(frozen=True)
class Seen:
    """One confirmed frame's view of a burnt empty field, in the calibration's light."""

    colour: FloatArray  # (3,) BGR
    texture: float
    disc: FloatArray  # (P,) grey levels of the disc's points


class Confirmed:
    """What confirmed frames showed of the burnt fields, until each is learnt."""

    def __init__(self, sampler: FieldSampler, profiles: Profiles) -> None:
        self.sampler = sampler
        self.burnt = burnt(profiles)
        self.seen: dict[int, list[Seen]] = {}

    @property
    def wanted(self) -> bool:
        """Whether some burnt field is still to be learnt."""
        return bool(self.burnt.any())

    def see(
        self,
        samples: Samples,
        as_told: npt.NDArray[np.bool_],
        position: Mapping[str, str],
        profiles: Profiles,
    ) -> tuple[str, ...]:
        """Take one frame whose board is ``position`` (field → colour, the referee's),
        read by a read whose only doubt is on the burnt fields (the caller checks its
        cause); ``as_told`` (N,): the fields it read surely as the position says. Where
        every field but the burnt ones is, the burnt fields the frame shows empty are
        kept. Returns the ids of those kept; none where the frame may show a hand."""
        ids = self.sampler.ids
        if not (as_told | self.burnt).all():
            return ()  # another doubt, or not the position: maybe a hand
        gain = self._light(samples, position, profiles)
        taken = []
        for i in np.flatnonzero(self.burnt):
            disc = None if samples.discs is None else samples.discs[i]
            if ids[i] in position or disc is None or np.isnan(disc).any():
                continue
            if samples.colours[i].max() >= SATURATED or not np.isfinite(gain[i]).all():
                continue
            if not _printed(self.sampler, disc):
                continue  # a plain disc: a piece, a hand, a burnt frame
            light = gain[i]
            seen = Seen(samples.colours[i] / light, float(samples.texture[i]), disc / light.mean())
            self.seen.setdefault(int(i), []).append(seen)
            taken.append(ids[i])
        return tuple(taken)

    def learnt(self, profiles: Profiles) -> Profiles | None:
        """``profiles`` with every burnt field seen in :data:`FRAMES` confirmed frames
        that show one print learnt (its empty look, texture, print); None where none is
        ready."""
        ready = [i for i, seen in self.seen.items() if len(seen) >= FRAMES]
        ready = [i for i in ready if _one_print(self.sampler, self.seen[i])]
        if not ready:
            return None
        colour = profiles.empty_bgr.copy()
        texture = profiles.empty_texture.copy()
        grey = None if profiles.empty_print is None else profiles.empty_print.copy()
        for i in ready:
            seen = self.seen.pop(i)
            colour[i] = np.median([s.colour for s in seen], axis=0)
            texture[i] = LEARNT_TEXTURE * min(s.texture for s in seen)
            if grey is not None:
                grey[i] = np.median([s.disc for s in seen], axis=0)
            self.burnt[i] = False
        return replace(profiles, empty_bgr=colour, empty_texture=texture, empty_print=grey)

    def _light(
        self, samples: Samples, position: Mapping[str, str], profiles: Profiles
    ) -> FloatArray:
        """(N, 3) the frame's light at every field against the calibration's, per
        channel (a lamp's tint is light too): the ratio of what the empty, unclipped
        fields around it that are not burnt show to their calibrated look, weighted by
        distance (NaN where none is near)."""
        ids = self.sampler.ids
        empty = np.array([f not in position for f in ids]) & ~self.burnt
        empty &= samples.colours.max(axis=1) < SATURATED
        ratio = np.log((samples.colours + 1) / (profiles.empty_bgr + 1))
        c = self.sampler.centres
        d2 = ((c[:, None] - c[None]) ** 2).sum(axis=2)
        weight = np.exp(-d2 / (2 * LIGHT_RADIUS_MM**2)) * empty[None, :]
        total = weight.sum(axis=1, keepdims=True)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.asarray(np.where(total > 1e-6, np.exp(weight @ ratio / total), np.nan))


def _pattern(sampler: FieldSampler, grey: FloatArray) -> FloatArray:
    """Discs' grey levels (any number of rows) as prints, as
    :meth:`.FieldSampler.pattern` makes a frame's (one plane serves every field)."""
    return flatten(grey, sampler.from_plane, sampler.to_plane)


def _printed(sampler: FieldSampler, disc: FloatArray) -> bool:
    """Whether a disc shows a print strong enough for the print cue (:data:`MIN_PRINT`)."""
    pattern = _pattern(sampler, disc[None, :])[0]
    return float(np.sqrt((pattern**2).mean())) >= MIN_PRINT


def _one_print(sampler: FieldSampler, seen: list[Seen]) -> bool:
    """Whether every frame's disc shows their median's print as an empty field shows its
    own (:func:`.imprint.match`: at least :data:`SHOWN` of it, and mostly that pattern)."""
    discs = np.array([s.disc for s in seen])
    median = np.tile(np.median(discs, axis=0), (len(seen), 1))
    share = match(_pattern(sampler, discs), _pattern(sampler, median))
    with np.errstate(invalid="ignore"):
        return bool((share >= SHOWN).all())
