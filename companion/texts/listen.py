"""What ``companion listen`` says (companion/cli/listen.py, companion/listen/): the table's
verdict on the words heard, the exit statuses, and why it cannot hear or cannot reach the
table, in German and English (new-user trial s11 M1, M2: these were English under
``--lang de``). "Gehört: …" and "nicht verstanden – …" are the page's ``heard_words`` and
``heard_not_understood``; "liest sich als Ansage" and the prompt are ``listen.reads`` and
``listen.speak`` (companion/texts/notation.py)."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    # the table's verdict on what was heard (verdict.said with the verdict's name)
    "verdict.ask": ("Rückfrage", "question"),
    "listen.exits": (
        "Rückgabewert: 0, wenn der Tisch die Ansage erlaubt nennt (ohne --table: wenn sie "
        "sich als Ansage liest); 1, wenn nichts verstanden wurde oder der Tisch sie nicht "
        "erlaubt nennt, nachfragt oder einen Hinweis gibt; 2, wenn die WAV-Datei, das "
        "Mikrofon, die Taste oder der Tisch nicht gehen.",
        "Exit status: 0 where the table calls the announcement legal (without --table: "
        "where it reads as an announcement); 1 where nothing was understood, or the table "
        "calls it illegal, asks which move was meant or gives a note; 2 where the WAV file, "
        "the microphone, the button or the table cannot be used.",
    ),
    # hearing: the microphone, the push-to-talk button, the WAV file, the recogniser
    "listen.no_arecord": (
        "kein „arecord“ zum Aufnehmen: sudo apt install alsa-utils",
        "no 'arecord' to record with: sudo apt install alsa-utils",
    ),
    "listen.mic_silent": (
        "Mikrofon {device} nimmt nichts auf: {why}",
        "microphone {device} records nothing: {why}",
    ),
    "listen.no_audio": ("keine Audiodaten", "no audio"),
    "listen.no_gpio": (
        "--button {pin}: hier gibt es keine GPIO-Pins (kein Raspberry Pi)",
        "--button {pin}: no GPIO pins here (not a Raspberry Pi)",
    ),
    "listen.no_terminal": (
        "kein Terminal, auf dem Enter gedrückt werden kann: --wav DATEI oder --button PIN angeben",
        "no terminal to press Enter on: use --wav FILE or --button PIN",
    ),
    "listen.not_wav": (
        "{name}: keine WAV-Datei (die Aufnahme als WAV mit 16 Bit PCM speichern)",
        "{name}: not a WAV file (save the recording as a 16-bit PCM WAV)",
    ),
    "listen.not_16_bit": (
        "{name}: braucht 16-Bit-PCM, nicht {bits} Bit",
        "{name}: needs 16-bit PCM audio, not {bits}-bit",
    ),
    "listen.empty_wav": ("{name}: die WAV-Datei ist leer", "{name}: the WAV file is empty"),
    "listen.no_pocketsphinx": (
        "der Offline-Erkenner braucht pocketsphinx: {pip} install -e '.[listen]'",
        "the offline recogniser needs pocketsphinx: {pip} install -e '.[listen]'",
    ),
    # the table (companion/listen/client.py)
    "listen.table_url": (
        "--table {table}: den Tisch als http://host:port angeben",
        "--table {table}: give the table as http://host:port",
    ),
    "listen.table_unreachable": (
        "Tisch {url} nicht erreichbar: {why}",
        "table {url} cannot be reached: {why}",
    ),
    "listen.why.refused": (
        "dort antwortet niemand (läuft companion serve auf diesem Port?)",
        "nobody answers there (is companion serve running on that port?)",
    ),
    "listen.why.timeout": ("keine Antwort in {seconds} s", "no answer in {seconds} s"),
    "listen.why.unknown_host": ("unbekannter Rechnername", "unknown host name"),
    "listen.table_status": (
        "Tisch {url} antwortet {code} {reason}",
        "table {url} answered {code} {reason}",
    ),
    "listen.table_no_json": ("Tisch {url} antwortet kein JSON", "table {url} answered no JSON"),
    "listen.table_no_legal": (
        "Tisch {url} antwortet nicht mit den erlaubten Ansagen eines Spiels",
        "table {url} answered no game's legal announcements",
    ),
    "listen.table_cannot_say": (
        "Tisch {url} nennt eine Ansage, die sich nicht sprechen lässt: {why}",
        "table {url} answered an announcement it cannot say: {why}",
    ),
    "listen.table_no_verdict": (
        "Tisch {url} antwortet ohne Urteil über das Gehörte",
        "table {url} answered without a verdict on what was heard",
    ),
}
