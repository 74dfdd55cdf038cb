"""Benchmark of the offline recogniser (issue 34): how well ``companion listen`` hears.

Run: ``python bench/listen.py [--per-game 30] [--seed 2]``

For every game (Gravitation, Tunnel X, the race game, TENET) a random self-played game
gives the moves actually played (position, roll, move); each move's canonical
announcement is said by espeak-ng's German voice with a variant, speed and pitch drawn
per announcement, and table noise is mixed in at 20 and 10 dB SNR: babble (three other
announcements of other voices, said at once) plus pink noise, all seeded. Each noisy
utterance goes through the offline recogniser (:class:`companion.listen.offline.Recogniser`)
and its alternatives are picked by the table's own rule (:func:`companion.listen.heard.pick`):
the first alternative that is a legal announcement now (or ambiguous: legal words that fit
several pieces' moves, which the camera's board decides), else the first that parses; where
two alternatives announce two different legal moves, none (the referee asks).

* heard exactly: the picked words are the announcement's words;
* misheard as another legal move: the picked words are legal now but name another move
  (must be 0: the referee then asks rather than accept a wrong move);
* not understood: nothing heard ("nicht verstanden – bitte wiederholen");
* asked: two different legal moves heard, the players asked which (no move taken);
* RTF: CPU time of the recogniser (one core, time.process_time) over audio seconds.

Choosing vs measuring: the recogniser was tuned on seeds 7 and 11 with the voices "de",
"de+m3" and "de+f2"; this measures seed 2 with the voices below, none of those.
"""

from __future__ import annotations

import argparse
import io
import random
import subprocess
import sys
import time
import wave
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.game import game as rules_of
from companion.games.tenet.selfplay import self_play as tenet_play
from companion.games.tuerme.selfplay import self_play as tuerme_play
from companion.games.zwianer.selfplay import self_play as zwianer_play
from companion.listen.grammar import spoken, tokens, written
from companion.listen.heard import DOUBT, LEGAL, pick
from companion.listen.offline import RATE, Recogniser, resample

GAMES = ("gravitation", "tunnelx", "tuerme", "tenet")
#: The measured voices: espeak-ng's German with variants never used while tuning.
VOICES = ("de+m1", "de+m2", "de+m4", "de+f1", "de+f3", "de+f4")
SPEEDS = (140, 165, 190)
PITCHES = (35, 50, 65)
SNRS = (20, 10)


@dataclass(frozen=True)
class Said:
    """One announcement to hear: the game, where it was made, and what was said."""

    game: str
    position: Any
    roll: tuple[int, ...]
    announcement: str


def moves_played(game: str, rng: random.Random, count: int) -> list[Said]:
    """``count`` moves of random games of ``game`` (several games if one ends early)."""
    out: list[Said] = []
    while len(out) < count:
        if game == "tuerme":
            plays: Iterator[Any] = tuerme_play(rng, max_turns=200)
        elif game == "tenet":
            plays = tenet_play(rng, max_turns=60)
        else:
            plays = zwianer_play(rng, game=game, max_turns=80)
        for turn in plays:
            if rng.random() < 0.3:  # spread over the game, not only its opening
                out.append(Said(game, turn.position, turn.roll, turn.played.announcement))
            if len(out) == count:
                break
    return out


