"""A finished EVA game in the list of saves and on the title screen: who won (or a
draw) and the Evas each side has left, in English and Russian (EVA-5.11, EVA-18)."""

from __future__ import annotations

from pathlib import Path

import pytest
from battle_support import auto_play, eva_game
from test_tui_app import home, make_app, run  # noqa: F401 - home is a fixture

from engine.game import Game
from engine.i18n import current_language, set_language
from engine.record import message_from, render_message
from engine.rulesets.eva import RULESET
from tui.widgets.pointer_list import PointerList


def _finished(path: Path) -> Game:
    game = auto_play(eva_game(path))
    result = game.result()
    assert result is not None and result.winner == 1
    return game


@pytest.mark.parametrize(
    ("language", "summary"),
    [
        ("en", "Crossroads, round 3, Rei won; Evas left: 2 and 5"),
        ("ru", "Перекрёсток, тур 3, победа: Rei; Ев осталось: 2 и 5"),
    ],
)
@run
async def test_a_finished_game_names_its_winner_and_the_evas_left(
    home: Path,  # noqa: F811
    language: str,
    summary: str,
) -> None:
    game = _finished(home / "saves" / "eva.json")
    alive = [sum(1 for u in game.state.units if u.side == s and u.on_board) for s in (0, 1)]
    assert alive == [2, 5]
    app = make_app(home, language=language)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        info = str(app.screen.query_one("#title-info").render())
        assert info.endswith(f"; {summary} " + ("(окончена)" if language == "ru" else "(finished)"))
        await pilot.press("l")
        await pilot.pause()
        assert summary in app.screen.query_one("#saves", PointerList).option_text(0)
    assert app.errors == []


@pytest.mark.parametrize(
    ("language", "running", "draw"),
    [
        ("en", "Crossroads, round 1, Evas left: 3 and 5", "Crossroads, round 1, a draw; Evas left: 3 and 5"),
        ("ru", "Перекрёсток, тур 1, Ев осталось: 3 и 5", "Перекрёсток, тур 1, ничья; Ев осталось: 3 и 5"),
    ],
)
def test_the_summary_of_a_running_game_and_of_a_draw(language: str, running: str, draw: str) -> None:
    game = auto_play(eva_game(), until=lambda g: g.view(None).round >= 1 and g.options(0).kind != "deploy")
    state = game.state
    before = current_language()
    set_language(language)
    try:
        assert render_message(message_from(RULESET.summary_message(state))) == running
        state.over, state.winner = True, None
        assert render_message(message_from(RULESET.summary_message(state))) == draw
    finally:
        set_language(before)
