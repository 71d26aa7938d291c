"""Snapshots of the new game screen at 80x24 and 120x40, in Russian, without colour and in ASCII.

Run ``uv run pytest tests/test_tui_newgame_snapshots.py --snapshot-update`` after a
deliberate change of layout, and look at every changed SVG before committing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from snapshot_cases import case_ids, colour
from test_tui_app import home, make_app  # noqa: F401 - home is a fixture
from test_tui_roster_snapshots import saved_rosters
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Select

from tui.settings import Settings, save_settings

SMALL = (80, 24)
LARGE = (120, 40)

Run = Callable[[Pilot[Any]], Awaitable[None]]


async def _settle(pilot: Pilot[Any]) -> None:
    """Let a pressed button's flash (0.2 s) end and stop the text cursors blinking."""
    await pilot.pause(0.3)
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await pilot.pause()


def _open(*keys: str) -> Run:
    async def run(pilot: Pilot[Any]) -> None:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press(*keys)
        await _settle(pilot)

    return run


async def _ready(pilot: Pilot[Any]) -> None:
    """Names, both rosters (the first valid example), the lake, 8 rounds."""
    await pilot.press("n")
    await pilot.pause()
    await pilot.press("tab", *"Shinji", "tab", *"Asuka")  # System first, then the names
    for side in (0, 1):
        pilot.app.screen.query_one(f"#eva-roster-{side}").focus()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    pilot.app.screen.query_one("#eva-maps", OptionList).focus()
    await pilot.press("down")
    pilot.app.screen.query_one("#eva-rounds", Input).focus()
    await pilot.press("8")
    pilot.app.screen.query_one("#ng-start").focus()
    await _settle(pilot)


async def _picker(pilot: Pilot[Any]) -> None:
    await pilot.press("n")
    await pilot.pause()
    pilot.app.screen.query_one("#eva-roster-0").focus()
    await pilot.press("enter")
    await _settle(pilot)


async def _unplayable(pilot: Pilot[Any]) -> None:
    await pilot.press("n")
    await pilot.pause()
    pilot.app.screen.query_one("#ng-system", Select).value = "tally"
    await pilot.pause()
    await _settle(pilot)


# (snapshot id, language, size, run_before, app options)
CASES: list[tuple[str, str, tuple[int, int], Run, dict[str, Any]]] = [
    ("newgame", "en", SMALL, _open(), {}),
    ("newgame", "en", LARGE, _open(), {}),
    ("newgame", "ru", SMALL, _open(), {}),
    ("newgame", "ru", LARGE, _open(), {}),
    ("newgame_ready", "en", SMALL, _ready, {}),
    ("newgame_ready", "en", LARGE, _ready, {}),
    ("newgame_ready", "ru", SMALL, _ready, {}),
    ("newgame_nocolor", "en", SMALL, _ready, {"no_color": True}),
    ("newgame_ascii", "en", SMALL, _ready, {"ascii_glyphs": True}),
    ("newgame_picker", "en", SMALL, _picker, {}),
    ("newgame_picker", "en", LARGE, _picker, {}),
    ("newgame_picker", "ru", SMALL, _picker, {}),
    ("newgame_unplayable", "en", SMALL, _unplayable, {}),
]


@pytest.mark.parametrize(
    ("name", "lang", "size", "run_before", "options"),
    CASES,
    ids=case_ids(CASES),
)
def test_newgame_snapshot(
    snap_compare: Any,
    home: Path,  # noqa: F811 - the fixture imported above
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    lang: str,
    size: tuple[int, int],
    run_before: Run,
    options: dict[str, Any],
) -> None:
    """Screen ``name`` in ``lang`` at ``size`` (see screens.md)."""
    options = colour(monkeypatch, options)
    saved_rosters(home / "saves")
    save_settings(home / "config" / "settings.json", Settings(language=lang))
    app = make_app(home, language=None, **options)
    assert snap_compare(app, terminal_size=size, run_before=run_before)
    assert app.errors == []
