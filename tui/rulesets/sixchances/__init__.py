"""Six Chances Party's part of the interface (see :mod:`tui.rulesets` for the interface).

The game screen is the kit's (:class:`tui.kit.screen.GameScreen`, driven by the
seats); this package keeps only what is Six Chances Party's own. Modules:
``tokens`` (pips, dice and tokens as text), ``rows`` (a list whose rows follow
the game), ``setup`` (the new game screen's options: standard game or field
variant, custom starting values), ``editor`` (the token table shared by the
squad builder and the rearrangement), ``orders`` (an order typed in notation
there), ``builder`` (the hidden starting squads), ``drafts`` (unsealed squads
kept on disk), ``regroup`` (a reinforcement's rearrangement), ``panels`` (the
players' squads, the attack's odds, the reinforcement dice), ``field`` (the
field of the variant on the kit's board base), ``texts`` (what the table says),
``keys`` (the help of the builder and the rearrangement), ``drawing`` (how the
table draws itself from the seat) and ``table`` (the game screen). Everything is imported on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.screen import Screen

    from engine.game import Game
    from engine.rulesets.sixchances.state import Setup
    from tui.rulesets.sixchances.setup import SixChancesChoices, SixChancesSetupWidget

__all__ = ["game_screen", "has_rosters", "make_setup", "setup_widget"]

#: Six Chances Party builds no roster before a game: squads are built at the table (SC-2.4).
has_rosters = False


def setup_widget(choices: SixChancesChoices | None = None) -> SixChancesSetupWidget:
    """The Six Chances Party part of the new game screen, starting from ``choices``
    (those of an earlier widget) or the standard game."""
    from tui.rulesets.sixchances.setup import SixChancesSetupWidget

    return SixChancesSetupWidget(choices)


def make_setup(choices: SixChancesChoices) -> Setup:
    """The :class:`engine.rulesets.sixchances.state.Setup` of ``choices`` (raises
    ValueError with a translated reason when the values break SC-12.1.8 or SC-12.2)."""
    from tui.rulesets.sixchances.setup import make_setup as _make

    return _make(choices)


def game_screen(game: Game, app: Any) -> Screen[Any]:
    """The screen that plays a Six Chances Party game, hot-seat, through the game's seats
    (the unsealed starting squads are kept beside its save file's name)."""
    from tui.rulesets.sixchances.drafts import DraftStore
    from tui.rulesets.sixchances.table import SixChancesScreen

    return SixChancesScreen(game.seats(), drafts=DraftStore.for_game(game))
