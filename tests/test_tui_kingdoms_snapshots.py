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
from snapshot_cases import case_ids, colour, scene_of
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


def _few(regiments: list[tuple[str, str, int, str, str | None]]) -> Game:
    """The Fan River map with only ``regiments`` (id, type, men, base, officer)."""
    import msgspec

    from engine.rulesets.kingdoms.catalog import OFFICERS
    from engine.rulesets.kingdoms.scenario import RegimentSpec

    weapons = {name: w for _f, name, w in OFFICERS}
    sc = load_bundled("fan_river")
    specs = tuple(
        RegimentSpec(
            id=rid,
            side=0 if rid.startswith("S") else 1,
            type=kind,
            men=men,
            base=base,
            officer=officer,
            weapon=weapons.get(officer) if officer else None,
        )
        for rid, kind, men, base, officer in regiments
    )
    return battle(msgspec.structs.replace(sc, regiments=specs))


def wall() -> Game:
    """Zhang Fei climbs the wall of Fancheng: Wei chooses its defender (TK-14.7)."""
    game = _few(
        [
            ("S3", "cavalry", 500, "B9", "Zhang Fei"),
            ("S1", "infantry", 1000, "B1", None),
            ("W1", "infantry", 1000, "B10", "Cao Ren"),
            ("W2", "infantry", 1000, "B10", "Xu Chu"),
        ]
    )
    game.submit(0, "S3 CLIMB WALL B10")
    game.submit(0, "READY")
    return game


def merging() -> Game:
    """Two weakened Shu regiments of equal morale merge: Shu chooses who keeps command
    (TK-15.3; their losses are set on the state, as the engine's own tests do)."""
    game = _few(
        [
            ("S1", "infantry", 1000, "B2", None),
            ("S2", "infantry", 1000, "B2", "Guan Yu"),
            ("S9", "infantry", 300, "B1", None),
            ("W1", "infantry", 1000, "B10", "Cao Ren"),
        ]
    )
    game.state.regiment("S1").strength = 500
    game.state.regiment("S2").strength = 300
    game.submit(0, "S2 MERGE S1")
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
    "defender": (wall, decider, []),
    "keep": (merging, decider, []),
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
    ("opening", "en", LARGE, {}),
    ("problem", "en", SMALL, {}),
    ("problem", "en", LARGE, {}),
    ("problem", "ru", LARGE, {}),
    ("choose", "en", SMALL, {}),
    ("choose", "en", LARGE, {}),
    ("choose", "ru", SMALL, {}),
    ("preview", "en", SMALL, {}),
    ("preview", "en", LARGE, {}),
    ("preview", "ru", SMALL, {}),
    ("fallback", "en", SMALL, {}),
    ("fallback", "en", LARGE, {}),
    ("fallback", "ru", LARGE, {}),
    ("map", "en", SMALL, {}),
    ("map", "en", LARGE, {}),
    ("map", "ru", SMALL, {}),
    ("info", "en", SMALL, {}),
    ("info", "en", LARGE, {}),
    ("info", "ru", SMALL, {}),
    ("curtain", "en", SMALL, {}),
    ("curtain", "en", LARGE, {}),
    ("curtain", "ru", LARGE, {}),
    ("accept", "en", SMALL, {}),
    ("accept", "en", LARGE, {}),
    ("accept", "ru", SMALL, {}),
    ("retreat", "en", SMALL, {}),
    ("retreat", "en", LARGE, {}),
    ("retreat", "ru", LARGE, {}),
    ("defender", "en", SMALL, {}),
    ("defender", "en", LARGE, {}),
    ("defender", "ru", SMALL, {}),
    ("keep", "en", SMALL, {}),
    ("keep", "en", LARGE, {}),
    ("keep", "ru", SMALL, {}),
    ("storm", "en", SMALL, {}),
    ("storm", "en", LARGE, {}),
    ("storm_ascii", "en", LARGE, {"ascii_glyphs": True}),
    ("storm_nocolor", "ru", LARGE, {"no_color": True}),
    ("over", "en", SMALL, {}),
    ("over", "en", LARGE, {}),
    ("over", "ru", SMALL, {}),
    ("log", "en", SMALL, {}),
    ("log", "en", LARGE, {}),
    ("help", "en", SMALL, {}),
    ("help", "en", LARGE, {}),
    ("help", "ru", SMALL, {}),
    ("help", "ru", LARGE, {}),
    ("hefei", "en", LARGE, {}),
    ("hefei", "ru", SMALL, {}),
]


@pytest.mark.parametrize(
    ("name", "lang", "size", "options"),
    CASES,
    ids=case_ids(CASES),
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
    options = colour(monkeypatch, options)
    save_settings(tk_home / "config" / "settings.json", Settings(language=lang))
    scene = scene_of(name)
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


@pytest.mark.parametrize(
    ("lang", "size"), [("en", SMALL), ("en", LARGE), ("ru", SMALL)], ids=["en-80x24", "en-120x40", "ru-80x24"]
)
def test_tk_new_game_snapshot(
    snap_compare: Any,
    tk_home: Path,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    size: tuple[int, int],
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

    assert snap_compare(app, terminal_size=size, run_before=run_before)
    assert app.errors == []
