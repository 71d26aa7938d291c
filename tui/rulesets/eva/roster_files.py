"""EVA roster files: the player's saved rosters and the shipped examples.

Saved rosters live in ``<saves folder>/rosters/*.json`` (format
``wartable-roster``, written by :func:`engine.rulesets.eva.roster.encode_roster_file`).
The examples ship in ``engine/rulesets/eva/rosters/`` and are only ever read:
a roster opened from an example is saved under a new name in the player's
folder. Every file is read through :func:`engine.rosterfile.check_roster_file`,
so a damaged or foreign file becomes an entry with a one-line reason (never an
exception) and is never modified.
"""

from __future__ import annotations

import errno
import unicodedata
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import msgspec

from engine.i18n import N_, _
from engine.record import write_atomic
from engine.rosterfile import MAX_ROSTER_BYTES, Problem, RosterFileError, check_roster_file, read_roster_file
from engine.rulesets.eva.roster import Roster, encode_roster_file, roster_cost
from engine.text import NAME_LIMIT, shown, tree_problem
from tui.textfit import slug

__all__ = [
    "MAX_ROSTER_BYTES",
    "RosterEntry",
    "example_rosters",
    "file_name_for",
    "read_roster",
    "roster_title",
    "rosters_folder",
    "save_roster",
    "saved_rosters",
]

#: The rulesets key of the rosters this module reads.
KEY = "eva"
#: The names of the shipped examples, shown in the interface's language.
EXAMPLE_NAMES = frozenset({N_("Long watch"), N_("Mass production"), N_("NERV first squad")})


def roster_title(name: str) -> str:
    """A roster's name as shown: an example's name in the interface's language."""
    return _(name) if name in EXAMPLE_NAMES else name


@dataclass(frozen=True)
class RosterEntry:
    """One roster file.

    ``label``: the file name; ``path``: where it is (None for an example);
    ``example``: a shipped example (read only); ``roster``: the roster, or None
    when the file cannot be read, with ``reason`` (one line); ``problems``: its
    EVA-17 problems (empty when it is valid).
    """

    label: str
    path: Path | None
    example: bool = False
    roster: Roster | None = None
    reason: str = ""
    problems: list[Problem] = field(default_factory=list)

    @property
    def usable(self) -> bool:
        """The file holds a roster (valid or not)."""
        return self.roster is not None

    @property
    def valid(self) -> bool:
        """The roster breaks no rule of EVA-17."""
        return self.roster is not None and not self.problems

    @property
    def cost(self) -> int:
        """The roster's points (0 when unreadable)."""
        return roster_cost(self.roster) if self.roster is not None else 0


class _EvaRosterFile(msgspec.Struct):
    roster: Roster


def read_roster(data: bytes, label: str, path: Path | None = None, *, example: bool = False) -> RosterEntry:
    """A :class:`RosterEntry` from a roster file's bytes; never raises."""
    try:
        key, problems = check_roster_file(data)
    except RosterFileError as exc:
        return RosterEntry(label, path, example, reason=str(exc))
    except Exception as exc:  # noqa: BLE001 - an untrusted file must never crash the screen
        return RosterEntry(label, path, example, reason=_("the file is damaged: {reason}").format(reason=exc))
    if key != KEY:
        return RosterEntry(
            label, path, example, reason=_("this roster is for another system ({key})").format(key=key)
        )
    try:
        roster = msgspec.json.decode(data, type=_EvaRosterFile).roster
    except (msgspec.DecodeError, RecursionError) as exc:
        return RosterEntry(label, path, example, reason=_("the file is damaged: {reason}").format(reason=exc))
    return RosterEntry(label, path, example, roster=roster, problems=problems)


def read_roster_path(path: Path) -> RosterEntry:
    """The roster file at ``path`` (a file that is too large, not a regular file or
    cannot be read gets a reason; see :func:`engine.rosterfile.read_roster_file`)."""
    try:
        data = read_roster_file(path)
    except RosterFileError as exc:
        return RosterEntry(shown(path.name, NAME_LIMIT), path, reason=str(exc))
    return read_roster(data, shown(path.name, NAME_LIMIT), path)


def rosters_folder(saves: Path) -> Path:
    """The folder of the player's rosters: ``<saves>/rosters`` (not created here)."""
    return Path(saves) / "rosters"


def saved_rosters(saves: Path) -> list[RosterEntry]:
    """Every ``*.json`` file of ``<saves>/rosters`` (hidden files left out), by file
    name; a missing folder gives an empty list."""
    folder = rosters_folder(saves)
    try:
        paths = sorted(
            (p for p in folder.glob("*.json") if not p.name.startswith(".") and p.is_file()),
            key=lambda p: p.name.casefold(),
        )
    except OSError:
        return []
    return [read_roster_path(p) for p in paths]


def example_rosters() -> list[RosterEntry]:
    """The rosters shipped with the game (read only), by file name."""
    folder = resources.files("engine.rulesets.eva") / "rosters"
    out = []
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if item.name.endswith(".json"):
            out.append(read_roster(item.read_bytes(), item.name, None, example=True))
    return out


def file_name_for(name: str) -> str:
    """A file name for a roster called ``name`` (see :func:`tui.textfit.slug`);
    ``roster.json`` when nothing is left."""
    return f"{slug(name) or 'roster'}.json"


def clean_file_name(text: str) -> str | None:
    """The file name a player typed, made safe: no folders, ``.json`` added; None
    when nothing usable is left (empty, only dots, hidden)."""
    name = text.strip().replace("/", "-").replace("\\", "-")
    name = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C")
    if not name.lower().endswith(".json"):
        name += ".json"
    stem = name[:-5]
    if not stem.strip(". ") or name.startswith("."):
        return None
    if len(name.encode("utf-8")) > 200:
        return None
    return name


def save_roster(saves: Path, file_name: str, roster: Roster) -> Path:
    """Write ``roster`` to ``<saves>/rosters/<file_name>`` atomically (the folder is
    created); returns the path. Raises OSError when the disk refuses, or (EINVAL,
    with the reason) when a text of the roster could not be read back from the file
    (:func:`engine.text.tree_problem`: too long, or holding control characters)."""
    found = tree_problem(msgspec.to_builtins(roster), NAME_LIMIT, "roster")
    if found is not None:
        raise OSError(
            errno.EINVAL,
            _("the text at {where} is refused: {why}").format(
                where=found[0], why=_(found[1]).format(limit=NAME_LIMIT)
            ),
        )
    path = rosters_folder(saves) / file_name
    write_atomic(path, encode_roster_file(roster))
    return path
