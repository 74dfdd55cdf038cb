"""Words said after the move that name another move say what was said and what was made:
they judge the move made, never read as a verdict on a next one (new-user trial s11 M5:
Tunnel X, "Wurf 3, Sonderfeld" played, "Wurf 3, Tausch" typed, answered "'Tausch' where
the nearest legal move says 'Sonderfeld'; nearest legal: …")."""

from __future__ import annotations

from companion.model.position import start_position
from companion.table.table import Table
from companion.texts import render
from companion.web.i18n import on_page

SAID = "Ansage zu Zug 1 von Rot (Wurf 2+1): gesagt „{said}“, gezogen wurde „Wurf 3, Sonderfeld“: "


def jumped() -> Table:
    """Red has played 1+2 as the jump to the nearest special field."""
    table = Table.new(start_position("tunnelx", ["red", "yellow"]))
    table.referee.confirm_board()
    table.referee.observe_dice([1, 2])
    table.referee.play_move(
        next(m for m in table.referee.legal if m.announcement == "Wurf 3, Sonderfeld")
    )
    return table


def test_the_swap_said_for_the_jump_made_names_both_and_no_other_moves():
    verdict = jumped().referee.announce("Wurf 3, Tausch", before_move=False)
    said = render(verdict.reason, "de")
    assert verdict.kind == "illegal"
    assert said == SAID.format(said="Wurf 3, Tausch") + "die Ansage nennt einen anderen Zug"
    assert verdict.announcement == "Wurf 3, Sonderfeld"


def test_another_legal_move_said_is_named_with_the_move_made():
    verdict = jumped().referee.announce("Wurf 2, 1, 0", before_move=False)
    said = render(verdict.reason, "de")
    assert verdict.kind == "illegal" and said.startswith(SAID.format(said="Wurf 2, 1, 0"))
    assert said.endswith("Die Ansage nennt einen anderen Zug (Rot zieht S1 von Rot → U1.6)")


def test_words_no_move_of_the_roll_keep_why_but_not_the_nearest_moves():
    verdict = jumped().referee.announce("Wurf 6", before_move=False)
    said = render(verdict.reason, "en")
    assert said == (
        "Announcement of move 1 by red (roll 2+1): said 'Wurf 6', the move made was "
        "'Wurf 3, Sonderfeld': Wurf 6 does not fit the roll 2+1 (possible: 3, 2, 1)"
    )


def test_words_after_the_move_that_fit_two_moves_get_no_hint_how_to_name_one():
    # Review s12 finding 7: Tunnel X 5+2, "Wurf 2, 1, 0" played, then "Wurf 5, 4, 3, 2, 1,
    # 0" said, which fits two moves: the page answered "(… tap the target field on the
    # board …)", the command line "(name the field with --to)", advice for a next move.
    table = Table.new(start_position("tunnelx", ["red", "yellow"]))
    table.referee.confirm_board()
    table.referee.observe_dice([5, 2])
    table.referee.play_move(
        next(m for m in table.referee.legal if m.announcement == "Wurf 2, 1, 0")
    )
    verdict = table.referee.announce("Wurf 5, 4, 3, 2, 1, 0", before_move=False)
    said = render(verdict.reason, "en")
    assert verdict.kind == "illegal" and render(on_page(verdict.reason), "en") == said
    assert said.endswith(
        "the announcement names another move ('Wurf 5, 4, 3, 2, 1, 0' fits 2 moves: "
        "red moves red's S1 → U2.8; red moves red's S1 → U1.9)"
    )
