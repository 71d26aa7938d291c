"""The Going Ballistic army builder (GB-18), on the kit's scaffold (:mod:`tui.kit.roster`).

What is Going Ballistic's own is its model
(:class:`tui.rulesets.ballistic.roster_model.BallisticRosterModel`): mechs made from a
chassis with weapons and equipment in mount order, auxiliary units with their fixed
profiles, each mech's payload and the roster mass against their limits, every problem
from the engine with its rule ID (GB-18.5). The scaffold does the rest: the panes,
adding and removing, moving a row (ctrl+up, ctrl+down), renaming, saving as a draft
after a warning, opening, "use this roster" refused while a rule is broken.
"""

from __future__ import annotations

from typing import ClassVar

from tui.kit.roster_builder import RosterBuilder
from tui.rulesets.ballistic.roster_model import BallisticRosterModel

__all__ = ["BallisticRosterModel", "RosterBuilderScreen"]


class RosterBuilderScreen(RosterBuilder):
    """Builds or edits one Going Ballistic army (see :class:`tui.kit.roster.RosterBuilder`):
    ``pick`` (from the new game screen: "Use roster" dismisses with the
    :class:`engine.rulesets.ballistic.roster.Roster`, a valid one only), ``roster``
    (to start from)."""

    MODEL = BallisticRosterModel()
    #: A mech's payload in the cost column ("12/20 t"; "10.5/20 t" takes two more).
    COST_CELLS: ClassVar[int] = 7
