"""The dice tray's words (companion/tray/, the tray page): fairness verdicts, rolls said,
groups by colour. German, then English."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    # tray/fairness.py: the chi-square test in a player's words
    "tray.fair": (
        "nach {rolls} Würfen kein Hinweis auf einen gezinkten Würfel (p {p})",
        "after {rolls} rolls no sign of a loaded die (p {p})",
    ),
    "tray.too_often": (
        "die {face} kommt zu oft: p {p} (nach {rolls} Würfen)",
        "the {face} comes up too often: p {p} (after {rolls} rolls)",
    ),
    "tray.too_rarely": (
        "die {face} kommt zu selten: p {p} (nach {rolls} Würfen)",
        "the {face} comes up too rarely: p {p} (after {rolls} rolls)",
    ),
    "tray.too_few": (
        "{rolls} Würfe: für einen Test auf gezinkte Würfel braucht es mindestens {needed}",
        "{rolls} rolls: a test for loaded dice needs at least {needed}",
    ),
}
