"""The announcement is German on the English page too: an English word of the page's
reading ("8 from Start to K1.5", "roll 9, orbit 8, …") typed as an announcement is named
with the German word to say (new-user trial s14 M2: "unknown word 'roll' … the
announcement's words: …" and "'8 von … nach …' names where the ball starts" did not say
that the announcement is German, nor that "from" is "von")."""

from __future__ import annotations

import pytest
from test_announcement_hint import parsed

from companion.errors import InvalidAnnouncement


@pytest.mark.parametrize(
    ("name", "said", "hint"),
    [
        ("tenet", "8 from Start to K1.5", "'from' → say 'von'"),
        ("tenet", "8 von Start to K1.5", "'to' → say 'nach'"),
        ("tenet", "doublet 5", "'doublet' → say 'Pasch'"),
        ("gravitation", "roll 9, orbit 8, 7", "'roll' → say 'Wurf'"),
        ("gravitation", "Wurf 9, orbit 8, 7", "'orbit' → say 'Umlaufbahn'"),
        ("tuerme", "tower 5 und 2", "'tower' → say 'Turm'"),
    ],
)
def test_an_english_word_is_named_with_the_german_word_to_say(name, said, hint):
    with pytest.raises(InvalidAnnouncement) as info:
        parsed(name, said)
    reason = str(info.value)
    assert hint in reason and "announcements are in German" in reason


def test_a_word_that_is_no_english_reading_word_gets_the_usual_hint():
    with pytest.raises(InvalidAnnouncement) as info:
        parsed("gravitation", "Wurf 9, Banane 8")
    assert "in German" not in str(info.value)


@pytest.mark.parametrize(
    ("game", "players", "words"),
    [
        ("gravitation", ["red", "yellow"], "Wurf = roll"),
        ("tenet", ["red", "green"], "von = from, nach = to"),
        ("tuerme", ["red", "blue"], "Turm = tower"),
    ],
)
def test_the_english_page_says_where_one_types_that_announcements_are_german(game, players, words):
    from companion.model.position import start_position
    from companion.web import Table, create_app

    table = Table.new(start_position(game, players))
    client = create_app({"TABLE": table, "TESTING": True}).test_client()
    table.referee.confirm_board()
    table.referee.observe_dice([3, 4, 1] if game == "tenet" else [6, 3])
    for page in ("/teach", "/status"):
        english = client.get(page + "?lang=en").get_data(as_text=True)
        assert "Announcements are in German: " in english and words in english, page
        assert 'id="german-words"' not in client.get(page + "?lang=de").get_data(as_text=True)
