"""The kit (tui/kit) knows no system: a race that lives only in the tests
(``tests/kit_race.py``) is played through the kit's screens from the new game
screen to the result, with the curtain and its news, a decision put to the other
seat, the log, the command line, undo, a save and a resume.
"""

from __future__ import annotations

import asyncio
from fractions import Fraction
from pathlib import Path
from typing import Any

import kit_race
import pytest
from rich.text import Text
from textual.widgets import Input

from engine import ruleset as registry
from engine.game import Game
from engine.i18n import set_language
from tui import rulesets as ui_registry
from tui.kit.board import SquareLayout
from tui.kit.command import NotationSuggester
from tui.kit.curtain import CurtainScreen
from tui.kit.dialogs import DecisionDialog
from tui.kit.log import EventLog, FullLogScreen
from tui.kit.odds import format_odds
from tui.kit.over import GameOverScreen
from tui.kit.screen import GameScreen
from tui.screens import new_game
from tui.screens.dialogs import ConfirmScreen
from tui.screens.title import TitleScreen


@pytest.fixture
def race_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A temporary home where the only system is the race, its interface the tiny one in
    ``kit_race`` and its dice keyed by a fixed seed alone (the same game every run)."""
    import time

    import engine.game

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    monkeypatch.setitem(registry._cache, "race", kit_race.RULESET)
    monkeypatch.setattr(registry, "available", lambda: ["race"])

    def ui_for(key: str) -> Any:
        return kit_race if key == "race" else None

    monkeypatch.setattr(ui_registry, "ui_for", ui_for)
    monkeypatch.setattr(new_game, "ui_for", ui_for)
    monkeypatch.setattr(engine.game, "new_seed", lambda: b"race" * 8)
    monkeypatch.setattr(engine.game, "new_entropy", lambda: None)
    (tmp_path / "saves").mkdir()
    yield tmp_path
    set_language("en")
    monkeypatch.undo()
    time.tzset()


def _race_app(home: Path) -> Any:
    from tui.app import WartableApp

    return WartableApp(
        settings_file=home / "config" / "settings.json",
        saves=home / "saves",
        log_file=home / "log" / "wartable.log",
        language="en",
        systems=lambda: ["race"],
    )


async def _settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.pause()


async def _lift(pilot: Any, player: str) -> CurtainScreen:
    """The curtain is up for ``player``; lift it."""
    await _settle(pilot)
    curtain = pilot.app.screen
    assert isinstance(curtain, CurtainScreen), type(curtain)
    assert curtain.player == player
    await pilot.press("enter")
    await _settle(pilot)
    return curtain


async def _order(pilot: Any, text: str) -> None:
    """Type ``text`` on the command line and send it."""
    await pilot.press("colon")
    await pilot.pause()
    command = pilot.app.screen.query_one("#kit-command", Input)
    assert pilot.app.screen.focused is command
    command.value = text
    await pilot.press("enter")
    await _settle(pilot)


def _race(app: Any) -> kit_race.RaceScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, kit_race.RaceScreen))


def test_a_race_is_played_through_the_kit_from_new_game_to_result_with_a_resume(race_home: Path) -> None:
    """New game → curtain → orders typed → curtain with the public news only → a
    decision put to the other seat → undo → leave, Continue (resume from the save) →
    the result and the whole log."""

    async def run() -> None:
        app = _race_app(race_home)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("n")
            await _settle(pilot)
            await pilot.press("ctrl+s")
            await _settle(pilot)
            await _lift(pilot, "Player 1")
            screen = _race(app)
            assert screen.viewer == 0
            # a step is typed on the command line, completed from the seat's legal actions
            assert screen.completions()[:2] == ["step", "roll"]
            await _order(pilot, "step")
            curtain = await _lift(pilot, "Player 2")
            assert [str(line) for line in curtain.news] == ["Runner 1 moves to cell 1."]
            # Player 2 steps onto Player 1's cell: undo it first, then again
            await _order(pilot, "step")
            assert isinstance(app.screen, CurtainScreen)  # the decision is Player 1's
            await pilot.press("escape")  # to the main menu: the game is saved
            await _settle(pilot)
            assert isinstance(app.screen, TitleScreen)
            await pilot.press("c")  # continue: the game is read back from its save
            await _settle(pilot)
            await _lift(pilot, "Player 1")
            assert isinstance(app.screen, DecisionDialog)
            assert app.screen.decision.prompt == "The other runner landed on your cell."
            await pilot.press("enter")  # give way (the default)
            await _settle(pilot)
            screen = _race(app)
            assert list(screen.seat.view().cells) == [0, 1]
            assert screen.viewer == 0  # the turn goes on to the one who did not move last
            log = screen.query_one(EventLog)
            assert [t.plain for t in log.texts][-2:] == ["Runner 2 moves to cell 1.", "Runner 1 gives way."]
            # a roll is public, the feeling private: Player 2 never reads Player 1's
            await _order(pilot, "roll")
            seats = _race(app).seats
            assert seats[0].log()[-1].text.startswith("You felt")  # Player 1's own news
            assert not any("felt" in e.text for e in seats[1].log())
            curtain = await _lift(pilot, "Player 2")
            assert any("rolls" in str(line) for line in curtain.news)
            assert not any("felt" in str(line) for line in curtain.news)
            if isinstance(app.screen, DecisionDialog):  # the roll landed on Player 2's cell
                await pilot.press("enter")
                await _settle(pilot)
            assert _race(app).viewer == 1
            # Player 2 concedes: asked first, then the result
            await pilot.press("C")
            await _settle(pilot)
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("y")
            await _settle(pilot)
            over = app.screen
            assert isinstance(over, GameOverScreen)
            assert over.headline == "Player 1 wins!"
            assert "RACE-3" in str(over.lines[0])
            await pilot.press("l")
            await _settle(pilot)
            assert isinstance(app.screen, FullLogScreen)
            assert "Runner 1 moves to cell 1." in [t.plain for t in app.screen.lines]
            assert app.errors == []

    asyncio.run(run())


def test_undo_takes_back_a_step_and_the_curtain_is_not_shown_again(race_home: Path) -> None:
    """u undoes the viewer's last action when no die was rolled (the shared undo key)."""
    game = Game(kit_race.RULESET, kit_race.RaceSetup(), players=("Ann", "Bo"))

    async def run() -> None:
        app = _race_app(race_home)
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(kit_race.RaceScreen(game.seats(), viewer=0, curtain=False))
            await _settle(pilot)
            screen = _race(app)
            await _order(pilot, "step")
            assert game.state.cells == [1, 0]
            # Player 2 acts now (no curtain in this test): Player 1 cannot undo from there
            assert screen.viewer == 1
            screen.viewer = 0
            screen.refresh_all()
            await pilot.press("u")
            await _settle(pilot)
            assert game.state.cells == [0, 0]
            assert screen.viewer == 0
            await pilot.press("u")  # nothing left to undo: said on the hint line
            await _settle(pilot)
            assert "Nothing to undo" in screen.message
            assert app.errors == []

    asyncio.run(run())


