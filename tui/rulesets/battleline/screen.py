"""The Battleline game screen, on the kit (:class:`tui.kit.screen.GameScreen`).

Hot-seat for two to four mechs: each turn every player writes a hidden order behind
the kit's curtain (BL-4.1); when the last order is sealed the turn is resolved, and
each player, at their next look, is shown the turn report step by step. Layout:

* the battle line (:mod:`tui.rulesets.battleline.board`) and under it a line that
  tells what is on the cell under the cursor (or this turn's notices);
* the order sheet (:mod:`tui.rulesets.battleline.sheet`) beside the side panel: the
  seat's own mech and the others as it may know them
  (:mod:`tui.rulesets.battleline.panels`), and the kit's log (on a small terminal
  the panel and the log take turns: ``m``).

On a tall terminal the highlighted row's explanation is under the sheet's rows; on a
smaller one (80x24) it is shown at the top of the side panel instead, so that the
sheet's whole height goes to its rows.

The screen touches the battle only through the seats: the view, the options (the
order sheet), the preview of a draft, the log, submit, concede. Keys beside the
kit's: ``s`` seals the order, ``r`` shows the turn reports, ``m`` switches the
side panel (Tab gives the mechs panel the keys: Up, Down, Page Up, Page Down
scroll it; Escape goes back to the sheet), and on the line (Enter on a weapon's row) Enter or Space marks a cell,
Backspace takes a mark off, ``x`` clears the weapon, Escape goes back to the sheet.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from engine.i18n import N_, _
from engine.rulesets.battleline.events import (
    BattleEnded,
    MechLost,
    NoticeGiven,
    OrderNoted,
    OrdersRevealed,
    TurnBegan,
)
from engine.rulesets.battleline.notation import NOTATION
from engine.rulesets.battleline.options import OrderPreview, OrderSheet, Waiting
from engine.rulesets.battleline.view import View
from engine.seat import LogEntry, Seat
from tui.kit.dialogs import plain_text
from tui.kit.screen import GameScreen
from tui.rulesets.battleline.board import ASCII_LINE, UNICODE_LINE, LineBoard
from tui.rulesets.battleline.draft import Draft
from tui.rulesets.battleline.panels import MechPanel, cut_text, notices_text, panel_text
from tui.rulesets.battleline.report import TurnReportScreen, resolved_turns, turn_report
from tui.rulesets.battleline.scene import (
    cell_info,
    help_extra,
    last_moves,
    legend,
    line_labels,
    line_scene,
    over_lines,
)
from tui.rulesets.battleline.sheet import FIRE_KINDS, OrderSheetPanel, SheetGlyphs, sheet_detail, sheet_rows
from tui.screens.base import letter_keys, literal
from tui.widgets.bars import PlainScrollBar

__all__ = ["BattlelineScreen"]

#: From this many lines up, the side panel and the log are both shown.
TALL = 34
#: The lines of the highlighted row's explanation beside the sheet (below TALL); the
#: rest is one key away (``i``).
SIDE_DETAIL_LINES = 3


class BattlelineScreen(GameScreen):
    """A Battleline battle played at this terminal (see the module's docstring)."""

    LOG_IN_TABLE: ClassVar[bool] = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(letter_keys("s", "ы"), "seal", N_("Seal")),
        Binding(letter_keys("r", "к"), "report", N_("Report")),
        Binding(letter_keys("m", "ь"), "side", N_("Mech/log")),
        Binding(letter_keys("i", "ш"), "explain", N_("Read all")),
        Binding(letter_keys("x", "ч"), "clear", N_("Clear the marks"), show=False),
        Binding("backspace,delete", "unmark", N_("Take a mark off"), show=False),
        Binding("space", "mark", N_("Mark the cell"), show=False),
    ]

    def __init__(self, seats: list[Seat], **kwargs: Any) -> None:
        super().__init__(seats, **kwargs)
        #: The draft being written, by (seat, turn).
        self.drafts: dict[tuple[int, int], Draft] = {}
        #: The weapon whose cells are being marked on the line, or None.
        self.marking: int | None = None
        #: The side panel shown on a small terminal: "log" or "mech".
        self.side = "log"
        #: The last turn whose report each seat has been shown.
        self._seen: dict[int, int] = {}
        self._preview: OrderPreview | None = None
        self._moves: tuple[int, dict[int, int]] = (-1, {})
        self._options: tuple[Any, Any] = (None, None)
        #: The seat whose draft the sheet shows (a new one starts on the first row).
        self._sheet_viewer: int | None = None
        #: The label of each row of the sheet shown, by row id.
        self._row_labels: dict[str, str] = {}
        #: The explanation beside the sheet: the row's id and its whole text.
        self._side_detail: tuple[str, Text] = ("", Text())
        #: Whether that explanation is cut to fit its box.
        self._side_cut = False
        #: The result waits for the last turn's report to be closed.
        self._over_waits = False
        #: The seat whose mech the line's cursor started on.
        self._board_viewer: int | None = -1

    # -- glyphs ------------------------------------------------------------------------
    @property
    def sheet_glyphs(self) -> SheetGlyphs:
        """The marks of the glyph set in effect."""
        if self.ascii:
            return SheetGlyphs(ok="+", bad="x", arrow="->")
        return SheetGlyphs()

    # -- layout ------------------------------------------------------------------------
    def compose_table(self) -> ComposeResult:
        """The line, the cell line, the order sheet beside the side panel and the log."""
        board = LineBoard(ASCII_LINE if self.ascii else UNICODE_LINE, id="bl-board")
        board.border_title = literal(_("The line"))
        yield board
        yield Static("", id="bl-info", markup=False)
        with Horizontal(id="bl-middle"):
            sheet = OrderSheetPanel(self.glyphs.pointer, id="bl-sheet")
            sheet.border_title = literal(_("Order sheet"))
            yield sheet
            with Vertical(id="bl-side", classes="-log"):
                yield Static("", id="bl-side-detail", markup=False)
                with MechPanel(id="bl-mech") as mech:
                    mech.border_title = literal(_("Mechs"))
                    yield Static("", id="bl-mech-text", markup=False)
                yield self.event_log()

    def on_mount(self) -> None:
        """Plain scroll bars; the side panel's layout for the terminal's height; then the
        kit's flow."""
        for widget in (self.board, self.query_one("#bl-mech", MechPanel)):
            widget.horizontal_scrollbar.renderer = PlainScrollBar
            widget.vertical_scrollbar.renderer = PlainScrollBar
        for seat in self.seats:
            # a report is new to a seat when its turn was resolved after the seat's last
            # action (what was resolved by that action, the seat saw when it made it)
            seen = seat.log()[: seat.news_start()]
            self._seen[seat.seat] = max(resolved_turns(seen), default=0)
        self._fit_side()
        super().on_mount()

    def on_resize(self) -> None:
        """On a tall terminal the side panel and the log are both shown."""
        super().on_resize()
        self._fit_side()
        self.call_after_refresh(self._fit_side_text)

    def _fit_side(self) -> None:
        side = self.query_one("#bl-side", Vertical)
        tall = self.app.size.height >= TALL
        for mode in ("-log", "-mech", "-both"):
            side.remove_class(mode)
        side.add_class("-both" if tall else f"-{self.side}")
        self.query_one("#bl-sheet-detail", Static).set_class(tall, "-tall")
        self._fit_detail()

    def _fit_detail(self) -> None:
        """The highlighted row's explanation: under the rows on a tall terminal (or when
        the sheet shows why there is no order to write), else beside the sheet."""
        beside = self.app.size.height < TALL and bool(self.sheet.rows.display)
        self.query_one("#bl-sheet-detail", Static).display = not beside
        self.query_one("#bl-side-detail", Static).display = beside

    def table_focus(self) -> Widget | None:
        """The order sheet's rows."""
        sheets = self.query("#bl-sheet-rows")
        return sheets.first() if sheets else None

    @property
    def board(self) -> LineBoard:
        """The line."""
        return self.query_one("#bl-board", LineBoard)

    @property
    def sheet(self) -> OrderSheetPanel:
        """The order sheet."""
        return self.query_one("#bl-sheet", OrderSheetPanel)

    # -- what the viewer knows ------------------------------------------------------------
    def view(self) -> View:
        """The viewer's view of the battle."""
        return self.seat.view()

    def draft(self) -> Draft | None:
        """The viewer's order being written this turn (None when it has none to write)."""
        if self.viewer is None:
            return None
        options = self.options()
        if not isinstance(options, OrderSheet):
            return None
        key = (self.viewer, options.turn)
        draft = self.drafts.get(key)
        if draft is None:
            draft = self.drafts[key] = Draft(options)
        elif draft.sheet != options:  # the same turn, the sheet asked again: the choices stay
            draft.sheet = options
        return draft

    def options(self) -> Any:
        """The viewer's options (its order sheet), asked of the seat once per position."""
        seat = self.seat
        key = (self.viewer, seat.log_length(), len(seat.record()), tuple(sorted(seat.to_act())))
        if self._options[0] != key:
            self._options = (key, seat.options())
        return self._options[1]

    def last_moves(self) -> dict[int, int]:
        """Each seat's heading on its last move (public in the report, BL-19.4)."""
        seat = self.seat
        length = seat.log_length()
        if self._moves[0] != length:
            self._moves = (length, last_moves(seat.log()))
        return self._moves[1]

    # -- drawing ---------------------------------------------------------------------------
    def refresh_table(self) -> None:
        """The line, the sheet, the side panel and the cell line, from the viewer's seat."""
        if not self.is_mounted:
            return
        view = self.view()
        draft = self.draft()
        if draft is None:
            self.marking = None
            self._preview = None
            options = self.options()
            self.sheet.show_waiting(self._waiting_text(options, view))
            self._fit_detail()
            self.sheet.border_title = literal(self.plain(_("Order sheet")))
            if self.focused is None or self.focused is self.sheet.rows:
                self.board.focus()
        else:
            self._preview = self.seat.preview(draft.order())
            self._show_sheet(draft)
        self._show_board(view, draft)
        self._show_side(view)
        self._show_info(view)

    def _waiting_text(self, options: Any, view: View) -> str:
        if view.over or (isinstance(options, Waiting) and options.reason == "over"):
            return _("The battle is over; every order is public now (BL-20.6).")
        if isinstance(options, Waiting) and options.reason == "out":
            return _("Your mech is out of the battle.")
        if isinstance(options, Waiting) and options.reason == "sealed":
            return _("Your order is sealed: {order}").format(order=options.order)
        return ""

    def _show_sheet(self, draft: Draft) -> None:
        preview = self._preview
        assert preview is not None
        g = self.sheet_glyphs
        rows = sheet_rows(draft, preview, g)
        row = self.sheet.row if self._sheet_viewer == self.viewer else None
        if row is None or row not in [r[0] for r in rows]:
            row = "speed"
        self._sheet_viewer = self.viewer
        detail = sheet_detail(row, draft, preview, g)
        self.sheet.show(
            [
                (r, self.plain(label), self.plain(value), plain_text(extra, self.ascii))
                for r, label, value, extra in rows
            ],  # type: ignore[misc]
            plain_text(detail, self.ascii),
            row,
        )
        self._row_labels = {r: label for r, label, _value, _extra in rows}
        self._show_side_detail(row, detail)
        self._fit_detail()
        self.call_after_refresh(self.sheet.rows.scroll_to_highlight)
        mech = next((m for m in self.view().mechs if m.seat == self.viewer), None)
        name = mech.name if mech is not None else ""
        self.sheet.border_title = literal(
            self.plain(_("Order of {mech}, turn {turn}").format(mech=name, turn=draft.sheet.turn))
        )

    def _show_side_detail(self, row: str, detail: Text) -> None:
        """The explanation of sheet row ``row`` in the side panel, titled with its label."""
        side = self.query_one("#bl-side-detail", Static)
        self._side_detail = (row, detail)
        self._fit_side_text()
        side.border_title = literal(self.plain(self._row_labels.get(row, "")))
        self.call_after_refresh(self._fit_side_text)

    def _fit_side_text(self) -> None:
        """The explanation beside the sheet, cut to its box's lines with an ellipsis when
        it is longer (then ``i`` shows it whole)."""
        side = self.query_one("#bl-side-detail", Static)
        text = plain_text(self._side_detail[1], self.ascii)
        text = text if isinstance(text, Text) else Text(text)
        width = side.content_region.width if side.display else 0
        shown, cut = cut_text(
            text, width, SIDE_DETAIL_LINES, self.app.console, "..." if self.ascii else "\u2026"
        )
        side.update(shown)
        if cut != self._side_cut:
            self._side_cut = cut
            self.refresh_bindings()

    def _show_board(self, view: View, draft: Draft | None) -> None:
        selected = self.marking if self.marking is not None else self._row_weapon()
        scene = line_scene(view, draft, self._preview, self.last_moves(), self.marking, selected)
        board = self.board
        board.set_scene(scene, [self.plain(label) for label in line_labels(board.line_kinds(), view)])
        if self._board_viewer != self.viewer:  # a new player: the cursor starts on their mech
            self._board_viewer = self.viewer
            mine = next((m for m in scene.mechs if m.own), None)
            if mine is not None:
                board.move_cursor(mine.position)

    def _show_side(self, view: View) -> None:
        g = self.sheet_glyphs
        text = panel_text(view, ok=g.ok, bad=g.bad, arrow=g.arrow)
        self.query_one("#bl-mech-text", Static).update(plain_text(text, self.ascii))

    def _show_info(self, view: View | None = None) -> None:
        view = view or self.view()
        info = self.query_one("#bl-info", Static)
        board_focused = self.focused is self.board or self.marking is not None
        if board_focused:
            info.update(
                plain_text(cell_info(self.board.cursor, view, self.draft(), self.marking), self.ascii)
            )
            return
        notices = notices_text(view)
        if notices:
            info.update(plain_text(Text(" ".join(notices), style="italic"), self.ascii))
        else:
            info.update(
                plain_text(
                    Text(
                        _("Shift+Tab: along the line, what is on each cell and who may end there."),
                        style="dim",
                    ),
                    self.ascii,
                )
            )

    def _row_weapon(self) -> int | None:
        """The fire weapon of the highlighted sheet row, if it is one."""
        row = self.sheet.row
        draft = self.draft()
        if row is None or not row.startswith("w") or draft is None:
            return None
        weapon = draft.weapon(int(row[1:]))
        return weapon.item if weapon is not None and weapon.kind in FIRE_KINDS else None

    def redraft(self) -> None:
        """The draft changed: preview it again and draw what depends on it."""
        draft = self.draft()
        if draft is None:
            return
        self._preview = self.seat.preview(draft.order())
        self._show_sheet(draft)
        self._show_board(self.view(), draft)
        self._show_info()
        self.refresh_hint()

    # -- the kit's hooks ---------------------------------------------------------------------
    def status_text(self) -> str | Text:
        """The turn, whose order is being written, and whose are in."""
        if self.viewer is None:
            return super().status_text()
        view = self.view()
        if view.over:
            return _("Turn {turn}: the battle is over.").format(turn=view.turn)
        head = (
            _("Turn {turn} of {limit}").format(turn=view.turn, limit=view.turn_limit)
            if view.turn_limit
            else _("Turn {turn}").format(turn=view.turn)
        )
        mech = view.mechs[self.viewer]
        parts = [
            head,
            _("{player} orders for {mech}").format(player=self.player(self.viewer), mech=mech.name),
        ]
        ready = [m.name for m in view.mechs if m.ready and m.seat != self.viewer]
        if ready:
            parts.append(_("orders in: {mechs}").format(mechs=", ".join(ready)))
        return " \u00b7 ".join(parts)

    def prompt_text(self) -> str:
        """While marking: how; with a draft that has problems: each with its rule; else
        what to do next."""
        if self.seat.result() is not None:
            return super().prompt_text()
        draft = self.draft()
        if draft is None:
            return super().prompt_text()
        if self.marking is not None:
            w = draft.weapon(self.marking)
            label = w.label if w is not None else "?"
            return _(
                "Marking the {weapon}'s cells: Enter or Space adds one on the cell, Backspace takes one off, x clears them, Escape ends."
            ).format(weapon=label)
        preview = self._preview
        if preview is not None and preview.problems:
            g = self.sheet_glyphs
            return " ".join(f"{g.bad} {p.text()} ({p.rule})" for p in preview.problems)
        return _("s seals the order; Enter on a weapon marks its cells; : types an order.")

    def task_text(self, seat: int) -> str:
        """What ``seat`` is to do now, for the curtain."""
        view = self.seats[seat].view()
        return _("Write the order of {mech} for turn {turn}.").format(
            mech=view.mechs[seat].name, turn=view.turn
        )

    def command_placeholder(self) -> str:
        """An example order."""
        return _("An order, e.g. speed 6; def LA; A-10 13 14 15 (help lists the forms)")

    def log_line(self, entry: LogEntry) -> Text:
        """A log entry, the turns and outcomes in bold, the notices in italics."""
        event = entry.event
        if isinstance(event, (TurnBegan, BattleEnded, MechLost)):
            return Text(entry.text, style="bold")
        if isinstance(event, NoticeGiven):
            return Text(entry.text, style="italic")
        if isinstance(event, (OrderNoted, OrdersRevealed)):
            return Text(entry.text, style="dim")
        return Text(entry.text)

    def notation_rows(self) -> list[tuple[str, str]]:
        """The notation of an order (the engine's table), translated."""
        return [(form, _(meaning)) for form, meaning in NOTATION]

    def legend_rows(self) -> list[tuple[str, str]]:
        """What the line's glyphs mean."""
        return legend(ASCII_LINE if self.ascii else UNICODE_LINE)

    def help_rows(self) -> list[tuple[str, str]]:
        """The kit's keys, then the order sheet's and the line's, then the legend."""
        rows = super().help_rows()
        extra = help_extra()
        at = next((i for i, (k, t) in enumerate(rows) if not k and not t), len(rows))
        extra = [(self.plain(k), self.plain(t)) for k, t in extra]
        return rows[:at] + extra + rows[at:]

    def over_lines(self) -> list[str | Text]:
        """Every mech at the end: won, out (when and why), or sharing a draw."""
        return over_lines(self.view(), self.player)

    def after_submit(self) -> None:
        """An order was sealed or taken back: no cells are being marked any more."""
        self.marking = None

    def after_turn_change(self, changed: bool) -> None:
        """The sheet takes the keys; a turn resolved since the viewer last looked is shown
        as its report."""
        self.marking = None
        super().after_turn_change(changed)
        self.show_new_report()

    def leave_mode(self) -> bool:
        """Escape while marking cells: back to the sheet."""
        mech = self.query_one("#bl-mech", MechPanel)
        if self.marking is not None or self.focused is self.board or self.focused is mech:
            self.marking = None
            focus = self.table_focus()
            if focus is not None:
                focus.focus()
            self.redraft() if self.draft() is not None else self.refresh_table()
            self.refresh_hint()
            return True
        return False

    def game_over(self) -> None:
        """The last turn's report first (once), then the kit's result."""
        if self._over_shown or self._over_waits:
            return

        def then() -> None:
            self._over_waits = False
            GameScreen.game_over(self)

        if self.show_new_report(then=then):
            self._over_waits = True
            return
        super().game_over()

    # -- reports -------------------------------------------------------------------------------
    def reports(self) -> list:
        """Every resolved turn's report, as the viewer may read it."""
        entries = self.seat.log()
        view = self.view()
        g = self.sheet_glyphs
        return [turn_report(entries, view, t, self.log_line, g.arrow) for t in resolved_turns(entries)]

    def show_new_report(self, then: Any = None) -> bool:
        """Open the report of a turn resolved since the viewer last looked, once; ``then``
        is called when it is closed. Returns whether one was opened."""
        if self.viewer is None:
            return False
        entries = self.seat.log()
        turns = resolved_turns(entries)
        last = turns[-1] if turns else 0
        seen = self._seen.get(self.viewer, 0)
        if last <= seen:
            return False
        self._seen[self.viewer] = last
        self.app.push_screen(TurnReportScreen(self.reports(), -1), lambda _answer: then() if then else None)
        return True

    # -- keys ------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Sealing and marking only while the viewer writes an order."""
        if action in ("seal", "clear"):
            return self.viewer is not None and self.viewer in self.seat.to_act()
        if action in ("mark", "unmark"):
            return self.marking is not None
        if action == "side":
            return self.app.size.height < TALL
        if action == "explain":
            return self._side_cut and self.app.size.height < TALL
        return super().check_action(action, parameters)

    def action_seal(self) -> None:
        """Seal the order, after showing it once more; with problems, say them."""
        from tui.screens.dialogs import ConfirmScreen

        draft = self.draft()
        if draft is None:
            return
        preview = self.seat.preview(draft.order())
        if preview is not None and preview.problems:
            g = self.sheet_glyphs
            self.say(" ".join(f"{g.bad} {p.text()} ({p.rule})" for p in preview.problems))
            return
        order = draft.order()
        text = self.seat.format(order)

        def answered(yes: bool | None) -> None:
            if yes:
                self.submit(order)

        self.app.push_screen(
            ConfirmScreen(
                _("Seal the order"),
                self.plain(text)
                + "\n\n"
                + _("Nobody sees it until every order is in; then the turn is resolved (BL-4.1)."),
                _("Seal"),
                _("Keep writing"),
            ),
            answered,
        )

    def action_report(self) -> None:
        """Every resolved turn's report, opened on the last."""
        self.app.push_screen(TurnReportScreen(self.reports(), -1))

    def action_side(self) -> None:
        """On a small terminal: the mechs' panel or the log beside the sheet."""
        self.side = "mech" if self.side == "log" else "log"
        mech = self.query_one("#bl-mech", MechPanel)
        had_focus = self.focused is mech
        self._fit_side()
        if had_focus:  # the panel is hidden: the keys go back to the sheet
            focus = self.table_focus()
            if focus is not None:
                focus.focus()

    def action_explain(self) -> None:
        """The highlighted row's whole explanation, in a window of its own."""
        from tui.screens.dialogs import NoticeScreen

        row, detail = self._side_detail
        text = plain_text(detail, self.ascii)
        plain = text.plain if isinstance(text, Text) else text
        self.app.push_screen(NoticeScreen(self.plain(self._row_labels.get(row, "")), plain))

    def action_clear(self) -> None:
        """The weapon being marked (or the highlighted one) marks nothing."""
        draft = self.draft()
        item = self.marking if self.marking is not None else self._row_weapon()
        if draft is None or item is None:
            return
        draft.clear(item)
        self.redraft()

    def action_mark(self) -> None:
        """Mark the cell under the cursor for the weapon being marked."""
        draft = self.draft()
        if draft is not None and self.marking is not None:
            draft.add_mark(self.marking, self.board.cursor)
            self.redraft()

    def action_unmark(self) -> None:
        """Take one salvo or missile off the cell under the cursor."""
        draft = self.draft()
        if draft is not None and self.marking is not None:
            draft.remove_mark(self.marking, self.board.cursor)
            self.redraft()

    # -- the sheet and the line --------------------------------------------------------------------
    @on(OrderSheetPanel.Edit)
    def _edit(self, event: OrderSheetPanel.Edit) -> None:
        event.stop()
        draft = self.draft()
        if draft is None:
            return
        then = draft.edit(event.row, event.step)
        if then == "seal":
            self.action_seal()
        elif then == "mark":
            self.start_marking(int(event.row[1:]))
        else:
            self.redraft()

    @on(OrderSheetPanel.Moved)
    def _row_moved(self, event: OrderSheetPanel.Moved) -> None:
        event.stop()
        draft = self.draft()
        if draft is None or self._preview is None:
            return
        g = self.sheet_glyphs
        detail = sheet_detail(event.row, draft, self._preview, g)
        self.query_one("#bl-sheet-detail", Static).update(plain_text(detail, self.ascii))
        self._show_side_detail(event.row, detail)
        self._show_board(self.view(), draft)

    def start_marking(self, item: int) -> None:
        """Mark weapon ``item``'s cells on the line: the cursor goes to its last mark, or
        to the nearest opponent's cell."""
        draft = self.draft()
        weapon = draft.weapon(item) if draft is not None else None
        if draft is None or weapon is None or not weapon.works:
            self.say(_("That weapon is destroyed."))
            return
        self.marking = item
        cells = draft.marks.get(item)
        if cells:
            target = max(cells)
        else:
            own = draft.sheet.position
            target = min((r.position for r in draft.sheet.opponents), key=lambda c: abs(c - own), default=own)
        board = self.board
        board.focus()
        board.move_cursor(target)
        board.keep_in_view(target)
        self.redraft()

    @on(LineBoard.Chosen)
    def _cell_chosen(self, event: LineBoard.Chosen) -> None:
        event.stop()
        if self.marking is None:
            item = self._row_weapon()
            if item is None:
                return
            self.marking = item
        self.action_mark()

    @on(LineBoard.CursorMoved)
    def _cursor_moved(self, event: LineBoard.CursorMoved) -> None:
        event.stop()
        self._show_info()

    def on_descendant_focus(self) -> None:
        """The cell line follows the focus (the line's cursor, or the notices)."""
        if self.is_mounted and self.viewer is not None:
            self._show_info()
