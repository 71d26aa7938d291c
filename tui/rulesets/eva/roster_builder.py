"""The EVA roster builder (EVA-17): the roster on the left, the catalogue on the right.

The roster list shows the roster's name, then each Eva with its points and its
weapons, AT level and equipment, then a row to add an Eva. The catalogue lists
the weapons (points, hands, damage at close/medium/long range, melee bonus),
the equipment and the AT levels; Enter or a click adds the highlighted item to
the Eva under the roster cursor. The points spent and left and every problem
of :func:`engine.rulesets.eva.roster.validate` (with its rule ID) are shown
live. The builder never decides a rule: it only shows what ``validate`` says.

Saving: a valid roster is saved to ``<saves folder>/rosters/<file>.json``; a
roster that breaks a rule can be saved only as a *draft*, after a warning,
and a draft cannot be chosen for a game until it is fixed. Opened with
``pick=True`` (from the new game screen) the builder also offers "Use this
roster", which refuses a roster that breaks a rule (EVA-17.10).
"""

from __future__ import annotations

from pathlib import Path
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
from engine.rulesets.eva.catalog import (
    AT_COST,
    BUDGET,
    EQUIPMENT,
    INCOMPATIBLE,
    WEAPONS,
    Weapon,
)
from engine.rulesets.eva.roster import (
    EvaEntry,
    Roster,
    WeaponEntry,
    encode_roster_file,
    eva_cost,
    roster_cost,
    validate,
    weapon_cost,
)
from tui.rulesets.eva.roster_files import (
    RosterEntry,
    clean_file_name,
    file_name_for,
    roster_title,
    rosters_folder,
)
from tui.rulesets.eva.rowlist import RowList
from tui.screens.base import WartableScreen
from tui.textfit import clean, fit

__all__ = ["RosterBuilderScreen", "describe_at", "describe_equipment", "describe_weapon"]

#: Cells of the points column of the roster list.
POINTS_CELLS = 4


def _names_of(problem: Problem) -> str | None:
    name = problem.args.get("name")
    return name.strip() if isinstance(name, str) else None


def problem_text(problem: Problem, cells: int = 24, ellipsis: str = "…") -> str:
    """``problem`` as one translated sentence, with a long Eva name cut to ``cells``."""
    args = dict(problem.args)
    if isinstance(args.get("name"), str):
        args["name"] = fit(args["name"], cells, ellipsis)
    for key in ("a", "b", "item"):
        if isinstance(args.get(key), str):
            args[key] = _(args[key])
    return _(problem.message).format(**args)


def _damage(w: Weapon) -> str:
    if w.damage is None:
        return "-/-/-"
    return "/".join(str(d) for d in w.damage)


def describe_weapon(w: Weapon, auto: bool = False) -> str:
    """A weapon of the catalogue in two or three translated sentences (for the detail line)."""
    hands = ngettext("{n} hand", "{n} hands", w.hands).format(n=w.hands)
    points = w.points + ((w.auto_points or 0) if auto else 0)
    head = ngettext(
        "{name} ({rule}): {hands}, {points} point.", "{name} ({rule}): {hands}, {points} points.", points
    ).format(name=_(w.name), rule=w.rule, hands=hands, points=points)
    parts = [head]
    if auto:
        parts.append(
            ngettext(
                "With automatic fire (+{points} point, EVA-17.5).",
                "With automatic fire (+{points} points, EVA-17.5).",
                w.auto_points or 0,
            ).format(points=w.auto_points)
        )
    elif w.auto_points is not None:
        parts.append(
            ngettext(
                "Automatic fire can be bought for +{points} point.",
                "Automatic fire can be bought for +{points} points.",
                w.auto_points,
            ).format(points=w.auto_points)
        )
    if w.damage is not None:
        close, medium, long = w.damage
        parts.append(
            _("Damage close {close}, medium {medium}, long {long}; {energy} energy a shot.").format(
                close=close, medium=medium, long=long, energy=w.energy
            )
        )
    if w.melee is not None:
        parts.append(_("Melee bonus +{bonus}.").format(bonus=w.melee))
    if w.ignores_at:
        parts.append(_("Ignores the AT field."))
    if w.at_cap is not None:
        parts.append(_("The target's AT field counts as at most {level}.").format(level=w.at_cap))
    if w.code == "qspear":
        parts.append(_("Not a Spear: reach 1, cannot be thrown, the AT field still counts (EVA-15.9)."))
    if w.thrown:
        parts.append(_("Thrown: the attack uses it up."))
    if w.tn:
        parts.append(_("Target number {tn:+d}.").format(tn=w.tn))
    if w.spear:
        parts.append(_("A Spear: one per Eva."))
    if w.lance:
        parts.append(_("Legendary: one per army."))
    if w.code == "n2":
        parts.append(_("One per Eva."))
    return " ".join(parts)


