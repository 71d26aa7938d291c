"""The app driven as a player would (Textual's pilot): keys, dialogs, saves, errors.

Every test points the settings, saves folder and error log at a temporary
folder and sets the language explicitly.
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import msgspec
import pytest
from textual.widgets import OptionList

from engine import ruleset as registry
from engine.game import Game
from engine.i18n import current_language, set_language
from engine.record import FORMAT, VERSION, SaveFile, encode_save
from tui.app import WartableApp
from tui.screens.dialogs import ConfirmScreen, NoticeScreen
from tui.screens.game import GamePlaceholderScreen
from tui.screens.help import HelpScreen
from tui.screens.load import LoadScreen
from tui.screens.rules import RulesScreen
from tui.screens.settings import SettingsScreen
from tui.screens.title import TitleScreen
from tui.screens.too_small import TooSmallScreen
from tui.settings import load_settings
from tui.widgets.menu import Menu
from tui.widgets.pointer_list import PointerList


def run(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async test in its own event loop (no async plugin needed)."""

    @functools.wraps(test)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return wrapper


# ---------------------------------------------------------------------------
# A tiny ruleset, so that a real save can be written and loaded back
# ---------------------------------------------------------------------------
class TallySetup(msgspec.Struct):
    target: int = 3


class TallyState(msgspec.Struct):
    total: int = 0
    turn: int = 0


class TallyRuleset:
    """Players take turns adding 1 or 2; the game ends at the target."""

    key = "tally"
    version = 1
    title = "Tally"
    Setup = TallySetup
    State = TallyState
    Action = int
    Event = Any

    def seat_count(self, setup: TallySetup) -> int:
        return 2

    def new_state(self, setup: TallySetup, dice: Any) -> tuple[TallyState, list[Any]]:
        return TallyState(), []

    def copy_state(self, state: TallyState) -> TallyState:
        return TallyState(state.total, state.turn)

    def to_act(self, state: TallyState) -> frozenset[int]:
        return frozenset() if state.total >= 3 else frozenset({state.turn % 2})

    def apply(self, state: TallyState, side: int, action: int, dice: Any) -> list[Any]:
        state.total += action
        state.turn += 1
        return []

    def result(self, state: TallyState) -> Any:
        return None

    def format_action(self, state: TallyState, side: int, action: int) -> str:
        return f"+{action}"

    def summary(self, state: TallyState) -> str:
        return f"Total {state.total}, turn {state.turn + 1}"


def fake_save(
    path: Path,
    *,
    ruleset: str = "eva",
    players=("Asuka", "Rei"),
    summary="Round 3: Rei to act",
    updated="2025-03-01T14:30:00+00:00",
    finished=False,
    summary_message=None,
) -> Path:
    """A save file with a header as the engine writes it (no replayable record);
    ``summary_message``: the summary's language-neutral form, as (msgid, args)."""
    from engine.record import message_from

    save = SaveFile(
        format=FORMAT,
        version=VERSION,
        ruleset=ruleset,
        ruleset_version=1,
        players=list(players),
        created="2025-03-01T12:00:00+00:00",
        updated=updated,
        seed="00",
        seed_hash="0" * 64,
        setup=msgspec.Raw(b"{}"),
        opening_rolls=[],
        actions=[],
        snapshot=msgspec.Raw(b"{}"),
        checksum="0" * 64,
        finished=finished,
        summary=summary,
        summary_message=None if summary_message is None else message_from(summary_message),
    )
    path.write_bytes(encode_save(save))
    return path


def bad_files(folder: Path) -> dict[str, bytes]:
    """A damaged, a foreign, a newer and an empty file; returns their bytes."""
    files = {
        "damaged.json": b'{"format": "wartable-save", "version": 1, "ruleset": ',
        "foreign.json": b'{"format": "something-else", "version": 1}',
        "newer.json": b'{"format": "wartable-save", "version": 99}',
        "empty.json": b"",
    }
    for name, data in files.items():
        (folder / name).write_bytes(data)
    return files


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A temporary home: settings, saves and log inside ``tmp_path``; UTC clock; the
    registry limited to eva and the tally ruleset."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    monkeypatch.setitem(registry._cache, "tally", TallyRuleset())
    monkeypatch.setattr(registry, "available", lambda: ["eva", "tally"])
    (tmp_path / "saves").mkdir()
    before = current_language()
    yield tmp_path
    set_language(before)
    monkeypatch.undo()
    time.tzset()


