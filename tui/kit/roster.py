"""The roster-builder scaffold: the screens of building an army, for every system
with rosters. It knows no system: each gives a small model over its engine.

What every builder shares, and this module does:

* the roster being edited (its name, each unit with its cost and its parts), the
  catalogue to add from (with a line describing the highlighted entry), the
  problems with their rule IDs shown live, the totals against the limits in the
  header, and whether there are unsaved changes;
* adding from the catalogue to the current unit (asking where, when the model
  offers several places), removing, renaming, copying, moving a row up or down
  (where order matters), a system's own switches on a row (bound to its keys);
* saving as a roster file (a roster that breaks a rule only as a *draft*, after a
  warning; replacing a file only after asking), opening a saved roster or an
  example (:mod:`tui.kit.roster_files`: the list of files with open, new, delete,
  rename), asking before anything is lost (an Eva removed, unsaved changes);
* picked from the new game screen (``pick=True``), "use this roster", refused while
  it breaks a rule.

The screen is :class:`RosterBuilder` (in :mod:`tui.kit.roster_builder`, imported
from here when first asked for); the list of roster files is in
:mod:`tui.kit.roster_files`.

The model (:class:`RosterModel`)
---------------------------------
A system gives an object with these attributes and methods; every cost, default and
problem comes from its engine, never from the scaffold, and every text is already
translated when it is returned. Rows and catalogue entries are identified by ids the
model chooses (strings without a colon at the start; ``"name"`` and ``"new"`` are the
scaffold's own rows).

``key``: the ruleset's key (its roster files); ``texts``: a :class:`RosterTexts`
(the words of the system: "New Eva", the title of its rules…); ``new_units``: whether
the New-unit key makes a unit (False where units come only from the catalogue);
``catalogue_follows_unit``: whether the catalogue differs from unit to unit (a
mech's chassis decides its mounts), so that it is filled again when another unit
becomes current.

The roster: ``new_roster()`` (an empty roster, with what it starts with), ``copy(r)``
(an independent copy), ``roster_name(r)``/``rename_roster(r, name)``, ``encode(r)``
(the roster file's bytes, header included, :mod:`engine.rosterfile`), ``decode(data)``
(the roster part of a file: the ruleset's ``decode_roster``), ``problems(r)`` (the
ruleset's ``validate_roster``: :class:`engine.rosterfile.Problem` with rule IDs),
``problem_text(problem, cells, ellipsis)`` (one sentence, names cut),
``totals(r)`` (the :class:`Total` lines of the header: points against the budget,
regiments and men against their limits, tons against the roster mass…),
``details(r)`` (a few words for the list of files: "985 points", "3 Evas"),
``title(name)`` (a roster's name as shown: an example's name translated),
``examples()`` ((file name, bytes) of the rosters the system ships).

Its units (Evas, regiments, mechs…): ``rows(r, width, ellipsis)`` (the
:class:`Row` of each unit and of each of its parts, in order), ``unit_of(row_id)``
(the unit a row belongs to, or None), ``new_unit(r)`` (adds one, returns its index;
None when units come only from the catalogue), ``copy_unit(r, unit)``,
``unit_name(r, unit)``, ``name_problem(r, unit, name)`` (why a name is refused, or
None), ``rename_unit(r, unit, name)``, ``remove(r, row_id)`` (takes the row out;
returns the row to highlight), ``move(r, row_id, step)`` (the row's new id, or None
when it cannot move).

The catalogue: ``catalogue(r, unit, width, ellipsis)`` (the :class:`Entry` rows, in
sections), ``legend(width)`` (what its short headings stand for, or ""),
``describe(entry_id)`` (the line under it), ``places(r, unit, entry_id)`` ((id,
label) of where the entry may go, when there is a choice: an arm or a torso slot;
empty otherwise), ``add(r, unit, entry_id, place)`` (adds it to the current unit, or
None when there is none: a unit made from the catalogue, a faction; returns the row
to highlight, or raises :class:`Refused` with the reason).

A system's switches: ``switches(r, row_id)`` (the ids of the switches the row has
now), ``switch(r, row_id, switch_id)`` (flips it, returns the row to highlight); the
system's screen binds each switch to a key with the action ``switch('<id>')``.

How the systems fit: an EVA roster is Evas (units) with weapons, an AT level and
equipment (parts), against 1000 points (EVA-17); automatic fire is a switch on a
rifle. A Three Kingdoms army (kingdoms.md 3.7) is a faction (a row of the roster,
chosen from the catalogue's first section) and up to six regiments (units made from
the catalogue: a type and a size), each with a commander (a part, an officer of
the faction or an unnamed one), against 6 regiments and 4,000 men; their order is
the roster order (``move``). A Battleline mech (BLC-1 to BLC-7) is a chassis (a
unit's first part, chosen from the catalogue) with mounts: ``places`` asks which
arm or torso slot a weapon goes to, and the problems say what BLC-2 forbids. A
Going Ballistic roster (GB-18) is mechs (a chassis, weapons and equipment in mount
order: ``move``) and auxiliary units (units from the catalogue, with nothing to add),
against the payload of each mech (its row's cost column, "12/20 t") and the roster
mass (a total).
"""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol

from rich.text import Text

from engine.i18n import N_
from engine.rosterfile import Problem

