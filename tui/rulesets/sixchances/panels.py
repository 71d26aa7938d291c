"""Parts of the Six Chances Party table: a player's squads, the attack's odds and
the row of reinforcement dice (the field is :mod:`tui.rulesets.sixchances.field`;
the defence is the kit's decision dialog).

Everything shows what the engine gives (the side's view and options); nothing
computes a rule.
"""

from __future__ import annotations

import io
from collections.abc import Collection, Mapping, Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static
from textual.widgets.option_list import Option

from engine.i18n import _
from engine.rulesets.sixchances.options import AttackChoice
from engine.rulesets.sixchances.view import PlayerView, SquadView
from tui.kit.odds import format_odds
from tui.rulesets.sixchances.rows import ActionRows
from tui.rulesets.sixchances.tokens import (
    BAR,
    SIDE_STYLES,
    STAT_STYLES,
    STATS,
    decimal,
    die_text,
    fraction_text,
    pip,
    short_name,
    stat_cell,
    stat_name,
    tokens_text,
)
from tui.screens.base import literal

__all__ = [
    "ROW_MODES",
    "ChipRow",
    "SquadPanel",
    "attack_odds_table",
    "fitted_odds_table",
    "occupants",
    "squad_row",
]


# ---------------------------------------------------------------------------
# A player's squads
# ---------------------------------------------------------------------------
#: How a squad row is drawn, richest first: bars of pips, levels and dice (``bars``);
#: levels and dice (``dice``); levels only (``levels``, a narrow terminal).
ROW_MODES = ("bars", "dice", "levels")


def squad_row_width(mode: str, field: bool, label: int = 3) -> int:
    """Cells of a squad row drawn in ``mode`` (see :data:`ROW_MODES`), its label column
    ``label`` cells wide."""
    stat = {"bars": BAR + 8, "dice": 8, "levels": 3}[mode]
    return label + 3 * (stat + 1) + 3 + (3 if field else 0)


def squad_row(
    sq: SquadView, side: int, glyph_set: str, mode: str = "dice", field: bool = False, label: int = 4
) -> Text:
    """One squad: its label (in a column ``label`` cells wide), each stat's pip and level
    (with ``mode`` ``bars``, a bar of pips first; with ``dice`` or ``bars``, the die
    after), its total and (field) cell."""
    out = Text(sq.label.ljust(label), style=SIDE_STYLES[side])
    for i, stat in enumerate(STATS):
        out.append_text(
            stat_cell(stat, getattr(sq, stat), sq.dice[i], glyph_set, mode == "bars", dice=mode != "levels")
        )
        out.append(" ")
    out.append(f"{sq.total:>3}")
    if field and sq.cell:
        out.append(f" {sq.cell}", style="italic")
    return out


