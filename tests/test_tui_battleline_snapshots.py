"""Snapshots of Battleline's screens at 80x24 and 120x40, in Russian, without colour and
in ASCII.

Each scene is a seeded battle reached without the screen (orders typed in notation,
or the engine's random orders with a fixed seed, rolls keyed by the seed alone),
then the game screen is opened on it and a few keys are pressed. Snapshot ids read
``test_bl_snapshot[<scene>-<language>-<columns>x<rows>]``. Run ``uv run pytest
tests/test_tui_battleline_snapshots.py --snapshot-update`` after a deliberate
change and look at every changed SVG.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from snapshot_cases import case_ids, colour, scene_of
from test_tui_battleline import SEED, bl_home, make_app  # noqa: F401 - bl_home is a fixture
from textual.pilot import Pilot

from engine.dice import ScriptedDice, seed_only
from engine.game import Game
from engine.rulesets.battleline import RULESET, scenario
from engine.rulesets.battleline.roster import sample_mech
from tui.rulesets.battleline.screen import BattlelineScreen
from tui.screens.new_game import NewGameScreen
from tui.settings import Settings, save_settings

SMALL = (80, 24)
LARGE = (120, 40)
NAMES = ("Kestrel", "Bulwark", "Hornet", "Ram")
PLAYERS = ("Ann", "Bob", "Cy", "Dee")


def battle(n: int = 2, preset: str = "ruins", turn_limit: int = 0) -> Game:
    """A seeded battle of the first ``n`` sample mechs (a duel on ``preset``)."""
    mechs = [sample_mech(name) for name in NAMES[:n]]
    if n == 2:
        setup = scenario.duel(mechs[0], mechs[1], preset, turn_limit=turn_limit)
    else:
        setup = scenario.battle(mechs, turn_limit=turn_limit)
    return Game(RULESET, setup, seed=SEED, players=PLAYERS[:n], entropy=seed_only)


def played(game: Game, turns: int, seed: int = 3) -> Game:
    """``turns`` turns of the engine's random orders (seeded)."""
    rng = random.Random(seed)
    for _ in range(turns):
        for side in sorted(game.to_act()):
            game.submit(side, RULESET.random_action(game.state, side, rng))
    return game


def example_one() -> Game:
    """BL-EX-1 resolved (dice 3, 3): melee contact and a cannon hit."""
    setup = scenario.duel(sample_mech("Kestrel"), sample_mech("Bulwark"), "open", starts=(9, 18))
    game = Game(RULESET, setup, players=PLAYERS[:2], dice=ScriptedDice([3, 3]), entropy=seed_only)
    game.submit(0, "speed 6; melee Sword LT")
    game.submit(1, "speed 6; def shield; A-10 13 14 15")
    return game


def sealed_one() -> Game:
    """Ann has sealed her order: Bob's curtain."""
    game = battle()
    game.submit(0, "speed 6; def LA; A-10 25 26 27")
    return game


def finished() -> Game:
    """Three mechs played at random to a turn limit of 6: a draw among all three."""
    game = battle(3, turn_limit=6)
    return played(game, 6, seed=5)


def three() -> Game:
    """Three mechs after two turns of random orders (notices, reach, damage)."""
    return played(battle(3), 2, seed=9)


#: scene -> (the game, the seat at the terminal (None: the curtain first), keys)
SCENES: dict[str, tuple[Callable[[], Game], int | None, list[str]]] = {
    "sheet": (battle, 0, []),
    "marking": (
        battle,
        0,
        [*["right"] * 6, *["down"] * 5, "enter", "enter", "left", "enter", "left", "space"],
    ),
    "cover": (battle, 1, [*["right"] * 6, "down", "enter", "down", "right", "right"]),
    "three": (three, 0, ["escape", "down", "right"]),
    "four": (lambda: battle(4), 2, ["right", "right", "down", "down", "down", "down"]),
    "curtain": (sealed_one, None, []),
    "report": (example_one, 1, ["r", "8"]),
    "mechs": (example_one, 0, ["escape", "m"]),
    "seal": (battle, 0, ["right", "right", "s"]),
    "over": (finished, 0, ["escape"]),
    "help": (battle, 0, ["question_mark"]),
}

