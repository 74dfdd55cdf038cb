"""The spoken notation: tolerant parsing, one-line errors with positions, rendering, glosses."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import InvalidAnnouncement
from companion.games.zwianer.notation import (
    Kind,
    Token,
    gloss,
    normalise,
    parse_announcement,
    render,
)
from companion.games.zwianer.notation.tokens import count, gravitation, stoss, umlaufbahn, wurf

CANONICAL = "Wurf 5, Umlaufbahn 3, 2, Stoß 2, 1, 0"


@pytest.mark.parametrize(
    "text",
    [
        CANONICAL,
        "wurf 5 umlaufbahn 3 2 stoss 2 1 0",
        "WURF 5,UMLAUFBAHN 3,2,STOSS 2,1,0.",
        "  Wurf 5 ,  Umlaufbahn 3 , 2 , Stoß 2 .., 1, 0  ",
        "„Wurf 5, Umlaufbahn 3, 2, Stoss 2 …, 1, 0“",
    ],
)
def test_tolerant_of_case_commas_spaces_and_sz(text: str) -> None:
    assert render(parse_announcement(text)) == CANONICAL


def test_tokens() -> None:
    assert parse_announcement(CANONICAL) == (
        wurf(5),
        umlaufbahn(3),
        count(2),
        stoss(2),
        count(1),
        count(0),
    )
    assert parse_announcement("Wurf 4, Tausch") == (wurf(4), Token(Kind.TAUSCH))
    assert parse_announcement("Wurf 4, Speicher 6, Absturz")[1] == Token(Kind.SPEICHER, 6)


@pytest.mark.parametrize(
    ("text", "message", "offset"),
    [
        ("", "empty announcement", 0),
        ("Umlaufbahn 3", "must start with 'Wurf N'", 0),
        ("7, 6", "must start with 'Wurf N'", 0),
        ("Wurf 7, Umlauf 6", "unknown word 'Umlauf' at character 9", 8),
        ("Wurf 7, Umlaufbahn", "'Umlaufbahn' needs a number at character 9", 8),
        ("Wurf 7, 6, Wurf 5", "'Wurf' may only come first", 11),
        ("Wurf 7 # 6", "unexpected character '#' at character 8", 7),
        ("Wurf 10000", "too large", 5),
    ],
)
def test_errors_name_the_position(text: str, message: str, offset: int) -> None:
    with pytest.raises(InvalidAnnouncement, match=message) as info:
        parse_announcement(text)
    assert info.value.offset == offset
    assert "\n" not in str(info.value)


def test_gloss_reads_in_english() -> None:
    assert gloss(parse_announcement("Wurf 5, Umlaufbahn 3, 2, Stoß 2, 1, 0")) == (
        "roll 5, orbit: 3 left after paying gravity, 2, push: 2 handed on, 1, 0"
    )


def test_normalise_merges_a_repeated_inward_gravitation_only() -> None:
    fall = (wurf(10), gravitation(10), gravitation(10), umlaufbahn(3))
    assert normalise(fall) == (wurf(10), gravitation(10), umlaufbahn(3))
    climb = (wurf(12), umlaufbahn(7), gravitation(4), umlaufbahn(2))
    assert normalise(climb) == climb


@given(st.text(max_size=60))
def test_any_text_parses_or_fails_with_one_line(text: str) -> None:
    try:
        tokens = parse_announcement(text)
    except InvalidAnnouncement as exc:
        assert "\n" not in str(exc)
    else:
        assert tokens[0].kind is Kind.WURF
        assert parse_announcement(render(tokens)) == tokens


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["Umlaufbahn", "Gravitation", "Stoß", "Tunnel", ""]), st.integers(0, 30)
        ),
        max_size=12,
    ),
    st.integers(0, 30),
)
def test_render_then_parse_is_the_identity(items: list[tuple[str, int]], first: int) -> None:
    kinds = {k.value: k for k in Kind}
    tokens = (wurf(first), *(Token(kinds[k], n) for k, n in items))
    assert parse_announcement(render(tokens)) == tokens
