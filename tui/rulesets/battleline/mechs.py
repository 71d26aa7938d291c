"""The mechs a seat may field: the four shipped samples (BLC-7) and the mech files in
the saves folder's ``rosters/``.

Every file is read through :func:`engine.rosterfile.check_roster_file`, so a file
that is damaged, too large, holds text that is refused, or belongs to another
system never reaches the screen: files of other systems are left out quietly
(they share the folder), unreadable ones are counted. A mech whose build breaks a
builder rule (BLC-2) is listed with its problems and cannot be chosen.

The mech builder, when it comes, writes its files into the same folder
(:func:`rosters_folder`), so they appear here without a change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import msgspec

from engine.rosterfile import Problem, RosterFileError, check_roster_file, read_roster_file
from engine.rulesets.battleline.roster import Mech, sample_mechs
from engine.text import NAME_LIMIT, shown

__all__ = ["MechEntry", "MechList", "mech_list", "rosters_folder", "sample_entries", "saved_entries"]

#: The key of the system whose mech files are read here.
KEY = "battleline"


@dataclass(frozen=True)
class MechEntry:
    """One mech a seat may field.

    ``key``: how the set-up remembers it (``"sample:Kestrel"``, ``"file:kestrel.json"``);
    ``mech``; ``sample``: shipped with the game; ``file``: the file's name for a saved
    one; ``problems``: its builder problems (empty: it may be fielded).
    """

    key: str
    mech: Mech
    sample: bool = False
    file: str = ""
    problems: list[Problem] = field(default_factory=list)

    @property
    def usable(self) -> bool:
        """Whether the mech may be fielded (its build breaks no rule)."""
        return not self.problems


@dataclass(frozen=True)
class MechList:
    """Every mech on offer (samples first, then the saved ones by file name) and how
    many files of the folder could not be read."""

    entries: list[MechEntry]
    unreadable: int = 0

    def get(self, key: str) -> MechEntry | None:
        """The entry remembered as ``key``, or None."""
        return next((e for e in self.entries if e.key == key), None)

    @property
    def usable(self) -> list[MechEntry]:
        """The entries that may be fielded."""
        return [e for e in self.entries if e.usable]


class _MechFile(msgspec.Struct):
    roster: Mech


def rosters_folder(saves: Path) -> Path:
    """The folder of the player's roster and mech files: ``<saves>/rosters``."""
    return Path(saves) / "rosters"


#: The sample mechs in the order the rules list them (BLC-7).
SAMPLE_ORDER = ("Kestrel", "Bulwark", "Hornet", "Ram")


def sample_entries() -> list[MechEntry]:
    """The sample mechs of BLC-7, in the order the rules list them."""
    samples = sample_mechs()
    names = sorted(
        samples, key=lambda n: (SAMPLE_ORDER.index(n) if n in SAMPLE_ORDER else len(SAMPLE_ORDER), n)
    )
    return [MechEntry(f"sample:{name}", samples[name], sample=True) for name in names]


def _read(path: Path) -> MechEntry | None | bool:
    """The mech of file ``path``: an entry, None for another system's file, False when
    the file cannot be read."""
    try:
        data = read_roster_file(path)
        key, problems = check_roster_file(data)
    except RosterFileError:
        return False
    except Exception:  # noqa: BLE001 - an untrusted file must never stop the screen
        return False
    if key != KEY:
        return None
    try:
        mech = msgspec.json.decode(data, type=_MechFile).roster
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        return False
    name = shown(path.name, NAME_LIMIT)
    return MechEntry(f"file:{name}", mech, file=name, problems=list(problems))


def saved_entries(saves: Path | None) -> tuple[list[MechEntry], int]:
    """The mechs in ``<saves>/rosters/*.json`` (hidden files left out) by file name, and
    how many files could not be read. A missing folder gives nothing."""
    if saves is None:
        return [], 0
    folder = rosters_folder(saves)
    try:
        paths = sorted(
            (p for p in folder.glob("*.json") if not p.name.startswith(".") and p.is_file()),
            key=lambda p: p.name.casefold(),
        )
    except OSError:
        return [], 0
    entries: list[MechEntry] = []
    bad = 0
    for path in paths:
        found = _read(path)
        if found is False:
            bad += 1
        elif isinstance(found, MechEntry):
            entries.append(found)
    return entries, bad


def mech_list(saves: Path | None) -> MechList:
    """The samples, then the saved mechs of ``saves`` (see :func:`saved_entries`)."""
    saved, bad = saved_entries(saves)
    return MechList(sample_entries() + saved, bad)
