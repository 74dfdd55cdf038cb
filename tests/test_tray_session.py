"""The dice tray's session on synthetic trays: rolls read, counted once, said; a blurred
roll, a photo without dice, a hand and an unsure die count nothing (docs/tray.md)."""

import cv2
import numpy as np
import pytest

from companion.errors import CompanionError
from companion.synth.dice import render_scene, scene_options
from companion.texts import render
from companion.tray import session as tray_session
from companion.tray.colours import colour_of
from companion.tray.history import Roll, TrayDie
from companion.tray.session import Tray, said
from companion.vision.dice.reader import DiceReading, Die


def photo(values=(3, 4), seed=1, **options):
    scene = render_scene(seed, scene_options(values=values, touching=0.0, max_tilt=10.0, **options))
    return scene.image


def jpeg(image):
    return cv2.imencode(".jpg", image)[1].tobytes()


def test_a_photo_of_a_roll_is_read_counted_and_said():
    tray = Tray(None)
    outcome = tray.photo(jpeg(photo((3, 4))))
    assert outcome.state == "roll"
    assert sorted(d.value for d in outcome.roll.dice) == [3, 4]
    assert render(outcome.note, "de") == "Sieben: " + (
        "drei und vier" if outcome.roll.dice[0].value == 3 else "vier und drei"
    )
    assert len(tray.rolls) == 1


def test_camera_frames_count_a_settled_roll_once():
    tray = Tray(None, settle_frames=3)
    frame = photo((6, 2, 5), seed=2)
    states = [tray.frame(frame).state for _ in range(5)]
    assert states == ["settling", "settling", "roll", "settling", "settling"]
    assert [sorted(r.dice, key=lambda d: d.value)[0].value for r in tray.rolls] == [2]


def test_a_blurred_roll_is_refused_in_one_line():
    tray = Tray(None)
    outcome = tray.photo(jpeg(photo((5, 5), seed=3, moving=1.0)))
    assert outcome.state == "blurred" and tray.rolls == []
    assert render(outcome.note, "en").startswith("the photo is blurred")


def test_a_photo_without_dice_counts_nothing():
    tray = Tray(None)
    empty = np.full((480, 640, 3), (90, 120, 60), np.uint8)
    assert tray.photo(jpeg(empty)).state == "no_dice" and tray.rolls == []


def test_a_hand_in_the_tray_makes_it_wait():
    image = photo((1, 2), seed=4)
    cv2.ellipse(image, (420, 300), (90, 70), 20, 0, 360, (150, 176, 224), -1)  # a palm
    cv2.rectangle(image, (450, 300), (640, 380), (150, 176, 224), -1)  # its arm, from the edge
    tray = Tray(None)
    assert [tray.frame(image).state for _ in range(4)] == ["busy"] * 4
    assert tray.photo(jpeg(image)).state == "busy" and tray.rolls == []


def test_no_hand_in_trays_of_every_die_colour():
    # measured over seeds 0-59 (120 trays): none taken for a hand; see docs/tray.md
    for seed in range(20):
        assert Tray(None).photo(jpeg(photo((1, 2, 3, 4), seed=seed))).state != "busy"


def test_an_unsure_die_is_asked_never_guessed(monkeypatch):
    cocked = DiceReading(
        (Die(3, "d6", 100, 100, 0.95, True, 40), Die(5, "d6", 300, 200, 0.41, True, 40))
    )
    monkeypatch.setattr(tray_session, "read_dice", lambda *a, **k: cocked)
    tray = Tray(None)
    outcome = tray.photo(jpeg(photo()))
    assert outcome.state == "asked" and tray.rolls == []
    assert render(outcome.note, "en") == (
        "read unsurely: please give the value of die 2 (nothing guessed)"
    )
    with pytest.raises(CompanionError, match="'7' is no face"):
        tray.answer({2: "7"})
    roll = tray.answer({2: "6"}).roll
    assert [d.value for d in roll.dice] == [3, 6] and roll.dice[1].asked
    assert tray.question is None and len(tray.rolls) == 1