CASES: list[tuple[str, str, tuple[int, int], dict[str, Any]]] = [
    ("sheet", "en", SMALL, {}),
    ("sheet", "en", LARGE, {}),
    ("sheet", "ru", SMALL, {}),
    ("marking", "en", SMALL, {}),
    ("marking", "en", LARGE, {}),
    ("marking", "ru", LARGE, {}),
    ("marking_ascii", "en", SMALL, {"ascii_glyphs": True}),
    ("marking_nocolor", "en", SMALL, {"no_color": True}),
    ("cover", "en", SMALL, {}),
    ("three", "en", SMALL, {}),
    ("three", "en", LARGE, {}),
    ("three", "ru", SMALL, {}),
    ("four", "en", SMALL, {}),
    ("four", "en", LARGE, {}),
    ("curtain", "en", SMALL, {}),
    ("curtain", "ru", SMALL, {}),
    ("report", "en", SMALL, {}),
    ("report", "en", LARGE, {}),
    ("report", "ru", SMALL, {}),
    ("mechs", "en", SMALL, {}),
    ("mechs", "ru", SMALL, {}),
    ("seal", "en", SMALL, {}),
    ("seal", "en", LARGE, {}),
    ("seal", "ru", SMALL, {}),
    ("cover", "en", LARGE, {}),
    ("cover", "ru", SMALL, {}),
    ("over", "en", SMALL, {}),
    ("over", "en", LARGE, {}),
    ("over", "ru", SMALL, {}),
    ("help", "en", SMALL, {}),
    ("help", "ru", LARGE, {}),
]


@pytest.mark.parametrize(
    ("name", "lang", "size", "options"),
    CASES,
    ids=case_ids(CASES),
)
def test_bl_snapshot(
    snap_compare: Any,
    bl_home: Path,  # noqa: F811 - the fixture imported above
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    lang: str,
    size: tuple[int, int],
    options: dict[str, Any],
) -> None:
    """Battleline scene ``name`` in ``lang`` at ``size``."""
    options = colour(monkeypatch, options)
    save_settings(bl_home / "config" / "settings.json", Settings(language=lang))
    scene = scene_of(name)
    make_game, viewer, keys = SCENES[scene]
    game = make_game()
    app = make_app(bl_home, language=None, **options)

    async def run_before(pilot: Pilot[Any]) -> None:
        app.push_screen(BattlelineScreen(game.seats(), viewer=viewer))
        await pilot.pause()
        await pilot.pause(0.3)
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        await pilot.pause(0.3)

    assert snap_compare(app, terminal_size=size, run_before=run_before)
    assert app.errors == []


NEW_GAME: list[tuple[str, tuple[int, int]]] = [("en", SMALL), ("en", LARGE), ("ru", SMALL)]


@pytest.mark.parametrize(("lang", "size"), NEW_GAME, ids=[f"{c[0]}-{c[1][0]}x{c[1][1]}" for c in NEW_GAME])
def test_bl_new_game_snapshot(
    snap_compare: Any,
    bl_home: Path,  # noqa: F811 - the fixture imported above
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    size: tuple[int, int],
) -> None:
    """The new game screen with Battleline chosen: three mechs, a seat's mech shown."""
    colour(monkeypatch, {})
    save_settings(bl_home / "config" / "settings.json", Settings(language=lang))
    app = make_app(bl_home, language=None)

    async def run_before(pilot: Pilot[Any]) -> None:
        app.push_screen(NewGameScreen("battleline"))
        await pilot.pause()
        app.screen.query_one("#bl-setup-list").focus()
        await pilot.press("right", "down", "down", "down", "down", "down")
        await pilot.pause(0.3)

    assert snap_compare(app, terminal_size=size, run_before=run_before)
    assert app.errors == []