__all__ = [
    "Entry",
    "Refused",
    "RosterModel",
    "RosterTexts",
    "Row",
    "Total",
]


class Row(NamedTuple):
    """A row of the roster pane. ``id``: the model's; ``text``: what it shows (a unit's
    name, a part); ``cost``: its cost column ("135", "3.5 t"; "" none); ``depth``: 0 a
    unit, 1 a part of it; ``unit``: the unit it belongs to; ``bad``: a problem names
    it (a unit's mark); ``removable``/``renamable``/``movable``: what may be done to
    it; ``note``: a line that cannot be chosen ("nothing added yet")."""

    id: str
    text: str | Text
    cost: str = ""
    depth: int = 0
    unit: int | None = None
    bad: bool = False
    removable: bool = False
    renamable: bool = False
    movable: bool = False
    note: bool = False


class Entry(NamedTuple):
    """A row of the catalogue: ``id`` (the model's), ``text`` (its columns, fitted to
    the width given), ``heading``: a section's title or the columns' heading (not
    chosen)."""

    id: str
    text: str | Text
    heading: bool = False


class Total(NamedTuple):
    """A line of the header: ``text`` ("985 of 1000 points spent, 15 left"), ``over``:
    beyond its limit."""

    text: str
    over: bool = False


class Refused(Exception):
    """Adding from the catalogue is not possible now; ``str()`` says why (translated)."""


class RosterTexts(NamedTuple):
    """The words of a system's builder, as message IDs (translated when shown)."""

    #: "New Eva", "New regiment": the row and the key that add a unit.
    new_unit: str = N_("New unit")
    #: The title and question before a unit is removed ({name}: the unit's).
    remove_title: str = N_("Remove unit")
    remove_question: str = N_("Remove {name} and everything it has from the roster?")
    #: The rename prompt of a unit.
    rename_title: str = N_("Rename unit")
    rename_label: str = N_("The unit's name:")
    #: The catalogue's title while a unit is current ({name}).
    add_to: str = N_("Catalogue: add to {name}")
    #: A unit with nothing yet.
    empty_unit: str = N_("(nothing added yet)")
    #: The problems pane's title (the rules of army building).
    rules_title: str = N_("Rules")
    #: Why a roster that breaks a rule cannot be played.
    must_follow: str = N_("A roster must follow every rule of army building to be played.")
    #: The help's line for Enter in the catalogue.
    enter_catalogue: str = N_("in the catalogue: add the item to the current unit")
    #: The help's line for Enter in the roster.
    enter_roster: str = N_("in the roster: rename the roster or the unit, remove an item, or add a unit")
    #: Why an item cannot be added when there is no unit to add it to (for a model's
    #: :class:`Refused`).
    add_unit_first: str = N_("Add a unit first (n).")


class RosterModel(Protocol):
    """A system's roster over its engine (see the module's docstring)."""

    key: str
    texts: RosterTexts
    new_units: bool
    catalogue_follows_unit: bool

    def new_roster(self) -> Any: ...
    def copy(self, roster: Any) -> Any: ...
    def roster_name(self, roster: Any) -> str: ...
    def rename_roster(self, roster: Any, name: str) -> None: ...
    def encode(self, roster: Any) -> bytes: ...
    def decode(self, data: bytes) -> Any: ...
    def problems(self, roster: Any) -> list[Problem]: ...
    def problem_text(self, problem: Problem, cells: int = 24, ellipsis: str = "…") -> str: ...
    def totals(self, roster: Any) -> list[Total]: ...
    def details(self, roster: Any) -> list[str]: ...
    def title(self, name: str) -> str: ...
    def examples(self) -> list[tuple[str, bytes]]: ...
    def rows(self, roster: Any, width: int, ellipsis: str) -> list[Row]: ...
    def unit_of(self, row_id: str | None) -> int | None: ...
    def new_unit(self, roster: Any) -> int: ...
    def copy_unit(self, roster: Any, unit: int) -> int: ...
    def unit_name(self, roster: Any, unit: int) -> str: ...
    def name_problem(self, roster: Any, unit: int, name: str) -> str | None: ...
    def rename_unit(self, roster: Any, unit: int, name: str) -> None: ...
    def remove(self, roster: Any, row_id: str) -> str | None: ...
    def move(self, roster: Any, row_id: str, step: int) -> str | None: ...
    def catalogue(self, roster: Any, unit: int | None, width: int, ellipsis: str) -> list[Entry]: ...
    def legend(self, width: int) -> str: ...
    def describe(self, entry_id: str) -> str: ...
    def places(self, roster: Any, unit: int | None, entry_id: str) -> list[tuple[str, str]]: ...
    def add(self, roster: Any, unit: int | None, entry_id: str, place: str = "") -> str | None: ...
    def switches(self, roster: Any, row_id: str | None) -> list[str]: ...
    def switch(self, roster: Any, row_id: str, switch_id: str) -> str | None: ...


def __getattr__(name: str) -> Any:
    """:class:`RosterBuilder` and :func:`catalogue_width` live in
    :mod:`tui.kit.roster_builder` (the screen); they are imported when first asked for."""
    if name in ("RosterBuilder", "catalogue_width"):
        from tui.kit import roster_builder

        return getattr(roster_builder, name)
    raise AttributeError(name)
