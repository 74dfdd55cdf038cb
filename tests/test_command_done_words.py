"""What calibrate, render, sample, journal and config say when they did it, in the
players' language (trial s8: "measured on 2 photos", "wrote …" and "ok, 36 games" stayed
English under --lang de while the refusals were German)."""

from __future__ import annotations

import re
from pathlib import Path

import cv2
import numpy as np
import pytest
from calibration_helpers import photos
from test_languages import foreign

from companion.cli import main

NEW = "calibrate tray --clear -c F/c.json"  # makes F/c.json, quickly
#: (argv run first, argv, German, English), each quoted from what it prints
CASES = [
    ([], "calibrate target -o F/t.png --px-per-mm 4",
     "F/t.png geschrieben: mit 102 dpi drucken, dann sind die Quadrate",
     "wrote F/t.png: print at 102 dpi so that the squares are"),
    ([], "calibrate corners --points 10,10 600,10 600,400 10,400 -c F/c.json",
     "F/c.json: Brett: vier Ecken und ihre Pixel gespeichert",
     "F/c.json: board: four corners and their pixels stored"),
    ([], "calibrate colours --empty F/empty.png --start F/start.png -c F/c.json",
     "F/c.json: Farben: an 2 Fotos gemessen", "F/c.json: colours: measured on 2 photos"),
    ([], NEW, "Würfelschale: keine; Würfel werden überall im Bild gelesen",
     "tray: none; dice are read anywhere in the frame"),
    ([], "calibrate tray F/empty.png --box 0,0,300,200 -c F/c.json",
     "Hinweis: in der Box wurde kein Würfel gelesen",
     "note: no die read inside the box"),
    ([NEW], "calibrate show -c F/c.json", "Würfelschale: keine (Würfel werden überall gelesen)",
     "tray: none (dice read anywhere)"),
    ([NEW, NEW], "calibrate restore -c F/c.json", "die vorige Kalibrierung ist zurück",
     "restored the previous calibration"),
    ([NEW], "calibrate reset -c F/c.json", "auf die Standardwerte zurückgesetzt",
     "reset to the defaults"),
    ([], "render --layout gravitation -o F/b.svg", "F/b.svg geschrieben", "wrote F/b.svg"),
    ([], "sample dice -o F/d.png", "F/d.png geschrieben: ", "wrote F/d.png: "),
    ([], "config --check", "eingebaute Standardwerte: in Ordnung", "built-in defaults: ok"),
    (["replay F/frames --journal F/j.sqlite"], "journal check --journal F/j.sqlite",
     "F/j.sqlite: in Ordnung, 1 Spiel", "F/j.sqlite: ok, 1 game"),
]  # fmt: skip


def fill(here: Path) -> None:
    for name, image in (("empty", photos()["empty"]), ("start", photos()["start"])):
        cv2.imwrite(str(here / f"{name}.png"), image)
    (here / "frames").mkdir()
    cv2.imwrite(str(here / "frames" / "001.png"), np.full((48, 64, 3), 128, np.uint8))


@pytest.mark.parametrize(("first", "argv", "german", "english"), CASES, ids=[c[1] for c in CASES])
def test_what_a_command_did_is_said_in_german_and_in_english(
    capsys, tmp_path, first, argv, german, english
):
    for lang, expected in (("de", german), ("en", english)):
        here = tmp_path / lang
        here.mkdir()
        fill(here)
        for before in first:
            main(["--lang", lang, *before.replace("F/", f"{here}/").split()])
        capsys.readouterr()
        assert main(["--lang", lang, *argv.replace("F/", f"{here}/").split()]) == 0
        out = capsys.readouterr().out.replace(f"{here}/", "F/")
        assert expected in out, (lang, out)
        said = re.sub(r"F/\S+|--[\w-]+|\S+\.json", " ", out)  # paths, options
        assert foreign(said, lang) == [], (lang, out)


def test_serve_says_how_it_started_in_the_language_asked(monkeypatch, caplog, tmp_path):
    # trial s8: "journal: … (unfinished game resumed …)", "serving …", "referee PIN: …"
    import companion.web.connections as connections

    class Stub:
        def run(self) -> None: ...

        def close(self) -> None: ...

    monkeypatch.setattr(connections, "guarded_server", lambda *a, **k: Stub())
    argv = ["--lang", "de", "serve", "--data-dir", str(tmp_path), "--port", "8131"]
    with caplog.at_level("INFO", logger="companion"):
        assert main(argv) == 0
    said = [r.getMessage() for r in caplog.records if r.name == "companion"]  # serve's own
    assert "Journal: " in said[1] and said[1].endswith("(neues Spiel)"), said
    serving = "ZwiAner::Gravitation für Rot, Gelb auf http://127.0.0.1:8131/ (nur dieser Rechner:"
    assert serving in said[2], said
    assert said[3].startswith("Schiedsrichter-PIN: in "), said
    lines = " ".join(re.sub(r"\S+/\S+|--[\w-]+|`[^`]*`", " ", m) for m in said)
    assert foreign(lines, "de") == [], said


def test_a_line_main_cannot_run_is_said_in_german_too(capsys, monkeypatch):
    from companion.cli import moves

    assert main(["--lang", "de", "render", "a\x00b", "-o", "x.svg"]) == 2
    assert capsys.readouterr().err == "companion render: ein Argument enthält ein NUL-Zeichen\n"

    def crash(args):  # type: ignore[no-untyped-def]
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(moves, "run", crash)
    assert main(["--lang", "de", "moves", "x.json", "--roll", "5,2"]) == 3
    err = capsys.readouterr().err
    assert err.startswith("companion moves: interner Fehler (ZeroDivisionError: division by zero)")