def test_a_refused_order_is_told_on_the_hint_line_and_nothing_changes(race_home: Path) -> None:
    game = Game(kit_race.RULESET, kit_race.RaceSetup(), players=("Ann", "Bo"))

    async def run() -> None:
        app = _race_app(race_home)
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(kit_race.RaceScreen(game.seats(), viewer=0, curtain=False))
            await _settle(pilot)
            await _order(pilot, "fly")
            screen = _race(app)
            assert "not an order of the race" in screen.message
            assert game.records == []
            await pilot.press("escape")  # leaves the command line and drops the refusal
            await pilot.pause()
            assert screen.message == ""
            assert not isinstance(screen.focused, Input)

    asyncio.run(run())


def test_the_log_keeps_its_place_when_scrolled_back_during_play(race_home: Path) -> None:
    game = Game(kit_race.RULESET, kit_race.RaceSetup(), players=("Ann", "Bo"))

    async def run() -> None:
        app = _race_app(race_home)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = kit_race.RaceScreen(game.seats(), viewer=0, curtain=False)
            app.push_screen(screen)
            await _settle(pilot)
            log = screen.query_one(EventLog)
            log.add([Text(f"line {n}") for n in range(60)])
            await _settle(pilot)
            assert log.at_end
            await pilot.press("pageup")
            await _settle(pilot)
            held = log.scroll_y
            assert not log.at_end
            log.add([Text("newer")])
            await _settle(pilot)
            assert log.scroll_y == held  # still where the player was reading
            log.scroll_end(animate=False, immediate=True)
            await _settle(pilot)
            log.add([Text("newest")])
            await _settle(pilot)
            assert log.at_end

    asyncio.run(run())


