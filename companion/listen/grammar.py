"""What a player may say, as a grammar the offline recogniser hears with (issue 34).

The recogniser hears nothing but announcements: each game's spoken notation
(docs/notation.md) is written here as a JSGF grammar over German words, so a cough or a
sentence in another language cannot come out as anything but an announcement or nothing.
The grammar is a little wider than the notation (it accepts "Wurf 3, 7, 9": the arithmetic
is the checker's business, as for typed text) and only as wide as the canonical words:
fillers ("dann", "und" in the ZwiAner games) are left out, so that fewer words compete.

Words travel in three forms. :func:`spoken` turns a canonical announcement ("Wurf 7,
Umlaufbahn 6") into the German a player says ("Wurf sieben, Umlaufbahn sechs"; TENET's
field "K3.8" as "Ka drei Punkt acht"); the recogniser writes folded tokens ("wurf sieben
umlaufbahn sechs"; "ü" as "ue", "ß" as "ss", the dictionary's keys); :func:`written` turns
those back into the text the game's parser reads. The pronunciations are in
:mod:`companion.listen.phones`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.errors import CompanionError
from companion.games.words import fold

_UNITS = ("null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun")
_TEENS: tuple[str, ...] = (
    "zehn",
    "elf",
    "zwölf",
    "dreizehn",
    "vierzehn",
    "fünfzehn",
    "sechzehn",
    "siebzehn",
)
_TEENS = (*_TEENS, "achtzehn", "neunzehn")
_TENS = {20: "zwanzig", 30: "dreißig"}


def german_number(n: int) -> str:
    """A number from 0 to 39 as a German word ("sieben", "einundzwanzig"): what a player
    says for a count, a die or a field's number."""
    if 0 <= n < 10:
        return _UNITS[n]
    if n < 20:
        return _TEENS[n - 10]
    if n < 40:
        tens, unit = divmod(n, 10)
        word = _TENS[tens * 10]
        return word if unit == 0 else ("ein" if unit == 1 else _UNITS[unit]) + "und" + word
    raise ValueError(f"no German number word here for {n}")


#: The highest count each game's announcements reach: ZwiAner counts go past the roll's
#: 12 with the store ("Speicher 14"; 20 leaves room), TENET's fields run to K*.30.
TOP = {"gravitation": 20, "tunnelx": 12, "tuerme": 12, "tenet": 30}

#: An announcement of each game as said, told to the Whisper model as what was said
#: before (:mod:`companion.listen.whisper`), so that it writes the notation's words.
#: Chosen on sentences and voices of the tuning side (de, de+m3; docs/listen.md): 3 of
#: 12 heard exactly, the game's words as a list 0 (Whisper then lists: "vier, vier,
#: vier, ..."), none 0.
EXAMPLES = {
    "gravitation": "Wurf neun, Speicher zwei, Umlaufbahn fünf, vier, Tunnel drei, "
    "Gravitation null.",
    "tunnelx": "Wurf acht, sieben, Tunnel sechs, fünf, vier, drei, zwei, eins, null.",
    "tuerme": "sechs und eins, Brücke. Turm, fünf und zwei.",
    "tenet": "sechs von Ka drei Punkt zwölf nach Pe vier Punkt neun, "
    "versetzt rot nach Ka eins Punkt zwanzig.",
}
#: How much likelier a plain step ("fünf, vier") is than each keyword after a count:
#: most items of a move are steps, and "Tunnel" must not grow out of "eins, null".
STEP_WEIGHT = 8.0

#: The ZwiAner keywords each game's moves use (docs/notation.md, "Grammar").
_ZWIANER_WORDS = {
    "gravitation": (
        "Speicher",
        "Umlaufbahn",
        "Gravitation",
        "Stoß",
        "Abwehr",
        "Tunnel",
    ),
    "tunnelx": ("Tunnel",),
}
_ZWIANER_BARE = {
    "gravitation": ("Absturz", "Tausch", "Sonderfeld"),
    "tunnelx": ("Absturz", "Tausch", "Sonderfeld"),
}
_PLANETS = ("Merkur", "Venus", "Erde", "Mars", "Jupiter", "Saturn", "Uranus", "Neptun", "Pluto")
_COLOURS = ("rot", "orange", "gelb", "grün", "türkis", "blau", "lila", "weiß", "schwarz")
#: TENET's field ids said letter by letter: "K3.8" is "Ka drei Punkt acht", "X3-4" is
#: "Iks drei Strich vier" (docs/positions.md names the fields).
_LETTERS = {"K": "Ka", "P": "Pe", "X": "Iks", "E": "E"}
_MARKS = {".": "Punkt", "-": "Strich"}
_FIELD = re.compile(r"\b([KPXE])(\d+)([.-])(\d+)\b")


