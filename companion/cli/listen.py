"""``companion listen [--wav FILE] [--table URL] [--game NAME] [--button PIN]``.

Hears a spoken announcement offline (pocketsphinx and the game's grammar, docs/listen.md):
from a WAV file, or from the microphone while the push-to-talk button (or Enter) is held.
Prints what was heard; with ``--table`` asks the table for its game and legal
announcements now (``GET /legal``: the heard words' rivals, one word apart, are scored
against the audio and a close one is posted too, so that the table asks which was
meant), posts the alternatives to the table server and prints the table's verdict
("nicht erlaubt: …" with its reason, in the listener's language); without it says
whether the words read as the game's notation. The words heard are shown once, as said
("fünf", not the recogniser's "fuenf").
Exit 0: the table calls the words legal (without a table: they read as an
announcement); 1: nothing heard (silence, noise, another language, half a sentence:
"nicht verstanden – bitte wiederholen"), or the table refuses the words, asks which move
was meant or answers with a note; 2: a missing file, microphone or table (``listen.exits``,
the same in ``--help`` and docs/listen.md; new-user trial s11 M1 found an illegal
announcement exiting 0).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.games.game import game
from companion.listen.grammar import TOP, spelled, written
from companion.texts import WORDS, text, unreadable

NAME = "listen"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game",
        choices=tuple(TOP),
        default="gravitation",
        help=text("opt.listen.game"),
    )
    parser.add_argument("--wav", type=Path, help=text("opt.listen.wav"))
    parser.add_argument("--table", help=text("opt.listen.table"))
    parser.add_argument("--device", default="default", help=text("opt.listen.device"))
    parser.add_argument("--button", type=int, help=text("opt.listen.button"))
    parser.epilog = text("listen.exits")


def reads(game_name: str, words: str) -> str:
    """The text the game's notation reads from ``words`` (CompanionError or ValueError
    where it does not parse), through the game's protocol as every command."""
    said = written(words, game_name)
    game(game_name).reading(said)
    return said


def run(args: argparse.Namespace) -> int:
    # numpy, pocketsphinx and gpiozero load only when listening (`companion --help` stays light)
    from companion.listen.client import legal_now, post_heard, table_url
    from companion.listen.mic import button_waits, check_microphone, enter, record
    from companion.listen.offline import Recogniser, read_wav

    if args.table:
        table_url(args.table)  # a wrong address is said before anyone speaks
    if args.wav is not None:
        try:
            data = args.wav.read_bytes()
        except OSError as e:
            raise CompanionError(f"{args.wav}: {unreadable(e)}") from None
        name = str(args.wav)
    else:
        start, stop = button_waits(args.button) if args.button is not None else (enter, enter)
        check_microphone(args.device)  # before anyone is asked to speak (trial s11 M2)
        print(text("listen.speak"))
        data, name = record(args.device, start, stop), args.device
    samples = read_wav(data, name)
    game_name: str = args.game
    legal: tuple[str, ...] = ()
    if args.table:  # the table's game and moves now, after the words were said
        game_name, legal = legal_now(args.table)
    heard = Recogniser(game_name).hear(samples, legal)
    if not heard:
        print(text("heard_not_understood"))
        return 1
    shown = [spelled(written(h, game_name), game_name) for h in heard]
    if args.table:
        return _told(post_heard(args.table, shown), shown[0])
    print(text("heard_words", words=shown[0]))
    for words in heard:
        try:
            said = reads(args.game, words)
        except (CompanionError, ValueError):
            continue
        print(text("listen.reads", said=said))
        return 0
    print(text("heard_not_understood"))
    return 1


def _told(answer: dict[str, Any], best: str) -> int:
    """The table's answer said: the words it took (else the best heard), once, then its
    verdict with the reason ("nicht erlaubt: … Wurf 6 passt nicht zum Wurf 4+2"), or its
    message where it took none (not understood, or two legal moves heard: which?). 0
    where the verdict is legal, else 1 (trial s11 M1: the heard line twice, exit 0)."""
    verdict = answer.get("verdict")
    if not answer.get("understood") or not isinstance(verdict, dict):
        print(text("heard_words", words=best))
        print(answer["message"])
        return 1
    print(text("heard_words", words=answer["heard"]))
    kind, reason = verdict["verdict"], verdict["reason"]
    named = f"verdict.{kind}"
    print(text("verdict.said", verdict=text(named), reason=reason) if named in WORDS else reason)
    return 0 if kind == "legal" else 1
