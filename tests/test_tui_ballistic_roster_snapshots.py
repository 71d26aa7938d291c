"""Snapshots of the Going Ballistic army builder (GB-18) at 80x24 and 120x40, in English,
and in Russian at 80x24.

Run ``uv run pytest tests/test_tui_ballistic_roster_snapshots.py --snapshot-update``
after a deliberate change of layout, and look at every changed SVG before committing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from snapshot_cases import case_ids
from test_tui_ballistic_roster import gb_home  # noqa: F401 - a fixture
from textual.pilot import Pilot
from textual.widgets import OptionList

from engine.rulesets.ballistic.roster import Roster, UnitEntry, entry_from_loadout
from tui.app import WartableApp
from tui.rulesets.ballistic.roster_builder import RosterBuilderScreen
from tui.settings import Settings, save_settings

SMALL = (80, 24)
LARGE = (120, 40)

Run = Callable[[Pilot[Any]], Awaitable[None]]

#: Over a Hare's mounts and payload, two units of one name, over the mass limit (GB-18.5, GB-4.2).
BROKEN = Roster(
    "Too heavy",
    [
        UnitEntry("Hare-1", "hare", ["can105", "gat20", "hmg12"], ["smoke", "designator"]),
        entry_from_loadout("Bastion-1", "Bastion-C"),
        entry_from_loadout("Bastion-1", "Bastion-H"),
        entry_from_loadout("Jackal-1", "Jackal"),
    ],
)


def _example(*keys: str) -> Run:
    """The builder with the Strike lance example opened (o), then ``keys``."""

    async def run(pilot: Pilot[Any]) -> None:
        pilot.app.push_screen(RosterBuilderScreen())
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        rows = pilot.app.screen.query_one("#picker-list", OptionList)
        rows.highlighted = rows.get_option_index("e1")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause(0.3)

    return run


def _builder(roster: Roster | None, *keys: str) -> Run:
    async def run(pilot: Pilot[Any]) -> None:
        pilot.app.push_screen(RosterBuilderScreen(roster=roster))
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause(0.3)

    return run


# (snapshot id, language, size, run_before)
CASES: list[tuple[str, str, tuple[int, int], Run]] = [
    ("gb_builder_example", "en", SMALL, _example()),
    ("gb_builder_example", "en", LARGE, _example()),
    ("gb_builder_example", "ru", SMALL, _example()),
    ("gb_builder_weapon", "en", SMALL, _example("tab", *["down"] * 7)),
    ("gb_builder_weapon", "ru", SMALL, _example("tab", *["down"] * 7)),
    ("gb_builder_problems", "en", SMALL, _builder(BROKEN)),
    ("gb_builder_problems", "en", LARGE, _builder(BROKEN)),
    ("gb_builder_problems", "ru", SMALL, _builder(BROKEN)),
    ("gb_builder_new", "en", SMALL, _builder(None)),
]


@pytest.mark.parametrize(
    ("name", "lang", "size", "run_before"),
    CASES,
    ids=case_ids(CASES),
)
def test_gb_builder_snapshot(
    snap_compare: Any,
    gb_home: Path,  # noqa: F811 - the fixture imported above
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    lang: str,
    size: tuple[int, int],
    run_before: Run,
) -> None:
    """Screen ``name`` in ``lang`` at ``size`` (GB-18.5: masses, payloads, problems)."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    save_settings(gb_home / "config" / "settings.json", Settings(language=lang))
    app = WartableApp(
        settings_file=gb_home / "config" / "settings.json",
        saves=gb_home / "saves",
        log_file=gb_home / "log" / "wartable.log",
        language=None,
        systems=lambda: ["ballistic", "eva"],
    )
    assert snap_compare(app, terminal_size=size, run_before=run_before)
    assert app.errors == []
