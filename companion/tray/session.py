"""The dice tray's session: frames and photos in, rolls read, asked, kept and said.

:meth:`Tray.frame` is the live camera's way in: each frame is read at the width the live
referee reads dice (``watch.DICE_WIDTH``) and fed to the same settle wait
(:class:`~companion.vision.dice.settle.SettleDetector`), so a roll counts once, when the
dice lie still. :meth:`Tray.photo` is a phone's: one photo is one look (a photo does not
move), so a blurred die is refused with one line instead of waited for. Either way:

* a hand in the tray (:mod:`companion.tray.hand`) makes the tray wait (busy) and nothing is
  read or counted;
* a die read with a confidence below the reader's SURE (a die cocked against the tray's
  wall, half hidden, worn) is never guessed: the roll is held as a :class:`Question` and
  counted once a player gives the unsure dice's values (:meth:`Tray.answer`); a new roll
  settling meanwhile replaces the unanswered one, which is then not counted;
* a settled roll with every die sure is written to the journal first, then told to the
  listeners (the page's live update, the voice), and said: "Sieben: drei und vier".
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from companion.errors import CompanionError
from companion.imagecheck import check_image_size, quiet_stderr
from companion.store.journal import Journal
from companion.texts import text
from companion.tray.colours import MIWIN, colour_of, in_colour
from companion.tray.hand import hand_in
from companion.tray.history import Roll, TrayDie, TrayLog
from companion.tray.tally import faces_of
from companion.vision.dice.reader import (
    DEFAULT_PROFILES,
    SURE,
    DiceProfiles,
    DiceReading,
    read_dice,
)
from companion.vision.dice.settle import SettleDetector
from companion.vision.dice.steady import SteadyDice
from companion.vision.dice.tray import Tray as TrayArea

__all__ = ["MOST_DICE", "NOT_A_DIE", "Outcome", "Question", "Tray", "decode_photo", "said"]

Image = npt.NDArray[Any]

#: Dice read at the width the live referee reads them (companion.table.watch.DICE_WIDTH).
WIDTH = 640
#: More dice than this in one roll is no roll of a game: refused, not counted.
MOST_DICE = 30


#: The answer for an unsure find that is no die (the select's "kein Würfel").
NOT_A_DIE = "none"


@dataclass(frozen=True)
class Question:
    """A settled roll held because some of its dice were read unsurely."""

    dice: tuple[TrayDie, ...]
    unsure: tuple[int, ...]  # indexes into dice
    source: str
    #: the asking words, kept apart from the tray's last note (the camera's next frame
    #: says "keine Würfel zu sehen" while the question is still open)
    note: str = ""
    #: the frame's size in pixels (the dice's x, y are in it), for where each die lies
    size: tuple[int, int] = (0, 0)
    #: the photo or frame asked about as a JPEG, each die circled and numbered as asked
    picture: bytes = field(default=b"", repr=False, compare=False)

    def place(self, i: int) -> tuple[int, int]:
        """Where die ``i`` lies in the frame: (row, column), each 0, 1 or 2 (top/left,
        middle, bottom/right), so the page can say "oben links"."""
        width, height = self.size
        d = self.dice[i]
        if width <= 0 or height <= 0:
            return 1, 1
        return min(2, int(3 * d.y / height)), min(2, int(3 * d.x / width))

    def to_json(self) -> dict[str, Any]:
        return {
            "dice": [d.to_json() for d in self.dice],
            "unsure": [i + 1 for i in self.unsure],
            "faces": {str(i + 1): list(faces_of(self.dice[i].kind)) for i in self.unsure},
        }


@dataclass(frozen=True)
class Outcome:
    """What one frame or photo came to: ``state`` is ``roll`` (counted), ``asked`` (held
    for the unsure dice), ``busy`` (a hand), ``nothing``, ``rolling``, ``settling``,
    ``blurred`` or ``no_dice`` (a photo); ``note`` says it in words."""

    state: str
    note: str
    roll: Roll | None = None
    reading: DiceReading | None = None
    scale: float = 1.0  # frame pixels per pixel of the view the dice were read in
    #: what the camera's frames came to (the page says "Kamera: …"), not a photo's answer
    camera: bool = False


def decode_photo(data: bytes, name: str = "photo") -> Image:
    """A posted photo as BGR, or a one-line CompanionError (empty, not an image, cut
    short, more pixels than a photo has)."""
    import cv2

    if not data:
        raise CompanionError(text("tray.photo_empty", name=name))
    check_image_size(data, name)
    if data[:2] == b"\xff\xd8" and data.rfind(b"\xff\xd9") < 0:
        raise CompanionError(text("tray.photo_cut", name=name))
    with quiet_stderr():
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None or image.size == 0:
        raise CompanionError(text("tray.photo_unreadable", name=name))
    return np.asarray(image, np.uint8)


def said(roll: Roll) -> str:
    """The roll said: "Sieben: drei und vier" (the sum, then each die in reading order)."""
    total = roll.total
    head: object = text(f"tray.N.{total}") if total < 100 else str(total)
    words = [text(f"tray.n.{d.value}") for d in roll.dice]
    dice: object = (
        words[0] if len(words) == 1 else text("tray.and", first=words[:-1], last=words[-1])
    )
    return text("tray.said", total=head, dice=dice)


class Tray:
    """One dice tray: its session in the journal, the settle wait, the open question."""

    def __init__(
        self,
        journal: Journal | None,
        kind: str = "d6",
        *,
        resume: bool = True,
        area: TrayArea | None = None,
        profiles: DiceProfiles = DEFAULT_PROFILES,
        settle_frames: int = 3,
    ) -> None:
        self.log = TrayLog.open(journal, resume)
        self.kind, self.area, self.profiles = kind, area, profiles
        self.lock = threading.RLock()
        #: called after every change (a roll counted, a question asked or answered)
        self.listeners: list[Callable[[Tray], None]] = []
        self.settle = SettleDetector(frames=settle_frames)
        self.question: Question | None = None
        self.last = Outcome("nothing", text("tray.nothing"))
        self.steady = SteadyDice()  # one pyramid level a frame, every level a roll

    @property
    def rolls(self) -> list[Roll]:
        return self.log.rolls

    @property
    def names(self) -> dict[str, str]:
        """What the players call each colour's dice ("greift an"), by colour."""
        return dict(self.log.names)

    def frame(self, image: Image) -> Outcome:
        """One camera frame through the settle wait; a settled roll is counted or asked."""
        view, scale = _view(image)
        if hand_in(view):  # the settle wait is not fed: the dice under it are not news
            busy = Outcome("busy", text("tray.hand"), scale=scale, camera=True)
            return self._told(busy, quiet=True)
        reading = self.steady.read(view, self.kind, self.profiles, self.area)
        with self.lock:
            settled = self.settle.feed(reading)
            if settled is not None:  # counted as read-dice reads it (vision/dice/steady.py)
                settled = reading = self.steady.settled(
                    view, reading, self.kind, self.profiles, self.area
                )
            if settled is None:
                if not reading.dice:
                    note, state = text("tray.nothing"), "nothing"
                elif not reading.settled:
                    note, state = text("tray.rolling"), "rolling"
                else:
                    values = " + ".join(str(v) for v in reading.values)
                    note, state = text("tray.settling", values=values), "settling"
                seen = Outcome(state, note, reading=reading, scale=scale, camera=True)
                return self._told(seen, quiet=True)
            return self._settled(settled, view, "camera", scale)

    def photo(self, data: bytes, name: str = "photo", source: str = "photo") -> Outcome:
        """A photo posted from a phone: read once; a bad image is a one-line error."""
        image = decode_photo(data, name)
        view, scale = _view(image)
        if hand_in(view):
            return self._told(Outcome("busy", text("tray.hand"), scale=scale))
        reading = read_dice(view, self.kind, self.profiles, self.area)
        with self.lock:
            if not reading.dice:
                return self._told(Outcome("no_dice", text("tray.no_dice_photo"), reading=reading))
            if not reading.settled:
                return self._told(Outcome("blurred", text("tray.blurred"), reading=reading))
            return self._settled(reading, view, source, scale)

    def _settled(self, reading: DiceReading, view: Image, source: str, scale: float) -> Outcome:
        camera = source == "camera"
        if len(reading.dice) > MOST_DICE:
            note = text("tray.too_many", count=len(reading.dice), most=MOST_DICE)
            return self._told(Outcome("nothing", note, reading=reading, scale=scale, camera=camera))
        coloured = in_colour(view)  # a grey picture: no colour named (Miwin's by kind)
        dice = tuple(
            TrayDie(
                d.value,
                d.kind,
                colour_of(view, d.x, d.y, d.side, d.kind) if coloured or d.kind in MIWIN else "",
                d.confidence,
                d.x * scale,
                d.y * scale,
            )
            for d in reading.dice
        )
        unsure = tuple(i for i, d in enumerate(dice) if d.confidence < SURE)
        if unsure:
            note = text("tray.asked", dice=[str(i + 1) for i in unsure])
            h, w = view.shape[:2]
            size = (round(w * scale), round(h * scale))
            picture = _numbered(view, reading, unsure)
            self.question = Question(dice, unsure, source, note, size, picture)
            return self._told(Outcome("asked", note, reading=reading, scale=scale, camera=camera))
        self.question = None  # a new roll: an unanswered one is not counted
        roll = self.log.record(dice, source)
        return self._told(Outcome("roll", said(roll), roll, reading, scale, camera=camera))

    def answer(self, values: Mapping[int, str]) -> Outcome:
        """The values players gave for the open question's unsure dice (die number, from
        1 → the value typed, or :data:`NOT_A_DIE` for a find that is no die, left out:
        new-user trial s14 M4, a ring beside the tray); the roll is counted with them,
        marked as asked, unless no die is left."""
        with self.lock:
            question = self.question
            if question is None:
                raise CompanionError(text("tray.no_question"))
            dice: list[TrayDie | None] = list(question.dice)
            for i in question.unsure:
                typed = values.get(i + 1, "").strip()
                if typed == NOT_A_DIE:
                    dice[i] = None
                    continue
                faces = faces_of(question.dice[i].kind)
                if not (typed.isascii() and typed.isdigit()) or int(typed) not in faces:
                    raise CompanionError(
                        text(
                            "tray.answer_bad",
                            die=i + 1,
                            value=typed[:10],
                            faces=", ".join(map(str, faces)),
                        )
                    )
                dice[i] = replace(question.dice[i], value=int(typed), asked=True)
            self.question = None
            kept = [d for d in dice if d is not None]
            if not kept:
                return self._told(Outcome("nothing", text("tray.no_die_left")))
            roll = self.log.record(kept, question.source)
            return self._told(Outcome("roll", said(roll), roll))

    def again(self) -> Outcome:
        """The open question dropped: the dice are thrown again, nothing is counted. The
        settle wait keeps what it reported: the dice still lying are no news until they
        move (review s14b: a reset read them again within three frames and asked again)."""
        with self.lock:
            if self.question is None:
                raise CompanionError(text("tray.no_question"))
            self.question = None
            return self._told(Outcome("nothing", text("tray.again")))

    def new_session(self) -> None:
        """Start a new tray session (the old one stays in the journal)."""
        with self.lock:
            self.log = self.log.new_session()
            self.question = None
            self.settle.reset()
            self._told(Outcome("nothing", text("tray.nothing")))

    def name(self, names: Mapping[str, str]) -> None:
        """Name the colours' groups ("rot greift an"): colour → words (at most 30 chars)."""
        with self.lock:
            self.log.name({c[:20]: n.strip()[:30] for c, n in names.items() if n.strip()})
            self._told(self.last)

    def thrown(self) -> None:
        """A throw the page made (the synthetic tray): whatever it shows is news."""
        with self.lock:
            self.settle.reset()

    def _told(self, outcome: Outcome, quiet: bool = False) -> Outcome:
        """Keep ``outcome`` as the last one and, unless ``quiet`` (a frame that changed
        nothing but the note), tell the listeners."""
        changed = outcome.note != self.last.note or not quiet
        self.last = outcome
        if changed:
            for listener in list(self.listeners):
                listener(self)
        return outcome


