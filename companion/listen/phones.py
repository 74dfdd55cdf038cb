"""German words in the phone set of the recogniser's acoustic model (issue 34).

No German acoustic model installs from the registries this project may use (PyPI's
``pocketsphinx`` ships US English, Debian's ``pocketsphinx-en-us`` the same), so the
German words of the grammar are written in the US English model's 39 ARPAbet phones:
espeak-ng's German pronunciation (IPA) mapped phone by phone to the nearest English one
("Umlaufbahn" ʊmlaʊfbɑːn → UH M L AW F B AA N). The dictionary ships as
``german.dict`` beside this module, made by ``python -m companion.listen.phones``, so the
Pi needs no espeak-ng to listen; a test holds it in step with the grammar.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from companion.games.words import fold

#: The phones of pocketsphinx's en-us acoustic model (its ``mdef``), silence left out.
_PHONES = "AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH"
MODEL_PHONES = frozenset((_PHONES + " UH UW V W Y Z ZH").split(" "))
#: IPA (as espeak-ng writes German) to ARPAbet, longest first. "??" is espeak-ng's
#: vocalised r after u ("Wurf" vˈ??f), which it has no IPA letter for.
_IPA = (
    ("a\u200dɪ", "AY"),
    ("a\u200dʊ", "AW"),
    ("ɔ\u200dø", "OY"),
    ("t\u200ds", "T S"),
    ("p\u200df", "P F"),
    ("??", "UH R"),
    ("a", "AA"),
    ("ɑ", "AA"),
    ("ɔ", "AO"),
    ("ɛ", "EH"),
    ("e", "EY"),
    ("ə", "AH"),
    ("ɜ", "ER"),
    ("ɐ", "ER"),
    ("i", "IY"),
    ("ɪ", "IH"),
    ("o", "OW"),
    ("ʊ", "UH"),
    ("u", "UW"),
    ("y", "UW"),
    ("ʏ", "UH"),
    ("ø", "ER"),
    ("œ", "ER"),
    ("b", "B"),
    ("d", "D"),
    ("f", "F"),
    ("ɡ", "G"),
    ("g", "G"),
    ("h", "HH"),
    ("j", "Y"),
    ("k", "K"),
    ("l", "L"),
    ("m", "M"),
    ("n", "N"),
    ("ŋ", "NG"),
    ("p", "P"),
    ("r", "R"),
    ("ɾ", "R"),
    ("ʁ", "R"),
    ("s", "S"),
    ("ʃ", "SH"),
    ("t", "T"),
    ("v", "V"),
    ("z", "Z"),
    ("x", "HH"),
    ("ç", "SH"),
    ("ʒ", "ZH"),
)
_SKIP = frozenset("ˈˌːˑ\u200d ")
DICTIONARY = Path(__file__).with_name("german.dict")


def arpabet(ipa: str) -> list[str]:
    """The ARPAbet phones of one word's IPA (ValueError naming a sign not mapped)."""
    out: list[str] = []
    i = 0
    while i < len(ipa):
        for sign, phones in _IPA:
            if ipa.startswith(sign, i):
                out += phones.split()
                i += len(sign)
                break
        else:
            if ipa[i] not in _SKIP:
                raise ValueError(f"no model phone for {ipa[i]!r} in {ipa!r}")
            i += 1
    return out


def espeak_ipa(word: str) -> str:
    """espeak-ng's German IPA of one word (OSError where espeak-ng is not installed)."""
    done = subprocess.run(
        ["espeak-ng", "-v", "de", "-q", "--ipa=3", word],
        capture_output=True,
        check=True,
        env={"LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin:/usr/local/bin"},
    )
    return done.stdout.decode("utf-8").strip()


def entries(words: list[str]) -> list[str]:
    """Dictionary lines ("fuenf F UW N F") of German words, sorted, one per folded word."""
    lines = {fold(w): f"{fold(w)} {' '.join(arpabet(espeak_ipa(w)))}" for w in words}
    return [lines[k] for k in sorted(lines)]


def load(path: Path = DICTIONARY) -> dict[str, str]:
    """The shipped dictionary: folded word → its phones."""
    out: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        word, _, phones = line.partition(" ")
        out[word] = phones
    return out


def all_words() -> list[str]:
    """Every word of every game's grammar, in German spelling."""
    from companion.listen.grammar import TOP, grammar

    return sorted({w for game in TOP for w in grammar(game).words})


if __name__ == "__main__":  # python -m companion.listen.phones > companion/listen/german.dict
    sys.stdout.write("".join(line + "\n" for line in entries(all_words())))