def synth(text: str, voice: str, speed: int, pitch: int) -> np.ndarray:
    """espeak-ng saying ``text``, as 16 kHz float samples."""
    command = ["espeak-ng", "-v", voice, "-s", str(speed), "-p", str(pitch), "--stdout", text]
    data = subprocess.run(command, capture_output=True, check=True).stdout
    with wave.open(io.BytesIO(data)) as w:
        rate = w.getframerate()
        raw = w.readframes(w.getnframes())
    x = np.frombuffer(raw[: len(raw) // 2 * 2], dtype="<i2").astype(np.float64)
    return resample(x, rate)


def pink(rng: np.random.Generator, n: int) -> np.ndarray:
    """Pink noise (power falling as 1/f), unit RMS."""
    spectrum = np.fft.rfft(rng.normal(0.0, 1.0, n))
    spectrum /= np.sqrt(np.arange(1, spectrum.size + 1))
    x = np.fft.irfft(spectrum, n)
    return np.asarray(x / (np.sqrt(np.mean(x**2)) + 1e-12))


def table_noise(rng: np.random.Generator, others: list[str], n: int) -> np.ndarray:
    """Babble of three other announcements said at once by other voices, plus pink noise
    at a third of the babble's power: a table where others talk. Unit RMS."""
    babble = np.zeros(n)
    for text in others:
        voice = VOICES[int(rng.integers(len(VOICES)))]
        x = synth(text, voice, int(rng.integers(150, 200)), int(rng.integers(20, 80)))
        x = np.tile(x, n // max(1, x.size) + 1)[:n]
        shift = int(rng.integers(n))
        babble += np.roll(x, shift) / (np.sqrt(np.mean(x**2)) + 1e-12)
    babble /= np.sqrt(np.mean(babble**2)) + 1e-12
    noise = babble + np.sqrt(1 / 3) * pink(rng, n)
    return np.asarray(noise / np.sqrt(np.mean(noise**2)))


def mix(speech: np.ndarray, noise: np.ndarray, snr_db: float) -> np.ndarray:
    """Speech with noise at ``snr_db`` (speech power over its loud frames)."""
    frames = speech[: speech.size // 160 * 160].reshape(-1, 160)
    rms = np.sqrt((frames**2).mean(axis=1))
    power = float(np.mean(rms[rms > 0.1 * rms.max()] ** 2))
    scaled = noise * np.sqrt(power / 10 ** (snr_db / 10))
    return np.asarray(np.clip(speech + scaled, -32768, 32767).astype(np.int16))


def taken(said: Said, heard: list[str]) -> tuple[int | None, str | None, bool]:
    """What the table takes (:func:`companion.listen.heard.pick`, the table's own rule)
    of the alternatives: their index, the canonical announcement of the legal move taken
    (None where none, or words that fit several pieces' moves), and whether it asked
    because two alternatives announced two different legal moves."""
    alternatives = [written(words, said.game) for words in heard]
    got = pick(alternatives, said.position, said.roll)
    if got.why != LEGAL:
        return got.index, None, got.why == DOUBT
    verdict = rules_of(said.position.game).check(said.position, said.roll, got.words)
    return got.index, verdict.announcement or None, False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-game", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    noise_rng = np.random.default_rng(args.seed)
    said: list[Said] = []
    for game in GAMES:
        said += moves_played(game, rng, args.per_game)
    pool = [s.announcement for s in said]
    results: dict[int, dict[str, float]] = {
        snr: {"n": 0, "exact": 0, "misheard": 0, "refused": 0, "asked": 0, "cpu": 0.0, "audio": 0.0}
        for snr in SNRS
    }
    per_game: dict[tuple[int, str], list[int]] = {}
    recognisers = {game: Recogniser(game) for game in GAMES}
    for s in said:
        words = spoken(s.announcement, s.game)
        voice, speed, pitch = rng.choice(VOICES), rng.choice(SPEEDS), rng.choice(PITCHES)
        speech = synth(words, voice, speed, pitch)
        others = [spoken(rng.choice(pool), "tuerme") for _ in range(3)]
        noise = table_noise(noise_rng, others, speech.size)
        for snr in SNRS:
            audio = mix(speech, noise, snr)
            start = time.process_time()
            heard = recognisers[s.game].hear(audio)
            r = results[snr]
            r["cpu"] += time.process_time() - start
            r["audio"] += audio.size / RATE
            index, legal, asked = taken(s, heard)
            exact = index is not None and heard[index] == tokens(words)
            r["n"] += 1
            r["exact"] += exact
            r["refused"] += not heard
            r["asked"] += asked
            r["misheard"] += legal is not None and legal != s.announcement
            per_game.setdefault((snr, s.game), []).append(int(exact))
            if legal is not None and legal != s.announcement:
                print(f"  {snr} dB {s.game}: said {s.announcement!r}, taken as {legal!r}")
    for snr in SNRS:
        r = results[snr]
        games = ", ".join(
            f"{g} {100 * sum(per_game[snr, g]) / len(per_game[snr, g]):.0f} %" for g in GAMES
        )
        print(
            f"{snr} dB: {int(r['n'])} announcements, {100 * r['exact'] / r['n']:.1f} % heard "
            f"exactly ({games}), {int(r['misheard'])} misheard as another legal move, "
            f"{100 * r['refused'] / r['n']:.1f} % not understood, "
            f"{int(r['asked'])} asked which of two legal moves, "
            f"RTF {r['cpu'] / r['audio']:.3f}"
        )
    r = results[20]
    print(
        f"listen: {int(r['n'])} announcements at 20 dB, {100 * r['exact'] / r['n']:.1f} % heard "
        f"exactly, {int(r['misheard'])} misheard as another legal move, "
        f"RTF {r['cpu'] / r['audio']:.3f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
