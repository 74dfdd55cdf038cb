"""Correcting one recorded move on the page: behind the PIN, asked first, and every later
move checked again; a move that no longer stands is named and taken back only when the
referee ticks it."""

from __future__ import annotations

import html
import re
from urllib.parse import urlencode

import pytest
from conftest import token, unlock
from hypothesis import given, settings
from hypothesis import strategies as st
from test_correction import BLOCKS, STORED, four_moves, moves_of

from companion.web import create_app

PIN = "2468"


def page_of(tmp_path, undo: int = 0):  # type: ignore[no-untyped-def]
    table = four_moves(tmp_path / "j.sqlite")
    for _ in range(undo):
        table.referee.undo()
    client = create_app({"TABLE": table, "TESTING": True, "REFEREE_PIN": PIN}).test_client()
    return table, client


def unlocked(client):  # type: ignore[no-untyped-def]
    unlock(client, PIN)
    return client


def picked(client, number: int, said: str, path: str = "", keep=None) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """The form fields of the move said so on move ``number``'s correction page (or on
    ``path``, the page asking about a later move, with the picks ``keep``)."""
    query = urlencode({"said": said, **(keep or {})})
    page = client.get(f"{path or f'/correct/{number}'}?{query}").get_data(as_text=True)
    field = re.search(rf'name="(p{number})" value="([^"]+)"', page)
    assert field is not None, page
    return {**(keep or {}), field.group(1): html.unescape(field.group(2))}


def form_on(page: str) -> dict[str, str]:
    """The hidden fields of the check page's form, as the browser sends them."""
    form = page.split('action="/correct/')[1].split("</form>")[0]
    fields = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form)
    return {name: html.unescape(value) for name, value in fields}


