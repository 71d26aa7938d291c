"""The EVA battle screen driven as players would (Textual's pilot).

A whole seeded game is played through the screen by two players at one
terminal: deployment, activations, moves typed on the command line, shots and
melee chosen with keys, until one side wins; half-way the app is closed, a new
one loads the autosave and the game goes on exactly where it stopped.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from battle_support import TestPlayer, battle_screen, eva_game
from test_tui_app import home, make_app, run  # noqa: F401 - home is a fixture

from engine.game import Game
from tui.rulesets.eva.battle import EvaGameScreen
from tui.rulesets.eva.dialogs import CurtainScreen, GameOverScreen


async def _open(app: Any, pilot: Any, game: Game, curtain: bool = True) -> EvaGameScreen:
    screen = EvaGameScreen(game, curtain=curtain)
    app.push_screen(screen)
    await pilot.pause()
    return screen


@run
async def test_eva_whole_game_through_the_screen_with_a_save_and_resume_half_way(
    home: Path,  # noqa: F811 - the fixture imported above
) -> None:
    path = home / "saves" / "battle.json"
    game = eva_game(path)
    app = make_app(home)
    half = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot, game)
        player = TestPlayer(pilot)
        while battle_screen(app).view is None or battle_screen(app).view.round < 2:
            assert await player.step()
        half = len(game.records)
        assert app.errors == []
    # a new app: Continue loads the latest save and the game goes on from there
    assert Game.load(path).records[-1].text == game.records[-1].text
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, (CurtainScreen, EvaGameScreen))
        screen = battle_screen(app)
        assert len(screen.game.records) == half
        player = TestPlayer(pilot)
        for _ in range(2000):
            if not await player.step():
                break
        assert isinstance(app.screen, GameOverScreen)
        result = screen.game.result()
        assert result is not None and result.winner is not None
        headline = str(app.screen.query_one("#over-headline").render())
        assert "wins" in headline
        await pilot.press("enter")
        await pilot.pause()
        assert not any(isinstance(s, (EvaGameScreen, GameOverScreen)) for s in app.screen_stack)
        assert app.errors == []
    assert Game.load(path).result() == result
