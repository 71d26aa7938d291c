"""Battleline's part of the interface (see :mod:`tui.rulesets` for the interface).

Modules: ``mechs`` (the mechs a seat may field: the shipped samples and the mech
files of the saves folder), ``setup`` (the new game screen's part: how many
mechs, the line, the turn limit, each seat's mech), ``texts`` (words shared by
the panels), ``board`` (the battle line on the kit's board), ``draft`` (an order
being written), ``sheet`` (the order sheet), ``panels`` (the seat's own mech and
the others as it may know them), ``report`` (the turn report, step by step) and
``screen`` (the game screen, on the kit). Everything is imported on first use.

A mech *builder* is not part of this package yet: it will sit on the kit's
roster-builder scaffold, save mech files into ``<saves folder>/rosters/`` (where
:mod:`tui.rulesets.battleline.mechs` already finds them), and then
``has_rosters`` becomes True with a ``RosterBuilderScreen`` beside it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.screen import Screen

    from engine.game import Game
    from engine.rulesets.battleline.state import Setup
    from tui.rulesets.battleline.setup import BattlelineChoices, BattlelineSetupWidget

__all__ = ["game_screen", "has_rosters", "make_setup", "setup_widget"]

#: No builder yet: mechs come from the samples and the mech files already saved.
has_rosters = False


def setup_widget(choices: BattlelineChoices | None = None) -> BattlelineSetupWidget:
    """The Battleline part of the new game screen, starting from ``choices`` (those of
    an earlier widget) or a duel of the first two sample mechs on the Open field."""
    from tui.rulesets.battleline.setup import BattlelineSetupWidget

    return BattlelineSetupWidget(choices)


def make_setup(choices: BattlelineChoices) -> Setup:
    """The :class:`engine.rulesets.battleline.state.Setup` of ``choices``; raises
    ValueError with the translated reasons when it cannot be played (BL-1, BL-2.1,
    BLC-2)."""
    from tui.rulesets.battleline.setup import make_setup as _make

    return _make(choices)


def game_screen(game: Game, app: Any) -> Screen[Any]:
    """The screen that plays a Battleline battle, hot-seat, one seat per mech."""
    from tui.rulesets.battleline.screen import BattlelineScreen

    return BattlelineScreen(game.seats())
