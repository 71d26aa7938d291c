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

from pathlib import Path
from typing import Any, ClassVar, NamedTuple, Protocol

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.i18n import N_, _, ngettext
from engine.rosterfile import Problem
from tui.kit.roster_files import (
    PickResult,
    RosterEntry,
    RosterPickerScreen,
    clean_file_name,
    file_name_for,
    rosters_folder,
    save_roster,
)
from tui.kit.rowlist import RowList
from tui.screens.base import WartableScreen
from tui.textfit import fit

__all__ = [
    "Entry",
    "Refused",
    "RosterBuilder",
    "RosterModel",
    "RosterTexts",
    "Row",
    "Total",
    "catalogue_width",
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


def catalogue_width(screen: int) -> int:
    """Columns of the catalogue pane: 57% of the screen, or all but 40 columns on a
    wide screen (the roster pane needs no more), so long names fit."""
    return max(int(screen * 0.57), screen - 40)


class RosterBuilder(WartableScreen):
    """Builds or edits one roster of ``model``'s system (see the module's docstring).

    ``pick``: opened from the new game screen; "Use roster" dismisses with the roster
    (a valid one only); Escape dismisses with None. ``roster``: a roster to start from
    (a copy is edited). A system's screen subclasses it to give its model
    (``MODEL``), the descriptions of its keys and its switches' keys.
    """

    SCREEN_TITLE = N_("Roster builder")
    #: The cells of the cost column of the roster pane.
    COST_CELLS: ClassVar[int] = 4
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "enter_add", N_("Add"), priority=True),
        Binding("enter", "enter_rename", N_("Rename"), priority=True),
        # the footer shows the key that adds a unit already
        Binding("enter", "enter_new", N_("New unit"), priority=True, show=False),
        Binding("enter", "enter_remove", N_("Remove"), priority=True),
        Binding("u,г", "use", N_("Use roster")),
        Binding("n,т", "new_unit", N_("New unit")),
        Binding("c,с", "copy_unit", N_("Copy"), show=False),  # in the help: the footer is full
        Binding("delete,x,ч", "remove", N_("Remove")),
        Binding("r,к", "rename", N_("Rename the unit or the roster"), show=False),
        Binding("ctrl+up", "move(-1)", N_("Move up"), show=False),
        Binding("ctrl+down", "move(1)", N_("Move down"), show=False),
        Binding("s,ы,ctrl+s", "save", N_("Save")),
        Binding("o,щ", "open", N_("Open")),
        Binding("escape", "back", N_("Back"), show=False),  # in the help: the footer is full
        Binding("tab,shift+tab", "switch_pane", N_("Roster or catalogue"), show=False),
    ]

    #: The system's model (a subclass sets it, or passes ``model``).
    MODEL: ClassVar[RosterModel | None] = None

    def __init__(self, *, pick: bool = False, roster: Any = None, model: RosterModel | None = None) -> None:
        super().__init__()
        found = model or type(self).MODEL
        if found is None:
            raise ValueError("a roster builder needs its system's model")
        self.model: RosterModel = found
        self.pick = pick
        self.roster: Any = self.model.new_roster() if roster is None else self.model.copy(roster)
        #: The file in the rosters folder the roster was opened from or saved to.
        self.file_name: str | None = None
        #: The roster as last saved or opened (to know about unsaved changes).
        self._clean: bytes = self.model.encode(self.roster)
        self._problems: list[Problem] = []
        self._current: int | None = 0 if self.model.rows(self.roster, 40, "…") else None
        self._widths = (0, 0)

    # -- layout ---------------------------------------------------------------------
    def compose_body(self) -> ComposeResult:
        """Header, the two panes, the problems."""
        with Vertical(id="rb-body"):
            yield Static(id="rb-head", markup=False)
            with Horizontal(id="rb-main"):
                yield RowList(pointer=self.glyphs.pointer, id="rb-roster")
                with Vertical(id="rb-cat-pane"):
                    yield RowList(pointer=self.glyphs.pointer, id="rb-catalogue")
                    yield Static(id="rb-detail", markup=False)
            with VerticalScroll(id="rb-problems"):
                yield Static(id="rb-problems-text", markup=False)

    def on_mount(self) -> None:
        """Fill the panes and focus the roster."""
        roster_list = self.query_one("#rb-roster", RowList)
        roster_list.border_title = _("Roster")
        self.query_one("#rb-catalogue", RowList).border_title = _("Catalogue")
        self.query_one("#rb-problems", VerticalScroll).border_title = _(self.model.texts.rules_title)
        first = next((r.id for r in self._rows() if r.depth == 0 and not r.note), "name")
        self._refresh(first)
        self._fill_catalogue()
        roster_list.focus()

    async def refresh_language(self) -> None:
        """Re-compose in the new language, keeping the cursor."""
        row = self.query_one("#rb-roster", RowList).row_id
        await self.recompose()
        self.on_mount()
        if row:
            self._refresh(row)

    def on_resize(self, event: events.Resize) -> None:
        """The catalogue takes the room the roster does not need; names are cut to the
        width of the panes: fill them again."""
        self.query_one("#rb-cat-pane").styles.width = catalogue_width(self.app.size.width)
        self.call_after_refresh(self._refit)

    def _refit(self) -> None:
        widths = (self._width("#rb-roster"), self._width("#rb-catalogue"))
        if widths != self._widths:
            self._widths = widths
            self._refresh()
            self._fill_catalogue()

    # -- helpers --------------------------------------------------------------------
    @property
    def ell(self) -> str:
        """The ellipsis of the glyph set."""
        return "..." if self.glyphs.name == "ascii" else "…"

    def _width(self, selector: str) -> int:
        """Cells available for a row's text in list ``selector`` (after the pointer).
        Before the first layout, the width the stylesheet will give the list (the
        catalogue pane is 57% of the screen; each list loses 6 columns to its frame and
        scroll bar), so the first frame is already right."""
        try:
            width = self.query_one(selector, RowList).scrollable_content_region.width
        except NoMatches:
            width = 0
        if not width:
            screen = self.app.size.width
            catalogue = catalogue_width(screen)
            width = (catalogue if selector == "#rb-catalogue" else screen - catalogue) - 6
        return max(12, width - 3)

    def _rows(self) -> list[Row]:
        return self.model.rows(self.roster, self._width("#rb-roster") - self.COST_CELLS - 3, self.ell)

    @property
    def dirty(self) -> bool:
        """Whether the roster has changes that are not saved."""
        return self.model.encode(self.roster) != self._clean

    def _row(self) -> str | None:
        try:
            return self.query_one("#rb-roster", RowList).row_id
        except NoMatches:
            return None

    def _focused_id(self) -> str | None:
        return self.focused.id if self.focused is not None else None

    # -- the roster pane -------------------------------------------------------------
    def _refresh(self, highlight: str | None = None) -> None:
        """Validate, then redraw the roster list, the header and the problems."""
        model = self.model
        self._problems = model.problems(self.roster)
        ell = self.ell
        g = self.glyphs
        width = self._width("#rb-roster")
        roster_list = self.query_one("#rb-roster", RowList)
        if highlight is None:
            highlight = roster_list.row_id
        options: list[Option] = []
        title = model.roster_name(self.roster).strip() or _("(no name)")
        label = _("Roster:") + " "
        options.append(Option(Text.assemble(label, (fit(title, width - len(label), ell), "bold")), id="name"))
        cells = self.COST_CELLS
        for row in self._rows():
            if row.note:
                pad = " " * (cells + 3)
                options.append(Option(Text(pad + str(row.text), style="italic"), id=row.id, disabled=True))
            elif row.depth == 0:
                mark = g.bad if row.bad else g.ok
                text = row.text.copy() if isinstance(row.text, Text) else Text(row.text)
                text.stylize("bold")
                options.append(
                    Option(Text.assemble((f"{mark} {row.cost:>{cells}} ", "bold"), text), id=row.id)
                )
            else:
                options.append(Option(Text.assemble(f"  {row.cost:>{cells}} ", row.text), id=row.id))
        if model.new_units:
            options.append(Option(Text("+ " + _(model.texts.new_unit), style="italic"), id="new"))
        roster_list.set_rows(options, highlight)
        index = model.unit_of(roster_list.row_id)
        units = [r.unit for r in self._rows() if r.depth == 0 and r.unit is not None]
        if index is not None:
            self._current = index
        elif not units:
            self._current = None
        elif self._current is not None:
            self._current = min(self._current, max(units))
        self._show_head()
        self._show_problems()
        self._show_target()
        self.refresh_bindings()

    def _show_head(self) -> None:
        g = self.glyphs
        totals = "   ".join(t.text for t in self.model.totals(self.roster))
        if self._problems:
            n = len(self._problems)
            state = g.bad + " " + ngettext("{n} problem", "{n} problems", n).format(n=n)
        else:
            state = g.ok + " " + _("valid")
        unsaved = "  " + _("(unsaved changes)") if self.dirty else ""
        self.query_one("#rb-head", Static).update(f"{totals}   {state}{unsaved}")

    def _show_problems(self) -> None:
        g = self.glyphs
        if not self._problems:
            text = g.ok + " " + _("The roster follows every rule of army building.")
        else:
            text = "\n".join(
                f"{g.bad} {p.rule:<9} {self.model.problem_text(p, 24, self.ell)}" for p in self._problems
            )
        self.query_one("#rb-problems-text", Static).update(text)
        self.query_one("#rb-problems", VerticalScroll).set_class(bool(self._problems), "-bad")

    def _show_target(self) -> None:
        cat = self.query_one("#rb-catalogue", RowList)
        if self._current is None:
            cat.border_title = _("Catalogue")
        else:
            name = self.model.unit_name(self.roster, self._current).strip() or _("(no name)")
            cat.border_title = _(self.model.texts.add_to).format(name=fit(name, 16, self.ell))

    # -- the catalogue pane ----------------------------------------------------------
    def _fill_catalogue(self) -> None:
        width = self._width("#rb-catalogue")
        entries = self.model.catalogue(self.roster, self._current, width, self.ell)
        options = [Option(e.text, id=e.id, disabled=e.heading) for e in entries]
        cat = self.query_one("#rb-catalogue", RowList)
        cat.set_rows(options, cat.row_id)
        legend = self.model.legend(width)
        cat.border_subtitle = fit(legend, width + 2, self.ell) if legend else ""
        self._show_detail()

    def _show_detail(self) -> None:
        row = self.query_one("#rb-catalogue", RowList).row_id or ""
        self.query_one("#rb-detail", Static).update(self.model.describe(row) if row else "")

    # -- events ---------------------------------------------------------------------
    @on(OptionList.OptionHighlighted, "#rb-roster")
    def _roster_moved(self, event: OptionList.OptionHighlighted) -> None:
        index = self.model.unit_of(event.option.id)
        if index is not None and index != self._current:
            self._current = index
            self._show_target()
            if self.model.catalogue_follows_unit:
                self._fill_catalogue()
        self.refresh_bindings()

    @on(OptionList.OptionHighlighted, "#rb-catalogue")
    def _catalogue_moved(self) -> None:
        self._show_detail()

    @on(OptionList.OptionSelected, "#rb-roster")
    def _roster_clicked(self, event: OptionList.OptionSelected) -> None:
        # Enter is bound above, so this comes from a click: the harmless rows act,
        # a unit or an item is only highlighted (removing takes the Remove key).
        if event.option.id == "name":
            self.action_rename()
        elif event.option.id == "new":
            self.action_new_unit()

    @on(OptionList.OptionSelected, "#rb-catalogue")
    def _catalogue_clicked(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self._add(event.option.id)

    def on_descendant_focus(self) -> None:
        """The keys shown depend on the focused pane."""
        self.refresh_bindings()

    # -- key availability ------------------------------------------------------------------
    def _row_info(self, row_id: str | None) -> Row | None:
        return next((r for r in self._rows() if r.id == row_id), None) if row_id else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Which keys apply: Enter's meaning follows the focused pane and row."""
        focus = self._focused_id()
        row = self._row()
        if action == "enter_add":
            return focus == "rb-catalogue"
        if action in ("enter_rename", "enter_new", "enter_remove"):
            if focus != "rb-roster":
                return False
            info = self._row_info(row)
            if action == "enter_rename":
                return bool(row == "name" or (info is not None and info.renamable))
            if action == "enter_new":
                return row == "new"
            return bool(info is not None and info.removable and info.depth > 0)
        if action == "use":
            return bool(self.pick)
        if action in ("copy_unit", "remove"):
            return True if self._current is not None else None
        if action == "new_unit":
            return True if self.model.new_units else None
        if action == "move":
            info = self._row_info(row)
            return True if info is not None and info.movable else None
        if action == "switch":
            switch = str(parameters[0]) if parameters else ""
            return True if switch in self.model.switches(self.roster, row) else None
        return True

    def action_help(self) -> None:
        """The keys of the builder, with what Enter does in each pane (the footer shows
        only what it does on the highlighted row)."""
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.screen_title(), self.help_rows()))

    def help_rows(self) -> list[tuple[str, str]]:
        """(keys, meaning) rows of the help: Enter in each pane, then the other keys."""
        from tui.screens.base import key_rows

        enter = self.app.get_key_display(Binding("enter", "enter_add"))
        rows = [(enter, _(self.model.texts.enter_catalogue)), (enter, _(self.model.texts.enter_roster))]
        # the lists' own keys (arrows, Home, End, PgUp, PgDn) on one row, so that the help fits
        moves = [b for b in OptionList.BINDINGS if isinstance(b, Binding) and b.action != "select"]
        move_texts = {_(b.description) for b in moves}

        def keys(*names: str) -> str:
            return ", ".join(self.app.get_key_display(Binding(key, "move")) for key in names)

        lists = [(keys("up", "down", "pageup", "pagedown", "home", "end"), _("move in the list"))]
        up, down = _("Move up"), _("Move down")
        helps = {_(b.description) for b in self.BINDINGS if isinstance(b, Binding) and b.action == "help"}
        others: list[tuple[str, str]] = []
        last: list[tuple[str, str]] = []
        for keys_shown, text in key_rows(self):
            if keys_shown == enter or text in move_texts:
                continue
            if text == up:  # one row for both directions, so that the help fits
                text = _("move the row up or down")
                keys_shown = ", ".join(k for k, t in key_rows(self) if t in (up, down))
            elif text == down:
                continue
            (last if text in helps else others).append((keys_shown, text))
        # the screen's keys, the lists' keys, then the help and the app's (quit) last
        return [*rows, *others[:-1], *lists, *last, *others[-1:]]

    def action_switch_pane(self) -> None:
        """Tab: between the roster and the catalogue (the rules below scroll with the mouse)."""
        target = "#rb-catalogue" if self._focused_id() == "rb-roster" else "#rb-roster"
        self.query_one(target, RowList).focus()

    # -- actions: the units ----------------------------------------------------------
    def action_enter_add(self) -> None:
        """Add the highlighted catalogue entry to the current unit."""
        row = self.query_one("#rb-catalogue", RowList).row_id
        if row:
            self._add(row)

    def action_enter_rename(self) -> None:
        """Rename the roster or the highlighted unit."""
        self.action_rename()

    def action_enter_new(self) -> None:
        """Add a unit."""
        self.action_new_unit()

    def action_enter_remove(self) -> None:
        """Remove the highlighted item."""
        self.action_remove()

    def action_new_unit(self) -> None:
        """Add a unit at the end of the roster."""
        if not self.model.new_units:
            return
        index = self.model.new_unit(self.roster)
        self._current = index
        self._refresh(self._unit_row(index))
        self._fill_catalogue()

    def _unit_row(self, unit: int) -> str | None:
        return next((r.id for r in self._rows() if r.depth == 0 and r.unit == unit), None)

    def action_copy_unit(self) -> None:
        """Add a copy of the current unit, with a new name, after it."""
        if self._current is None:
            return
        self._current = self.model.copy_unit(self.roster, self._current)
        self._refresh(self._unit_row(self._current))

    def action_remove(self) -> None:
        """Remove the highlighted item, or the highlighted unit after a confirmation."""
        row = self._row() or ""
        info = self._row_info(row)
        if info is None or not info.removable:
            return
        if info.depth == 0 and info.unit is not None:
            self._ask_remove_unit(row, info.unit)
            return
        self._refresh(self.model.remove(self.roster, row))

    def _ask_remove_unit(self, row: str, unit: int) -> None:
        from tui.screens.dialogs import ConfirmScreen

        name = self.model.unit_name(self.roster, unit).strip() or _("(no name)")

        def done(yes: bool | None) -> None:
            if yes:
                highlight = self.model.remove(self.roster, row)
                self._current = self.model.unit_of(highlight)
                self._refresh(highlight or "new")
                self._fill_catalogue()

        self.app.push_screen(
            ConfirmScreen(
                _(self.model.texts.remove_title),
                _(self.model.texts.remove_question).format(name=fit(name, 40, self.ell)),
                confirm=_("Remove"),
                cancel=_("Keep"),
            ),
            done,
        )

    def action_rename(self) -> None:
        """Rename the roster (on its row) or the current unit."""
        from tui.screens.prompts import TextPromptScreen

        row = self._row()
        if row == "name" or self._current is None:

            def roster_named(text: str | None) -> None:
                if text is not None:
                    self.model.rename_roster(self.roster, text.strip())
                    self._refresh("name")

            self.app.push_screen(
                TextPromptScreen(
                    _("Roster name"), _("The name of the roster:"), self.model.roster_name(self.roster)
                ),
                roster_named,
            )
            return
        index = self._current

        def check(text: str) -> str | None:
            return self.model.name_problem(self.roster, index, text)

        def unit_named(text: str | None) -> None:
            if text is not None:
                self.model.rename_unit(self.roster, index, text.strip())
                self._refresh(self._unit_row(index))

        self.app.push_screen(
            TextPromptScreen(
                _(self.model.texts.rename_title),
                _(self.model.texts.rename_label),
                self.model.unit_name(self.roster, index),
                check=check,
            ),
            unit_named,
        )

    def action_move(self, step: int) -> None:
        """Move the highlighted row up (``step`` -1) or down (the order is the roster's)."""
        row = self._row()
        if row is None:
            return
        moved = self.model.move(self.roster, row, step)
        if moved is not None:
            self._refresh(moved)

    def action_switch(self, switch: str) -> None:
        """Flip the system's switch ``switch`` of the highlighted row."""
        row = self._row()
        if row is None or switch not in self.model.switches(self.roster, row):
            return
        self._refresh(self.model.switch(self.roster, row, switch) or row)

    # -- adding from the catalogue ------------------------------------------------------
    def _add(self, entry: str) -> None:
        unit = self._current
        places = self.model.places(self.roster, unit, entry)
        if len(places) > 1:
            from tui.kit.dialogs import ChoiceDialog

            def placed(place: str | None) -> None:
                if place is not None:
                    self._add_at(unit, entry, place)

            self.app.push_screen(ChoiceDialog(_("Where?"), [self.model.describe(entry)], places), placed)
            return
        self._add_at(unit, entry, places[0][0] if places else "")

    def _add_at(self, unit: int | None, entry: str, place: str) -> None:
        try:
            row = self.model.add(self.roster, unit, entry, place)
        except Refused as refusal:
            self.notify(str(refusal), severity="warning", markup=False)
            return
        if row is None:
            return
        before = self._current
        self._refresh(row)
        if self._current != before and self.model.catalogue_follows_unit:
            self._fill_catalogue()

    # -- files ------------------------------------------------------------------------
    @property
    def _saves(self) -> Path:
        return self.wapp.saves_folder

    def action_save(self) -> None:
        """Save the roster in the rosters folder; a roster that breaks a rule only as a
        draft, after a warning."""
        from tui.screens.dialogs import ConfirmScreen

        if self._problems:

            def go(yes: bool | None) -> None:
                if yes:
                    self._ask_file_name(draft=True)

            self.app.push_screen(
                ConfirmScreen(
                    _("Save as a draft?"),
                    ngettext(
                        "This roster breaks {n} rule of army building.",
                        "This roster breaks {n} rules of army building.",
                        len(self._problems),
                    ).format(n=len(self._problems))
                    + " "
                    + _(
                        "It can be saved as a draft, but a draft cannot be chosen for a game until it is fixed."
                    ),
                    confirm=_("Save draft"),
                    cancel=_("Keep editing"),
                ),
                go,
            )
            return
        self._ask_file_name(draft=False)

    def _ask_file_name(self, draft: bool) -> None:
        from tui.paths import display_path
        from tui.screens.prompts import TextPromptScreen

        folder = rosters_folder(self._saves)
        default = self.file_name or file_name_for(self.model.roster_name(self.roster))

        def check(text: str) -> str | None:
            return None if clean_file_name(text) else _("Give a file name (letters, digits, - or _).")

        def named(text: str | None) -> None:
            name = clean_file_name(text) if text is not None else None
            if name is None:
                return
            if name != self.file_name and (folder / name).exists():
                self._confirm_replace(name, draft)
            else:
                self._write(name, draft)

        self.app.push_screen(
            TextPromptScreen(
                _("Save roster"),
                _("File name in {folder}:").format(folder=display_path(folder)),
                default,
                check=check,
            ),
            named,
        )

    def _confirm_replace(self, name: str, draft: bool) -> None:
        from tui.screens.dialogs import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self._write(name, draft)

        self.app.push_screen(
            ConfirmScreen(
                _("Replace roster file"),
                _("{name} already exists. Replace it?").format(name=name)
                + "\n"
                + _("This cannot be undone."),
                confirm=_("Replace"),
                cancel=_("Keep"),
            ),
            done,
        )

    def _write(self, name: str, draft: bool) -> None:
        try:
            path = save_roster(self._saves, name, self.roster, self.model)
        except OSError as exc:
            self.notify(
                _("The roster could not be saved: {reason}").format(reason=exc.strerror or exc),
                severity="error",
                markup=False,
            )
            return
        self.file_name = name
        self._clean = self.model.encode(self.roster)
        message = (
            _("Saved as a draft: {file}").format(file=path.name)
            if draft
            else _("Saved: {file}").format(file=path.name)
        )
        self.notify(message, severity="warning" if draft else "information", markup=False)
        self._show_head()

    def action_open(self) -> None:
        """Open a saved roster or an example (after asking about unsaved changes)."""
        self._unless_unsaved(self._pick_file)

    def _pick_file(self) -> None:
        def picked(result: PickResult | None) -> None:
            if result is None:
                return
            if result.kind == "new":
                self.load(None)
            elif result.entry is not None:
                self.load(result.entry)

        self.app.push_screen(self.picker(), picked)

    def picker(self) -> RosterPickerScreen:
        """The window of roster files that Open shows (a system may give its own)."""
        return RosterPickerScreen(self._saves, self.model, "open")

    def load(self, entry: RosterEntry | None) -> None:
        """Edit ``entry``'s roster (a copy; an example is saved under a new name), or a
        new roster when ``entry`` is None."""
        if entry is None or entry.roster is None:
            self.roster = self.model.new_roster()
            self.file_name = None
        else:
            self.roster = self.model.copy(entry.roster)
            self.file_name = None if entry.example else entry.label
            if entry.example:
                # a copy to save under a new name: in the interface's language
                self.model.rename_roster(self.roster, self.model.title(self.model.roster_name(self.roster)))
        self._clean = self.model.encode(self.roster)
        rows = self._rows()
        first = next((r for r in rows if r.depth == 0 and not r.note), None)
        self._current = first.unit if first is not None else None
        self._refresh(first.id if first is not None else "new")
        self._fill_catalogue()
        self.query_one("#rb-roster", RowList).focus()

    # -- leaving ------------------------------------------------------------------------
    def _unless_unsaved(self, then: Any) -> None:
        """Run ``then()`` now, or after the player agrees to lose unsaved changes."""
        if not self.dirty:
            then()
            return
        from tui.screens.dialogs import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                then()

        self.app.push_screen(
            ConfirmScreen(
                _("Unsaved changes"),
                _("The roster has changes that are not saved. Discard them?"),
                confirm=_("Discard"),
                cancel=_("Keep editing"),
            ),
            done,
        )

    def action_back(self) -> None:
        """Leave the builder (asks first when there are unsaved changes); in pick mode,
        without choosing a roster."""
        if self.pick:
            self._unless_unsaved(lambda: self._leave(None))
        else:
            self._unless_unsaved(lambda: self._leave(None, pop=True))

    def _leave(self, roster: Any, pop: bool = False) -> None:
        """Close the builder; its notices ("Saved: ...") go with it rather than cover
        the screen underneath (the new game screen's map preview)."""
        self.app.clear_notifications()
        if pop:
            self.app.pop_screen()
        else:
            self.dismiss(roster)

    def action_use(self) -> None:
        """Pick mode: use this roster for the game; refused while it breaks a rule."""
        if not self.pick:
            return
        if self._problems:
            from tui.screens.dialogs import NoticeScreen

            g = self.glyphs
            lines = "\n".join(
                f"{g.bad} {p.rule}  {self.model.problem_text(p, 24, self.ell)}" for p in self._problems[:8]
            )
            self.app.push_screen(
                NoticeScreen(
                    _("This roster breaks the rules"), _(self.model.texts.must_follow) + "\n\n" + lines
                )
            )
            return
        self._leave(self.model.copy(self.roster))
