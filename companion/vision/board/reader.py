"""Read a board from a frame: locate, sample, classify, and say whether to trust it.

:class:`BoardReader` reads single frames (``companion read-board``); the frame-by-frame
watcher in :mod:`companion.vision.board.still` adds smoothing and the still-board wait on top.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from companion.model.layout import Layout
from companion.vision.board.between import hand_region
from companion.vision.board.cause import Cause
from companion.vision.board.confidence import SURE, UNSURE
from companion.vision.board.confirmed import Confirmed
from companion.vision.board.feet import covered_feet, foot_explains, neighbours_piece
from companion.vision.board.fields import MIN_INTRUDED, FieldVerdicts, classify
from companion.vision.board.focus import focused
from companion.vision.board.imprint import (
    HIDDEN,
    decides,
    match,
    on_the_same_points,
    projection,
    showing,
    unless_leant_over,
)
from companion.vision.board.learn import default_profiles
from companion.vision.board.locate import FloatArray, Intrinsics, Location, Locator
from companion.vision.board.moved import MoveCheck, Moved
from companion.vision.board.outdated import tests_off
from companion.vision.board.profiles import Profiles
from companion.vision.board.sampler import FieldSampler
from companion.vision.board.surround import hidden

#: The most confidence a reading gets between a field's empty look and a piece colour too
#: alike to tell apart (Profiles.alike): drawn as unsure, yet used (above UNSURE).
ALIKE_CONFIDENCE = 0.85


def _unsure_where_alike(
    verdicts: FieldVerdicts, alike: npt.NDArray[np.bool_], share: FloatArray
) -> FieldVerdicts:
    """Where the verdict (empty, or a piece colour) has a class too alike to it on that
    field, the reader cannot be sure: its confidence is held below SURE, unless the
    field's print (``share`` of it seen, :mod:`.imprint`) settles it."""
    labels = verdicts.labels
    rows = np.arange(len(labels))
    close = np.where(labels < 0, alike.any(axis=1), alike[rows, np.maximum(labels, 0)])
    close &= ~decides(share, labels)
    if not close.any():
        return verdicts
    held = np.where(close, np.minimum(verdicts.confidence, ALIKE_CONFIDENCE), verdicts.confidence)
    return replace(verdicts, confidence=held)


def _unsure_with_print(verdicts: FieldVerdicts, share: FloatArray) -> npt.NDArray[np.bool_]:
    """(N,) the fields this frame leaves unsure (below UNSURE, yet like some class) whose
    print can speak (:func:`.imprint.match`): there it is asked between the empty look
    and every piece colour, as where calibration found them alike (:attr:`.Profiles.alike`
    is judged under the calibration light; a frame's lamp can make a light piece its
    field's colour where the calibration light did not)."""
    with np.errstate(invalid="ignore"):
        return np.asarray(
            (verdicts.confidence < UNSURE) & ~verdicts.anomaly & ~np.isnan(share), np.bool_
        )


def _settled(
    verdicts: FieldVerdicts,
    again: FieldVerdicts,
    asked: npt.NDArray[np.bool_],
    share: FloatArray,
) -> FieldVerdicts:
    """``verdicts`` with the ``asked`` fields the print settles read as ``again`` (scored
    with the print, :func:`.imprint.alike_d2`) read them.

    Only an empty field that shows its print is settled so: what shows the print at a
    correlation of 0.9 or more (:func:`.imprint.match`) has nothing over it. A hidden
    print settles nothing here: under this frame's doubt it may be a piece or a hand (on
    seed 1's tall board, hands over empty fields read as white pieces with 0.92-1.00
    where it was asked), so those fields stay as unsure as they were, and the frame
    waits."""
    settled = asked & (again.labels < 0) & decides(share, again.labels)
    return replace(
        verdicts,
        labels=np.where(settled, again.labels, verdicts.labels),
        confidence=np.where(settled, again.confidence, verdicts.confidence),
        anomaly=verdicts.anomaly & ~settled,
    )


#: A frame's feet of the fields as prints, and which pieces could lean over each foot
#: (:meth:`BoardReader._feet_seen`).
Feet = tuple[FloatArray | None, npt.NDArray[np.bool_] | None]