def make_app(home: Path, language: str = "en", **kwargs: Any) -> WartableApp:
    """The app with every file inside ``home``."""
    return WartableApp(
        settings_file=home / "config" / "settings.json",
        saves=home / "saves",
        log_file=home / "log" / "wartable.log",
        language=language,
        systems=lambda: ["eva", "tally"],
        **kwargs,
    )


def tally_save(home: Path, name: str = "tally.json") -> Path:
    """A real, replayable save of the tally ruleset."""
    path = home / "saves" / name
    game = Game(TallyRuleset(), TallySetup(), seed=b"\x01" * 32, players=("Shinji", "Kaworu"), path=path)
    game.submit(0, 1)
    return path


# ---------------------------------------------------------------------------
# Title screen
# ---------------------------------------------------------------------------
@run
async def test_title_without_saves_disables_continue_and_load(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, TitleScreen)
        menu = app.screen.query_one("#menu", Menu)
        assert menu.entry("continue_game").disabled
        assert menu.entry("load_game").disabled
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)  # nothing to continue: a notification, no crash
        await pilot.press("l")
        assert isinstance(app.screen, TitleScreen)
    assert app.errors == []


@pytest.mark.parametrize(("key", "screen"), [("n", "NewGameScreen"), ("b", "RosterBuilderScreen")])
@run
async def test_title_new_game_and_roster_builder_open_their_screens(
    home: Path, key: str, screen: str
) -> None:
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(key)
        await pilot.pause()
        assert type(app.screen).__name__ == screen
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    assert app.errors == []