#: One arc of a finite-state grammar: from, to, probability, word (None: no word).
Transition = tuple[int, int, float, str | None]


@dataclass(frozen=True)
class Grammar:
    """One game's grammar: the JSGF text and every word it uses (German spelling)."""

    game: str
    jsgf: str
    words: tuple[str, ...]
    #: A tighter finite-state graph the recogniser uses instead of the JSGF where a game
    #: has one (from, to, probability, word or None): start state 0, end state 1.
    graph: tuple[Transition, ...] = ()

    def tokens(self) -> tuple[str, ...]:
        """Every word the JSGF and the graph use, as the recogniser's dictionary keys them
        (folded: "stoss", "fuenf")."""
        bodies = [line.partition("=")[2] for line in self.jsgf.splitlines() if "=" in line]
        said = set(
            re.findall(r"(?<![<\w])[a-z]+(?![>\w])", re.sub(r"<[^>]*>", " ", " ".join(bodies)))
        )
        return tuple(sorted(said | {w for *_, w in self.graph if w is not None}))


def _alt(words: list[str] | tuple[str, ...]) -> str:
    return "(" + " | ".join(fold(w) for w in words) + ")"


def _numbers(top: int) -> list[str]:
    return [german_number(n) for n in range(top + 1)]


def grammar(game: str) -> Grammar:
    """The grammar of ``game``'s announcements (CompanionError for a game without one)."""
    if game in _ZWIANER_WORDS:
        return _zwianer(game)
    if game == "tuerme":
        return _tuerme()
    if game == "tenet":
        return _tenet()
    raise CompanionError(f"no spoken grammar for game {game!r} (grammars: {', '.join(TOP)})")


def _jsgf(game: str, rules: list[str]) -> str:
    return "\n".join(["#JSGF V1.0 UTF-8;", f"grammar {game};", *rules, ""])


def _zwianer(game: str) -> Grammar:
    keyed, bare = _ZWIANER_WORDS[game], _ZWIANER_BARE[game]
    numbers = _numbers(TOP[game])
    rules = [
        "public <ansage> = wurf <zahl> <posten>* ;",
        f"<posten> = [{_alt(keyed)}] <zahl> | {_alt(bare)} ;",
        f"<zahl> = {_alt(numbers)} ;",
    ]
    words = ("Wurf", *keyed, *bare, *numbers)
    return Grammar(game, _jsgf(game, rules), words, _countdown(game))


def _countdown(game: str) -> tuple[Transition, ...]:
    """The ZwiAner countdown as a finite-state graph: one state a running count N, each
    item leading only to the counts the notation allows after it (a step to N-1,
    "Umlaufbahn" and "Abwehr" below N, "Gravitation" and "Stoß" to N or below, "Tunnel"
    to N-1, "Speicher" to any other), so a word half heard cannot turn "sechs, fünf" into
    "sechs, acht". State 0 is the start, 1 the end, 2 after "Wurf", 3 + N the count N;
    a keyword's own state follows. (JSGF cannot say this compactly: pocketsphinx expands
    every rule reference anew, and 21 rules naming each other grow without bound.)"""
    top = TOP[game]
    keyed, bare = _ZWIANER_WORDS[game], _ZWIANER_BARE[game]
    say = [fold(german_number(n)) for n in range(top + 1)]
    edges: list[tuple[int, int, str | None]] = [(0, 2, "wurf")]
    edges += [(2, 3 + m, say[m]) for m in range(1, 13)]
    state = 3 + top + 1
    for n in range(top + 1):
        here = 3 + n
        edges += [(here, 1, fold(w)) for w in bare]
        if n > 0:
            edges.append((here, here - 1, say[n - 1]))
        follows = {
            "Umlaufbahn": range(n),
            "Gravitation": range(n + 1),
            "Stoß": range(n + 1),
            "Abwehr": range(n),
            "Tunnel": range(n - 1, n) if n > 0 else range(0),
            "Speicher": [m for m in range(top + 1) if m != n],
        }
        for word in keyed:
            if not follows[word]:
                continue
            edges.append((here, state, fold(word)))
            edges += [(state, 3 + m, say[m]) for m in follows[word]]
            if word == "Stoß":  # a push may end the move: the full ring ("Stoß 3")
                edges += [(state, 1, say[m]) for m in follows[word]]
            state += 1
    # the count 0 ends the move: every arc into it also ends there (no empty arcs, which
    # pocketsphinx's search does not follow in a graph built from a list)
    edges += [(a, 1, w) for a, b, w in edges if b == 3]
    out: list[Transition] = []
    for origin in sorted({e[0] for e in edges}):
        leaving = [e for e in edges if e[0] == origin]
        weights = [
            STEP_WEIGHT if 3 <= a < 3 + top + 1 and b == a - 1 else 1.0 for a, b, _ in leaving
        ]
        out += [
            (a, b, wt / sum(weights), w) for (a, b, w), wt in zip(leaving, weights, strict=True)
        ]
    return tuple(out)


