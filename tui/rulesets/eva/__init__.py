"""The EVA skirmish's part of the interface (see :mod:`tui.rulesets` for the interface).

Modules: ``roster_builder`` (the roster builder screen), ``roster_files``
(saved rosters and the shipped examples), ``setup`` (the EVA part of the new
game screen: players' rosters, map with a preview, round limit), ``terrain``
(the map glyphs), ``board`` and ``battle`` (the board and the game screen, on
the kit), with ``orders``, ``panels`` and ``texts`` (the battle's orders, panels
and sentences).
Everything is imported on first use, so listing the systems stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tui.rulesets import module_exists

if TYPE_CHECKING:
    from textual.screen import Screen

    from engine.game import Game
    from engine.rulesets.eva.state import EvaSetup
    from tui.rulesets.eva.setup import EvaChoices, EvaSetupWidget

__all__ = ["RosterBuilderScreen", "game_screen", "has_rosters", "make_setup", "setup_widget"]

#: The EVA skirmish builds rosters before a game (EVA-17).
has_rosters = True


def __getattr__(name: str) -> Any:
    """``RosterBuilderScreen`` is imported when first asked for."""
    if name == "RosterBuilderScreen":
        from tui.rulesets.eva.roster_builder import RosterBuilderScreen

        return RosterBuilderScreen
    raise AttributeError(name)


def setup_widget(choices: EvaChoices | None = None) -> EvaSetupWidget:
    """The EVA part of the new game screen (starting from earlier ``choices``)."""
    from tui.rulesets.eva.setup import EvaSetupWidget

    return EvaSetupWidget(choices)


def make_setup(choices: EvaChoices) -> EvaSetup:
    """The :class:`engine.rulesets.eva.state.EvaSetup` of ``choices`` (raises ValueError
    with a translated reason when a roster is missing or invalid, or the map is bad)."""
    from tui.rulesets.eva.setup import make_setup as _make

    return _make(choices)


def game_screen(game: Game, app: Any) -> Screen[Any]:
    """The screen that plays an EVA game through its seats (one per player, at this
    terminal): the battle screen when this build has it, else the placeholder that
    describes the game."""
    if module_exists("tui.rulesets.eva.battle"):
        from tui.rulesets.eva import battle

        return battle.EvaGameScreen(game.seats())
    from tui.screens.game import GamePlaceholderScreen

    return GamePlaceholderScreen(game, game.path.name if game.path else "")
