"""The Three Kingdoms battle screen, on the kit's game screen.

Layout (under the kit's status line): the map of bases and links
(:class:`tui.rulesets.kingdoms.board.KingdomsMap`); on a tall terminal the base
under the map's cursor in full; then the orders sheet
(:class:`tui.rulesets.kingdoms.sheet.OrdersSheet`) beside the event log. The
kit's hint line, command line and key footer come last.

Writing orders (TK-2.4 step 2): the sheet lists the side's regiments with their
orders; Enter (or ``o``) lists every legal order of the highlighted regiment
(from the seat's options), Enter on a base of the map only those that lead there;
an attack or a fire shows its exact preview first (TK-5), a challenge asks what it
falls back on (TK-11.3); ``x`` takes an order back; ``r`` declares READY, which
the engine refuses, with the rule, while an order breaks one (each such order is
marked on the sheet with its reason). Every order can be typed on the command
line (``:``) in notation. The decisions put to a side in the middle of a phase
(TK-2.6) open the kit's decision dialog, behind the kit's curtain when the
terminal passes to the other player.

Everything shown comes from the seat of the player at the terminal: its view,
options, previews and log (the other side's orders appear only as they resolve,
TK-2.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import OptionList, Static

from engine.decision import Decision
from engine.i18n import N_, _, ngettext
from engine.rulesets.kingdoms.actions import NOTATION, Attack, Cancel, Challenge, Fire, Provoke, Ready
from engine.rulesets.kingdoms.options import DecisionOptions, OrderOptions, RegimentOptions
from engine.rulesets.kingdoms.view import View
from engine.seat import LogEntry, Seat
from tui.kit.dialogs import ChoiceDialog, plain_text
from tui.kit.screen import GameScreen
from tui.rulesets.kingdoms.board import KingdomsMap
from tui.rulesets.kingdoms.glyphs import legend_rows, map_glyphs
from tui.rulesets.kingdoms.orders import fallback_choices, order_choices, reach, with_fallback
from tui.rulesets.kingdoms.sheet import OrdersSheet, sheet_rows
from tui.rulesets.kingdoms.texts import (
    base_line,
    base_name,
    base_summary,
    forces_line,
    preview_lines,
    regiment_line,
    side_name,
    title,
)
from tui.screens.base import literal
from tui.textfit import fit

__all__ = ["KingdomsScreen"]

#: Lines the sheet and the log keep at least under the map, and from which terminal
#: height the base under the cursor is shown in full.
LOWER_MIN = 7
DETAILS_FROM = 32

#: Log entries shown in bold (the phase's turning points) and dim (the procedure's steps).
_BOLD = frozenset({"PhaseBegan", "OrdersGiven", "ChallengeIssued", "DuelRound", "GameOver", "ControlChanged"})
_DIM = frozenset({"Step", "OrderNoted", "MoraleRecorded"})


class KingdomsScreen(GameScreen):
    """Plays a Three Kingdoms battle through its two seats (see the module)."""

    LOG_IN_TABLE: ClassVar[bool] = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o,O,щ,Щ", "order", N_("Order")),
        Binding("r,R,к,К", "ready", N_("READY")),
        Binding("x,X,ч,Ч,delete", "take_back", N_("Take back"), show=False),
        Binding("i,I,ш,Ш", "base_info", N_("Base"), show=False),
        Binding("tab", "switch", N_("Map or orders"), show=False),
    ]

    def __init__(self, seats: Sequence[Seat], *, viewer: int | None = None, curtain: bool = True) -> None:
        super().__init__(seats, viewer=viewer, curtain=curtain)
        #: The regiment whose order is being written (the sheet's highlight).
        self.selected: str | None = None
        self._known: tuple[Any, ...] | None = None
        self._view: View | None = None
        self._options: Any = None
        #: Each regiment's order at the last drawing: a new one for the regiment being
        #: ordered moves the sheet on to the next regiment without one.
        self._written: dict[str, str] = {}

    # -- what the seat at the terminal knows ----------------------------------------------
    def current(self) -> tuple[View, Any]:
        """The viewer's view and options, asked of its seat once per position."""
        seat = self.seat
        key = (self.viewer, seat.log_length(), len(seat.record()), tuple(sorted(seat.to_act())))
        if self._known != key or self._view is None:
            self._view = seat.view()
            self._options = seat.options()
            self._known = key
        return self._view, self._options

    def writing(self) -> OrderOptions | None:
        """The viewer's order writing, when it is writing its orders now."""
        if self.viewer is None or self.viewer not in self.seat.to_act():
            return None
        _view, options = self.current()
        return options if isinstance(options, OrderOptions) else None

    def regiment_options(self) -> RegimentOptions | None:
        """The options of the regiment being ordered."""
        options = self.writing()
        if options is None:
            return None
        return next((ro for ro in options.regiments if ro.regiment == self.selected), None)

    # -- layout ---------------------------------------------------------------------------
    def compose_table(self) -> ComposeResult:
        """The map, the base in full, the sheet beside the log."""
        with Vertical(id="tk-table"):
            yield KingdomsMap(map_glyphs(self.ascii), id="tk-map")
            yield Static("", id="tk-base", markup=False)
            with Horizontal(id="tk-lower"):
                yield OrdersSheet(pointer=self.glyphs.pointer, id="tk-sheet")
                yield self.event_log()

    @property
    def map(self) -> KingdomsMap:
        return self.query_one("#tk-map", KingdomsMap)

    @property
    def sheet(self) -> OrdersSheet:
        return self.query_one("#tk-sheet", OrdersSheet)

    def table_focus(self) -> Widget | None:
        """The sheet while the viewer writes its orders, else the map."""
        if not self.is_mounted:
            return None
        return self.sheet if self.writing() is not None else self.map

    def on_resize(self) -> None:
        """Share the height between the map and what lies under it."""
        super().on_resize()
        self._fit()

    def _fit(self) -> None:
        if not self.is_mounted:
            return
        height = self.size.height
        details = self.query_one("#tk-base", Static)
        show = height >= DETAILS_FROM
        details.display = show
        body = height - 5
        room = body - LOWER_MIN - (details.outer_size.height if show else 0)
        if show:
            room -= 1  # the details' own line(s) are not measured before they are shown
        canvas = self.map.virtual_size.height
        if self.map.virtual_size.width > self.size.width - 1:
            canvas += 1  # the horizontal scroll bar
        self.map.styles.height = max(4, min(canvas, room))

    # -- drawing --------------------------------------------------------------------------
    def refresh_table(self) -> None:
        """Map, sheet and the base in full, from the viewer's seat."""
        if not self.is_mounted:
            return
        view, options = self.current()
        sheet = self.sheet
        writing = isinstance(options, OrderOptions) and self.viewer in self.seat.to_act()
        g = map_glyphs(self.ascii)
        rows = sheet_rows(view, options if writing else None, g, self.glyphs.bad)
        written = {ro.regiment: ro.current for ro in options.regiments} if writing else {}
        fresh = self.selected is not None and written.get(self.selected) not in (
            "",
            self._written.get(self.selected),
        )
        keep = self._next_unordered(options) if fresh and writing else self.selected
        self._written = written
        sheet.set_rows([(rid, plain_text(text, self.ascii)) for rid, text in rows], keep)  # type: ignore[misc]
        before = self.selected
        self.selected = sheet.chosen if writing else None
        # names from a scenario file are shown as written, never read as markup
        sheet.border_title = literal(str(plain_text(self._sheet_title(view, options, writing), self.ascii)))
        sheet.border_subtitle = literal(str(plain_text(self._sheet_subtitle(options, writing), self.ascii)))
        self._mark()
        ro = self.regiment_options()
        if ro is not None and self.selected != before:
            self._point_at(ro.base)
        elif isinstance(options, DecisionOptions) and self.viewer in self.seat.to_act():
            reg = next((r for r in view.regiments if r.id == options.regiment), None)
            if reg is not None:
                self._point_at(reg.base)
        self._fit()
        self.refresh_details()

    def _point_at(self, base: str) -> None:
        """The map's cursor on ``base``."""
        cell = self.map.cell_of(base)
        if cell is not None:
            self.map.move_cursor(cell)

    def _next_unordered(self, options: OrderOptions) -> str | None:
        """After an order: the next regiment without one (else the same)."""
        ids = [ro.regiment for ro in options.regiments]
        if self.selected not in ids:
            return None
        start = ids.index(self.selected)
        for ro in options.regiments[start + 1 :] + options.regiments[:start]:
            if not ro.current and not ro.fixed:
                return ro.regiment
        return self.selected

    def _sheet_title(self, view: View, options: Any, writing: bool) -> str:
        side = side_name(view, view.active)
        if writing:
            return _("Orders of {side}, phase {phase}").format(side=side, phase=view.phase)
        if view.stage == "over":
            return _("Orders")
        return _("Orders of {side} so far").format(side=side)

    def _sheet_subtitle(self, options: Any, writing: bool) -> str:
        if not writing:
            return ""
        g = self.glyphs
        if options.ready:
            return f"{g.ok} " + _("r: READY")
        n = len(options.problems)
        return f"{g.bad} " + _("READY refused: {n} to mend").format(n=n)

    def _mark(self) -> None:
        """The map with the marks of the regiment being ordered."""
        view, _options = self.current()
        ro = self.regiment_options()
        if ro is None:
            self.map.show(view)
            return
        self.map.show(view, ro.base, reach(view, ro))

    def refresh_details(self) -> None:
        """The base under the map's cursor in full (on a tall terminal), and the hint."""
        details = self.query_one("#tk-base", Static)
        view, _options = self.current()
        base = self.map.base
        if details.display and base is not None:
            details.update(plain_text(self.base_text(view, base), self.ascii))
        self.refresh_hint()

    def base_text(self, view: View, bid: str) -> Text:
        """A base and the regiments on it, a line each."""
        spec = next(b for b in view.bases if b.id == bid)
        text = Text(base_line(view, spec))
        text.stylize("bold")
        for reg in view.regiments:
            if reg.on_map and reg.base == bid:
                text.append("\n" + regiment_line(view, reg))
        return text

    # -- the kit's hooks ----------------------------------------------------------------
    def status_text(self) -> str | Text:
        """Turn and phase, the active side, and who decides now."""
        view, _options = self.current()
        if view.stage == "over":
            return super().status_text()
        head = _("Turn {turn}/{turns}, phase {phase}: {side} attacks").format(
            turn=view.turn, turns=view.turns, phase=view.phase, side=side_name(view, view.active)
        )
        deciding = ", ".join(self.player(s) for s in sorted(self.seat.to_act()))
        if view.stage == "orders":
            tail = _("{player} writes the orders").format(player=deciding)
        else:
            tail = _("{player} decides").format(player=deciding)
        return f"{head} · {tail}"

    def prompt_text(self) -> str:
        """What the viewer may do now (one line): write orders, or read the map."""
        if self.seat.result() is not None:
            return super().prompt_text()
        view, _options = self.current()
        width = max(20, self.size.width - 2)
        if self.focused is self.map or self.writing() is None:
            base = self.map.base
            if base is not None and not self.query_one("#tk-base", Static).display:
                spec = next(b for b in view.bases if b.id == base)
                return fit(base_summary(view, spec), width - 14) + " " + _("(i: in full)")
            if self.writing() is not None:
                return fit(_("Enter: the orders that lead to this base · Tab: the orders"), width)
            return fit(_("Arrows: the map · i: a base in full · l: the whole log"), width)
        ro = self.regiment_options()
        if ro is not None and ro.fixed:
            return fit(_("{id} has no order to choose · r: READY").format(id=ro.regiment), width)
        return fit(
            _("Enter: order {id} · x: take it back · r: READY · Tab: the map").format(
                id=self.selected or "-"
            ),
            width,
        )

    def task_text(self, seat: int) -> str:
        """For the curtain: write the orders, or answer a question of the rules."""
        view = self.seats[seat].view()
        if view.stage == "orders":
            return _("Write the orders of {side} for phase {phase}.").format(
                side=side_name(view, seat), phase=view.phase
            )
        return _("A question of the rules waits for {side} (TK-2.6).").format(side=side_name(view, seat))

    def command_placeholder(self) -> str:
        """An order in notation."""
        return _("An order, e.g. S3 ATTACK W2 B4-B6, S1 DEFEND, READY (help lists them)")

    def in_news(self, entry: LogEntry) -> bool:
        """The curtain's news leave out the step headings (the log keeps them): what
        happened, not the procedure it went through (TK-2.4)."""
        return type(entry.event).__name__ != "Step"

    def log_line(self, entry: LogEntry) -> Text:
        """The engine's line; the phase's turning points bold, the steps dim."""
        kind = type(entry.event).__name__
        if kind in _BOLD:
            return Text(entry.text, style="bold")
        if kind in _DIM:
            return Text(entry.text, style="dim")
        return Text(entry.text)

    def notation_rows(self) -> list[tuple[str, str]]:
        """Every form of the notation, with what it does."""
        return [(form, _(meaning)) for form, meaning in NOTATION]

    def legend_rows(self) -> list[tuple[str, str]]:
        """The map's glyphs."""
        return legend_rows(map_glyphs(self.ascii))

    def over_lines(self) -> list[str | Text]:
        """The forces left on each side and the bases each holds."""
        view, _options = self.current()
        lines: list[str | Text] = [title(view)]
        for side in range(len(view.sides)):
            held = sum(1 for b in view.bases if b.control == side)
            lines.append(forces_line(view, side) + "; " + _("{n} bases held").format(n=held))
        lines.append(_("Turn {turn}, phase {phase}.").format(turn=view.turn, phase=view.phase))
        return lines

    def ask(self, decision: Decision) -> None:
        """The kit's decision dialog, with what led to the question above it."""
        view, options = self.current()
        titles = {
            "accept": _("A challenge"),
            "retreat": _("A forced retreat"),
            "defender": _("The wall"),
            "keep": _("The merge"),
        }
        context: list[str | Text] = []
        heading = _("A decision")
        if isinstance(options, DecisionOptions):
            heading = titles.get(options.kind, heading)
            for rid in (options.other, options.regiment):
                reg = next((r for r in view.regiments if r.id == rid), None)
                if reg is not None:
                    context.append(Text(regiment_line(view, reg), style="dim"))
        self.open_decision(decision, heading, context)

    def after_submit(self) -> None:
        """A new position: ask the seat again."""
        self._known = None

    # -- events -----------------------------------------------------------------------------
    @on(OptionList.OptionHighlighted, "#tk-sheet")
    def _sheet_moved(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        chosen = self.sheet.chosen
        if chosen is None or chosen == self.selected or self.writing() is None:
            return
        self.selected = chosen
        self._mark()
        ro = self.regiment_options()
        if ro is not None:
            cell = self.map.cell_of(ro.base)
            if cell is not None:
                self.map.move_cursor(cell)
        self.refresh_details()

    @on(OptionList.OptionSelected, "#tk-sheet")
    def _sheet_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_order()

    def on_board_view_cursor_moved(self, event: KingdomsMap.CursorMoved) -> None:
        """The map's cursor moved: show that base."""
        event.stop()
        self.refresh_details()

    def on_board_view_chosen(self, event: KingdomsMap.Chosen) -> None:
        """A base chosen on the map: the orders of the regiment being ordered that lead
        there; else its own regiment there to order; else the base in full."""
        event.stop()
        base = self.map.base
        options = self.writing()
        if base is None:
            return
        if options is not None:
            view, _o = self.current()
            ro = self.regiment_options()
            if ro is not None and not ro.fixed and base in reach(view, ro) | {ro.base}:
                self.action_order(base)
                return
            mine = [r for r in options.regiments if r.base == base and not r.fixed]
            if mine:
                self.sheet.select(mine[0].regiment)
                self.sheet.focus()
                return
        self.action_base_info()

    # -- actions ------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The order keys only while the viewer writes its orders."""
        if action in ("order", "ready", "take_back"):
            return self.writing() is not None
        return super().check_action(action, parameters)

    def action_switch(self) -> None:
        """Tab: between the map and the orders sheet."""
        if self.focused is self.map and self.writing() is not None:
            self.sheet.focus()
        else:
            self.map.focus()
        self.refresh_hint()

    def on_descendant_focus(self) -> None:
        """The hint follows the focus (the map's base, or the order to write)."""
        self.refresh_hint()

    def action_ready(self) -> None:
        """Declare the orders complete: the phase resolves (TK-2.4). Asked first when
        the orders would leave the side's headquarters to the enemy at the end of the
        phase, which loses the battle (the ruleset's forecast, TK-18.1, TK-18.2); the
        question names every base the orders would lose."""
        preview = self.seat.preview(Ready())
        lost = tuple(getattr(preview, "lost", ()))
        if not getattr(preview, "hq", None):  # another base left is a player's choice
            self.submit(Ready())
            return
        from tui.screens.dialogs import ConfirmScreen

        text = ngettext(
            "Your orders leave {bases} with no regiment of yours: it passes to the enemy at the "
            "end of the phase (TK-18.1).",
            "Your orders leave {bases} with no regiment of yours: they pass to the enemy at the "
            "end of the phase (TK-18.1).",
            len(lost),
        ).format(bases=", ".join(lost))
        text += " " + _("{base} is your headquarters: losing it loses the battle (TK-18.2).").format(
            base=preview.hq
        )

        def answered(ready: bool | None) -> None:
            if ready:
                self.submit(Ready())

        self.app.push_screen(ConfirmScreen(_("READY?"), text, _("READY"), _("Keep writing")), answered)

    def action_take_back(self) -> None:
        """Take back the order of the highlighted regiment (it defends)."""
        ro = self.regiment_options()
        if ro is None or not ro.current or ro.fixed:
            self.say(_("{id} has no order to take back.").format(id=self.selected or "—"))
            return
        self.submit(Cancel(regiment=ro.regiment))

    def action_base_info(self) -> None:
        """The base under the map's cursor in full, in a window."""
        from tui.screens.dialogs import NoticeScreen

        base = self.map.base
        if base is None:
            return
        view, _options = self.current()
        spec = next(b for b in view.bases if b.id == base)
        self.app.push_screen(NoticeScreen(f"{base} {base_name(spec)}", self.base_text(view, base).plain))

    def action_order(self, base: str | None = None) -> None:
        """The orders of the highlighted regiment (only those leading to ``base``)."""
        if self.writing() is None:
            return  # the sheet only lists the phase's orders: nothing to choose
        ro = self.regiment_options()
        if ro is None:
            self.say(_("Choose a regiment of your side on the sheet first."))
            return
        if ro.fixed == "flee":
            self.say(_("{id} is panicking: FLEE is its only order (TK-16.3).").format(id=ro.regiment))
            return
        if ro.fixed:
            self.say(_("{id} spent its action on a duel this phase (TK-11.7).").format(id=ro.regiment))
            return
        view, _options = self.current()
        choices = order_choices(view, ro, self.seat.format, base)
        if not choices:
            self.say(_("No order of {id} leads to {base}.").format(id=ro.regiment, base=base))
            return
        current = next((i for i, c in enumerate(choices) if c[1] == ro.current), 0)
        reg = next(r for r in view.regiments if r.id == ro.regiment)
        heading = _("The order of {id}").format(id=ro.regiment) + (
            " " + _("towards {base}").format(base=base) if base else ""
        )

        def chosen(answer: str | None) -> None:
            if answer is not None:
                self.give(choices[int(answer)][0])

        self.app.push_screen(
            ChoiceDialog(
                heading,
                [Text(regiment_line(view, reg), style="dim")],
                [(str(i), label) for i, (_a, _n, label) in enumerate(choices)],
                str(current),
                hanging=True,
            ),
            chosen,
        )

    def give(self, order: Any) -> None:
        """Write ``order``: an attack after its preview, a challenge with its fallback."""
        view, _options = self.current()
        if isinstance(order, Attack | Fire):
            preview = self.seat.preview(order)
            if preview is not None and preview.problem is not None:
                self.say(f"{preview.problem.text()} ({preview.problem.rule})")
                return
            attack = preview.attack if preview is not None else None
            if attack is None:
                self._write(order)
                return
            width = min(70, max(40, self.size.width - 12))

            def confirmed(answer: str | None) -> None:
                if answer == "yes":
                    self._write(order)

            self.app.push_screen(
                ChoiceDialog(
                    self.seat.format(order),
                    preview_lines(view, order, attack, width),
                    [("yes", _("Give this order")), ("no", _("Back"))],
                    "yes",
                ),
                confirmed,
            )
            return
        if isinstance(order, Challenge | Provoke):
            ro = self.regiment_options()
            if ro is None:
                return
            choices = fallback_choices(view, ro, self.seat.format)
            question = (
                _("If the challenge is refused (TK-11.3), {id}:")
                if isinstance(order, Challenge)
                else _("If the provocation cannot be made (TK-12.1), {id}:")
            ).format(id=order.regiment)

            def fallback(answer: str | None) -> None:
                if answer is not None:
                    self._write(with_fallback(order, choices[int(answer)][0]))

            self.app.push_screen(
                ChoiceDialog(
                    self.seat.format(order),
                    [question],
                    [(str(i), label) for i, (_a, _n, label) in enumerate(choices)],
                    "0",
                    hanging=True,
                ),
                fallback,
            )
            return
        self._write(order)

    def _write(self, order: Any) -> None:
        self.submit(order)
