"""Decide every field from its samples: empty, a piece colour, or something else.

Colours are compared under the light each field's neighbours show (:mod:`.light`), as the
sampler fetched them (:mod:`.sampler`). Each field is scored against every class (its own
empty look, each piece colour of :mod:`companion.vision.board.profiles`), each under the
light that fits that class best within what the neighbours allow (:func:`_score`), with a
heavy-tailed likelihood and "something else" as one more class: the best class is the
verdict, its posterior the confidence, and "something else" (a hand, a cup, a die, a colour
never calibrated) is an anomaly, which makes the frame busy. The plain board between the
fields is checked as well (:func:`_intruders`): a hand shows there too.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np
import numpy.typing as npt

from companion.vision.board.confidence import SURE, UNSURE
from companion.vision.board.imprint import alike_d2
from companion.vision.board.light import (
    GLARE_SLACK,
    LIGHT_RADIUS_MM,
    LIGHT_SLACK,
    MAX_SLACK,
    MIN_PROBES,
    SLACK_RADIUS_MM,
    class_light,
    global_light,
    light_bias,
    light_kernel,
    light_slack,
    local_affine,
    local_light,
    quadratic,
)
from companion.vision.board.profiles import Profiles, to_lab
from companion.vision.board.sampler import SATURATED, Samples

FloatArray = npt.NDArray[np.float64]

#: Squared Mahalanobis distance to the nearest profile above which a field shows
#: something that is neither the empty field nor any known piece.
ANOMALY_D2 = 40.0
#: How many background probes must show a hand before the frame is busy (noise is single).
MIN_INTRUDED = 5
#: Rounds of refitting a class's light with its clipped channels censored.
CENSOR_ROUNDS = 3
#: How far glare may stray from the neighbours' estimate when a clipped field is scored
#: again as under a glare spot (levels): free, as glare only adds light.
GLARE_FREE = 150.0
#: A clipped field read with less confidence than this is scored again as under glare
#: (the reader's UNSURE: below it the frame would wait).
GLARE_DOUBT = UNSURE
#: The most confidence a field read under a glare spot gets: drawn unsure, still used.
GLARE_CONFIDENCE = 0.85
#: A background probe's light may stray this far from the smooth fit over the board: the
#: gain by this share, the glare by this many levels; its colour noise; and the cost above
#: which it shows something other than the board.
PROBE_SLACK = 0.25
PROBE_GLARE = 40.0
PROBE_NOISE = 8.0
PROBE_D2 = 6.0
#: Grey levels of a disc's texture that are noise whatever its brightness (a dark disc's
#: texture, relative to its brightness, is mostly this).
TEXTURE_NOISE = 4.0
#: How far (squared spreads of the neighbours' gain and glare together) a reading's own
#: light may stray from the neighbours' before the reading rests on a light nobody
#: measured: the 99 % bound of a two-dimensional Gaussian (chi-square, 2 degrees of freedom).
STRAYED_D2 = 9.21
#: Degrees of freedom of the heavy-tailed class likelihood (Student-t like).
TAIL = 20.0


@dataclass(frozen=True)
class FieldVerdicts:
    """For every field in layout order: the class index (-1 empty), confidence, anomaly."""

    labels: npt.NDArray[np.int64]
    confidence: FloatArray
    anomaly: npt.NDArray[np.bool_]
    light: FloatArray  # the estimated light level (1 = the profiles' light)
    intruded: int = 0  # background probes that show something over the board
    glare: npt.NDArray[np.bool_] | None = None  # fields under a glare spot (:func:`_under_glare`)
    #: how far the reading's own light strays from the neighbours' (squared spreads)
    strayed: FloatArray = field(default_factory=lambda: np.zeros(0))
    #: whether the reading's own light makes its class brighter than the neighbours' does
    lifted: npt.NDArray[np.bool_] = field(default_factory=lambda: np.zeros(0, np.bool_))


def classify(
    samples: Samples,
    centres: FloatArray,
    probes_mm: FloatArray,
    profiles: Profiles,
    kernel: FloatArray | None = None,
    share: FloatArray | None = None,
    alike: npt.NDArray[np.bool_] | None = None,
    focus: float = 1.0,
) -> FieldVerdicts:
    """Decide every field from its samples and its board position (N, 2).

    Also counts the background probes (at ``probes_mm``) that show skin rather than board.
    ``kernel`` is :func:`.light.light_kernel` of the same points (computed here if not given).
    ``share`` is how much of its empty print each disc shows (:func:`.imprint.match`): it
    decides between a field's empty look and the piece colours too alike to it
    (``alike``, (N, K): :attr:`.Profiles.alike` unless given). ``focus``: how sharp the
    frame shows the prints (:func:`.focus.frame_focus`), 1 as on the calibration photos.
    """
    colours, texture = samples.colours, samples.texture
    saturated = colours.max(axis=1) >= SATURATED
    bright = colours.mean(axis=1) + 1.0
    empty_bright = profiles.empty_bgr.mean(axis=1) + 1.0
    piece_bright = profiles.piece_bgr.mean(axis=1) + 1.0
    log_ratio = np.log(bright / empty_bright)
    scale = float(np.abs(centres).max() or 1.0)
    coef = global_light(log_ratio, centres)
    light = np.exp(quadratic(centres, scale) @ coef)
    intruded = _intruders(samples.probes, probes_mm, profiles.background_bgr, scale)
    none = np.zeros(len(light))
    alike = profiles.alike if alike is None else alike
    extra = None if share is None else alike_d2(share, alike)
    # the print an empty field shows in this frame: its calibrated print, as sharp as
    # the frame's fields that surely show theirs (focus blur and shake fade every print)
    printed_here = profiles.empty_texture * focus

    def score(gain: FloatArray, glare: FloatArray, slack: FloatArray) -> FieldVerdicts:
        return _score(
            colours, texture, gain, glare, slack, profiles, extra=extra, printed=printed_here
        )

    verdict = score(light, none, none + LIGHT_SLACK)
    for _ in range(2):
        ref = np.where(verdict.labels < 0, empty_bright, piece_bright[verdict.labels])
        # an empty field that shows its print is the surest light reference: nothing else
        # looks like that; a plain disc may be a piece or a blurred empty field
        printed = np.clip(texture / np.maximum(profiles.empty_texture, 1e-3), 0.2, 1.0)
        sure = np.where(verdict.labels < 0, printed, 0.5)
        trusted = verdict.confidence * ~verdict.anomaly
        # a clipped colour only says "at least this bright": no light reference
        weight = trusted * sure * ~saturated
        ok = ~np.isnan(samples.probes[:, 0])
        if ok.sum() >= MIN_PROBES:
            if kernel is None:
                kernel = light_kernel(centres, probes_mm)
            gain, glare = local_affine(bright, ref, weight, samples.probes, ok, kernel, profiles)
            near = kernel[:, : len(bright)] ** ((LIGHT_RADIUS_MM / SLACK_RADIUS_MM) ** 2)
        else:  # a layout without plain background: light as a gain only
            light = np.exp(local_light(np.log(bright / ref), centres, weight))
            gain, glare = light, none
            near = np.exp(
                -((centres[:, None] - centres[None]) ** 2).sum(2) / (2 * SLACK_RADIUS_MM**2)
            )
            np.fill_diagonal(near, 0.0)
        predicted = gain * ref + glare
        slack = light_slack(bright, predicted, trusted, saturated, near)
        verdict = score(gain, glare, slack)
    # the verdict under the light the neighbours' errors point to (the last pass's light)
    bias = light_bias(bright, predicted, trusted, saturated, near)
    if bias.any():
        brighter = score(gain, glare + bias, slack)
        verdict = _unless_the_light_decides(verdict, brighter, saturated)
    # the verdict under a glare spot of the field's own, where its reading needs a light
    # the neighbours do not show either
    own = (verdict.strayed > STRAYED_D2) & ~verdict.anomaly & ~saturated
    if own.any():
        spot = _score(
            colours,
            texture,
            light,
            none,
            none + MAX_SLACK,
            profiles,
            GLARE_FREE,
            extra=extra,
            printed=printed_here,
        )
        verdict = _unless_the_light_decides(verdict, spot, ~own)
        verdict = _as_the_spot_explains(verdict, spot, own)
    verdict = _under_glare(verdict, colours, texture, light, profiles, printed_here)
    return replace(verdict, intruded=intruded)


def _under_glare(
    verdict: FieldVerdicts,
    colours: FloatArray,
    texture: FloatArray,
    light: FloatArray,
    profiles: Profiles,
    printed: FloatArray | None = None,
) -> FieldVerdicts:
    """Fields the sensor clipped that are unlike every class, or unsure: a glare spot.

    Where a glare spot covers several fields, the neighbours' light is a gain that
    explains their brightness (all of them are bright), not the glare it is, and every
    class looks wrong under it (a yellow piece plus glare clipped to (66, 251, 255) read
    as "something unknown" on the synthetic camera, and a Tunnel X game waited on it).
    Glare only adds light: such a field is scored again under the smooth light over the
    whole board (``light``, fitted robustly: a small spot is an outlier to it) with the
    glare left free. What that explains is read, never surely (a glare spot hides what
    the light does not show); what it does not stays unknown. Either way the field is
    marked as under glare, not as a hand: a hand is no clipped colour, and the plain
    board around it shows it (:func:`_intruders`, :mod:`.surround`).
    """
    clipped = colours.max(axis=1) >= SATURATED
    rows = clipped & (verdict.anomaly | (verdict.confidence < GLARE_DOUBT))
    if not rows.any():
        # a disc burnt white in every channel has no colour left: a white piece, or a
        # light field whose print the glare burnt flat (the relit Go frames: r0c4, empty,
        # read white at >= 0.9); only its texture speaks, and never surely
        burnt = colours.min(axis=1) >= SATURATED
        held = np.where(burnt, np.minimum(verdict.confidence, GLARE_CONFIDENCE), verdict.confidence)
        return replace(verdict, confidence=held)
    none = np.zeros(len(colours))
    again = _score(
        colours, texture, light, none, none + MAX_SLACK, profiles, GLARE_FREE, printed=printed
    )
    read = rows & ~again.anomaly
    # where a glare spot lies, no clipped field is sure: glare burns the difference
    # between a light field and a bright piece (a yellow piece beside the spot read
    # empty with 0.91)
    confidence = np.where(read, again.confidence, verdict.confidence)
    return replace(
        verdict,
        labels=np.where(read, again.labels, verdict.labels),
        confidence=np.where(clipped, np.minimum(confidence, GLARE_CONFIDENCE), confidence),
        anomaly=verdict.anomaly & ~read,
        glare=rows,
    )


def _intruders(probes: FloatArray, probes_mm: FloatArray, board: FloatArray, scale: float) -> int:
    """How many background probes show something that is not the board under some light.

    The plain board between the fields has one colour. Under any lamp, shadow or glare a
    probe shows gain × board + glare, with a gain that varies smoothly over the board
    (fitted robustly: a hand is an outlier) and a small glare; the white balance is taken
    out first (the median of every probe, per channel). A hand, a sleeve or a cup gives a
    colour no such light makes from the board's: a probe whose best light needs a gain
    far from its neighbours', a big glare, or leaves a colour residue is an intruder.
    That holds on warm boards too (wood, leather, orange): it asks "is this the board?",
    not "is this warm?".
    """
    ok = ~np.isnan(probes[:, 0])
    if ok.sum() < MIN_PROBES:
        return 0
    seen, where = probes[ok], probes_mm[ok]
    ratio = np.log((seen.mean(axis=1) + 1.0) / (board.mean() + 1.0))
    gain = np.exp(quadratic(where, scale) @ global_light(ratio, where))
    balance = np.median((seen + 1.0) / (gain[:, None] * board[None, :] + 1.0), axis=0)
    ref = np.broadcast_to(board * balance / balance.mean(), (len(seen), 1, 3))
    glare0 = np.zeros(len(seen))
    # a channel the sensor clipped only says "at least this bright" (a glare spot on an
    # orange board clips its red): it contradicts no light that makes it brighter still
    seen = _censored(seen, ref, gain, glare0, np.full(len(seen), PROBE_SLACK), PROBE_GLARE)[:, 0]
    g, b = class_light(seen, ref, gain, glare0, PROBE_SLACK, PROBE_GLARE)
    fit = g[:, :1] * ref[:, 0] + b[:, :1]
    cost = ((seen - fit) ** 2).sum(axis=1) / PROBE_NOISE**2
    cost += ((g[:, 0] / gain - 1) / PROBE_SLACK) ** 2 + (b[:, 0] / PROBE_GLARE) ** 2
    return int(np.count_nonzero(cost > PROBE_D2))


def _unless_the_light_decides(
    verdict: FieldVerdicts, brighter: FieldVerdicts, kept: npt.NDArray[np.bool_]
) -> FieldVerdicts:
    """``verdict`` no surer than the light allows: where the field reads otherwise under
    another light the frame cannot rule out (``brighter``: the glare its neighbours point
    to, :func:`.light.light_bias`; or a glare spot of its own), the reading rests on a
    light nobody measured there, so it is not sure (at most 1 − the other reading's
    confidence). The fields in ``kept`` are left as they are: the neighbours' glare is not
    asked of a field the sensor clipped, which is left to :func:`_under_glare` ("at least
    this bright" fits any class under more glare: a grey-white piece burnt to (253, 255,
    255) on the Gravitation board's grey look, seed 1, read 0.85 and made its frame wait).

    A glare spot of its own, smaller than the neighbourhood, shows in no neighbour: on the
    Gravitation board's leather look (seed 7) an orange piece under one, (76, 164, 247),
    read empty with 0.94. Its neighbours fixed the light (gain 1.29, slack 0.05) and
    neither class fitted under it: empty needed gain 1.50 (10 squared spreads), orange
    gain 0.95 and glare 33 (33). So where a reading's own light strays further than
    ``STRAYED_D2`` from the neighbours', it is asked again under the board's smooth light
    with the glare free (as :func:`_under_glare` asks a clipped field): there it reads
    orange, and the empty reading falls to 0.02.

    On the tall board's wood look (seed 1) a black piece under a small glare spot read
    white with 0.95: its four unclipped neighbours within 50 mm were seen 19-40 levels
    above the light predicted for them, the piece needed 39 levels of glare (which the
    prior holds near 0), and a white piece in a shadow (gain 0.43, darker against every
    neighbour) cost less. Under the neighbours' glare it reads black (0.87). Taking that
    reading instead was tried and dropped: a hand of the board's colour lifts its
    neighbours too, and under that light it passed for the board (a hand on the
    Gravitation board's wood look, seed 1, no longer busy); this way a doubt is only
    added, never taken away. That holds for this function alone: for a glare spot of the
    field's own, :func:`classify` next calls :func:`_as_the_spot_explains`, which does take
    a reading from the spot: an unsure field the spot reads surely as a piece is read as
    that piece, at GLARE_CONFIDENCE (never surely; which readings it may settle so is said
    there, and an empty one never is). Measured when it was merged, on the Gravitation
    board (docs/vision.md, brief nc22): seed 7 leather 38 → 40 boards right, seed 10
    leather 38 → 39, seed 2 identical (187/200); hands caught identical, no wrong field at
    ≥ 0.9. The 19 × 19 and tall boards were not run.
    """
    differ = (brighter.labels != verdict.labels) & ~kept
    if not differ.any():
        return verdict
    doubt = np.minimum(verdict.confidence, 1.0 - brighter.confidence)
    return replace(verdict, confidence=np.where(differ, doubt, verdict.confidence))


def _as_the_spot_explains(
    verdict: FieldVerdicts, spot: FieldVerdicts, own: npt.NDArray[np.bool_]
) -> FieldVerdicts:
    """A field whose reading's own light strays from the neighbours' (``own``), left
    unsure (below GLARE_DOUBT), that a glare spot of its own explains surely as a piece
    (``spot``: the board's smooth light, the glare free; SURE or more) is read as that
    piece, never surely (GLARE_CONFIDENCE): what :func:`_under_glare` does for a clipped
    field, for one the spot did not clip.

    The neighbours' light holds its glare near 0 (:func:`.light.local_affine`), so where
    a glare spot lies over a row of pieces it is read as a gain. On the synthetic camera's
    seed 1 (``companion sample game --players red,blue``) a spot of about +40 levels lay
    over blue's station: the neighbours gave gain 1.2-1.4, under which neither blue nor the
    empty field fits, and blue.S3-S5, seen plain blue (Lab b -44 against the field's -24),
    read blue with 0.45-0.79 (with blue,white: blue.S5 empty, 0.47, and 0 once the spot
    was asked); every start frame waited and the game never replayed. Under the spot they
    read blue with 1.00. Only a piece is taken so: an empty reading under a spot may be a
    hand the colour of the board.

    A glare spot only adds light, so it changes only a reading that needed more light
    than the neighbours give (``verdict.lifted``); one that needed less, it may confirm. On
    the 19 × 19 board's orange look (bench seed 11, photo 18) a white stone seen darker
    than its neighbours' light, (170, 179, 169) at 0.81 of it, fitted a black stone under
    146 levels of glare, and was read black at 0.85 and used; now it is unsure (it waits).
    """
    # glare only adds light: a spot settles a reading that needed more light than the
    # neighbours give, and only confirms one that needed less (a shadow of its own)
    take = (
        own
        & (verdict.lifted | (spot.labels == verdict.labels))
        & (verdict.confidence < GLARE_DOUBT)
        & (spot.labels >= 0)
        & ~spot.anomaly
        & (spot.confidence >= SURE)
    )
    if not take.any():
        return verdict
    return replace(
        verdict,
        labels=np.where(take, spot.labels, verdict.labels),
        confidence=np.where(take, GLARE_CONFIDENCE, verdict.confidence),
        anomaly=verdict.anomaly & ~take,
    )


def _score(
    colours: FloatArray,
    texture: FloatArray,
    gain: FloatArray,
    glare: FloatArray,
    slack: FloatArray,
    profiles: Profiles,
    glare_slack: float = GLARE_SLACK,
    *,
    extra: FloatArray | None = None,
    printed: FloatArray | None = None,
) -> FieldVerdicts:
    """Score every field against every class, each under the light that fits it best.

    The neighbours give the light at a field only roughly (``gain`` and additive ``glare``):
    a glare spot is smaller than the neighbourhood, a shadow edge sharper. So every class
    (the field's own empty look, each piece colour) gets its own light: the gain and glare
    that bring its reference colour closest to what is seen, pulled towards the
    neighbours' estimate. What light cannot explain is colour: a yellow piece under glare
    stays yellow (a grey field plus glare is never yellow), while a light piece on a light
    field differs from it mainly in brightness, which the light can partly explain, so the
    verdict falls to the texture and a lower confidence. The class's Lab distance plus how
    far its light strays from the neighbours' is scored with a heavy-tailed likelihood, so
    a colour between two classes and far from both is unsure, not sure of the nearer one.
    """
    n, k = len(colours), len(profiles.colours)
    refs = np.concatenate(
        [profiles.empty_bgr[:, None, :], np.broadcast_to(profiles.piece_bgr, (n, k, 3))], axis=1
    )  # (N, 1 + K, 3): what each class looks like under the calibration light
    seen = _censored(colours, refs, gain, glare, slack, glare_slack)
    g, glr = class_light(seen, refs, gain, glare, slack, glare_slack)
    corrected = (seen - glr[..., None]) / g[..., None]
    # texture is contrast over brightness: under glare the print is as dark against the
    # field as before but the field is brighter, so each class sees it without its glare
    bright = colours.mean(axis=1, keepdims=True) + 1.0
    tex_seen = texture[:, None] * bright / np.maximum(bright - np.maximum(glr, 0.0), 0.25 * bright)
    # the print of an empty field shows as much contrast as its class's light leaves it:
    # glare lowers it, and where the light burns the print out to the sensor's limit too,
    # a plain disc is no sign of a piece
    # (``printed``: the print an empty field shows in this frame, :func:`.focus.frame_focus`)
    printed = profiles.empty_texture if printed is None else printed
    faded = _print_contrast(refs[:, 0], g[:, 0], glr[:, 0], printed)
    missing = np.maximum(printed * faded - texture, 0) / faded
    # texture is relative to the disc's brightness: on a dark disc a few grey levels of
    # noise, a glossy highlight or JPEG are a big share (a black piece at the board's edge
    # showed 0.3-0.5 where its calibration photo showed 0.06), so its spread grows there
    tex_std = np.hypot(profiles.texture_std, TEXTURE_NOISE / bright)
    tex = np.column_stack(
        [
            (missing / profiles.texture_std) ** 2,
            (np.maximum(tex_seen[:, 1:] - profiles.piece_texture[None, :], 0)) ** 2 / tex_std**2,
        ]
    )
    # a print whose darkest part is clipped as well may be burnt out by more light than
    # the class's fit: its absence then costs at most that much more light (cheap for a
    # faint grid line, dear for a printed number)
    grey = colours.mean(axis=1)
    burnt = grey - texture * (grey + 1.0) >= SATURATED
    more = g[:, 0] / np.maximum(1.0 - printed, 0.05) / gain - 1.0
    burn = (more / slack) ** 2 - ((g[:, 0] / gain - 1.0) / slack) ** 2
    tex[:, 0] = np.where(burnt, np.minimum(tex[:, 0], np.maximum(burn, 0.0)), tex[:, 0])
    lab = to_lab(corrected)
    stds = np.concatenate(
        [
            np.broadcast_to(profiles.empty_std, (n, 1, 3)),
            np.broadcast_to(profiles.piece_std, (n, k, 3)),
        ],
        axis=1,
    )
    refs_lab = np.concatenate(
        [profiles.empty_lab[:, None, :], np.broadcast_to(profiles.piece_lab, (n, k, 3))], axis=1
    )
    d2 = (((lab - refs_lab) / stds) ** 2).sum(axis=2) + tex
    if extra is not None:  # the print a piece hides, where colour cannot tell (.imprint)
        d2 = d2 + extra
    # how far the class's light strays from the neighbours' (a Gaussian prior as well)
    stray = ((g / gain[:, None] - 1) / slack[:, None]) ** 2
    stray += ((glr - glare[:, None]) / (glare_slack + 0.3 * np.abs(glare[:, None]))) ** 2
    d2 += stray
    norm = np.log(stds).sum(axis=2)
    # "something else" (a hand, a cup, a colour never calibrated) as one more class, as
    # likely as a class at ANOMALY_D2: a field far from every class is not sure of any
    d2 = np.column_stack([d2, np.full(n, ANOMALY_D2)])
    norm = np.column_stack([norm, norm.mean(axis=1)])
    loglik = -0.5 * (TAIL + 3) * np.log1p(d2 / TAIL) - norm
    loglik -= loglik.max(axis=1, keepdims=True)
    post = np.exp(loglik)
    post /= post.sum(axis=1, keepdims=True)
    best = post[:, :-1].argmax(axis=1)
    # how much brighter each class's own light makes it than the neighbours' light does
    lit = (g - gain[:, None]) * refs.mean(axis=2) + (glr - glare[:, None])
    anomaly = post.argmax(axis=1) == k + 1
    return FieldVerdicts(
        labels=best.astype(np.int64) - 1,
        # far from every profile: the best of bad guesses is no reading
        confidence=np.where(anomaly, 0.0, post[np.arange(n), best]),
        anomaly=anomaly,
        light=gain,
        strayed=stray[np.arange(n), best],
        lifted=lit[np.arange(n), best] > 0,
    )


def _censored(
    colours: FloatArray,
    refs: FloatArray,
    gain: FloatArray,
    glare: FloatArray,
    slack: FloatArray,
    glare_slack: float = GLARE_SLACK,
) -> FloatArray:
    """What each class (N, C, 3) sees at every field, a clipped channel read as censored.

    A channel at the sensor's limit only says "at least this bright": a class whose light
    makes it brighter still is not contradicted there. Each class's light is fitted, the
    clipped channels it predicts brighter are taken at its prediction, and the light is
    fitted again (a few rounds converge). A white piece under a glare spot and the light
    field it stands on are then compared on what the sensor did see: the hue of the
    unclipped channels, the light their neighbours allow, the print.

    The rounds start from the neighbours' light. Started from the colour as seen, the
    fit crept towards it by the prior's share of the weight a round (a few percent against
    three channels), so a light piece that its neighbours' light burns to white kept a
    light of its own that strayed from theirs: on the 19 × 19 board's grey look (bench
    seed 11) grey-white stones at (252, 255, 255) strayed 14 squared spreads, were asked
    again as under a glare spot of their own, and read empty or unsure at 0.50-0.56;
    seven of forty frames waited (tests/test_censored.py).
    """
    seen = np.broadcast_to(colours[:, None, :], refs.shape)
    clipped = colours >= SATURATED
    rows = np.flatnonzero(clipped.any(axis=1))
    if not len(rows):
        return seen
    seen = seen.copy()
    sub, refs_r, clip_r = colours[rows, None, :], refs[rows], clipped[rows, None, :]
    slack_r = np.broadcast_to(np.asarray(slack, np.float64), gain.shape)[rows]
    # from the neighbours' light: a channel it already predicts clipped is taken at that
    # prediction from the first round (started from the colour as seen, each round crept
    # a few percent towards it, and three left a burnt piece a light of its own)
    prior = gain[rows, None, None] * refs_r + glare[rows, None, None]
    got = np.where(clip_r, np.maximum(sub, prior), sub)
    for _ in range(CENSOR_ROUNDS):
        g, b = class_light(got, refs_r, gain[rows], glare[rows], slack_r, glare_slack)
        got = np.where(clip_r, np.maximum(sub, g[..., None] * refs_r + b[..., None]), sub)
    seen[rows] = got
    return seen


def _print_contrast(
    empty: FloatArray, gain: FloatArray, glare: FloatArray, texture: FloatArray
) -> FloatArray:
    """The share (0.25..1) of its calibrated texture an empty field's print keeps under a
    light (gain, glare): glare lifts field and print alike, and clipping flattens both."""
    mid = np.minimum(gain[:, None] * empty + glare[:, None], 255.0).mean(axis=1)
    print_ = (1.0 - texture)[:, None] * empty
    dark = np.minimum(gain[:, None] * print_ + glare[:, None], 255.0).mean(axis=1)
    calibrated = np.maximum(texture, 1e-3) * (mid + 1.0)
    return np.asarray(np.clip((mid - dark) / calibrated, 0.25, 1.0), np.float64)
