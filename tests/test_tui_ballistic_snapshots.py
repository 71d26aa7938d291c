"""Snapshots of Going Ballistic's screens at 80x24 and 120x40, in Russian, in the ASCII
glyph set and without colour.

Each scene is the seeded skirmish of ``test_tui_ballistic`` (or a deployment on a
shipped map) brought to a position by the engine's own actions, then the game screen
is opened on it through its seats and a few keys are pressed. Snapshot ids read
``test_gb_snapshot[<scene>-<language>-<columns>x<rows>]``. Run ``uv run pytest
tests/test_tui_ballistic_snapshots.py --snapshot-update`` after a deliberate change
and look at every changed SVG.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from snapshot_cases import case_ids, colour, scene_of
from test_tui_ballistic import SEED, gb_home, make_app, skirmish  # noqa: F401 - gb_home is a fixture
from textual.pilot import Pilot

from engine import ruleset as registry
from engine.dice import seed_only
from engine.game import Game
from engine.rulesets.ballistic.actions import Arc, End, Move, Overwatch
from engine.rulesets.ballistic.maps import load_bundled
from engine.rulesets.ballistic.roster import random_roster
from engine.rulesets.ballistic.state import Setup
from tui.rulesets.ballistic import setup as gb_setup
from tui.rulesets.ballistic.screen import BallisticScreen
from tui.settings import Settings, save_settings

SMALL = (80, 24)
LARGE = (120, 40)


def start() -> Game:
    """Turn 1: the Blue Warden acts first."""
    return skirmish()


def bastion() -> Game:
    """The Warden is on overwatch (SE-S); the Bastion acts."""
    game = skirmish()
    game.submit(0, Overwatch("Warden-1", 4, 2, 0))
    game.submit(0, End("Warden-1"))
    return game


def hare() -> Game:
    """The Bastion's shell is in flight to 0905; the Red Hare acts."""
    game = bastion()
    game.submit(0, Arc("Bastion-1", 5, aim="0905"))
    game.submit(0, End("Bastion-1"))
    return game


def trigger() -> Game:
    """The Hare stepped into the Warden's sector: Blue's overwatch decision."""
    game = hare()
    game.submit(1, Move("Hare-1", ("0906", "0907", "0908")))
    return game


def turn2() -> Game:
    """Blue fired two overwatch shots at the Hare; turn 2 begins with the shell's landing,
    and Blue's Bastion acts first, the Hare in its sights."""
    game = trigger()
    game.submit(0, registry.get("ballistic").decision(game.state, 0).choices[2].action)
    while game.state.turn == 1:
        game.submit(min(game.to_act()), End(game.state.actor().name))
    return game


def finished() -> Game:
    """Every unit ends its activations until the turn limit ends the battle."""
    game = trigger()
    game.submit(0, registry.get("ballistic").decision(game.state, 0).choices[2].action)
    while game.to_act():
        side = min(game.to_act())
        actor = game.state.actor()
        game.submit(side, End(actor.name))
    return game


def deployment() -> Game:
    """Knoll Town, two seeded random armies to deploy."""
    rng = random.Random(5)
    rosters = [random_roster(rng, "Blue"), random_roster(rng, "Red")]
    setup = Setup(map=load_bundled("knoll-town"), rosters=rosters, turn_limit=8)
    return Game(registry.get("ballistic"), setup, seed=SEED, players=("Ann", "Bo"), entropy=seed_only)


def seat_of(game: Game) -> int | None:
    return min(game.to_act()) if game.to_act() else 0


#: scene -> (the game, the seat at the terminal (None: the curtain first), keys)
SCENES: dict[str, tuple[Callable[[], Game], Callable[[Game], int | None], list[str]]] = {
    "move": (start, seat_of, ["right", "right", "down"]),
    "fire": (turn2, seat_of, ["f", "enter"]),
    "fire_pick": (turn2, seat_of, ["f"]),
    "no_target": (start, seat_of, ["f"]),
    "targets": (turn2, seat_of, ["right", "right", "right"]),
    "arc": (bastion, seat_of, ["a", "down"]),
    "arc_confirm": (bastion, seat_of, ["a", "enter"]),
    "sector": (start, seat_of, ["o", "enter"]),
    "decision": (trigger, seat_of, []),
    "sight": (hare, seat_of, ["v", "left", "left"]),
    "arcs": (bastion, seat_of, ["w"]),
    "shells": (bastion, seat_of, ["a", "enter", "enter"]),
    "log": (turn2, seat_of, ["l"]),
    "curtain": (hare, lambda g: None, []),
    "deploy": (deployment, seat_of, ["down", "x"]),
    "help": (start, seat_of, ["question_mark"]),
    "over": (finished, lambda g: 0, []),
}