class SquadPanel(Vertical):
    """One player's side of the table: the squads (a list whose cursor picks an attacker
    or a target), the reserve and remaining total, the unused reinforcement dice (on
    the frame's lower edge when they fit there, else on a line of their own, the total
    then going to that edge).

    ``side``: 0 or 1. :meth:`show` fills it from the side's :class:`PlayerView`.
    """

    def __init__(self, side: int, *, pointer: str, id: str | None = None) -> None:
        super().__init__(id=id, classes="sc-side")
        self.side = side
        self.pointer = pointer

    def compose(self) -> ComposeResult:
        """The squad list, the reserve line and the dice line."""
        yield ActionRows(pointer=self.pointer, id=f"sc-squads-{self.side}", classes="sc-squads")
        yield Static("", classes="sc-reserve", markup=False)
        yield Static("", classes="sc-dice", markup=False)

    @property
    def squads(self) -> ActionRows:
        """The squad list."""
        return self.query_one(ActionRows)

    def row_mode(self, field: bool, label: int = 3) -> str:
        """The richest way of drawing a squad row that fits the panel (:data:`ROW_MODES`)."""
        inner = self.content_size.width - 2  # the list's pointer
        for mode in ROW_MODES:
            if squad_row_width(mode, field, label) <= inner:
                return mode
        return ROW_MODES[-1]

    def show(
        self,
        player: PlayerView,
        title: str,
        *,
        glyph_set: str,
        field: bool,
        building: bool,
        enabled: Collection[str] | None = None,
        highlight: str | None = None,
        marks: Mapping[str, str] | None = None,
    ) -> None:
        """Fill the panel.

        ``title``: the border title; ``building``: the squads are not on the table yet
        (the list says whether the order is sealed); ``enabled``: labels the cursor may
        stop on (None: none, and no cursor); ``highlight``: the label under the cursor;
        ``marks``: a short mark after some squads.
        """
        self.border_title = literal(title)  # a player's name may look like markup
        label = max([len(sq.label) for sq in player.squads] + [2]) + 1
        mode = self.row_mode(field, label)
        options: list[Option] = []
        if building:
            text = _("Starting squads sealed.") if player.sealed else _("Building the starting squads...")
            options.append(Option(Text(text, style="italic"), id="-", disabled=True))
        for sq in player.squads:
            row = squad_row(sq, self.side, glyph_set, mode, field, label)
            if marks and sq.label in marks:
                row.append(f" {marks[sq.label]}", style="bold")
            options.append(Option(row, id=sq.label, disabled=enabled is None or sq.label not in enabled))
        if not options:
            options.append(Option(Text(_("No squads on the table."), style="italic"), id="-", disabled=True))
        self.squads.set_rows(options, highlight if enabled else "")
        reserve = Text.assemble(
            (_("Reserve") + " ", "bold"),
            tokens_text(player.reserve, glyph_set),
            f" ({player.reserve.total})  ",
            (_("Total") + f" {player.remaining}", "bold"),
        )
        dice = Text(_("Dice") + " ", style="bold")
        if player.dice_unused:
            dice.append(" ".join(die_text(d) for d in player.dice_unused))
        else:
            dice.append(_("all used"), style="italic")
        if player.out_of_potential:
            dice.append("  " + _("out of Potential"), style="bold italic")
        inner = self.content_size.width - 2
        lines = self.query_one(".sc-dice", Static)
        if inner <= 0 or (reserve.cell_len <= inner and dice.cell_len + 4 <= self.size.width):
            # the dice on the frame's lower edge: one line less for the table
            self.border_subtitle = dice.plain
            lines.display = False
        else:
            # narrow: the remaining total (SC-1.8) goes to the frame's lower edge
            reserve = Text.assemble(
                (_("Reserve") + " ", "bold"),
                tokens_text(player.reserve, glyph_set),
                f" ({player.reserve.total})",
            )
            self.border_subtitle = _("Total") + f" {player.remaining}"
            lines.display = True
            lines.update(dice)
        self.query_one(".sc-reserve", Static).update(reserve)


# ---------------------------------------------------------------------------
# Odds
# ---------------------------------------------------------------------------
def attack_odds_table(
    choice: AttackChoice, glyph_set: str, *, exact: bool = False, compact: bool = False
) -> Table:
    """The attacker's odds before declaring (section 5 of the rules): for each stat the
    target could defend with, the chance the attack succeeds, the tokens it then removes,
    the expected tokens removed, and the Potential lost if it fails (and its expectation).
    ``exact``: add the chance as a fraction; ``compact``: short heads and names, for a
    narrow panel."""
    table = Table(box=None, padding=(0, 1), pad_edge=False, expand=False, show_edge=False)
    table.add_column(_("Defends") if compact else _("If defended with"), no_wrap=True)
    table.add_column(_("Win") if compact else _("Success"), justify="right", no_wrap=True)
    if exact:
        table.add_column(_("Exact"), justify="right", no_wrap=True)
    table.add_column(_("Rem.") if compact else _("Removes"), justify="right", no_wrap=True)
    table.add_column(_("Exp.") if compact else _("Expected"), justify="right", no_wrap=True)
    table.add_column(_("Loss") if compact else _("Loss if failed"), justify="right", no_wrap=True)
    for d in choice.defences:
        stat = Text.assemble(
            (pip(d.stat, glyph_set), STAT_STYLES[d.stat]),
            f" {short_name(d.stat) if compact else stat_name(d.stat)} {d.level} ",
            (die_text(d.die), "bold"),
        )
        cells: list[Text | str] = [stat, format_odds(d.p_attacker_wins)]
        if exact:
            cells.append(fraction_text(d.p_attacker_wins))
        cells += [
            Text(str(d.removed_if_win), style=STAT_STYLES[d.stat] if d.removed_if_win else "dim"),
            decimal(d.expected_removed),
            Text(
                str(d.losses_if_fail) if compact else f"{d.losses_if_fail} ({decimal(d.expected_losses)})",
                style=STAT_STYLES["pot"] if d.losses_if_fail else "dim",
            ),
        ]
        table.add_row(*cells)
    return table


