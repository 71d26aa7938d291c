"""Going Ballistic armies for the new game screen: random valid armies from the engine,
and the army files saved in ``<saves folder>/rosters/``.

Every file is read through :func:`engine.rosterfile.check_roster_file`, so a
damaged file, a foreign one or another system's roster becomes an entry with a
one-line reason (never an exception), and a roster that breaks GB-18.5 keeps its
problems to be shown. Files are only read here; the army builder
(:mod:`tui.rulesets.ballistic.roster_builder`) writes them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

import msgspec

from engine.i18n import _, ngettext
from engine.rosterfile import Problem, RosterFileError, check_roster_file, read_roster_file
from engine.rulesets.ballistic.roster import Roster, random_roster, roster_mass
from engine.text import NAME_LIMIT, shown
from tui.rulesets.ballistic.panels import profile_name

__all__ = ["KEY", "ArmyEntry", "army_summary", "new_random_army", "read_army", "saved_armies"]

#: The system whose rosters this module reads.
KEY = "ballistic"


@dataclass(frozen=True)
class ArmyEntry:
    """One army file: ``label`` (its file name, made safe to show), ``roster`` (None when
    the file cannot be used, with ``reason``), ``problems`` (GB-18.5; empty when valid)."""

    label: str
    roster: Roster | None = None
    reason: str = ""
    problems: list[Problem] = field(default_factory=list)
    #: The file is another system's roster.
    foreign: bool = False

    @property
    def valid(self) -> bool:
        """The file holds a roster that may be fielded."""
        return self.roster is not None and not self.problems


class _ArmyFile(msgspec.Struct):
    roster: Roster


class _Header(msgspec.Struct):
    ruleset: str = ""


def read_army(data: bytes, label: str) -> ArmyEntry:
    """An :class:`ArmyEntry` from a roster file's bytes; never raises. A file that
    names another system is marked ``foreign`` (whatever its roster holds)."""
    try:
        named = msgspec.json.decode(data, type=_Header).ruleset
    except Exception:  # noqa: BLE001 - not even a header: the full check says why
        named = KEY
    if named != KEY:
        return ArmyEntry(
            label, reason=_("this roster is for another system ({key})").format(key=named[:20]), foreign=True
        )
    try:
        key, problems = check_roster_file(data)
    except RosterFileError as exc:
        return ArmyEntry(label, reason=str(exc))
    except Exception as exc:  # noqa: BLE001 - a file from outside must never stop the screen
        return ArmyEntry(label, reason=_("the file is damaged: {reason}").format(reason=exc))
    if key != KEY:
        return ArmyEntry(
            label, reason=_("this roster is for another system ({key})").format(key=key), foreign=True
        )
    try:
        roster = msgspec.json.decode(data, type=_ArmyFile).roster
    except (msgspec.DecodeError, RecursionError) as exc:
        return ArmyEntry(label, reason=_("the file is damaged: {reason}").format(reason=exc))
    return ArmyEntry(label, roster=roster, problems=list(problems))


def saved_armies(saves: Path) -> list[ArmyEntry]:
    """Every Going Ballistic roster of ``<saves>/rosters/*.json`` (hidden files left out),
    by file name; files of other systems are left out; a missing folder gives none."""
    folder = Path(saves) / "rosters"
    try:
        paths = sorted(
            (p for p in folder.glob("*.json") if not p.name.startswith(".") and p.is_file()),
            key=lambda p: p.name.casefold(),
        )
    except OSError:
        return []
    out = []
    for path in paths:
        label = shown(path.name, NAME_LIMIT)
        try:
            entry = read_army(read_roster_file(path), label)
        except RosterFileError as exc:
            entry = ArmyEntry(label, reason=str(exc))
        if entry.foreign:
            continue
        out.append(entry)
    return out


def new_random_army(rng: random.Random, side: int) -> Roster:
    """A random valid army within the default mass limit (GB-18.5), from the engine
    (:func:`engine.rulesets.ballistic.roster.random_roster`)."""
    return random_roster(rng, ("Blue", "Red")[side % 2])


def army_summary(roster: Roster) -> str:
    """``4 units, 130 t: Hare-1 (Hare), ...``."""
    units = ", ".join(f"{u.name} ({profile_name(u.chassis)})" for u in roster.units)
    head = ngettext("{n} unit, {mass} t", "{n} units, {mass} t", len(roster.units)).format(
        n=len(roster.units), mass=roster_mass(roster)
    )
    return f"{head}: {units}"
