"""``companion sample dice|game``: camera pictures to try the companion without a camera.

``sample dice -o tray.jpg`` writes one synthetic photo of a dice tray (the same renderer
the dice benchmark uses) and prints what the dice show, so ``companion read-dice`` can be
checked against the truth. ``sample game -o frames/`` plays a seeded game with the real
rules engine and films it frame by frame (docs/referee.md), ready for ``companion replay``;
``--game`` films Tunnel X or the race game instead (not TENET: its turns are steps with
three Miwin dice, which the recorder does not film).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from companion.cli.common import add_json_argument, print_json, whole
from companion.errors import CompanionError
from companion.games import GAMES
from companion.texts import game_name, text

if TYPE_CHECKING:
    pass

NAME = "sample"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("what", choices=("dice", "game"), help=text("opt.sample.what"))
    parser.add_argument("-o", "--output", required=True, help=text("opt.sample.output"))
    parser.add_argument("--seed", type=whole(0, 2**32 - 1), default=1, help=text("opt.sample.seed"))
    parser.add_argument(
        "--kind", choices=("d6", "miwin"), default="d6", help=text("opt.sample.kind")
    )
    parser.add_argument(
        "--count",
        type=whole(-1000, 1000),
        help=text("opt.sample.count"),
    )
    parser.add_argument(
        "--game", default="gravitation", choices=sorted(GAMES), help=text("opt.sample.game")
    )
    parser.add_argument("--players", default="red,yellow", help=text("opt.sample.players"))
    parser.add_argument("--turns", type=whole(1, 1000), default=6, help=text("opt.sample.turns"))
    add_json_argument(parser)


def run(args: argparse.Namespace) -> int:
    return _dice(args) if args.what == "dice" else _game(args)


def _dice(args: argparse.Namespace) -> int:
    import cv2

    from companion.synth.dice import render_scene, scene_options

    most = 3 if args.kind == "miwin" else 4
    count = args.count if args.count is not None else (3 if args.kind == "miwin" else 2)
    if not 1 <= count <= most:
        raise CompanionError(text("sample.count", count=count, kind=args.kind, most=most))
    out = Path(args.output)
    if out.suffix.lower() not in (".jpg", ".jpeg", ".png"):
        raise CompanionError(text("sample.photo_format", path=str(out)))
    if not out.parent.is_dir():
        raise CompanionError(text("sample.no_folder", path=str(out.parent)))
    options = scene_options(kind=args.kind, dice=(count, count), moving=0.0)
    scene = render_scene(args.seed, options)
    if not cv2.imwrite(str(out), scene.image):
        raise CompanionError(text("sample.unwritten", path=str(out)))
    truth = [
        {"value": d.value, "kind": d.kind, "x": round(d.x), "y": round(d.y)} for d in scene.dice
    ]
    if args.json:
        print_json({"image": str(out), "dice": truth, "background": scene.background})
    else:
        shown = ", ".join(f"{d['value']} ({d['kind']})" for d in truth)
        print(text("sample.wrote_dice", path=str(out), dice=shown, background=scene.background))
    return 0


def _game(args: argparse.Namespace) -> int:
    from companion.model.position import start_position
    from companion.synth.game import FILMED, record_game

    if args.game not in FILMED:  # before any folder is made
        name, filmed = game_name(args.game), list(FILMED)
        raise CompanionError(text("sample.not_filmed", game=args.game, name=name, filmed=filmed))
    if not 1 <= args.turns <= 200:
        raise CompanionError(text("sample.turns", turns=args.turns))
    out = Path(args.output)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise CompanionError(text("sample.folder_used", path=str(out)))
    players = [p.strip() for p in args.players.split(",") if p.strip()]
    start = start_position(args.game, players)
    rec = record_game(out, start, args.seed, args.turns)
    film = {"game": args.game, "players": players}  # replay takes its game from it (s11 H3)
    (out / "film.json").write_text(json.dumps(film) + "\n", encoding="utf-8")
    said = rec.announcements
    if args.json:
        print_json({"frames": len(rec.frames), "folder": str(out), "announcements": said})
    else:
        print(text("sample.wrote_game", frames=len(rec.frames), moves=len(said), path=str(out)))
        command = f"companion replay {out} --game {args.game} --players {','.join(players)}"
        print(text("sample.referee_them", command=command))
        print(text("sample.played", moves=json.dumps(said, ensure_ascii=False)))
    return 0
