"""Why spoken words do not parse (companion/games/zwianer/notation/parser.py,
games/tuerme/notation.py, games/tenet/notation.py): German, then English. The words quoted
are the notation's own and stay German in both."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    # what `companion listen` heard (companion/cli/listen.py; "Gehört: …" and "nicht
    # verstanden – …" are the page's heard_words and heard_not_understood)
    "listen.reads": ("liest sich als Ansage: {said}", "reads as an announcement: {said}"),
    "listen.speak": (
        "Taste halten (oder Enter drücken), Ansage sprechen, loslassen (Enter)",
        "hold the button (or press Enter), say the announcement, release (Enter)",
    ),
    "notation.at": ("{what} bei Zeichen {pos}", "{what} at character {pos}"),
    # a word that is not of the game's notation, and a hint (games/words.py unknown)
    "notation.at_hint": ("{what} bei Zeichen {pos}; {hint}", "{what} at character {pos}; {hint}"),
    "notation.did_you_mean": ("meinten Sie {word}?", "did you mean {word}?"),
    # an English word of the page's reading typed (games/words.py english)
    "notation.english": (
        "{word} → sag {german}; Ansagen sind immer deutsch",
        "{word} → say {german}; announcements are in German",
    ),
    "notation.words_known": ("Wörter der Ansage: {words}", "the announcement's words: {words}"),
    # ZwiAner (notation/parser.py)
    "notation.character": ("unerwartetes Zeichen {char}", "unexpected character {char}"),
    "notation.empty": (
        "leere Ansage: sie beginnt mit 'Wurf N'",
        "empty announcement: it starts with 'Wurf N'",
    ),
    "notation.start_wurf": (
        "eine Ansage beginnt mit 'Wurf N', nicht mit {word}",
        "announcement must start with 'Wurf N', not {word}",
    ),
    "notation.unknown": ("unbekanntes Wort {word}", "unknown word {word}"),
    "notation.misplaced": ("{word} passt hier nicht", "{word} does not fit here"),
    "notation.wurf_first": ("'Wurf' darf nur am Anfang stehen", "'Wurf' may only come first"),
    "notation.needs_number": ("nach {word} fehlt eine Zahl", "{word} needs a number"),
    "notation.too_large": ("die Zahl {number} ist zu groß", "number {number} is too large"),
    # the race game (games/tuerme/notation.py)
    "tuerme.say_eg": (
        "z. B. „5 und 2, Brücke“, „raus und 3“, „Turm, 4 und 4“ oder „passe“",
        "say e.g. '5 und 2, Brücke', 'raus und 3', 'Turm, 4 und 4' or 'passe'",
    ),
    "tuerme.before_pasch": (
        "{said} wird vor „Pasch“ gesagt: „Fünferpasch“",
        "{said} is said before 'Pasch': 'Fünferpasch'",
    ),
    "tuerme.wurf_needs": (
        "nach „Wurf“ kommen die Augen des Wurfs: „Wurf 7, 5 und 2“",
        "'Wurf' needs the points of the roll: 'Wurf 7, 5 und 2'",
    ),
    "tuerme.value_after_end": (
        "ein Würfelwert {word} nach dem Ende des Zugs",
        "a die's value {word} after the end of the move",
    ),
    "tuerme.wurf_once": (
        "„Wurf“ kommt zuerst und nur einmal: „Wurf 7, 5 und 2“",
        "'Wurf' comes first, once: 'Wurf 7, 5 und 2'",
    ),
    "tuerme.enter_first": (
        "{word} gilt dem ersten Würfel, der 6, die einen Stein herausbringt",
        "{word} is said of the first die, the 6 that brings a piece in",
    ),
    "tuerme.bridge_after": (
        "„Brücke“ folgt dem Wert des Würfels, der auf der Brücke endete",
        "'Brücke' follows the value of the die that ended on the bridge",
    ),
    "tuerme.unit_first": (
        "{word} nennt den ziehenden Stein und kommt zuerst, einmal",
        "{word} names the moving piece and comes first, once",
    ),
    "tuerme.only_first": (
        "„nur“ kommt vor dem Wert des einen Würfels: „nur 3, Ziel“",
        "'nur' comes before the one die's value: 'nur 3, Ziel'",
    ),
    "tuerme.pass_alone": (
        "„passe“ steht allein: wer aussetzt, zieht nichts",
        "'passe' stands alone: a player who passes moves nothing",
    ),
    "tuerme.pasch_moves": (
        "ein {pair}er-Pasch zieht {pair} und {pair}, nicht {said}",
        "a Pasch of {pair} moves {pair} und {pair}, not {said}",
    ),
    "tuerme.no_value": ("kein Würfelwert genannt", "no die's value named"),
    "tuerme.too_many": (
        "{count} Werte genannt: ein Zug nutzt die zwei Würfel",
        "{count} values named: a move uses the two dice",
    ),
    "tuerme.only_one": (
        "„nur“ nennt den Wert eines Würfels, 1 bis 6: „nur 3, Ziel“",
        "'nur' names one die's value, 1 to 6: 'nur 3, Ziel'",
    ),
    "tuerme.enter_other": (
        "„raus“ nutzt die 6: auch den anderen Würfel nennen, z. B. „raus und 3“",
        "'raus' uses the 6: name the other die too, e.g. 'raus und 3'",
    ),
    "tuerme.neither": (
        "{value} ist weder ein Würfel (1 bis 6) noch die Summe zweier (2 bis 12)",
        "{value} is neither one die (1 to 6) nor the sum of two (2 to 12)",
    ),
    "tuerme.die_range": (
        "ein Würfel zeigt 1 bis 6, nicht {value}",
        "a die shows 1 to 6, not {value}",
    ),
    # TENET (games/tenet/notation.py)
    "tenet.stops_early": ("die Ansage hört zu früh auf", "the announcement stops too early"),
    "tenet.names_start": (
        "'{said} von … nach …' nennt, wo die Kugel startet",
        "'{said} von … nach …' names where the ball starts",
    ),
    "tenet.names_end": (
        "'{said} von {start} nach …' nennt, wo sie endet",
        "'{said} von {start} nach …' names where it ends",
    ),
    "tenet.follows_no_step": ("{said} folgt keinem Schritt", "{said} follows no step"),
    "tenet.pasch_after": (
        "'Pasch' nach dem Ziehen einer Kugel",
        "'Pasch' after moving a ball",
    ),
    "tenet.raeumt": (
        "'räumt' nennt die geräumten Felder: 'räumt K3.4, P3.2'",
        "'räumt' names the fields cleared: 'räumt K3.4, P3.2'",
    ),
    "tenet.step_said": (
        "{said}: ein Schritt heißt '4 von {bare} nach …'",
        "{said}: a step is said '4 von {bare} nach …'",
    ),
    "tenet.no_word": ("{said} ist kein TENET-Wort", "{said} is no TENET word"),
    "tenet.nothing_said": ("nichts gesagt", "nothing said"),
    "tenet.raeumt_pasch": (
        "'räumt' gehört zu einem Pasch ('Pasch 5: …, räumt K3.4')",
        "'räumt' belongs to a Pasch ('Pasch 5: …, räumt K3.4')",
    ),
    "tenet.after_turn": ("{said} nach dem Ende des Zugs", "{said} after the turn was over"),
    "tenet.no_die": (
        "{said} ist keine Zahl eines Miwin-Würfels (1 bis 9)",
        "{said} is no Miwin die's number (1 to 9)",
    ),
    "tenet.before_pasch": (
        "{said} wird vor 'Pasch' gesagt: '{bare}pasch'",
        "{said} is said before 'Pasch': '{bare}pasch'",
    ),
    "tenet.pasch_range": (
        "{said}: ein Pasch der Miwin-Würfel ist 1 bis 9",
        "{said}: a Pasch of Miwin's dice is of 1 to 9",
    ),
    "tenet.no_field": ("kein Feld {said} auf dem Brett", "no field {said} on the board"),
    "tenet.no_planet": (
        "{said} ist kein Planet (Merkur … Pluto, 1 … 9)",
        "{said} is no planet (Merkur … Pluto, 1 … 9)",
    ),
}
