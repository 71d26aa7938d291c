"""Going Ballistic's screens driven as players would (Textual's pilot).

A seeded battle is played through the screens to its end: curtains between the
players, an overwatch declared with its sector (GB-11.1, GB-11.2), an arc shot aimed
on the board with its scatter shown (GB-12), the overwatch decision put to the
watching side behind the curtain (GB-11.4), the shell's landing (GB-12.6), the end
at the turn limit (GB-16.2). A new battle is set up on the new game screen; a game
is left and continued from its save; nothing the fog of war hides reaches a seat's
screen (GB-5.7). The test's policy only presses keys and clicks; every figure on
screen comes from the engine.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from engine import ruleset as registry
from engine.dice import seed_only
from engine.game import Game
from engine.i18n import current_language, set_language
from engine.rulesets.ballistic import events as ev
from engine.rulesets.ballistic.roster import Roster, entry_from_loadout
from engine.rulesets.ballistic.scenario import map_with
from engine.rulesets.ballistic.state import Placement, Setup
from tui.app import WartableApp
from tui.kit.curtain import CurtainScreen
from tui.kit.dialogs import ChoiceDialog, DecisionDialog
from tui.kit.over import GameOverScreen
from tui.rulesets.ballistic.board import HexBoard
from tui.rulesets.ballistic.screen import BallisticScreen

SYSTEMS = ["ballistic", "eva"]
#: Seed 12 rolls the initiative of turn 1 as Warden-1, Bastion-1 (Blue), Hare-1, Jackal-1 (Red).
SEED = bytes([12]) * 32
#: A three-level building at 0704–0706 hides the Red Hare at 0905 from the Blue Warden.
CELLS = {"0704": "0#3", "0705": "0#3", "0706": "0#3"}


def run(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async test in its own event loop."""

    @functools.wraps(test)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return wrapper


