"""What ``read-board`` and ``calibrate check`` say of a photo, in the players' words
(new-user trial s13 L1): a photo with one field unsure lists the pieces read and then
that field, not only the field; pieces go in the order a player counts the fields
(T.5 before T.45), not as text sorts them."""

from __future__ import annotations

from companion.cli.read_board import describe
from companion.vision.board.cause import Cause
from companion.vision.board.reader import BoardRead

FIELDS = {"T.45": "green", "T.5": "yellow", "red.home": "red", "T.10": "blue"}


def test_pieces_are_listed_in_the_order_of_the_fields_numbers():
    read = BoardRead(found=True, fields=FIELDS, overall=0.95)
    assert describe("p.jpg", read, "en") == (
        "p.jpg: 4 pieces (confidence 95%): yellow on T.5, blue on T.10, green on T.45, "
        "red on red's home"
    )


def test_one_field_unsure_is_said_after_the_pieces_read():
    reason = "busy: unsure of red.home (red? confidence 0.41)"
    cause = Cause("unsure", "red.home", 0, "red")
    read = BoardRead(found=True, busy=True, fields=FIELDS, overall=0.41, reason=reason, cause=cause)
    assert describe("p.jpg", read, "de").splitlines() == [
        "p.jpg: 4 Steine (Sicherheit 41 %): Gelb auf T.5, Blau auf T.10, Grün auf T.45, "
        "Rot auf Haus von Rot",
        "p.jpg: unsicher bei Haus von Rot (Rot?) – den Stein mittig aufs Feld stellen, "
        "Schatten und Blendung prüfen",
    ]


def test_a_hand_over_the_board_lists_no_pieces():
    cause = Cause("hand", "T.5", 0, "")
    read = BoardRead(found=True, busy=True, fields=FIELDS, reason="busy: hand", cause=cause)
    assert describe("p.jpg", read, "en").count("\n") == 0
    assert " on T.5," not in describe("p.jpg", read, "en")
