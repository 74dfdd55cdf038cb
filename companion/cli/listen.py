"""``companion listen [--wav FILE] [--table URL] [--game NAME] [--button PIN]``.

Hears a spoken announcement offline (pocketsphinx and the game's grammar, docs/listen.md):
from a WAV file, or from the microphone while the push-to-talk button (or Enter) is held.
Prints what was heard; with ``--table`` asks the table for its game and legal
announcements now (``GET /legal``: the heard words' rivals, one word apart, are scored
against the audio and a close one is posted too, so that the table asks which was
meant), posts the alternatives to the table server and prints its answer; without it
says whether the words read as the game's notation.
Nothing heard (silence, noise, another language, half a sentence) prints "nicht
verstanden – bitte wiederholen" and exits 1; a missing file or microphone exits 2.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.errors import CompanionError
from companion.games.game import game
from companion.listen.grammar import TOP, written
from companion.texts import text

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


def reads(game_name: str, words: str) -> str:
    """The text the game's notation reads from ``words`` (CompanionError or ValueError
    where it does not parse), through the game's protocol as every command."""
    said = written(words, game_name)
    game(game_name).reading(said)
    return said


def run(args: argparse.Namespace) -> int:
    # numpy, pocketsphinx and gpiozero load only when listening (`companion --help` stays light)
    from companion.listen.client import legal_now, post_heard, table_url
    from companion.listen.mic import button_waits, enter, record
    from companion.listen.offline import Recogniser, read_wav

    if args.table:
        table_url(args.table)  # a wrong address is said before anyone speaks
    if args.wav is not None:
        try:
            data = args.wav.read_bytes()
        except OSError as e:
            raise CompanionError(f"{args.wav}: {e.strerror}") from None
        name = str(args.wav)
    else:
        start, stop = button_waits(args.button) if args.button is not None else (enter, enter)
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
    print(text("heard_words", words=written(heard[0], game_name)))
    if args.table:
        answer = post_heard(args.table, [written(h, game_name) for h in heard])
        print(answer["message"])
        return 0 if answer.get("understood") else 1
    for words in heard:
        try:
            said = reads(args.game, words)
        except (CompanionError, ValueError):
            continue
        print(text("listen.reads", said=said))
        return 0
    print(text("heard_not_understood"))
    return 1
