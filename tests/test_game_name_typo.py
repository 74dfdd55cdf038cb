"""A game name typed almost right is answered with the name meant (new-user trial s11 L2:
`--game tunnel-x` and `--game TunnelX` got "unbekanntes Spiel 'TunnelX' (bekannt: …)"),
in both languages, by serve and every command that takes --game."""

from __future__ import annotations

import pytest
from test_cli_usage import said

COMMANDS = [
    ["serve", "--game", "TunnelX"],
    ["start", "--game", "tunnel-x"],
    ["sample", "game", "--game", "tunelx", "-o", "never"],
    ["replay", "never", "--game", "TunnelX"],
    ["listen", "--game", "Tunnel-X"],
]


@pytest.mark.parametrize("argv", COMMANDS, ids=[a[0] for a in COMMANDS])
@pytest.mark.parametrize(
    ("lang", "meant"), [("de", "meintest du „tunnelx“?"), ("en", "did you mean 'tunnelx'?")]
)
def test_a_game_name_typed_almost_right_names_the_game_meant(capsys, tmp_path, argv, lang, meant):
    code, err = said(
        capsys,
        "--lang",
        lang,
        *argv,
        *(["--data-dir", str(tmp_path)] if argv[0] == "serve" else []),
    )
    assert code == 2 and err.count("\n") == 1 and meant in err, err
    assert not list(tmp_path.iterdir())  # nothing made for a game that does not exist


def test_a_name_like_no_game_names_none(capsys):
    code, err = said(capsys, "--lang", "de", "start", "--game", "schach")
    assert code == 2 and "meintest du" not in err and "schach" in err
