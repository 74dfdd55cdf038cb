"""The dice tray's words (companion/tray/, the tray page): fairness verdicts, rolls said,
groups by colour. German, then English."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    # tray/fairness.py: the chi-square test in a player's words; each die read is one
    # sample, so dice are counted ("Würfel"), not rolls ("Würfe": a roll is several dice)
    "tray.fair": (
        "nach {rolls} Würfeln kein Hinweis auf einen gezinkten Würfel (p {p})",
        "after {rolls} dice no sign of a loaded die (p {p})",
    ),
    "tray.too_often": (
        "die {face} kommt zu oft: p {p} (nach {rolls} Würfeln)",
        "the {face} comes up too often: p {p} (after {rolls} dice)",
    ),
    "tray.too_rarely": (
        "die {face} kommt zu selten: p {p} (nach {rolls} Würfeln)",
        "the {face} comes up too rarely: p {p} (after {rolls} dice)",
    ),
    "tray.too_few.one": (
        "1 Würfel: für einen Test auf gezinkte Würfel braucht es mindestens {needed}",
        "1 die: a test for loaded dice needs at least {needed}",
    ),
    "tray.too_few.other": (
        "{count} Würfel: für einen Test auf gezinkte Würfel braucht es mindestens {needed}",
        "{count} dice: a test for loaded dice needs at least {needed}",
    ),
}


_ONES_DE = "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn "
_ONES_DE += "vierzehn fünfzehn sechzehn siebzehn achtzehn neunzehn"
_TENS_DE = "zwanzig dreißig vierzig fünfzig sechzig siebzig achtzig neunzig"
_ONES_EN = "zero one two three four five six seven eight nine ten eleven twelve thirteen "
_ONES_EN += "fourteen fifteen sixteen seventeen eighteen nineteen"
_TENS_EN = "twenty thirty forty fifty sixty seventy eighty ninety"


def _de(n: int) -> str:
    """A number from 0 to 99 in German words ("einundzwanzig")."""
    ones, tens = _ONES_DE.split(), _TENS_DE.split()
    if n < 20:
        return ones[n]
    unit = "ein" if n % 10 == 1 else ones[n % 10]
    return tens[n // 10 - 2] if n % 10 == 0 else f"{unit}und{tens[n // 10 - 2]}"


def _en(n: int) -> str:
    """A number from 0 to 99 in English words ("twenty-one")."""
    ones, tens = _ONES_EN.split(), _TENS_EN.split()
    if n < 20:
        return ones[n]
    return tens[n // 10 - 2] + ("" if n % 10 == 0 else f"-{ones[n % 10]}")


#: The numbers a roll is said with: "tray.n.7" is "sieben"/"seven", "tray.N.7" "Sieben"/"Seven".
NUMBERS = 100
WORDS.update({f"tray.n.{n}": (_de(n), _en(n)) for n in range(NUMBERS)})
WORDS.update({f"tray.N.{n}": (_de(n).capitalize(), _en(n).capitalize()) for n in range(NUMBERS)})

WORDS.update(
    {
        # tray/session.py: a roll said, and why a frame or a photo gave none
        "tray.said": ("{total}: {dice}", "{total}: {dice}"),
        "tray.and": ("{first} und {last}", "{first} and {last}"),
        "tray.nothing": ("keine Würfel zu sehen", "no dice in view"),
        "tray.rolling": ("die Würfel rollen noch", "the dice are still rolling"),
        "tray.settling": ("Würfel liegen: {values}", "dice lying: {values}"),
        "tray.blurred": (
            "das Foto ist verwackelt (die Würfel sind unscharf): bitte noch einmal",
            "the photo is blurred (the dice are not sharp): please take it again",
        ),
        "tray.no_dice_photo": (
            "auf dem Foto sind keine Würfel zu sehen: nichts gezählt",
            "no dice in the photo: nothing counted",
        ),
        "tray.hand": (
            "eine Hand in der Schale: es wird gewartet, bis sie weg ist",
            "a hand in the tray: waiting until it is gone",
        ),
        "tray.asked": (
            "unsicher gelesen: bitte den Wert von Würfel {dice} angeben (nichts geraten)",
            "read unsurely: please give the value of die {dice} (nothing guessed)",
        ),
        "tray.answer_bad": (
            "Würfel {die}: {value!r} ist keine Augenzahl dieses Würfels ({faces})",
            "die {die}: {value!r} is no face of this die ({faces})",
        ),
        "tray.no_die_left": (
            "kein Würfel übrig: nichts gezählt; bitte neu würfeln",
            "no die left: nothing counted; please throw again",
        ),
        "tray.again": (
            "nicht gezählt: bitte neu würfeln",
            "not counted: please throw the dice again",
        ),
        "tray.no_question": (
            "es ist kein Wurf offen, der eine Antwort braucht",
            "no roll is waiting for an answer",
        ),
        "tray.photo_empty": (
            "{name}: leere Datei, kein Bild; nichts gezählt",
            "{name}: empty file, not an image; nothing counted",
        ),
        "tray.photo_cut": (
            "{name}: abgeschnittenes JPEG (kein Ende); nichts gezählt",
            "{name}: truncated JPEG (no end-of-image marker); nothing counted",
        ),
        "tray.photo_unreadable": (
            "{name}: kein lesbares Bild (beschädigt oder nicht JPEG/PNG); nichts gezählt",
            "{name}: not a readable image (corrupt or not JPEG/PNG); nothing counted",
        ),
        "tray.too_many": (
            "{count} Würfel auf einmal: mehr als {most} werden nicht gezählt",
            "{count} dice at once: more than {most} are not counted",
        ),
    }
)

WORDS.update(
    {
        # the tray's page (companion/web/tray.py, templates/tray.html)
        "tray_title": ("Würfelschale", "Dice tray"),
        "tray_sum": ("Summe", "Sum"),
        "tray_value": ("Augen", "Value"),
        "tray_kind": ("Würfel", "Die"),
        "tray_colour": ("Farbe", "Colour"),
        "tray_confidence": ("Sicherheit", "Confidence"),
        "tray_asked_mark": ("angegeben", "given"),
        "tray_die": ("Würfel {number}", "Die {number}"),
        "tray_read_as": ("gelesen: {value}?", "read: {value}?"),
        "tray_answer": ("So zählen", "Count it so"),
        "tray_not_a_die": ("kein Würfel", "not a die"),
        "tray_again": ("Neu würfeln (nicht zählen)", "Throw again (do not count)"),
        "tray_answer_how": (
            "Für jeden unsicheren Würfel: die Augenzahl, oder „kein Würfel“, wenn dort "
            "keiner liegt (er wird weggelassen).",
            "For each unsure die: its value, or 'not a die' where none lies there (it is "
            "left out).",
        ),
        "tray_asked_roll": (
            "Der Wurf, nach dem gefragt wird (noch nicht gezählt):",
            "The roll being asked about (not counted yet):",
        ),
        "tray_asked_picture": (
            "das Bild, nach dem gefragt wird, jeder Würfel mit seiner Nummer",
            "the picture being asked about, each die with its number",
        ),
        "tray_place": ("Ort", "Place"),
        "tray_place_centre": ("Mitte", "centre"),
        "tray_place_row_0": ("oben", "top"),
        "tray_place_row_2": ("unten", "bottom"),
        "tray_place_column_0": ("links", "left"),
        "tray_place_column_2": ("rechts", "right"),
        "tray_throw": ("Würfeln (Probekamera)", "Throw (synthetic camera)"),
        "tray_photo": ("Foto der Würfel", "Photo of the dice"),
        "tray_send": ("Foto senden", "Send photo"),
        "tray_photo_hint": (
            "Vom Handy: die Kamera öffnet sich; das Foto wird gelesen wie ein Bild der Kamera.",
            "From a phone: the camera opens; the photo is read as the camera's frames are.",
        ),
        "tray_fairness": ("Ist der Würfel fair?", "Are the dice fair?"),
        "tray_no_rolls": ("Noch kein Wurf.", "No roll yet."),
        "tray_all": ("alle", "all"),
        "tray_names": (
            "Gruppen nach Farbe benennen (z. B. rot greift an, blau verteidigt)",
            "Name the groups by colour (e.g. red attacks, blue defends)",
        ),
        "tray_name_example": ("greift an", "attacks"),
        "tray_names_save": ("Namen speichern", "Save names"),
        "tray_history": ("Würfe ({count})", "Rolls ({count})"),
        "tray_dice": ("Würfel", "Dice"),
        "tray_new": ("Neue Schale", "New tray"),
        "tray_new_done": (
            "Neue Schale begonnen; die alten Würfe bleiben im Journal.",
            "New tray started; the old rolls stay in the journal.",
        ),
        "tray_thrown": (
            "Probekamera: Würfel geworfen ({dice}); die Kamera liest sie gleich.",
            "Synthetic camera: dice thrown ({dice}); the camera reads them in a moment.",
        ),
        "tray_no_synthetic": (
            "Keine Probekamera: bitte würfeln oder ein Foto senden.",
            "No synthetic camera: roll the dice or send a photo.",
        ),
        "tray_no_photo": ("Kein Foto gewählt.", "No photo chosen."),
        "tray.kind_unknown": (
            "unbekannte Würfelart {kind!r} (d6 oder miwin)",
            "unknown kind of dice {kind!r} (d6 or miwin)",
        ),
        "tray_opened": (
            "Die Würfelschale ist bereit: jeder Wurf wird gelesen, gezählt und geprüft.",
            "The dice tray is ready: every roll is read, counted and tested.",
        ),
        # what becomes of the running game is said once, in the box (trial s10 L15)
        "setup_tray": (
            "Würfelschale: für jedes Würfelspiel; Spieler, Phase und Regelschalter gibt es hier "
            "nicht.",
            "Dice tray: for any dice game; there are no players, phase or rule switches.",
        ),
        # a grey photo shows no colour (trial s10 L16: it was read "Weiß, Blau, Blau, Blau")
        "tray_colour_unknown": ("unbekannt", "unknown"),
        "tray_no_colours": (
            "Das Bild zeigt keine Farben (schwarzweiß?): die Würfel werden nicht nach Farbe "
            "gezählt.",
            "The picture shows no colours (black and white?): the dice are not counted by colour.",
        ),
        "tray_photo_lost": (
            "Das Foto kam nicht an (keine Verbindung?): bitte noch einmal senden.",
            "The photo did not arrive (no connection?): please send it again.",
        ),
        # whose line and which roll (trial s10 L16: "keine Würfel zu sehen" stood above a
        # photo's reading, as if said of it)
        "tray_camera_sees": ("Kamera: {note}", "Camera: {note}"),
        "tray_last_roll": (
            "Letzter Wurf (Nr. {number}, {source}):",
            "Last roll (no. {number}, {source}):",
        ),
        "tray_source_camera": ("Kamera", "camera"),
        "tray_source_photo": ("Foto", "photo"),
        "tray_source_synthetic": ("Probekamera", "synthetic camera"),
        "tray_start": ("Würfelschale öffnen", "Open the dice tray"),
        "setup_tray_discard": (
            "Ja, das laufende Spiel ({game}) beenden (es bleibt unfertig im Protokoll)",
            "Yes, end the running game ({game}) (it stays unfinished in the journal)",
        ),
        "game.tray": ("Würfelschale (jedes Würfelspiel)", "Dice tray (any dice game)"),
    }
)