def test_the_board_base_maps_clicks_to_cells_and_repaints_only_what_changed(race_home: Path) -> None:
    game = Game(kit_race.RULESET, kit_race.RaceSetup(), players=("Ann", "Bo"))

    async def run() -> None:
        app = _race_app(race_home)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = kit_race.RaceScreen(game.seats(), viewer=0, curtain=False)
            app.push_screen(screen)
            await _settle(pilot)
            track = screen.query_one(kit_race.Track)
            # cell 4 is drawn at columns 12-14 of the only line
            assert track.cell_at(13, 0) == 4
            assert track.cell_at(30, 0) is None
            built = track.lines_built
            track.move_cursor(5)
            await _settle(pilot)
            assert track.cursor == 5
            assert track.lines_built - built == 1  # one line, built once for both cells
            await pilot.click(kit_race.Track, offset=(22, 0))
            await _settle(pilot)
            assert track.cursor == 7

    asyncio.run(run())


def test_square_layout_puts_row_one_at_the_bottom_and_steps_on_the_screen() -> None:
    layout = SquareLayout(20, 30, cell_width=2, left=3, top=1, right=3, bottom=1)
    assert (layout.size.width, layout.size.height) == (46, 32)
    assert layout.box(0).x == 3 and layout.box(0).y == 30  # A1: bottom left
    assert layout.box(599).y == 1  # T30 at the top
    assert layout.cell_at(3, 30) == 0 and layout.cell_at(4, 30) == 0 and layout.cell_at(5, 30) == 1
    assert layout.cell_at(2, 30) is None
    assert layout.step(0, 0, -1) == 20  # up the screen: one row north
    assert layout.step(0, -1, 1) == 0  # stays on the board
    assert [c for _x, _w, c in layout.cells_on_line(1)][:2] == [580, 581]


def test_odds_are_written_one_way_by_language() -> None:
    """Whole when exact, else one decimal; a decimal comma in Russian."""
    try:
        assert format_odds(Fraction(1, 2)) == "50%"
        assert format_odds(Fraction(7, 12)) == "58.3%"
        assert format_odds(1) == "100%"
        set_language("ru")
        assert format_odds(Fraction(7, 12)) == "58,3%"
    finally:
        set_language("en")


def test_completion_offers_the_first_legal_order_that_starts_with_the_text() -> None:
    suggester = NotationSuggester(lambda: ["step", "roll", "give way"])

    async def run() -> None:
        assert await suggester.get_suggestion("ro") == "roll"
        assert await suggester.get_suggestion("GIVE") == "GIVE way"
        assert await suggester.get_suggestion("x") is None

    asyncio.run(run())


def test_the_kit_names_no_system() -> None:
    """Nothing under tui/kit imports a system's package or names one."""
    root = Path(__file__).resolve().parent.parent / "tui" / "kit"
    text = "\n".join(p.read_text(encoding="utf-8") for p in root.glob("*.py"))
    for key in registry.available():
        assert f"rulesets.{key}" not in text and f"rulesets/{key}" not in text, key
    assert issubclass(kit_race.RaceScreen, GameScreen)


def test_names_that_look_like_markup_are_shown_as_written_on_every_kit_screen(race_home: Path) -> None:
    """A player's name is text from outside: markup in it (a link, a closing tag with
    nothing to close) is neither obeyed (no OSC 8 hyperlink reaches the terminal) nor
    breaks a screen: the curtain, its button, the game, the help, the concession and
    the result show it as written."""
    from terminal_check import raw_controls, screen_output, screen_text

    names = ("[link='http://e.vl']Ann[/]", "[/]")
    game = Game(kit_race.RULESET, kit_race.RaceSetup(), players=names)

    def clean(app: Any, where: str) -> str:
        assert raw_controls(screen_output(app), own_sequences=True) == [], where
        return screen_text(app)

    async def run() -> None:
        app = _race_app(race_home)
        async with app.run_test(size=(100, 30)) as pilot:
            app.push_screen(kit_race.RaceScreen(game.seats()))
            await _settle(pilot)
            assert names[0] in clean(app, "curtain")
            await pilot.press("enter")
            await _settle(pilot)
            assert names[0] in clean(app, "game")
            await pilot.press("question_mark")
            await _settle(pilot)
            clean(app, "help")
            await pilot.press("escape")
            await _settle(pilot)
            await pilot.press("C")
            await _settle(pilot)
            assert names[0] in clean(app, "concession")
            await pilot.press("y")
            await _settle(pilot)
            assert isinstance(app.screen, GameOverScreen)
            assert f"{names[1]} wins!" in clean(app, "result")
            assert app.errors == []

    asyncio.run(run())
