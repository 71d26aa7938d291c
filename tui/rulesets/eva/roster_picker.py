"""The window that lists EVA roster files: the kit's (:class:`tui.kit.roster_files.RosterPickerScreen`)
for the EVA's model. The roster builder opens it to edit a roster (drafts
included); the new game screen to play one (only valid ones, or "build one now")."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from engine.rulesets.eva.roster import Roster
from tui.kit import roster_files as kit
from tui.kit.roster_files import PickResult, RosterEntry
from tui.rulesets.eva.roster_files import MODEL

__all__ = ["PickResult", "RosterPickerScreen", "problem_lines"]


def problem_lines(entry: RosterEntry, ascii_set: bool = False, limit: int = 8) -> str:
    """The problems of ``entry``'s roster, one per line with its rule ID (at most ``limit``)."""
    return kit.problem_lines(entry, MODEL, ascii_set, limit)


class RosterPickerScreen(kit.RosterPickerScreen):
    """Lists the EVA rosters; dismisses with a :class:`PickResult` or None (see the kit's)."""

    def __init__(
        self,
        saves: Path,
        purpose: Literal["open", "play"] = "open",
        title: str = "",
        current: Roster | None = None,
    ) -> None:
        super().__init__(saves, MODEL, purpose, title, current)
