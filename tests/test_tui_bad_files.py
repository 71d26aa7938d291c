"""Malformed saves in the app: each one, chosen in the Load list, gives one clear
message on screen (a notice, never a traceback) and is left byte-for-byte as it was."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest
from textual.widgets import OptionList

from engine.i18n import current_language, set_language
from tui.app import WartableApp
from tui.screens.dialogs import NoticeScreen
from tui.screens.load import LoadScreen

BAD = Path(__file__).resolve().parent / "data" / "bad-saves"


@pytest.fixture
def home(tmp_path: Path):
    before = current_language()
    yield tmp_path
    set_language(before)


def test_every_malformed_save_gives_one_message_and_stays_unchanged(home: Path):
    saves = home / "saves"
    saves.mkdir()
    for f in BAD.glob("*.json"):
        shutil.copy(f, saves / f.name)
    before = {p.name: p.read_bytes() for p in saves.iterdir()}
    app = WartableApp(
        settings_file=home / "settings.json",
        saves=saves,
        log_file=home / "wartable.log",
        language="en",
    )
    seen: dict[str, str] = {}

    async def drive() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("l")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, LoadScreen)
            names = [e.name for e in screen._entries]
            assert sorted(names) == sorted(before)
            menu = screen.query_one("#saves", OptionList)
            for i, name in enumerate(names):
                menu.highlighted = i
                await pilot.press("enter")
                await app.workers.wait_for_complete()
                await pilot.pause()
                notice = app.screen
                assert isinstance(notice, NoticeScreen), f"{name}: {type(notice).__name__}"
                seen[name] = notice.message
                await pilot.press("escape")
                await pilot.pause()
                assert isinstance(app.screen, LoadScreen)

    asyncio.run(drive())
    assert app.errors == []
    assert set(seen) == set(before)
    for name, message in seen.items():
        assert message.strip(), name
        assert "Traceback" not in message, name
    assert {p.name: p.read_bytes() for p in saves.iterdir() if p.suffix == ".json"} == before