def table_width(table: Table) -> int:
    """Cells a table needs on one line per row (its columns do not wrap)."""
    console = Console(width=10_000, file=io.StringIO(), color_system=None)
    return console.measure(table).maximum


def fitted_odds_table(choice: AttackChoice, glyph_set: str, width: int) -> Table:
    """The richest odds table that fits ``width`` cells: with the exact fractions, then
    without, then with short heads and names (:func:`attack_odds_table`)."""
    table = attack_odds_table(choice, glyph_set)
    for exact, compact in ((True, False), (False, False), (False, True)):
        table = attack_odds_table(choice, glyph_set, exact=exact, compact=compact)
        if table_width(table) <= width:
            break
    return table


def occupants(players: Sequence[PlayerView]) -> dict[str, tuple[str, int]]:
    """Cell -> (label, side) of every squad on the field."""
    out: dict[str, tuple[str, int]] = {}
    for side, p in enumerate(players):
        for sq in p.squads:
            if sq.cell:
                out[sq.cell] = (sq.label, side)
    return out


# ---------------------------------------------------------------------------
# A row of short choices (the reinforcement dice)
# ---------------------------------------------------------------------------
class ChipRow(Widget, can_focus=True):
    """Short choices side by side on one line, e.g. ``d4 d6 [d8] d10``: the arrows left
    and right move the cursor (shown in reverse video and in brackets, so it reads
    without colour); a click moves it too. Posts :class:`Highlighted`."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", show=False),
        Binding("right", "step(1)", show=False),
        Binding("home", "step(-99)", show=False),
        Binding("end", "step(99)", show=False),
    ]

    class Highlighted(Message):
        """The cursor moved to the chip ``chip`` (its id)."""

        def __init__(self, chip: str) -> None:
            super().__init__()
            self.chip = chip

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.chips: list[tuple[str, str]] = []
        self.index = 0
        self.note = Text()

    def set_chips(self, chips: Sequence[tuple[str, str]], keep: str | None = None) -> None:
        """Show ``chips`` ((id, text) pairs), the cursor on ``keep`` if present, else the first."""
        ids = [c[0] for c in chips]
        self.chips = list(chips)
        self.index = ids.index(keep) if keep in ids else 0
        self.refresh(layout=True)

    def set_note(self, note: Text | str) -> None:
        """A text after the chips (about the chip under the cursor)."""
        self.note = note if isinstance(note, Text) else Text(note)
        self.refresh(layout=True)

    @property
    def chip(self) -> str | None:
        """The id of the chip under the cursor."""
        return self.chips[self.index][0] if self.chips else None

    def _chips_width(self) -> int:
        spans = self._spans()
        return spans[-1][1] if spans else 0

    def _note_below(self, width: int) -> bool:
        """The note goes on a second line when chips and note do not fit one."""
        return bool(self.note) and self._chips_width() + 2 + self.note.cell_len > width > 0

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        """One line, or two when the note does not fit beside the chips."""
        return 2 if self._note_below(width) else 1

    def _spans(self) -> list[tuple[int, int]]:
        spans, x = [], 0
        for _id, text in self.chips:
            w = cell_len(text) + 2
            spans.append((x, x + w))
            x += w + 1
        return spans

    def render(self) -> Text:
        """The chips, the cursor's in brackets and reverse video."""
        out = Text()
        for i, (_id, text) in enumerate(self.chips):
            if i:
                out.append(" ")
            if i == self.index:
                out.append(f"[{text}]", style="bold reverse" if self.has_focus else "bold underline")
            else:
                out.append(f" {text} ")
        if self.note:
            out.append("\n" if self._note_below(self.size.width) else "  ")
            out.append_text(self.note)
        return out

    def action_step(self, step: int) -> None:
        """Move the cursor by ``step`` chips (clamped)."""
        if not self.chips:
            return
        index = max(0, min(len(self.chips) - 1, self.index + step))
        if index != self.index:
            self.index = index
            self.refresh()
            self.post_message(self.Highlighted(self.chips[index][0]))

    def on_click(self, event: events.Click) -> None:
        """A click on a chip moves the cursor there."""
        self.focus()
        for i, (start, end) in enumerate(self._spans()):
            if start <= event.x < end:
                self.action_step(i - self.index)
                return

    def on_focus(self) -> None:
        """Redraw the cursor."""
        self.refresh()

    def on_blur(self) -> None:
        """Redraw the cursor."""
        self.refresh()
