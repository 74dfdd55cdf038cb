"""The pieces' colours learnt from photos of known placements (``companion calibrate
colours`` and the page's calibration): the photos checked against each other, the fit, and
what each photo is said to show (the start position, or a board file).

The calibration file (companion.vision.calibration) keeps what this learns.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from companion import texts
from companion.errors import CompanionError
from companion.model.jsontext import parse_json
from companion.model.layout import Layout
from companion.textfile import read_text
from companion.texts import colour_id, text, unreadable
from companion.vision.board.locate import FloatArray
from companion.vision.board.profiles import Profiles, to_lab
from companion.vision.calibration import Calibration

if TYPE_CHECKING:
    from companion.model.position import Position
    from companion.vision.board.locate import Location
    from companion.vision.board.reader import BoardReader
    from companion.vision.board.sampler import FieldSampler, Samples


#: A piece is a plain disc; an empty field shows its printed number or label. When most
#: fields said to hold a piece show this much texture, the photos may be swapped: a note,
#: never a refusal (carved pieces have texture too).
PLAIN_TEXTURE = 0.1
#: Two photos that say a field holds the same thing contradict each other when it looks
#: this different in them (Lab distance, lightness counted half: the lamp moves it most).
CONTRADICTION_DE = 22.0
#: A piece said to stand on a field that looks this close to the field's empty look (same
#: distance) teaches its colour nothing, unless most pieces of the colour look so.
ALIKE_DE = 6.0
#: What a known photo says of a field holding pieces the camera does not read one by one
#: (TENET's start: every ball in one heap on the start field, the camera compared nowhere
#: there): neither empty nor one colour, so that photo teaches nothing at that field. No
#: colour name of a board file can be it.
PILE = "?"


def fit_colours(
    layout: Layout,
    calibration: Calibration,
    photos: list[tuple[npt.NDArray[np.uint8], dict[str, str]]],
    names: list[str] | None = None,
    notes: list[str] | None = None,
    from_box: tuple[int, ...] = (),
) -> Calibration:
    """Colour profiles learnt from photos of known placements (field → colour).

    Typical photos: the empty board and the start position (every piece in its station).
    The calibration learns what it is shown, whatever the board's and the pieces' colours:
    the empty photo teaches every field's empty look, the known photos each piece colour
    (more photos teach more). It refuses only what it cannot learn from: a photo where the
    board is not found, and photos that contradict each other (the same field, said to
    hold the same thing, looking very different in two photos: a hand, a piece out of
    place). Both are one-line errors naming the photo and the field. What it can learn
    but not tell apart under this light (a light piece on a light field, a piece said to
    be there that looks like its field) goes into ``notes`` with the fields: the reader
    stays unsure there and asks. ``names`` label the photos ("start", "empty"); by
    default they are numbered. A field said to hold :data:`PILE` is left out of that
    photo (a start whose pieces all wait on a pile, TENET's, teaches the empty board
    only: the pieces' colours stay as they were, and ``notes`` says so).

    ``from_box`` numbers the photos (from 0) whose pieces the players take from the box
    (the page's known position): a box may lack a colour, or a table lay only its
    players'. There a field said to hold a piece that shows its own empty look (as in
    another photo, :data:`ALIKE_DE`) holds none: a colour no photo then shows stays as
    it was, and ``notes`` names it (it was learnt from the bare field, and a later game
    with that colour read 68 of 828 fields sure, review s9). Where the game's stone
    stands (a field labelled "stone": TENET's Stein der Weisen, a gem no photo teaches)
    no print is kept: the gem hides the print and the reader stayed unsure of the
    field, and busy (trial s9).
    """
    from companion.vision.board.confidence import SURE
    from companion.vision.board.learn import (
        burnt_prints,
        calibration_light,
        default_profiles,
        fit_profiles,
    )
    from companion.vision.board.locate import Locator
    from companion.vision.board.reader import ALIKE_CONFIDENCE, BoardReader
    from companion.vision.board.sampler import FieldSampler

    labels = names or [text("cal.photo", number=n) for n in range(1, len(photos) + 1)]
    piles = [{f for f, c in truth.items() if c == PILE} for _, truth in photos]
    photos = [(image, {f: c for f, c in truth.items() if c != PILE}) for image, truth in photos]
    locator = Locator(layout, calibration.intrinsics, calibration.manual)
    sampler = FieldSampler(layout)
    base = calibration.profiles or default_profiles(layout)
    samples = []
    hidden: list[set[str]] = []
    for label, (image, truth) in zip(labels, photos, strict=True):
        location = locator.locate(image)
        got = None
        if location is not None:
            got = sampler.sample(image, location, surround=True, between=True, feet=True)
        if locator.cause.kind == "no_corners":  # no photo can show it: corners first
            raise CompanionError(text("locate.no_markers", layout=repr(layout.name)))
        if got is None or location is None:
            raise CompanionError(text("cal.not_found", label=label))
        samples.append((_not_leant_over(sampler, got, truth, location, image), truth))
        hidden.append(_leant_over(sampler, truth, location, image))
    hidden = [seen | pile for seen, pile in zip(hidden, piles, strict=True)]
    probes = np.vstack([got.probes for got, _ in samples])
    probes = probes[~np.isnan(probes[:, 0])]
    background = np.median(probes, axis=0) if len(probes) else base.background_bgr
    looks = [
        to_lab(got.colours / calibration_light(layout, got, background)[:, None])
        for got, _ in samples
    ]
    kept: dict[int, list[str]] = {}
    for n in from_box:
        bare = _bare(sampler.ids, samples, looks, piles, n)
        truth = {f: c for f, c in samples[n][1].items() if f not in bare}
        samples[n], photos[n] = (samples[n][0], truth), (photos[n][0], truth)
        kept[n] = sorted(set(bare.values()))
    shown = {c for _, truth in samples for c in truth.values()}
    kept = {n: [c for c in cs if c not in shown] for n, cs in kept.items()}
    _refuse_contradictions(sampler.ids, samples, looks, labels, hidden)
    looks_empty = _looks_empty(sampler.ids, samples, looks, piles)
    ignore = [odd | pile for odd, pile in zip(looks_empty, piles, strict=True)]
    profiles = fit_profiles(layout, samples, base, ignore)
    profiles = _no_print_under_stone(layout, _keep(layout, profiles, base, kept))
    fitted = calibration.with_(profiles=profiles)
    if notes is None:
        return fitted
    for n, colours in kept.items():
        if colours:
            said = [texts.colour(c) for c in colours]
            notes.append(text("cal.kept", label=labels[n], colours=said))
    taught = any(truth for _, truth in photos)
    for label, pile in zip(labels, piles, strict=True):
        if pile and not taught:  # the colours stay as they were, said in the players' words
            notes.append(text("cal.pile", label=label, field=texts.field(min(pile))))
    reader = BoardReader(layout, fitted.profiles, fitted.intrinsics, fitted.manual)
    alike: dict[str, str] = {}  # field → the piece said or read there
    unsure: set[str] = set()  # fields read below SURE on a photo: `calibrate check` red
    for (image, truth), odd, pile in zip(photos, looks_empty, piles, strict=True):
        read = reader.read(image)
        differ = {f for f in set(read.fields) | set(truth) if read.fields.get(f) != truth.get(f)}
        for f in sorted((differ - pile) | odd):
            alike.setdefault(f, truth.get(f) or read.fields.get(f) or "")
        unsure |= {f for f, sure in read.confidence.items() if sure < SURE}
    like = like_the_board(profiles, unsure - set(alike), shown)
    if alike:  # in the players' words: "Weiß.S1 (Weiß)", not "white.S1 (white)"
        named: list[object] = [
            text("cal.held", field=texts.field(f), piece=texts.colour(c))
            for f, c in sorted(alike.items())
        ]
        more = [text("cal.like_more", **said) for said in like]  # said once, in this note
        notes.append(text("cal.alike", fields=named[:4] + ["…"] * (len(named) > 4) + more))
    elif like:
        parts = [text("cal.like_part", **said) for said in like]
        notes.append(text("cal.like_board", parts=parts, cap=texts.percent(ALIKE_CONFIDENCE)))
    burnt = burnt_prints(list(sampler.ids), samples)
    if burnt:  # the club can act on it: another photo, the lamp moved
        example, total = texts.field(burnt[0]), len(sampler.ids)
        notes.append(text("cal.burnt_print", count=len(burnt), total=total, example=example))
    for label, (got, truth) in zip(labels, samples, strict=True):
        printed = [
            f for i, f in enumerate(sampler.ids) if f in truth and got.texture[i] >= PLAIN_TEXTURE
        ]
        if truth and len(printed) * 2 > len(truth):
            notes.append(
                text(
                    "cal.swapped",
                    label=label,
                    count=len(printed),
                    total=len(truth),
                    example=texts.field(printed[0]),
                )
            )
    return fitted


def like_the_board(
    profiles: Profiles, unsure: set[str], shown: set[str]
) -> list[dict[str, object]]:
    """For each piece colour the photos ``shown`` that looks like the empty field
    (:attr:`.Profiles.alike`) on fields the reader was ``unsure`` of on the calibration
    photos: the colour and on how many of the board's fields. There the reader holds a
    reading below SURE where the print does not settle it, and `calibrate check` draws the
    field red even where every photo was read back right (new-user trial s10: white
    stones on a light Go board, 104 of 361 fields red and no word). The fields another
    note names are left out by the caller: a field is said once."""
    rows = [i for i, f in enumerate(profiles.field_ids) if f in unsure]
    counts = profiles.alike[rows].sum(axis=0) if rows else np.zeros(len(profiles.colours))
    total = len(profiles.field_ids)
    return [
        {"colour": texts.colour(c), "count": int(n), "total": total}
        for c, n in zip(profiles.colours, counts, strict=True)
        if n and c in shown
    ]


def _distance(a: FloatArray, b: FloatArray) -> FloatArray:
    """Lab distance with lightness counted half (the lamp changes it most)."""
    d = a - b
    return np.asarray(np.sqrt((0.5 * d[..., 0]) ** 2 + d[..., 1] ** 2 + d[..., 2] ** 2))


def _refuse_contradictions(
    ids: tuple[str, ...],
    samples: list[tuple[Any, dict[str, str]]],
    looks: list[FloatArray],
    labels: list[str],
    hidden: list[set[str]],
) -> None:
    """CompanionError when two photos say a field holds the same thing (empty, or the same
    colour) and it looks very different in them: one of them is not what it is said to be
    (a hand over it, a piece out of place), and no fit can learn both. A field said to be
    empty where a tall piece said to stand beside it may lean over its disc (``hidden``,
    per photo) shows that piece there: no contradiction."""
    for n in range(len(samples)):
        for m in range(n):
            differ = _distance(looks[n], looks[m])
            for i, f in enumerate(ids):
                said = samples[n][1].get(f, "empty")
                if said != samples[m][1].get(f, "empty") or differ[i] <= CONTRADICTION_DE:
                    continue
                if f in hidden[n] or f in hidden[m]:
                    continue
                what = text("cal.empty") if said == "empty" else texts.colour(said)
                raise CompanionError(
                    text(
                        "cal.contradiction",
                        label=labels[n],
                        other=labels[m],
                        field=texts.field(f),
                        what=what,
                        delta=round(float(differ[i])),
                    )
                )


def _bare(
    ids: tuple[str, ...],
    samples: list[tuple[Any, dict[str, str]]],
    looks: list[FloatArray],
    piles: list[set[str]],
    n: int,
) -> dict[str, str]:
    """The fields photo ``n`` says hold a piece (field → colour) that look as they do
    empty in the other photos: no piece lies there (a colour the box lacks)."""
    index = {f: i for i, f in enumerate(ids)}
    out = {}
    for f, c in samples[n][1].items():
        i = index[f]
        own = [
            lab[i]
            for m, ((_, truth), lab, pile) in enumerate(zip(samples, looks, piles, strict=True))
            if m != n and f not in truth and f not in pile
        ]
        if own and float(_distance(looks[n][i], np.mean(own, axis=0))) < ALIKE_DE:
            out[f] = c
    return out


def _keep(
    layout: Layout, profiles: Profiles, base: Profiles, kept: dict[int, list[str]]
) -> Profiles:
    """``profiles`` with the ``kept`` colours (no photo showed them) as ``base`` has them:
    the fit drops the default paints of colours it never saw, and a table whose box lacks
    a colour would then not know it at all in a later game."""
    base = base.for_layout(layout)
    missing = sorted(
        {c for cs in kept.values() for c in cs if c in base.colours and c not in profiles.colours}
    )
    if not missing:
        return profiles
    k = [base.colours.index(c) for c in missing]
    return replace(
        profiles,
        colours=profiles.colours + tuple(missing),
        piece_bgr=np.vstack([profiles.piece_bgr, base.piece_bgr[k]]),
        piece_std=np.vstack([profiles.piece_std, base.piece_std[k]]),
        piece_texture=np.concatenate([profiles.piece_texture, base.piece_texture[k]]),
    )


def _no_print_under_stone(layout: Layout, profiles: Profiles) -> Profiles:
    """``profiles`` without the print of the fields where the game's stone may stand
    (labelled "stone"): the stone hides it, and no colour of the stone is learnt, so the
    print test would call such a field neither empty nor a piece (:func:`fit_colours`)."""
    if profiles.empty_print is None:
        return profiles
    under = [i for i, f in enumerate(profiles.field_ids) if layout.fields[f].label == "stone"]
    if not under:
        return profiles
    prints = profiles.empty_print.copy()
    prints[under] = np.nan
    return replace(profiles, empty_print=prints)


def _looks_empty(
    ids: tuple[str, ...],
    samples: list[tuple[Any, dict[str, str]]],
    looks: list[FloatArray],
    piles: list[set[str]],
) -> list[set[str]]:
    """Per photo, the fields said to hold a piece that look as they do empty in another
    photo while most pieces of that colour do not: a piece missing there, or one too
    alike to its field to teach its colour. They are left out of the colour's fit (and
    noted); where most pieces of a colour look like their fields, all of them teach it.
    A photo's ``piles`` (:data:`PILE`) are no empty look."""
    index = {f: i for i, f in enumerate(ids)}
    empty: dict[int, list[FloatArray]] = {}
    for (_, truth), lab, pile in zip(samples, looks, piles, strict=True):
        for i, f in enumerate(ids):
            if f not in truth and f not in pile:
                empty.setdefault(i, []).append(lab[i])
    out: list[set[str]] = [set() for _ in samples]
    per_colour: dict[str, list[tuple[int, str, bool]]] = {}
    for n, ((_, truth), lab) in enumerate(zip(samples, looks, strict=True)):
        for f, c in truth.items():
            i = index[f]
            own = empty.get(i, [])
            alike = bool(own) and float(_distance(lab[i], np.mean(own, axis=0))) < ALIKE_DE
            per_colour.setdefault(c, []).append((n, f, alike))
    for seen in per_colour.values():
        if sum(a for _, _, a in seen) * 2 < len(seen):
            for n, f, a in seen:
                if a:
                    out[n].add(f)
    return out


def doubt_empty(
    reader: BoardReader, image: npt.NDArray[np.uint8], label: str, calibrated: bool
) -> str:
    """Whether a photo said to show the empty board shows pieces: '' when it reads empty,
    else the question to ask the players, naming the fields ("is the board really
    empty?"). Fitting a board with pieces on it as empty would learn the pieces as the
    look of their fields. Only colours measured on this board (``calibrated``) can tell
    for sure: where they read a piece surely, it is a CompanionError.
    The default colours of a look never calibrated see light fields as white pieces, and
    a board's look is what calibration is there to learn: they only ask."""
    from companion.vision.board.confidence import SURE

    read = reader.read(image)
    if not read.found or not read.fields:
        return ""
    held = [
        text("cal.held", field=texts.field(f), piece=texts.colour(c))
        for f, c in sorted(read.fields.items())
    ]
    more = text("check.more", count=len(held) - 6) if len(held) > 6 else ""
    sure = any(read.confidence.get(f, 0.0) >= SURE for f in read.fields)
    if calibrated and sure:
        raise CompanionError(text("cal.not_empty_sure", label=label, held=held[:6], more=more))
    return text("cal.not_empty", label=label, held=held[:6], more=more)


def start_placement(layout: Layout, players: list[str] | None = None) -> dict[str, str]:
    """Every piece of every colour that plays (``players``, default every colour) on its
    station: what the start photo must show (:func:`known_placement`). A 2-player start
    said to show all five colours learnt the three missing ones from bare stations
    (trial s9: "15 of the 25 fields … are the photos swapped?")."""
    return known_placement(start_of(layout, players))


def known_placement(position: Position) -> dict[str, str]:
    """What a photo of ``position`` shows, field → piece colour: the top piece of each
    stack, as the camera reads it (a Türme tower by its top). A field the game's camera
    is not compared on (TENET's start pile) is a :data:`PILE`: no one colour can be learnt
    there (TENET's start said "yellow", the last ball of the heap, and its start photo
    taught yellow as the look of the whole heap; docs/vision.md, issue 31, eleventh
    round)."""
    return {
        f: PILE if f in position.spec.unseen else stack[-1] for f, stack in position.stacks.items()
    }


def start_of(layout: Layout, players: list[str] | None = None) -> Position:
    """The start position of the game played on ``layout``, ``players`` playing (by
    default every colour)."""
    from companion.games import GAMES
    from companion.model.position import start_position

    game = next(
        (g for g in GAMES.values() if layout.name in (g.default_layout, *g.former_layouts)), None
    )
    if game is None:
        raise CompanionError(text("placement.no_start", layout=repr(layout.name)))
    return start_position(game.name, players or layout.colours[: game.max_players], layout)


#: A piece colour in a known-board file: a lowercase word ("black", "grey-white").
COLOUR_NAME = re.compile(r"[a-z]+(?:-[a-z]+)*")
#: Keys a ``read-board --json`` line may carry besides ``fields`` (ignored here).
READ_KEYS = {"image", "found", "busy", "confidence", "markers", "reason", "cause", "glare"}


def load_placement(path: str | Path, layout: Layout) -> dict[str, str]:
    """What a known photo shows (field → piece colour), from a position or a plain board file.

    A plain board is ``{"fields": {"ID": "COLOUR", ...}}``, the shape ``read-board --json``
    prints (its other keys are ignored): every field not named is empty; a colour word in
    either language ("black", "schwarz", "weiß", "weiss") is that colour
    (:func:`texts.colour_id`), and any other lowercase name a new piece colour to learn.
    Anything else must be a game position (its piles, TENET's start, teach nothing:
    :func:`known_placement`).
    """
    try:
        content = read_text(path, "position")
    except (OSError, UnicodeDecodeError) as exc:
        raise CompanionError(
            text("calibrate.placement_unread", path=str(path), why=unreadable(exc))
        ) from None
    return parse_placement(content, str(path), layout)


def parse_placement(content: str, source: str, layout: Layout) -> dict[str, str]:
    """:func:`load_placement` of a file's text, its sentences naming ``source`` (a path,
    or "stdin": `render -`)."""
    from companion.model.position import parse_position

    data = parse_json(content, source)
    if not (isinstance(data, dict) and "fields" in data):
        return known_placement(parse_position(content, source=source, layout=layout))
    extra = sorted(set(data) - READ_KEYS - {"fields"})
    if extra:
        raise CompanionError(text("placement.unknown_key", path=source, name=repr(extra[0])))
    fields = data["fields"]
    if not isinstance(fields, dict):
        raise CompanionError(text("placement.fields", path=source))
    out = {}
    for fid, colour in fields.items():
        if fid not in layout.fields:
            said = {"layout": repr(layout.name), "field": repr(fid)}
            raise CompanionError(text("placement.no_field", path=source, **said))
        # a colour in either language ("schwarz", "weiss": the id), else a new colour's
        # name to learn ("ivory"), as `--players` and the config take them (trial s10)
        named = colour_id(colour) if isinstance(colour, str) else ""
        if not COLOUR_NAME.fullmatch(named):
            said = {"field": fid, "colour": repr(colour)}
            raise CompanionError(text("placement.not_colour", path=source, **said))
        if named != "empty":
            out[fid] = named
    return out


def _leant_over(
    sampler: FieldSampler,
    truth: dict[str, str],
    location: Location,
    image: npt.NDArray[np.uint8],
) -> set[str]:
    """The fields said to be empty in a photo whose disc a tall piece said to stand on
    another field could hide (:meth:`.FieldSampler.leaning`: seen slanted, it leans over
    the next field, where that field's disc looks for its own piece's top). Such a disc
    may show the neighbour's piece, not the field's empty look. Empty for flat pieces."""
    lean = sampler.leaning(location, image.shape[1::-1])
    if lean is None or not truth:
        return set()
    standing = np.array([f in truth for f in sampler.ids])
    under = (lean & standing[None, :]).any(axis=1)
    return {f for i, f in enumerate(sampler.ids) if under[i] and f not in truth}


def _not_leant_over(
    sampler: FieldSampler,
    got: Samples,
    truth: dict[str, str],
    location: Location,
    image: npt.NDArray[np.uint8],
) -> Samples:
    """``got`` with the feet (a tall board's discs at the fields' feet) left unseen where
    a piece the photo is said to show could lean over them: that is the piece, not the
    empty field's foot (:mod:`companion.vision.board.feet`)."""
    lean = sampler.leaning(location, image.shape[1::-1], feet=True)
    if got.feet is None or lean is None or not truth:
        return got
    standing = np.array([f in truth for f in sampler.ids])
    doubt = (lean & standing[None, :]).any(axis=1)
    return replace(got, feet=np.where(doubt[:, None], np.nan, got.feet))