def _tuerme() -> Grammar:
    dice = _numbers(6)[1:]
    rolls = _numbers(12)[2:]
    words = ["Wurf", "passe", "Superzahl", "Pasch", "Turm", "auflösen", "befreien"]
    words += ["raus", "und", "Brücke", "nur", "drauf", "Ziel"]
    rules = [
        "public <ansage> = [wurf <wurf>] (passe | [superzahl | pasch] [<einheit>] <zug>) ;",
        "<einheit> = turm | aufloesen | befreien ;",
        "<zug> = [(<auge> | raus) [bruecke] und] <auge> [bruecke] [drauf] [ziel]"
        " | nur <auge> [ziel] ;",
        f"<auge> = {_alt(dice)} ;",
        f"<wurf> = {_alt(rolls)} ;",
    ]
    return Grammar("tuerme", _jsgf("tuerme", rules), (*words, "eins", *rolls))


def _tenet() -> Grammar:
    numbers = _numbers(TOP["tenet"])
    dice = _numbers(9)[1:]
    words = ["von", "nach", "versetzt", "Start", "Stein", "der", "Weisen", "Pasch", "auf"]
    words += ["räumt", "passt", *_LETTERS.values(), *_MARKS.values(), *_PLANETS, *_COLOURS]
    rules = [
        "public <ansage> = <schritt>+ [stein der weisen] | stein der weisen"
        " | pasch <auge> [stein auf <planet>] [raeumt <feld>+] | stein auf <planet> | passt ;",
        "<schritt> = <auge> von <feld> nach <feld> [versetzt [<farbe>] nach <feld>] ;",
        "<feld> = start | (ka | pe) <auge> punkt <zahl> | (iks | e) <auge> strich <auge> ;",
        f"<planet> = {_alt(_PLANETS)} ;",
        f"<farbe> = {_alt(_COLOURS)} ;",
        f"<auge> = {_alt(dice)} ;",
        f"<zahl> = {_alt(numbers)} ;",
    ]
    return Grammar("tenet", _jsgf("tenet", rules), (*words, *numbers))


def spoken(announcement: str, game: str) -> str:
    """The canonical announcement as a player says it: numbers as German words, TENET's
    fields letter by letter, the punctuation kept for the pauses ("Wurf sieben, …")."""
    if game == "tenet":
        announcement = _FIELD.sub(
            lambda m: " ".join(
                (_LETTERS[m[1]], m[2], _MARKS[m[3]], m[4]),
            ),
            announcement,
        )
    return re.sub(r"\d+", lambda m: german_number(int(m.group())), announcement)


def tokens(sentence: str) -> str:
    """The words of a sentence as the recogniser writes them: folded, no punctuation
    ("Wurf fünf, Stoß 2" → "wurf fuenf stoss 2"); what "heard exactly" compares."""
    return " ".join(fold(w) for w in re.findall(r"[^\W_]+", sentence))


def spelled(words: str, game: str) -> str:
    """Words the recogniser wrote (folded tokens, or :func:`written` text) in German
    spelling, as they were said: "fuenf" → "fünf", "stoss" → "stoß", "raeumt" → "räumt"
    (new-user trial s11 M1 was shown "wurf sechs fuenf"); every other word as it is.
    What ``companion listen`` shows and posts to the table, whose parsers fold either."""
    said = {fold(w): w.lower() for w in grammar(game).words}
    return " ".join(said.get(w, w) for w in words.split(" "))


_SPOKEN_FIELD = re.compile(
    r"\b(ka|pe|iks|e) (\w+) (punkt|strich) (\w+)\b",
)


def written(heard: str, game: str) -> str:
    """What the recogniser heard (folded tokens) as text the game's parser reads: TENET's
    spelled fields joined back into ids ("ka drei punkt acht" → "K3.8"), the rest as is
    (the parsers read number words and folded spellings themselves)."""
    if game != "tenet":
        return heard
    numbers = {fold(german_number(n)): n for n in range(TOP["tenet"] + 1)}
    letters = {fold(v): k for k, v in _LETTERS.items()}

    def field(m: re.Match[str]) -> str:
        a, b = numbers.get(m[2]), numbers.get(m[4])
        if a is None or b is None:
            return m.group()
        return f"{letters[m[1]]}{a}{'.' if m[3] == 'punkt' else '-'}{b}"

    return _SPOKEN_FIELD.sub(field, heard)
