"""Snapshots of every screen at 80x24 and 120x40, and in Russian where the text differs.

Run ``uv run pytest tests/test_tui_snapshots.py --snapshot-update`` after a
deliberate change of layout, and look at every changed SVG before committing.
Everything is deterministic: files in a temporary folder, UTC clock, fixed
save times, the installed systems fixed to ``eva`` and ``tally``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from snapshot_cases import case_ids, colour
from test_tui_app import bad_files, fake_save, home, make_app, tally_save  # noqa: F401 - home is a fixture
from textual.pilot import Pilot

from tui.settings import Settings, save_settings

SMALL = (80, 24)
LARGE = (120, 40)


def mixed_saves(folder: Path) -> None:
    """Two EVA games and four files that cannot be used."""
    fake_save(folder / "eva-game.json")
    fake_save(
        folder / "training.json",
        players=("Misato", "Ritsuko"),
        summary="Round 1: Misato to deploy",
        updated="2025-02-11T09:05:00+00:00",
    )
    bad_files(folder)


async def _wait_load(pilot: Pilot[Any]) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def _press_then_wait(*keys: str) -> Callable[[Pilot[Any]], Any]:
    async def run(pilot: Pilot[Any]) -> None:
        await pilot.press(*keys)
        await _wait_load(pilot)

    return run


async def _notice(pilot: Pilot[Any]) -> None:
    """A notice over the title screen."""
    from engine.i18n import _

    pilot.app.not_yet(_("Roster builder"), _("No system of this build has rosters."))
    await pilot.pause()


# (snapshot id, language, size, saves, keys or run_before, app options)
CASES: list[tuple[str, str, tuple[int, int], str, Any, dict[str, Any]]] = [
    ("title_empty", "en", SMALL, "none", [], {}),
    ("title_empty", "en", LARGE, "none", [], {}),
    ("title", "en", SMALL, "mixed", [], {}),
    ("title", "en", LARGE, "mixed", [], {}),
    ("title", "ru", SMALL, "mixed", [], {}),
    ("title_ascii", "en", SMALL, "mixed", [], {"ascii_glyphs": True}),
    ("title_nocolor", "en", SMALL, "mixed", [], {"no_color": True}),
    ("help", "en", SMALL, "mixed", ["question_mark"], {}),
    ("help", "en", LARGE, "mixed", ["question_mark"], {}),
    ("help", "ru", SMALL, "mixed", ["question_mark"], {}),
    ("notice", "en", SMALL, "none", _notice, {}),
    ("notice", "en", LARGE, "none", _notice, {}),
    ("notice", "ru", SMALL, "none", _notice, {}),
    ("settings", "en", SMALL, "none", ["s"], {}),
    ("settings", "en", LARGE, "none", ["s"], {}),
    ("settings", "ru", SMALL, "none", ["s"], {}),
    ("rules", "en", SMALL, "none", ["r"], {}),
    ("rules", "en", LARGE, "none", ["r"], {}),
    ("rules", "ru", SMALL, "none", ["r"], {}),
    ("rules", "ru", LARGE, "none", ["r"], {}),
    ("rules_missing", "en", SMALL, "none", ["r", "down"], {}),
    ("load", "en", SMALL, "mixed", ["l"], {}),
    ("load", "en", LARGE, "mixed", ["l"], {}),
    ("load", "ru", SMALL, "mixed", ["l"], {}),
    ("load_empty", "en", SMALL, "one", ["l", "d", "y"], {}),
    ("confirm", "en", SMALL, "mixed", ["l", "d"], {}),
    ("confirm", "en", LARGE, "mixed", ["l", "d"], {}),
    ("confirm", "ru", SMALL, "mixed", ["l", "d"], {}),
    ("unusable", "en", SMALL, "mixed", ["l", "end", "enter"], {}),
    ("game", "en", SMALL, "tally", _press_then_wait("c"), {}),
    ("game", "en", LARGE, "tally", _press_then_wait("c"), {}),
    ("game", "ru", SMALL, "tally", _press_then_wait("c"), {}),
    ("too_small", "en", (59, 19), "none", [], {}),
    ("too_small", "ru", (59, 19), "none", [], {}),
]


@pytest.mark.parametrize(
    ("name", "lang", "size", "saves", "keys", "options"),
    CASES,
    ids=case_ids(CASES),
)
def test_snapshot(
    snap_compare: Any,
    home: Path,  # noqa: F811 - the fixture imported above
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    lang: str,
    size: tuple[int, int],
    saves: str,
    keys: Any,
    options: dict[str, Any],
) -> None:
    """Screen ``name`` in ``lang`` at ``size`` (see screens.md)."""
    folder = home / "saves"
    if saves == "mixed":
        mixed_saves(folder)
    elif saves == "one":
        fake_save(folder / "eva-game.json")
    elif saves == "tally":
        tally_save(home)
    options = colour(monkeypatch, options)
    # the language comes from the settings file, as for a player who chose it
    save_settings(home / "config" / "settings.json", Settings(language=lang))
    app = make_app(home, language=None, **options)
    if callable(keys):
        assert snap_compare(app, terminal_size=size, run_before=keys)
    else:
        assert snap_compare(app, press=keys, terminal_size=size)
    assert app.errors == []
