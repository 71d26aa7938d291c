"""The forecast before READY (TK-18.1, TK-18.2): the bases a side's orders would leave
to the enemy at the end of the phase, its headquarters among them, told by the
ruleset's preview of READY and warned about on the battle screen."""

from __future__ import annotations

import asyncio
from pathlib import Path

from test_tui_app import home  # noqa: F401 - home is a fixture
from test_tui_kingdoms import battle, make_app, settle, table, tk_home  # noqa: F401 - tk_home is a fixture

from engine.game import Game
from engine.rulesets.kingdoms import RULESET, OrderPreview
from engine.rulesets.kingdoms.actions import Ready
from engine.rulesets.kingdoms.scenario import load_bundled
from engine.rulesets.kingdoms.state import Setup
from tui.kit.over import GameOverScreen
from tui.rulesets.kingdoms.screen import KingdomsScreen
from tui.screens.dialogs import ConfirmScreen


def _fan_river() -> Game:
    return Game(RULESET, Setup(scenario=load_bundled("fan_river")), players=("Ann", "Bo"))


def test_tk_18_1_ready_forecasts_the_headquarters_left_empty_and_the_battle_is_lost_as_told() -> None:
    """TK-18.1, TK-18.2: Shu moves both regiments off B1, its headquarters, where no
    enemy stands: the preview of READY names B1 as lost and as the headquarters;
    READY then ends the battle with Wei the winner, as told."""
    game = _fan_river()
    seat = game.seats()[0]
    assert seat.preview(Ready()) == OrderPreview()  # nothing ordered: nothing lost
    seat.submit(seat.parse("S1 MOVE B1-B3"))
    preview = seat.preview(Ready())
    assert preview.lost == () and preview.hq is None  # S4 still holds B1
    seat.submit(seat.parse("S4 MOVE B1-B2-B4"))
    preview = seat.preview(Ready())
    assert preview.lost == ("B1",) and preview.hq == "B1"
    seat.submit(Ready())
    result = seat.result()
    assert result is not None and result.winner == 1


def test_tk_18_1_the_forecast_of_one_side_is_not_given_to_the_other() -> None:
    """The passive side gets no forecast (it has no orders to write): READY's preview is
    None for it, so it learns nothing of the active side's orders (TK-2.4)."""
    game = _fan_river()
    ann, bo = game.seats()
    ann.submit(ann.parse("S1 MOVE B1-B3"))
    assert bo.preview(Ready()) is None


def test_new_controller_states_tk_18_1_for_one_base() -> None:
    """TK-18.1: a controlled base passes when its controller has no regiment on it and
    an enemy has, or the controller had one at the start of the phase; a neutral base
    goes to the only side on it."""
    from engine.rulesets.kingdoms.rules.control import new_controller

    assert new_controller(0, 0b00, 0b01) == 1  # left empty
    assert new_controller(0, 0b10, 0b00) == 1  # entered by the enemy
    assert new_controller(0, 0b11, 0b01) == 0  # still held
    assert new_controller(0, 0b00, 0b00) == 0  # nobody came, nobody left
    assert new_controller(None, 0b10, 0b00) == 1
    assert new_controller(None, 0b11, 0b00) is None


def test_tk_18_1_the_battle_screen_asks_before_a_ready_that_loses_the_headquarters(tk_home: Path) -> None:  # noqa: F811
    """TK-18.1, TK-18.2 on the screen: with both regiments ordered off B1, `r` asks first
    (the headquarters named, the safe answer "Keep writing"); `n` keeps the orders open,
    `y` declares READY and the battle is lost as told."""

    async def run() -> None:
        game = battle()
        ann = game.seats()[0]
        ann.submit(ann.parse("S1 MOVE B1-B3"))
        ann.submit(ann.parse("S4 MOVE B1-B2-B4"))
        app = make_app(tk_home)
        async with app.run_test(size=(100, 32)) as pilot:
            app.push_screen(KingdomsScreen(game.seats(), viewer=0, curtain=False))
            await settle(pilot)
            await pilot.press("r")
            await settle(pilot)
            ask = app.screen
            assert isinstance(ask, ConfirmScreen)
            assert "B1 is your headquarters: losing it loses the battle (TK-18.2)." in ask.message
            await pilot.press("n")
            await settle(pilot)
            assert game.result() is None and table(app).viewer == 0
            await pilot.press("r")
            await settle(pilot)
            await pilot.press("y")
            await settle(pilot)
            assert isinstance(app.screen, GameOverScreen)
            assert game.result() is not None and game.result().winner == 1

    asyncio.run(run())
