"""Snapshots of the Three Kingdoms army builder (section 3.7) at 80x24 and 120x40 in
English, and at 80x24 in Russian: the Vanguard of Shu example with a cavalry regiment
moved onto Lookout Hill (a building, TK-3.5), picked from the new game screen, the
catalogue on Zhao Yun.

Snapshot ids read ``test_tk_roster_snapshot[<language>-<columns>x<rows>]``. Run
``uv run pytest tests/test_tui_kingdoms_roster_snapshots.py --snapshot-update`` after
a deliberate change and look at every changed SVG.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_tui_app import home  # noqa: F401 - home is a fixture
from test_tui_kingdoms import make_app, tk_home  # noqa: F401 - tk_home is a fixture
from textual.pilot import Pilot

from engine.rulesets.kingdoms.roster import Roster, decode_roster
from tui.rulesets.kingdoms.roster_builder import RosterBuilderScreen
from tui.rulesets.kingdoms.roster_model import KingdomsRosterModel, army_title
from tui.settings import Settings, save_settings

SMALL = (80, 24)
LARGE = (120, 40)


def vanguard() -> Roster:
    """The Vanguard of Shu example (its name in the interface's language, as when it is
    opened), its fourth regiment (Zhao Yun's cavalry) on Lookout Hill."""
    data = dict(KingdomsRosterModel().examples())["vanguard-of-shu.json"]
    roster = decode_roster(json.dumps(json.loads(data)["roster"]).encode())
    roster.name = army_title(roster.name)
    roster.regiments[3].base = "B3"
    return roster


@pytest.mark.parametrize(
    ("lang", "size"), [("en", SMALL), ("en", LARGE), ("ru", SMALL)], ids=["en-80x24", "en-120x40", "ru-80x24"]
)
def test_tk_roster_snapshot(
    snap_compare: Any,
    tk_home: Path,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    size: tuple[int, int],
) -> None:
    """The army builder in ``lang`` at ``size``: a TK-3.5 problem, the catalogue on an officer."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    save_settings(tk_home / "config" / "settings.json", Settings(language=lang))
    app = make_app(tk_home, language=None)

    async def run_before(pilot: Pilot[Any]) -> None:
        app.push_screen(RosterBuilderScreen(pick=True, roster=vanguard(), battle=("fan_river", 0)))
        await pilot.pause()
        await pilot.press("down", "down", "down", "down", "down", "down", "down", "down", "down", "down")
        await pilot.press("tab")
        for _ in range(16):
            await pilot.press("down")
        await pilot.pause(0.3)

    assert snap_compare(app, terminal_size=size, run_before=run_before)
    assert app.errors == []
