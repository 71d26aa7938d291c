"""Going Ballistic's part of the interface (see :mod:`tui.rulesets` for the interface).

Modules: ``glyphs`` (the board's two glyph sets, unit labels, the legend),
``scene`` (what each hex shows, from a seat's view), ``board`` (the hex board on
the kit's board base), ``panels`` (the texts of the side panel and the dialogs),
``orders`` (the order keys and their dialogs), ``screen`` (the game screen on the
kit), ``armies`` (random armies and army files), ``setup`` (the new game
screen's part). Everything is imported on first use.

The army builder (``roster_builder``, with its model in ``roster_model``) sits on
the kit's roster-builder scaffold (``tui.kit.roster``): ``RosterBuilderScreen`` is
exported here, and the army rows of the set-up offer "build an army"
(:data:`tui.rulesets.ballistic.setup.ARMY_SOURCES`) besides random armies and the
army files of the saves folder's ``rosters/``, where the builder saves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.screen import Screen

    from engine.game import Game
    from engine.rulesets.ballistic.state import Setup
    from tui.rulesets.ballistic.setup import BallisticChoices, BallisticSetupWidget

__all__ = ["RosterBuilderScreen", "game_screen", "has_rosters", "make_setup", "setup_widget"]

#: Going Ballistic builds armies before a battle (GB-18.5).
has_rosters = True


def __getattr__(name: str) -> Any:
    """``RosterBuilderScreen`` is imported when first asked for."""
    if name == "RosterBuilderScreen":
        from tui.rulesets.ballistic.roster_builder import RosterBuilderScreen

        return RosterBuilderScreen
    raise AttributeError(name)


def setup_widget(choices: BallisticChoices | None = None) -> BallisticSetupWidget:
    """The Going Ballistic part of the new game screen (starting from earlier ``choices``)."""
    from tui.rulesets.ballistic.setup import BallisticSetupWidget

    return BallisticSetupWidget(choices)


def make_setup(choices: BallisticChoices) -> Setup:
    """The :class:`engine.rulesets.ballistic.state.Setup` of ``choices`` (raises ValueError
    with a translated reason when an army is missing or breaks GB-18.5)."""
    from tui.rulesets.ballistic.setup import make_setup as _make

    return _make(choices)


def game_screen(game: Game, app: Any) -> Screen[Any]:
    """The screen that plays a Going Ballistic battle, hot-seat, through the game's seats."""
    from tui.rulesets.ballistic.screen import BallisticScreen

    return BallisticScreen(game.seats())