def _numbered(view: Image, reading: DiceReading, unsure: tuple[int, ...]) -> bytes:
    """The view as a JPEG with each die circled and numbered as the question numbers it
    (the unsure ones in yellow, thicker), so players see which die "Würfel 2" is."""
    import cv2

    picture = view.copy()
    for i, d in enumerate(reading.dice):
        colour = (0, 215, 255) if i in unsure else (80, 200, 80)
        radius = max(10, round(0.45 * d.side)) if d.side else 24
        centre = (round(d.x), round(d.y))
        cv2.circle(picture, centre, radius, colour, 4 if i in unsure else 2)
        spot = (round(d.x + 0.75 * radius), round(d.y - 0.75 * radius))
        for ink, thickness in (((0, 0, 0), 6), (colour, 2)):
            cv2.putText(picture, str(i + 1), spot, cv2.FONT_HERSHEY_SIMPLEX, 1.0, ink, thickness)
    return bytes(cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, 80])[1].tobytes())


def _view(image: Image) -> tuple[Image, float]:
    """The frame at most WIDTH pixels across, and frame pixels per view pixel."""
    import cv2

    h, w = image.shape[:2]
    if w <= WIDTH:
        return image, 1.0
    size = (WIDTH, max(1, round(h * WIDTH / w)))
    return np.asarray(cv2.resize(image, size, interpolation=cv2.INTER_AREA), np.uint8), w / WIDTH
