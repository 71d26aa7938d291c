"""The system-specific parts of the interface, one package per system.

Shared screens never name a system: they ask :func:`ui_for` for the package
``tui.rulesets.<key>`` of the system (imported on first use) and talk to it
through the interface below. A system without such a package can be browsed
(rules, saves) but not set up or played in this build.

The interface of a system's UI package (module attributes):

``has_rosters: bool``
    Whether the system builds rosters (armies) before a game.

``RosterBuilderScreen``
    (only when ``has_rosters``) a screen class; ``RosterBuilderScreen()``
    edits rosters saved in ``<saves folder>/rosters/``;
    ``RosterBuilderScreen(pick=True)`` is pushed by the new game screen and
    dismisses with the roster built (the ruleset's roster struct) or None.

``setup_widget(choices=None) -> SetupWidget``
    The system's part of the new game screen, a Textual widget (map, rosters,
    options). It must provide ``problems() -> list[str]`` (why the game cannot
    start yet, translated, one line each; empty when it can) and
    ``choices() -> object`` (what was chosen, for :func:`make_setup`), and
    post :class:`SetupChanged` (or a message of its own nested ``Changed``
    class) whenever a choice changes. It may accept the ``choices`` of an
    earlier widget and start from them (the screen is re-composed when the
    language changes). Optional: ``unsaved() -> bool``, true when leaving the
    screen would lose something not saved anywhere (the screen asks first);
    ``seat_count() -> int``, how many seats (players) the set-up chosen has, for
    a system of two or more (the screen shows that many name fields, asks again
    after each change, and takes 2 when the widget does not say).

``make_setup(choices) -> Setup``
    The ruleset's Setup struct from the widget's choices. Raises
    ``ValueError`` with a translated one-line reason when it cannot.

``game_screen(game, app) -> Screen``
    The screen that plays ``game`` (an :class:`engine.game.Game` of this
    system); ``app`` is the running :class:`tui.app.WartableApp`.

:func:`game_screen_for` picks that screen for any game, and falls back to the
placeholder screen for a system without a UI package.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import TYPE_CHECKING, Any

from textual.message import Message

if TYPE_CHECKING:
    from textual.screen import Screen

    from engine.game import Game

__all__ = ["SetupChanged", "game_screen_for", "has_ui", "module_exists", "ui_for"]


class SetupChanged(Message):
    """Posted by a system's setup widget when one of its choices changed (the new
    game screen then says again what is missing)."""


def module_exists(name: str) -> bool:
    """Whether the module ``name`` (dotted) can be imported, without importing it."""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def has_ui(key: str) -> bool:
    """Whether system ``key`` has a UI package in this build (nothing is imported)."""
    return key.isidentifier() and module_exists(f"{__name__}.{key}")


def ui_for(key: str) -> ModuleType | None:
    """The UI package of system ``key`` (``tui.rulesets.<key>``), imported on first
    use; None when this build has none."""
    if not has_ui(key):
        return None
    return importlib.import_module(f"{__name__}.{key}")


def game_screen_for(game: Game, app: Any, name: str = "") -> Screen[Any]:
    """The screen that plays ``game``: its system's ``game_screen``, or the
    placeholder that describes the game (``name``: the save file's name)."""
    ui = ui_for(game.ruleset.key)
    maker = getattr(ui, "game_screen", None) if ui is not None else None
    if maker is not None:
        return maker(game, app)
    from tui.screens.game import GamePlaceholderScreen

    return GamePlaceholderScreen(game, name or (game.path.name if game.path else ""))
