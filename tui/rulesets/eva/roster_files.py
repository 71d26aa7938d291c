"""EVA roster files: the player's saved rosters and the shipped examples, read and
written by the kit (:mod:`tui.kit.roster_files`) for the EVA's model
(:class:`tui.rulesets.eva.roster_builder.EvaRosterModel`).

Saved rosters live in ``<saves folder>/rosters/*.json``; the examples ship in
``engine/rulesets/eva/rosters/`` and are only ever read. A damaged or foreign file
becomes an entry with a one-line reason and is never modified.
"""

from __future__ import annotations

from pathlib import Path

from engine.rulesets.eva.roster import Roster, roster_cost
from tui.kit import roster_files as kit
from tui.kit.roster_files import MAX_ROSTER_BYTES, RosterEntry, clean_file_name, file_name_for, rosters_folder
from tui.rulesets.eva.roster_builder import EvaRosterModel, roster_title

__all__ = [
    "MAX_ROSTER_BYTES",
    "RosterEntry",
    "clean_file_name",
    "entry_cost",
    "example_rosters",
    "file_name_for",
    "read_roster",
    "roster_title",
    "rosters_folder",
    "save_roster",
    "saved_rosters",
]

#: The EVA's roster model.
MODEL = EvaRosterModel()


def read_roster(data: bytes, label: str, path: Path | None = None, *, example: bool = False) -> RosterEntry:
    """A :class:`RosterEntry` from an EVA roster file's bytes; never raises."""
    return kit.read_roster(data, label, MODEL, path, example=example)


def saved_rosters(saves: Path) -> list[RosterEntry]:
    """Every roster file of ``<saves>/rosters``, read as EVA rosters, by file name."""
    return kit.saved_rosters(saves, MODEL)


def example_rosters() -> list[RosterEntry]:
    """The EVA rosters shipped with the game (read only), by file name."""
    return kit.example_rosters(MODEL)


def save_roster(saves: Path, file_name: str, roster: Roster) -> Path:
    """Write ``roster`` to ``<saves>/rosters/<file_name>`` (see :func:`tui.kit.roster_files.save_roster`)."""
    return kit.save_roster(saves, file_name, roster, MODEL)


def entry_cost(entry: RosterEntry) -> int:
    """The points of ``entry``'s roster (0 when unreadable), from the engine (EVA-17.2)."""
    return roster_cost(entry.roster) if entry.roster is not None else 0
