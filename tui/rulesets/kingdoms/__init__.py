"""The Three Kingdoms battle's part of the interface (see :mod:`tui.rulesets` for the
interface).

Modules: ``glyphs`` (the map's characters, Unicode and ASCII, and their legend),
``texts`` (names, descriptions, orders and attack previews as text), ``board``
(the map of bases and links on the kit's board), ``sheet`` (the orders sheet),
``orders`` (a regiment's order list, an attack's preview, a challenge's
fallback), ``screen`` (the game screen, on the kit's), ``setup`` (the new game
screen's part: the scenario and the armies), ``roster_model`` and
``roster_builder`` (the army builder of section 3.7, on the kit's scaffold).
Everything is imported on first use.

Armies come from the scenario, from army files in the saves folder's
``rosters/``, or from the army builder (``RosterBuilderScreen``), opened from the
title screen's Roster builder or from an army row of the set-up (``b``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.screen import Screen

    from engine.game import Game
    from engine.rulesets.kingdoms.state import Setup
    from tui.rulesets.kingdoms.setup import KingdomsChoices, KingdomsSetupWidget

__all__ = ["RosterBuilderScreen", "game_screen", "has_rosters", "make_setup", "setup_widget"]

#: The Three Kingdoms battle builds armies before a battle (section 3.7).
has_rosters = True


def __getattr__(name: str) -> Any:
    """``RosterBuilderScreen`` is imported when first asked for."""
    if name == "RosterBuilderScreen":
        from tui.rulesets.kingdoms.roster_builder import RosterBuilderScreen

        return RosterBuilderScreen
    raise AttributeError(name)


def setup_widget(choices: KingdomsChoices | None = None) -> KingdomsSetupWidget:
    """The Three Kingdoms part of the new game screen (starting from earlier ``choices``)."""
    from tui.rulesets.kingdoms.setup import KingdomsSetupWidget

    return KingdomsSetupWidget(choices)


def make_setup(choices: KingdomsChoices) -> Setup:
    """The battle's :class:`engine.rulesets.kingdoms.state.Setup` from ``choices``
    (raises ValueError with the translated reasons when the armies cannot be fielded)."""
    from tui.rulesets.kingdoms.setup import make_setup as _make

    return _make(choices)


def game_screen(game: Game, app: Any) -> Screen[Any]:
    """The screen that plays a Three Kingdoms battle, hot-seat."""
    from tui.rulesets.kingdoms.screen import KingdomsScreen

    return KingdomsScreen(game.seats())