CASES: list[tuple[str, str, tuple[int, int], dict[str, Any]]] = [
    ("move", "en", SMALL, {}),
    ("move", "en", LARGE, {}),
    ("move", "ru", SMALL, {}),
    ("move_ascii", "en", SMALL, {"ascii_glyphs": True}),
    ("move_nocolor", "en", SMALL, {"no_color": True}),
    ("fire", "en", SMALL, {}),
    ("fire", "en", LARGE, {}),
    ("fire", "ru", SMALL, {}),
    ("fire_pick", "en", SMALL, {}),
    ("fire_pick", "en", LARGE, {}),
    ("no_target", "en", SMALL, {}),
    ("targets", "en", SMALL, {}),
    ("arc", "en", SMALL, {}),
    ("arc", "en", LARGE, {}),
    ("arc", "ru", LARGE, {}),
    ("arc_confirm", "en", SMALL, {}),
    ("arc_confirm", "ru", SMALL, {}),
    ("arc_confirm", "en", LARGE, {}),
    ("sector", "en", SMALL, {}),
    ("sector", "en", LARGE, {}),
    ("sector", "ru", SMALL, {}),
    ("decision", "en", SMALL, {}),
    ("decision", "en", LARGE, {}),
    ("decision", "ru", SMALL, {}),
    ("sight", "en", SMALL, {}),
    ("sight", "en", LARGE, {}),
    ("sight", "ru", SMALL, {}),
    ("sight_nocolor", "en", LARGE, {"no_color": True}),
    ("arcs", "en", SMALL, {}),
    ("arcs", "en", LARGE, {}),
    ("arcs_ascii", "en", LARGE, {"ascii_glyphs": True}),
    ("shells", "en", SMALL, {}),
    ("shells", "en", LARGE, {}),
    ("log", "en", SMALL, {}),
    ("log", "en", LARGE, {}),
    ("log", "ru", SMALL, {}),
    ("curtain", "en", SMALL, {}),
    ("curtain", "ru", SMALL, {}),
    ("curtain", "en", LARGE, {}),
    ("deploy", "en", SMALL, {}),
    ("deploy", "en", LARGE, {}),
    ("deploy", "ru", SMALL, {}),
    ("help", "en", SMALL, {}),
    ("help", "ru", SMALL, {}),
    ("help", "en", LARGE, {}),
    ("over", "en", SMALL, {}),
    ("over", "en", LARGE, {}),
    ("over", "ru", SMALL, {}),
]


@pytest.mark.parametrize(
    ("name", "lang", "size", "options"),
    CASES,
    ids=case_ids(CASES),
)
def test_gb_snapshot(
    snap_compare: Any,
    gb_home: Path,  # noqa: F811 - the fixture imported above
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    lang: str,
    size: tuple[int, int],
    options: dict[str, Any],
) -> None:
    """Going Ballistic scene ``name`` in ``lang`` at ``size``."""
    options = colour(monkeypatch, options)
    save_settings(gb_home / "config" / "settings.json", Settings(language=lang))
    scene = scene_of(name)
    make_game, viewer, keys = SCENES[scene]
    game = make_game()
    app = make_app(gb_home, language=None, **options)

    async def run_before(pilot: Pilot[Any]) -> None:
        app.push_screen(BallisticScreen(game.seats(), viewer=viewer(game)))
        await pilot.pause()
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)
    assert app.errors == []


@pytest.mark.parametrize(
    ("lang", "size"),
    [("en", SMALL), ("en", LARGE), ("ru", SMALL)],
    ids=["en-80x24", "en-120x40", "ru-80x24"],
)
def test_gb_new_game_snapshot(
    snap_compare: Any,
    gb_home: Path,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    size: tuple[int, int],
) -> None:
    """The new game screen with Going Ballistic: Ridge Works, two seeded random armies,
    the cursor on Player 2's army."""
    from tui.screens.new_game import NewGameScreen

    monkeypatch.setattr(gb_setup, "new_rng", lambda: random.Random(3))
    save_settings(gb_home / "config" / "settings.json", Settings(language=lang))
    app = make_app(gb_home, language=None)

    async def run_before(pilot: Pilot[Any]) -> None:
        app.push_screen(NewGameScreen("ballistic"))
        await pilot.pause()
        app.screen.query_one("#gb-setup-list").focus()
        await pilot.press("right", "down", "down")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)
    assert app.errors == []
