"""What the referee heard: of a recogniser's alternatives the one to take, and a said
announcement compared word by word with the expected one (the teaching page).

A speech recogniser (the phone's browser, or the Pi's offline one) answers with a few
alternatives, its best guess first. At a noisy table the best guess is often a near miss
("Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, null" heard as "... 2, 1, Knoll"), and a lesser
one the words that were said. So :func:`pick` takes, best first:

1. the first alternative that is the announcement of a legal move now (the game's checker
   says ``legal`` or ``ambiguous`` for the position and roll it is given);
2. else the first that parses as the game's notation (a wrong announcement is still an
   announcement: the referee then says what is wrong in it);
3. else none: "nicht verstanden – bitte wiederholen", and nothing changes.

A misheard legal move is worse than a refusal (issue 34: the referee asks instead). So
where another alternative also announces a legal move, and a *different* one (its
canonical announcement differs), nothing is taken: the recogniser could not tell two
moves apart, and the players are asked which they meant (:data:`DOUBT`). bench/listen.py
measured the rule: at 20 dB, 4 of 120 espeak-ng announcements were taken as another
legal move without it (docs/listen.md has the figures with it).
"""

from __future__ import annotations

import contextlib
import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import CompanionError
from companion.games.game import game
from companion.games.words import FILLER, fold, number
from companion.model.position import Position

#: At most this many alternatives are read (a recogniser asked for 5 gives 5), each at
#: most LONGEST characters (an announcement of a TENET turn of three steps is about 90).
MOST_ALTERNATIVES = 10
LONGEST = 200

#: Why an alternative was taken: a legal move now, words that parse, or nothing heard;
#: DOUBT: none taken, as two alternatives announce two different legal moves.
LEGAL, PARSES, NONE, DOUBT = "legal", "parses", "none", "doubt"


@dataclass(frozen=True)
class Heard:
    """What was heard: ``words`` the alternative taken ("" where none was), ``index`` its
    place among ``alternatives`` (0: the recogniser's best; None: none taken) and ``why``
    it was taken (:data:`LEGAL`, :data:`PARSES`, :data:`NONE` or :data:`DOUBT`, where
    ``between`` holds the two moves' words)."""

    words: str
    index: int | None
    why: str
    alternatives: tuple[str, ...]
    between: tuple[str, ...] = ()

    @property
    def understood(self) -> bool:
        return self.index is not None

    def to_json(self) -> dict[str, Any]:
        """As the journal keeps it with the announcement (and ``source`` beside it)."""
        return {
            "alternatives": list(self.alternatives),
            "taken": self.index,
            "why": self.why,
        }


def cleaned(alternatives: Sequence[str]) -> tuple[str, ...]:
    """The alternatives as read: whitespace made single, at most MOST_ALTERNATIVES of
    at most LONGEST characters each (longer ones cut: nobody says more in one breath)."""
    return tuple(" ".join(a.split())[:LONGEST] for a in alternatives[:MOST_ALTERNATIVES])


Roll = tuple[int, ...]


def pick(
    alternatives: Sequence[str],
    position: Position,
    roll: Roll | None = None,
    also: Sequence[tuple[Position, Roll]] = (),
) -> Heard:
    """The alternative to take (module docstring): the first that announces a legal move
    of ``roll`` in ``position`` (or of a roll in a position of ``also``: the last move's,
    whose announcement may come late), unless another alternative announces a different
    legal move (then none, :data:`DOUBT`: the players are asked); else the first that
    parses as ``position``'s game's notation, else none. Without a roll, parsing alone
    decides."""
    said = cleaned(alternatives)
    contexts = [(position, roll), *also] if roll is not None else list(also)
    legal = [(i, w, m) for i, w in enumerate(said) if w and (m := _move(contexts, w)) is not None]
    if legal:
        index, words, move = legal[0]
        other = next((w for _, w, m in legal[1:] if m != move), None)
        if other is not None:
            return Heard("", None, DOUBT, said, (words, other))
        return Heard(words, index, LEGAL, said)
    for index, words in enumerate(said):
        if words and _parses(contexts or [(position, None)], words):
            return Heard(words, index, PARSES, said)
    return Heard("", None, NONE, said)


def _move(contexts: Sequence[tuple[Position, Roll]], words: str) -> tuple[int, str] | None:
    """Which legal move ``words`` announce (the context's place and the canonical
    announcement, or the words themselves where they fit several pieces' moves), or None
    where they announce none in any context."""
    for place, (position, roll) in enumerate(contexts):
        try:
            verdict = game(position.game).check(position, roll, words)
        except (CompanionError, ValueError):
            continue
        if verdict.verdict in ("legal", "ambiguous"):
            return place, verdict.announcement or " ".join(fold(w) for w in words.split())
    return None


def _parses(contexts: Sequence[tuple[Position, Roll | None]], words: str) -> bool:
    """Whether the words read as the game's notation: its checker, given a roll (one of
    ``contexts``, or the game's example roll), calls them anything but ``invalid``. Only
    where no roll can be checked with, the game's English reading of them decides
    (:meth:`~companion.games.game.Game.reading`; TENET's reads any words)."""
    position = contexts[0][0]
    rules = game(position.game)
    tries = [(where, dice) for where, dice in contexts if dice is not None]
    with contextlib.suppress(CompanionError, ValueError):
        tries.append((position, rules.parse_roll(position.spec.example_roll)))
    for where, dice in tries:
        try:
            return rules.check(where, dice, words).verdict != "invalid"
        except (CompanionError, ValueError):
            continue  # a roll this position does not wait for (TENET's stone die)
    try:
        rules.reading(words)
    except (CompanionError, ValueError):
        return False
    return True


# ---------------------------------------------------------------------- word by word


@dataclass(frozen=True)
class Mark:
    """One word of the comparison: ``expected`` the word of the right announcement ("" for
    a word said too many), ``said`` the word heard ("" for a word left out)."""

    expected: str
    said: str
    right: bool

    @property
    def kind(self) -> str:
        """right | wrong | missing | extra."""
        if self.right:
            return "right"
        if not self.said:
            return "missing"
        return "extra" if not self.expected else "wrong"

    def to_json(self) -> dict[str, Any]:
        return {"expected": self.expected, "said": self.said, "kind": self.kind}


_WORD = re.compile(r"\w+(?:[.\-]\w+)*")


def words(announcement: str) -> list[str]:
    """The words of an announcement as said: field ids kept whole ("U1.13", "X3-4"), the
    punctuation and the joining words ("dann", "und") left out."""
    return [w for w in _WORD.findall(announcement) if fold(w) not in FILLER]


def _key(word: str) -> str:
    """A word as compared: spelling folded, a number said or written alike ("sieben", "7")."""
    value = number(word)
    return str(value) if value is not None else fold(word)


def compare(said: str, expected: str) -> list[Mark]:
    """``said`` against ``expected`` word by word, in the order of the expected words: each
    right, wrong (another word in its place), missing, or a word said too many."""
    heard, want = words(said), words(expected)
    matcher = difflib.SequenceMatcher(
        a=[_key(w) for w in want], b=[_key(w) for w in heard], autojunk=False
    )
    marks: list[Mark] = []
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        if op == "equal":
            marks += [Mark(want[a0 + i], heard[b0 + i], True) for i in range(a1 - a0)]
            continue
        gone, came = want[a0:a1], heard[b0:b1]
        for i in range(max(len(gone), len(came))):
            marks.append(
                Mark(gone[i] if i < len(gone) else "", came[i] if i < len(came) else "", False)
            )
    return marks
