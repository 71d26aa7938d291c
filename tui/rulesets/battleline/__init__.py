"""Battleline's part of the interface (see :mod:`tui.rulesets` for the interface).

Modules: ``mechs`` (the mechs a seat may field: the shipped samples and the mech
files of the saves folder), ``setup`` (the new game screen's part: how many
mechs, the line, the turn limit, each seat's mech), ``texts`` (words shared by
the panels), ``board`` (the battle line on the kit's board), ``draft`` (an order
being written), ``sheet`` (the order sheet), ``panels`` (the seat's own mech and
the others as it may know them), ``report`` (the turn report, step by step) and
``screen`` (the game screen, on the kit), and ``roster_builder`` (the mech
builder, on the kit's roster-builder scaffold: it saves mech files into
``<saves folder>/rosters/``, where :mod:`tui.rulesets.battleline.mechs` finds
them). Everything is imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.screen import Screen

    from engine.game import Game
    from engine.rulesets.battleline.state import Setup
    from tui.rulesets.battleline.setup import BattlelineChoices, BattlelineSetupWidget

__all__ = ["RosterBuilderScreen", "game_screen", "has_rosters", "make_setup", "setup_widget"]

#: Mechs are built before a battle (BLC-1 to BLC-7): the mech builder.
has_rosters = True


def __getattr__(name: str) -> Any:
    """``RosterBuilderScreen`` (the mech builder) is imported when first asked for."""
    if name == "RosterBuilderScreen":
        from tui.rulesets.battleline.roster_builder import RosterBuilderScreen

        return RosterBuilderScreen
    raise AttributeError(name)


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
