"""Why a position does not fit its game and layout (companion/model/position.py,
model/position_checks.py, the games' specs): German, then English. JSON keys ('stone',
'stacks', …), option names and field ids stay as the position file writes them."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    # the file as a whole, and its keys (model/position.py)
    "position.in_source": ("{source}: {why}", "{source}: {why}"),
    "position.not_object": (
        "eine Stellung muss ein JSON-Objekt sein",
        "a position must be a JSON object",
    ),
    "position.unknown_key": (
        "unbekannter Schlüssel {name} in der Stellung",
        "unknown key {name} in position",
    ),
    "position.no_game": (
        "die Stellung braucht 'game' (eine Zeichenkette)",
        "position needs 'game' (a string)",
    ),
    "position.unknown_game": (
        "unbekanntes Spiel {name} (bekannt: {known})",
        "unknown game {name} (known: {known})",
    ),
    "position.unknown_game_near": (  # a name almost right (new-user trial s11 L2)
        "unbekanntes Spiel {name}; meintest du {near}? (bekannt: {known})",
        "unknown game {name}; did you mean {near}? (known: {known})",
    ),
    "position.layout_type": (
        "'layout' muss ein Brettname oder eine Brettdatei sein",
        "'layout' must be a layout name or file",
    ),
    "position.players_type": (
        "'players' muss eine Liste von Farben sein",
        "'players' must be a list of colours",
    ),
    "position.to_move_type": ("'to_move' muss eine Farbe sein", "'to_move' must be a colour"),
    "position.pieces_type": (
        "'pieces' muss jedem Spieler eine Liste von Feldern zuordnen",
        "'pieces' must map each player to a list of fields",
    ),
    "position.pieces_list": (
        "die Steine von {player} müssen eine Liste von Feld-Ids sein",
        "pieces of {player} must be a list of field ids",
    ),
    "position.energy_map": (
        "'energy' muss jedem Spieler einen Speicherwert zuordnen",
        "'energy' must map players to store values",
    ),
    "position.options_map": (
        "'options' muss jedem Regelschalter true oder false zuordnen",
        "'options' must map option names to true or false",
    ),
    "position.demands_type": (
        "'demands' muss eine Liste von Feld-Ids sein",
        "'demands' must be a list of field ids",
    ),
    "position.declared_type": (
        "'declared' muss eine Feld-Id sein",
        "'declared' must be a field id",
    ),
    "position.stacks_type": (
        "'stacks' muss Feldern Listen von Farben zuordnen, von unten nach oben",
        "'stacks' must map fields to lists of colours, bottom to top",
    ),
    "position.former_layout": (
        "{why}: die Stellung nennt kein Brett und wurde auf {layout} gelesen, dem heutigen "
        'Brett von {title}; eine Stellung des früheren Bretts sagt "layout": {former}',
        "{why}: the position names no layout and was read on {layout}, {title}'s board now; "
        'a position of the former board says "layout": {former}',
    ),
    "position.no_start": (
        "Brett {layout} hat kein Startfeld für {player}",
        "layout {layout} has no start field for {player}",
    ),
    "position.no_option": (
        "Spiel {game} hat keinen Regelschalter {name}",
        "game {game} has no option {name}",
    ),
    "position.occupied": (
        "kann nicht von {src} nach {dst} ziehen: {dst} ist besetzt",
        "cannot move {src}->{dst}: {dst} is occupied",
    ),
    # the players and the board (model/position_checks.py)
    "position.plain_layout": (
        "Brett {layout} ist ein einfaches Brett (keine Spieler, kein Spiel): es wird auf "
        "der Kommandozeile gezeichnet, kalibriert und gelesen (render, calibrate, "
        "read-board), aber nicht als {game} gespielt; Seite und Schiedsrichter brauchen ein "
        "Spiel",
        "layout {layout} is a plain board (no players, no game): it is drawn, calibrated "
        "and read on the command line (render, calibrate, read-board), not played as {game}; "
        "the page and the referee need a game",
    ),
    "position.wrong_board": (
        "{game} wird auf einem Brett der Art {board} gespielt, nicht auf Brett {layout} (Art "
        "{style})",
        "{game} is played on a {board} board, not on layout {layout} (a {style} board)",
    ),
    "position.to_move": (
        "to_move {player} spielt nicht mit",
        "to_move {player} is not one of the players",
    ),
    # the pieces
    "position.pieces_not_player": (
        "Steine für {player} angegeben, der nicht mitspielt",
        "pieces given for {player}, who is not a player",
    ),
    "position.unknown_field": (
        "Stein von {player} auf unbekanntem Feld {field}",
        "{player} piece on unknown field {field}",
    ),
    "position.private_field": (
        "Stein von {player} auf {field}, einem Feld von {owner} ({kind})",
        "{player} piece on {field}, a {kind} of {owner}",
    ),
    "position.kind.station": ("Raumstation", "station"),
    "position.kind.home": ("Haus", "home"),
    "position.kind.goal": ("Ziel", "goal"),
    "position.two_on": (
        "zwei Steine auf {field} ({first} und {second})",
        "two pieces on {field} ({first} and {second})",
    ),
    "position.too_many": (
        "mehr als {capacity} Steine auf {field}",
        "more than {capacity} pieces on {field}",
    ),
    "position.stacks_empty": (
        "'stacks' nennt {field}, wo kein Stein steht",
        "'stacks' names {field}, where no piece stands",
    ),
    "position.stacks_mismatch": (
        "'stacks' auf {field} nennt {given}, aber dort stehen {there}",
        "'stacks' on {field} lists {given}, but the pieces there are {there}",
    ),
    "position.mixed_tower": (
        "gemischter Turm auf {field}: bitte seine Reihenfolge in 'stacks' angeben, von unten "
        "nach oben",
        "a mixed tower on {field}: give its order in 'stacks', bottom first",
    ),
    # the energy stores and the rule switches
    "position.energy_not_player": (
        "Energie für {player} angegeben, der nicht mitspielt",
        "energy given for {player}, who is not a player",
    ),
    "position.energy_type": (
        "Energie von {player} muss eine ganze Zahl sein, nicht {value}",
        "energy of {player} must be a whole number, not {value}",
    ),
    "position.energy_range": (
        "Energie von {player} ist {value}, außerhalb von 0..{capacity}",
        "energy of {player} is {value}, outside 0..{capacity}",
    ),
    "position.no_energy": (
        "{game} hat keinen Energiespeicher (Energie von {player})",
        "{game} has no energy store (energy of {player})",
    ),
    "position.unknown_option": (
        "unbekannter Regelschalter {name} für {game} (bekannt: {known})",
        "unknown option {name} for {game} (known: {known})",
    ),
    "position.no_options": ("keiner", "none"),
    "position.option_type": (
        "Regelschalter {name} muss true oder false sein, nicht {value}",
        "option {name} must be true or false, not {value}",
    ),
    # the turn's state: demands, a declared piece, a prediction
    "position.demand_not_own": (
        "Forderung auf {field}: kein Stein von {player} (am Zug)",
        "demand on {field}: no piece of {player} (the player to move)",
    ),
    "position.demand_not_special": (
        "Forderung auf {field}: kein Sonderfeld eines anderen Spielers",
        "demand on {field}: not a special field of another player",
    ),
    "position.declared_none": (
        "angesagter Stein auf {field}: dort steht kein Stein von {player}",
        "declared piece on {field}: no piece of {player} there",
    ),
    "position.declared_option": (
        "'declared' braucht den Regelschalter declare_before_roll",
        "'declared' needs the option declare_before_roll",
    ),
    "position.prediction_value": (
        "prediction muss 4, 5 oder 6 sein, nicht {value}",
        "prediction must be 4, 5 or 6, not {value}",
    ),
    "position.prediction_option": (
        "'prediction' braucht den Regelschalter prediction",
        "'prediction' needs the option prediction",
    ),
    # TENET's Stein der Weisen
    "position.no_stone": (
        "{game} hat keinen Stein der Weisen ('stone', 'first_round', 'spent')",
        "{game} has no Stein der Weisen ('stone', 'first_round', 'spent')",
    ),
    "position.stone_type": (
        "'stone' muss eine Feld-Id sein: start oder das Feld P<k>.3 eines Steins",
        "'stone' must be a field id: start or a stone's field P<k>.3",
    ),
    "position.stone_where": (
        "'stone' auf {field}: der Stein steht auf start oder einem Feld P<k>.3",
        "'stone' on {field}: the stone stands on start or a P<k>.3 field",
    ),
    "position.first_round_type": (
        "'first_round' muss eine ganze Zahl sein, nicht {value}",
        "'first_round' must be a whole number, not {value}",
    ),
    "position.first_round_range": (
        "'first_round' ist {value}, außerhalb von 0..{players} (Spielerzahl)",
        "'first_round' is {value}, outside 0..{players} (players)",
    ),
    "position.first_round_moved": (
        "'first_round' zählt nur, solange der Stein noch auf start steht",
        "'first_round' counts only while the stone is still on start",
    ),
    "position.spent_type": (
        "'spent' muss eine Liste der in diesem Zug gezogenen Würfelwerte sein",
        "'spent' must be a list of the die values moved this turn",
    ),
    "position.spent_values": (
        "'spent' nennt Würfelwerte 1..{top}, nicht {values}",
        "'spent' lists die values 1..{top}, not {values}",
    ),
    "position.spent_two": (
        "'spent' enthält höchstens zwei verschiedene Würfel eines Wurfs, nicht {values}",
        "'spent' holds at most two different dice of a roll, not {values}",
    ),
    "position.already_plays": ("{player} spielt schon mit", "{player} already plays"),
    # a field named on the command line (games/verdict.py: check --to, --from)
    "position.no_such_field": (
        "{flag} {field}: das Brett {layout} hat kein solches Feld",
        "{flag} {field}: the board {layout} has no such field",
    ),
    # a TENET roll from the dice reader (games/tenet/board.py)
    "position.tenet_die_kind": (
        "ein TENET-Wurf braucht Miwin-Würfel, nicht die Art {kind}",
        "a TENET roll needs Miwin dice, not kind {kind}",
    ),
    "position.tenet_die_twice": (
        "zwei Würfel der Art {kind} in einem TENET-Wurf",
        "two dice of kind {kind} in one TENET roll",
    ),
    "position.tenet_die_missing": (
        "kein Würfel der Art miwin-{name} unter den gelesenen",
        "no die of kind miwin-{name} in the reading",
    ),
}
