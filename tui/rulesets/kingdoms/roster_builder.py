"""The Three Kingdoms army builder (kingdoms.md section 3.7), on the kit's scaffold
(:mod:`tui.kit.roster`).

What is the Three Kingdoms' own is its model
(:class:`tui.rulesets.kingdoms.roster_model.KingdomsRosterModel`): the roster shows
the army's faction and the battle it is for, then each regiment (its id in the
battle, its type and its men) with its commander and its base; the catalogue offers
the factions, the battles, the regiments of section 3.6, the officers of the
faction (section 3.5) and the bases the side deploys on with the room left. The
regiments and men against their limits, and every problem with its rule, come
from the engine. The scaffold does the rest: the panes, removing, moving (the
roster order is the battle's, §3.7.5), saving as a draft after a warning, opening,
"use this army" refused while a rule is broken.

Keys beyond the scaffold's: none; ``r`` renames the army (regiments are known by
their place and commander, not by a name).
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType

from engine.i18n import N_, _
from engine.rulesets.kingdoms.roster import Roster
from tui.kit.roster_builder import RosterBuilder
from tui.rulesets.kingdoms.roster_model import KingdomsRosterModel

__all__ = ["KingdomsRosterModel", "RosterBuilderScreen"]


class RosterBuilderScreen(RosterBuilder):
    """Builds or edits one Three Kingdoms army (see :class:`tui.kit.roster_builder.RosterBuilder`).

    ``pick``: from the new game screen; "Use army" dismisses with the
    :class:`engine.rulesets.kingdoms.roster.Roster` (a valid one only). ``roster``: an
    army to start from (a copy is edited). ``battle``: (scenario key, side): the army
    is built for that side of that battle (a new army is made for it, and the
    catalogue offers no other battle)."""

    SCREEN_TITLE = N_("Army builder")
    MODEL = KingdomsRosterModel()
    # the Three Kingdoms' words for the scaffold's keys (a key's bindings are given again whole)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "enter_add", N_("Choose"), priority=True),
        Binding("enter", "enter_rename", N_("Rename"), priority=True),
        Binding("enter", "enter_new", N_("New regiment"), priority=True, show=False),
        Binding("enter", "enter_remove", N_("Unnamed commander"), priority=True),
        Binding("u,г", "use", N_("Use army")),
        Binding("r,к", "rename", N_("Rename the army"), show=False),
    ]

    def __init__(
        self, *, pick: bool = False, roster: Roster | None = None, battle: tuple[str, int] | None = None
    ) -> None:
        super().__init__(pick=pick, roster=roster, model=KingdomsRosterModel(battle))

    def _refresh(self, highlight: str | None = None) -> None:
        """Redraw as the scaffold does, and the catalogue too: the officers and bases it
        offers, and the room on each base, follow the whole army, not only the
        current regiment."""
        super()._refresh(highlight)
        self._fill_catalogue()

    def action_rename(self) -> None:
        """Rename the army (its regiments have no names)."""
        from tui.screens.prompts import TextPromptScreen

        def named(text: str | None) -> None:
            if text is not None:
                self.model.rename_roster(self.roster, text.strip())
                self._refresh("name")

        self.app.push_screen(
            TextPromptScreen(_("Army name"), _("The army's name:"), self.model.roster_name(self.roster)),
            named,
        )
