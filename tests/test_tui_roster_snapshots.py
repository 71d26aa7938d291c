"""Snapshots of the roster builder and its dialogs at 80x24 and 120x40, and in Russian.

Run ``uv run pytest tests/test_tui_roster_snapshots.py --snapshot-update`` after a
deliberate change of layout, and look at every changed SVG before committing.
The files live in a temporary folder (see ``test_tui_app.home``); the examples
are the shipped ones.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from snapshot_cases import case_ids
from test_tui_app import home, make_app  # noqa: F401 - home is a fixture
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from engine.rulesets.eva.roster import EvaEntry, Roster, WeaponEntry, encode_roster_file
from tui.rulesets.eva.roster_builder import RosterBuilderScreen
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


def _builder(roster: Roster | None = None, *keys: str, pick: bool = False) -> Run:
    async def run(pilot: Pilot[Any]) -> None:
        pilot.app.push_screen(RosterBuilderScreen(roster=roster, pick=pick))
        await pilot.pause()
        await pilot.press(*keys)
        await _settle(pilot)

    return run


def _keys(*keys: str) -> Run:
    async def run(pilot: Pilot[Any]) -> None:
        await pilot.press(*keys)
        await _settle(pilot)

    return run


def _example(*keys: str) -> Run:
    """The builder with the NERV example opened from the picker, then ``keys``."""

    async def run(pilot: Pilot[Any]) -> None:
        await pilot.press("b", "o")
        await pilot.pause()
        rows = pilot.app.screen.query_one("#picker-list", OptionList)
        rows.highlighted = rows.get_option_index("e2")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*keys)
        await _settle(pilot)

    return run


#: Breaks EVA-17.1, EVA-17.4, EVA-17.5 and EVA-17.8.
INVALID = Roster(
    "Too much",
    [
        EvaEntry(
            "Eva-01",
            [
                WeaponEntry("n2"),
                WeaponEntry("n2"),
                WeaponEntry("positron"),
                WeaponEntry("lance"),
                WeaponEntry("knife"),
            ],
            6,
            ["berserk", "s2", "sync"],
        ),
        EvaEntry("Eva-02", [WeaponEntry("lance"), WeaponEntry("replica")], 6, ["sync", "pseudo"]),
    ],
)

UNICODE = Roster(
    "🙂" * 300,
    [
        EvaEntry("Ева-01 🚀🚀🚀", [WeaponEntry("rifle", auto=True)]),
        EvaEntry("שלום עולם", [WeaponEntry("knife")]),
        EvaEntry("Z̷̢͎̈a̸̡͝l̶̰̈g̵̣̾o̸", [WeaponEntry("pistol")]),
        EvaEntry("x" * 10_000, [WeaponEntry("knife")]),
    ],
)


def saved_rosters(folder: Path) -> None:
    """A valid roster, a draft and a damaged file in ``folder/rosters``."""
    rosters = folder / "rosters"
    rosters.mkdir(parents=True, exist_ok=True)
    (rosters / "first-squad.json").write_bytes(
        encode_roster_file(Roster("First squad", [EvaEntry("Eva-01", [WeaponEntry("rifle")], 2, ["shield"])]))
    )
    (rosters / "too-much.json").write_bytes(encode_roster_file(INVALID))
    (rosters / "damaged.json").write_bytes(b'{"format": "wartable-roster", "version": 1, "ruleset": ')


# (snapshot id, language, size, run_before, app options)
CASES: list[tuple[str, str, tuple[int, int], Run, dict[str, Any]]] = [
    ("builder", "en", SMALL, _keys("b"), {}),
    ("builder", "en", LARGE, _keys("b"), {}),
    ("builder", "ru", SMALL, _keys("b"), {}),
    ("builder_example", "en", SMALL, _example(), {}),
    ("builder_example", "en", LARGE, _example(), {}),
    ("builder_example", "ru", SMALL, _example(), {}),
    ("builder_example", "ru", LARGE, _example(), {}),
    ("builder_catalogue", "en", SMALL, _example("tab", "down", "down", "down"), {}),
    ("builder_catalogue", "ru", SMALL, _example("tab", "down", "down", "down"), {}),
    ("builder_problems", "en", SMALL, _builder(INVALID), {}),
    ("builder_problems", "en", LARGE, _builder(INVALID), {}),
    ("builder_problems", "ru", SMALL, _builder(INVALID), {}),
    ("builder_unicode", "en", SMALL, _builder(UNICODE), {}),
    ("builder_ascii", "en", SMALL, _builder(INVALID), {"ascii_glyphs": True}),
    ("builder_refusal", "en", SMALL, _builder(INVALID, "u", pick=True), {}),
    ("builder_refusal", "ru", SMALL, _builder(INVALID, "u", pick=True), {}),
    ("builder_draft", "en", SMALL, _builder(INVALID, "s"), {}),
    ("builder_draft", "ru", SMALL, _builder(INVALID, "s"), {}),
    ("builder_rename", "en", SMALL, _keys("b", "enter"), {}),
    ("builder_save", "ru", SMALL, _example("s"), {}),
    ("roster_picker", "en", SMALL, _keys("b", "o"), {}),
    ("roster_picker", "en", LARGE, _keys("b", "o"), {}),
    ("roster_picker", "ru", SMALL, _keys("b", "o"), {}),
]


@pytest.mark.parametrize(
    ("name", "lang", "size", "run_before", "options"),
    CASES,
    ids=case_ids(CASES),
)
def test_roster_snapshot(
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
    monkeypatch.delenv("NO_COLOR", raising=False)
    saved_rosters(home / "saves")
    save_settings(home / "config" / "settings.json", Settings(language=lang))
    app = make_app(home, language=None, **options)
    assert snap_compare(app, terminal_size=size, run_before=run_before)
    assert app.errors == []
