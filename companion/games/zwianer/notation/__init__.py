"""The spoken notation of ZwiAner Gravitation and Tunnel X: tokens, parser, renderer, glosses.

Grammar and examples: ``docs/notation.md``.
"""

from companion.games.zwianer.notation.parser import parse_announcement, tokenize
from companion.games.zwianer.notation.render import gloss, render
from companion.games.zwianer.notation.tokens import Kind, Token, normalise

__all__ = ["Kind", "Token", "gloss", "normalise", "parse_announcement", "render", "tokenize"]
