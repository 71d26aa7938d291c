"""A reinforcement's rearrangement (SC-9.4-SC-9.9, SC-12.1.5).

After the reinforcement die is rolled, the player moves tokens between their
reserve and their squads, may form one new squad and may disband squads. The
table shows the layout as it is edited; the player's seat prices it live (its
preview of the proposal, :class:`engine.rulesets.sixchances.options.RegroupCheck`:
the cost against the allowance, every problem with its rule ID, the dice each
squad would roll). Enter plays it; ``:`` plays one typed in notation.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from engine.i18n import N_, _, ngettext
from engine.rulesets.sixchances.actions import RESERVE, Regroup, Transfer, format_action
from engine.rulesets.sixchances.options import RegroupCheck, RegroupOptions
from engine.seat import Seat
from tui.kit.board import BoardView
from tui.rulesets.sixchances.builder import STAT_HINTS
from tui.rulesets.sixchances.editor import CELL_COLUMN, Place, TokenEditor
from tui.rulesets.sixchances.field import FieldBoard
from tui.rulesets.sixchances.keys import SixChancesHelp
from tui.rulesets.sixchances.orders import TypedOrders
from tui.rulesets.sixchances.panels import occupants
from tui.rulesets.sixchances.tokens import STATS
from tui.screens.base import WartableScreen

__all__ = ["RegroupScreen", "proposal"]


def proposal(places: list[Place], new_label: str) -> Regroup:
    """The rearrangement that turns every place's ``before`` into its ``after``: for each
    colour, tokens go from the places that lose them to the places that gain them (squad
    to squad first, then through the reserve). ``new_label``: the new squad's row, whose
    cell is given when it receives tokens."""
    moves: list[Transfer] = []
    ordered = sorted(places, key=lambda p: p.key == RESERVE)  # squads first, the reserve last
    for i, stat in enumerate(STATS):
        give = [[p.key, p.before[i] - p.after[i]] for p in ordered if p.after[i] < p.before[i]]
        for place in ordered:
            need = place.after[i] - place.before[i]
            while need > 0 and give:
                src = give[0]
                n = min(need, src[1])
                moves.append(Transfer(n, stat, str(src[0]), place.key))  # type: ignore[arg-type]
                need -= n
                src[1] -= n
                if src[1] == 0:
                    give.pop(0)
    new = next((p for p in places if p.key == new_label), None)
    cell = new.cell if new is not None and new.total > 0 and new.cells else None
    return Regroup(moves=tuple(moves), cell=cell)


class RegroupScreen(TypedOrders, SixChancesHelp, WartableScreen):
    """Edits the rearrangement of ``seat`` (its options are a :class:`RegroupOptions`).

    On the field (SC-12.1.5) the field shows every squad, the cells a new squad may be
    placed on and the one chosen; a click on such a cell places the new squad there.
    Dismisses with the :class:`Regroup` to play, or None when the player goes back to
    the table (the rearrangement is still to be made).
    """

    SCREEN_TITLE = N_("Reinforcement")
    HELP_NOTATION = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "done", N_("Play it")),
        Binding("r,к", "reset", N_("Start again"), show=False),
        *TypedOrders.ORDER_BINDINGS,
        Binding("escape", "back", N_("Table")),
    ]

    def __init__(self, seat: Seat, who: str) -> None:
        super().__init__()
        self.seat = seat
        self.side = seat.seat
        self.who = who
        options = seat.options()
        if not isinstance(options, RegroupOptions):
            raise ValueError("the rearrangement opens only after a reinforcement roll")
        self.options = options
        view = seat.view()
        self.field = bool(view.setup.field)
        #: Cell -> (label, side) of every squad on the field before the rearrangement.
        self.occupants = occupants(view.players)
        self.homes = {cell: side for side, p in enumerate(view.players) for cell in p.home}
        self.check: RegroupCheck | None = None
        self._layout: list[list[int]] | None = None

    def screen_title(self) -> str:
        """The title with the player's name."""
        return f"{_(self.SCREEN_TITLE)}: {self.who}"

    def _places(self) -> list[Place]:
        o = self.options
        r = o.reserve
        places = [Place(RESERVE, _("Reserve"), (r.pot, r.res, r.sup))]
        places[0].editable = False
        for sq in o.squads:
            places.append(Place(sq.label, sq.label, (sq.pot, sq.res, sq.sup), cell=sq.cell))
        if o.max_new_squads:
            places.append(
                Place(
                    o.new_label,
                    _("{label} (new)").format(label=o.new_label),
                    (0, 0, 0),
                    cells=o.new_cells,
                    cell=o.new_cells[0] if o.new_cells else None,
                )
            )
        if self._layout is not None:
            for place, after in zip(places, self._layout, strict=False):
                place.after = list(after)
        return places

    def compose_body(self) -> ComposeResult:
        """The allowance, the table, the cost and problems, the buttons."""
        o = self.options
        text = ngettext(
            "The d{die} rolled {n}: up to {n} token may end up in a different place.",
            "The d{die} rolled {n}: up to {n} tokens may end up in a different place.",
            o.allowance,
        ).format(die=o.die, n=o.allowance)
        text += " " + _(
            "Only the net change of each place counts (SC-9.3, SC-9.5): a token taken from one squad "
            "and added to another passes through the reserve and costs one move."
        )
        if o.forced:
            text += " " + _("Forced: at least one red token must go from the reserve to a squad (SC-9.8).")
        with Vertical(id="sc-regroup-body"):
            yield Static(text, id="sc-regroup-info", markup=False)
            editor = TokenEditor(
                self._places(),
                glyph_set=self.wapp.glyph_set,
                pointer=self.glyphs.pointer,
                show_change=True,
                id="sc-regroup-editor",
            )
            editor.border_title = _("Tokens")
            yield editor
            yield Static("", id="sc-regroup-hint", markup=False)
            yield Static("", id="sc-regroup-cost")
            with Horizontal(id="sc-regroup-lower"):
                yield Static("", id="sc-regroup-problems", markup=False)
                if self.field:
                    yield FieldBoard(ascii_set=self.wapp.glyph_set == "ascii", id="sc-regroup-grid")
            with Horizontal(classes="sc-buttons"):
                yield Button("-", id="sc-regroup-minus", compact=True)
                yield Button("+", id="sc-regroup-plus", compact=True)
                yield Button(_("Start again"), id="sc-regroup-reset", compact=True)
                yield Button(_("Done"), id="sc-regroup-done", compact=True, variant="primary")
        yield from self.compose_orders()

    @property
    def editor(self) -> TokenEditor:
        """The token table."""
        return self.query_one("#sc-regroup-editor", TokenEditor)

    def on_mount(self) -> None:
        """Focus the table and price the (empty) rearrangement."""
        self.order_error("")
        self.editor.focus(scroll_visible=False)
        body = self.query_one("#sc-regroup-body", Vertical)
        self.call_after_refresh(body.scroll_home, animate=False, immediate=True)
        self._check()

    async def refresh_language(self) -> None:
        """Re-compose in the new language, keeping the rearrangement so far."""
        self._layout = [list(p.after) for p in self.editor.places]
        await self.recompose()
        self.on_mount()

    def _proposal(self) -> Regroup:
        return proposal(self.editor.places, self.options.new_label)

    def draft_notation(self) -> str:
        """The rearrangement in the table, in notation (completed first)."""
        if not self.is_mounted:
            return ""
        return format_action(self._proposal())

    def _check(self) -> RegroupCheck:
        """Price the proposal with the seat and show the cost, the problems, the dice and
        the notes."""
        check = self.seat.preview(self._proposal())
        assert isinstance(check, RegroupCheck)
        self.check = check
        editor = self.editor
        for place in editor.places[1:]:
            place.dice = check.dice.get(place.key, (0, 0, 0))
            if place.key in check.disbanded:
                place.note = Text(_("disbanded"), style="bold italic")
            elif place.key == self.options.new_label and check.new_squad:
                place.note = Text(_("new squad"), style="bold")
            else:
                place.note = Text()
        editor.refresh_notes()
        bar_full = "#" if self.wapp.glyph_set == "ascii" else "▮"
        bar_empty = "." if self.wapp.glyph_set == "ascii" else "▯"
        width = min(check.allowance, 20)
        used = min(width, round(check.cost * width / check.allowance)) if check.allowance else 0
        over = check.cost > check.allowance
        cost = Text.assemble(
            (_("Cost {cost} of {allowance}").format(cost=check.cost, allowance=check.allowance), "bold"),
            "  ",
            (bar_full * used, "bold red" if over else "bold"),
            (bar_empty * (width - used), "dim"),
        )
        if over:
            cost.append("  " + _("over the allowance"), style="bold")
        self.query_one("#sc-regroup-cost", Static).update(cost)
        lines = [f"{self.glyphs.bad} {p.text()} ({p.rule})" for p in check.problems]
        box = self.query_one("#sc-regroup-problems", Static)
        box.set_class(bool(lines), "-bad")
        box.update("\n".join(lines) if lines else f"{self.glyphs.ok} " + _("Legal: press Enter to play it."))
        self._hint()
        self._grid()
        return check

    def _new_place(self) -> Place | None:
        return self.editor.place(self.options.new_label)

    def _grid(self) -> None:
        """The field: every squad on its cell, the cells a new squad may take (``+``), the
        new squad's cell when it has tokens (``<1E>``) or is under the cursor."""
        if not self.field:
            return
        occ = dict(self.occupants)
        new = self._new_place()
        spots = [c for c in self.options.new_cells if c not in occ]
        selected = None
        if new is not None and new.cell and (new.total or self.editor.current is new):
            occ[new.cell] = (new.key, self.side)
            selected = new.cell
        self.query_one("#sc-regroup-grid", FieldBoard).show(
            occ,
            homes=self.homes,
            selected=selected,
            spots=[c for c in spots if c != selected],
            wide=self.size.width >= 110,
        )

    @on(BoardView.Chosen)
    def _field_chosen(self, event: BoardView.Chosen) -> None:
        """A click (or Enter) on a free cell of those allowed places the new squad there."""
        cell = self.query_one("#sc-regroup-grid", FieldBoard).name_of(event.cell)
        new = self._new_place()
        editor = self.editor
        if new is None or cell not in self.options.new_cells or cell in self.occupants:
            editor.focus()
            return
        new.cell = cell
        editor.cursor = (editor.places.index(new), CELL_COLUMN)
        editor.changed()
        editor.focus()

    def _hint(self) -> None:
        col = self.editor.cursor[1]
        if col == CELL_COLUMN:
            text = _("The new squad's cell: + and - choose another (SC-12.1.5).")
        else:
            text = _(STAT_HINTS[STATS[col]])
        self.query_one("#sc-regroup-hint", Static).update(text)

    @on(TokenEditor.Changed)
    def _changed(self) -> None:
        self._check()

    @on(TokenEditor.Cursor)
    def _cursor(self) -> None:
        self._hint()
        self._grid()

    def action_reset(self) -> None:
        """Every token back where it was."""
        self.editor.reset()

    def action_done(self) -> None:
        """Play the rearrangement if the engine finds it legal (moving nothing asks first)."""
        check = self._check()
        if not check.legal:
            self.notify(
                _("This rearrangement is not legal yet."), severity="warning", timeout=3, markup=False
            )
            return
        regroup = self._proposal()
        if regroup.moves:
            self.dismiss(regroup)
            return
        from tui.screens.dialogs import ConfirmScreen

        def done(yes: bool | None) -> None:
            if yes:
                self.dismiss(regroup)

        self.app.push_screen(
            ConfirmScreen(
                _("Move nothing"),
                _("No token moves, and the d{die} stays used (SC-9.3). End the reinforcement?").format(
                    die=self.options.die
                ),
                _("Move nothing"),
                _("Keep editing"),
            ),
            done,
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``:`` and ``r`` are typed as text in the command line."""
        return not (isinstance(self.focused, Input) and action in ("order_line", "reset"))

    def typed(self, action: Any) -> None:
        """A rearrangement typed in notation (``regroup 2pot reserve>1A``), legal: played at
        once, as Enter plays the one edited here."""
        if isinstance(action, Regroup):
            self.dismiss(action)

    def leave_to_editor(self) -> None:
        """Back from the command line to the table of tokens."""
        self.editor.focus()

    def action_back(self) -> None:
        """Escape: leave the command line, else back to the table (the rearrangement is
        still to be made)."""
        if self.leave_order_line():
            return
        self.dismiss(None)

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        button = event.button.id
        if button == "sc-regroup-minus":
            self.editor.action_add(-1)
        elif button == "sc-regroup-plus":
            self.editor.action_add(1)
        elif button == "sc-regroup-reset":
            self.action_reset()
        elif button == "sc-regroup-done":
            self.action_done()
        self.editor.focus()