@pytest.mark.parametrize(
    ("data", "line"),
    [
        (b"", "empty file"),
        (b"not a photo at all", "not a readable image"),
        (b"\xff\xd8\xff\xe0 cut short", "truncated JPEG"),
    ],
)
def test_a_bad_photo_is_one_line_and_loses_nothing(data, line):
    tray = Tray(None)
    tray.photo(jpeg(photo()))
    with pytest.raises(CompanionError, match=line) as caught:
        tray.photo(data)
    assert "\n" not in str(caught.value) and len(tray.rolls) == 1


def test_a_roll_is_said_in_both_languages():
    roll = Roll(1, "", (TrayDie(3, "d6", "red", 1.0), TrayDie(4, "d6", "blue", 1.0)), "camera")
    assert render(said(roll), "de") == "Sieben: drei und vier"
    assert render(said(roll), "en") == "Seven: three and four"
    three = Roll(2, "", (*roll.dice, TrayDie(6, "d6", "red", 1.0)), "camera")
    assert render(said(three), "de") == "Dreizehn: drei, vier und sechs"


def test_a_die_body_colour_is_named():
    image = np.full((200, 200, 3), (200, 200, 200), np.uint8)
    for body, name in [((50, 50, 200), "red"), ((180, 110, 30), "blue")]:
        cv2.rectangle(image, (60, 60), (140, 140), body, -1)
        cv2.circle(image, (100, 100), 8, (245, 245, 245), -1)  # a pip
        assert colour_of(image, 100, 100, 80) == name


def test_a_grey_photo_names_no_colour_and_makes_no_colour_groups():
    # trial s10 L16: a grey single-channel photo was read "Weiß, Blau, Blau, Blau" and
    # summed per colour; a grey photo shows no colour (seed 11: green, blue and white dice)
    from companion.tray.tally import tally

    image = photo((5, 2, 3), seed=11)
    coloured = Tray(None).photo(jpeg(image)).roll
    assert {d.colour for d in coloured.dice} == {"green", "blue", "white"}  # it can tell
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)  # one channel, as the trial's photo
    tray = Tray(None)
    read = tray.photo(jpeg(grey)).roll
    assert sorted(d.value for d in read.dice) == [2, 3, 5]
    assert {d.colour for d in read.dice} == {""}
    tray.log.record([TrayDie(4, "d6", "red", 0.9), TrayDie(1, "d6", "blue", 0.9)], "camera")
    groups = [(g.colour, g.fairness.rolls) for g in tally(tray.rolls)]
    assert groups == [("all", 5), ("red", 1), ("blue", 1)]  # the grey dice in "all" only


def test_miwins_dice_are_read_and_counted_per_kind():
    from companion.synth.dice import MIWIN_FACES
    from companion.tray.synthetic import TrayCamera
    from companion.tray.tally import tally

    camera, tray = TrayCamera(seed=3), Tray(None, "miwin")
    for _ in range(3):
        thrown = camera.throw("miwin")
        tray.thrown()
        outcomes = [tray.frame(camera()) for _ in range(5)]
        # three frames alike (four where the first frame after a throw was read at the
        # last roll's scale), then the roll is counted, or asked where a die is unsure
        # and counted once a player gives its value (as thrown)
        states = [o.state for o in outcomes]
        assert states.count("roll") + states.count("asked") == 1
        if (question := tray.question) is not None:
            by_kind = dict(zip(MIWIN_FACES, thrown, strict=True))
            tray.answer({i + 1: str(by_kind[question.dice[i].kind]) for i in question.unsure})
    assert {d.colour for r in tray.rolls for d in r.dice} == {"blue", "red", "black"}
    kinds = sorted((g.kind, g.colour, g.fairness.rolls) for g in tally(tray.rolls))
    assert kinds == [("miwin-III", "all", 3), ("miwin-IV", "all", 3), ("miwin-V", "all", 3)]