@pytest.fixture
def gb_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A temporary home with Going Ballistic among the systems, UTC clock, English."""
    import time

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TZ", "UTC")
    monkeypatch.delenv("NO_COLOR", raising=False)
    time.tzset()
    monkeypatch.setattr(registry, "available", lambda: list(SYSTEMS))
    (tmp_path / "saves").mkdir()
    before = current_language()
    yield tmp_path
    set_language(before)
    monkeypatch.undo()
    time.tzset()


def make_app(home: Path, language: str | None = "en", **kwargs: Any) -> WartableApp:
    """The app with every file inside ``home``."""
    return WartableApp(
        settings_file=home / "config" / "settings.json",
        saves=home / "saves",
        log_file=home / "log" / "wartable.log",
        language=language,
        systems=lambda: list(SYSTEMS),
        **kwargs,
    )


def skirmish_setup(*, hare: str = "0905", name: str = "Hare-1", turn_limit: int | None = 2) -> Setup:
    """Blue: Bastion-1 (Bastion-C) at 0203 and Warden-1 (Warden-M) at 0305, facing SE;
    Red: a Hare-G at ``hare`` (hidden from the Warden by the building) and Jackal-1 at
    1108, facing NW; a 12 x 9 map, open but for the building."""
    rosters = [
        Roster(
            "Blue", [entry_from_loadout("Bastion-1", "Bastion-C"), entry_from_loadout("Warden-1", "Warden-M")]
        ),
        Roster("Red", [entry_from_loadout(name, "Hare-G"), entry_from_loadout("Jackal-1", "Jackal")]),
    ]
    placements = [
        [Placement("0203", "SE"), Placement("0305", "SE")],
        [Placement(hare, "NW"), Placement("1108", "NW")],
    ]
    return Setup(map=map_with(12, 9, CELLS), rosters=rosters, placements=placements, turn_limit=turn_limit)


def skirmish(path: Path | None = None, **kwargs: Any) -> Game:
    """The seeded skirmish between Ann (Blue) and Bo (Red), its rolls keyed by the seed."""
    return Game(
        registry.get("ballistic"),
        skirmish_setup(**kwargs),
        seed=SEED,
        players=("Ann", "Bo"),
        path=path,
        entropy=seed_only,
    )


def game_screen(app: Any) -> BallisticScreen:
    """The game screen (under any dialog)."""
    return next(s for s in reversed(app.screen_stack) if isinstance(s, BallisticScreen))


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.pause()


async def click_hex(pilot: Pilot[Any], name: str) -> None:
    """Click on hex ``name`` of the board (scrolled there first, as a player would)."""
    screen = game_screen(pilot.app)
    board = screen.board
    tables = screen.seat.view().map.tables
    cell = tables.index[name]
    board.keep_in_view(cell)
    await settle(pilot)
    box = board.layout_map.box(cell)
    x = box.x - int(board.scroll_offset.x) + 1
    y = box.y - int(board.scroll_offset.y)
    await pilot.click(HexBoard, offset=(x, y))
    await settle(pilot)


async def lift(pilot: Pilot[Any], player: str) -> CurtainScreen:
    """The curtain is up for ``player``; lift it."""
    await settle(pilot)
    curtain = pilot.app.screen
    assert isinstance(curtain, CurtainScreen), type(curtain)
    assert curtain.player == player
    await pilot.press("enter")
    await settle(pilot)
    return curtain


def acting(app: Any) -> str:
    """The unit of the viewer that acts now ("" when none)."""
    act = game_screen(app).activation()
    return act.unit if act is not None else ""


@run
async def test_a_seeded_battle_is_played_through_the_screens_to_its_end(gb_home: Path) -> None:
    """GB-11.1 to GB-11.4, GB-12.2 to GB-12.6, GB-16.2: the Warden declares overwatch on
    SE-S (the sector marked on the board while it is chosen), the Bastion fires its
    gun-mortar in an arc at the hidden Hare's hex (aimed with a click; the scatter
    shown), the Hare steps into view in the sector: Ann decides the overwatch fire
    behind the curtain with the itemised odds, the shell lands at the start of turn
    2, and the battle ends at its turn limit."""
    game = skirmish(gb_home / "saves" / "skirmish.json")
    app = make_app(gb_home)
    async with app.run_test(size=(100, 32)) as pilot:
        app.push_screen(BallisticScreen(game.seats()))
        await lift(pilot, "Ann")
        screen = game_screen(app)
        assert acting(app) == "Warden-1"
        assert screen.cursor_hex() == "0305"  # the cursor starts on the acting unit
        # overwatch: weapon, then the sector (both marked on the board), then the order
        await pilot.press("o")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("enter")  # the 40 mm autocannon, the first
        await settle(pilot)
        assert screen.sector_choice == (1, 2)  # NE-SE and SE-S, marked 1 and 2
        index = game.state.map.tables.index
        assert screen.board.looks[index["0909"]].top.strip() == "2"  # SE-S only
        assert screen.board.looks[index["0908"]].top.strip() == "12"  # on the SE spoke: both
        await pilot.press("down", "enter")
        await settle(pilot)
        await pilot.press("enter")  # ask me at each trigger
        await settle(pilot)
        assert "Warden-1 overwatch ac40 SE-S" in [r.text for r in screen.seat.record()]
        await pilot.press("e")
        await settle(pilot)
        # the arc shot: aimed with a click on the board, the scatter in the panel, confirmed
        assert acting(app) == "Bastion-1"
        await pilot.press("a")
        await settle(pilot)
        assert screen.aiming is not None and "0905" in screen.aiming.hexes
        await click_hex(pilot, "0905")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        text = "\n".join(str(line) for line in dialog.lines)
        assert "lands at the start of turn 2" in text and "d19" in text
        await pilot.press("enter")
        await settle(pilot)
        assert screen.seat.view().projectiles[0].aim == "0905"
        await pilot.press("e")
        await settle(pilot)
        # Bo's Hare steps into view in the sector: the curtain, then Ann decides
        await lift(pilot, "Bo")
        assert acting(app) == "Hare-1"
        await click_hex(pilot, "0908")
        await lift(pilot, "Ann")
        decision = app.screen
        assert isinstance(decision, DecisionDialog)
        assert decision.decision.rule == "GB-11.4"
        context = "\n".join(str(line) for line in decision.lines)
        assert "an overwatch shot (GB-11.6)" in context and "to hit" in context
        await pilot.press("down", "down", "enter")  # fire 2 of the 3 reserved shots
        await settle(pilot)
        await lift(pilot, "Bo")
        # every unit left ends its activation, to the end of turn 2
        for _ in range(20):
            await settle(pilot)
            if isinstance(app.screen, GameOverScreen):
                break
            if isinstance(app.screen, CurtainScreen):
                await pilot.press("enter")
                continue
            assert acting(app), type(app.screen)
            await pilot.press("e")
        over = app.screen
        assert isinstance(over, GameOverScreen)
        assert "GB-16.2" in str(over.lines[0])
        assert any("Max Health destroyed" in str(line) for line in over.lines)
        assert app.errors == []
    shots = [e for e in game.events if isinstance(e, ev.ShotResolved) and e.overwatch]
    assert len([e for e in shots if e.to is None or 0 in e.to]) == 2
    assert [e.aim for e in game.events if isinstance(e, ev.ProjectileLanded)] == ["0905"]
    assert game.result() is not None
