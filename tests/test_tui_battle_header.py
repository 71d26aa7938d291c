"""The EVA battle screen at 80 columns, in English and Russian: the top line (the
square under the cursor never cut, an Eva on it named), the prompt and legend for
costs written as letters, the curtain before the first Eva is placed, and the
weapon kept after an arms trauma named by the item (EVA-9.7)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from battle_support import auto_play, battle_screen, eva_game, first_side, pending_game
from rich.cells import cell_len
from test_tui_app import home, make_app, run  # noqa: F401 - home is a fixture

from engine.game import Game
from tui.rulesets.eva.battle import EvaGameScreen
from tui.rulesets.eva.board import square_name
from tui.rulesets.eva.dialogs import ChoiceDialog, CurtainScreen


async def _open(app: Any, pilot: Any, game: Game, curtain: bool = False) -> EvaGameScreen:
    screen = EvaGameScreen(game, curtain=curtain)
    app.push_screen(screen)
    await pilot.pause()
    return screen


def _line(screen: EvaGameScreen, selector: str) -> str:
    return str(screen.query_one(selector).render())


def _activating(game: Game) -> bool:
    return game.options(first_side(game)).kind == "activate" and game.view(None).round >= 2


def _acting(game: Game) -> bool:
    o = game.options(first_side(game))
    return o.kind == "act" and any(m.cost >= 10 for m in o.moves)


@pytest.mark.parametrize(
    ("language", "status", "open_eva"),
    [
        ("en", "Round 2/3 · Asuka: activate an Eva", "K7 open ground · 1 Eva-01 "),
        ("ru", "Тур 2/3 · Asuka: выбор Евы для хода", "K7 без препятствий · 1 Eva-01 "),
    ],
)
@run
async def test_the_top_line_names_the_eva_under_the_cursor_and_fits_80_columns(
    home: Path,  # noqa: F811
    language: str,
    status: str,
    open_eva: str,
) -> None:
    """An Eva on open ground: the square is "open ground", not a free square, with the
    Eva named; on every square the whole text is shown (the part of the line it has
    is as wide as the text) and the top line fits the 80 columns."""
    game = auto_play(eva_game(), until=_activating)
    app = make_app(home, language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot, game)
        assert _line(screen, "#battle-status") == status
        view = screen.view
        assert view is not None
        for u in view.units:
            if u.square < 0 or u.destroyed:
                continue
            screen.board.move_cursor(u.square)
            await pilot.pause()
            text = _line(screen, "#battle-cursor")
            assert text.startswith(square_name(u.square) + " ") and f" {u.name} " in text
            if square_name(u.square) == "K7":
                assert text == open_eva
        for square in range(600):
            screen.board.move_cursor(square)
            text = _line(screen, "#battle-cursor")
            cursor = screen.query_one("#battle-cursor")
            assert cell_len(text) <= cursor.styles.width.value
            assert cell_len(_line(screen, "#battle-status")) + 2 + cell_len(text) <= 80
    assert app.errors == []


@run
async def test_a_long_name_drops_what_the_player_does_before_the_square(home: Path) -> None:  # noqa: F811
    """When the line is too long, "activate an Eva" goes first (the prompt line says
    it); the square and its Eva stay."""
    game = auto_play(eva_game(), until=_activating)
    game.players = ("Asuka Langley Soryu the Second", "Rei")
    app = make_app(home, "ru")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot, game)
        status = _line(screen, "#battle-status")
        assert "выбор Евы для хода" not in status and status.startswith("Тур 2/3 · ")
        screen.board.move_cursor(6 * 20 + 10)  # K7
        await pilot.pause()
        assert _line(screen, "#battle-cursor") == "K7 без препятствий · 1 Eva-01 "
    assert app.errors == []


@pytest.mark.parametrize(
    ("language", "hint", "legend"),
    [
        (
            "en",
            "Numbers: energy for the path (a = 10, b = 11…); Enter or click moves; e ends.",
            "energy to move to that square; 10 and more as letters: a = 10, b = 11, c = 12…",
        ),
        (
            "ru",
            "Числа — энергия на путь (a = 10, b = 11…); Enter — идти, e — конец хода.",
            "энергия на путь до этой клетки; 10 и больше — буквами: a = 10, b = 11, c = 12…",
        ),
    ],
)
@run
async def test_costs_of_ten_and_more_are_explained_as_letters(
    home: Path,  # noqa: F811
    language: str,
    hint: str,
    legend: str,
) -> None:
    """Two-cell squares write a cost of 10 as a, 11 as b...: the prompt line and the
    help's legend say so."""
    game = auto_play(eva_game(), until=_acting)
    app = make_app(home, language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot, game)
        assert _line(screen, "#battle-hint") == hint
        assert ("7 a", legend) in screen.legend()
    assert app.errors == []


@pytest.mark.parametrize(
    ("language", "first", "next_"),
    [
        ("en", "Place your first Eva.", "Place your next Eva."),
        ("ru", "Выставьте первую Еву.", "Выставьте следующую Еву."),
    ],
)
@run
async def test_the_curtain_asks_for_the_first_eva_then_the_next(
    home: Path,  # noqa: F811
    language: str,
    first: str,
    next_: str,
) -> None:
    """EVA-5.2: before a player's first Eva is placed the curtain asks for the first
    one, afterwards for the next."""
    game = auto_play(eva_game(), until=lambda g: g.options(first_side(g)).kind == "deploy")
    app = make_app(home, language)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot, game, curtain=True)
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.why.endswith(" " + first)
        # this player places an Eva; the other player's curtain asks for their first one
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.why == first
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.why == next_
        assert battle_screen(app).game is game
    assert app.errors == []


@pytest.mark.parametrize(
    ("language", "labels"),
    [
        ("en", ["Pallet Rifle  rifle", "Pallet Pistol  pistol"]),
        ("ru", ["Паллетная винтовка  rifle", "Паллетный пистолет  pistol"]),
    ],
)
@run
async def test_eva_9_7_the_weapon_kept_is_chosen_by_its_name(
    home: Path,  # noqa: F811
    language: str,
    labels: list[str],
) -> None:
    """EVA-9.7 / EVA-11.x: after an arms trauma the dialog lists the weapons by their
    names, the notation word after each."""
    game = pending_game()
    app = make_app(home, language)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot, game, curtain=True)
        await pilot.press("enter")  # Player 2's curtain
        await pilot.pause()
        await pilot.press("up", "enter")  # arms
        await pilot.pause()
        await pilot.press("enter")  # Player 1's curtain
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert [str(label) for _c, label in dialog.choices] == labels
        assert [c for c, _label in dialog.choices] == ["rifle", "pistol"]
    assert app.errors == []
