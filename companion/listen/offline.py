"""The offline recogniser: pocketsphinx with a game's grammar, no network (issue 34).

PyPI's ``pocketsphinx`` (5.x, the ``listen`` extra) ships a US English acoustic model and
no German one; Debian's ``pocketsphinx-en-us`` is the same model. So the recogniser hears
with that model, the game's JSGF grammar (:mod:`companion.listen.grammar`) and German
words written in its phones (:mod:`companion.listen.phones`): it can only ever hear an
announcement of the game, or nothing.

A search that ends before the grammar's end (a half sentence, a cough) gives a partial
path: :meth:`Recogniser.hear` keeps only alternatives the grammar accepts whole, so noise
comes out as nothing rather than as half an announcement.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import math
import sys
import tempfile
import wave
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from companion.errors import CompanionError
from companion.listen import phones
from companion.listen.accept import heard_by
from companion.listen.grammar import grammar
from companion.listen.heard import MOST_ALTERNATIVES
from companion.listen.rivals import Segment, compare, rivals, unexplained
from companion.texts import text

RATE = 16000
#: pocketsphinx's own log: only its fatal errors (tests may set "ERROR" to see why).
LOGLEVEL = "FATAL"
#: The search's settings that differ from pocketsphinx's defaults, chosen on the tuning
#: seeds and voices (docs/listen.md): a word costs more (wip, default 0.65) and silence
#: is likelier between words (silprob, default 0.005), so noise between the words is
#: heard as silence rather than as an extra "Tunnel" (20 dB: 40 % -> 65 % exactly); each
#: frame scored by its 8 best Gaussians (topn, default 4; seeds 7+11 at 20 dB, no rivals:
#: 53.8 -> 57.1 % exactly, 11 -> 7 misheard; 16: 57.5 %, 8 misheard, 32 worse on seed 7).
SEARCH: dict[str, float] = {"wip": 0.05, "silprob": 0.1, "topn": 8}
#: Silence put before and after the audio: the search ends a word only in silence, and a
#: microphone cut at the last word would lose it.
PAD_MS = 300
#: How many of the search's n-best paths are looked through for whole announcements
#: (its list repeats a path with other timings, and may go on long).
NBEST_LOOK = 50
#: The least ratio of the heard words' frames to the audio's loud frames (louder than
#: twice the room's noise and a tenth of the loudest): an announcement's words span its
#: quiet consonants too (1.3 to 1.9 on the tuning voices), a word stretched over an
#: English or German sentence covers less (0.6 to 0.96).
MIN_COVER = 1.0
#: The most spectral flatness (geometric over arithmetic mean of the power, median of
#: the loud frames) of speech; hiss and fans are flatter.
MAX_FLATNESS = 0.05
#: Noise added to every sample (RMS of 16-bit samples), far below any microphone's own.
DITHER_RMS = 4.0
#: Quieter than this (RMS of 16-bit samples) is silence: nothing said.
SILENCE_RMS = 60.0
#: A legal rival of the heard words (one word apart, :mod:`companion.listen.rivals`)
#: that scores at most this much worse per frame than the heard words (the natural log
#: of pocketsphinx's path score, each sentence searched alone; over only the frames where
#: the two differ, :data:`RIVAL_LOCAL`) is handed on as a further alternative, so that
#: the table asks which of the two was meant. Chosen on the tuning seeds 3, 5, 7, 11, 13,
#: 17 and 19 at 20 dB (840 announcements, docs/listen.md), with :data:`RIVAL_UNEXPLAINED`:
#: the least margin that leaves no misheard legal move the rivals can reach (1 left, whose
#: move the legal listing lacks), 35.2 % heard exactly, 242 asked; 1e-4, chosen before on
#: seeds 7 and 11 alone, left 6 (seed 17: TENET's "sechzehn" heard as "siebzehn" 1.2e-3
#: behind, extra "Tunnel"s up to 4.9e-4), 53.1 % heard exactly.
RIVAL_MARGIN = 8e-4
#: Whether a rival's gap is taken over only the frames where it and the heard words say
#: different words (:func:`companion.listen.rivals.local_gap`), not the whole audio:
#: chosen, as above.
RIVAL_LOCAL = True
#: A rival that has a word more or less than the heard words is handed on too where the
#: sound sides with it over at least this many frames (10 ms each,
#: :func:`companion.listen.rivals.unexplained`): loud frames the heard words call
#: silence where the rival says its extra word (a word said, not heard), or quiet
#: frames under the heard words' extra word that the rival calls silence (a word grown
#: out of the noise). The scores alone miss these: on tuning seed 3 the race game's
#: "5 und 1, Brücke" was heard as "5 und 1" with the said rival 1.0e-3 per frame behind
#: (beyond the margin), over 24 such frames; seed 19's "5 und 2, Brücke" 1.6e-3 behind,
#: over 30 (docs/listen.md).
RIVAL_UNEXPLAINED = 10


def pip() -> str:
    """The pip that installs into this Python: the virtual environment's (run.sh makes
    ``.venv``; trial s11 M2: a bare ``pip`` installs elsewhere), relative to the working
    folder where it lies below it, as the ``'.[listen]'`` beside it is."""
    if sys.prefix == sys.base_prefix:
        return "pip"
    own = Path(sys.prefix) / "bin" / "pip"
    with contextlib.suppress(ValueError):
        return str(own.relative_to(Path.cwd()))
    return str(own)


def _decoder_module() -> Any:
    try:
        import pocketsphinx
    except ImportError:
        raise CompanionError(text("listen.no_pocketsphinx", pip=pip())) from None
    return pocketsphinx


def _decoder(words: str, **settings: Any) -> Any:
    """A pocketsphinx decoder with the en-us model, the dictionary ``words`` (a line per
    word: the word and its phones) and :data:`SEARCH`, plus ``settings``."""
    ps = _decoder_module()
    with tempfile.NamedTemporaryFile("w", suffix=".dict", delete=False) as f:
        f.write(words)
    try:
        return ps.Decoder(
            hmm=f"{ps.get_model_path()}/en-us/en-us",
            dict=f.name,
            lm=None,
            loglevel=LOGLEVEL,
            **SEARCH,
            **settings,
        )
    finally:
        Path(f.name).unlink()


class Rival(NamedTuple):
    """A legal rival of the heard words scored against the same audio: how much worse
    it scores than the heard words per frame (negative: better), over the whole audio
    and over only the frames where the two differ (:func:`companion.listen.rivals.local_gap`)."""

    words: str
    whole: float
    local: float
    #: how many frames the two differ over (:func:`companion.listen.rivals.differing_span`)
    frames: int = 0
    #: how many frames the sound sides with the rival about a word one of the two
    #: lacks (:func:`companion.listen.rivals.unexplained`)
    unexplained: int = 0

    @property
    def gap(self) -> float:
        """The gap it is handed on by (:data:`RIVAL_MARGIN`): over the frames where it
        differs if :data:`RIVAL_LOCAL`, else over the whole audio."""
        return self.local if RIVAL_LOCAL else self.whole

    def close(self, margin: float = RIVAL_MARGIN) -> bool:
        """Whether it is handed on as a further alternative (the table then asks): it
        scores within ``margin`` per frame of the heard words, or the sound sides with
        it about a word one of them lacks (:data:`RIVAL_UNEXPLAINED`, whatever the
        margin: ``margin`` 0 still asks there)."""
        return self.gap <= margin or self.unexplained >= RIVAL_UNEXPLAINED


class Recogniser:
    """One game's recogniser: :meth:`hear` gives what 16 kHz mono audio says, as the
    grammar's words, best first (at most ``alternatives``), or nothing."""

    def __init__(self, game: str, alternatives: int = 5) -> None:
        self.game = game
        self.alternatives = alternatives
        spoken = grammar(game)
        known = phones.load()
        self._words = "".join(f"{w} {known[w]}\n" for w in spoken.tokens())
        self._grammar = spoken
        self._decoder = _decoder(self._words)
        if spoken.graph:
            graph = [t if t[3] is not None else t[:3] for t in spoken.graph]
            self._decoder.add_fsg("ansage", self._decoder.create_fsg(game, 0, 1, graph))
        else:
            self._decoder.add_jsgf_string("ansage", spoken.jsgf.encode())
        self._decoder.activate_search("ansage")
        self._aligner: Any = None

    def hear(
        self,
        samples: NDArray[np.int16],
        legal: Sequence[str] = (),
        margin: float = RIVAL_MARGIN,
    ) -> list[str]:
        """What the audio says as the grammar's words, best first, at most
        ``alternatives`` and no repeats; empty for silence and for audio no whole
        announcement fits. Given the legal announcements now (``legal``, as
        :func:`companion.listen.rivals.legal_words` writes them), the first alternative
        that is one of them is scored against its rivals (:meth:`rivals`), and each
        rival within ``margin`` per frame, or that the sound sides with about a word the
        heard words lack or have more (:meth:`Rival.close`), follows the heard
        alternatives."""
        heard = self._search(samples)
        first = next((w for w in heard if w in legal), None)
        if first is None:
            return heard
        scored = sorted(self.rivals(samples, first, legal), key=lambda r: r.gap)
        close = [r.words for r in scored if r.close(margin) and r.words not in heard]
        return (heard + close)[:MOST_ALTERNATIVES]

    def rivals(self, samples: NDArray[np.int16], heard: str, legal: Sequence[str]) -> list[Rival]:
        """The rivals of ``heard`` among ``legal`` (one word apart) that fit the audio
        whole, each with how much worse it scores than ``heard`` (:class:`Rival`), both
        aligned alone against the same audio; none where ``heard`` itself does not fit."""
        # only sentences the grammar holds: its words are the ones the dictionary knows
        others = [w for w in rivals(heard, legal) if heard_by(self._grammar, w)]
        if not others:
            return []
        raw = _raw(samples)
        own = self._align(raw, heard)
        if own is None:
            return []
        scored = ((w, self._align(raw, w)) for w in others)
        loud = np.concatenate([np.zeros(PAD_MS // 10, dtype=bool), _loud(samples)])
        return [
            Rival(
                w, own[0] - s[0], *compare(own[1], s[1]), unexplained(own[1], s[1], loud.tolist())
            )
            for w, s in scored
            if s is not None
        ]

    def _align(self, raw: bytes, sentence: str) -> tuple[float, list[Segment]] | None:
        """The score per frame of ``sentence`` said in ``raw``, searched with a grammar
        of that sentence alone, and its words' frames and scores (None where the search
        cannot fit it whole). The same for the same audio, whatever was heard before."""
        if self._aligner is None:
            # bestpath off: its lattice rescoring dropped the last word of a sentence the
            # search had fitted whole (measured; docs/listen.md)
            self._aligner = _decoder(self._words, bestpath=False)
            self._cmn = self._aligner.get_cmn()
        a = self._aligner
        a.add_jsgf_string("one", f"#JSGF V1.0;\ngrammar one;\npublic <s> = {sentence} ;\n".encode())
        a.activate_search("one")
        a.set_cmn(self._cmn)  # every alignment from the same cepstral mean: comparable
        a.reinit_feat()  # and the same noise statistics: see the search's own
        a.start_utt()
        a.process_raw(raw, full_utt=True)
        a.end_utt()
        hyp = a.hyp()
        frames = a.n_frames()
        segments = [
            (s.word if s.word[0] not in "<[+" else "<sil>", s.start_frame, s.end_frame, _ln(s))
            for s in a.seg() or ()
            if s.word != "(NULL)"
        ]
        a.remove_search("one")
        if hyp is None or hyp.hypstr != sentence or hyp.score <= 0 or frames == 0:
            return None
        return math.log(float(hyp.score)) / int(frames), segments

    def _search(self, samples: NDArray[np.int16]) -> list[str]:
        """The grammar's whole announcements the search found in the audio, best first."""
        if silent(samples):
            return []
        raw = _raw(samples)
        # pocketsphinx's noise removal (the model's feat.params turns it on) keeps its
        # statistics from the audio before: reset, the same audio is heard alike by a
        # fresh recogniser (companion listen) and a warm one (the bench, a held button)
        self._decoder.reinit_feat()
        self._decoder.start_utt()
        self._decoder.process_raw(raw, full_utt=True)
        self._decoder.end_utt()
        if self._decoder.hyp() is None or not self._speech_fits(samples):
            return []
        heard: list[str] = []
        for best in itertools.islice(self._decoder.nbest(), NBEST_LOOK):
            if len(heard) >= self.alternatives or best is None:
                break
            words = best.hypstr
            if words and words not in heard and heard_by(self._grammar, words):
                heard.append(words)
        return heard

    def _speech_fits(self, samples: NDArray[np.int16]) -> bool:
        """Whether the best path's words cover the audio's sound (a word stretched over a
        sentence of another language or a hum covers a fifth of it) and the sound is no
        steady noise (flat spectrum: hiss, a fan, white or pink noise)."""
        words = sum(
            s.end_frame - s.start_frame + 1
            for s in self._decoder.seg()
            if not s.word.startswith(("<", "[", "+"))
        )
        frames = _frames(samples)
        loud = _loud(samples)
        if not loud.any() or words < MIN_COVER * int(loud.sum()):
            return False  # nothing louder than the room, or words over a part of it
        power = np.abs(np.fft.rfft(frames[loud] * np.hanning(160), axis=1)) ** 2 + 1e-9
        flatness = np.exp(np.log(power).mean(axis=1)) / power.mean(axis=1)
        return float(np.median(flatness)) < MAX_FLATNESS


def _frames(samples: NDArray[np.int16]) -> NDArray[np.float64]:
    """The audio cut into the search's frames (10 ms, 160 samples), one a row."""
    return samples.astype(np.float64)[: samples.size // 160 * 160].reshape(-1, 160)


def _loud(samples: NDArray[np.int16]) -> NDArray[np.bool_]:
    """Per frame of the audio: louder than twice the room's noise (its quietest tenth,
    between the words), a tenth of the loudest frame and :data:`SILENCE_RMS`."""
    rms = np.sqrt((_frames(samples) ** 2).mean(axis=1))
    if rms.size == 0:
        return np.zeros(0, dtype=bool)
    floor = float(np.percentile(rms, 10))  # the room's own noise, between the words
    return np.asarray(rms > max(SILENCE_RMS, 2 * floor, 0.1 * float(rms.max())))


def silent(samples: NDArray[np.int16]) -> bool:
    """Whether the audio holds nothing said: none, or quieter than SILENCE_RMS."""
    return samples.size == 0 or float(np.sqrt(np.mean(samples.astype(float) ** 2))) < SILENCE_RMS


def _ln(segment: Any) -> float:
    """A word's score as a natural log (the bindings give pocketsphinx's log scores as
    probabilities, its language score included)."""
    return math.log(max(float(segment.ascore), 1e-300)) + math.log(
        max(float(segment.lscore), 1e-300)
    )


def _raw(samples: NDArray[np.int16]) -> bytes:
    """The audio as the search reads it: silence round it (the search ends a word only
    in silence) and faint noise over all of it (digital zeros, as in a synthetic voice's
    pauses, give the features no energy to read, and pocketsphinx then loses the words
    after them); the same for the same samples."""
    pad = np.zeros(RATE * PAD_MS // 1000)
    audio = np.concatenate([pad, samples.astype(np.float64), pad])
    audio += np.random.default_rng(0).normal(0.0, DITHER_RMS, audio.size)
    raw: bytes = np.clip(audio, -32768, 32767).astype(np.int16).tobytes()
    return raw


def resample(x: NDArray[np.float64], rate: int) -> NDArray[np.float64]:
    """Audio at ``rate`` Hz brought to 16 kHz (band-limited: by the spectrum, cut or
    padded), as microphones and espeak-ng give 44.1, 48 or 22.05 kHz."""
    if rate == RATE or x.size == 0:
        return x
    n = max(1, round(x.size * RATE / rate))
    spectrum = np.fft.rfft(x)
    keep = np.zeros(n // 2 + 1, dtype=complex)
    m = min(keep.size, spectrum.size)
    keep[:m] = spectrum[:m]
    return np.asarray(np.fft.irfft(keep, n) * (n / x.size), dtype=np.float64)


def read_wav(data: bytes, name: str) -> NDArray[np.int16]:
    """A WAV file's audio as 16 kHz mono 16-bit samples (CompanionError naming ``name``
    where it is no 16-bit PCM WAV)."""
    try:
        with wave.open(io.BytesIO(data)) as w:
            width, channels, rate = w.getsampwidth(), w.getnchannels(), w.getframerate()
            frames = w.readframes(w.getnframes())
    except (wave.Error, EOFError, ValueError):  # the wave module's English is left out
        raise CompanionError(text("listen.not_wav", name=name)) from None
    if width != 2:
        raise CompanionError(text("listen.not_16_bit", name=name, bits=8 * width))
    if not frames:
        raise CompanionError(text("listen.empty_wav", name=name))
    x = np.frombuffer(frames[: len(frames) // (2 * channels) * 2 * channels], dtype="<i2")
    mono = x.reshape(-1, channels).astype(np.float64).mean(axis=1)
    return np.clip(resample(mono, rate), -32768, 32767).astype(np.int16)
