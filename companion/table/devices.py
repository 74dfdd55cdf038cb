"""The table's devices: the panel's LEDs and buttons, and the voice, wired to the referee.

What the referee decides goes out (whose turn on the seat LEDs, the verdict on the green
and red LEDs, the announcement spoken); what the buttons say comes in (electronic dice,
"the pieces stand as shown", undo, and "the dice are down" to the camera's dice reader).
Both sides act on the :class:`~companion.table.table.Table` under its lock, so a button pressed
while the page is used is taken in turn.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from companion.panel import Panel, PanelEvent
from companion.panel.voice import Voice
from companion.table.table import Table
from companion.texts import WORDS, text, word

log = logging.getLogger("companion.table.devices")

#: The referee's verdicts as the panel's two lights show them.
LIGHTS = {"legal": "ok", "illegal": "bad", "setup": "bad", "ambiguous": "bad"}

#: What the voice says besides the announcement (companion/texts; the page's browser
#: voice says the same sentences).
SPOKEN = {
    "illegal": "say_illegal",
    "setup": "say_setup",
    "ambiguous": "say_ambiguous",
    "ask": "say_ask",
}


def spoken_language(voice: Voice) -> str:
    """The sentences are said in the language of the espeak-ng voice ([voice] voice, "de"
    by default), so a German voice never reads English; the announcement is German
    notation in every language."""
    return "de" if getattr(voice, "voice", "de").lower().startswith("de") else "en"


def attach_panel(table: Table, panel: Panel) -> None:
    """Show the referee on the LEDs; feed the buttons to the referee."""

    def show(t: Table) -> None:
        panel.show_turn(t.position.to_move)
        verdict = t.referee.verdict
        if t.journal is not None and t.journal.problem:  # red until the journal writes again
            panel.show_verdict("bad")
            return
        panel.show_verdict(LIGHTS.get(verdict.kind, "none") if verdict else "none")  # type: ignore[arg-type]

    def pressed(event: PanelEvent) -> None:
        with table.lock:
            ref = table.referee
            if event.kind == "roll" and len(event.dice) == 2:
                ref.observe_dice(list(event.dice))
            elif event.kind == "confirm":
                ref.confirm_board()
            elif event.kind == "undo":
                ref.undo()
            else:  # read_dice: attach_read_button() wires it to the camera's dice reader
                key = f"button_{event.kind}"  # the page's word for it, "Würfel lesen"
                button = text(key) if key in WORDS else event.kind
                log.info("%s", text("log.panel_pressed", button=button))

    table.on_change.append(show)
    panel.on_event(pressed)
    show(table)


def attach_read_button(table: Table, panel: Panel, forget_dice: Callable[[], None]) -> None:
    """The "dice are down, read them" button: the dice in view are read as a new throw.

    The camera reads the dice tray on every frame and reports a roll once it lies still,
    and never the same dice twice in a row, so that a roll lying there is not counted
    again. ``forget_dice`` (the watcher's ``expect_throw``) makes the next still dice
    news even if they show the same values at the same place as the last throw, but not
    the very picture the last roll was read from: for that the referee asks (trial s10);
    the press is taken under the table's lock, between two frames.
    """

    def pressed(event: PanelEvent) -> None:
        if event.kind == "read_dice":
            with table.lock:
                forget_dice()
            log.info("%s", text("log.panel_read_dice"))

    panel.on_event(pressed)


def attach_voice(table: Table, voice: Voice) -> None:
    """Speak each new verdict: the announcement of a legal move, else what to do."""
    last: list[object] = [table.referee.verdict]

    def speak(t: Table) -> None:
        verdict = t.referee.verdict
        if verdict is None or verdict is last[0]:
            return
        last[0] = verdict
        if verdict.kind == "legal" and verdict.announcement:
            voice.say(verdict.announcement)
        elif verdict.kind in SPOKEN:
            voice.say(word(SPOKEN[verdict.kind], spoken_language(voice)))

    table.on_change.append(speak)
