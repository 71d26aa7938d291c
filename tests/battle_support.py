"""Helpers for the EVA battle screen tests: example rosters, a seeded game, and a
player that drives the screen with keys and the command line.

The player's choices (which Eva, which square) are a test's policy, made from
the side's options as a person would read them off the screen; the screen
itself never computes a rule.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input

from engine.game import Game
from engine.rulesets.eva.roster import Roster, decode_roster
from engine.rulesets.eva.scenario import load_bundled
from engine.rulesets.eva.state import EvaSetup
from tui.rulesets.eva.battle import EvaGameScreen
from tui.rulesets.eva.board import square_name
from tui.rulesets.eva.dialogs import ChoiceDialog, CurtainScreen, GameOverScreen

W = 20
SEED = b"\x01" * 32


def example_roster(name: str) -> Roster:
    """A shipped example roster (``engine/rulesets/eva/rosters/<name>.json``)."""
    folder = resources.files("engine.rulesets.eva") / "rosters"
    data = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
    return decode_roster(json.dumps(data["roster"]).encode())


def eva_game(
    path: Path | None = None,
    *,
    rosters: tuple[str, str] = ("nerv-first-squad", "mass-production"),
    map_key: str = "crossroads",
    round_limit: int | None = 3,
    seed: bytes = SEED,
) -> Game:
    """A new seeded EVA game between Asuka and Rei (autosaved to ``path`` if given)."""
    setup = EvaSetup(
        map=load_bundled(map_key),
        rosters=[example_roster(rosters[0]), example_roster(rosters[1])],
        round_limit=round_limit,
    )
    return Game.new("eva", setup, seed=seed, players=("Asuka", "Rei"), path=path)


def d2(a: int, b: int) -> int:
    """Squared distance between two squares (the test player's own yardstick)."""
    return (a % W - b % W) ** 2 + (a // W - b // W) ** 2


def battle_screen(app: Any) -> EvaGameScreen:
    """The battle screen on the app's stack."""
    return next(s for s in app.screen_stack if isinstance(s, EvaGameScreen))


class TestPlayer:
    """Plays both sides through the screen: Enter for curtains, dialogs (their
    default), deployment and activation; ``f``/``m`` and Enter to attack; the
    command line to move; ``e`` to end. ``moved``: the active Eva has moved."""

    __test__ = False

    def __init__(self, pilot: Pilot[Any]) -> None:
        self.pilot = pilot
        self.moved: set[tuple[int, int]] = set()
        self.actions = 0

    async def step(self) -> bool:
        """Do one thing on the screen on top; False once the game-over screen shows."""
        app = self.pilot.app
        top = app.screen
        if isinstance(top, GameOverScreen):
            return False
        if isinstance(top, (CurtainScreen, ChoiceDialog)):
            await self.pilot.press("enter")
            await self.pilot.pause()
            return True
        screen = battle_screen(app)
        assert top is screen, f"unexpected screen {top!r}"
        opts, view = screen.opts, screen.view
        assert opts is not None and view is not None
        before = len(screen.game.records)
        if opts.kind in ("deploy", "activate"):
            await self.pilot.press("enter")
        elif opts.kind == "act":
            key = (view.round, opts.unit)
            enemies = [u.square for u in view.units if u.side != screen.viewer and u.square >= 0]
            if opts.shots:
                best = max(opts.shots, key=lambda s: s.p_hit * s.damage)
                await self.pilot.press("f")
                for _ in range(len(opts.shots) + 1):
                    if screen.board.cursor == best.square:
                        break
                    await self.pilot.press("right_square_bracket")
                await self.pilot.press("enter")
            elif opts.melee:
                await self.pilot.press("m", "enter")
            elif opts.moves and key not in self.moved and enemies:
                self.moved.add(key)
                move = min(opts.moves, key=lambda m: min(d2(m.square, e) for e in enemies))
                name = view.units[opts.unit].name
                await self.type_command(
                    f"{name} {square_name(view.units[opts.unit].square)}-{square_name(move.square)}"
                )
            else:
                await self.pilot.press("e")
        else:
            raise AssertionError(f"nothing to do in {opts.kind!r}")
        await self.pilot.pause()
        self.actions += len(screen.game.records) - before
        return True

    async def type_command(self, text: str) -> None:
        """Focus the command line, enter ``text`` (as if pasted) and press Enter."""
        await self.pilot.press("colon")
        command = self.pilot.app.screen.query_one("#command", Input)
        assert command.has_focus
        command.insert_text_at_cursor(text)
        await self.pilot.press("enter")
        await self.pilot.press("escape")
