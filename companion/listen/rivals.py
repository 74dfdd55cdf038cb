"""The rivals of what was heard: legal moves one word apart from it (issue 34).

The offline recogniser's misheard legal moves are *minimal pairs*: the heard words and
the said ones both announce a legal move now and differ by one word, an extra "Tunnel"
("wurf eins null" heard as "wurf eins tunnel null"), a last word lost ("fuenf und zwei
bruecke" as "fuenf und zwei"), a field number for its neighbour ("... punkt drei" as
"... punkt neun"). Its posterior and its n-best list do not tell them apart
(docs/listen.md). So the recogniser scores the heard words and each rival against the
same audio (:meth:`companion.listen.offline.Recogniser.rivals`) and hands a rival that
scores nearly as well on as a further alternative: two alternatives announcing two
different legal moves make the table ask (:func:`companion.listen.heard.pick`).

This module holds the part without audio: which legal announcements are a heard
sentence's rivals, and the legal announcements of a position and roll as the
recogniser writes them.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator, Sequence

from companion.games.game import game as rules_of
from companion.listen.grammar import spoken, tokens
from companion.model.position import Position

#: At most this many legal announcements are listed (a TENET roll may have thousands of
#: whole turns; the listed ones are the game's own order, the winning first).
MOST_LEGAL = 2000


def one_word_apart(a: str, b: str) -> bool:
    """Whether the word sequences ``a`` and ``b`` differ by exactly one word inserted,
    dropped or changed."""
    x, y = a.split(), b.split()
    if len(x) == len(y):
        return sum(p != q for p, q in zip(x, y, strict=True)) == 1
    if abs(len(x) - len(y)) != 1:
        return False
    short, long = (x, y) if len(x) < len(y) else (y, x)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def rivals(heard: str, legal: Iterable[str]) -> list[str]:
    """The legal announcements (recogniser's words) one word apart from ``heard``, in
    the order given, each once."""
    seen: list[str] = []
    for words in legal:
        if words not in seen and one_word_apart(heard, words):
            seen.append(words)
    return seen


@functools.lru_cache(maxsize=8)
def legal_announcements(position: Position, roll: tuple[int, ...]) -> tuple[str, ...]:
    """Every legal move's canonical announcement of ``roll`` in ``position`` ("Wurf 7,
    Umlaufbahn 6"), in the game's order, each once, at most :data:`MOST_LEGAL`: the
    moves, then the whole turns where a move is one step of a turn (TENET: a step is
    announced alone in the middle of a turn, a whole turn at its start).

    The whole turns come from the game's rules (``turns``), not from here: a TENET Pasch
    is one turn per clearing ("Pasch 3: Stein auf Erde, räumt K9.11"), fewest fields
    first, as :func:`companion.games.tenet.rules.pasch_moves` lists them. So a misheard
    field ("räumt K9.4") is listed and has the said one as its rival, while
    ``legal_moves`` and ``generate`` keep the one Pasch their callers (checker, camera,
    self-play, ``companion moves``) take as the move.

    Kept for the last few positions and rolls (positions are immutable): the table's open
    ``GET /legal`` asks again and again while a roll waits, and a TENET roll's turns cost
    0.2-0.4 s CPU here, so a client asking in a loop costs the table one listing, not one
    per request."""
    rules = rules_of(position.game)
    turns = rules.turns(position, roll)
    moves = itertools.chain(rules.generate(position, roll), turns if turns is not None else ())
    return tuple(itertools.islice(_once(m.announcement for m in moves), MOST_LEGAL))


def _once(items: Iterable[str]) -> Iterator[str]:
    """The items in order, each the first time only (lazily: turns are built as read)."""
    seen: set[str] = set()
    for item in items:
        if item not in seen:
            seen.add(item)
            yield item


def as_heard(announcements: Iterable[str], game: str) -> tuple[str, ...]:
    """Announcements as the recogniser writes them ("wurf sieben umlaufbahn sechs")."""
    return tuple(dict.fromkeys(tokens(spoken(a, game)) for a in announcements))


def legal_words(position: Position, roll: tuple[int, ...]) -> tuple[str, ...]:
    """:func:`legal_announcements` as the recogniser writes them."""
    return as_heard(legal_announcements(position, roll), position.game)


#: One word of an alignment: the word (fillers as "<sil>"), its first and last frame,
#: and its score (natural log of pocketsphinx's acoustic and language scores).
Segment = tuple[str, int, int, float]


def differing_span(a: Sequence[Segment], b: Sequence[Segment]) -> tuple[int, int]:
    """The frames ``[first, end)`` where two alignments of the same audio say different
    words, widened to the nearest frames where both start a word (or begin or end), so
    that each alignment's words in it are whole: the part of the audio where two
    sentences one word apart compete. The whole audio where they agree nowhere."""

    def labels(segments: Sequence[Segment]) -> dict[int, str]:
        return {f: w for w, start, end, _ in segments for f in range(start, end + 1)}

    la, lb = labels(a), labels(b)
    differ = sorted(f for f in la.keys() | lb.keys() if la.get(f) != lb.get(f))
    starts = [{s[1] for s in x} | {max(s[2] for s in x) + 1} for x in (a, b) if x]
    common = set.intersection(*starts) if len(starts) == 2 else set()
    whole = (min(la.keys() | lb.keys(), default=0), max(la.keys() | lb.keys(), default=0) + 1)
    if not differ:
        return whole
    first = max((c for c in common if c <= differ[0]), default=whole[0])
    end = min((c for c in common if c > differ[-1]), default=whole[1])
    return first, end


def span_score(segments: Sequence[Segment], first: int, end: int) -> float:
    """The summed score of an alignment's words that lie wholly in frames [first, end)."""
    return sum(score for _, start, last, score in segments if start >= first and last < end)


def local_gap(heard: Sequence[Segment], rival: Sequence[Segment]) -> float:
    """How much worse ``rival`` scores than ``heard`` per frame of the span where the
    two differ (:func:`differing_span`; negative: better): the frames both sentences
    say alike add the same to both and only dilute a whole-utterance mean. An empty
    span gives 0: the rival is within any margin, so the table asks (the safe way)."""
    return compare(heard, rival)[0]


def compare(heard: Sequence[Segment], rival: Sequence[Segment]) -> tuple[float, int]:
    """The rival's :func:`local_gap` and how many frames the two differ over, from one
    :func:`differing_span` (each rival's span is worked out once)."""
    first, end = differing_span(heard, rival)
    if end <= first:
        return 0.0, 0
    gap = (span_score(heard, first, end) - span_score(rival, first, end)) / (end - first)
    return gap, end - first


def unexplained(heard: Sequence[Segment], rival: Sequence[Segment], loud: Sequence[bool]) -> int:
    """How many frames the sound itself sides with ``rival`` about the one word the two
    alignments' sentences differ by in number (one has a word the other lacks):

    * the rival's extra word lying over loud frames that ``heard`` calls silence: a word
      said and not heard (the race game's last "Brücke" lost);
    * the heard words' extra word lying over frames the rival calls silence, all of them
      quiet: a word grown out of the table's noise (an extra "Tunnel" in a pause). A
      word said has quiet frames too (a stop's closure), so one loud frame among them
      clears it.

    ``loud`` says per frame whether it is louder than the room. 0 where both sentences
    have as many words: a changed word is left to the scores."""
    words = [[s for s in x if s[0] != "<sil>"] for x in (heard, rival)]
    if len(words[0]) == len(words[1]):
        return 0
    rival_longer = len(words[1]) > len(words[0])
    longer, shorter = (words[1], heard) if rival_longer else (words[0], rival)
    said = [s[0] for s in shorter if s[0] != "<sil>"]
    at = next(i for i, s in enumerate(longer) if i >= len(said) or s[0] != said[i])
    _, first, last, _ = longer[at]
    silence = {f for w, start, end, _ in shorter if w == "<sil>" for f in range(start, end + 1)}
    under = [
        bool(loud[f]) if f < len(loud) else False for f in range(first, last + 1) if f in silence
    ]
    if rival_longer:
        return sum(under)
    return 0 if any(under) else len(under)
