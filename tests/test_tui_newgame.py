"""The new game screen driven as a player would: system, players, rosters, map, start.

Every test runs in a temporary home with the systems fixed to ``eva`` and
``tally`` (see ``test_tui_app.home``); ``tally`` has no interface package.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from test_tui_app import home, make_app, run, tally_save  # noqa: F401 - home is a fixture
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Select, Static

from engine.game import Game
from engine.record import SaveLock, SaveLocked, decode_save
from engine.rulesets.eva.roster import validate
from engine.rulesets.eva.scenario import HEIGHT, WIDTH, load_bundled
from tui.rulesets import game_screen_for, ui_for
from tui.rulesets.eva.roster_builder import RosterBuilderScreen
from tui.rulesets.eva.roster_picker import RosterPickerScreen
from tui.rulesets.eva.setup import EvaChoices, EvaSetupWidget, make_setup
from tui.rulesets.eva.terrain import ASCII_TERRAIN, MapPreview, preview_lines
from tui.screens.dialogs import ConfirmScreen, NoticeScreen
from tui.screens.game import GamePlaceholderScreen
from tui.screens.new_game import NewGameScreen, new_save_path
from tui.screens.title import TitleScreen


async def _open(pilot: Pilot[Any]) -> NewGameScreen:
    await pilot.press("n")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NewGameScreen)
    return screen


async def _pick_example(pilot: Pilot[Any], side: int) -> None:
    """Choose the first valid example roster for ``side`` with the keyboard."""
    pilot.app.screen.query_one(f"#eva-roster-{side}").focus()
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, RosterPickerScreen)
    await pilot.press("enter")  # the cursor starts on the first valid roster
    await pilot.pause()


def _problem_line(screen: NewGameScreen) -> str:
    return str(screen.query_one("#ng-problems", Static).render())


def _game_files(folder: Path) -> list[Path]:
    return sorted(p for p in (folder / "saves").glob("*.json"))


@run
async def test_start_a_new_game_and_reach_the_game_screen(home: Path) -> None:  # noqa: F811 - the fixture imported above
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        assert "Choose a roster for Player 1" in _problem_line(screen)
        await pilot.press("ctrl+s")  # refused: nothing is created
        assert _game_files(home) == []
        # names typed over the defaults (the field's text is selected)
        await pilot.press("tab", *"Shinji", "tab", *"Asuka")  # System first, then the names
        await _pick_example(pilot, 0)
        await _pick_example(pilot, 1)
        assert "Ready to start" in _problem_line(screen)
        # the second map, and a round limit of 8 (EVA-5.10)
        screen.query_one("#eva-maps", OptionList).focus()
        await pilot.press("down")
        screen.query_one("#eva-rounds", Input).focus()
        await pilot.press("8")
        choices = screen.query_one(EvaSetupWidget).choices()
        assert choices.map_key == "lake" and choices.rounds == "8"
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        [path] = _game_files(home)
        assert path.name.endswith("-eva-shinji-v-asuka.json")
        save = decode_save(path.read_bytes())
        assert save.players == ["Shinji", "Asuka"] and save.ruleset == "eva"
        game = Game.load(path)
        assert game.setup.round_limit == 8 and game.setup.map.key == "lake"
        assert [validate(r) for r in game.setup.rosters] == [[], []]
        # the system's game screen replaced the new game screen; the save is locked
        assert not isinstance(app.screen, NewGameScreen)
        assert not any(isinstance(s, NewGameScreen) for s in app.screen_stack)
        with pytest.raises(SaveLocked):
            SaveLock(path).acquire()
        # closing the game screen releases the lock
        while len(app.screen_stack) > 1:
            await app.pop_screen()
            await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    SaveLock(path).acquire().release()
    assert app.errors == []


@run
async def test_build_now_opens_the_builder_and_comes_back_with_the_roster(home: Path) -> None:  # noqa: F811 - the fixture imported above
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        screen.query_one("#eva-roster-1").focus()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("home", "enter")  # "Build a new roster now"
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, RosterBuilderScreen) and builder.pick
        await pilot.press("tab", "enter", "u")  # a knife, then use it
        await pilot.pause()
        assert app.screen is screen
        roster = screen.query_one(EvaSetupWidget).choices().rosters[1]
        assert roster is not None and [w.code for w in roster.evas[0].weapons] == ["knife"]
        assert "Eva-1" not in str(screen.query_one("#eva-roster-1").render())  # the roster's name shows
        # that roster is saved nowhere: leaving asks first
        await pilot.press("escape")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert app.screen is screen
        await pilot.press("escape", "y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
    assert app.errors == []


@run
async def test_a_draft_roster_cannot_be_chosen_for_a_game(home: Path) -> None:  # noqa: F811 - the fixture imported above
    from engine.rulesets.eva.roster import EvaEntry, Roster, WeaponEntry, encode_roster_file

    folder = home / "saves" / "rosters"
    folder.mkdir(parents=True)
    draft = Roster("Draft", [EvaEntry("A", [WeaponEntry("n2"), WeaponEntry("n2")])])
    (folder / "draft.json").write_bytes(encode_roster_file(draft))
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        screen.query_one("#eva-roster-0").focus()
        await pilot.press("enter")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, RosterPickerScreen)
        picker.query_one("#picker-list", OptionList).highlighted = 2  # "Your rosters", then the draft
        assert picker.query_one("#picker-list", OptionList).highlighted_option.id == "s0"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NoticeScreen)
        assert "EVA-17.5" in app.screen.message
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert screen.query_one(EvaSetupWidget).choices().rosters[0] is None
    assert app.errors == []


@run
async def test_eva_5_10_the_round_limit_is_a_positive_whole_number(home: Path) -> None:  # noqa: F811 - the fixture imported above
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        await _pick_example(pilot, 0)
        await _pick_example(pilot, 1)
        screen.query_one("#eva-rounds", Input).focus()
        await pilot.press("0")
        assert "EVA-5.10" in _problem_line(screen)
        await pilot.press("ctrl+s")
        assert _game_files(home) == []
        await pilot.press("backspace", "x", "1", "2")  # letters are not accepted
        assert screen.query_one("#eva-rounds", Input).value == "12"
        assert "Ready" in _problem_line(screen)
    assert app.errors == []


@run
async def test_a_system_without_an_interface_cannot_be_started(home: Path) -> None:  # noqa: F811 - the fixture imported above
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        screen.query_one("#ng-system", Select).value = "tally"
        await pilot.pause()
        await pilot.pause()
        assert "cannot be played in this build" in _problem_line(screen)
        assert not screen.query(EvaSetupWidget)
        await pilot.press("ctrl+s")
        assert _game_files(home) == []
    assert app.errors == []


@run
async def test_loading_a_save_goes_through_the_systems_game_screen_and_locks_it(home: Path) -> None:  # noqa: F811 - the fixture imported above
    path = tally_save(home)
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        with SaveLock(path):  # another window has it open
            await pilot.press("c")
            await pilot.pause()
            assert isinstance(app.screen, NoticeScreen)
            assert "another Wartable window" in app.screen.message
            await pilot.press("escape")
        await pilot.press("c")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, GamePlaceholderScreen)  # tally has no interface package
        with pytest.raises(SaveLocked):
            SaveLock(path).acquire()
        await pilot.press("escape")
        await pilot.pause()
    SaveLock(path).acquire().release()
    assert app.errors == []


def test_the_game_screen_of_a_system_without_a_battle_screen_is_the_placeholder(home: Path) -> None:  # noqa: F811 - the fixture imported above
    rs_ui = ui_for("eva")
    assert rs_ui is not None and rs_ui.has_rosters
    assert ui_for("tally") is None and ui_for("../etc") is None
    from engine.rulesets.eva.roster import EvaEntry, Roster

    setup = make_setup(
        EvaChoices("crossroads", [Roster("A", [EvaEntry("A")]), Roster("B", [EvaEntry("B")])], "")
    )
    game = Game.new("eva", setup, seed=b"x" * 32)
    screen = game_screen_for(game, None)
    assert type(screen).__name__ in ("EvaGameScreen", "GamePlaceholderScreen")


def test_new_save_names_are_readable_and_unique(tmp_path: Path) -> None:
    when = dt.datetime(2025, 3, 1, 12, 0)
    first = new_save_path(tmp_path, "eva", ["Синдзи 🚀", "Asuka/../x"], when)
    assert first.name == "2025-03-01-eva-синдзи-v-asuka-x.json"
    first.write_text("{}")
    second = new_save_path(tmp_path, "eva", ["Синдзи 🚀", "Asuka/../x"], when)
    assert second.name == "2025-03-01-eva-синдзи-v-asuka-x-2.json"
    odd = new_save_path(tmp_path, "eva", ["🚀", "x" * 10_000], when)
    assert odd.name.startswith("2025-03-01-eva-p1-v-xxx") and len(odd.name) < 80


def test_eva_5_1_make_setup_refuses_missing_or_invalid_choices() -> None:
    with pytest.raises(ValueError, match="Player 1"):
        make_setup(EvaChoices("crossroads", [None, None], ""))


def test_eva_2_the_preview_keeps_every_obstacle_when_halved() -> None:
    board = load_bundled("lake")
    full = preview_lines(board, ASCII_TERRAIN)
    half = preview_lines(board, ASCII_TERRAIN, halve=True)
    assert len(full) == HEIGHT and len(half) == HEIGHT // 2
    assert all(len(line.plain) == WIDTH for line in full + half)
    # the top line is row 30 (a deployment row); every blue square of the map shows in both
    assert set(full[0].plain) == {ASCII_TERRAIN.zone}
    blue = ASCII_TERRAIN.blue
    blue_full = sum(line.plain.count(blue) for line in full)
    assert blue_full == sum(1 for x in range(1, 21) for y in range(1, 31) if board.colour(x, y) == 4)
    assert all((blue in half[i // 2].plain) for i, line in enumerate(full) if blue in line.plain)
    assert MapPreview(board).board is board


def test_eva_2_3_the_preview_draws_the_boards_glyphs_and_they_differ_without_colour() -> None:
    """The new game preview names the obstacles as the board does (one glyph per colour),
    and the legend shows those glyphs."""
    from tui.rulesets.eva.board import ASCII_BOARD, UNICODE_BOARD
    from tui.rulesets.eva.terrain import UNICODE_TERRAIN, legend

    for terrain, board_glyphs in ((UNICODE_TERRAIN, UNICODE_BOARD), (ASCII_TERRAIN, ASCII_BOARD)):
        obstacles = (terrain.red, terrain.yellow, terrain.green, terrain.blue)
        assert obstacles == board_glyphs.terrain[1:]
        assert len({terrain.open, terrain.zone, *obstacles}) == 6
        text = legend(terrain)
        assert all(glyph in text for glyph in obstacles)
    # the low and the chest-high obstacle differ by shape, not only by being hollow or filled
    assert {UNICODE_BOARD.terrain[1], UNICODE_BOARD.terrain[2]} != {"▭", "▬"}


@run
async def test_the_new_game_help_explains_the_rosters_and_the_map(home: Path) -> None:  # noqa: F811
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        rows = dict(app.screen.rows)
        assert "Roster 1, 2" in rows and "Map" in rows and "roster" in rows["Roster 1, 2"]
    assert app.errors == []


@run
async def test_the_roster_picker_starts_on_the_chosen_roster_and_marks_it(home: Path) -> None:  # noqa: F811 - the fixture imported above
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        screen.query_one("#eva-roster-1").focus()
        await pilot.press("enter")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, RosterPickerScreen)
        first = picker.query_one("#picker-list", OptionList).highlighted
        assert "(chosen)" not in picker.query_one("#picker-list", OptionList).option_text(first)
        await pilot.press("down", "enter")  # the next example, not the first one
        await pilot.pause()
        chosen = screen.query_one(EvaSetupWidget).choices().rosters[1]
        assert chosen is not None
        await pilot.press("enter")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, RosterPickerScreen)
        rows = picker.query_one("#picker-list", OptionList)
        assert rows.highlighted == first + 1
        assert picker._entries[rows.highlighted_option.id].roster == chosen
        marked = [i for i in range(rows.option_count) if "(chosen)" in rows.option_text(i)]
        assert marked == [first + 1]
    assert app.errors == []


@run
async def test_up_and_down_move_between_the_eva_fields(home: Path) -> None:  # noqa: F811 - the fixture imported above
    """EVA-5.1 set-up: Down goes from a roster to the next field and Up back, as between
    the rows of the other systems' set-ups; in the map list they choose the map."""
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(pilot)
        screen.query_one("#eva-roster-0").focus()
        await pilot.press("down")
        assert app.focused is screen.query_one("#eva-roster-1")
        await pilot.press("down")
        assert app.focused is screen.query_one("#eva-rounds")
        await pilot.press("up")
        assert app.focused is screen.query_one("#eva-roster-1")
        await pilot.press("down", "down")
        maps = screen.query_one("#eva-maps", OptionList)
        assert app.focused is maps
        first = screen.query_one(EvaSetupWidget).choices().map_key
        await pilot.press("down")
        assert app.focused is maps and screen.query_one(EvaSetupWidget).choices().map_key != first
    assert app.errors == []


