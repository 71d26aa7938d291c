"""Snapshots of Six Chances Party's screens at 80x24 and 120x40, and in Russian.

Each scene is a seeded game position reached without the screen (the engine's
own legal or random actions, seeded), then the game screen (on the kit's, driven
by the game's seats) is opened on it and a few keys are pressed. Snapshot ids read
``test_sc_snapshot[<scene>-<language>-<columns>x<rows>]``; screens.md lists
them. Run ``uv run pytest tests/test_tui_sixchances_snapshots.py
--snapshot-update`` after a deliberate change and look at every changed SVG.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from snapshot_cases import case_ids, colour, scene_of
from test_tui_app import home  # noqa: F401 - home is a fixture
from test_tui_sixchances import make_app, sc_home  # noqa: F401 - sc_home is a fixture
from textual.pilot import Pilot

from engine.dice import seed_only
from engine.game import Game
from engine.rulesets.sixchances import RULESET
from engine.rulesets.sixchances.actions import Attack, Reinforce
from engine.rulesets.sixchances.options import AttackOptions
from engine.rulesets.sixchances.state import Setup
from tui.rulesets.sixchances.table import SixChancesScreen
from tui.settings import Settings, save_settings

SMALL = (80, 24)
LARGE = (120, 40)
SEED = b"\x07" * 32


def new_game(setup: Setup | None = None) -> Game:
    """A seeded game between Asuka and Rei, nothing played yet (its rolls keyed by the
    seed alone, so that each scene is the same position every time)."""
    return Game(RULESET, setup or Setup(), seed=SEED, players=("Asuka", "Rei"), entropy=seed_only)


def built(setup: Setup | None = None) -> Game:
    """Both players have sealed one of the engine's sample orders (the fourth)."""
    game = new_game(setup)
    for side in (0, 1):
        game.submit(side, RULESET.legal_actions(game.state, side)[3])
    return game


def one_sealed() -> Game:
    """Asuka has sealed her starting squads; Rei is to build (the curtain names him)."""
    game = new_game()
    game.submit(0, RULESET.legal_actions(game.state, 0)[3])
    return game


def attacking() -> Game:
    """The first Attack step of a standard game."""
    return built()


def defending() -> Game:
    """An attack declared: the defender chooses the stat."""
    game = built()
    side = game.state.active
    options = game.options(side)
    choice = max(options.attacks, key=lambda a: (a.damage, a.attacker, a.target))
    game.submit(side, Attack(attacker=choice.attacker, target=choice.target))
    return game


def supporting() -> Game:
    """The Support step after the first attack."""
    game = defending()
    defender = 1 - game.state.active
    game.submit(defender, RULESET.legal_actions(game.state, defender)[-1])
    return game


def regrouping() -> Game:
    """A d8 rolled for a reinforcement: the rearrangement is to be made."""
    game = supporting()
    game.submit(game.state.active, Reinforce(die=8))
    return game


def field_attack() -> Game:
    """The field variant, played at random until a squad can attack."""
    game = built(Setup(field=True))
    rng = random.Random(11)
    while True:
        side = min(game.to_act())
        options = game.options(side)
        if isinstance(options, AttackOptions) and options.attacks:
            return game
        game.submit(side, RULESET.random_action(game.state, side, rng))


def field_defending() -> Game:
    """The field variant: an attack declared, the defender to choose."""
    game = field_attack()
    side = game.state.active
    choice = game.options(side).attacks[0]
    game.submit(side, Attack(attacker=choice.attacker, target=choice.target))
    return game


def field_supporting() -> Game:
    """The field variant: the Support step after the attack."""
    game = field_defending()
    defender = 1 - game.state.active
    game.submit(defender, RULESET.legal_actions(game.state, defender)[0])
    return game


def field_regrouping() -> Game:
    """The field variant: a d12 rolled, a new squad may be placed."""
    game = field_supporting()
    game.submit(game.state.active, Reinforce(die=12))
    return game


def finished() -> Game:
    """A short game (SC-12.2 values) played at random to its end."""
    game = new_game(Setup(tokens_per_colour=10, squads=2, squad_size=4))
    rng = random.Random(4)
    while game.to_act():
        side = min(game.to_act())
        game.submit(side, RULESET.random_action(game.state, side, rng))
    return game


def decider(game: Game) -> int:
    """The side that decides now (Player 1 while both build)."""
    return min(game.to_act()) if game.to_act() else 0