@run
async def test_title_arrows_enter_and_mouse(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        # Down skips the two disabled entries: Roster builder, Rules
        await pilot.press("down", "down")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        menu = app.screen.query_one("#menu", Menu)
        # click the "Settings" line: the menu's border is row 0, entries start at row 1
        await pilot.click(menu, offset=(5, 1 + 5))
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
    assert app.errors == []


@run
async def test_title_menu_home_end_and_disabled_entries(home: Path) -> None:
    """The cursor skips disabled entries, stops at either end, and a click on a disabled
    entry does nothing."""
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen.query_one("#menu", Menu)
        assert [e.id for e in menu.entries if e.disabled] == ["continue_game", "load_game"]
        await pilot.press("up")
        assert menu.highlighted == 0
        await pilot.press("end")
        assert menu.entries[menu.highlighted].id == "quit"
        await pilot.press("down")
        assert menu.entries[menu.highlighted].id == "quit"
        await pilot.press("home", "down")
        assert menu.entries[menu.highlighted].id == "roster_builder"
        await pilot.press("up")
        assert menu.highlighted == 0
        await pilot.click(menu, offset=(5, 1 + 1))  # "Continue", disabled
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and menu.highlighted == 0
        await pilot.press("end", "up", "enter")  # Settings
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
    assert app.errors == []


@run
async def test_russian_layout_letters_work(home: Path) -> None:
    app = make_app(home, language="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("к")  # the R key on the Russian layout
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
    assert app.errors == []


@run
async def test_quit_from_title(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


# ---------------------------------------------------------------------------
# Help
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("key", ["question_mark", "f1"])
@run
async def test_help_lists_the_keys_of_the_screen(home: Path, key: str) -> None:
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        described = dict((d, k) for k, d in app.screen.rows)
        assert described["Change the language"].startswith("l")
        assert "Back" in described and "Help" in described
        await pilot.press("escape")
        assert isinstance(app.screen, SettingsScreen)
    assert app.errors == []


@run
async def test_help_in_russian_is_translated(home: Path) -> None:
    app = make_app(home, language="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        texts = [d for _k, d in app.screen.rows]
        assert "Новая игра" in texts and "Справка" in texts
    assert app.errors == []


# ---------------------------------------------------------------------------
# Settings
# ---------------------------------------------------------------------------
@run
async def test_settings_switch_language_rerenders_and_persists(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.press("enter")  # language row: English -> Русский
        await pilot.pause()
        assert current_language() == "ru"
        assert "Настройки" in str(app.screen.query_one(".title-bar").render())
        await pilot.press("escape")
        await pilot.pause()
        menu = app.screen.query_one("#menu", Menu)
        assert "Новая игра" in menu.entries[0].prompt.plain
    settings, problem = load_settings(home / "config" / "settings.json")
    assert problem is None and settings.language == "ru"
    assert app.errors == []


@run
async def test_settings_switch_glyphs_persists(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s", "g")
        await pilot.pause()
        assert app.glyph_set == "ascii" and app.has_class("-ascii")
        await pilot.press("g")
        assert app.glyph_set == "unicode"
    assert load_settings(home / "config" / "settings.json")[0].glyphs == "unicode"
    assert app.errors == []


@run
async def test_settings_file_is_used_and_command_line_overrides(home: Path) -> None:
    (home / "config").mkdir()
    (home / "config" / "settings.json").write_text('{"language": "ru", "glyphs": "ascii"}')
    app = WartableApp(
        settings_file=home / "config" / "settings.json", saves=home / "saves", log_file=home / "log.txt"
    )
    assert current_language() == "ru" and app.glyph_set == "ascii"
    app = make_app(home, language="en", ascii_glyphs=False)
    assert current_language() == "en"
    assert app.glyph_set == "ascii"  # not overridden: --ascii only forces ASCII on
    app = make_app(home, language="en", ascii_glyphs=True)
    assert app.overrides == ["--lang en", "--ascii"]


@run
async def test_damaged_settings_file_gives_defaults(home: Path) -> None:
    (home / "config").mkdir()
    (home / "config" / "settings.json").write_text("{not json")
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    assert app.glyph_set == "unicode"
    assert (home / "config" / "settings.json").read_text() == "{not json"  # left alone
    assert app.errors == []


# ---------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------
@run
async def test_rules_show_the_summary_and_a_notice_for_a_missing_one(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        assert "EVA-6.4" in screen._text("eva")
        await pilot.press("down")  # the systems list has the focus: pick "tally"
        await pilot.pause()
        assert screen._index == 1
        assert "no rules summary" in screen._text("tally")
    assert app.errors == []


@run
async def test_rules_start_in_the_systems_list_and_enter_reads_the_text(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        systems = screen.query_one("#rules-systems", OptionList)
        scroll = screen.query_one("#rules-scroll")
        assert systems.has_focus  # the list shows "▸ EVA skirmish": it is what the keys move
        await pilot.press("down", "up")
        await pilot.pause()
        assert screen._index == 0 and scroll.scroll_y == 0
        await pilot.press("enter")  # read it: the text takes the keys
        await pilot.pause()
        assert scroll.has_focus
        await pilot.press("down", "down")
        await pilot.pause()
        assert scroll.scroll_y > 0 and screen._index == 0
        await pilot.press("tab")
        assert systems.has_focus
    assert app.errors == []


# ---------------------------------------------------------------------------
# Load
# ---------------------------------------------------------------------------
@run
async def test_load_lists_usable_and_unusable_saves_and_never_changes_them(home: Path) -> None:
    saves = home / "saves"
    fake_save(saves / "eva-game.json")
    bad = bad_files(saves)
    (saves / "other-system.json").write_bytes(fake_save(saves / "x.json", ruleset="kingdoms").read_bytes())
    (saves / "x.json").unlink()
    stamps = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in saves.iterdir()}
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        names = [e.name for e in screen._entries]
        assert names[0] == "eva-game.json"
        unusable = {e.name: e.reason for e in screen._entries if not e.usable}
        assert set(unusable) == {*bad, "other-system.json"}
        assert "newer" not in unusable["newer.json"] or "version 99" in unusable["newer.json"]
        assert "empty" in unusable["empty.json"]
        # choosing an unusable file explains why, and leaves it alone
        await pilot.press("end", "enter")
        await pilot.pause()
        assert isinstance(app.screen, NoticeScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
    assert {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in saves.iterdir()} == stamps
    assert app.errors == []


@run
async def test_load_a_save_opens_the_game_placeholder(home: Path) -> None:
    path = tally_save(home)
    data = path.read_bytes()
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, GamePlaceholderScreen)
        assert app.screen.game.state.total == 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
    assert path.read_bytes() == data
    assert app.errors == []


@run
async def test_continue_loads_the_latest_save(home: Path) -> None:
    tally_save(home)
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        assert not app.screen.query_one("#menu", Menu).entry("continue_game").disabled
        await pilot.press("c")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, GamePlaceholderScreen)
    assert app.errors == []


@run
async def test_a_save_that_fails_to_replay_is_explained(home: Path) -> None:
    path = tally_save(home)
    text = path.read_text().replace('"checksum": "', '"checksum": "0')
    path.write_text(text)
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, NoticeScreen)
        assert "checksum" in app.screen.message
    assert path.read_text() == text
    assert app.errors == []


@run
async def test_delete_asks_first_and_keeps_on_no(home: Path) -> None:
    path = fake_save(home / "saves" / "eva-game.json")
    other = fake_save(home / "saves" / "second.json", updated="2024-01-01T00:00:00+00:00")
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l", "d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("enter")  # the focus starts on "Keep"
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen) and path.exists()
        await pilot.press("d", "n")
        await pilot.pause()
        assert path.exists()
        await pilot.press("d", "y")
        await pilot.pause()
        await pilot.pause()
        assert not path.exists() and other.exists()
        assert [e.name for e in app.screen._entries] == ["second.json"]
    assert app.errors == []


# ---------------------------------------------------------------------------
# Errors never show a traceback
# ---------------------------------------------------------------------------
class BrokenApp(WartableApp):
    """The app with actions and handlers that fail."""

    def action_explode(self) -> None:
        raise RuntimeError("boom in an action")


@run
async def test_an_exception_in_an_action_is_logged_and_the_app_goes_on(home: Path) -> None:
    app = BrokenApp(
        settings_file=home / "settings.json",
        saves=home / "saves",
        log_file=home / "log" / "wartable.log",
        language="en",
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await app.run_action("explode")
        await pilot.pause()
        assert app.is_running
        # the app still answers keys
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        notes = [n.message for n in app._notifications]
        assert any(
            "Something went wrong; details were written to" in m and "wartable.log" in m for m in notes
        )
    log = (home / "log" / "wartable.log").read_text()
    assert "Traceback (most recent call last)" in log
    assert "RuntimeError: boom in an action" in log
    assert "action_explode" in log
    assert len(app.errors) == 1


@run
async def test_an_exception_in_a_bound_key_and_in_a_worker(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen

        def bad_action() -> None:
            raise ValueError("bad key")

        screen.action_bad = bad_action  # type: ignore[attr-defined]
        app.bind("x", "screen.bad")
        await pilot.press("x")
        await pilot.pause()

        async def bad_work() -> None:
            raise OSError("bad worker")

        worker = app.run_worker(bad_work())
        while not worker.is_finished:
            await pilot.pause()
        await pilot.pause()
        assert app.is_running
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
    log = (home / "log" / "wartable.log").read_text()
    assert "ValueError: bad key" in log
    assert "OSError: bad worker" in log
    assert [type(e) for e in app.errors] == [ValueError, OSError]


@run
async def test_an_exception_in_a_screen_message_handler_keeps_the_screen(home: Path) -> None:
    class Exploding(TitleScreen):
        def on_menu_highlighted(self, event: Menu.Highlighted) -> None:
            raise ZeroDivisionError("handler")

    class App2(WartableApp):
        def get_default_screen(self) -> Any:
            return Exploding()

    app = App2(settings_file=home / "s.json", saves=home / "saves", log_file=home / "e.log", language="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down")
        await pilot.pause()
        await pilot.press("down")  # the screen still handles messages
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
    assert "ZeroDivisionError: handler" in (home / "e.log").read_text()
    assert app.errors and all(isinstance(e, ZeroDivisionError) for e in app.errors)


# ---------------------------------------------------------------------------
# Terminal size
# ---------------------------------------------------------------------------
@run
async def test_too_small_terminal_asks_to_enlarge_and_recovers(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(59, 19)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.resize_terminal(70, 15)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    assert app.errors == []


@run
async def test_ctrl_c_explains_how_to_quit(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app.is_running
        assert any("Ctrl+Q" in n.message for n in app._notifications)


# ---------------------------------------------------------------------------
# Coming back to the title and the load list
# ---------------------------------------------------------------------------
def _title_info(app: WartableApp) -> str:
    return str(app.screen.query_one("#title-info").render())


@run
async def test_the_title_shows_the_saves_as_they_are_when_it_comes_back(home: Path) -> None:
    saves = home / "saves"
    fake_save(saves / "old.json", summary="Round 4: Rei to act", updated="2025-01-01T00:00:00+00:00")
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Round 4" in _title_info(app)
        # the game goes on elsewhere (a game screen above the title), then the player comes back
        await pilot.press("r")
        await pilot.pause()
        fake_save(saves / "old.json", summary="Round 31: Asuka to act", updated="2025-01-02T00:00:00+00:00")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert "Round 31" in _title_info(app)
        # a new game was created meanwhile: it is the latest one
        await pilot.press("s")
        await pilot.pause()
        fake_save(saves / "new.json", players=("Misato", "Ritsuko"), updated="2025-01-03T00:00:00+00:00")
        await pilot.press("escape")
        await pilot.pause()
        assert "Misato" in _title_info(app)
        # every save deleted meanwhile: Continue and Load are off again
        await pilot.press("r")
        await pilot.pause()
        for p in saves.iterdir():
            p.unlink()
        await pilot.press("escape")
        await pilot.pause()
        menu = app.screen.query_one("#menu", Menu)
        assert menu.entry("continue_game").disabled and menu.entry("load_game").disabled
    assert app.errors == []


@run
async def test_the_load_list_and_the_title_show_a_game_just_played(home: Path) -> None:
    tally_save(home)
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert "Total 1, turn 2" in app.screen.query_one("#saves", PointerList).option_text(0)
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, GamePlaceholderScreen)
        app.screen.game.submit(1, 1)  # a move, saved at once
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        prompt = app.screen.query_one("#saves", PointerList).option_text(0)
        assert "Total 2, turn 3" in prompt
        # from the game straight back to the title (as a game-over screen does)
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        app.screen.game.submit(0, 1)
        app.return_to_title()
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert "Total 3, turn 4" in _title_info(app)
    assert app.errors == []


@pytest.mark.parametrize(
    ("key", "screen"),
    [("N", "NewGameScreen"), ("L", "LoadScreen"), ("R", "RulesScreen"), ("S", "SettingsScreen")]
    + [("Т", "NewGameScreen"), ("Д", "LoadScreen"), ("К", "RulesScreen"), ("Ы", "SettingsScreen")],
)
@run
async def test_menu_letters_work_in_capitals_too(home: Path, key: str, screen: str) -> None:
    """The menu shows its letters in capitals (and Caps Lock may be on): both cases work,
    on the Russian layout too."""
    fake_save(home / "saves" / "eva-game.json")
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(key)
        await pilot.pause()
        assert type(app.screen).__name__ == screen
    assert app.errors == []


@run
async def test_capital_letters_work_in_the_load_list_and_settings(home: Path) -> None:
    path = fake_save(home / "saves" / "eva-game.json")
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l", "D")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape", "escape", "s", "G")
        await pilot.pause()
        assert app.glyph_set == "ascii"
        await pilot.press("question_mark")
        await pilot.pause()
        rows = dict((d, k) for k, d in app.screen.rows)
        assert rows["Change the glyphs"] == "g, п"  # a capital is not listed beside its small letter
    assert path.exists()
    assert app.errors == []


# ---------------------------------------------------------------------------
# Confirmations answer by the meaning of the letter
# ---------------------------------------------------------------------------
def _footer(app: WartableApp) -> str:
    from tui.widgets.bars import KeyLine

    return str(app.screen.query_one(KeyLine).render())


@pytest.mark.parametrize(
    ("lang", "keys", "deleted"),
    [
        ("ru", ["н"], False),  # "нет": the first letter of No keeps the file (it is the Y key's place)
        ("ru", ["Н"], False),
        ("ru", ["т"], False),  # the N key's place on the Russian layout does nothing
        ("ru", ["д"], True),  # "да"
        ("ru", ["Д"], True),
        ("ru", ["y"], True),
        ("en", ["Y"], True),
        ("en", ["N"], False),
        ("en", ["n"], False),
        ("en", ["escape"], False),
    ],
)
@run
async def test_a_confirmation_answers_by_the_letter_not_the_key_position(
    home: Path, lang: str, keys: list[str], deleted: bool
) -> None:
    path = fake_save(home / "saves" / "eva-game.json")
    app = make_app(home, language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l", "d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press(*keys)
        await pilot.pause()
        await pilot.pause()
    assert path.exists() is not deleted
    assert app.errors == []


@pytest.mark.parametrize(
    ("lang", "footer"),
    [("en", "y Delete  n Keep"), ("ru", "д/y Удалить  н/n Оставить")],
)
@run
async def test_a_confirmation_footer_names_the_buttons(home: Path, lang: str, footer: str) -> None:
    fake_save(home / "saves" / "eva-game.json")
    app = make_app(home, language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l", "d")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ConfirmScreen)
        assert footer in _footer(app)
        labels = [str(b.label) for b in screen.query("Button")]
        assert all(label in _footer(app) for label in labels)
        await pilot.press("question_mark")
        await pilot.pause()
        rows = {text: keys for keys, text in app.screen.rows}
        assert rows[labels[0]] == footer.split()[0]
        assert rows[labels[1]].startswith(footer.split()[2])
    assert app.errors == []


@run
async def test_every_confirmation_names_its_own_answers(home: Path) -> None:
    """The footer words follow each dialog's buttons (Leave / Stay, not Yes / No); another
    dialog's words never leak into the next one."""
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ConfirmScreen("Leave?", "Sure?", confirm="Leave", cancel="Stay"))
        await pilot.pause()
        assert "y Leave  n Stay" in _footer(app)
        await pilot.press("n")
        await pilot.pause()
        app.push_screen(ConfirmScreen("Delete?", "Sure?", confirm="Delete", cancel="Keep"))
        await pilot.pause()
        assert "y Delete  n Keep" in _footer(app)
        assert "Leave" not in _footer(app)
    assert app.errors == []


# ---------------------------------------------------------------------------
# New game: focus order and a visible focus
# ---------------------------------------------------------------------------
@run
async def test_new_game_starts_on_the_system_and_shows_where_the_focus_is(home: Path) -> None:
    from textual.widgets import Input, Label, Select

    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        system = screen.query_one("#ng-system", Select)
        names = [screen.query_one(f"#ng-player-{side}", Input) for side in (0, 1)]
        labels = [screen.query_one(f"#ng-label-{x}", Label) for x in ("system", 0, 1)]

        def pointed() -> list[bool]:
            return [str(label.render()).rstrip().endswith("▸") for label in labels]

        assert system.has_focus
        assert pointed() == [True, False, False] and labels[0].has_class("-focus")
        await pilot.press("tab")
        assert names[0].has_focus and pointed() == [False, True, False]
        await pilot.press(*"Shinji", "enter")  # Enter: the name is done, on to the next field
        assert names[1].has_focus and pointed() == [False, False, True]
        await pilot.press("enter")  # and on into the system's own part
        await pilot.pause()
        assert screen.focused is not None and screen.focused.id not in ("ng-player-1", "ng-system")
        assert pointed() == [False, False, False] and not any(label.has_class("-focus") for label in labels)
        # Enter on System opens its list; choosing one goes on to the names
        system.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert system.expanded
        await pilot.press("down", "enter")
        await pilot.pause()
        await pilot.pause()
        assert system.value == "tally" and names[0].has_focus
        assert names[0].value == "Shinji"
    assert app.errors == []


# ---------------------------------------------------------------------------
# Saves shown in the player's language
# ---------------------------------------------------------------------------
EVA_SUMMARY = (
    "{map}, round {round}, Evas {a} v {b}",
    {"map": {"en": "Crossroads", "ru": "Перекрёсток"}, "round": 6, "a": 3, "b": 2},
)


@pytest.mark.parametrize(
    ("lang", "head", "summary"),
    [
        ("en", "EVA skirmish: Player 1 v Player 2", "Crossroads, round 6, Evas 3 v 2"),
        ("ru", "Поигрушка по Еве: Игрок 1 — Игрок 2", "Перекрёсток, тур 6, Ев осталось: 3 и 2"),
    ],
)
@run
async def test_the_latest_game_is_described_in_the_players_language(
    home: Path, lang: str, head: str, summary: str
) -> None:
    fake_save(
        home / "saves" / "eva-game.json",
        players=("Player 1", "Игрок 2"),  # default names, one stored by an older build in Russian
        summary="Crossroads, round 6, Evas 3 v 2",
        summary_message=EVA_SUMMARY,
    )
    app = make_app(home, language=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        latest = "Последняя" if lang == "ru" else "Latest"
        assert _title_info(app) == f"{latest}: {head.replace(':', ',')}; {summary}"
        await pilot.press("l")
        await pilot.pause()
        prompt = app.screen.query_one("#saves", PointerList).option_text(0)
        assert head in prompt and summary in prompt
    assert app.errors == []


@run
async def test_a_save_from_an_older_build_shows_its_english_summary(home: Path) -> None:
    fake_save(home / "saves" / "old.json", summary="Round 3: Rei to act")
    app = make_app(home, language="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert _title_info(app).endswith("Round 3: Rei to act")
    assert app.errors == []


@run
async def test_system_names_are_translated_everywhere(home: Path) -> None:
    from engine.i18n import _

    app = make_app(home, language="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.system_title("eva") == "Поигрушка по Еве" == _(registry.get("eva").title)
        assert app.system_title("tally") == "Tally"  # no translation: the ruleset's title
        await pilot.press("r")
        await pilot.pause()
        names = app.screen.query_one("#rules-systems", OptionList)
        assert "Поигрушка по Еве" in str(names.get_option_at_index(0).prompt)
    assert app.errors == []


@pytest.mark.parametrize("lang", ["en", "ru"])
@run
async def test_default_player_names_are_kept_in_no_language(home: Path, lang: str) -> None:
    """A game created with the default names stores "Player 1" / "Player 2", shown in
    whatever language the reader uses; a typed name is kept as typed."""
    from textual.widgets import Input

    app = make_app(home, language=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        shown = screen.query_one("#ng-player-1", Input).value
        assert shown == ("Игрок 2" if lang == "ru" else "Player 2")
        assert screen.players() == ["Player 1", "Player 2"]
        await pilot.press("tab", *"Asuka", "enter", *"Игрок 2")
        assert screen.players() == ["Asuka", "Player 2"]
    assert app.errors == []


# ---------------------------------------------------------------------------
# Broken saves: a plain reason first, and a previous version offered
# ---------------------------------------------------------------------------
def _break(path: Path) -> bytes:
    path.write_text(path.read_text().replace('"format": "wartable-save"', '"format": 7'))
    return path.read_bytes()


def _tally_with_versions(home: Path) -> Path:
    """A tally save with two previous versions beside it."""
    path = home / "saves" / "tally.json"
    game = Game(TallyRuleset(), TallySetup(), seed=b"\x01" * 32, players=("Shinji", "Kaworu"), path=path)
    game.save()
    game.submit(0, 1)
    return path


@run
async def test_a_damaged_save_leads_with_a_plain_sentence(home: Path) -> None:
    path = tally_save(home)
    _break(path)
    for older in (home / "saves").glob("tally.json.*"):
        older.unlink()
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, NoticeScreen)
        lines = app.screen.message.splitlines()
        assert lines[0] == "tally.json cannot be opened."
        assert lines[1].startswith("The file is damaged or incomplete")
        assert lines[2] == "The file is left as it is."
        assert lines[-1].startswith("Details: ") and "Expected `str`, got `int`" in lines[-1]
    assert app.errors == []


@pytest.mark.parametrize("keys", [["n"], ["escape"], ["enter"]])
@run
async def test_refusing_the_previous_version_changes_nothing(home: Path, keys: list[str]) -> None:
    path = _tally_with_versions(home)
    damaged = _break(path)
    before = {p.name: p.read_bytes() for p in (home / "saves").iterdir()}
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "A previous version of this game" in app.screen.message
        await pilot.press(*keys)  # Enter is on the safe button
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
    assert {p.name: p.read_bytes() for p in (home / "saves").iterdir()} == before
    assert path.read_bytes() == damaged
    assert app.errors == []


@run
async def test_the_previous_version_is_opened_after_the_player_confirms(home: Path) -> None:
    path = _tally_with_versions(home)
    previous = (home / "saves" / "tally.json.1").read_bytes()
    damaged = _break(path)
    app = make_app(home, language="ru")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l", "enter")  # listed as unusable: Continue skips it
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "tally.json.damaged" in app.screen.message
        await pilot.press("д")
        await pilot.pause()
        assert isinstance(app.screen, GamePlaceholderScreen)
        assert app.screen.game.state.total == 0  # the version before the last move
        assert path.read_bytes() == previous
        assert (home / "saves" / "tally.json.damaged").read_bytes() == damaged
        app.screen.game.submit(0, 2)  # and the game goes on in the main file
        assert Game.load(path).state.total == 2
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)  # the list now shows the game as usable
        assert [(e.name, e.usable) for e in app.screen._entries] == [("tally.json", True)]
    assert not list((home / "saves").glob("*.lock"))
    assert app.errors == []


@run
async def test_no_lock_files_are_left_after_playing(home: Path) -> None:
    tally_save(home)
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, GamePlaceholderScreen)
        assert list((home / "saves").glob("*.lock"))  # held while the game is open
        await pilot.press("escape")
        await pilot.pause()
        assert not list((home / "saves").glob("*.lock"))
        await pilot.press("l")
        await pilot.pause()
        assert [e.name for e in app.screen._entries] == ["tally.json"]
    assert app.errors == []


@run
async def test_unreadable_file_reasons_are_translated(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.record
    from tui.saves import read_entry

    path = fake_save(home / "saves" / "big.json")
    set_language("ru")
    monkeypatch.setattr(engine.record, "MAX_SAVE_BYTES", 10)
    assert read_entry(path, ["eva"]).reason.startswith("файл слишком велик")
    monkeypatch.undo()
    missing = read_entry(home / "saves" / "nowhere.json", ["eva"])
    assert missing.reason.startswith("не удаётся прочитать nowhere.json")


# ---------------------------------------------------------------------------
# NO_COLOR: no colour codes at all
# ---------------------------------------------------------------------------
def _sgr_codes(app: WartableApp) -> set[str]:
    """Every attribute code of the escape sequences the screen would send now."""
    import re

    raw = app.screen._compositor.render_update(full=True).render_segments(app.console)
    return {code for seq in re.findall(r"\x1b\[([0-9;]*)m", raw) for code in seq.split(";") if code}


@pytest.mark.parametrize("keys", [[], ["r"], ["l"], ["l", "d"], ["n"], ["s"], ["question_mark"]])
@run
async def test_no_color_sends_no_colour_codes(
    home: Path, monkeypatch: pytest.MonkeyPatch, keys: list[str]
) -> None:
    """Under NO_COLOR only attributes are sent (bold, italics, underline, reverse video,
    and the terminal's default colours): never a colour, not even a grey."""
    for n in range(30):  # enough saves for the load list to scroll
        fake_save(home / "saves" / f"game-{n:02}.json")
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        codes = _sgr_codes(app)
        assert codes <= {"0", "1", "2", "3", "4", "7", "9", "22", "23", "24", "27", "39", "49"}, codes
        assert "7" in codes  # the title bar, the scroll bar thumb, a focused button or field
    assert app.errors == []


@run
async def test_no_color_scroll_bar_thumb_is_reverse_video(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        scroll = app.screen.query_one("#rules-scroll")
        bar = scroll.vertical_scrollbar
        assert bar.display and bar.window_size < bar.window_virtual_size  # there is something to scroll
        cells = [seg for line in bar.render_lines(bar.region.reset_offset) for seg in line]
        thumb = [seg for seg in cells if seg.style is not None and seg.style.reverse]
        assert thumb and all(
            seg.text.strip() == "" for seg in thumb
        )  # spaces in reverse video: no glyph of ambiguous width


# ---------------------------------------------------------------------------
# The ASCII glyph set: nothing but ASCII, apart from letters
# ---------------------------------------------------------------------------
def _screen_text(app: WartableApp, leave_out: str = "") -> str:
    """The characters on screen, without the region of the widget ``leave_out`` (a
    selector) when given."""
    lines = app.screen._compositor.render_update(full=True).strips
    rows = ["".join(seg.text for strip in line for seg in strip) for line in lines]
    hole = app.screen.query_one(leave_out).region if leave_out and app.screen.query(leave_out) else None
    if hole is not None:
        for y in range(hole.y, hole.bottom):
            rows[y] = rows[y][: hole.x] + " " * hole.width + rows[y][hole.right :]
    return "\n".join(rows)


def _not_ascii(text: str) -> set[str]:
    """The characters of ``text`` that are neither ASCII nor letters (or their marks)."""
    import unicodedata

    return {ch for ch in text if ord(ch) > 127 and unicodedata.category(ch)[0] not in "LM"}


async def _open_previous_version_offer(pilot: Any) -> None:
    await pilot.press("l", "end", "enter")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(
    "keys",
    [
        [],
        ["r"],
        ["r", "enter", "pagedown", "pagedown"],
        "table",  # a table of the rules summary
        ["r", "down"],
        ["l"],
        ["l", "d"],
        ["n"],
        ["s"],
        ["question_mark"],
        ["c"],
        "offer",
    ],
)
@run
async def test_the_ascii_set_draws_shared_screens_in_ascii(home: Path, lang: str, keys: Any) -> None:
    """Typographic punctuation (— – · … « »), arrows and marks are written in ASCII;
    letters of any script stay."""
    path = _tally_with_versions(home)
    fake_save(
        home / "saves" / "eva.json",
        players=("Asuka — 2", "Rei"),
        summary_message=EVA_SUMMARY,
        updated="2024-01-01T00:00:00+00:00",
    )
    (home / "saves" / "broken.json").write_bytes(_break(path))
    (home / "saves" / "broken.json.1").write_bytes((home / "saves" / "tally.json.1").read_bytes())
    app = make_app(home, language=lang, ascii_glyphs=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if keys == "offer":
            await _open_previous_version_offer(pilot)
            assert isinstance(app.screen, ConfirmScreen)
        elif keys == "table":
            from textual.widgets._markdown import MarkdownTable

            await pilot.press("r")
            await pilot.pause()
            table = app.screen.query_one(MarkdownTable)
            app.screen.query_one("#rules-scroll").scroll_to_widget(table, animate=False, top=True)
            await pilot.pause()
        else:
            await pilot.press(*keys)
            await app.workers.wait_for_complete()
            await pilot.pause()
        # the system's own part of the new game screen is drawn by its system's package
        assert _not_ascii(_screen_text(app, leave_out="#ng-part")) == set()
    assert app.errors == []
