"""Snapshots of the EVA battle screen at 80x24 and 120x40, and in Russian.

Each case builds a seeded game position without the screen (the test player's
policy, :func:`battle_support.auto_play`), opens the battle screen on it and
presses a few keys. Snapshot ids read ``test_battle_snapshot[<name>-<language>-<size>]``;
screens.md lists them. Run ``uv run pytest tests/test_tui_battle_snapshots.py
--snapshot-update`` after a deliberate change and look at every changed SVG.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from battle_support import auto_play, can_shoot, eva_game, eva_screen, is_acting, is_deploying, pending_game
from snapshot_cases import case_ids, colour
from test_tui_app import home, make_app  # noqa: F401 - home is a fixture
from textual.pilot import Pilot

from engine.game import Game
from tui.settings import Settings, save_settings

SMALL = (80, 24)
LARGE = (120, 40)

#: name -> (the game, whether the curtain is shown, keys pressed on the screen)
SCENES: dict[str, tuple[Callable[[], Game], bool, list[str]]] = {
    "reach": (lambda: auto_play(eva_game(), is_acting), False, []),
    "targets": (lambda: auto_play(eva_game(), can_shoot), False, ["f"]),
    "odds": (lambda: auto_play(eva_game(), can_shoot), False, ["f", "enter"]),
    "deploy": (lambda: auto_play(eva_game(), is_deploying), False, []),
    "curtain": (lambda: auto_play(eva_game(), is_acting), True, []),
    "decision": (pending_game, False, []),
    "over": (lambda: auto_play(eva_game()), False, []),
    "help": (lambda: auto_play(eva_game(), is_acting), False, ["question_mark"]),
}

CASES: list[tuple[str, str, tuple[int, int], dict[str, Any]]] = [
    ("reach", "en", SMALL, {}),
    ("reach", "en", LARGE, {}),
    ("reach", "ru", SMALL, {}),
    ("reach_ascii", "en", SMALL, {"ascii_glyphs": True}),
    ("reach_nocolor", "en", SMALL, {"no_color": True}),
    ("targets", "en", SMALL, {}),
    ("targets", "en", LARGE, {}),
    ("odds", "en", SMALL, {}),
    ("odds", "en", LARGE, {}),
    ("odds", "ru", SMALL, {}),
    ("deploy", "en", SMALL, {}),
    ("deploy", "en", LARGE, {}),
    ("deploy", "ru", SMALL, {}),
    ("curtain", "en", SMALL, {}),
    ("curtain", "ru", SMALL, {}),
    ("decision", "en", SMALL, {}),
    ("decision", "en", LARGE, {}),
    ("decision", "ru", SMALL, {}),
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
def test_battle_snapshot(
    snap_compare: Any,
    home: Path,  # noqa: F811 - the fixture imported above
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    lang: str,
    size: tuple[int, int],
    options: dict[str, Any],
) -> None:
    """Battle screen scene ``name`` in ``lang`` at ``size`` (see screens.md)."""
    options = colour(monkeypatch, options)
    save_settings(home / "config" / "settings.json", Settings(language=lang))
    make_game, curtain, keys = SCENES[name.split("_")[0]]
    game = make_game()
    app = make_app(home, language=None, **options)

    async def run_before(pilot: Pilot[Any]) -> None:
        app.push_screen(eva_screen(game, curtain=curtain))
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)
    assert app.errors == []
