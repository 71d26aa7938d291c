"""The EVA battle screen at 80 columns, in English and Russian: the top line (the
square under the cursor never cut, an Eva on it named), the prompt and legend for
costs written as letters, the curtain before the first Eva is placed and none
between placements (nothing private is on screen), and the weapon kept after an
arms trauma named by the item (EVA-9.7)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from battle_support import auto_play, battle_screen, eva_game, first_side, open_screen, pending_game
from rich.cells import cell_len
from test_tui_app import home, make_app, run  # noqa: F401 - home is a fixture

from engine.game import Game
from tui.kit.curtain import CurtainScreen
from tui.kit.dialogs import DecisionDialog
from tui.rulesets.eva.battle import EvaGameScreen
from tui.rulesets.eva.board import square_name


async def _open(app: Any, pilot: Any, game: Game, curtain: bool = False) -> EvaGameScreen:
    return await open_screen(app, pilot, game, curtain)


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
        ("en", "Round 2/3 · Asuka: activate an Eva", "K7 open ground · A Eva-01 "),
        ("ru", "Тур 2/3 · Asuka: выбор Евы для хода", "K7 без препятствий · A Eva-01 "),
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
        assert _line(screen, "#kit-status") == status
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
            assert cell_len(_line(screen, "#kit-status")) + 2 + cell_len(text) <= 80
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
        status = _line(screen, "#kit-status")
        assert "выбор Евы для хода" not in status and status.startswith("Тур 2/3 · ")
        screen.board.move_cursor(6 * 20 + 10)  # K7
        await pilot.pause()
        assert _line(screen, "#battle-cursor") == "K7 без препятствий · A Eva-01 "
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
        assert _line(screen, "#kit-hint") == hint
        assert ("7 a", legend) in screen.legend_rows()
    assert app.errors == []


@pytest.mark.parametrize(
    ("language", "first", "battle"),
    [
        ("en", "Place your first Eva.", "Choose an Eva to activate."),
        ("ru", "Выставьте первую Еву.", "Выберите Еву, которая будет ходить."),
    ],
)
@run
async def test_the_curtain_asks_for_the_first_eva_and_none_comes_between_placements(
    home: Path,  # noqa: F811
    language: str,
    first: str,
    battle: str,
) -> None:
    """EVA-5.2, EVA-18.5: before a player's first Eva is placed the curtain asks for it;
    placing an Eva reveals nothing the other side may not see, so the terminal passes
    between placements without a curtain (the screen then shows only public values);
    the first activation, where armour and energy show, is curtained again."""
    game = auto_play(eva_game(), until=lambda g: g.options(first_side(g)).kind == "deploy")
    app = make_app(home, language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot, game, curtain=True)
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.task_text.endswith(" " + first)
        await pilot.press("enter")
        await pilot.pause()
        placed = 0
        while game.options(first_side(game)).kind == "deploy":
            assert app.screen is screen, type(app.screen).__name__
            assert screen.viewer == first_side(game) and screen.public_only()
            await pilot.press("enter")  # place the Eva
            await pilot.pause()
            placed += 1
        assert placed == sum(1 for u in game.view(None).units)
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.task_text == battle
        assert battle_screen(app) is screen
    assert app.errors == []


@pytest.mark.parametrize(
    ("language", "labels", "keep"),
    [
        ("en", ["Pallet Rifle", "Pallet Pistol"], ["A keep rifle", "A keep pistol"]),
        ("ru", ["Паллетная винтовка", "Паллетный пистолет"], ["A оставить винтовка", "A оставить пистолет"]),
    ],
)
@run
async def test_eva_9_7_the_weapon_kept_is_chosen_by_its_name(
    home: Path,  # noqa: F811
    language: str,
    labels: list[str],
    keep: list[str],
) -> None:
    """EVA-9.7 / EVA-11.x: after an arms trauma the dialog lists the weapons by their
    names, the order that keeps each after it (in the interface language's words)."""
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
        assert isinstance(dialog, DecisionDialog)
        assert [c.label for c in dialog.decision.choices] == labels
        assert [c.notation for c in dialog.decision.choices] == keep
        assert [str(label).split("\n")[0] for _c, label in dialog.choices] == [
            f"{t}  {k}" for t, k in zip(labels, keep, strict=True)
        ]
    assert app.errors == []