#: What each equipment item does, in one line of the app's own words (EVA-16).
EFFECTS: dict[str, str] = {
    "s2": N_("+2 maximum energy; regains 2 armour at the start of each activation; its traumas heal sooner."),
    "pseudo": N_(
        "−1 maximum energy, never lowered by damage; rolls its melee dice twice and keeps the better; "
        "ignores body traumas."
    ),
    "dmodule": N_(
        "Self-destruction for 3 energy: every other Eva within 2 squares takes this Eva's armour + 2d6 damage."
    ),
    "targeting": N_("A missed to-hit die is rolled once more."),
    "itargeting": N_("Rolls two to-hit dice and keeps the higher."),
    "arms": N_(
        "Reach +1; +1 melee bonus when attacking at distance 1; attacking from farther, the defender loses."
    ),
    "berserk": N_(
        "At armour 6 or less it may roll to go berserk: maximum energy 15, AT 6, +3 melee bonus, no shooting."
    ),
    "sync": N_(
        "Its maximum energy as damage grows is 14/10/5 instead of 12/10/7; its ranged attacks get TN −1."
    ),
    "jumpjet": N_("Jumps up to 3 squares over anything but blue for 2 energy; then it has no energy left."),
    "wings": N_(
        "Takes off or lands for 1 energy; flies over everything but blue; TN +1 for its shots and for shots at it."
    ),
    "accel": N_("Once a game, for one activation, every step costs half its energy."),
    "jaws": N_("+3 melee bonus; maximum armour 35 instead of 40."),
    "anatomy": N_("Its ranged critical hits need no confirmation die (Spear throws still do)."),
    "shield": N_(
        "Held in both hands: 15 points that take damage first; while held, no shooting and no melee attacks."
    ),
}


def describe_equipment(code: str) -> str:
    """An equipment item in a translated sentence, with what it cannot be combined with."""
    e = EQUIPMENT[code]
    text = ngettext("{name} ({rule}): {points} point.", "{name} ({rule}): {points} points.", e.points).format(
        name=_(e.name), rule=e.rule, points=e.points
    )
    if code in EFFECTS:
        text += " " + _(EFFECTS[code])
    others = [b if a == code else a for a, b in INCOMPATIBLE if code in (a, b)]
    if others:
        text += " " + _("Cannot be combined with {items} (EVA-17.8).").format(
            items=", ".join(_(EQUIPMENT[o].name) for o in others)
        )
    if code == "shield":
        text += " " + _("Not a weapon: it does not count towards the four weapons.")
    return text


def describe_at(level: int) -> str:
    """An AT level in a translated sentence."""
    if level == 0:
        return _("No AT field (level 0): 0 points (EVA-17.6).")
    return (
        ngettext(
            "AT-{level} (EVA-17.6): {points} point.",
            "AT-{level} (EVA-17.6): {points} points.",
            AT_COST[level],
        ).format(level=level, points=AT_COST[level])
        + " "
        + _(
            "Takes {level} off the damage of every hit; a hit still costs at least 1 armour (EVA-13.3)."
        ).format(level=level)
    )


def catalogue_width(screen: int) -> int:
    """Columns of the catalogue pane: 57% of the screen, or all but 40 columns on a
    wide screen (the roster pane needs no more), so long names fit."""
    return max(int(screen * 0.57), screen - 40)