#: The most confidence an empty reading keeps where the disc hides its field's print: the
#: frame waits (below UNSURE), as something stands there that colour did not see.
HIDDEN_PRINT_CONFIDENCE = 0.5


def _as_the_print_says(
    verdicts: FieldVerdicts, share: FloatArray, shows: npt.NDArray[np.bool_]
) -> FieldVerdicts:
    """``verdicts`` never sure against what the field's print says (:mod:`.imprint`):
    no piece is sure where the disc ``shows`` part of the print (a piece is opaque), and
    no empty field where it hides it (``share`` at most :data:`.imprint.HIDDEN`; NaN
    where the print cannot speak, or a tall neighbour may be what hides it).

    On seed 4's blurred, shaded Gravitation frame (cardboard) empty fields whose print
    was blurred flat read as dim white pieces with 0.95-0.97 (the light fitted to
    neighbours read white as well); they kept a third of their print, the pieces none.
    On seed 4's 19×19 grid (grey) a grey-white piece at the edge read empty with 0.93 in
    a frame judged: darker than its calibrated colour by more than the neighbours' light
    allowed, yet hiding the print (share -0.07). An empty reading there waits. On a
    board of tall pieces the field's foot says it instead (:meth:`BoardReader._feet`:
    busy with a hand there), so the caller passes no hidden print there."""
    with np.errstate(invalid="ignore"):
        hidden = (verdicts.labels < 0) & (share <= HIDDEN)
    over = shows & (verdicts.labels >= 0)
    if not (hidden.any() or over.any()):
        return verdicts
    held = np.where(over, np.minimum(verdicts.confidence, ALIKE_CONFIDENCE), verdicts.confidence)
    held = np.where(hidden, np.minimum(held, HIDDEN_PRINT_CONFIDENCE), held)
    return replace(verdicts, confidence=held)


@dataclass(frozen=True)
class BoardRead:
    """What one frame shows. ``fields`` holds occupied fields only, with their colour."""

    found: bool
    busy: bool = False
    fields: dict[str, str] = field(default_factory=dict)
    confidence: dict[str, float] = field(default_factory=dict)  # every field, 0..1
    overall: float = 0.0  # the lowest field confidence
    reason: str = ""  # why not found / why busy, for people
    markers: tuple[int, ...] = ()
    colours: FloatArray | None = field(default=None, repr=False, compare=False)  # disc means
    #: the discs as prints (:mod:`.imprint`), for the move test after the hand tests
    prints: FloatArray | None = field(default=None, repr=False, compare=False)
    #: why the frame is busy or shows no board, as data for the page to word
    cause: Cause = field(default_factory=lambda: Cause(""))
    glare: tuple[str, ...] = ()  # fields under a glare spot (read unsure, or unknown)

    def to_json(self, image: str) -> dict[str, Any]:
        """The JSON line of ``companion read-board --json`` (DESIGN.md)."""
        out: dict[str, Any] = {"image": image, "found": self.found, "busy": self.busy}
        out["fields"] = dict(sorted(self.fields.items()))
        out["confidence"] = {
            "overall": round(self.overall, 4),
            "fields": {f: round(c, 4) for f, c in sorted(self.confidence.items())},
        }
        out["markers"] = list(self.markers)
        if self.reason:
            out["reason"] = self.reason
        if self.cause.kind:
            out["cause"] = {"kind": self.cause.kind, "field": self.cause.field}
        if self.glare:
            out["glare"] = list(self.glare)
        return out