#: scene -> (the game, the side already at the terminal (None: the curtain first), keys)
SCENES: dict[str, tuple[Callable[[], Game], Callable[[Game], int | None], list[str]]] = {
    "builder": (new_game, decider, ["s", "down", "right", "plus"]),
    "builder_field": (lambda: new_game(Setup(field=True)), decider, ["s", "right", "right", "right"]),
    "attack": (attacking, decider, []),
    "curtain": (one_sealed, lambda g: 0, []),
    "builder_ask": (new_game, decider, ["plus", "plus", "s"]),
    "builder_order": (new_game, decider, ["colon", "b"]),
    "command": (attacking, decider, ["colon", "2", "B"]),
    "defence": (defending, decider, []),
    "support": (supporting, decider, ["right"]),
    "regroup": (regrouping, decider, ["down", "plus", "plus", "right", "minus"]),
    "field": (field_attack, decider, []),
    "field_defence": (field_defending, decider, []),
    "field_support": (field_supporting, decider, ["right"]),
    "regroup_field": (field_regrouping, decider, [*["down"] * 8, "plus", "right", "right", "right", "plus"]),
    "move": (field_attack, decider, ["m", "down"]),
    "notation": (attacking, decider, ["colon", "h", "e", "l", "p", "enter"]),
    "over": (finished, lambda g: 0, []),
    "log": (supporting, decider, ["l"]),
    "help": (attacking, decider, ["question_mark"]),
}

CASES: list[tuple[str, str, tuple[int, int], dict[str, Any]]] = [
    ("builder", "en", SMALL, {}),
    ("builder", "en", LARGE, {}),
    ("builder", "ru", SMALL, {}),
    ("builder_ask", "en", SMALL, {}),
    ("builder_order", "en", SMALL, {}),
    ("builder_field", "en", SMALL, {}),
    ("builder_field", "en", LARGE, {}),
    ("attack", "en", SMALL, {}),
    ("attack", "en", LARGE, {}),
    ("attack", "ru", SMALL, {}),
    ("attack", "ru", LARGE, {}),
    ("attack", "en", (100, 30), {}),
    ("attack", "en", (60, 20), {}),
    ("attack", "ru", (60, 20), {}),
    ("attack_ascii", "en", SMALL, {"ascii_glyphs": True}),
    ("attack_nocolor", "en", SMALL, {"no_color": True}),
    ("curtain", "en", SMALL, {}),
    ("curtain", "en", LARGE, {}),
    ("curtain", "ru", SMALL, {}),
    ("defence", "en", SMALL, {}),
    ("defence", "en", LARGE, {}),
    ("defence", "ru", SMALL, {}),
    ("support", "en", SMALL, {}),
    ("support", "en", LARGE, {}),
    ("support", "ru", SMALL, {}),
    ("regroup", "en", SMALL, {}),
    ("regroup", "en", LARGE, {}),
    ("regroup", "ru", SMALL, {}),
    ("field", "en", SMALL, {}),
    ("field", "en", LARGE, {}),
    ("field", "ru", SMALL, {}),
    ("field", "ru", LARGE, {"no_color": True}),
    ("field_ascii", "en", SMALL, {"ascii_glyphs": True}),
    ("field_defence", "ru", LARGE, {"no_color": True}),
    ("field_defence", "en", SMALL, {}),
    ("field_support", "ru", LARGE, {"no_color": True}),
    ("regroup_field", "en", SMALL, {}),
    ("regroup_field", "ru", LARGE, {}),
    ("move", "en", SMALL, {}),
    ("notation", "en", SMALL, {}),
    ("command", "en", SMALL, {}),
    ("over", "en", SMALL, {}),
    ("over", "en", LARGE, {}),
    ("over", "ru", SMALL, {}),
    ("log", "en", SMALL, {}),
    ("help", "en", SMALL, {}),
    ("help", "ru", SMALL, {}),
]


@pytest.mark.parametrize(
    ("name", "lang", "size", "options"),
    CASES,
    ids=case_ids(CASES),
)
def test_sc_snapshot(
    snap_compare: Any,
    sc_home: Path,  # noqa: F811 - the fixture imported above
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    lang: str,
    size: tuple[int, int],
    options: dict[str, Any],
) -> None:
    """Six Chances Party scene ``name`` in ``lang`` at ``size`` (see screens.md)."""
    options = colour(monkeypatch, options)
    save_settings(sc_home / "config" / "settings.json", Settings(language=lang))
    scene = scene_of(name)
    make_game, viewer, keys = SCENES[scene]
    game = make_game()
    app = make_app(sc_home, language=None, **options)

    async def run_before(pilot: Pilot[Any]) -> None:
        app.push_screen(SixChancesScreen(game.seats(), viewer=viewer(game)))
        await pilot.pause()
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)
    assert app.errors == []


def test_new_game_options_snapshot(snap_compare: Any, sc_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    """The new game screen with Six Chances Party chosen, the field variant and 5 squads."""
    from tui.screens.new_game import NewGameScreen

    monkeypatch.delenv("NO_COLOR", raising=False)
    app = make_app(sc_home)

    async def run_before(pilot: Pilot[Any]) -> None:
        app.push_screen(NewGameScreen("sixchances"))
        await pilot.pause()
        app.screen.query_one("#sc-setup-list").focus()
        await pilot.press("enter", "down", "down", "right")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)
    assert app.errors == []