def confirmed(client, number: int, fields: dict[str, str], **ticked: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """What the check page of the picks ``fields`` sends with its yes (and ``ticked``)."""
    page = client.get(f"/correct/{number}/check?" + urlencode(fields)).get_data(as_text=True)
    return {**form_on(page), **ticked}


def test_correcting_needs_the_pin(tmp_path):
    _, client = page_of(tmp_path)
    asked = client.get("/correct/2")
    assert asked.status_code == 302 and "/unlock" in asked.headers["Location"]
    assert client.post("/correct/2", data={"sure": "yes"}).status_code in (400, 403)


def test_the_history_offers_to_correct_each_move(tmp_path):
    _, client = page_of(tmp_path)
    page = client.get("/status?lang=de").get_data(as_text=True)
    assert [int(n) for n in re.findall(r'href="/correct/(\d+)"', page)] == [1, 2, 3, 4]
    assert "Gelb 5+2: " in page


def test_correct_a_move_in_the_middle_and_the_later_moves_stand(tmp_path):
    _, client = page_of(tmp_path, undo=1)  # three moves
    unlocked(client)
    fields = picked(client, 2, STORED)
    check = client.get("/correct/2/check?lang=en&" + urlencode(fields)).get_data(as_text=True)
    assert re.search(r'id="check-3">[^<]*stands', check) and "take back" not in check.lower()
    done = client.post("/correct/2", data=confirmed(client, 2, fields))
    assert done.status_code == 302
    history = client.get("/status?lang=de").get_data(as_text=True)
    assert STORED in history and "Zug 2 berichtigt" in history


def test_a_correction_that_breaks_a_later_move_names_it_and_asks(tmp_path):
    table, client = page_of(tmp_path)
    unlocked(client)
    fields = picked(client, 2, BLOCKS)
    check = client.get("/correct/2/check?lang=de&" + urlencode(fields)).get_data(as_text=True)
    assert re.search(r'id="check-3">[^<]*steht so nicht mehr: ', check)
    assert "Zug 3 ist nach der Berichtigung so nicht mehr erlaubt" in check
    assert "die Züge 3 bis 4 zurücknehmen" in check
    form = confirmed(client, 2, fields)
    before = table.position
    assert client.post("/correct/2", data=form).status_code == 409  # not ticked: nothing
    assert table.position == before
    assert client.post("/correct/2", data={**form, "drop": "yes"}).status_code == 302
    assert (
        len(re.findall(r'href="/correct/\d+"', client.get("/status").get_data(as_text=True))) == 2
    )


def test_the_english_history_gives_each_announcement_its_english_reading(tmp_path):
    _, client = page_of(tmp_path)
    english = client.get("/status?lang=en").get_data(as_text=True)
    german = client.get("/status?lang=de").get_data(as_text=True)
    history = english.split('class="history"')[1]
    assert history.count('class="gloss"') == 4 and "orbit" in history
    assert 'class="gloss"' not in german.split('class="history"')[1]


def test_the_referee_says_what_a_broken_later_move_was_and_the_replay_goes_on(tmp_path):
    table, client = page_of(tmp_path)
    unlocked(client)
    fields = picked(client, 2, BLOCKS)
    pushes = "Wurf 7, Umlaufbahn 6, 5, 4, 3, 2, 1, Stoß 1, 0"  # what red did, in truth
    fix = client.get("/correct/2/fix?lang=de&" + urlencode(fields)).get_data(as_text=True)
    assert "Zug 3 (Rot, 6+1: „" in fix and "steht nach der Berichtigung so nicht mehr" in fix
    fields = picked(client, 3, pushes, path="/correct/2/fix", keep=fields)
    check = client.get("/correct/2/check?lang=en&" + urlencode(fields)).get_data(as_text=True)
    assert re.search(r'id="check-3">[^<]*chosen: “' + pushes, check)
    assert 'id="check-4"' in check  # the replay went on to move 4
    form = confirmed(client, 2, fields, drop="yes")
    assert client.post("/correct/2", data=form).status_code == 302
    said = [m.announcement for m in moves_of(table)]
    assert said[1:3] == [BLOCKS, pushes]


@given(number=st.integers(-2, 9), pick=st.text(max_size=60), said=st.text(max_size=40))
@settings(max_examples=40)
def test_any_pick_in_the_address_is_answered_never_with_a_server_error(number, pick, said):
    query = urlencode({f"p{max(number, 0)}": pick, "said": said, "p3": pick})
    for path in ("", "/check", "/fix"):
        answer = REFEREE.get(f"/correct/{number}{path}?{query}")
        assert answer.status_code in (200, 404, 409), (path, answer.status_code)


def _referee_client():  # type: ignore[no-untyped-def]
    import tempfile
    from pathlib import Path

    _, client = page_of(Path(tempfile.mkdtemp()))
    return unlocked(client)


REFEREE = _referee_client()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_correction_pages_speak_one_language(tmp_path, lang):
    from test_languages import foreign, visible

    table, client = page_of(tmp_path)
    unlocked(client)
    fields = picked(client, 2, BLOCKS)
    query = urlencode(fields)
    said = [m.announcement for m in moves_of(table)] + [BLOCKS]
    for path in (
        "/status",
        f"/correct/2?said={BLOCKS}",
        f"/correct/2/check?{query}",
        f"/correct/2/fix?{query}",
    ):
        page = client.get(f"{path}&lang={lang}" if "?" in path else f"{path}?lang={lang}")
        assert page.status_code == 200, path
        words = visible(page.get_data(as_text=True))
        spoken = [*said, *re.findall(r"Wurf [^<>„“'\"|]*?(?=[<„“'\"|]|$)", words)]
        assert foreign(words, lang, spoken) == [], path


def test_the_check_page_shows_which_of_the_moves_said_alike_was_picked(tmp_path):
    # Yellow's 3+3 (move 4) may be said "Wurf 6, 5, 4, 3, 2, 1, 0" by eight moves that
    # differ only by their path: the check page says which one the referee picked.
    _, client = page_of(tmp_path)
    unlocked(client)
    said = "Wurf 6, 5, 4, 3, 2, 1, 0"
    page = client.get("/correct/4?" + urlencode({"said": said})).get_data(as_text=True)
    offered = re.findall(
        r'name="p4" value="([^"]+)">\s*<button[^>]*>([^<]*)</button>\s*'
        r'<span class="fields path">([^<]*)</span>',
        page,
    )
    alike = [(value, path) for value, words, path in offered if words == said]
    assert len(alike) > 2 and len({path for _, path in alike}) == len(alike)
    value, path = alike[1]
    check = client.get("/correct/4/check?" + urlencode({"p4": html.unescape(value)}))
    shown = check.get_data(as_text=True)
    recorded = re.search(r'id="recorded-path">([^<]*)<', shown).group(1)  # type: ignore[union-attr]
    shown = shown.replace(recorded, "")  # the path move 4 was recorded with is shown too
    assert check.status_code == 200 and path in shown
    assert all(other not in shown for _, other in alike if other != path)


@pytest.mark.parametrize(
    ("lang", "mark", "note"),
    [
        ("de", "(berichtigt; zuerst: „", "Zug 2 berichtigt"),
        ("en", "(corrected; first", "Move 2 corrected"),
    ],
)
def test_the_history_marks_the_corrected_move_and_the_verdict_says_so(tmp_path, lang, mark, note):
    table, client = page_of(tmp_path, undo=1)
    unlocked(client)
    first = moves_of(table)[1].announcement
    fields = picked(client, 2, STORED)
    assert client.post("/correct/2", data=confirmed(client, 2, fields)).status_code == 302
    table.referee.confirm_board()  # the pieces set up: yellow moves with the kept 3+3
    assert table.referee.roll == (3, 3)  # the undo kept it (review s14b HIGH-1: lost)
    page = client.get(f"/status?lang={lang}").get_data(as_text=True)
    history = re.findall(r"<li>.*?</li>", page.split('class="history"')[1], re.S)
    assert [mark in item for item in history] == [False, True, False]
    assert first in history[1] and STORED in history[1]
    assert note in page.split('class="history"')[0]
    table.referee.play(0)  # the game goes on: the note has done its work
    assert note not in client.get(f"/status?lang={lang}").get_data(as_text=True)


def test_taking_back_one_later_move_names_that_one_move(tmp_path):
    _, client = page_of(tmp_path, undo=1)  # three moves: move 3 is the only one after 2
    unlocked(client)
    fields = picked(client, 2, BLOCKS)
    german = client.get("/correct/2/check?lang=de&" + urlencode(fields)).get_data(as_text=True)
    english = client.get("/correct/2/check?lang=en&" + urlencode(fields)).get_data(as_text=True)
    assert "Ja, Zug 3 zurücknehmen" in german and "3 bis 3" not in german
    assert "Yes, take back move 3 (" in english


def test_the_english_pages_quote_in_english(tmp_path):
    table, client = page_of(tmp_path)
    unlocked(client)
    query = urlencode(picked(client, 2, BLOCKS))
    for path in ("/correct/2", f"/correct/2/check?{query}", f"/correct/2/fix?{query}"):
        english = client.get(f"{path}{'&' if '?' in path else '?'}lang=en").get_data(as_text=True)
        german = client.get(f"{path}{'&' if '?' in path else '?'}lang=de").get_data(as_text=True)
        assert "„" not in english and "“" in english, path
        assert "„" in german and "”" not in german, path
    table.referee.observe_dice([1, 1])
    table.referee.play(0)
    assert "„" not in client.get("/status?lang=en").get_data(as_text=True)


@pytest.mark.parametrize(
    ("lang", "note"),
    [
        ("de", "Zug 4 zurückgenommen; der Wurf 3+3 bleibt: Gelb zieht mit ihm noch einmal"),
        ("en", "Move 4 taken back; the roll 3+3 stays: yellow moves with it again"),
    ],
)
def test_the_verdict_says_the_move_taken_back_once_the_pieces_stand_as_before(tmp_path, lang, note):
    # trial s10 L10: the synthetic camera sees the pieces set back at once, so the page
    # went straight to "Gelb würfelt 6+3" and never said that the move was taken back
    table, client = page_of(tmp_path)
    unlocked(client)
    form = {"sure": "yes", "csrf_token": token(client, "/undo")}
    assert client.post("/undo", data=form).status_code == 302
    said = client.get(f"/status?lang={lang}").get_data(as_text=True)
    assert note not in said and "3+3" in said  # the verdict says it itself, once
    table.referee.confirm_board()  # the pieces stand as before the move: the roll again
    page = client.get(f"/status?lang={lang}").get_data(as_text=True)
    assert note in page.split('class="history"')[0]
    table.referee.play(0)  # moved again: the note has done its work
    assert note not in client.get(f"/status?lang={lang}").get_data(as_text=True)


@pytest.mark.parametrize(
    ("lang", "set_up"),
    [
        ("de", "Auf dem Brett: Rot von U1.8 nach U1.6"),
        ("en", "On the board: red from U1.8 to U1.6"),
    ],
)
def test_a_correction_says_which_piece_to_set_where_on_the_board(tmp_path, lang, set_up):
    # new-user trial s11 M6a: Tunnel X move 1 corrected from U1.8 to U1.6 said only
    # "Zug 1 berichtigt" (the synthetic camera saw the corrected board at once; a real
    # board still showed red on U1.8)
    from companion.model.position import start_position
    from companion.table.table import Table

    table = Table.new(start_position("tunnelx", ["red", "yellow"]), tmp_path / "j.sqlite")
    ref = table.referee
    ref.confirm_board()
    ref.observe_dice([4, 2])
    ref.play_move(next(m for m in ref.legal if m.announcement == "Wurf 4, 3, 2, 1, 0"))
    assert seen_red(ref.position) == {"U1.8"}
    client = unlocked(
        create_app({"TABLE": table, "TESTING": True, "REFEREE_PIN": PIN}).test_client()
    )
    fields = picked(client, 1, "Wurf 2, 1, 0")
    assert client.post("/correct/1", data=confirmed(client, 1, fields)).status_code == 302
    assert seen_red(ref.position) == {"U1.6"}
    assert set_up in client.get(f"/status?lang={lang}").get_data(as_text=True)
    ref.confirm_board()  # the camera sees the board as corrected: the note still says it
    page = client.get(f"/status?lang={lang}").get_data(as_text=True)
    assert set_up in page.split('class="history"')[0]


def seen_red(position):  # type: ignore[no-untyped-def]
    from companion.model.boards import seen

    return {f for f, c in seen(position).items() if c == "red" and f.startswith("U")}


def test_a_correction_asked_before_the_game_went_on_takes_back_nothing(tmp_path):
    # new-user trial s14 H1: the check page said "take back move 3"; yellow then played
    # move 4; the yes took back moves 3 and 4, and move 4 was never on the page
    table, client = page_of(tmp_path, undo=1)  # three moves
    unlocked(client)
    check = client.get("/correct/2/check?lang=en&" + urlencode(picked(client, 2, BLOCKS)))
    assert "Yes, take back move 3" in check.get_data(as_text=True)
    table.referee.confirm_board()  # meanwhile, on another phone: yellow's 3+3, move 4
    table.referee.play(0)
    said = [m.announcement for m in moves_of(table)]
    assert len(said) == 4
    form = {**form_on(check.get_data(as_text=True)), "drop": "yes"}
    answer = client.post("/correct/2?lang=en", data=form)
    assert answer.status_code == 409
    assert "the game went on since this page was shown: move 4 was played" in html.unescape(
        answer.get_data(as_text=True)
    )
    assert [m.announcement for m in moves_of(table)] == said  # nothing taken back


def test_a_correction_sent_again_by_a_reload_is_recorded_once_and_says_so(tmp_path):
    # new-user trial s14 L5: a reload that resent the form recorded a second correction
    # event and said "move 2 corrected" again
    table, client = page_of(tmp_path, undo=1)
    unlocked(client)
    form = confirmed(client, 2, picked(client, 2, STORED))
    assert client.post("/correct/2", data=form).status_code == 302
    again = client.post("/correct/2?lang=en", data=form)
    assert again.status_code == 302  # to the table, as a move's double tap (review s14b)
    said = html.unescape(client.get(again.headers["Location"]).get_data(as_text=True))
    assert f"move 2 is already corrected so: “{STORED}”; nothing recorded again" in said
    assert table.journal is not None
    kinds = [e.kind for e in table.journal.events(table.referee.game_id)]
    assert kinds.count("correction") == 1


def test_the_check_page_says_the_roll_stays_before_the_yes(tmp_path):
    # correct-8 left it to the verdict after the yes: yellow's 3+3, kept by the undo
    _, client = page_of(tmp_path, undo=1)
    unlocked(client)
    query = urlencode(picked(client, 2, STORED))
    german = html.unescape(client.get(f"/correct/2/check?lang=de&{query}").get_data(as_text=True))
    english = html.unescape(client.get(f"/correct/2/check?lang=en&{query}").get_data(as_text=True))
    assert "Der Wurf 3+3 bleibt: Gelb zieht mit ihm noch einmal" in german
    assert "The roll 3+3 stays: yellow moves with it again" in english