class BoardReader:
    """Reads frames of one layout with one camera's calibration (or the defaults)."""

    def __init__(
        self,
        layout: Layout,
        profiles: Profiles | None = None,
        intrinsics: Intrinsics | None = None,
        manual: tuple[FloatArray, FloatArray] | None = None,
    ) -> None:
        self.layout = layout
        #: Every piece colour the reader knows; :attr:`profiles` those of the game in play.
        self.known = (profiles or default_profiles(layout)).for_layout(layout)
        self.profiles = self.known
        self._playing: tuple[str, ...] | None = None
        self.locator = Locator(layout, intrinsics, manual)
        self.sampler = FieldSampler(layout)
        self._unseen = np.zeros(len(self.sampler.ids), np.bool_)  # :meth:`play`
        #: the calibrated empty fields' discs as prints (:mod:`.imprint`); None without
        self.empty_print = self.sampler.pattern(self.known.empty_print)
        #: the same at the fields' feet, on a board of tall pieces (:mod:`.feet`)
        self.empty_foot = self.sampler.pattern(self.known.empty_foot)
        #: whether the board still lies where its stored corners put it (:mod:`.moved`)
        self.move_check = MoveCheck(self.sampler, self.empty_print)
        #: the fields the calibration photos burnt, learnt from confirmed frames
        self.confirmed = Confirmed(self.sampler, self.known)

    def play(self, colours: tuple[str, ...] | None, unseen: tuple[str, ...] = ()) -> None:
        """Read only pieces of ``colours`` (the players' colours; None: every known colour);
        ``unseen``: the fields the game never compares (TENET's start, where every waiting
        ball lies in one heap), which no doubt of their own makes the frame wait for (their
        print hidden by the heap said "unsure" of every frame once a calibration had
        learnt it; the fresh-clone run after issue-31l).

        A game's pieces come in its players' colours only, so a field is never weighed
        against a colour nobody plays: a light empty field is then no "white piece?" (on a
        board of light fields that doubt made every other frame busy). A piece of a colour
        not in play is "something else" (the frame is busy) when it is unlike every class
        left; a white piece on a light-grey field passes for the field."""
        if colours != self._playing:
            self.profiles = self.known if colours is None else self.known.only(colours)
            self._playing = colours
        self._unseen = np.array([f in unseen for f in self.sampler.ids], np.bool_)

    def learn(
        self,
        image: npt.NDArray[np.uint8],
        position: Mapping[str, str],
        location: Location | None = None,
    ) -> tuple[str, ...]:
        """Learn the empty look of the fields the calibration photos burnt from a frame
        whose board the referee knows to be ``position`` (field → colour; the watcher
        asks only of a board unchanged for several frames, :mod:`.confirmed`). The frame
        is refused unless its only doubt is on those fields and every other field reads
        as the position says, as the referee would take it (at least UNSURE: a piece
        alike to its field, read at ALIKE_CONFIDENCE, is a reading the referee uses).
        Returns the burnt fields the frame showed empty."""
        if not self.confirmed.wanted:
            return ()
        location = location or self.locator.locate(image)
        if location is None:
            return ()
        read = self.read(image, location)
        if not read.found or read.glare or read.cause.kind not in ("", "unsure"):
            return ()
        sampled = self.sampler.sample(image, location)
        if sampled is None:
            return ()
        as_told = self._unseen | np.array(  # the game's unseen fields: no doubt of theirs
            [
                read.fields.get(f) == position.get(f) and read.confidence[f] >= UNSURE
                for f in self.sampler.ids
            ]
        )
        taken = self.confirmed.see(sampled, as_told, position, self.known)
        learnt = self.confirmed.learnt(self.known)
        if learnt is not None:
            self._use(learnt)
        return taken

    def _use(self, profiles: Profiles) -> None:
        """Read with ``profiles`` from now on, the game's colours kept."""
        self.known = profiles
        playing = self._playing
        self.profiles = profiles if playing is None else profiles.only(playing)
        self.empty_print = self.sampler.pattern(profiles.empty_print)
        self.move_check = MoveCheck(self.sampler, self.empty_print)

    def tests_off(self) -> tuple[str, ...]:
        """The hand tests the calibration in use cannot run on this layout, because it
        was made by an older companion (:mod:`.outdated`): said to the players with what
        to do, never skipped without a word."""
        return tests_off(self.known, self.sampler)

    def read(
        self,
        image: npt.NDArray[np.uint8],
        location: Location | None = None,
        *,
        hands: bool = True,
    ) -> BoardRead:
        """Read one frame; ``location`` skips the marker search (a watcher smooths it).

        With ``hands`` (a single frame) the calibrated tests for a hand beside the fields
        run too (:meth:`check_hands`); a watcher asks for them only on the frames where
        they can change what the referee is told (:mod:`.still`): they cost 3 ms of a
        changed board's 8 on a calibrated Gravitation board."""
        location = location or self.locator.locate(image)
        if location is None:
            return self.not_found()
        rings = self.profiles.empty_surround if hands else None
        sampled = self.sampler.sample(image, location, surround=rings is not None)
        if sampled is None:
            why = "board not found: part of it is out of view"
            cause = Cause("out_of_view")
            return BoardRead(found=False, reason=why, markers=location.markers, cause=cause)
        s = self.sampler
        seen = on_the_same_points(
            sampled.pattern, sampled.discs, self.known.empty_print, s.from_plane, s.to_plane
        )
        sampled = replace(sampled, pattern=seen)
        lean = s.leaning(location, image.shape[1::-1])
        feet = self._feet_seen(image, location)  # once a frame: the neighbours' and the feet's
        share = unless_leant_over(match(sampled.pattern, self.empty_print), lean)
        verdicts = classify(sampled, s.centres, s.probes_mm, self.profiles, s.kernel, share)
        # how sharp this frame shows the prints (blur fades them all alike), measured on
        # the fields read empty; a blurred frame is read again at its focus, and the
        # fields read empty then measure it again (:mod:`.focus`)
        seen_print = projection(sampled.pattern, self.empty_print)

        def at(focus: float) -> FieldVerdicts:
            p = self.profiles
            return classify(sampled, s.centres, s.probes_mm, p, s.kernel, share, focus=focus)

        verdicts, focus = focused(
            verdicts, at, sampled.texture, self.profiles.empty_texture, seen_print
        )
        asked = _unsure_with_print(verdicts, share)
        if asked.any():  # the print asked where this frame's light left a field unsure
            alike = self.profiles.alike | asked[:, None]
            again = classify(
                sampled, s.centres, s.probes_mm, self.profiles, s.kernel, share, alike, focus
            )
            verdicts = _settled(verdicts, again, asked, share)
        verdicts = _unsure_where_alike(verdicts, self.profiles.alike, share)
        # on a tall board the foot test judges a field read empty (:meth:`_feet`)
        hides = share if self.empty_foot is None else np.full(len(share), np.nan)
        verdicts = _as_the_print_says(verdicts, hides, showing(sampled.pattern, self.empty_print))
        verdicts = self._not_the_neighbours(verdicts, lean, feet)
        read = replace(self._result(verdicts, location, sampled.means), prints=sampled.pattern)
        if hands:
            if rings is not None and sampled.surround is not None:
                read = self._around(read, hidden(sampled.surround, rings))
            read = self._between(image, location, self._feet(image, location, read, feet))
        return self._unless_moved(image, location, read)

    def _unless_moved(
        self, image: npt.NDArray[np.uint8], location: Location, read: BoardRead
    ) -> BoardRead:
        """``read``, or, where its board no longer lies where the stored corners put it
        (:mod:`.moved`), a busy read that says so and reads no field: every disc samples
        the wrong place, so no reading of it means anything. Asked only of a busy read
        (a board read clean lies where it was calibrated, or near enough)."""
        if not read.busy:
            return read
        sure = np.array(
            [f in read.fields and read.confidence.get(f, 0.0) >= SURE for f in self.sampler.ids]
        )
        moved = self.move_check.check(image, location, read.prints, sure)
        if moved is None:
            return read
        return _moved(read, moved)

    def _feet_seen(self, image: npt.NDArray[np.uint8], location: Location) -> Feet | None:
        """The fields' feet in this frame as prints, and which fields' pieces could lean
        over each foot (:mod:`.feet`); None where the calibration has no feet (flat pieces,
        an older file)."""
        if self.empty_foot is None:
            return None
        s = self.sampler
        seen = s.pattern(s.sample_feet(image, location))
        return seen, s.leaning(location, image.shape[1::-1], feet=True)

    def _not_the_neighbours(
        self,
        verdicts: FieldVerdicts,
        lean: npt.NDArray[np.bool_] | None,
        feet: Feet | None,
    ) -> FieldVerdicts:
        """``verdicts`` where a tall neighbour's piece may be what a field's
        disc shows (:func:`.feet.neighbours_piece`; ``lean``: which pieces could lean
        over each disc): read empty where the field's foot shows its print, and never
        sure there or where the foot cannot tell. A field read empty but unsure, or
        something unknown beside such a neighbour, is read empty (not sure) where its
        foot shows its print (:func:`.feet.foot_explains`)."""
        if feet is None:
            return verdicts
        seen, foot_lean = feet
        foot = match(seen, self.empty_foot)
        empty, doubt = neighbours_piece(verdicts.labels, lean, foot, foot_lean)
        if (empty | doubt).any():
            held = np.minimum(verdicts.confidence, ALIKE_CONFIDENCE)
            verdicts = replace(
                verdicts,
                labels=np.where(empty, -1, verdicts.labels),
                confidence=np.where(empty | doubt, held, verdicts.confidence),
            )
        # an unsure empty field, or a disc no class explains beside a leaning neighbour,
        # over a foot that shows its print: an empty field (read, never sure)
        unsure = (verdicts.labels < 0) & (verdicts.confidence < UNSURE)
        explained = foot_explains(unsure, verdicts.anomaly, verdicts.labels, lean, foot)
        if not explained.any():
            return verdicts
        return replace(
            verdicts,
            labels=np.where(explained, -1, verdicts.labels),
            confidence=np.where(explained, ALIKE_CONFIDENCE, verdicts.confidence),
            anomaly=verdicts.anomaly & ~explained,
        )

    def check_hands(
        self, image: npt.NDArray[np.uint8], location: Location, read: BoardRead
    ) -> BoardRead:
        """``read`` (made with ``hands=False``) made busy when something hides the print
        around a field (:mod:`.surround`) or at a tall board's empty field's foot
        (:mod:`.feet`), or changes the board between the fields as a hand does
        (:mod:`.between`), as a single frame's read would say it. A read
        already busy needs no second reason; without a calibration there is nothing to
        compare with."""
        if read.busy or not read.found:
            return read
        rings = self.profiles.empty_surround
        if rings is not None:
            read = self._around(read, hidden(self.sampler.sample_rings(image, location), rings))
        read = self._between(image, location, self._feet(image, location, read))
        return self._unless_moved(image, location, read)

    def _around(self, read: BoardRead, covered: npt.NDArray[np.bool_]) -> BoardRead:
        """``read`` busy with the first of the ``covered`` fields: the board's print around
        them is gone, so something other than a piece is over them, whatever their colour
        says (skin over a tan board reads as the board); nothing is sure there."""
        if not covered.any():
            return read
        hid = [self.sampler.ids[i] for i in np.flatnonzero(covered)]
        confidence = {**read.confidence, **dict.fromkeys(hid, 0.0)}
        more = f" and {len(hid) - 1} more" if len(hid) > 1 else ""
        return replace(
            read,
            busy=True,
            confidence=confidence,
            overall=0.0,
            reason=f"busy: something over {hid[0]}{more} hides the board around it",
            cause=Cause("hand", hid[0], len(hid) - 1),
        )

    def _feet(
        self,
        image: npt.NDArray[np.uint8],
        location: Location,
        read: BoardRead,
        feet: Feet | None = None,
    ) -> BoardRead:
        """``read`` made busy where a tall board's field read empty hides the print at its
        foot (:mod:`.feet`: a fingertip between standing pieces, which the discs at the
        pieces' tops and the rings do not see); a read already busy needs no second
        reason, but no field read empty over a hidden foot stays sure in it (seed 5's
        leather look: a veiled orange piece the colour of the leather, its disc's and
        foot's print hidden, read empty with 0.98 in a frame waiting on another field),
        and a calibration without the feet (flat pieces, an older file) has nothing to
        compare. ``feet``: this frame's, where :meth:`read` sampled them."""
        if self.empty_foot is None:
            return read
        s = self.sampler
        # only a field read empty surely has its foot judged; one read empty between
        # UNSURE and SURE (a piece alike to its field, ALIKE_CONFIDENCE) may be a tall
        # piece standing on that foot, and may lean over its neighbours' (review s7)
        read_empty = np.array(
            [f not in read.fields and read.confidence.get(f, 0.0) >= SURE for f in s.ids]
        )
        seen, lean = feet or self._feet_seen(image, location) or (None, None)
        hid = [
            s.ids[i] for i in np.flatnonzero(covered_feet(seen, self.empty_foot, lean, read_empty))
        ]
        if not hid:
            return read
        confidence = {**read.confidence, **dict.fromkeys(hid, 0.0)}
        if read.busy:  # waiting already: its reason stands, the fields are not sure
            return replace(read, confidence=confidence, overall=0.0)
        more = f" and {len(hid) - 1} more" if len(hid) > 1 else ""
        return replace(
            read,
            busy=True,
            confidence=confidence,
            overall=0.0,
            reason=f"busy: something over {hid[0]}{more} hides the field's foot",
            cause=Cause("hand", hid[0], len(hid) - 1),
        )

    def _between(
        self, image: npt.NDArray[np.uint8], location: Location, read: BoardRead
    ) -> BoardRead:
        """``read`` made busy when the board between the fields changed as a hand changes
        it (:mod:`.between`); a read already busy needs no second reason, and a
        calibration without the empty look between the fields has nothing to compare."""
        space = self.profiles.empty_between
        if read.busy or space is None or len(space) != len(self.sampler.between.points):
            return read  # (learnt on another layout's points: not comparable)
        seen = self.sampler.sample_between(image, location)
        _, centre = hand_region(seen, space, self.sampler.between)
        if centre is None:
            return read
        s = self.sampler
        hand = s.ids[int(np.argmin(((s.centres - centre) ** 2).sum(axis=1)))]
        # worded as the ring test's hand, so the page says it in the players' words
        reason = f"busy: something over {hand} hides the board between the fields"
        return replace(read, busy=True, reason=reason, cause=Cause("hand", hand))

    def not_found(self) -> BoardRead:
        """The read of a frame the locator found no board in, with why and the board's
        markers it saw (some: the board is there, partly hidden; none: no board)."""
        why = f"board not found: {self.locator.why}"
        seen = self.locator.seen
        return BoardRead(found=False, reason=why, markers=seen, cause=self.locator.cause)

    def _result(
        self,
        verdicts: FieldVerdicts,
        location: Location,
        colours: FloatArray,
    ) -> BoardRead:
        ids = self.sampler.ids
        occupied = {
            ids[i]: self.profiles.colours[k] for i, k in enumerate(verdicts.labels) if k >= 0
        }
        confidence = {f: float(c) for f, c in zip(ids, verdicts.confidence, strict=True)}
        odd = [ids[i] for i in np.flatnonzero(verdicts.anomaly)]
        unsure = [
            ids[i]
            for i in np.argsort(verdicts.confidence)
            if verdicts.confidence[i] < UNSURE and not self._unseen[i]
        ]
        glare = verdicts.glare if verdicts.glare is not None else np.zeros(len(ids), np.bool_)
        reason, cause = "", Cause("")
        if odd:
            more = f" and {len(odd) - 1} more" if len(odd) > 1 else ""
            reason = f"busy: something unknown over {odd[0]}{more}"
            kind = "glare" if glare[ids.index(odd[0])] else "unknown"
            cause = Cause(kind, odd[0], len(odd) - 1)
        elif verdicts.intruded >= MIN_INTRUDED:
            reason = "busy: a hand or an object is over the board"
            cause = Cause("hand")
        elif unsure:
            f = unsure[0]
            more = f" and {len(unsure) - 1} more" if len(unsure) > 1 else ""
            seen = occupied.get(f, "empty")
            reason = f"busy: unsure of {f} ({seen}? confidence {confidence[f]:.2f}){more}"
            cause = Cause("unsure", f, len(unsure) - 1, seen)
        return BoardRead(
            cause=cause,
            glare=tuple(ids[i] for i in np.flatnonzero(glare)),
            found=True,
            busy=bool(reason),
            fields=occupied,
            confidence=confidence,
            overall=float(verdicts.confidence.min()),
            reason=reason,
            markers=location.markers,
            colours=colours,
        )


def _moved(read: BoardRead, moved: Moved) -> BoardRead:
    """``read`` made busy because its board moved (``cause.more``: by how many pixels,
    0 where unknown), with no field read and none sure."""
    by = f" (moved by about {moved.pixels} px)" if moved.pixels else ""
    return replace(
        read,
        busy=True,
        fields={},
        confidence=dict.fromkeys(read.confidence, 0.0),
        overall=0.0,
        reason=f"busy: the board is not where it was calibrated{by}: calibrate the corners again",
        cause=Cause("moved", more=moved.pixels),
        glare=(),
    )
