"""The rules engines' reasons (companion/checker.py, games/*_check.py, games/tenet_live.py):
German, then English. A reason that names a rule keeps naming it in both languages, and a
quotation of the rule text stays as the text says it."""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {}

WORDS.update(
    {
        # every verdict's name, for a reader (the JSON keeps "legal", "illegal", …)
        "verdict.legal": ("erlaubt", "legal"),
        "verdict.illegal": ("nicht erlaubt", "illegal"),
        "verdict.ambiguous": ("mehrdeutig", "ambiguous"),
        "verdict.invalid": ("unverständlich", "invalid"),
        "verdict.setup": ("aufstellen", "set up"),
        "verdict.info": ("Hinweis", "note"),
        "verdict.said": ("{verdict}: {reason}", "{verdict}: {reason}"),
        "check.invalid": ("unverständliche Ansage: {reason}", "invalid announcement: {reason}"),
        # rolls (games/dice.py)
        "dice.two_like": (
            "ein Wurf sind zwei Würfel wie 5,2, nicht {said}",
            "a roll is two dice like 5,2, not {said}",
        ),
        "dice.range": (
            "ein Würfel zeigt 1 bis 6, nicht {said}",
            "each die shows 1 to 6, not {said}",
        ),
        "dice.two": (
            "ein Wurf sind zwei Würfel, nicht {count}: {roll}",
            "a roll is two dice, not {count}: {roll}",
        ),
        # TENET's Miwin dice (games/tenet_board.py)
        "miwin.like": (
            "ein TENET-Wurf sind drei Miwin-Würfel wie 9,4,2 (oder ein Würfel für den Stein), "
            "nicht {said}",
            "a TENET roll is three Miwin dice like 9,4,2 (or one die for the stone), not {said}",
        ),
        "miwin.range": (
            "ein Miwin-Würfel zeigt 1 bis 9, nicht {value}",
            "a Miwin die shows 1 to 9, not {value}",
        ),
        "miwin.three": (
            "ein TENET-Wurf sind drei Miwin-Würfel (III,IV,V), nicht {count}",
            "a TENET roll is three Miwin dice (III,IV,V), not {count}",
        ),
        "miwin.on_no_die": (
            "Wurf {roll}: {misfit}, und kein Wert steht auf allen drei Miwin-Würfeln",
            "roll {roll}: {misfit}, and no value is on all three of Miwin's dice",
        ),
        "miwin.no_order": (
            "Wurf {roll}: {misfit}, und keine andere Reihenfolge passt zu den Würfeln",
            "roll {roll}: {misfit}, and no other order fits the dice",
        ),
        "miwin.misfit": ("Wurf {roll}: {misfit}", "roll {roll}: {misfit}"),
        "miwin.faces": (
            "Würfel {die} zeigt {faces}, nicht {value}",
            "die {die} shows {faces}, not {value}",
        ),
        # companion/checker.py: the ZwiAner games
        "check.where": ("{player} ist am Zug, Wurf {dice}", "{player} to move, roll {dice}"),
        "check.where_reason": ("{where}: {reason}", "{where}: {reason}"),
        "check.illegal_said": (
            "{where}: {said} ist nicht erlaubt: {reason}",
            "{where}: {said} is illegal: {reason}",
        ),
        "check.ambiguous": (
            "{said} passt zu {count} Zügen: {moves}{more} ({hint})",
            "{said} fits {count} moves: {moves}{more} ({hint})",
        ),
        "check.more": (" und {count} weitere", " and {count} more"),
        "check.hint_from": ("den Stein mit --from nennen", "name the piece with --from"),
        "check.hint_to": ("das Feld mit --to nennen", "name the field with --to"),
        "check.piece_on": ("{player} {field}", "{player} {field}"),
        "check.todesstoss": (
            "erlaubt bis {token}: ein Todesstoß – erst einen Würfel für {pieces} werfen "
            "(ungerade zerstört), dann geht der Stoß weiter",
            "legal up to {token}: a Todesstoß - first roll one die for {pieces} "
            "(odd destroys), then the push goes on",
        ),
        "check.other_piece": (
            "{said} zieht den Stein auf {starts}, nicht den auf {start}",
            "{said} moves the piece on {starts}, not the one on {start}",
        ),
        "check.other_end": (
            "{said} endet auf {ends}, nicht auf {to}",
            "{said} ends on {ends}, not on {to}",
        ),
        "check.because": ("{why} ({reason})", "{why} ({reason})"),
        "check.nearest": (
            "{reason}; nächste erlaubte Ansagen: {nearest}",
            "{reason}; nearest legal: {nearest}",
        ),
        "check.demanded": (
            "{player} muss den Stein auf {demands} ziehen, den das Sonderfeld eines Mitspielers "
            "verlangt ('wenn die Bewegung eines bestimmten Spielsteines von einem Mitspieler "
            "verlangt wurde, hast du für deinen Zug keine freie Wahlmöglichkeit'); {said} zieht "
            "den Stein auf {moved}",
            "{player} must move the piece on {demands}, demanded from another player's special "
            "field ('wenn die Bewegung eines bestimmten Spielsteines von einem Mitspieler "
            "verlangt wurde, hast du für deinen Zug keine freie Wahlmöglichkeit'); {said} moves "
            "the piece on {moved}",
        ),
        # a ZwiAner move described
        "move.parts": ("{parts}", "{parts}"),
        "move.passes": ("{player} setzt aus", "{player} passes"),
        "move.crash": (
            "{player}: der Stein auf {start} stürzt in den Gravitator",
            "{player} piece on {start} crashes into the Gravitator",
        ),
        "move.moves": ("{player} zieht {start} → {end}", "{player} moves {start} → {end}"),
        "move.swaps": (
            "{player} tauscht {start} mit {other}",
            "{player} swaps {start} with {other}",
        ),
        "move.pushes": (", stößt {player} {start} → {end}", ", pushes {player} {start} → {end}"),
        "move.sends_home": (", schickt zurück: {pieces}", ", sends home {pieces}"),
        "move.rolls_again": (", würfelt noch einmal", ", rolls again"),
        "move.wins": (", {player} gewinnt", ", {player} wins"),
        "move.full_orbit": (
            "der Stoß von {player} trifft die voll belegte Umlaufbahn {ring}: alle {count} "
            "Steine darauf werden zerstört, auch der eigene von {field} (Sonderfall: 'Sind "
            "alle Felder einer Umlaufbahn belegt und noch Punkte für einen Stoß übrig, werden "
            "alle Spielsteine auf dieser Umlaufbahn zerstört')",
            "{player}'s push meets the full orbit {ring}: all {count} pieces on it are "
            "destroyed, {player}'s own from {field} included (Sonderfall: 'Sind alle Felder "
            "einer Umlaufbahn belegt und noch Punkte für einen Stoß übrig, werden alle "
            "Spielsteine auf dieser Umlaufbahn zerstört')",
        ),
        # why an announcement that parses is no legal move (checker.explain)
        "explain.wurf": (
            "Wurf {value} passt nicht zum Wurf {roll} (möglich: {values})",
            "Wurf {value} does not fit the roll {roll} (possible: {values})",
        ),
        "explain.not_said": ("{word}: {why}", "{word}: {why}"),
        "explain.tunnelx_no_gravity": (
            "Tunnel X kennt keine Gravitation: jeder Schritt wird nur gezählt",
            "Tunnel X has no gravity: every step is a bare count",
        ),
        "explain.tunnelx_no_push": (
            "Tunnel X kennt keinen Stoß: besetzte Felder werden durchtunnelt ('Tunnel N')",
            "Tunnel X has no push: occupied fields are tunnelled ('Tunnel N')",
        ),
        "explain.tunnelx_no_defence": (
            "Tunnel X kennt keinen Stoß, also keine Abwehr",
            "Tunnel X has no push, so no defence",
        ),
        "explain.tunnelx_no_store": (
            "Tunnel X hat keinen Energiespeicher",
            "Tunnel X has no energy store",
        ),
        "explain.tunnelx_no_crash": (
            "Tunnel X hat keinen Gravitator: wer nicht ziehen kann, setzt aus ('Wurf N')",
            "Tunnel X has no Gravitator: a player who cannot move passes ('Wurf N')",
        ),
        "explain.push_after_gravity": (
            "{token} nach einer Gravitationslinie: gestoßen wird nur entlang einer Umlaufbahn; "
            "ein besetztes Feld auf einer roten, blauen oder gelben Linie sperrt",
            "{token} after a gravity line: a push is only possible along an orbit; an "
            "occupied field on a red, blue or yellow line blocks",
        ),
        "explain.push_before_orbit": (
            "{token} vor dem Erreichen einer Umlaufbahn: in der Station und auf die "
            "Umlaufbahn wird nicht gestoßen; ein besetztes Feld dort sperrt",
            "{token} before reaching an orbit: there is no push in the station or onto the "
            "orbit; an occupied field there blocks",
        ),
        "explain.none_like_this": (
            "kein erlaubter Zug mit dem Wurf {roll} wird so angesagt",
            "no legal move with the roll {roll} is announced like this",
        ),
        "explain.store_doublet": (
            "{token}: beim Pasch wird der Energiespeicher nicht benutzt",
            "{token}: the energy store is not used with a doublet",
        ),
        "explain.store_overdrawn": (
            "Speicher überzogen: {token} nimmt {count} aus dem Speicher von {player}, "
            "der {store} hält",
            "store overdrawn: {token} takes {count} from {player}'s store, which holds {store}",
        ),
        "explain.store_full": (
            "Speicher zu voll: {token} legt {count} in den Speicher von {player}, "
            "der nur noch Platz für {room} hat",
            "store too full: {token} puts {count} into {player}'s store, which has room for {room}",
        ),
        "explain.more_than_count": (
            "{token} kann nicht mehr sein als die Zahl davor ({left})",
            "{token} cannot be more than the count before it ({left})",
        ),
        "explain.count_at_zero": (
            "die Zahl ist vor {token} schon bei 0: es sind keine Punkte übrig",
            "the count is already at 0 before {token}: no points are left",
        ),
        "explain.next_count": (
            "nach {left} kommt {next}, nicht {said}: jeder Schritt kostet 1",
            "after {left} the next count is {next}, not {said}: each step costs 1",
        ),
        "explain.whole_count": (
            "{token} muss die ganze restliche Zahl {left} weitergeben",
            "{token} must hand on the whole remaining count {left}",
        ),
        "explain.count_not_zero": (
            "die Zahl endet bei {left}, nicht bei 0: alle Punkte müssen verbraucht werden",
            "the count ends at {left}, not 0: all points must be spent",
        ),
        "explain.against_direction": (
            "{to} ist von {start} aus nur gegen die Richtung einer Linie erreichbar: "
            "Umlaufbahnen laufen im Uhrzeigersinn, blaue Linien nur nach innen, gelbe nur "
            "nach außen",
            "{to} can only be reached from {start} against a line's direction: orbits run "
            "clockwise, blue lines only inward, yellow lines only outward",
        ),
        "explain.stops_early": (
            "die Ansage hört zu früh auf: als Nächstes käme {want}",
            "the announcement stops early: next would be {want}",
        ),
        "explain.orbit_gravity": (" (Gravitation von {ring})", " (gravity of {ring})"),
        "explain.should_be_paid": (
            "{got} sollte {want} heißen: {left} − {paid}{orbit}",
            "{got} should be {want}: {left} − {paid}{orbit}",
        ),
        "explain.should_be_free": (
            "{got} sollte {left} heißen: nach innen entlang roter und blauer Linien zu fallen "
            "ist frei",
            "{got} should be {left}: falling inward along red and blue lines is free",
        ),
        "explain.occupied_push": (
            "{got}: das nächste Feld ist besetzt, also hält der Stein davor an und stößt: {want}",
            "{got}: the next field is occupied, so the piece stops before it and pushes: {want}",
        ),
        "explain.occupied_tunnel": (
            "{got}: das nächste Feld ist besetzt, also tunnelt der Stein bis zum ersten freien "
            "Feld: {want}",
            "{got}: the next field is occupied, so the piece tunnels through to the first "
            "free field: {want}",
        ),
        "explain.nothing_to_push": (
            "{got}: dort ist kein Stein zu stoßen, das nächste Feld ist frei",
            "{got}: there is no piece to push there, the next field is free",
        ),
        "explain.where_nearest": (
            "{got}, wo der nächste erlaubte Zug {want} sagt",
            "{got} where the nearest legal move says {want}",
        ),
        "explain.over_before": (
            "der Zug ist vor {token} schon zu Ende",
            "the move is over before {token}",
        ),
        "explain.not_announced": (
            "kein erlaubter Zug wird so angesagt",
            "no legal move is announced like this",
        ),
        "explain.nothing_to_tunnel": (
            "{got}: hier gibt es nichts zu durchtunneln",
            "{got}: there is nothing to tunnel through here",
        ),
        "explain.full_ring_step_out": (
            "{got}: die Umlaufbahn {ring} ist voll belegt, also tritt der Stein auf {here} "
            "erst mit einem einfachen Schritt heraus und darf erst dann tunneln (Regel 4.5: "
            "'Wird ein Spielstein bewegt der in einer voll belegten Umlaufbahn steht, muss "
            "dieser zuerst aus der Umlaufbahn herausbewegt werden')",
            "{got}: the ring {ring} is full, so the piece on {here} first steps out of it "
            "with a plain step and only then may tunnel (ruling 4.5: 'Wird ein Spielstein "
            "bewegt der in einer voll belegten Umlaufbahn steht, muss dieser zuerst aus der "
            "Umlaufbahn herausbewegt werden')",
        ),
        "explain.full_ring_blocked": (
            "{got}: {field} liegt auf der voll belegten Umlaufbahn {ring}, durch die nicht "
            "getunnelt werden darf (Regel 4.5: 'Eine voll belegte Umlaufbahn darf nicht zum "
            "durchtunneln genutzt werden')",
            "{got}: {field} lies on the full ring {ring}, which cannot be tunnelled through "
            "(ruling 4.5: 'Eine voll belegte Umlaufbahn darf nicht zum durchtunneln genutzt "
            "werden')",
        ),
        "explain.next_free": (
            "{got}: hier gibt es nichts zu durchtunneln: {field} ist frei",
            "{got}: there is nothing to tunnel through: {field} is free",
        ),
        "explain.own_piece": (
            "{got}: der gestoßene Stein auf {start} gehört {player} selbst, und nur der "
            "Spieler eines fremden Steins darf einen Stoß abwehren (Stoßabwehr: 'Wird ein "
            "fremder Spielstein gestoßen und dessen Spieler hat noch Energiepunkte …')",
            "{got}: the pushed piece on {start} is {player}'s own, and only the player of a "
            "foreign piece may defend a push (Stoßabwehr: 'Wird ein fremder Spielstein "
            "gestoßen und dessen Spieler hat noch Energiepunkte …')",
        ),
        "explain.no_energy": (
            "{got}: {player} hat keine Energie im Speicher, um den Stoß auf {start} abzuwehren "
            "(Stoßabwehr: '… und dessen Spieler hat noch Energiepunkte (im Energiespeicher) "
            "übrig')",
            "{got}: {player} has no energy in the store to defend the push on {start} "
            "(Stoßabwehr: '… und dessen Spieler hat noch Energiepunkte (im Energiespeicher) "
            "übrig')",
        ),
        # games/tuerme_check.py: the race game with towers and bridges
        "tuerme.single": ("{player} zieht {start} → {end}", "{player} moves {start} → {end}"),
        "tuerme.enter": (
            "{player} kommt heraus {start} → {end}",
            "{player} comes in {start} → {end}",
        ),
        "tuerme.tower": (
            "der Turm von {player} zieht {start} → {end}",
            "{player}'s tower moves {start} → {end}",
        ),
        "tuerme.top": (
            "der obere Stein von {player} zieht {start} → {end}",
            "{player}'s top piece moves {start} → {end}",
        ),
        "tuerme.bottom": (
            "der gefangene Stein von {player} zieht {start} → {end}",
            "{player}'s captured piece moves {start} → {end}",
        ),
        "tuerme.bridge": (" über die Brücke", " over the bridge"),
        "tuerme.builds": (", auf {player} (ein Turm)", ", onto {player} (a tower)"),
        "tuerme.passes": (
            "kein Stein kann den Wurf nutzen, der Spieler setzt aus",
            "no piece can use the roll, the player passes",
        ),
        "tuerme.zugzwang": (
            "ein Zug ist möglich, und wer ziehen kann, setzt nicht aus (Zugzwang); z. B. {example}",
            "a move is possible, and there is no passing when one is (Zugzwang); e.g. {example}",
        ),
        # games/tenet_live.py
        "tenet.budget": (
            "mehr als {count} Zwischenstände für dieses Brett durchsucht; bitte den Zug ansagen",
            "more than {count} step states searched for the board; check the announced turn "
            "instead",
        ),
        "tenet.other_turn": (
            "die Ansage nennt einen anderen Zug: {turn}",
            "the announcement names another turn: {turn}",
        ),
        # TENET (games/tenet.py, games/tenet_check.py): a turn described
        "tenet.turn": ("{player} {where}", "{player} {where}"),
        "tenet.pasch": (
            "(Stein → {stone}; {player} würfelt noch einmal)",
            "(stone → {stone}; {player} rolls again)",
        ),
        "tenet.back_to_start": ("  [zurück zum Start: {fields}]", "  [back to start: {fields}]"),
        "tenet.may_take_back": (
            "  [ihre Besitzer dürfen zurücknehmen: {fields}]",
            "  [their owners may take back: {fields}]",
        ),
        "tenet.stone": ("(Stein → {stone})", "(stone → {stone})"),
        "tenet.kind": ("({kind})", "({kind})"),
        "tenet.step": ("{start} → {end}", "{start} → {end}"),
        "tenet.step_hit": (
            "{start} → {end}, {player} → {put}",
            "{start} → {end}, {player} → {put}",
        ),
        "tenet.steps": ("({steps})", "({steps})"),
        "tenet.wins": (
            "{where}  [{player} nimmt den Stein und gewinnt]",
            "{where}  [{player} takes the stone and wins]",
        ),
        "tenet.moves_on": ("{where}  [weiter mit {dice}]", "{where}  [moves on with {dice}]"),
        # TENET: rolls the position does not wait for (games/tenet.py)
        "tenet.not_tenet": (
            "keine TENET-Stellung (Spiel {game})",
            "not a TENET position (game {game})",
        ),
        "tenet.roll_stone": (
            "die erste Runde endete ohne Pasch: einen Würfel für den Stein werfen (z. B. --roll 5)",
            "the first round ended without a Pasch: roll one die for the stone (e.g. --roll 5)",
        ),
        "tenet.one_die_only": (
            "ein einzelner Würfel wird nur für den Stein nach einer ersten Runde geworfen",
            "one die is rolled only for the stone after a first round",
        ),
        "tenet.pasch_mid_turn": (
            "{player} zieht schon einen Wurf; {roll} ist ein Pasch",
            "{player} is moving a roll already; {roll} is a Pasch",
        ),
        "tenet.spent_not_rolled": (
            "laut Stellung wurde in diesem Zug {value} gezogen, aber der Wurf {roll} zeigt "
            "keine {value}",
            "the position says {value} was moved this turn, but the roll {roll} shows no {value}",
        ),
        "tenet.no_pasch": ("{roll} ist kein Pasch", "{roll} is no Pasch"),
        "tenet.not_clearable": (
            "{field} liegt nicht auf Planet {other} ({planet}) oder seinem Kraftfeld K{other}: "
            "nur Kugeln dort gehen zurück zum Start",
            "{field} is not on planet {other} ({planet}) or its force field K{other}: only "
            "balls there go back to start",
        ),
        "tenet.no_ball_to_clear": (
            "keine Kugel auf {field}, die zum Start zurück könnte",
            "no ball on {field} to take back to start",
        ),
        # TENET: why a turn is not legal (games/tenet_check.py)
        "tenet.no_ball_to": (
            "die Ansage bringt keine Kugel nach {field}",
            "the announcement moves no ball to {field}",
        ),
        "tenet.no_ball_from": (
            "die Ansage zieht keine Kugel von {field}",
            "the announcement moves no ball from {field}",
        ),
        "tenet.stone_die": (
            "der Würfel für den Stein zeigt {value}: sag 'Stein auf {planet}'",
            "the die for the stone shows {value}: say 'Stein auf {planet}'",
        ),
        "tenet.is_pasch": (
            "{roll} ist ein Pasch: keine Kugel zieht, der Stein geht auf {planet} (die "
            "Pasch-Regel geht vor) und {player} würfelt noch einmal",
            "{roll} is a Pasch: no ball moves, the stone goes to {planet} (the Pasch rule "
            "comes first) and {player} rolls again",
        ),
        "tenet.pair_shows": (
            "{what} {named}, aber der Pasch zeigt {value} ({planets})",
            "{what} {named}, but the pair shows {value} ({planets})",
        ),
        "tenet.not_pasch": (
            "{roll} ist kein Pasch: der Stein bleibt, wo er ist",
            "{roll} is no Pasch: the stone stays where it is",
        ),
        "tenet.over_before": (
            "das Spiel war vor '{value} von …' schon aus: {player} steht auf dem Pott {pott} "
            "mit der {planet} ungezogen und nimmt den Stein",
            "the game was over before '{value} von …': {player} stands on the Pott {pott} with "
            "the {planet} unmoved and takes the stone",
        ),
        "tenet.not_left": (
            "{value} ist nicht unter den Würfeln, die noch zu ziehen sind ({left} des Wurfs "
            "{roll})",
            "{value} is not among the dice left to move ({left} of the roll {roll})",
        ),
        "tenet.none_left": ("keiner", "none"),
        "tenet.stuck_one": (
            "nach '{step}' kann die {unmoved} nicht mehr gezogen werden, aber ein anderer Weg "
            "zieht {count} Würfel (z. B. '{turn}'): jeder Würfel, der gezogen werden kann, muss "
            "gezogen werden",
            "after '{step}' the {unmoved} can no longer be moved, but another way moves "
            "{count} dice (e.g. '{turn}'): every die that can be moved must be",
        ),
        "tenet.stuck_all": (
            "nach '{step}' können die {unmoved} nicht mehr alle gezogen werden, aber ein "
            "anderer Weg zieht {count} Würfel (z. B. '{turn}'): jeder Würfel, der gezogen "
            "werden kann, muss gezogen werden",
            "after '{step}' the {unmoved} cannot all be moved then, but another way moves "
            "{count} dice (e.g. '{turn}'): every die that can be moved must be",
        ),
        "tenet.no_pass": (
            "kein Aussetzen: eine Kugel kann noch ziehen (z. B. '{turn}')",
            "no pass: a ball can still move (e.g. '{turn}')",
        ),
        "tenet.pott_none": ("keinen Pott", "no Pott"),
        "tenet.pott_many": ("mehr als einen Pott ({potts})", "more than one Pott ({potts})"),
        "tenet.which_pott": (
            "'{value} von {start} auf den Pott': {value} Felder von {start} erreichen {where}; "
            "den Planeten nennen ('auf den Pott von Merkur')",
            "'{value} von {start} auf den Pott': {value} fields from {start} reach {where}; "
            "name the planet ('auf den Pott von Merkur')",
        ),
        "tenet.whose_pott": (
            "'auf den Pott': von welchem Planeten? ('auf den Pott von Merkur')",
            "'auf den Pott': which planet's? name it ('auf den Pott von Merkur')",
        ),
        "tenet.none_waits": (
            "auf dem Startfeld wartet keine Kugel von {player}",
            "no {player} ball waits on the start field",
        ),
        "tenet.no_ball_on": (
            "keine Kugel von {player} auf {field}{whose}",
            "no {player} ball on {field}{whose}",
        ),
        "tenet.ball_there": (
            " (dort liegt eine Kugel von {player})",
            " (the ball there is {player})",
        ),
        "tenet.free_no_put": (
            "{field} ist frei: da ist keine Kugel zu versetzen",
            "{field} is free: there is no ball to put elsewhere",
        ),
        "tenet.say_put": (
            "auf {field} liegt eine Kugel von {player}: sag, wohin sie geht ('versetzt {word} "
            "nach …')",
            "{field} holds a {player} ball: say where it goes ('versetzt {word} nach …')",
        ),
        "tenet.other_ball": (
            "die Kugel auf {field} gehört {player}, nicht {said}",
            "the ball on {field} is {player}, not {said}",
        ),
        "tenet.blocked": (
            "der Weg {start} → {end} ist von {why} versperrt: nur eigene Kugeln dürfen "
            "übersprungen werden",
            "the way {start} → {end} is blocked by {why}: only own balls may be jumped",
        ),
        "tenet.over_start": (
            "keine Kugel zieht auf oder über das Startfeld: dorthin kommt sie nur versetzt zurück",
            "no ball moves onto or over the start field: it returns there only when displaced",
        ),
        "tenet.not_along": (
            "{end} ist nicht {value} Felder von {start} entlang eines Kreises entfernt (eine "
            "Kugel wechselt den Kreis nur, wo ihr Zug auf einer Kreuzung beginnt)",
            "{end} is not {value} fields from {start} along one circle (a ball changes "
            "circles only where its move starts on a crossing)",
        ),
        "tenet.put_not_free": (
            "{field} ist nicht frei: eine versetzte Kugel kommt auf ein leeres Feld",
            "{field} is not free: a displaced ball goes onto an empty field",
        ),
        "tenet.start_only_planet": (
            "nur eine auf einem Planetenkreis versetzte Kugel darf zum Start zurück (Regel "
            "e): {field}",
            "only a ball displaced on a planet circle may go back to start (rule e): {field}",
        ),
        "tenet.put_where": (
            "{field} ist weder ein freies Feld eines Kreises durch {end} (Regeln d-f) noch "
            "neben einer anderen Kugel von {player} (Regel g)",
            "{field} is neither a free field of a circle through {end} (rules d-f) nor next "
            "to another {player} ball (rule g)",
        ),
        "tenet.no_stone_yet": (
            "kein Stein der Weisen: der Stein ist noch nicht im Spiel (er wartet am Start)",
            "no Stein der Weisen: the stone is not in play yet (it waits on start)",
        ),
        "tenet.no_stone_die": (
            "kein Stein der Weisen: der Stein liegt auf {planet}, und kein ungezogener Würfel "
            "zeigt {value}",
            "no Stein der Weisen: the stone is on {planet}, and no unmoved die shows {value}",
        ),
        "tenet.no_stone_pott": (
            "kein Stein der Weisen: keine Kugel von {player} auf dem Pott {pott} von {planet}",
            "no Stein der Weisen: no {player} ball on the Pott {pott} of {planet}",
        ),
        # the race game: a move described (games/tuerme.py describe)
        "tuerme.where": ("({start} → {end})", "({start} → {end})"),
        "tuerme.pass": ("(setzt aus)", "(pass)"),
        "tuerme.on_tower": ("  [auf {player}: ein Turm]", "  [on {player}: a tower]"),
        "tuerme.freed": ("  [aus dem Turm befreit]", "  [freed from the tower]"),
        "tuerme.again": ("  [würfelt noch einmal]", "  [rolls again]"),
        "tuerme.wins_note": ("  [{player} gewinnt]", "  [{player} wins]"),
        # the race game: why a move is refused (games/tuerme.py attempt, tuerme_check.py)
        "tuerme.not_race": (
            "keine Stellung des Wettlaufs (Spiel {game})",
            "not a race-game position (game {game})",
        ),
        "tuerme.superzahl_dice": (
            "1 und 1 oder 6 und 6 (die Superzahl)",
            "1 und 1 or 6 und 6 (the Superzahl)",
        ),
        "tuerme.not_roll": (
            "{legs} passt nicht zum Wurf {roll}: der Stein zieht {dice}",
            "{legs} does not fit the roll {roll}: the piece moves {dice}",
        ),
        "tuerme.free_only": (
            "der auf {field} gefangene Stein wird nur mit 1+1, 6+6 oder 1+6 befreit, nicht {roll}",
            "the piece captured on {field} is freed only with 1+1, 6+6 or 1+6, not {roll}",
        ),
        "tuerme.in_with_six": (
            "ein Stein kommt von {field} nur mit einer 6 heraus, zuerst gespielt",
            "a piece comes in from {field} only with a 6, played first",
        ),
        "tuerme.overshoots": (
            "{value} von {field} schießt über den Zielsektor hinaus, der {away} entfernt ist: "
            "er wird mit der genauen Zahl erreicht",
            "{value} from {field} overshoots the goal sector, {away} away: it is reached with "
            "the exact count",
        ),
        "tuerme.rest_left": (
            "{field} erreicht den Zielsektor mit dem ersten Würfel, {rest} bliebe übrig: es "
            "darf kein Rest bleiben",
            "{field} reaches the goal sector with the first die, {rest} would be left over: "
            "no rest may remain",
        ),
        "tuerme.bridge_past": (
            "die Brücke auf {field} führt an der Zielbahn von {player} vorbei: für {player} "
            "ist sie keine Abkürzung",
            "the bridge on {field} leads past {player}'s finish lane: it is no shortcut for "
            "{player}",
        ),
        "tuerme.no_bridge": (
            "{value} endet auf {field}, das keine Brücke ist",
            "{value} ends on {field}, which is no bridge",
        ),
        "tuerme.one_die_goal": (
            "{value} allein endet auf {field}: ein Würfel allein wird nur in den Zielsektor "
            "gespielt, sonst ziehen beide Würfel den Stein",
            "{value} alone ends on {field}: one die alone is played only into the goal "
            "sector, else both dice move the piece",
        ),
        "tuerme.mixed_tower_of": ("ein gemischter Turm von {player}", "a mixed tower of {player}"),
        "tuerme.tower_of": ("der Turm von {player}", "{player}'s tower"),
        "tuerme.in_the_way": (
            "{owner} auf {field} steht im Weg: ein fremder Turm wird nur mit einem Pasch oder "
            "der Superzahl 1+6 passiert",
            "{owner} on {field} is in the way: a foreign tower is passed only with a Pasch "
            "or the Superzahl 1+6",
        ),
        "tuerme.a_tower": ("einen Turm", "a tower"),
        "tuerme.a_piece": ("einen Stein von {player}", "a {player} piece"),
        "tuerme.holds": (
            "auf {field} steht {what}: ein Turm hat zwei Steine, nicht mehr",
            "{field} holds {what}: a tower has two pieces, no more",
        ),
        "tuerme.bridge_tower": (
            "{field} ist eine Brücke, und auf Brücken stehen keine Türme",
            "{field} is a bridge, and no towers stand on bridges",
        ),
        "tuerme.first_12": (
            "{field} liegt auf den ersten 12 Feldern, wo keine Türme stehen",
            "{field} lies on the first 12 fields, where no towers stand",
        ),
        "tuerme.wurf_roll": (
            "Wurf {wurf} passt nicht zum Wurf {roll}: er ergibt {sum}",
            "Wurf {wurf} does not fit the roll {roll}: it gives {sum}",
        ),
        "tuerme.no_pasch_of": (
            "der Wurf {roll} ist kein {pair}er-Pasch",
            "the roll {roll} is no Pasch of {pair}",
        ),
        "tuerme.no_pasch": ("der Wurf {roll} ist kein Pasch", "the roll {roll} is no Pasch"),
        "tuerme.no_superzahl": (
            "der Wurf {roll} ist keine Superzahl: das ist 1+6",
            "the roll {roll} is no Superzahl: that is 1+6",
        ),
        "tuerme.either": ("{first} oder {last}", "{first} or {last}"),
        "tuerme.not_moved": (
            "{value} ist nicht, was der Wurf {roll} zieht ({sums})",
            "{value} is not what the roll {roll} moves ({sums})",
        ),
        "tuerme.raus_six": (
            "'raus' braucht eine 6, um einen Stein herauszubringen, und der Wurf {roll} hat keine",
            "'raus' needs a 6 to bring a piece in, and the roll {roll} has none",
        ),
        "tuerme.freed_only": (
            "ein gefangener Stein wird nur mit 1+1, 6+6 oder 1+6 befreit, nicht {roll}",
            "a captured piece is freed only with 1+1, 6+6 or 1+6, not {roll}",
        ),
        "tuerme.drauf_empty": (
            "'drauf', aber {field} ist leer: der Stein wird auf nichts gesetzt",
            "'drauf', but {field} is empty: the piece is set on nothing",
        ),
        "tuerme.not_goal": (
            "'Ziel', aber der Stein endet auf {field}, nicht im Zielsektor",
            "'Ziel', but the piece ends on {field}, not in the goal sector",
        ),
        "tuerme.nothing_on": (
            "{player} hat auf {field} nichts, was diese Worte ziehen können",
            "{player} has nothing on {field} that these words can move",
        ),
        "tuerme.none_home": (
            "{player} hat keinen Stein, der zu Hause wartet",
            "{player} has no piece waiting at home",
        ),
        "tuerme.mixed": (
            "im Turm von {player} auf {field} steckt ein gefangener Stein von {captured}: sein "
            "Besitzer zieht nur den oberen Stein, nie den Turm ('Der Besetzer kann seinen "
            "Turm nicht bewegen', Added 5.11)",
            "{player}'s tower on {field} holds a captured {captured} piece: its owner moves "
            "only the top piece, never the tower ('Der Besetzer kann seinen Turm nicht "
            "bewegen', Added 5.11)",
        ),
        "tuerme.has_no.tower": ("{player} hat keinen eigenen Turm", "{player} has no own tower"),
        "tuerme.has_no.top": (
            "{player} hat keinen Turm mit eigenem Stein oben",
            "{player} has no tower with its piece on top",
        ),
        "tuerme.has_no.bottom": (
            "{player} hat keinen gefangenen Stein",
            "{player} has no captured piece",
        ),
        "tuerme.has_no.any": (
            "{player} hat keinen Stein, der ziehen kann",
            "{player} has no piece that can move",
        ),
        "tuerme.from": ("von {fields}: {reason}", "from {fields}: {reason}"),
        # a ZwiAner move in the list of `companion moves` (games/moves.py describe)
        "moves.pushes": ("  [stößt {start} → {end}]", "  [pushes {start} → {end}]"),
        "moves.push_stopped": ("  [Stoß auf {start} abgewehrt]", "  [push on {start} stopped]"),
        "moves.sent_home": ("  [zurückgeschickt: {fields}]", "  [sent home: {fields}]"),
        "moves.destroyed": ("  [zerstört: {fields}]", "  [destroyed: {fields}]"),
        "moves.roll_for": (
            "  [Todesstoß: würfeln für {fields}]",
            "  [Todesstoß: roll for {fields}]",
        ),
        "moves.more": (
            "… weitere nicht aufgeführt (--limit {limit})",
            "… more not listed (--limit {limit})",
        ),
        # `companion replay` (cli/replay.py)
        "replay.undecided": (
            "der letzte Zug blieb offen: das Brett passt zu mehreren Zügen",
            "the last move was left undecided: the board fits several moves",
        ),
        "replay.resuming": (
            "Spiel {game} aus {path} wird nach {count} Zügen fortgesetzt",
            "resuming game {game} of {path} after {count} moves",
        ),
        "replay.legal": ("ERLAUBT: {said}", "LEGAL: {said}"),
        "replay.ambiguous": ("MEHRDEUTIG: {reason}: {choices}", "AMBIGUOUS: {reason}: {choices}"),
        "replay.illegal": ("NICHT ERLAUBT: {reason}", "ILLEGAL: {reason}"),
    }
)