@run
async def test_new_game_opens_on_the_system_of_the_latest_save(home: Path) -> None:  # noqa: F811 - the fixture imported above
    """The title's New game starts on the system the latest save is of (the one Continue
    opens), so a player who played Three Kingdoms last finds it chosen."""
    from engine.rulesets.kingdoms import RULESET as KINGDOMS
    from engine.rulesets.kingdoms.scenario import load_bundled as load_scenario
    from engine.rulesets.kingdoms.state import Setup as KingdomsSetup

    path = home / "saves" / "fan.json"
    Game(KINGDOMS, KingdomsSetup(scenario=load_scenario("fan_river")), players=("Ann", "Bo")).save(path)
    from tui.app import WartableApp

    app = WartableApp(
        settings_file=home / "config" / "settings.json",
        saves=home / "saves",
        log_file=home / "log" / "wartable.log",
        language="en",
        systems=lambda: ["eva", "kingdoms"],
    )
    async with app.run_test(size=(80, 24)) as pilot:
        title = app.screen
        for _ in range(50):  # the saves folder is read after the first frame
            await pilot.pause(0.02)
            if getattr(title, "_entries", None) is not None:
                break
        assert [e.ruleset for e in title._entries] == ["kingdoms"]
        screen = await _open(pilot)
        assert screen.query_one("#ng-system").value == "kingdoms"
    assert app.errors == []


@run
async def test_up_and_down_move_from_the_name_fields_and_one_enter_opens_the_roster_list(home: Path) -> None:  # noqa: F811 - the fixture imported above
    """A new player pressed Down in a name field and nothing moved; Enter then only left the
    field, so opening the roster list seemed to need Enter twice. Down now moves on from a
    name field as from every other field, and Up comes back."""
    app = make_app(home)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _open(pilot)
        screen.query_one("#ng-player-0").focus()
        await pilot.press("down")
        assert screen.focused is screen.query_one("#ng-player-1")
        await pilot.press("down")
        assert screen.focused is screen.query_one("#eva-roster-0")
        await pilot.press("up")
        assert screen.focused is screen.query_one("#ng-player-1")
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, RosterPickerScreen)
    assert app.errors == []
