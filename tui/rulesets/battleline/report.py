"""The turn report: what a turn's resolution did, step by step (R1 to R9, BL-4.4), as
the viewer may read it (BL-19.4, BL-19.5), a page a step.

The pages are made from the seat's log (:meth:`engine.seat.Seat.log`): each event of
a turn's resolution goes to the step that made it (movement and cover, melee,
cannon and MG fire, missiles arriving, lasers, damage packets with every die, losses
and the outcome, the notices published for the next turn). From the seat's view come
the dice of the turn in order (:class:`engine.rulesets.battleline.view.TurnView`)
and, for the viewer's own mech, its missiles launched this turn and its recoil
stacks now. Nothing here is worked out by the rules: it is the log, sorted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from engine.i18n import N_, _, ngettext
from engine.rulesets.battleline.events import (
    BattleEnded,
    Conceded,
    LaserFired,
    MechLost,
    MeleeMade,
    Moved,
    NoticeGiven,
    OrdersRevealed,
    PacketHit,
    ShotFired,
    TurnBegan,
    cells_text,
)
from engine.rulesets.battleline.view import View
from engine.seat import LogEntry
from tui.kit.dialogs import plain_text
from tui.rulesets.battleline.texts import STEPS
from tui.screens.base import WartableModal, literal
from tui.widgets.bars import PlainScrollBar

__all__ = ["ReportPage", "TurnReport", "TurnReportScreen", "resolved_turns", "turn_report"]

#: The events of a resolution, by the step that makes them (BL-4.4).
STEP_OF: dict[type, str] = {
    Conceded: "R1",
    Moved: "R1",
    MeleeMade: "R3",
    ShotFired: "R4",
    LaserFired: "R6",
    PacketHit: "R8",
    MechLost: "R9",
    BattleEnded: "R9",
    NoticeGiven: "R9",
    OrdersRevealed: "R9",
}


@dataclass
class ReportPage:
    """One step of a turn's report: its ``code`` (``R4``), ``title`` and ``lines``."""

    code: str
    title: str
    lines: list[Text] = field(default_factory=list)
    #: Whether anything happened in the step (an empty one shows a line saying so).
    busy: bool = False


@dataclass
class TurnReport:
    """A resolved turn's report: its ``turn`` and one page per step, R1 to R9."""

    turn: int
    pages: list[ReportPage]


def resolved_turns(entries: Sequence[LogEntry]) -> list[int]:
    """The turns whose resolution is in the log, in order."""
    return sorted(_entries_by_turn(entries))


def _entries_by_turn(entries: Sequence[LogEntry]) -> dict[int, list[LogEntry]]:
    """Each resolved turn's events: those after its orders up to the next turn, and the
    notices it published (BL-19.5)."""
    out: dict[int, list[LogEntry]] = {}
    current = 1
    for entry in entries:
        event = entry.event
        if isinstance(event, TurnBegan):
            current = event.turn
            continue
        if isinstance(event, NoticeGiven):
            out.setdefault(event.turn, []).append(entry)
        elif type(event) in STEP_OF:
            out.setdefault(current, []).append(entry)
    return out


def turn_report(
    entries: Sequence[LogEntry],
    view: View,
    turn: int,
    line: Callable[[LogEntry], Text] = lambda e: Text(e.text),
    arrow: str = "→",
) -> TurnReport:
    """The report of ``turn`` from the viewer's log ``entries`` and ``view`` (see the
    module's docstring); ``line`` writes one log entry."""
    mine = _entries_by_turn(entries).get(turn, [])
    pages = {code: ReportPage(code, _(title)) for code, title in STEPS}
    for entry in mine:
        event = entry.event
        code = STEP_OF[type(event)]
        pages[code].lines.append(line(entry))
        pages[code].busy = True
        if isinstance(event, Moved) and event.cover:
            pages["R2"].lines.append(line(entry))
            pages["R2"].busy = True
        if isinstance(event, PacketHit) and event.source == "missile":
            pages["R5"].lines.append(line(entry))
            pages["R5"].busy = True
    own = next((m for m in view.mechs if m.seat == view.viewer), None)
    if own is not None and own.volleys is not None:
        for volley in own.volleys:
            if volley.turn == turn:
                pages["R5"].lines.append(
                    Text(
                        _("Your {weapon} launched {arrow} {cells}: the missiles land next turn.").format(
                            weapon=volley.label, arrow=arrow, cells=cells_text(volley.cells)
                        )
                    )
                )
                pages["R5"].busy = True
    if pages["R5"].lines and any(
        isinstance(e.event, PacketHit) and e.event.source == "missile" for e in mine
    ):
        pages["R5"].lines.insert(
            0, Text(_("Missiles launched last turn land; their damage is applied in R8."), style="dim")
        )
    last = max(resolved_turns(entries), default=0)
    if own is not None and own.items is not None and turn == last and not view.over:
        for item in own.items:
            if item.kind in ("cannon", "mg") and item.works:
                pages["R7"].lines.append(
                    Text(
                        ngettext(
                            "Your {weapon}: recoil stack {k}, {n} cell next turn.",
                            "Your {weapon}: recoil stack {k}, {n} cells next turn.",
                            item.cells,
                        ).format(weapon=item.label, k=item.stack, n=item.cells)
                    )
                )
        pages["R7"].lines.append(
            Text(_("Recoil stacks are never told to the others (BL-19.1)."), style="dim")
        )
    record = next((h for h in view.history if h.turn == turn), None)
    if record is not None and record.dice:
        faces = " ".join(str(d) for d in record.dice)
        pages["R8"].lines.insert(
            0, Text(_("Dice, in the order rolled: {faces}").format(faces=faces), style="bold")
        )
    empty = {
        "R1": N_("Nothing moved."),
        "R2": N_("Nobody took cover."),
        "R3": N_("No melee attack."),
        "R4": N_("No cannon or MG fired."),
        "R5": N_("No missile hit."),
        "R6": N_("No laser fired."),
        "R7": N_("Recoil stacks are never told to the others (BL-19.1)."),
        "R8": N_("No damage."),
        "R9": N_("Every mech fights on."),
    }
    for code, page in pages.items():
        if not page.lines:
            page.lines.append(Text(_(empty[code]), style="dim italic"))
    return TurnReport(turn, [pages[code] for code, _title in STEPS])


