"""EVA screens' key footers at 80 columns, in English and Russian: every key that
applies shows, with its description, and ``? Help`` always shows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from battle_support import auto_play, can_shoot, eva_game, eva_screen, is_acting, is_deploying
from rich.cells import cell_len
from test_tui_app import home, make_app, run  # noqa: F401 - home is a fixture
from textual.pilot import Pilot

from engine.game import Game
from engine.i18n import _
from tui.widgets.bars import KeyLine


def engaged(game: Game) -> bool:
    """An Eva in its activation, engaged in melee (it may attack or disengage)."""
    o = game.options(min(game.to_act()))
    return o.kind == "act" and o.disengage


def keys_of(app: Any) -> list[tuple[str, str]]:
    """(key, description) of every key the screen on top shows in its footer (the
    help key's as "help")."""
    out: list[tuple[str, str]] = []
    actions: set[str] = set()
    for _ns, binding, enabled, _tip in app.screen.active_bindings.values():
        if binding.show and enabled and binding.action not in actions:
            actions.add(binding.action)
            key = "help" if binding.action == "help" else app.get_key_display(binding)
            out.append((key, _(binding.description)))
    return out


async def _battle(pilot: Pilot[Any], where: str) -> None:
    app = pilot.app
    game = {
        "zone": lambda: eva_game(),
        "deploy": lambda: auto_play(eva_game(), is_deploying),
        "act": lambda: auto_play(eva_game(), is_acting),
        "fire": lambda: auto_play(eva_game(), can_shoot),
        "engaged": lambda: auto_play(eva_game(round_limit=None), engaged),
    }[where]()
    app.push_screen(eva_screen(game, curtain=False))
    await pilot.pause()
    if where == "fire":
        await pilot.press("f")
        await pilot.pause()


async def _open(pilot: Pilot[Any], where: str) -> None:
    if where.startswith("battle-"):
        await _battle(pilot, where.removeprefix("battle-"))
        return
    if where.startswith("builder"):
        await pilot.press("n")
        await pilot.pause()
        pilot.app.screen.query_one("#eva-roster-0").focus()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("home", "enter")  # build a roster now: "Use this roster" applies
        await pilot.pause()
        if where == "builder-catalogue":
            await pilot.press("tab")
        elif where == "builder-weapon":
            await pilot.press("tab", "enter", "tab", "end")
        await pilot.pause()
        return
    await pilot.press("n")
    await pilot.pause()
    if where == "picker":
        pilot.app.screen.query_one("#eva-roster-0").focus()
        await pilot.press("enter")
        await pilot.pause()


WHERE = [
    "newgame",
    "picker",
    "builder",
    "builder-catalogue",
    "builder-weapon",
    "battle-zone",
    "battle-deploy",
    "battle-act",
    "battle-fire",
    "battle-engaged",
]


#: where a footer is still wider than 80 columns once packed: its longest
#: descriptions are cut (the keys all show, and the help key in full); the shared
#: keys of every game screen (undo, the whole log) take their room too
CUT = {("battle-engaged", "ru"), ("battle-engaged", "en"), ("battle-act", "ru"), ("battle-fire", "ru")}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("where", WHERE)
def test_every_eva_footer_fits_80_columns(home: Path, where: str, lang: str) -> None:  # noqa: F811
    @run
    async def go() -> None:
        app = make_app(home, language=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await _open(pilot, where)
            shown = keys_of(app)
            assert shown[-1][0] == "help"
            keyline = app.screen.query_one(KeyLine)
            line = keyline.render().plain
            assert cell_len(line) <= 80, line
            assert line.rstrip().endswith("? " + _("Help")), line
            words = line.split()
            for key, description in shown[:-1]:
                assert key in words, (key, line)
                if (where, lang) not in CUT:
                    assert f"{key} {description}" in line, (description, line)
        assert app.errors == []

    go()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_footer_with_every_battle_key_cuts_descriptions_not_keys(home: Path, lang: str) -> None:  # noqa: F811
    """Every key of the battle screen at once: each still shows (its description cut, or
    left out when even that does not fit), the help key in full."""

    @run
    async def go() -> None:
        app = make_app(home, language=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await _battle(pilot, "act")
            screen = app.screen
            screen.check_action = lambda action, parameters: True  # type: ignore[method-assign]
            screen.refresh_bindings()
            await pilot.pause()
            shown = keys_of(app)
            assert len(shown) >= 14
            line = screen.query_one(KeyLine).render().plain
            assert cell_len(line) <= 80, line
            assert line.endswith("? " + _("Help")), line
            words = line.split()
            for key, _description in shown[:-1]:
                assert key in words, (key, line)
        assert app.errors == []

    go()
