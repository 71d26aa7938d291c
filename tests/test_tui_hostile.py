"""Hostile files and a full disk in the app.

What the app would send to the terminal is read from its screens (the bytes of a
full redraw, dialogs and notifications included): with every hostile save, a FIFO,
a symlink to /dev/zero, a 20 MB name and a hostile file name in the saves folder,
neither the title screen nor the Load list nor any refusal sends an escape
sequence or a control character that came from a file, and names that look like
markup are shown as written. A full disk during a game: one clear notice, the
action kept, the game playable, and everything saved once writing works again.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from battle_support import TestPlayer, battle_screen, eva_game
from terminal_check import raw_controls, screen_output, screen_text
from test_tui_app import fake_save, home, make_app, run  # noqa: F401 - home is a fixture
from test_tui_sixchances import sc_home  # noqa: F401 - sc_home is a fixture
from textual.widgets import OptionList

import engine.record
from engine.game import Game
from engine.record import SaveLock
from tui.kit.curtain import CurtainScreen
from tui.rulesets.eva.battle import EvaGameScreen
from tui.screens.dialogs import ConfirmScreen, NoticeScreen
from tui.screens.load import LoadScreen
from tui.screens.title import TitleScreen

DATA = Path(__file__).resolve().parent / "data"


def _hostile_folder(saves: Path) -> dict[str, bytes]:
    """Every hostile save, a 20 MB name, a hostile file name, a FIFO and a symlink to
    /dev/zero in ``saves``; returns the bytes of each regular file."""
    saves.mkdir(parents=True, exist_ok=True)
    for f in (DATA / "hostile-saves").glob("*.json"):
        shutil.copy(f, saves / f.name)
    data = json.loads((DATA / "save-v2.json").read_text(encoding="utf-8"))
    data["players"][0] = "A" * (20 * 1024 * 1024)
    (saves / "huge-name.json").write_text(json.dumps(data), encoding="utf-8")
    (saves / "\x1b]0;pwned\x07game\x1b[2J.json").write_bytes(b"{}")
    os.mkfifo(saves / "fifo.json")
    (saves / "zero.json").symlink_to("/dev/zero")
    return {p.name: p.read_bytes() for p in saves.iterdir() if p.is_file()}


def _clean(app: Any, where: str) -> None:
    sent = screen_output(app)
    assert raw_controls(sent, own_sequences=True) == [], where


@run
async def test_no_escape_sequence_from_a_file_reaches_the_terminal(home: Path) -> None:  # noqa: F811
    saves = home / "saves"
    before = _hostile_folder(saves)
    app = make_app(home)
    seen = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        _clean(app, "title")  # its "latest" line names a save the list could read
        assert "Latest: EVA skirmish, Asuka v Rei" in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        # every regular file is listed (none empties the list), the FIFO and /dev/zero are not
        assert sorted(e.path.name for e in screen._entries) == sorted(before)
        _clean(app, "load list")
        menu = screen.query_one("#saves", OptionList)
        for i in range(len(screen._entries)):
            menu.highlighted = i
            await pilot.pause()
            _clean(app, f"load list at {i}")
            await pilot.press("enter")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert isinstance(app.screen, NoticeScreen), screen._entries[i].name
            _clean(app, f"refusal of {screen._entries[i].name}")
            seen += 1
            await pilot.press("escape")
            await pilot.pause()
    assert app.errors == []
    assert seen == len(before)
    assert {p.name: p.read_bytes() for p in saves.iterdir() if p.is_file()} == before


@run
async def test_two_files_whose_names_read_the_same_are_both_listed(home: Path) -> None:  # noqa: F811
    """A file name is cleaned before it is shown, so two names may read the same (a
    direction mark removed, a long name cut): the Load list shows both, and each
    entry opens its own file."""
    saves = home / "saves"
    shutil.copy(DATA / "save-v2.json", saves / "twin.json")
    shutil.copy(DATA / "save-v2.json", saves / "twin\u202e.json")
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        assert sorted(e.path.name for e in screen._entries) == ["twin.json", "twin\u202e.json"]
        assert [e.name for e in screen._entries] == ["twin.json", "twin.json"]
        menu = screen.query_one("#saves", OptionList)
        menu.highlighted = 1
        await pilot.pause()
        assert screen._current() is screen._entries[1]
        _clean(app, "load list")
    assert app.errors == []


@run
async def test_names_that_look_like_markup_are_shown_as_written(home: Path) -> None:  # noqa: F811
    """Square brackets are fair in a name: Rich and Textual markup in one is never obeyed."""
    players = ("[b]Asuka[/b]", "[@click=app.quit]Rei[/]")
    fake_save(home / "saves" / "markup.json", players=players, summary="Round 1: [red]x[/red]")
    app = make_app(home)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert "[b]Asuka[/b] v [@click=app.quit]Rei[/]" in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        text = screen_text(app)
        assert "[b]Asuka[/b]" in text and "[@click=app.quit]Rei[/]" in text and "[red]x[/red]" in text
        await pilot.press("escape")
        game = eva_game(home / "saves" / "battle.json")
        game.players[:] = list(players)
        app.open_game(game)
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert "[b]Asuka[/b]" in screen_text(app)
        _clean(app, "curtain")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(battle_screen(app), EvaGameScreen)  # under the first choice
        await pilot.press("escape")
        await pilot.pause()
        shown = screen_text(app)
        assert "[b]Asuka[/b]" in shown or "[@click=app.quit]Rei[/]" in shown, shown
        _clean(app, "battle screen")
    assert app.errors == []


@run
async def test_a_full_disk_during_a_game_loses_nothing(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    """The disk fills up during an EVA game: one notice says so (once), every action is
    kept and the game goes on; once writing works again, the next action saves them
    all and a line says so."""
    path = home / "saves" / "battle.json"
    game = eva_game(path)
    app = make_app(home)
    real = engine.record._write_all

    def full(fh: Any, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    notices: list[str] = []

    async def play(pilot: Any, player: TestPlayer, actions: int) -> None:
        start = len(game.records)
        for _ in range(400):
            if len(game.records) >= start + actions:
                return
            if isinstance(app.screen, NoticeScreen):
                notices.append(app.screen.message)
                _clean(app, "the notice")
                await pilot.press("enter")
                await pilot.pause()
                continue
            assert await player.step()
        raise AssertionError("the game did not go on")

    async with app.run_test(size=(100, 30)) as pilot:
        app.open_game(game, SaveLock(path).acquire())
        await pilot.pause()
        player = TestPlayer(pilot)
        await play(pilot, player, 5)
        saved = len(game.records)
        assert len(Game.load(path).records) == saved
        monkeypatch.setattr(engine.record, "_write_all", full)
        await play(pilot, player, 8)
        assert len(game.records) >= saved + 8  # played on, every action kept in memory
        assert len(Game.load(path).records) == saved  # the file is the last good one
        assert len(notices) == 1 and "No space left on device" in notices[0]
        assert "kept in memory" in notices[0] and "Play on" in notices[0]
        assert not list(path.parent.glob(".*.tmp"))  # no half-written file left behind
        # Ctrl+Q now warns that quitting loses the actions not saved
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "loses them" in app.screen.message
        await pilot.press("n")
        await pilot.pause()
        monkeypatch.setattr(engine.record, "_write_all", real)
        await play(pilot, player, 1)
        assert game.save_error is None
        back = Game.load(path)
        assert len(back.records) == len(game.records) and back.state == game.state
        assert any("saved again" in str(n.message) for n in app._notifications)
        assert len(notices) == 1
    assert app.errors == []


@run
async def test_ctrl_q_in_a_game_asks_as_leaving_does(home: Path) -> None:  # noqa: F811
    app = make_app(home)
    async with app.run_test(size=(100, 30)) as pilot:
        game = eva_game(home / "saves" / "battle.json")
        app.open_game(game)
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        question = app.screen
        assert isinstance(question, ConfirmScreen) and "saved after every action" in question.message
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, (CurtainScreen, EvaGameScreen))
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


@run
async def test_ctrl_q_on_the_title_quits_at_once(home: Path) -> None:  # noqa: F811
    app = make_app(home)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0


@run
async def test_continue_offers_the_previous_version_of_a_damaged_only_save(home: Path) -> None:  # noqa: F811
    saves = home / "saves"
    path = saves / "battle.json"
    game = eva_game(path)
    for _ in range(3):
        side = min(game.to_act())
        game.submit(side, game.ruleset.random_action(game.state, side, __import__("random").Random(1)))
    path.write_text(path.read_text(encoding="utf-8")[:-40], encoding="utf-8")  # damaged
    app = make_app(home)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert "battle.json, is damaged; Continue offers its previous version" in screen_text(app)
        await pilot.press("c")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "A previous version of this game" in app.screen.message
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, (CurtainScreen, EvaGameScreen))
    assert app.errors == []
    assert (saves / "battle.json.damaged").exists()


@run
async def test_a_game_open_elsewhere_says_so(home: Path) -> None:  # noqa: F811
    path = home / "saves" / "battle.json"
    eva_game(path).save()
    link = home / "saves" / "link.json"
    link.symlink_to(path.name)
    app = make_app(home)
    with SaveLock(path):
        async with app.run_test(size=(100, 30)) as pilot:
            app.open_save(link)  # another name for the same file: the same lock
            await pilot.pause()
            notice = app.screen
            assert isinstance(notice, NoticeScreen)
            assert notice.notice_title == "This game is open in another window"
            assert "link.json is open in another Wartable window" in notice.message
    assert app.errors == []


@run
async def test_a_full_disk_at_the_six_chances_table_loses_nothing(
    sc_home: Path,  # noqa: F811 - the fixture imported above
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same at the Six Chances table: one notice, the game goes on, all saved after."""
    from test_tui_sixchances import make_app as sc_app
    from test_tui_sixchances import sc_game, step

    from tui.rulesets.sixchances.table import SixChancesScreen

    path = sc_home / "saves" / "sc.json"
    game = sc_game(path)
    app = sc_app(sc_home)
    notices: list[str] = []

    def full(fh: Any, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    async def play(pilot: Any, actions: int) -> None:
        start = len(game.records)
        for turn in range(600):
            if len(game.records) >= start + actions:
                return
            await pilot.pause()
            if isinstance(app.screen, NoticeScreen):
                notices.append(app.screen.message)
                await pilot.press("enter")
                continue
            assert await step(pilot, turn) != "over"
        raise AssertionError("the game did not go on")

    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(SixChancesScreen(game.seats()))
        await play(pilot, 4)
        saved = len(game.records)
        real = engine.record._write_all
        monkeypatch.setattr(engine.record, "_write_all", full)
        await play(pilot, 4)
        assert len(Game.load(path).records) == saved and len(game.records) >= saved + 4
        assert len(notices) == 1 and "No space left on device" in notices[0]
        monkeypatch.setattr(engine.record, "_write_all", real)
        await play(pilot, 1)
        assert game.save_error is None and len(Game.load(path).records) == len(game.records)
        assert len(notices) == 1
    assert app.errors == []


@run
async def test_markup_names_at_the_six_chances_table_are_text_to_the_end(
    sc_home: Path,  # noqa: F811 - the fixture imported above
) -> None:
    """Names that are Textual/Rich markup (a link, a closing tag with nothing to close)
    are shown as written on every Six Chances screen of a whole game: no OSC 8
    hyperlink (or any other escape) reaches the terminal, no screen breaks."""
    from test_tui_sixchances import make_app as sc_app
    from test_tui_sixchances import sc_game, step

    from tui.rulesets.sixchances.table import SixChancesScreen

    game = sc_game(sc_home / "saves" / "markup.json")
    game.players[:] = ["[link='http://e.vl']Ann[/]", "[/]"]
    app = sc_app(sc_home)
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(SixChancesScreen(game.seats()))
        seen = set()
        for turn in range(1500):
            await pilot.pause()
            _clean(app, f"{type(app.screen).__name__} at step {turn}")
            seen.add(type(app.screen).__name__)
            if await step(pilot, turn) == "over":
                break
        else:
            raise AssertionError("the game did not end")
        assert "[/]" in screen_text(app)
        assert {"CurtainScreen", "SixChancesScreen", "GameOverScreen"} <= seen
    assert app.errors == []
