"""The offline recogniser's grammar accepts every announcement the games' own move
generators produce, and its German words are written in the acoustic model's phones."""

import random
import shutil

import pytest

from companion.games.tenet.selfplay import self_play as tenet_play
from companion.games.tuerme.selfplay import self_play as tuerme_play
from companion.games.words import fold
from companion.games.zwianer.selfplay import self_play as zwianer_play
from companion.listen import phones
from companion.listen.accept import accepts, heard_by
from companion.listen.grammar import TOP, german_number, grammar, spoken, tokens, written


def announcements(game: str, seed: int) -> set[str]:
    """Legal moves of a few positions of a random game, as the game formats them."""
    rng = random.Random(seed)
    if game == "tuerme":
        return {m.announcement for t in tuerme_play(rng, max_turns=150) for m in t.moves}
    if game == "tenet":
        plays = list(tenet_play(rng, max_turns=15))
        return {m.announcement for p in plays for m in (*p.moves[:10], p.played)}
    turns = zwianer_play(rng, game=game, max_turns=30)
    return {m.announcement for t in turns for m in t.moves[:15]}


@pytest.mark.parametrize("game", list(TOP))
def test_every_legal_announcement_can_be_heard(game: str) -> None:
    said = announcements(game, seed=11)
    assert len(said) > 20
    g = grammar(game)
    refused = [a for a in said if not heard_by(g, tokens(spoken(a, game)))]
    assert refused == []
    # the JSGF (the loose ZwiAner one too) accepts them as well
    assert [a for a in sorted(said)[:40] if not accepts(g.jsgf, tokens(spoken(a, game)))] == []


def test_the_countdown_refuses_what_does_not_count_down() -> None:
    g = grammar("gravitation")
    assert heard_by(g, "wurf sieben umlaufbahn sechs fuenf vier drei zwei eins null")
    assert not heard_by(g, "wurf sieben umlaufbahn sechs acht")  # a step costs 1
    assert not heard_by(g, "wurf sieben umlaufbahn acht sieben")  # a payment lowers
    assert not heard_by(g, "wurf sieben umlaufbahn sechs")  # half a sentence
    assert heard_by(g, "wurf sechs umlaufbahn drei stoss drei")  # the full ring ends


def test_spoken_and_written_are_each_others_way_back() -> None:
    assert spoken("Wurf 7, Stoß 2", "gravitation") == "Wurf sieben, Stoß zwei"
    said = spoken("3 von Start nach K1.4, versetzt rot nach X1-9", "tenet")
    assert said == "drei von Start nach Ka eins Punkt vier, versetzt rot nach Iks eins Strich neun"
    assert written(tokens(said), "tenet") == "drei von start nach K1.4 versetzt rot nach X1-9"
    assert [german_number(n) for n in (0, 12, 21, 30)] == [
        "null",
        "zwölf",
        "einundzwanzig",
        "dreißig",
    ]


def test_every_word_has_a_pronunciation_in_the_models_phones() -> None:
    known = phones.load()
    for game in TOP:
        g = grammar(game)
        assert set(g.tokens()) == {fold(w) for w in g.words}
        for word in grammar(game).tokens():
            assert word in known, word
            assert set(known[word].split()) <= phones.MODEL_PHONES, word


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
def test_the_shipped_dictionary_is_what_espeak_ng_says() -> None:
    made = phones.entries(phones.all_words())
    assert made == phones.DICTIONARY.read_text(encoding="utf-8").splitlines()
    assert phones.arpabet("ʊmlˌa\u200dʊfbɑːn") == ["UH", "M", "L", "AW", "F", "B", "AA", "N"]
