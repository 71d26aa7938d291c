"""Snapshots of the Battleline mech builder (BLC-1 to BLC-7) at 80x24 and 120x40, and
in Russian. Snapshot ids read ``test_bl_builder_snapshot[<scene>-<language>-<columns>x<rows>]``.
Run ``uv run pytest tests/test_tui_battleline_builder_snapshots.py --snapshot-update``
after a deliberate change and look at every changed SVG."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from snapshot_cases import case_ids
from test_tui_battleline import bl_home, make_app  # noqa: F401 - bl_home is a fixture
from textual.pilot import Pilot

from engine.rulesets.battleline.roster import Mech, sample_mech
from tui.rulesets.battleline.roster_builder import RosterBuilderScreen
from tui.settings import Settings, save_settings

SMALL = (80, 24)
LARGE = (120, 40)

#: scene -> (the mech to start from, or None for a new one; keys pressed)
SCENES: dict[str, tuple[str | None, tuple[str, ...]]] = {
    # a new mech: no chassis, no pilot (BLC-1, BL-3.8)
    "new": (None, ()),
    # the Kestrel (BLC-7), the catalogue on the A-10 (BLC-3)
    "kestrel": ("Kestrel", ("tab", "down", "down", "down")),
    # the Kestrel moved to a Scout: two torso parts over their slots (BLC-2)
    "smaller": ("Kestrel", ("tab", "enter", "shift+tab", "down", "down", "down", "down", "down", "down")),
    # where the A-10 may go on a Warden (BLC-2, BLC-3)
    "where": ("Kestrel", ("tab", "down", "down", "down", "enter")),
}

CASES: list[tuple[str, str, tuple[int, int]]] = [
    ("new", "en", SMALL),
    ("kestrel", "en", SMALL),
    ("kestrel", "en", LARGE),
    ("kestrel", "ru", SMALL),
    ("smaller", "en", SMALL),
    ("where", "en", SMALL),
]


@pytest.mark.parametrize(("scene", "lang", "size"), CASES, ids=case_ids(CASES))
def test_bl_builder_snapshot(
    snap_compare: Any,
    bl_home: Path,  # noqa: F811 - the fixture imported above
    scene: str,
    lang: str,
    size: tuple[int, int],
) -> None:
    """The mech builder, scene ``scene``, in ``lang`` at ``size``."""
    save_settings(bl_home / "config" / "settings.json", Settings(language=lang))
    app = make_app(bl_home, language=None)
    start, keys = SCENES[scene]
    mech: Mech | None = sample_mech(start) if start else None

    async def run_before(pilot: Pilot[Any]) -> None:
        app.push_screen(RosterBuilderScreen(roster=mech, pick=True))
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        await pilot.pause(0.3)

    assert snap_compare(app, terminal_size=size, run_before=run_before)
    assert app.errors == []
