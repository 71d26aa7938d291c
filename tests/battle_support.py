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

from engine.dice import seed_only
from engine.game import Game
from engine.rulesets.eva.roster import Roster, decode_roster
from engine.rulesets.eva.scenario import load_bundled
from engine.rulesets.eva.state import EvaSetup
from tui.kit.curtain import CurtainScreen
from tui.kit.dialogs import ChoiceDialog
from tui.kit.over import GameOverScreen
from tui.rulesets.eva.battle import EvaGameScreen
from tui.rulesets.eva.board import square_name

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
    """A new seeded EVA game between Asuka and Rei (autosaved to ``path`` if given),
    its rolls keyed by the seed alone, so that each test plays the same game."""
    setup = EvaSetup(
        map=load_bundled(map_key),
        rosters=[example_roster(rosters[0]), example_roster(rosters[1])],
        round_limit=round_limit,
    )
    return Game.new("eva", setup, seed=seed, players=("Asuka", "Rei"), path=path, entropy=seed_only)


def d2(a: int, b: int) -> int:
    """Squared distance between two squares (the test player's own yardstick)."""
    return (a % W - b % W) ** 2 + (a // W - b // W) ** 2


def battle_screen(app: Any) -> EvaGameScreen:
    """The battle screen on the app's stack."""
    return next(s for s in app.screen_stack if isinstance(s, EvaGameScreen))


def eva_screen(game: Game, curtain: bool = True) -> EvaGameScreen:
    """The battle screen on ``game``, played through its seats as the app plays it."""
    return EvaGameScreen(game.seats(), curtain=curtain)


async def open_screen(app: Any, pilot: Pilot[Any], game: Game, curtain: bool = True) -> EvaGameScreen:
    """Push the battle screen on ``game`` and let it show its first side."""
    screen = eva_screen(game, curtain)
    app.push_screen(screen)
    await pilot.pause()
    await pilot.pause()
    return screen


def bot_action(game: Game, side: int, moved: bool) -> object | None:
    """The test player's choice as an action (for playing quickly without the screen):
    the zone south, the first Eva and square offered, the best shot, else a melee,
    else one move towards the nearest enemy, else the end of the activation."""
    from engine.rulesets.eva import actions as act

    o = game.options(side)
    v = game.view(side)
    if o.kind == "zone":
        return act.ChooseZone("south")
    if o.kind == "deploy":
        unit = o.deploy_units[0]
        hands = max(o.hand_configs[unit], key=len)
        return act.Deploy(unit, sorted(o.deploy_squares, key=lambda s: abs(s % W - 10))[0], hands)
    if o.kind == "activate":
        return act.Activate(o.activatable[0])
    if o.kind == "decide":
        if o.decision == "zone":
            return act.NameZone(o.default)
        u = v.units[o.unit]
        return act.Keep(o.unit, next(i for i in u.hands if u.items[i].label == o.default))
    if o.kind == "act":
        if o.shots:
            best = max(o.shots, key=lambda s: s.p_hit * s.damage)
            return act.Fire(o.unit, best.target, best.item)
        if o.melee:
            return act.Melee(o.unit, o.melee[0].target)
        enemies = [u.square for u in v.units if u.side != side and u.square >= 0]
        if o.moves and not moved and enemies:
            best_move = min(o.moves, key=lambda m: min(d2(m.square, e) for e in enemies))
            return act.Move(o.unit, best_move.path)
        return act.End(o.unit)
    return None


def auto_play(game: Game, until: Any = None, limit: int = 5000) -> Game:
    """Play ``game`` with :func:`bot_action` (no screen) until ``until(game)`` is true
    or the game is over."""
    from engine.rulesets.eva import actions as act

    moved: set[tuple[int, int]] = set()
    for _ in range(limit):
        to_act = game.to_act()
        if not to_act or (until is not None and until(game)):
            break
        side = min(to_act)
        o = game.options(side)
        key = (game.view(side).round, o.unit)
        action = bot_action(game, side, key in moved)
        if isinstance(action, act.Move):
            moved.add(key)
        game.submit(side, action)
    return game


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
        before = len(screen.seat.record())
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
        self.actions += len(screen.seat.record()) - before
        return True

    async def type_command(self, text: str) -> None:
        """Focus the command line, enter ``text`` (as if pasted) and press Enter."""
        await self.pilot.press("colon")
        command = self.pilot.app.screen.query_one("#kit-command", Input)
        assert command.has_focus
        command.insert_text_at_cursor(text)
        await self.pilot.press("enter")
        await self.pilot.pause()
        if command.has_focus:  # refused: leave the command line; played: the board has the focus
            await self.pilot.press("escape")


def first_side(game: Game) -> int:
    """The side that decides now (the lower one)."""
    return min(game.to_act())


def is_acting(game: Game) -> bool:
    """An Eva is in its activation, with squares to move to."""
    o = game.options(first_side(game))
    return o.kind == "act" and bool(o.moves)


def can_shoot(game: Game) -> bool:
    """The active Eva has a legal ranged attack."""
    o = game.options(first_side(game))
    return o.kind == "act" and bool(o.shots)


def is_deploying(game: Game, placed: int = 2) -> bool:
    """Deployment, with ``placed`` Evas already on the board."""
    o = game.options(first_side(game))
    return o.kind == "deploy" and sum(1 for u in game.view(None).units if u.deployed) >= placed


def pending_game(defender: str = "D") -> Game:
    """A game waiting for Player 2 to name a trauma zone: A (Player 1, rifle and
    pistol) lost a critical melee exchange to ``defender`` (EVA-12.7, EVA-11.9)."""
    from eva_support import make_state, play, start

    game = eva_game(round_limit=None)
    state = make_state(
        [
            {"name": "A", "side": 0, "square": "F10", "weapons": ["rifle", "pistol"]},
            {"name": defender, "side": 1, "square": "F11", "weapons": ["qspear"]},
        ]
    )
    events = start(state, "A") + play(state, 0, "A melee F11", [1, 1, 6, 6])
    game.state = state
    game.events = list(events)
    return game
