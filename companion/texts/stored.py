"""A sentence of the catalogue kept as data, to be said again later in either language.

A :class:`~companion.texts.Text` reads as a ``str`` in the language of the process, and
that ``str`` is what JSON keeps: a journal written by a server that spoke English showed
its objections in English in a German game record (trial s10). :func:`to_data` keeps the
sentence as its catalogue key and values instead (nested sentences, numbers and lists
too), :func:`from_data` makes it a sentence again, which ``render`` says in the language
asked for. Data that is no longer the catalogue's (a key renamed or dropped since, a
field missing) gives None, and the reader shows the plain string stored beside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.texts import WORDS, Joined, Number, Text


def to_data(value: object) -> Any:
    """``value`` as JSON data that keeps its sentences: a Text as ``{"text": key,
    "fields": {…}}``, a decimal as ``{"number": "0.42"}``, Joined parts as ``{"joined":
    […], "sep": …, "de": …}``, a list as a list, anything else as ``str`` says it (a
    number or flag as it is)."""
    if isinstance(value, Text):
        return {"text": value.key, "fields": {k: to_data(v) for k, v in value.fields.items()}}
    if isinstance(value, Number):
        return {"number": value.plain}
    if isinstance(value, Joined):
        return {"joined": [to_data(v) for v in value], "sep": value.sep, "de": value.de}
    if isinstance(value, list | tuple):
        return [to_data(v) for v in value]
    if value is None or isinstance(value, bool | int | float):
        return value
    return str(value)


def from_data(data: Any) -> object | None:
    """The sentence :func:`to_data` kept, or None where the data is not the catalogue's
    any more (a key or a field gone, a shape unknown)."""
    try:
        return _value(data)
    except (KeyError, TypeError, ValueError, IndexError):
        return None


def _value(data: Any) -> object:
    if isinstance(data, list):
        return [_value(v) for v in data]
    if not isinstance(data, Mapping):
        return data
    if "text" in data:
        key, fields = data["text"], data["fields"]
        if key not in WORDS or not isinstance(fields, Mapping):
            raise KeyError(key)
        said = Text(key, {str(k): _value(v) for k, v in fields.items()})
        return said
    if "number" in data:
        return Number(str(data["number"]))
    if "joined" in data:
        de = data.get("de")
        return Joined([_value(v) for v in data["joined"]], str(data["sep"]), de)
    raise ValueError("no sentence")
