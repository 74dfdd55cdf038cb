"""The referee PIN: what a good one is, and the one kept in the data directory.

The PIN unlocks the page's changes (set-up, undo, calibration). It is at least six ASCII
digits (a million choices; with the page's back-off, docs/security.md, a guess takes
weeks) or a passphrase of eight or more printable ASCII characters. Other digits than
0-9 are refused: ``'²'.isdigit()`` and ``'٣'.isdigit()`` are True, but a phone's number
pad cannot type them, and two spellings of one PIN would be a trap.

Without a PIN in the config (``web.pin``), the first start makes a random one of six
digits and keeps it in ``DATA_DIR/pin``, readable by its owner only (mode 0600), so
that it stays the same across restarts; ``companion pin`` shows it on the Pi. It is
never logged and never printed by ``companion config``.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from companion.errors import CompanionError
from companion.texts import text, unreadable

#: The file in the data directory that keeps the PIN made at the first start.
PIN_FILE = "pin"
#: Digits of a made PIN, and the fewest a chosen one may have.
DIGITS = 6
#: The fewest characters of a passphrase (a PIN that is not only digits), and the most of either.
PASSPHRASE, LONGEST = 8, 64

RULE = (
    f"at least {DIGITS} digits 0-9, or a passphrase of {PASSPHRASE} to {LONGEST} "
    "printable ASCII characters"
)


def pin_problem(pin: str) -> str | None:
    """Why ``pin`` is not a good referee PIN (never quoting it), or None if it is: a
    sentence of the catalogue (companion/texts/config.py), with :data:`RULE` in it."""
    rule = text("pin.rule", digits=DIGITS, least=PASSPHRASE, most=LONGEST)
    if not pin.isascii():
        return text("pin.ascii", rule=rule)
    if not pin.isprintable() or pin != pin.strip():
        return text("pin.control", rule=rule)
    if len(pin) > LONGEST:
        return text("pin.long", rule=rule)
    if pin.isdigit():
        return None if len(pin) >= DIGITS else text("pin.short", rule=rule)
    return None if len(pin) >= PASSPHRASE else text("pin.short_phrase", rule=rule)


def check_pin_choice(pin: str, where: str) -> str:
    """``pin`` if it is a good PIN, else CompanionError naming ``where`` it was given."""
    problem = pin_problem(pin)
    if problem:
        raise CompanionError(text("pin.not_good", where=where, problem=problem))
    return pin


def new_pin() -> str:
    return "".join(secrets.choice("0123456789") for _ in range(DIGITS))


def kept_pin(data_dir: Path) -> str:
    """The PIN kept in ``data_dir``, made (and kept, mode 0600) on the first call."""
    path = data_dir / PIN_FILE
    try:
        pin = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        return keep_pin(data_dir, new_pin())
    except (OSError, UnicodeDecodeError) as exc:
        reason = unreadable(exc) if isinstance(exc, OSError) else text("pin.not_ascii")
        raise CompanionError(text("pin.unread", path=str(path), why=reason)) from None
    check_pin_choice(pin, str(path))
    if path.stat().st_mode & 0o077:  # readable by others: make it the owner's again
        path.chmod(0o600)
    return pin


def keep_pin(data_dir: Path, pin: str) -> str:
    """Keep ``pin`` in ``data_dir`` (mode 0600 from the start, replaced whole)."""
    check_pin_choice(pin, "the new PIN")
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / PIN_FILE
    temporary = path.with_name(f".{PIN_FILE}.{os.getpid()}")
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(pin + "\n")
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        raise CompanionError(f"{path}: cannot keep the referee PIN: {exc.strerror}") from None
    return pin
