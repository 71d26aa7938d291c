"""Snapshots of the Three Kingdoms battle's screens at 80x24 and 120x40, in Russian,
with the ASCII glyphs and without colour.

Each scene is a seeded battle reached without the screen (the engine's own
actions), then the battle screen is opened on it and a few keys are pressed.
Snapshot ids read ``test_tk_snapshot[<scene>-<language>-<columns>x<rows>]``.
Run ``uv run pytest tests/test_tui_kingdoms_snapshots.py --snapshot-update``
after a deliberate change and look at every changed SVG.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_tui_app import home  # noqa: F401 - home is a fixture
from test_tui_kingdoms import battle, make_app, siege_scenario, tk_home  # noqa: F401 - tk_home is a fixture
from textual.pilot import Pilot

from engine.game import Game
from engine.rulesets.kingdoms.scenario import load_bundled
from tui.rulesets.kingdoms.screen import KingdomsScreen
from tui.settings import Settings, save_settings

SMALL = (80, 24)
LARGE = (120, 40)


def opening() -> Game:
    """The Fan River Crossing, Shu to write its first orders."""
    return battle()


def writing() -> Game:
    """Shu has written two orders: a move and an attack across the ford."""
    game = battle()
    game.submit(0, "S2 MOVE B2-B4")
    game.submit(0, "S3 ATTACK W2 B2-B4-B6")
    return game


def refused() -> Game:
    """Two regiments ordered to build a ram against one fortress: READY is refused."""
    game = battle(siege_scenario())
    game.submit(0, "S1 BUILD RAM B10")
    game.submit(0, "S2 BUILD RAM B10")
    return game


def challenged() -> Game:
    """Zhang Fei has challenged Xu Chu: Wei is to accept or refuse."""
    game = battle(siege_scenario())
    game.submit(0, "S1 BUILD RAM B10")
    game.submit(0, "S2 CHALLENGE Xu Chu")
    game.submit(0, "READY")
    return game


def retreating() -> Game:
    """Xu Chu has lost the duel: Wei chooses where his regiment retreats."""
    game = challenged()
    for text in ("ACCEPT", "READY"):
        game.submit(1, text)
    return game


def storming() -> Game:
    """The gates of Fancheng are down: Shu to storm it (phase 5)."""
    game = retreating()
    game.submit(1, "RETREAT B4")
    game.submit(0, "READY")
    game.submit(1, "READY")
    return game


def finished() -> Game:
    """Fancheng taken: Shu has won."""
    game = storming()
    game.submit(0, "S2 ATTACK W2 B6-B4")
    game.submit(0, "S1 ATTACK W1 B8-B10")
    game.submit(0, "READY")
    return game


def hefei() -> Game:
    """The Walls of Hefei, Wu to write its first orders."""
    from test_tui_kingdoms import SEED

    from engine.dice import seed_only
    from engine.rulesets.kingdoms import RULESET
    from engine.rulesets.kingdoms.state import Setup

    return Game(
        RULESET, Setup(scenario=load_bundled("hefei")), seed=SEED, players=("Ann", "Bo"), entropy=seed_only
    )


def decider(game: Game) -> int:
    return min(game.to_act()) if game.to_act() else 0


#: scene -> (the game, the side already at the terminal (None: the curtain first), keys)
SCENES: dict[str, tuple[Callable[[], Game], Callable[[Game], int | None], list[str]]] = {
    "orders": (writing, decider, []),
    "opening": (opening, lambda g: None, []),
    "problem": (refused, decider, []),
    "choose": (writing, decider, ["down", "down", "enter"]),
    "preview": (opening, decider, ["down", "down", "enter", *["down"] * 5, "enter"]),
    "fallback": (
        lambda: battle(siege_scenario()),
        decider,
        ["down", "enter", "down", "down", "down", "enter"],
    ),
    "map": (writing, decider, ["tab", "right", "right"]),
    "info": (writing, decider, ["tab", "right", "right", "i"]),
    "curtain": (challenged, lambda g: 0, []),
    "accept": (challenged, decider, []),
    "retreat": (retreating, decider, []),
    "storm": (storming, decider, []),
    "over": (finished, lambda g: 0, []),
    "log": (storming, decider, ["l"]),
    "help": (writing, decider, ["question_mark"]),
    "hefei": (hefei, decider, []),
}

CASES: list[tuple[str, str, tuple[int, int], dict[str, Any]]] = [
    ("orders", "en", SMALL, {}),
    ("orders", "en", LARGE, {}),
    ("orders", "ru", SMALL, {}),
    ("orders", "ru", LARGE, {}),
    ("orders_ascii", "en", SMALL, {"ascii_glyphs": True}),
    ("orders_nocolor", "en", SMALL, {"no_color": True}),
    ("opening", "en", SMALL, {}),
    ("problem", "en", SMALL, {}),
    ("problem", "ru", LARGE, {}),
    ("choose", "en", SMALL, {}),
    ("choose", "en", LARGE, {}),
    ("choose", "ru", SMALL, {}),
    ("preview", "en", SMALL, {}),
    ("preview", "en", LARGE, {}),
    ("preview", "ru", SMALL, {}),
    ("fallback", "en", SMALL, {}),
    ("fallback", "ru", LARGE, {}),
    ("map", "en", SMALL, {}),
    ("map", "ru", SMALL, {}),
    ("info", "en", SMALL, {}),
    ("curtain", "en", SMALL, {}),
    ("curtain", "ru", LARGE, {}),
    ("accept", "en", SMALL, {}),
    ("accept", "en", LARGE, {}),
    ("accept", "ru", SMALL, {}),
    ("retreat", "en", SMALL, {}),
    ("retreat", "ru", LARGE, {}),
    ("storm", "en", LARGE, {}),
    ("storm_ascii", "en", LARGE, {"ascii_glyphs": True}),
    ("storm_nocolor", "ru", LARGE, {"no_color": True}),
    ("over", "en", SMALL, {}),
    ("over", "en", LARGE, {}),
    ("over", "ru", SMALL, {}),
    ("log", "en", SMALL, {}),
    ("help", "en", SMALL, {}),
    ("help", "ru", LARGE, {}),
    ("hefei", "en", LARGE, {}),
    ("hefei", "ru", SMALL, {}),
]


@pytest.mark.parametrize(
    ("name", "lang", "size", "options"),
    CASES,
    ids=[f"{c[0]}-{c[1]}-{c[2][0]}x{c[2][1]}" for c in CASES],
)
def test_tk_snapshot(
    snap_compare: Any,
    tk_home: Path,  # noqa: F811 - the fixture imported above
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    lang: str,
    size: tuple[int, int],
    options: dict[str, Any],
) -> None:
    """Three Kingdoms scene ``name`` in ``lang`` at ``size``."""
    options = dict(options)
    if options.pop("no_color", False):
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    save_settings(tk_home / "config" / "settings.json", Settings(language=lang))
    scene = name.removesuffix("_ascii").removesuffix("_nocolor")
    make_game, viewer, keys = SCENES[scene]
    game = make_game()
    app = make_app(tk_home, language=None, **options)

    async def run_before(pilot: Pilot[Any]) -> None:
        app.push_screen(KingdomsScreen(game.seats(), viewer=viewer(game)))
        await pilot.pause()
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)
    assert app.errors == []


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_tk_new_game_snapshot(
    snap_compare: Any,
    tk_home: Path,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
) -> None:
    """The new game screen with the Three Kingdoms battle: The Walls of Hefei chosen."""
    from tui.screens.new_game import NewGameScreen

    monkeypatch.delenv("NO_COLOR", raising=False)
    save_settings(tk_home / "config" / "settings.json", Settings(language=lang))
    app = make_app(tk_home, language=None)

    async def run_before(pilot: Pilot[Any]) -> None:
        app.push_screen(NewGameScreen("kingdoms"))
        await pilot.pause()
        app.screen.query_one("#tk-setup-list").focus()
        await pilot.press("right")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)
    assert app.errors == []
