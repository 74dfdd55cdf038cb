"""calibrate, sample, render and replay refuse in the players' language (newcomer-s11
item 2): every refusal a player can reach with a bad photo, folder, file or argument."""

from __future__ import annotations

import contextlib
import io
import json
import re
import sqlite3
from pathlib import Path

import cv2
import numpy as np
import pytest
from test_languages import foreign

from companion.cli import main
from companion.store.journalcheck import APPLICATION_ID
from companion.vision.calibration import FORMAT

#: argv (FOLDER stands for the test's folder of bad files) → German, English, both quoted
#: from the line; walked through every command the brief names.
CASES = [
    # calibrate
    ("calibrate target -o F/t.gif", "F/t.gif: die Vorlage wird als .png (oder .jpg)",
     "F/t.gif: the target is written as .png (or .jpg)"),
    ("calibrate target -o F/t.png --px-per-mm 0", "--px-per-mm muss größer als 0",
     "--px-per-mm must be positive"),
    ("calibrate target -o F/t.png --px-per-mm 99",
     "--px-per-mm 99: feiner druckt kein Drucker", "--px-per-mm 99 is more than a printer"),
    ("calibrate camera F/grey.png -c F/c.json",
     "die ChArUco-Vorlage war auf 0 von 1 Fotos zu sehen; nötig sind mindestens 4",
     "the ChArUco target was found in 0 of 1 photos; need at least 4"),
    ("calibrate camera F/bad.jpg -c F/c.json", "F/bad.jpg: kein lesbares Bild",
     "F/bad.jpg: not a readable image"),
    ("calibrate corners --points a b c d -c F/c.json", "--points: 'a' ist nicht X,Y in Pixeln",
     "--points: 'a' is not X,Y in pixels"),
    ("calibrate corners --points 1,1 2,2 3,3 4,4 -c F/c.json",
     "die vier Ecken umschließen keine Fläche", "the four corners do not span an area"),
    ("calibrate colours -c F/c.json", "bitte mindestens eines von --empty, --start, --position",
     "give at least one of --empty, --start, --position"),
    ("calibrate colours --position F/grey.png F/notjson.json -c F/c.json",
     "F/notjson.json: kein JSON", "F/notjson.json: not JSON"),
    ("calibrate colours --position F/grey.png F/nix.json -c F/c.json",
     "F/nix.json: kann nicht lesen: Datei nicht gefunden",
     "F/nix.json: cannot read: No such file or directory"),
    ("calibrate dice F/grey.png --name d6 --at 5,5 -c F/c.json",
     "der Würfel bei 5,5 mit Radius 15 px liegt nicht im Foto (640x480)",
     "die at 5,5 with radius 15 px is not inside the 640x480 photo"),
    ("calibrate dice F/grey.png --name d6 --at a -c F/c.json", "--at: 'a' ist nicht X,Y",
     "--at: 'a' is not X,Y"),
    ("calibrate tray -c F/c.json", "bitte FOTO und --box X0,Y0,X1,Y1 angeben (oder --clear)",
     "give PHOTO and --box X0,Y0,X1,Y1 (or --clear)"),
    ("calibrate tray --clear F/grey.png -c F/c.json", "--clear nimmt kein FOTO und keine --box",
     "--clear takes no PHOTO and no --box"),
    ("calibrate tray F/grey.png --box 1,2 -c F/c.json",
     "--box: '1,2' ist nicht X0,Y0,X1,Y1 in Pixeln", "--box: '1,2' is not X0,Y0,X1,Y1 in pixels"),
    ("calibrate tray F/grey.png --box 5,5,1,1 -c F/c.json", "nötig ist X0 < X1 und Y0 < Y1",
     "needs X0 < X1 and Y0 < Y1"),
    ("calibrate tray F/grey.png --box 1,2,3,4 -c F/c.json",
     "F/grey.png: --box 1,2,3,4: jede Seite muss mindestens 2% des Bildes lang sein",
     "F/grey.png: --box 1,2,3,4: each side must be at least 2% of the frame"),
    ("calibrate tray F/grey.png --box 1,2,3000,400 -c F/c.json",
     "--box 1,2,3000,400 liegt nicht im Foto (640x480;",
     "--box 1,2,3000,400 is not inside the 640x480 photo"),
    # sample
    ("sample dice -o F/x.gif", "F/x.gif: das Foto bitte als .jpg oder .png",
     "F/x.gif: write the photo as .jpg or .png"),
    ("sample dice -o F/nix/x.png", "F/nix: diesen Ordner gibt es nicht", "F/nix: no such folder"),
    ("sample dice -o F/x.png --count 4 --kind miwin",
     "--count 4: eine Schale mit miwin fasst 1 bis 3",
     "--count 4: a miwin tray holds 1 to 3 dice"),
    ("sample game -o F/frames", "F/frames: bitte einen neuen oder leeren Ordner",
     "F/frames: give a new or empty folder"),
    # render
    ("render -o F/o.svg", "bitte eine Stellungsdatei (STELLUNG) oder --layout BRETT",
     "nothing to draw: give a POSITION file or --layout NAME"),
    ("render --layout gravitation -o F/o.gif", "F/o.gif: das Bildformat ist unklar",
     "F/o.gif: cannot tell the picture format"),
    ("render --layout gravitation -o F/o.svg --scale 0", "--scale muss größer als 0",
     "--scale must be more than 0"),
    ("render --layout gravitation -o F/o.svg --photo", "F/o.svg: ein Foto wird als .jpg oder .png",
     "F/o.svg: a photo is written as .jpg or .png"),
    ("render --layout gravitation -o F/nix/o.svg", "Datei nicht gefunden: F/nix/o.svg",
     "No such file or directory: F/nix/o.svg"),
    ("render F/notjson.json -o F/o.svg", "F/notjson.json: kein JSON", "F/notjson.json: not JSON"),
    # replay
    ("replay F/nix", "F/nix: diesen Ordner mit Bildern gibt es nicht",
     "F/nix: no such folder of frames"),
    ("replay F/grey.png", "F/grey.png: eine Datei, kein Ordner mit Bildern",
     "F/grey.png: a file, not a folder of frames"),
    ("replay F/empty", "F/empty: keine Bilddateien darin", "F/empty: no image files in it"),
    ("replay F/frames --journal F/j.sqlite",
     "F/j.sqlite: kein Spieljournal des Companion (keine SQLite-Datenbank); bleibt unberührt",
     "F/j.sqlite: not a companion journal (not an SQLite database); refusing to touch it"),
    ("replay F/frames --journal F/other.sqlite",
     "F/other.sqlite: die SQLite-Datenbank eines anderen Programms",
     "F/other.sqlite: another program's SQLite database"),
    ("replay F/frames --journal F/future.sqlite",
     "F/future.sqlite: Journal-Schema 99, dieser Companion liest",
     "F/future.sqlite: journal schema 99, this companion reads"),
    ("calibrate camera F/grey.png F/frames/001.png -c F/c.json",
     "die Fotos der Kalibriervorlage müssen gleich groß sein, sind aber 64x48, 640x480",
     "calibration photos must share one size, got 64x48, 640x480"),
    ("calibrate show -c F/notcal.json", "F/notcal.json: keine Kalibrierdatei (format muss",
     "F/notcal.json: not a calibration file (format must be"),
    ("calibrate show -c F/badtray.json", "F/badtray.json: Würfelschale x 0-1.5, y 0-1: ",
     "F/badtray.json: tray x 0-1.5, y 0-1: "),
    ("replay F/frames --game tuerme --position F/start.json",
     "F/start.json: eine Stellung von 'gravitation', nicht von 'tuerme'",
     "F/start.json: a position of 'gravitation', not of 'tuerme'"),
]  # fmt: skip


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:  # type: ignore[no-untyped-def]
    here = tmp_path_factory.mktemp("bad")
    cv2.imwrite(str(here / "grey.png"), np.full((480, 640, 3), 128, np.uint8))
    (here / "bad.jpg").write_bytes(b"garbage")
    (here / "notjson.json").write_text("x", encoding="utf-8")
    (here / "notcal.json").write_text('{"format": "x"}', encoding="utf-8")
    tray = {"format": FORMAT, "layout": "gravitation", "tray": [0, 0, 1.5, 1]}
    (here / "badtray.json").write_text(json.dumps(tray), encoding="utf-8")
    (here / "j.sqlite").write_text("not sqlite", encoding="utf-8")
    with sqlite3.connect(here / "other.sqlite") as db:
        db.execute("CREATE TABLE t (x)")
    with sqlite3.connect(here / "future.sqlite") as db:  # a journal of a later companion
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute("PRAGMA user_version = 99")
        db.execute("CREATE TABLE t (x)")
    for name in ("empty", "frames"):
        (here / name).mkdir()
    cv2.imwrite(str(here / "frames" / "001.png"), np.full((48, 64, 3), 128, np.uint8))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["start", "--players", "red,yellow"]) == 0
    (here / "start.json").write_text(out.getvalue(), encoding="utf-8")
    return here


@pytest.mark.parametrize(("argv", "german", "english"), CASES, ids=[c[0] for c in CASES])
def test_a_refusal_is_one_line_in_german_and_in_english(capsys, folder, argv, german, english):
    words = argv.replace("F/", f"{folder}/").split()
    for lang, expected in (("de", german), ("en", english)):
        code = main(["--lang", lang, *words])
        err = capsys.readouterr().err.replace(f"{folder}/", "F/")
        assert code == 2 and err.count("\n") == 1 and expected in err, (lang, err)
        said = re.sub(r"F/\S+|--[\w-]+", " ", err.split(": ", 1)[1])  # paths, options
        assert foreign(said, lang) == [], (lang, err)