class TurnReportScreen(WartableModal):
    """The reports of ``reports`` (oldest first), opened on ``start`` (an index) at its
    first step. Left and Right page through the steps, PgUp and PgDn through the turns,
    the digits 1 to 9 go to a step; Escape or Enter close it."""

    SCREEN_TITLE = N_("Turn report")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n,т", "step(1)", N_("Step on")),
        Binding("left,p,з", "step(-1)", N_("Step back")),
        Binding("pagedown", "turn(1)", N_("Next turn"), show=False),
        Binding("pageup", "turn(-1)", N_("Previous turn"), show=False),
        Binding("up", "scroll(-1)", show=False),
        Binding("down", "scroll(1)", show=False),
        Binding("home", "first", show=False),
        Binding("end", "last", show=False),
        *[Binding(str(n), f"goto({n - 1})", show=False) for n in range(1, 10)],
        Binding("escape,enter", "close", N_("Close")),
    ]

    def __init__(self, reports: Sequence[TurnReport], start: int = -1) -> None:
        super().__init__()
        self.reports = list(reports)
        self.index = start % len(self.reports) if self.reports else 0
        self.step = 0

    @property
    def report(self) -> TurnReport | None:
        """The turn shown."""
        return self.reports[self.index] if self.reports else None

    def compose_dialog(self) -> ComposeResult:
        """The steps, and the page of the step shown."""
        with Vertical(classes="dialog bl-report-dialog", id="bl-report") as box:
            box.border_subtitle = literal(
                self.plain(_("Left/Right: steps, PgUp/PgDn: turns, Escape closes."))
            )
            yield Static("", id="bl-report-steps", markup=False)
            with VerticalScroll(id="bl-report-scroll", can_focus=False):
                yield Static("", id="bl-report-page", markup=False)

    def on_mount(self) -> None:
        """Show the first step."""
        scroll = self.query_one("#bl-report-scroll", VerticalScroll)
        scroll.vertical_scrollbar.renderer = PlainScrollBar
        self._show()

    def _show(self) -> None:
        report = self.report
        box = self.query_one("#bl-report", Vertical)
        on = self.glyphs.name == "ascii"
        if report is None:
            box.border_title = literal(self.plain(_("Turn report")))
            self.query_one("#bl-report-page", Static).update(_("No turn has been resolved yet."))
            return
        box.border_title = literal(
            self.plain(
                _("Turn {turn} report ({n} of {total})").format(
                    turn=report.turn, n=self.index + 1, total=len(self.reports)
                )
            )
        )
        bar = Text()
        for i, page in enumerate(report.pages):
            if i:
                bar.append(" ")
            style = "bold reverse" if i == self.step else ("bold" if page.busy else "dim")
            bar.append(f" {page.code} ", style=style)
        page = report.pages[self.step]
        bar.append("\n")
        bar.append(f"{page.code} {page.title}", style="bold underline")
        self.query_one("#bl-report-steps", Static).update(plain_text(bar, on))
        body = Text("\n").join(page.lines)
        self.query_one("#bl-report-page", Static).update(plain_text(body, on))
        self.query_one("#bl-report-scroll", VerticalScroll).scroll_home(animate=False)

    def action_step(self, step: int) -> None:
        """The next or previous step (on into the next turn at the end)."""
        report = self.report
        if report is None:
            return
        new = self.step + step
        if new >= len(report.pages) and self.index + 1 < len(self.reports):
            self.index += 1
            new = 0
        elif new < 0 and self.index > 0:
            self.index -= 1
            new = len(self.reports[self.index].pages) - 1
        self.step = max(
            0,
            min(
                new,
                len(report.pages) - 1 if self.report is report else len(self.reports[self.index].pages) - 1,
            ),
        )
        self._show()

    def action_turn(self, step: int) -> None:
        """The next or previous turn's report, at its first step."""
        if not self.reports:
            return
        self.index = max(0, min(len(self.reports) - 1, self.index + step))
        self.step = 0
        self._show()

    def action_goto(self, step: int) -> None:
        """Step ``step`` (0-based) of the turn shown."""
        self.step = max(0, min(step, 8))
        self._show()

    def action_first(self) -> None:
        """The first step."""
        self.action_goto(0)

    def action_last(self) -> None:
        """The last step."""
        self.action_goto(8)

    def action_scroll(self, lines: int) -> None:
        """Scroll a long page."""
        scroll = self.query_one("#bl-report-scroll", VerticalScroll)
        scroll.scroll_to(y=scroll.scroll_y + lines, animate=False)
