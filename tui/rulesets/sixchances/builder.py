"""The squad builder: one player's hidden starting squads (SC-2.4, SC-2.5, SC-12.1.2).

The player spreads tokens from their reserve over K squads of exactly M tokens
each, behind the hot-seat curtain; the order is sealed, and the other player
sees it only when both are in. Everything it shows of the rules comes from the
player's seat: what to build (its options), and, live as the squads change,
whether the order may be sealed, each squad's size verdict and dice (its
preview of the order, :class:`engine.rulesets.sixchances.options.BuildCheck`).
``:`` takes the order typed in notation (``build 4/3/3 4/3/3 3/4/3 3/3/4``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from engine.i18n import N_, _, ngettext
from engine.rulesets.sixchances.actions import Build, format_action
from engine.rulesets.sixchances.options import BuildCheck, BuildOptions
from engine.rulesets.sixchances.state import SquadOrder
from engine.seat import Seat
from tui.kit.board import BoardView
from tui.rulesets.sixchances.drafts import Draft
from tui.rulesets.sixchances.editor import CELL_COLUMN, Place, TokenEditor
from tui.rulesets.sixchances.field import FieldBoard
from tui.rulesets.sixchances.keys import SixChancesHelp
from tui.rulesets.sixchances.orders import TypedOrders
from tui.rulesets.sixchances.tokens import STATS
from tui.screens.base import WartableScreen

__all__ = ["STAT_HINTS", "SquadBuilderScreen"]

#: What each stat does, shown under the table for the column under the cursor.
STAT_HINTS: dict[str, str] = {
    "pot": N_(
        "Potential (red): the attack die, and the damage an attack deals; a squad without it cannot attack (SC-5, SC-6.2)."
    ),
    "res": N_(
        "Resilience (green): protection against damage, less the attacker's Support, whichever stat defends (SC-6.1)."
    ),
    "sup": N_(
        "Support (blue): pierces the target's Resilience, and saves Potential when an attack fails (SC-6.1, SC-7.1)."
    ),
}


class SquadBuilderScreen(TypedOrders, SixChancesHelp, WartableScreen):
    """Builds the starting squads of ``seat`` (its options are a :class:`BuildOptions`).

    ``who``: the player's name and seat; ``draft``: an earlier unfinished order;
    ``keep``: called with the :data:`Draft` after every change (to keep it on disk).
    Dismisses with a :class:`Build` action once sealed (after a confirmation), or with
    the unfinished :data:`Draft` when the player goes back to the table.
    """

    SCREEN_TITLE = N_("Squad builder")
    HELP_NOTATION = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "seal", N_("Seal")),
        Binding("s,ы", "suggest", N_("Suggest")),
        Binding("f,а", "fill", N_("Fill with this colour"), show=False),
        Binding("c,с", "clear_all", N_("Clear all"), show=False),
        *TypedOrders.ORDER_BINDINGS,
        Binding("escape", "back", N_("Table")),
    ]

    def __init__(
        self,
        seat: Seat,
        who: str,
        draft: Draft | None = None,
        *,
        keep: Callable[[Draft], None] | None = None,
    ) -> None:
        super().__init__()
        self.seat = seat
        self.side = seat.seat
        self.who = who
        options = seat.options()
        if not isinstance(options, BuildOptions):
            raise ValueError("the squad builder opens only while the starting squads are built")
        self.options = options
        self.draft = draft
        self.keep = keep
        self.check: BuildCheck | None = None
        self._suggestion = -1
        #: The layout the last suggestion put in place (a layout that differs was made by hand).
        self._suggested: list[tuple[int, int, int]] | None = None

    def screen_title(self) -> str:
        """The title with the player's name."""
        return f"{_(self.SCREEN_TITLE)}: {self.who}"

    # -- layout ----------------------------------------------------------------------
    def _places(self) -> list[Place]:
        o = self.options
        r = o.reserve
        places = [Place("reserve", _("Reserve"), (r.pot, r.res, r.sup), editable=False)]
        preview = self.seat.preview(Build(squads=tuple(SquadOrder(0, 0, 0) for _ in range(o.squads))))
        labels = [d.label for d in preview.squads] if isinstance(preview, BuildCheck) else []
        for label in labels:
            places.append(Place(label, label, (0, 0, 0), cells=o.cells))
        if self.draft:
            for place, (counts, cell) in zip(places[1:], self.draft, strict=False):
                for c in range(3):
                    take = min(counts[c], places[0].after[c])
                    place.after[c] = take
                    places[0].after[c] -= take
                place.cell = cell
        return places

    def compose_body(self) -> ComposeResult:
        """What to do, the token table, the hints and problems, the buttons, the command
        line."""
        o = self.options
        squads = ngettext(
            "Build {k} squad of exactly {m} tokens from your reserve, any mix of colours (SC-2.4).",
            "Build {k} squads of exactly {m} tokens each from your reserve, any mix of colours (SC-2.4).",
            o.squads,
        ).format(k=o.squads, m=o.squad_size)
        secret = _("Your opponent sees them only when both players have sealed their squads (SC-2.5).")
        if o.cells:
            secret += " " + _("Give each squad a cell of your home zone (SC-12.1.2).")
        with Vertical(id="sc-build-body"):
            yield Static(f"{squads} {secret}", id="sc-build-info", markup=False)
            editor = TokenEditor(
                self._places(),
                glyph_set=self.wapp.glyph_set,
                pointer=self.glyphs.pointer,
                id="sc-build-editor",
            )
            editor.border_title = _("Tokens")
            yield editor
            yield Static("", id="sc-build-hint", markup=False)
            with Horizontal(id="sc-build-lower"):
                yield Static("", id="sc-build-problems", markup=False)
                if o.cells:
                    yield FieldBoard(ascii_set=self.wapp.glyph_set == "ascii", id="sc-build-grid")
            with Horizontal(classes="sc-buttons"):
                yield Button("-", id="sc-build-minus", compact=True)
                yield Button("+", id="sc-build-plus", compact=True)
                yield Button(_("Suggest"), id="sc-build-suggest", compact=True)
                yield Button(_("Clear all"), id="sc-build-clear", compact=True)
                yield Button(_("Seal"), id="sc-build-seal", compact=True, variant="primary")
        yield from self.compose_orders()

    @property
    def editor(self) -> TokenEditor:
        """The token table."""
        return self.query_one("#sc-build-editor", TokenEditor)

    def on_mount(self) -> None:
        """Focus the table and show the state of the order."""
        self.order_error("")
        self.editor.focus(scroll_visible=False)
        body = self.query_one("#sc-build-body", Vertical)
        self.call_after_refresh(body.scroll_home, animate=False, immediate=True)
        self._check()

    async def refresh_language(self) -> None:
        """Re-compose in the new language, keeping the squads built so far."""
        self.draft = self._draft()
        await self.recompose()
        self.on_mount()

    # -- state -----------------------------------------------------------------------
    def _orders(self) -> tuple[SquadOrder, ...]:
        return tuple(SquadOrder(p.after[0], p.after[1], p.after[2], p.cell) for p in self.editor.places[1:])

    def _draft(self) -> Draft:
        return [((p.after[0], p.after[1], p.after[2]), p.cell) for p in self.editor.places[1:]]

    def _layout(self) -> list[tuple[int, int, int]]:
        return [(p.after[0], p.after[1], p.after[2]) for p in self.editor.places[1:]]

    def draft_notation(self) -> str:
        """The squads in the table, as the order that seals them (completed first)."""
        if not self.is_mounted or not any(p.total for p in self.editor.places[1:]):
            return ""
        return format_action(Build(squads=self._orders()))

    def order_completions(self) -> list[str]:
        """The squads in the table, then the engine's suggested orders (sensible ones
        first), then the seat's other legal orders, in notation."""
        out = []
        for text in [
            self.draft_notation(),
            *(format_action(Build(squads=order)) for order in self.options.suggestions),
            *super().order_completions(),
        ]:
            if text and text not in out:
                out.append(text)
        return out

    def _check(self, hint: bool = True) -> list[str]:
        """Show the seat's verdict on the order: the problems, each squad's size and
        dice, the hint."""
        editor = self.editor
        check = self.seat.preview(Build(squads=self._orders()))
        self.check = check if isinstance(check, BuildCheck) else None
        problems = list(check.problems) if isinstance(check, BuildCheck) else []
        m = self.options.squad_size
        if self.check is not None:
            for place, squad in zip(editor.places[1:], self.check.squads, strict=False):
                place.dice = squad.dice
                place.note = Text(
                    f"{squad.total}/{m} " + (self.glyphs.ok if squad.size_ok else ""),
                    style="bold" if squad.size_ok else "italic",
                )
        editor.refresh_notes()
        lines = [f"{self.glyphs.bad} {p.text()} ({p.rule})" for p in problems]
        box = self.query_one("#sc-build-problems", Static)
        box.set_class(bool(lines), "-bad")
        box.update(
            "\n".join(lines) if lines else f"{self.glyphs.ok} " + _("Ready: press Enter to seal the squads.")
        )
        if hint:
            self._hint()
        if self.options.cells:
            own = {p.cell: (p.key, self.side) for p in editor.places[1:] if p.cell}
            self.query_one("#sc-build-grid", FieldBoard).show(
                own,
                homes={cell: self.side for cell in self.options.cells},
                selected=editor.current.cell,
                spots=[c for c in self.options.cells if c not in own],
            )
        return lines

    def _hint(self) -> None:
        col = self.editor.cursor[1]
        if col == CELL_COLUMN:
            text = _("The cell of this squad: + and - choose another free cell of your home zone.")
        else:
            text = _(STAT_HINTS[STATS[col]])
        self.query_one("#sc-build-hint", Static).update(text)

    @on(TokenEditor.Changed)
    def _changed(self) -> None:
        self._check(hint=False)
        if self.keep is not None:
            self.keep(self._draft())

    @on(TokenEditor.Cursor)
    def _cursor(self) -> None:
        self._hint()
        if self.options.cells:
            self._check(hint=False)

    @on(BoardView.Chosen)
    def _field_chosen(self, event: BoardView.Chosen) -> None:
        """On the home zone: a squad of yours selects it; a free cell places the squad
        under the cursor there."""
        editor = self.editor
        cell = self.query_one("#sc-build-grid", FieldBoard).name_of(event.cell)
        for row, place in enumerate(editor.places):
            if place.cell == cell and place.editable:
                editor.cursor = (row, CELL_COLUMN)
                editor.focus()
                return
        if cell in self.options.cells and editor.current.editable:
            editor.current.cell = cell
            editor.cursor = (editor.cursor[0], CELL_COLUMN)
            editor.changed()
        editor.focus()

    # -- actions ---------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``:`` is typed as text in the command line; the table's letters too."""
        return not (
            isinstance(self.focused, Input) and action in ("order_line", "suggest", "fill", "clear_all")
        )

    def _by_hand(self) -> bool:
        """Whether the table holds squads that no suggestion put there (built by hand)."""
        layout = self._layout()
        return any(sum(counts) for counts in layout) and layout != self._suggested

    def action_suggest(self) -> None:
        """Put in the next valid order the engine suggests; squads built by hand are
        replaced only after a question."""
        suggestions = self.options.suggestions
        if not suggestions:
            return
        if not self._by_hand():
            self._suggest()
            return
        from tui.screens.dialogs import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self._suggest()

        self.app.push_screen(
            ConfirmScreen(
                _("Replace your squads"),
                _("A suggestion replaces the squads you have built. Replace them?"),
                _("Replace"),
                _("Keep mine"),
            ),
            answered,
        )

    def _suggest(self) -> None:
        suggestions = self.options.suggestions
        self._suggestion = (self._suggestion + 1) % len(suggestions)
        order = suggestions[self._suggestion]
        self._suggested = [(s.pot, s.res, s.sup) for s in order]
        self.editor.set_layout(self._suggested, [s.cell for s in order])
        self.query_one("#sc-build-hint", Static).update(
            _("Suggestion {n} of {total}: press s again for another.").format(
                n=self._suggestion + 1, total=len(suggestions)
            )
        )

    def action_fill(self) -> None:
        """Fill the squad under the cursor up to its size with the cursor's colour."""
        editor = self.editor
        row, col = editor.cursor
        if col == CELL_COLUMN:
            return
        place = editor.places[row]
        room = self.options.squad_size - place.total
        if room > 0:
            editor.take(row, col, place.after[col] + room)

    def action_clear_all(self) -> None:
        """Every token back to the reserve; the next suggestion is the first again."""
        self.editor.reset()
        self._suggestion = -1
        self._suggested = None
        self._hint()

    def action_seal(self) -> None:
        """Seal the squads after a confirmation (the order is checked first)."""
        if self._check():
            self.notify(_("The squads are not ready yet."), severity="warning", timeout=3, markup=False)
            return
        from tui.screens.dialogs import ConfirmScreen

        orders = self._orders()

        def done(yes: bool | None) -> None:
            if yes:
                self.dismiss(Build(squads=orders))

        self.app.push_screen(
            ConfirmScreen(
                _("Seal the squads"),
                _("Once sealed, your starting squads cannot be changed. Seal them?"),
                _("Seal"),
                _("Keep editing"),
            ),
            done,
        )

    def typed(self, action: Any) -> None:
        """A starting order typed in notation: put in the table, then sealed after the
        same confirmation as Enter (keeping on editing leaves it in the table)."""
        if not isinstance(action, Build):
            return
        self.editor.set_layout(
            [(s.pot, s.res, s.sup) for s in action.squads], [s.cell for s in action.squads]
        )
        self._suggested = None
        self.editor.focus()
        self.action_seal()

    def leave_to_editor(self) -> None:
        """Back from the command line to the table of tokens."""
        self.editor.focus()

    def action_back(self) -> None:
        """Escape: leave the command line, else back to the table (the squads built so
        far are kept for later)."""
        if self.leave_order_line():
            return
        self.dismiss(self._draft())

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        button = event.button.id
        if button == "sc-build-minus":
            self.editor.action_add(-1)
        elif button == "sc-build-plus":
            self.editor.action_add(1)
        elif button == "sc-build-suggest":
            self.action_suggest()
        elif button == "sc-build-clear":
            self.action_clear_all()
        elif button == "sc-build-seal":
            self.action_seal()
        self.editor.focus()
