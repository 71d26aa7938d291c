"""The roster builder's screen, for every system with rosters: the scaffold's screen
(see :mod:`tui.kit.roster`, which describes it and the model a system gives)."""

from __future__ import annotations

from typing import Any, ClassVar

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
from tui.kit.roster import Refused, RosterModel, Row
from tui.kit.roster_filing import RosterFiling
from tui.kit.rowlist import RowList
from tui.screens.base import WartableScreen
from tui.textfit import fit

__all__ = ["RosterBuilder", "catalogue_width"]


def catalogue_width(screen: int) -> int:
    """Columns of the catalogue pane: 57% of the screen, or all but 40 columns on a
    wide screen (the roster pane needs no more), so long names fit."""
    return max(int(screen * 0.57), screen - 40)


class RosterBuilder(RosterFiling, WartableScreen):
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
        if self.model.catalogue_follows_unit:
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
                if self.model.catalogue_follows_unit:
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