class RosterBuilderScreen(WartableScreen):
    """Builds or edits one EVA roster.

    ``pick``: opened from the new game screen; "Use roster" dismisses with
    the :class:`engine.rulesets.eva.roster.Roster` (a valid one only); Escape
    dismisses with None. ``roster``: a roster to start from (a copy is edited).
    """

    SCREEN_TITLE = N_("Roster builder")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "enter_add", N_("Add"), priority=True),
        Binding("enter", "enter_rename", N_("Rename"), priority=True),
        # the footer shows "n New Eva" already
        Binding("enter", "enter_new", N_("New Eva"), priority=True, show=False),
        Binding("enter", "enter_remove", N_("Remove"), priority=True),
        Binding("u,г", "use", N_("Use roster")),
        Binding("n,т", "new_eva", N_("New Eva")),
        Binding("c,с", "copy_eva", N_("Copy"), show=False),  # in the help: the footer is full
        Binding("delete,x,ч", "remove", N_("Remove")),
        Binding("r,к", "rename", N_("Rename the Eva or the roster"), show=False),
        Binding("a,ф", "auto_fire", N_("Automatic fire on or off"), show=False),
        Binding("s,ы,ctrl+s", "save", N_("Save")),
        Binding("o,щ", "open", N_("Open")),
        Binding("escape", "back", N_("Back"), show=False),  # in the help: the footer is full
        Binding("tab,shift+tab", "switch_pane", N_("Roster or catalogue"), show=False),
    ]

    def __init__(self, *, pick: bool = False, roster: Roster | None = None) -> None:
        super().__init__()
        self.pick = pick
        self.roster: Roster = Roster(name=_("New roster"), evas=[]) if roster is None else _copy(roster)
        #: The file in the rosters folder the roster was opened from or saved to.
        self.file_name: str | None = None
        if roster is None:
            self.roster.evas.append(EvaEntry(self._free_name()))
        #: The roster as last saved or opened (to know about unsaved changes).
        self._clean: bytes = encode_roster_file(self.roster)
        self._problems: list[Problem] = []
        self._current = 0 if self.roster.evas else None
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
        self.query_one("#rb-problems", VerticalScroll).border_title = _("Rules (EVA-17)")
        self._refresh(self._eva_row(self._current) if self._current is not None else "name")
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
    def _ell(self) -> str:
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

    def _free_name(self, base: str | None = None) -> str:
        """An Eva name not used in the roster: ``Eva-N`` or ``<base> (N)``."""
        used = {e.name.strip() for e in self.roster.evas}
        n = 1 if base is None else 2
        while True:
            name = _("Eva-{n}").format(n=n) if base is None else f"{base} ({n})"
            if name not in used:
                return name
            n += 1

    @staticmethod
    def _eva_row(index: int) -> str:
        return f"eva-{index}"

    def _row_eva(self, row: str | None) -> int | None:
        """The index of the Eva a roster row belongs to."""
        if row is None or row in ("name", "new"):
            return None
        parts = row.split("-")
        try:
            index = int(parts[1])
        except (IndexError, ValueError):
            return None
        return index if 0 <= index < len(self.roster.evas) else None

    @property
    def dirty(self) -> bool:
        """Whether the roster has changes that are not saved."""
        return encode_roster_file(self.roster) != self._clean

    # -- the roster pane -------------------------------------------------------------
    def _refresh(self, highlight: str | None = None) -> None:
        """Validate, then redraw the roster list, the header and the problems."""
        self._problems = validate(self.roster)
        ell = self._ell
        g = self.glyphs
        width = self._width("#rb-roster")
        roster_list = self.query_one("#rb-roster", RowList)
        if highlight is None:
            highlight = roster_list.row_id
        rows: list[Option] = []
        title = self.roster.name.strip() or _("(no name)")
        label = _("Roster:") + " "
        rows.append(Option(Text.assemble(label, (fit(title, width - len(label), ell), "bold")), id="name"))
        bad_names = {n for p in self._problems if (n := _names_of(p)) is not None}
        pad = " " * (POINTS_CELLS + 3)
        for i, e in enumerate(self.roster.evas):
            mark = g.bad if e.name.strip() in bad_names or not e.name.strip() else g.ok
            name = e.name.strip() or _("(no name)")
            rows.append(
                Option(
                    Text.assemble(
                        (f"{mark} {eva_cost(e):>{POINTS_CELLS}} ", "bold"),
                        (fit(name, width - POINTS_CELLS - 3, ell), "bold"),
                    ),
                    id=self._eva_row(i),
                )
            )
            item_cells = width - POINTS_CELLS - 3
            for j, w in enumerate(e.weapons):
                cat = WEAPONS.get(w.code)
                text = _(cat.name) if cat is not None else w.code
                if w.auto:
                    text = _("{weapon}, automatic fire").format(weapon=text)
                rows.append(
                    Option(
                        Text.assemble(f"  {weapon_cost(w):>{POINTS_CELLS}} ", fit(text, item_cells, ell)),
                        id=f"w-{i}-{j}",
                    )
                )
            if e.at:
                cost = AT_COST[e.at] if 0 <= e.at < len(AT_COST) else 0
                rows.append(
                    Option(
                        Text.assemble(f"  {cost:>{POINTS_CELLS}} ", _("AT-{level}").format(level=e.at)),
                        id=f"at-{i}",
                    )
                )
            for j, code in enumerate(e.equipment):
                item = EQUIPMENT.get(code)
                rows.append(
                    Option(
                        Text.assemble(
                            f"  {item.points if item else 0:>{POINTS_CELLS}} ",
                            fit(_(item.name) if item else code, item_cells, ell),
                        ),
                        id=f"eq-{i}-{j}",
                    )
                )
            if not e.weapons and not e.equipment and not e.at:
                rows.append(
                    Option(
                        Text(pad + fit(_("(nothing added yet)"), item_cells, ell), style="italic"),
                        id=f"empty-{i}",
                        disabled=True,
                    )
                )
        rows.append(Option(Text("+ " + _("New Eva"), style="italic"), id="new"))
        roster_list.set_rows(rows, highlight)
        index = self._row_eva(roster_list.row_id)
        if index is not None:
            self._current = index
        elif not self.roster.evas:
            self._current = None
        elif self._current is not None:
            self._current = min(self._current, len(self.roster.evas) - 1)
        self._show_head()
        self._show_problems()
        self._show_target()
        self.refresh_bindings()

    def _show_head(self) -> None:
        spent = roster_cost(self.roster)
        left = BUDGET - spent
        if left >= 0:
            points = _("{spent} of {budget} points spent, {left} left").format(
                spent=spent, budget=BUDGET, left=left
            )
        else:
            points = _("{spent} of {budget} points spent, {over} over the limit").format(
                spent=spent, budget=BUDGET, over=-left
            )
        g = self.glyphs
        if self._problems:
            state = (
                g.bad
                + " "
                + ngettext("{n} problem", "{n} problems", len(self._problems)).format(n=len(self._problems))
            )
        else:
            state = g.ok + " " + _("valid")
        unsaved = "  " + _("(unsaved changes)") if self.dirty else ""
        self.query_one("#rb-head", Static).update(f"{points}   {state}{unsaved}")

    def _show_problems(self) -> None:
        g = self.glyphs
        if not self._problems:
            text = g.ok + " " + _("The roster follows every rule of army building.")
        else:
            text = "\n".join(f"{g.bad} {p.rule:<9} {problem_text(p, 24, self._ell)}" for p in self._problems)
        self.query_one("#rb-problems-text", Static).update(text)
        pane = self.query_one("#rb-problems", VerticalScroll)
        pane.set_class(bool(self._problems), "-bad")

    def _show_target(self) -> None:
        cat = self.query_one("#rb-catalogue", RowList)
        if self._current is None:
            cat.border_title = _("Catalogue")
        else:
            name = self.roster.evas[self._current].name.strip() or _("(no name)")
            cat.border_title = _("Catalogue: add to {name}").format(name=fit(name, 16, self._ell))

    # -- the catalogue pane ----------------------------------------------------------
    def _fill_catalogue(self) -> None:
        width = self._width("#rb-catalogue")
        rows: list[Option] = []
        rows.append(Option(Text(_("Weapons"), style="bold underline"), id="h-weapons", disabled=True))
        # TRANSLATORS: column headings of the weapon list, at most 3, 1, 7, 3 characters:
        # points, hands, damage at close/medium/long range, melee bonus
        points, hands, damage, melee = _("pts"), _("H"), _("c/m/l"), _("mel")
        # what the short column headings stand for, under the list
        legend = _("{h} hands, {d} damage, {m} melee bonus").format(h=hands, d=damage, m=melee)
        columns = (
            f"{fit(points, 3, ''):>3} {fit(hands, 1, '')} {fit(damage, 7, ''):<7} {fit(melee, 3, ''):>3}"
        )
        head = Text(columns + " " + _("name"), style="italic")
        rows.append(Option(head, id="h-columns", disabled=True))
        name_cells = max(6, width - 17)
        for w in WEAPONS.values():
            melee = f"+{w.melee}" if w.melee is not None else "-"
            rows.append(
                Option(
                    f"{w.points:>3} {w.hands} {_damage(w):<7} {melee:>3} {fit(_(w.name), name_cells, self._ell)}",
                    id=f"w:{w.code}",
                )
            )
            if w.auto_points is not None:
                label = _("{weapon}, automatic fire").format(weapon=_(w.name))
                rows.append(
                    Option(
                        f"{w.points + w.auto_points:>3} {w.hands} {_damage(w):<7} {melee:>3} "
                        f"{fit(label, name_cells, self._ell)}",
                        id=f"wa:{w.code}",
                    )
                )
        rows.append(Option(Text(_("Equipment"), style="bold underline"), id="h-equipment", disabled=True))
        for e in EQUIPMENT.values():
            rows.append(Option(f"{e.points:>3} {fit(_(e.name), width - 4, self._ell)}", id=f"eq:{e.code}"))
        rows.append(Option(Text(_("AT field"), style="bold underline"), id="h-at", disabled=True))
        for level, cost in enumerate(AT_COST):
            label = _("AT-{level}").format(level=level) if level else _("no AT field")
            rows.append(Option(f"{cost:>3} {label}", id=f"at:{level}"))
        cat = self.query_one("#rb-catalogue", RowList)
        cat.set_rows(rows, cat.row_id)
        # what the short column headings stand for
        cat.border_subtitle = fit(legend, width + 2, self._ell)
        self._show_detail()

    def _show_detail(self) -> None:
        row = self.query_one("#rb-catalogue", RowList).row_id or ""
        kind, _sep, code = row.partition(":")
        text = ""
        if kind in ("w", "wa") and code in WEAPONS:
            text = describe_weapon(WEAPONS[code], auto=kind == "wa")
        elif kind == "eq" and code in EQUIPMENT:
            text = describe_equipment(code)
        elif kind == "at" and code.isdigit():
            text = describe_at(int(code))
        self.query_one("#rb-detail", Static).update(text)

    # -- events ---------------------------------------------------------------------
    @on(OptionList.OptionHighlighted, "#rb-roster")
    def _roster_moved(self, event: OptionList.OptionHighlighted) -> None:
        index = self._row_eva(event.option.id)
        if index is not None:
            self._current = index
            self._show_target()
        self.refresh_bindings()

    @on(OptionList.OptionHighlighted, "#rb-catalogue")
    def _catalogue_moved(self) -> None:
        self._show_detail()

    @on(OptionList.OptionSelected, "#rb-roster")
    def _roster_clicked(self, event: OptionList.OptionSelected) -> None:
        # Enter is bound above, so this comes from a click: the harmless rows act,
        # an Eva or an item is only highlighted (removing takes the Remove key).
        if event.option.id == "name":
            self.action_rename()
        elif event.option.id == "new":
            self.action_new_eva()

    @on(OptionList.OptionSelected, "#rb-catalogue")
    def _catalogue_clicked(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self._add(event.option.id)

    def on_descendant_focus(self) -> None:
        """The keys shown depend on the focused pane."""
        self.refresh_bindings()

    # -- key availability ------------------------------------------------------------------
    def _roster_row(self) -> str | None:
        try:
            return self.query_one("#rb-roster", RowList).row_id
        except NoMatches:
            return None

    def _focused_id(self) -> str | None:
        return self.focused.id if self.focused is not None else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Which keys apply: Enter's meaning follows the focused pane and row."""
        focus = self._focused_id()
        row = self._roster_row()
        if action == "enter_add":
            return focus == "rb-catalogue"
        if action in ("enter_rename", "enter_new", "enter_remove"):
            if focus != "rb-roster":
                return False
            if action == "enter_rename":
                return bool(row == "name" or (row or "").startswith("eva-"))
            if action == "enter_new":
                return row == "new"
            return bool((row or "").startswith(("w-", "at-", "eq-")))
        if action == "use":
            return bool(self.pick)
        if action in ("copy_eva", "remove"):
            return True if self._current is not None else None
        if action == "auto_fire":
            return True if self._auto_capable(row) else None
        return True

    def _auto_capable(self, row: str | None) -> bool:
        if not row or not row.startswith("w-"):
            return False
        _w, i, j = row.split("-")
        cat = WEAPONS.get(self.roster.evas[int(i)].weapons[int(j)].code)
        return cat is not None and cat.auto_points is not None

    def action_help(self) -> None:
        """The keys of the builder, with what Enter does in each pane (the footer shows
        only what it does on the highlighted row)."""
        from tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.screen_title(), self.help_rows()))

    def help_rows(self) -> list[tuple[str, str]]:
        """(keys, meaning) rows of the help: Enter in each pane, then the other keys."""
        from tui.screens.base import key_rows

        enter = self.app.get_key_display(Binding("enter", "enter_add"))
        rows = [
            (enter, _("in the catalogue: add the item to the current Eva")),
            (
                enter,
                _(
                    "in the roster: rename the roster or the Eva, remove an item, or add an Eva (on + New Eva)"
                ),
            ),
        ]
        # the lists' own keys (arrows, Home, End, PgUp, PgDn) on one row, so that the help fits
        moves = [b for b in OptionList.BINDINGS if isinstance(b, Binding) and b.action != "select"]
        move_texts = {_(b.description) for b in moves}

        def keys(*names: str) -> str:
            return ", ".join(self.app.get_key_display(Binding(key, "move")) for key in names)

        lists = [
            (keys("up", "down", "pageup", "pagedown"), _("move in the list")),
            (keys("home", "end"), _("the first or the last row")),
        ]
        others = [row for row in key_rows(self) if row[0] != enter and row[1] not in move_texts]
        return [*rows, *others[:-1], *lists, *others[-1:]]

    def action_switch_pane(self) -> None:
        """Tab: between the roster and the catalogue (the rules below scroll with the mouse)."""
        target = "#rb-catalogue" if self._focused_id() == "rb-roster" else "#rb-roster"
        self.query_one(target, RowList).focus()

    # -- actions: the Evas -----------------------------------------------------------
    def action_enter_add(self) -> None:
        """Add the highlighted catalogue item to the current Eva."""
        row = self.query_one("#rb-catalogue", RowList).row_id
        if row:
            self._add(row)

    def action_enter_rename(self) -> None:
        """Rename the roster or the highlighted Eva."""
        self.action_rename()

    def action_enter_new(self) -> None:
        """Add an Eva."""
        self.action_new_eva()

    def action_enter_remove(self) -> None:
        """Remove the highlighted item."""
        self.action_remove()

    def action_new_eva(self) -> None:
        """Add a base Eva (100 points) at the end of the roster."""
        self.roster.evas.append(EvaEntry(self._free_name()))
        self._current = len(self.roster.evas) - 1
        self._refresh(self._eva_row(self._current))

    def action_copy_eva(self) -> None:
        """Add a copy of the current Eva, with a new name, after it."""
        if self._current is None:
            return
        source = self.roster.evas[self._current]
        copy = _copy_eva(source)
        copy.name = self._free_name(source.name.strip() or _("(no name)"))
        self.roster.evas.insert(self._current + 1, copy)
        self._current += 1
        self._refresh(self._eva_row(self._current))

    def action_remove(self) -> None:
        """Remove the highlighted item, or the highlighted Eva after a confirmation."""
        row = self.query_one("#rb-roster", RowList).row_id or ""
        index = self._row_eva(row)
        if index is None:
            return
        e = self.roster.evas[index]
        kind = row.split("-")[0]
        if kind == "w":
            del e.weapons[int(row.split("-")[2])]
        elif kind == "eq":
            del e.equipment[int(row.split("-")[2])]
        elif kind == "at":
            e.at = 0
        elif kind == "eva":
            self._ask_remove_eva(index)
            return
        else:
            return
        self._refresh(row if self._row_exists(row) else self._eva_row(index))

    def _row_exists(self, row: str) -> bool:
        kind, *nums = row.split("-")
        try:
            i = int(nums[0])
            e = self.roster.evas[i]
            if kind == "w":
                return int(nums[1]) < len(e.weapons)
            if kind == "eq":
                return int(nums[1]) < len(e.equipment)
            if kind == "at":
                return e.at != 0
        except (IndexError, ValueError):
            return False
        return True

    def _ask_remove_eva(self, index: int) -> None:
        from tui.screens.dialogs import ConfirmScreen

        name = self.roster.evas[index].name.strip() or _("(no name)")

        def done(yes: bool | None) -> None:
            if yes and index < len(self.roster.evas):
                del self.roster.evas[index]
                self._current = min(index, len(self.roster.evas) - 1) if self.roster.evas else None
                self._refresh(self._eva_row(self._current) if self._current is not None else "new")

        self.app.push_screen(
            ConfirmScreen(
                _("Remove Eva"),
                _("Remove {name} and everything it carries from the roster?").format(
                    name=fit(name, 40, self._ell)
                ),
                confirm=_("Remove"),
                cancel=_("Keep"),
            ),
            done,
        )

    def action_rename(self) -> None:
        """Rename the roster (on its row) or the current Eva."""
        from tui.screens.prompts import TextPromptScreen

        row = self.query_one("#rb-roster", RowList).row_id
        if row == "name" or self._current is None:

            def roster_named(text: str | None) -> None:
                if text is not None:
                    self.roster.name = text.strip()
                    self._refresh("name")

            self.app.push_screen(
                TextPromptScreen(_("Roster name"), _("The name of the roster:"), self.roster.name),
                roster_named,
            )
            return
        index = self._current
        eva = self.roster.evas[index]

        def check(text: str) -> str | None:
            name = text.strip()
            if not name or clean(name).strip() != name:
                return _("An Eva needs a name, without control characters.")
            if any(o.name.strip() == name for k, o in enumerate(self.roster.evas) if k != index):
                return _("Another Eva of this roster has that name.")
            return None

        def eva_named(text: str | None) -> None:
            if text is not None and index < len(self.roster.evas):
                self.roster.evas[index].name = text.strip()
                self._refresh(self._eva_row(index))

        self.app.push_screen(
            TextPromptScreen(_("Rename Eva"), _("The Eva's name:"), eva.name, check=check), eva_named
        )

    def action_auto_fire(self) -> None:
        """Buy or drop automatic fire for the highlighted rifle (EVA-17.5)."""
        row = self.query_one("#rb-roster", RowList).row_id
        if not self._auto_capable(row):
            return
        assert row is not None
        _w, i, j = row.split("-")
        weapons = self.roster.evas[int(i)].weapons
        w = weapons[int(j)]
        weapons[int(j)] = WeaponEntry(w.code, auto=not w.auto)
        self._refresh(row)

    # -- adding from the catalogue ------------------------------------------------------
    def _add(self, row: str) -> None:
        kind, _sep, code = row.partition(":")
        if self._current is None:
            self.notify(_("Add an Eva first (n)."), severity="warning", markup=False)
            return
        i = self._current
        e = self.roster.evas[i]
        if kind in ("w", "wa") and code in WEAPONS:
            e.weapons.append(WeaponEntry(code, auto=kind == "wa"))
            target = f"w-{i}-{len(e.weapons) - 1}"
        elif kind == "eq" and code in EQUIPMENT:
            e.equipment.append(code)
            target = f"eq-{i}-{len(e.equipment) - 1}"
        elif kind == "at" and code.isdigit():
            e.at = int(code)
            target = f"at-{i}" if e.at else self._eva_row(i)
        else:
            return
        self._refresh(target)

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
        from tui.screens.prompts import TextPromptScreen

        folder = rosters_folder(self._saves)
        default = self.file_name or file_name_for(self.roster.name)

        def check(text: str) -> str | None:
            return None if clean_file_name(text) else _("Give a file name (letters, digits, - or _).")

        def named(text: str | None) -> None:
            if text is None:
                return
            name = clean_file_name(text)
            if name is None:
                return
            path = folder / name
            if name != self.file_name and path.exists():
                self._confirm_replace(name, draft)
            else:
                self._write(name, draft)

        self.app.push_screen(
            TextPromptScreen(
                _("Save roster"),
                _("File name in {folder}:").format(folder=_display(folder)),
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
        from tui.rulesets.eva.roster_files import save_roster

        try:
            path = save_roster(self._saves, name, self.roster)
        except OSError as exc:
            self.notify(
                _("The roster could not be saved: {reason}").format(reason=exc.strerror or exc),
                severity="error",
                markup=False,
            )
            return
        self.file_name = name
        self._clean = encode_roster_file(self.roster)
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
        from tui.rulesets.eva.roster_picker import PickResult, RosterPickerScreen

        def picked(result: PickResult | None) -> None:
            if result is None:
                return
            if result.kind == "new":
                self.load(None)
            elif result.entry is not None:
                self.load(result.entry)

        self.app.push_screen(RosterPickerScreen(self._saves, "open"), picked)

    def load(self, entry: RosterEntry | None) -> None:
        """Edit ``entry``'s roster (a copy; an example is saved under a new name), or an
        empty roster with one base Eva when ``entry`` is None."""
        if entry is None or entry.roster is None:
            self.roster = Roster(name=_("New roster"), evas=[EvaEntry(_("Eva-{n}").format(n=1))])
            self.file_name = None
        else:
            self.roster = _copy(entry.roster)
            self.file_name = None if entry.example else entry.label
            if entry.example:
                # a copy to save under a new name: in the interface's language
                self.roster.name = roster_title(self.roster.name)
        self._clean = encode_roster_file(self.roster)
        self._current = 0 if self.roster.evas else None
        self._refresh(self._eva_row(0) if self.roster.evas else "new")
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

    def _leave(self, roster: Roster | None, pop: bool = False) -> None:
        """Close the builder; its notices ("Saved: ...") go with it rather than cover
        the screen underneath (the new game screen's map preview)."""
        self.app.clear_notifications()
        if pop:
            self.app.pop_screen()
        else:
            self.dismiss(roster)

    def action_use(self) -> None:
        """Pick mode: use this roster for the game; refused while it breaks a rule (EVA-17.10)."""
        if not self.pick:
            return
        if self._problems:
            from tui.screens.dialogs import NoticeScreen

            g = self.glyphs
            lines = "\n".join(
                f"{g.bad} {p.rule}  {problem_text(p, 24, self._ell)}" for p in self._problems[:8]
            )
            self.app.push_screen(
                NoticeScreen(
                    _("This roster breaks the rules"),
                    _("A roster must follow every rule of army building to be played (EVA-17.10).")
                    + "\n\n"
                    + lines,
                )
            )
            return
        self._leave(_copy(self.roster))


def _copy_eva(e: EvaEntry) -> EvaEntry:
    return EvaEntry(e.name, list(e.weapons), e.at, list(e.equipment))


def _copy(r: Roster) -> Roster:
    return Roster(name=r.name, evas=[_copy_eva(e) for e in r.evas])


def _display(folder: Path) -> str:
    from tui.paths import display_path

    return display_path(folder)
