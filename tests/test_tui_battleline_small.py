"""Battleline's game screen at 80x24 with three mechs: the mechs panel is reached by
Tab and scrolled to its last line, the highlighted row's whole explanation can be
read, and the order sheet shows when rows are hidden below (BL-4.2, BL-19)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from terminal_check import screen_text
from test_tui_battleline import SEED, bl_home, make_app, run, settle  # noqa: F401 - bl_home is a fixture

from engine.dice import seed_only
from engine.game import Game
from engine.rulesets.battleline import RULESET, scenario
from engine.rulesets.battleline.roster import sample_mech
from tui.rulesets.battleline.panels import panel_text
from tui.rulesets.battleline.screen import BattlelineScreen


def open_battle(app: Any, game: Game, viewer: int = 0) -> BattlelineScreen:
    """The game screen on ``game``, seat ``viewer`` at the terminal (no curtain)."""
    screen = BattlelineScreen(game.seats(), viewer=viewer, curtain=False)
    app.push_screen(screen)
    return screen


def three_mechs() -> Game:
    """Kestrel, Bulwark and Hornet, nothing played yet."""
    mechs = [sample_mech(n) for n in ("Kestrel", "Bulwark", "Hornet")]
    return Game(RULESET, scenario.battle(mechs), seed=SEED, players=("Ann", "Bob", "Cy"), entropy=seed_only)


def side(app: Any) -> str:
    """The text of the side panel (the right half of the middle, beside the sheet) as it
    is now, its borders gone and every run of spaces made one."""
    screen = app.screen
    box = screen.query_one("#bl-side").region
    lines = screen_text(app).splitlines()[box.y : box.bottom]
    text = " ".join(line[box.x : box.right] for line in lines)
    for ch in "│║╭╮╰╯─═╔╗╚╝":
        text = text.replace(ch, " ")
    return " ".join(text.split())


def test_at_80x24_tab_reaches_the_mech_panel_and_every_line_of_it_can_be_read(
    bl_home: Path,  # noqa: F811 - the fixture imported above
) -> None:
    """BL-19.6: at 80x24 the mechs panel (``m``) is taller than its room; Tab gives it
    the keys (the footer says how it scrolls), Down and End scroll it, and its last
    line (the viewer's jump jets, the other mechs) comes into view."""
    game = three_mechs()

    async def go() -> None:
        app = make_app(bl_home)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = open_battle(app, game)
            await settle(pilot)
            await pilot.press("m")
            await settle(pilot)
            lines = [line for line in panel_text(screen.view()).plain.splitlines() if line.strip()]
            last = " ".join(lines[-1].split())
            assert last not in side(app)
            await pilot.press("tab")
            await settle(pilot)
            mech = screen.query_one("#bl-mech")
            assert screen.focused is mech
            assert "Scroll" in screen_text(app).splitlines()[-1]
            await pilot.press("down")
            await settle(pilot)
            assert mech.scroll_y == 1
            await pilot.press("end")
            await settle(pilot)
            assert mech.scroll_y == mech.max_scroll_y > 0
            assert last in side(app)
            await pilot.press("escape")
            await settle(pilot)
            assert screen.focused is screen.sheet.rows and app.screen is screen
            assert app.errors == []

    run(go())


def test_at_80x24_a_long_explanation_ends_with_an_ellipsis_and_i_shows_it_whole(
    bl_home: Path,  # noqa: F811 - the fixture imported above
) -> None:
    """BL-6.1, BL-6.2: the Toward row's explanation is longer than the three lines
    beside the sheet; they end with an ellipsis, the footer offers ``i``, and ``i``
    shows the whole sentence (down to BL-6.2) in a window; the order sheet keeps its
    rows (nine of ten in view)."""
    from tui.screens.dialogs import NoticeScreen

    game = three_mechs()

    async def go() -> None:
        app = make_app(bl_home)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = open_battle(app, game)
            await settle(pilot)
            await pilot.press("down")
            await settle(pilot)
            assert screen.sheet.row == "heading"
            assert screen.sheet.rows.size.height >= 9
            box = screen.query_one("#bl-side-detail")
            lines = screen_text(app).splitlines()[box.region.y : box.region.bottom]
            inside = [line[box.region.x : box.region.right] for line in lines][1:-1]
            assert len(inside) == 3 and inside[-1].rstrip(" │").endswith("\u2026")
            assert "Read all" in screen_text(app).splitlines()[-1]
            await pilot.press("i")
            await settle(pilot)
            assert isinstance(app.screen, NoticeScreen)
            assert app.screen.message.endswith(
                "you may attack only those you do not move away from (BL-6.2). Attackable: 2 Bulwark, 3 Hornet."
            )
            await pilot.press("escape")
            await settle(pilot)
            assert app.screen is screen
            await pilot.press("up")
            await settle(pilot)
            assert "Read all" not in screen_text(app).splitlines()[-1]
            assert app.errors == []

    run(go())
