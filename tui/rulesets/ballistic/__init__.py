"""Going Ballistic's part of the interface (see :mod:`tui.rulesets` for the interface).

Modules: ``glyphs`` (the board's two glyph sets, unit labels, the legend),
``scene`` (what each hex shows, from a seat's view), ``board`` (the hex board on
the kit's board base), ``panels`` (the texts of the side panel and the dialogs),
``orders`` (the order keys and their dialogs), ``screen`` (the game screen on the
kit), ``armies`` (random armies and army files), ``setup`` (the new game
screen's part). Everything is imported on first use.

An army builder is not part of this build: it will sit on the kit's roster-builder
scaffold (``tui.kit.roster``), set ``has_rosters`` to True, export
``RosterBuilderScreen`` here, and add a "build an army" source to the army rows of
the set-up (:data:`tui.rulesets.ballistic.setup.ARMY_SOURCES`). Until then armies are
random or read from the saves folder's ``rosters/``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.screen import Screen

    from engine.game import Game
    from engine.rulesets.ballistic.state import Setup
    from tui.rulesets.ballistic.setup import BallisticChoices, BallisticSetupWidget

__all__ = ["game_screen", "has_rosters", "make_setup", "setup_widget"]

#: No army builder in this build yet (see the module's description).
has_rosters = False


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
