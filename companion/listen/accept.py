"""Whether a grammar accepts a sentence: the JSGF and graphs this package writes, read
back in Python.

The recogniser turns :mod:`companion.listen.grammar`'s JSGF into a finite-state graph in
C; the tests and ``companion listen --check`` need to know which word sequences that
graph accepts without a recogniser. This reads the subset of JSGF the grammars use
(rules of words, ``<refs>``, ``|``, ``( )``, ``[ ]``, ``*``, ``+``) and matches a list of
words against the public rule, by the set of places each alternative can reach; a
finite-state graph (the ZwiAner countdown) is walked state set by state set.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from companion.listen.grammar import Grammar, Transition

_TOKEN = re.compile(r"<[^>]+>|[()\[\]|*+]|[^\s()\[\]|*+<>]+")


@dataclass(frozen=True)
class Rules:
    """A grammar's rules by name (each an expression tree) and its public rule's name."""

    rules: Mapping[str, object]
    public: str


def read(text: str) -> Rules:
    """The rules of a JSGF text (ValueError where it is outside the subset)."""
    rules: dict[str, object] = {}
    public = ""
    for stmt in text.split(";"):
        stmt = stmt.strip()
        if not stmt or stmt.startswith(("#JSGF", "grammar")):
            continue
        head, eq, body = stmt.partition("=")
        if not eq:
            raise ValueError(f"not a rule: {stmt!r}")
        name = head.replace("public", "").strip()
        if head.strip().startswith("public"):
            public = name
        tokens = _TOKEN.findall(body)
        tree, end = _alternatives(tokens, 0)
        if end != len(tokens):
            raise ValueError(f"unbalanced rule {name}: {body!r}")
        rules[name] = tree
    if not public:
        raise ValueError("no public rule")
    return Rules(rules, public)


def _alternatives(tokens: list[str], i: int) -> tuple[object, int]:
    options = []
    seq, i = _sequence(tokens, i)
    options.append(seq)
    while i < len(tokens) and tokens[i] == "|":
        seq, i = _sequence(tokens, i + 1)
        options.append(seq)
    return ("alt", tuple(options)), i


def _sequence(tokens: list[str], i: int) -> tuple[object, int]:
    items: list[object] = []
    while i < len(tokens) and tokens[i] not in "|)]":
        tok = tokens[i]
        if tok in "([":
            inner, i = _alternatives(tokens, i + 1)
            if i >= len(tokens) or tokens[i] != {"(": ")", "[": "]"}[tok]:
                raise ValueError("unbalanced brackets")
            item: object = inner if tok == "(" else ("opt", inner)
        elif tok.startswith("<"):
            item = ("ref", tok)
        else:
            item = ("word", tok)
        i += 1
        if i < len(tokens) and tokens[i] in "*+":
            item = ("star" if tokens[i] == "*" else "plus", item)
            i += 1
        items.append(item)
    return ("seq", tuple(items)), i


def _ends(rules: Rules, node: object, words: list[str], starts: frozenset[int]) -> frozenset[int]:
    """The places in ``words`` where ``node`` can end, having begun at any of ``starts``."""
    kind, arg = cast(tuple[str, Any], node)
    if not starts:
        return starts
    if kind == "word":
        return frozenset(i + 1 for i in starts if i < len(words) and words[i] == arg)
    if kind == "ref":
        return _ends(rules, rules.rules[arg], words, starts)
    if kind == "seq":
        for item in arg:
            starts = _ends(rules, item, words, starts)
        return starts
    if kind == "alt":
        return frozenset().union(*(_ends(rules, o, words, starts) for o in arg))
    if kind == "opt":
        return starts | _ends(rules, arg, words, starts)
    # star or plus: repeat until no new place is reached
    reached = starts if kind == "star" else frozenset()
    frontier = starts
    while frontier:
        step = _ends(rules, arg, words, frontier)
        frontier = step - reached
        reached |= step
    return reached


def accepts(text: str, sentence: str) -> bool:
    """Whether the JSGF grammar ``text`` accepts the words of ``sentence``."""
    rules = read(text)
    words = sentence.split()
    return len(words) in _ends(rules, ("ref", rules.public), words, frozenset({0}))


def walks(graph: Sequence[Transition], sentence: str) -> bool:
    """Whether the finite-state graph (start 0, end 1) accepts the words of ``sentence``."""
    here = _closure(graph, {0})
    for word in sentence.split():
        here = _closure(graph, {b for a, b, _, w in graph if a in here and w == word})
    return 1 in here


def _closure(graph: Sequence[Transition], states: set[int]) -> set[int]:
    todo = list(states)
    while todo:
        a = todo.pop()
        for x, b, _, w in graph:
            if x == a and w is None and b not in states:
                states.add(b)
                todo.append(b)
    return states


def heard_by(grammar: Grammar, sentence: str) -> bool:
    """Whether the recogniser could hear ``sentence`` (folded words) with ``grammar``:
    its graph where it has one, else its JSGF."""
    if grammar.graph:
        return walks(grammar.graph, sentence)
    return accepts(grammar.jsgf, sentence)
