"""Every text on the German page is German, every text on the English page English
(issue 21.1), and the referee's verdicts and the engines' reasons come in both (issue
20.3) from one catalogue (companion/texts).

The walk: every page of every game in both languages, then the verdicts a game goes
through (set up, rolled, an illegal board with the nearest moves, a legal move, undo,
a TENET turn that goes on), then the checker's verdicts (legal, illegal with nearest,
ambiguous, invalid). A word of the other language fails the test. What stays German in
both languages is taken out first: the spoken notation (each announcement shown) and
quotations of the rule texts ('…', „…“, “…”).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest
from conftest import csrf_of
from gravitation_helpers import make

from companion import texts
from companion.games.zwianer.check import check
from companion.model.position import Position, start_position
from companion.web import Table, create_app

#: Words that give English away on the German page, and German on the English page.
ENGLISH = re.compile(
    r"\b(legal|moves?|should|rolled|to move|empty|seen|red|yellow|green|blue|piece|pieces"
    r"|nearest|wins|passes|the|is|not|with|of|at|does|fits?)\b",
    re.IGNORECASE,
)
GERMAN = re.compile(
    r"\b(Zug|Züge|erlaubt|erlaubte|sollte|Rot|Gelb|Grün|Blau|Stein|Steine|gesehen|leer"
    r"|würfelt|ist am Zug|nicht|bitte|Brett)\b"
)
FORBIDDEN = {"de": ENGLISH, "en": GERMAN}

GAMES = ("gravitation", "tunnelx", "tuerme", "tenet")
PAGES = (
    "/",
    "/status",
    "/teach",
    "/setup",
    "/calibrate",
    "/unlock",
    "/join",
    "/board.svg",
    "/undo",
    "/help",
)


def visible(page: str) -> str:
    """What a reader sees: text, titles, alt texts and placeholders, without scripts."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    shown = re.findall(r'\b(?:title|alt|placeholder|aria-label)="([^"]*)"', page)
    page = re.sub(r"<[^>]+>", " ", page)
    return html.unescape(" ".join([page, *shown]))


def foreign(words: str, lang: str, spoken: Iterator[str] | tuple[str, ...] = ()) -> list[str]:
    """The words of the other language in ``words`` (announcements and quotations of the
    rule texts taken out: they stay German in both languages)."""
    for said in sorted(set(spoken), key=len, reverse=True):
        words = words.replace(said, " ")
    words = re.sub(r"'[^']*'|„[^“]*“|“[^”]*”|\"[^\"]*\"", " ", words)
    words = re.sub(r"\b\w+\.[\w.]+", " ", words)  # field ids: red.S3, U1.38, seat.red
    return sorted(set(FORBIDDEN[lang].findall(words)))


def client_for(game: str):  # type: ignore[no-untyped-def]
    players = ["red", "yellow"] if game != "tenet" else ["red", "green"]
    pos = start_position(game, players)
    app = create_app({"TABLE": Table.new(pos), "TESTING": True, "REFEREE_PIN": "2468"})
    client = app.test_client()
    page = client.get("/unlock").get_data(as_text=True)
    csrf = csrf_of(page)
    client.post("/unlock", data={"pin": "2468", "csrf_token": csrf})
    return app, client


def walk(app, client, lang: str) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    """Every page in ``lang``: the foreign words each shows."""
    table = app.config["TABLE"]
    ref = table.referee
    spoken = [*(m.announcement for m in ref.legal)]
    if ref.verdict is not None:
        spoken += [ref.verdict.announcement, *ref.verdict.choices]
    found = {}
    for path in PAGES:
        response = client.get(f"{path}?lang={lang}")
        assert response.status_code == 200, path
        bad = foreign(visible(response.get_data(as_text=True)), lang, tuple(spoken))
        if bad:
            found[path] = bad
    state = client.get(f"/state.json?lang={lang}").get_json()
    for key in ("phase_text", "to_move"):
        bad = foreign(state[key], lang)
        if bad:
            found[f"state.json {key}"] = bad
    if state["verdict"]:
        bad = foreign(state["verdict"]["reason"], lang, tuple(spoken))
        if bad:
            found["state.json reason"] = bad
    return found


#: A roll per game that gives moves to pick from (the race game's 6 brings a piece in),
#: and one that leaves the player nothing but to pass (the race game without a 6).
ROLLS = {"gravitation": [3, 4], "tunnelx": [3, 4], "tuerme": [6, 3], "tenet": [3, 4, 1]}
PASS = {"tuerme": [5, 2]}


def intruder(pos: Position) -> dict[str, str]:
    """The board with a piece of another player set on an empty field (taken from its own
    field where it has one on the board: a piece too many is no position at all): no move
    of the player to move leads there (illegal, with the nearest moves)."""
    board = {fid: c for fid, c in pos.placement if fid in pos.layout.fields}
    other = next(p for p in pos.players if p != pos.to_move)
    empty = [
        f
        for f, field in pos.layout.fields.items()
        if f not in board and field.kind not in pos.spec.pools
    ]
    own = [
        f
        for f, c in board.items()
        if c == other and pos.layout.fields[f].kind not in pos.spec.pools
    ]
    if own:
        del board[own[0]]
    board[empty[len(empty) // 2]] = other
    return board


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_page_and_verdict_of_a_game_speaks_one_language(game: str, lang: str) -> None:
    app, client = client_for(game)
    table = app.config["TABLE"]
    ref = table.referee
    seen: dict[str, str] = {}

    def step(name: str, kind: str | None = None) -> None:
        assert ref.verdict is not None or kind is None, name
        if kind is not None:
            assert ref.verdict is not None and ref.verdict.kind == kind, (name, ref.verdict)
        seen[name] = texts.render(ref.verdict.reason, lang) if ref.verdict else ""
        found = walk(app, client, lang)
        assert found == {}, (name, seen[name], found)

    step("start")
    with table.lock:
        ref.confirm_board()
    step("set up: roll the dice", "info")
    if game in PASS:
        with table.lock:
            ref.observe_dice(PASS[game])
        step("no move: the player passes", "legal")
    with table.lock:
        ref.observe_dice(ROLLS[game])
    step("rolled: N legal moves", "info")
    assert ref.legal, seen
    with table.lock:
        ref.observe_board(intruder(ref.position))
    step("a board no move leads to, with the nearest moves", "illegal")
    assert ref.verdict is not None and ref.verdict.choices
    with table.lock:
        ref.play(0)
    step("a legal move (TENET: the turn goes on)", "legal")
    with table.lock:
        ref.announce("passt" if game == "tenet" else "Wurf 2")
    step("words that name no move", "illegal")
    with table.lock:
        ref.announce(ref.verdict.announcement)
    step("the words of the move made", "legal")
    with table.lock:
        ref.announce("blabla 99")
    step("words that are no announcement: not understood, the move stands", "info")
    with table.lock:
        ref.undo()
    step("move taken back", "info")
    with table.lock:
        ref.observe_board(intruder(ref.position))
    step("set the pieces as shown", "setup")


def test_a_tenet_turn_that_goes_on_is_said_in_german() -> None:
    app, _ = client_for("tenet")
    ref = app.config["TABLE"].referee
    ref.confirm_board()
    ref.observe_dice(ROLLS["tenet"])
    ref.play(0)
    assert ref.verdict is not None and ref.position.spent
    assert texts.render(ref.verdict.reason, "de").startswith("Weiter mit ")
    assert texts.render(ref.verdict.reason, "en").startswith("moves on with ")


CHECKS = {
    "legal": (
        make({"red": ["U2.20"], "yellow": ["U2.22"]}),
        (3, 2),
        "Wurf 5, Umlaufbahn 3, 2, Stoß 2, 1, 0",
    ),
    "illegal": (
        make({"red": ["U2.20"], "yellow": ["U2.22"]}),
        (3, 2),
        "Wurf 5, Umlaufbahn 3, 2, 1, 0",
    ),
    "ambiguous": (
        make({"red": ["U1.38"], "yellow": ["U1.39", "U1.0"]}),
        (1, 1),
        "Wurf 2, Tunnel 1, 0",
    ),
    "invalid": (make({"red": ["U2.20"], "yellow": ["U2.22"]}), (3, 2), "Wurf fünf Umlaufbahn"),
}


@pytest.mark.parametrize("kind", sorted(CHECKS))
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_checkers_reasons_speak_one_language(kind: str, lang: str) -> None:
    pos, roll, said = CHECKS[kind]
    verdict = check(pos, roll, said)
    assert verdict.verdict == kind
    spoken = [said, *(m.announcement for m in verdict.candidates)]
    if verdict.move is not None:
        spoken.append(verdict.move.announcement)
    assert foreign(texts.render(verdict.reason, lang), lang, tuple(spoken)) == []


def test_the_word_lists_catch_the_other_language() -> None:
    assert foreign("red rolled 3+4: 11 legal moves", "de") == ["legal", "moves", "red", "rolled"]
    assert foreign("Rot würfelt 3+4: 11 erlaubte Züge", "en") == [
        "Rot",
        "Züge",
        "erlaubte",
        "würfelt",
    ]


def test_one_legal_move_is_said_in_the_singular() -> None:
    one = texts.text_n("referee.rolled", 1, player=texts.colour("red"), dice="1+1")
    assert texts.render(one, "en") == "red rolled 1+1: 1 legal move"
    assert texts.render(one, "de") == "Rot würfelt 1+1: 1 erlaubter Zug"


def test_every_text_has_both_languages_and_the_same_fields() -> None:
    fields = re.compile(r"\{(\w+)\}")
    for key, (de, en) in texts.WORDS.items():
        assert de and en, key
        assert set(fields.findall(de)) == set(fields.findall(en)), key


def test_the_command_line_speaks_lang_else_the_config_else_the_locale(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, write_json
) -> None:  # type: ignore[no-untyped-def]
    from companion.cli import main

    pos = make({"red": ["U2.20"], "yellow": ["U2.22"]})
    path = write_json(pos.to_json(), "push.json")
    said = "Wurf 5, Umlaufbahn 3, 2, 1, 0"

    def first_line(*args: str) -> str:
        assert main([*args, "check", str(path), "--roll", "3,2", said]) == 1
        return capsys.readouterr().out.splitlines()[0]

    assert first_line("--lang", "de").startswith("nicht erlaubt: ")
    assert first_line("--lang", "en").startswith("illegal: ")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert first_line().startswith("nicht erlaubt: ")
    assert first_line("--lang", "en").startswith("illegal: ")
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")  # LC_ALL wins over LANG
    assert first_line().startswith("illegal: ")
    config = path.parent / "config.toml"
    config.write_text('language = "de"\n', encoding="utf-8")
    monkeypatch.setenv("COMPANION_CONFIG", str(config))
    assert first_line().startswith("nicht erlaubt: ")
    assert "Wurf 5, Umlaufbahn 3, 2, Stoß 2, 1, 0" in first_line()  # the notation stays German


def test_the_locale_is_read_in_gettexts_order_language_first() -> None:
    """LANGUAGE, LC_ALL, LC_MESSAGES, LANG: the first one set says it (trial s10 L13:
    ``LANGUAGE=de`` alone left the command line English); LANGUAGE is a list, its
    first language we speak wins, and C or POSIX means English."""
    assert texts.from_locale({"LANGUAGE": "de", "LANG": "C.UTF-8"}) == "de"
    assert texts.from_locale({"LANGUAGE": "de_AT:en", "LC_ALL": "en_GB.UTF-8"}) == "de"
    assert texts.from_locale({"LANGUAGE": "fr:de", "LANG": "en_GB.UTF-8"}) == "de"
    assert texts.from_locale({"LANGUAGE": "en:de", "LANG": "de_DE.UTF-8"}) == "en"
    assert texts.from_locale({"LANGUAGE": "fr", "LANG": "de_DE.UTF-8"}) == "en"
    assert texts.from_locale({"LANGUAGE": "", "LANG": "de_DE.UTF-8"}) == "de"
    assert texts.from_locale({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}) == "en"
    assert texts.from_locale({}) == "en"


def test_json_for_scripts_keeps_its_keys_and_verdicts_in_english(
    capsys: pytest.CaptureFixture[str], write_json
) -> None:  # type: ignore[no-untyped-def]
    import json

    from companion.cli import main

    path = write_json(make({"red": ["U2.20"], "yellow": ["U2.22"]}).to_json(), "push.json")
    said = "Wurf 5, Umlaufbahn 3, 2, 1, 0"
    assert main(["--lang", "de", "check", str(path), "--roll", "3,2", "--json", said]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "illegal" and set(data) >= {"reason", "announcement", "nearest"}
    assert "nächste erlaubte Ansagen" in data["reason"]  # the words follow --lang
    assert data["nearest"][0] == "Wurf 5, Umlaufbahn 3, 2, Stoß 2, 1, 0"  # notation: German


def test_the_page_says_the_state_in_its_language_and_keeps_the_keys() -> None:
    app, client = client_for("gravitation")
    app.config["TABLE"].referee.confirm_board()
    de = client.get("/state.json?lang=de").get_json()
    en = client.get("/state.json?lang=en").get_json()
    assert de["verdict"]["verdict"] == en["verdict"]["verdict"] == "info"
    assert (de["phase"], en["phase"]) == ("roll", "roll")
    assert de["verdict"]["reason"] == "Brett aufgebaut: bitte würfeln"
    assert en["verdict"]["reason"] == "board set up: roll the dice"
    assert (de["to_move"], en["to_move"]) == ("Rot", "red")


def test_every_text_the_code_names_is_in_the_catalogue() -> None:
    # A misspelt id would only show when its sentence is said, maybe at the table.
    from pathlib import Path

    root = Path(__file__).parent.parent / "companion"
    said = re.compile(r"""(?:(?<![\w.])(?:text|text_n|t)|texts\.text)\(\s*["']([\w.]+)["']""")
    keys = {
        (path.name, key)
        for path in [*root.rglob("*.py"), *root.rglob("*.html")]
        for key in said.findall(path.read_text(encoding="utf-8"))
    }
    plural = {k for k in texts.WORDS if k.endswith((".one", ".other"))}
    prefix = {key for _, key in keys if key.endswith((".", "_"))}  # t("phase_" ~ name)
    missing = {
        (name, key)
        for name, key in keys
        if key not in texts.WORDS
        and f"{key}.one" not in plural
        and not (key in prefix and any(k.startswith(key) for k in texts.WORDS))
    }
    assert len(keys) > 200 and missing == set()


def test_players_are_named_in_the_pages_language() -> None:
    app, client = client_for("gravitation")
    page = client.get("/setup?lang=de").get_data(as_text=True)
    assert re.findall(r'value="(?:red|yellow)" checked>\s*<span[^>]*>\d</span>\s*(\w+)', page) == [
        "Rot",
        "Gelb",
    ]
    csrf = csrf_of(page)
    # a script may still type them, in either language
    form = {
        "game": "tunnelx",
        "players": "Grün, blue",
        "discard": "yes",
        "csrf_token": csrf,
    }
    assert client.post("/setup", data=form).status_code == 302
    assert app.config["TABLE"].position.players == ("green", "blue")


def test_the_camera_view_is_written_in_the_referees_language_with_the_fonts_letters():
    from companion import texts
    from companion.table.live import font_letters
    from companion.table.watch import _said

    texts.set_language("de")  # conftest sets English back after the test
    line = f"{texts.text('watch.dice')}: {texts.text('watch.waiting')}  " + texts.text(
        "watch.settling", values=_said([6, 4])
    )
    said = "Würfel: wartet  Würfel 6 + 4: warten, bis sie still liegen"
    assert font_letters(line) == said  # ü is drawn as u with its dots
    assert font_letters("Straße → T.5") == "Strasse -> T.5"
    assert texts.text_n("watch.pieces", 10) == "10 Steine"


def test_the_camera_views_line_draws_an_umlaut_as_its_letter_with_two_dots():
    # trial s13 L2: the view wrote "etwas liegt ueber T.32"
    import numpy as np

    from companion.table.live import write_line

    def drawn(line: str) -> np.ndarray:  # type: ignore[type-arg]
        view = np.zeros((28, 200, 3), np.uint8)
        write_line(view, line, (255, 255, 255))
        return view.any(axis=2)

    umlaut, plain, spelt = drawn("über"), drawn("uber"), drawn("ueber")
    added = np.argwhere(umlaut & ~plain)
    assert len(added) >= 4 and not (plain & ~umlaut).any()  # only the dots are added
    u_wide = np.flatnonzero(drawn("u").any(axis=0)).max()
    assert added[:, 1].max() <= u_wide + 1  # over the u, not beside it
    assert np.flatnonzero(umlaut.any(axis=0)).max() < np.flatnonzero(spelt.any(axis=0)).max()


#: The rule texts' German names that an English sentence must not use unexplained.
RULE_TERMS = re.compile(r"\b(Todesstoß|Vorhersage|Sonderregel|Spezial|Übersichtskarte)\b")


@pytest.mark.parametrize("key", sorted(k for k in texts.WORDS if k.startswith("option.")))
def test_every_rule_switch_is_said_in_each_language(key):
    german, english = texts.WORDS[key]
    assert ENGLISH.findall(german) == [] and not re.search(r"\b(Added|summary|card)\b", german)
    # "Todesstoß" is the word English verdicts use for the rule: the switch explains it
    unexplained = english.replace("Todesstoß (death push)", "")
    assert GERMAN.findall(unexplained) == [] and RULE_TERMS.findall(unexplained) == []


def test_english_quotes_in_english_and_german_in_german():
    for key, (german, english) in texts.WORDS.items():
        assert "„" not in english, key
        assert "”" not in german, key


def ground_floor_errors(tmp_path) -> Iterator[ValueError]:  # type: ignore[no-untyped-def]
    """An error of each sentence that the ground floor raises with its Words."""
    from companion.errors import CompanionError
    from companion.imagecheck import check_image_size, read_image
    from companion.model.jsontext import parse_json

    (tmp_path / "leer.jpg").write_bytes(b"")
    (tmp_path / "kurz.jpg").write_bytes(b"\xff\xd8\xff\xe0")
    (tmp_path / "text.jpg").write_bytes(b"hello")
    big_png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + (30_000).to_bytes(4, "big") * 2
    calibration = texts.text("json.calibration")
    calls = [
        *(lambda n=n: read_image(tmp_path / n) for n in ("none.jpg", "leer.jpg", "kurz.jpg")),
        lambda: read_image(tmp_path / "text.jpg"),
        lambda: read_image(tmp_path),  # a folder
        lambda: check_image_size(big_png, "big.png"),
        lambda: parse_json("{a: 1}", "x.json"),
        lambda: parse_json("[1] 2", "x.json", what=calibration),
        lambda: parse_json('"\\x"', "x.json"),  # json's own words, in both languages
        lambda: parse_json("[" * 40, "x.json"),
        lambda: parse_json("9" * 5000, "x.json"),
    ]
    for call in calls:
        with pytest.raises(CompanionError) as caught:
            call()
        yield caught.value


def test_the_ground_floors_errors_are_said_in_either_language_and_english_as_raised(tmp_path):
    said = [(str(e), texts.message(e)) for e in ground_floor_errors(tmp_path)]
    assert [texts.render(m, "en") for _, m in said] == [english for english, _ in said]
    german = [texts.render(m, "de").replace(str(tmp_path), "") for _, m in said]
    own = ("Invalid \\escape", "Exceeds the limit")  # json's and int()'s own words
    assert [g for g in german if ENGLISH.search(g) and not any(o in g for o in own)] == []
    assert (
        "x.json: die Kalibrierung ist kein JSON: weitere Zeichen nach dem Ende in Zeile 1" in german
    )


def test_a_string_without_its_end_is_said_once_with_its_line() -> None:
    """Trial s10 L11: the server logged "Unterminated string starting at at line 17"."""
    from companion.errors import CompanionError
    from companion.model.jsontext import parse_json

    def said(text_: str) -> tuple[str, str]:
        with pytest.raises(CompanionError) as caught:
            parse_json(text_, "cal.json", what=texts.text("json.calibration"))
        return texts.render(texts.message(caught.value), "en"), texts.render(
            texts.message(caught.value), "de"
        )

    assert said('{\n"board": "corners}') == (
        "cal.json: calibration is not JSON: Unterminated string at line 2",
        "cal.json: die Kalibrierung ist kein JSON: Zeichenkette ohne Ende in Zeile 2",
    )
    assert said('{\n"board": "corners}\n') == (  # a line break inside the string
        "cal.json: calibration is not JSON: Invalid control character in a string at line 2",
        "cal.json: die Kalibrierung ist kein JSON: Steuerzeichen in einer Zeichenkette in Zeile 2",
    )
