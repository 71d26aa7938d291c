"""Parts of the Six Chances Party table: a player's squads, the field of the variant,
and the texts of the attack, defence and support choices.

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
from engine.rulesets.sixchances.catalog import BOARD_COLUMNS, BOARD_ROWS
from engine.rulesets.sixchances.options import AttackChoice, DefenceOptions
from engine.rulesets.sixchances.view import PlayerView, SquadView
from tui.rulesets.sixchances.rows import ActionRows
from tui.rulesets.sixchances.tokens import (
    BAR,
    SIDE_STYLES,
    STAT_STYLES,
    STATS,
    decimal,
    die_text,
    fraction_text,
    percent,
    pip,
    short_name,
    stat_cell,
    stat_name,
    tokens_text,
)

__all__ = [
    "ROW_MODES",
    "ChipRow",
    "FieldGrid",
    "SquadPanel",
    "attack_odds_table",
    "defence_rows",
    "fitted_odds_table",
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
    or a target), the reserve and remaining total, the unused reinforcement dice.

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
        self.border_title = title
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
        self.border_subtitle = ""
        if reserve.cell_len > self.content_size.width - 2 > 0:
            # narrow: the remaining total (SC-1.8) goes to the frame's lower edge
            reserve = Text.assemble(
                (_("Reserve") + " ", "bold"),
                tokens_text(player.reserve, glyph_set),
                f" ({player.reserve.total})",
            )
            self.border_subtitle = _("Total") + f" {player.remaining}"
        self.query_one(".sc-reserve", Static).update(reserve)
        dice = Text(_("Dice") + " ", style="bold")
        if player.dice_unused:
            dice.append(" ".join(die_text(d) for d in player.dice_unused))
        else:
            dice.append(_("all used"), style="italic")
        if player.out_of_potential:
            dice.append("  " + _("out of Potential"), style="bold italic")
        self.query_one(".sc-dice", Static).update(dice)


# ---------------------------------------------------------------------------
# The field of the variant (SC-12.1)
# ---------------------------------------------------------------------------
class FieldGrid(Widget):
    """The 6 x 4 field: row 4 at the top (Player 2's home rows 3-4), row 1 at the bottom
    (Player 1's home rows 1-2). Each cell shows its squad's label, ``·`` when empty.

    Marks, readable without colour: the selected squad ``<1A>``, a target ``[2B]``, a
    cell a squad may move to or be placed on ``+`` (``*`` in the ASCII set, where ``+``
    is a Support pip). A click posts :class:`Clicked`.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"sc-grid--home0", "sc-grid--home1"}
    #: Cells per square: 5, or 7 in a wide terminal (:attr:`wide`).
    CELL = 5

    class Clicked(Message):
        """Cell ``cell`` was clicked."""

        def __init__(self, cell: str) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, *, ascii_set: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii_set = ascii_set
        self.occupants: dict[str, tuple[str, int]] = {}
        self.selected: str | None = None
        self.targets: set[str] = set()
        self.spots: set[str] = set()
        self.focus_cell: str | None = None
        self.wide = False

    @property
    def cell_width(self) -> int:
        """Terminal cells per square."""
        return 7 if self.wide else self.CELL

    def show(
        self,
        occupants: Mapping[str, tuple[str, int]],
        *,
        selected: str | None = None,
        targets: Collection[str] = (),
        spots: Collection[str] = (),
        focus_cell: str | None = None,
        wide: bool = False,
    ) -> None:
        """Draw ``occupants`` (cell -> (label, side)); ``selected``: the chosen squad's
        cell; ``targets``: cells of squads it may attack; ``spots``: empty cells it may
        move to (or a new squad may be placed on); ``focus_cell``: a cell to underline."""
        self.occupants = dict(occupants)
        self.selected = selected
        self.targets = set(targets)
        self.spots = set(spots)
        self.focus_cell = focus_cell
        if wide != self.wide:
            self.wide = wide
            self.refresh(layout=True)
        self.refresh()

    def get_content_width(self, container: object, viewport: object) -> int:
        """Row numbers and six cells."""
        return 2 + len(BOARD_COLUMNS) * self.cell_width

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        """The column letters and four rows."""
        return BOARD_ROWS + 1

    def render(self) -> Text:
        """The column letters, then rows 4 to 1."""
        head = Text("  " + "".join(c.center(self.cell_width) for c in BOARD_COLUMNS), style="dim")
        lines = [head]
        for row in range(BOARD_ROWS, 0, -1):
            line = Text(f"{row} ", style="dim")
            home = 0 if row <= 2 else 1
            for col in BOARD_COLUMNS:
                cell = f"{col}{row}"
                line.append_text(self._cell(cell, home))
            lines.append(line)
        return Text("\n").join(lines)

    def _cell(self, cell: str, home: int) -> Text:
        w = self.cell_width
        # the home zones' shade, under the cell's own style
        out = Text(style=self.get_component_rich_style(f"sc-grid--home{home}"))
        if cell in self.occupants:
            label, side = self.occupants[cell]
            if cell == self.selected:
                text, style = f"<{label}>", SIDE_STYLES[side] + " reverse"
            elif cell in self.targets:
                text, style = f"[{label}]", SIDE_STYLES[side] + " reverse"
            else:
                text, style = label, SIDE_STYLES[side]
            out.append(text.center(w)[:w], style=style)
        elif cell in self.spots:
            # "+" is a Support pip in the ASCII set: a free cell is "*" there
            mark = "*" if self.ascii_set else "+"
            if cell == self.focus_cell:  # the cell about to be chosen
                out.append(f"[{mark}]".center(w), style="bold reverse")
                return out
            out.append(mark.center(w), style="bold")
        else:
            out.append(("." if self.ascii_set else "·").center(w), style="dim")
        if cell == self.focus_cell:
            out.stylize("underline")
        return out

    def on_click(self, event: events.Click) -> None:
        """Map the click to a cell by arithmetic and post :class:`Clicked`."""
        col = (event.x - 2) // self.cell_width
        row = BOARD_ROWS - (event.y - 1)
        if event.y >= 1 and 0 <= col < len(BOARD_COLUMNS) and 1 <= row <= BOARD_ROWS and event.x >= 2:
            self.post_message(self.Clicked(f"{BOARD_COLUMNS[col]}{row}"))


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
        cells: list[Text | str] = [stat, percent(d.p_attacker_wins)]
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


def defence_rows(options: DefenceOptions, glyph_set: str, width: int = 0) -> tuple[Text, list[Option]]:
    """The defender's choice after the attack roll: a head line and one row per stat the
    target may defend with (the chance its roll beats the attack roll, the tokens lost if
    it does not, the attacker's loss if it does, the expected loss). When the full heads
    and names are wider than ``width`` cells (0: no limit), short ones are used, and
    shorter ones still beside the field in a narrow terminal."""
    head, rows, need = _defence_rows(options, glyph_set, level=0)
    for level in (1, 2):
        if not width or need <= width:
            break
        head, rows, need = _defence_rows(options, glyph_set, level=level)
    return head, rows


def _defence_rows(options: DefenceOptions, glyph_set: str, *, level: int) -> tuple[Text, list[Option], int]:
    """The rows with full heads and names (``level`` 0), short ones (1) or shortest (2)."""
    compact = level > 0
    if level == 2:
        heads = [_("Stat"), _("Odds"), _("Lose"), _("Att."), _("Exp.")]
    elif level == 1:
        heads = [_("Stat"), _("Beats"), _("Lose"), _("Att. loses"), _("Exp.")]
    else:
        heads = [_("Defend with"), _("Beats the roll"), _("You lose"), _("Attacker loses"), _("Expected")]
    # each stat keeps its digit (1 Potential, 2 Resilience, 3 Support): a stat at level 0
    # cannot defend (SC-3.3, SC-5.3) and stays as a disabled row, so no digit changes meaning
    by_stat = {c.stat: c for c in options.choices}
    rows = []
    for i, stat in enumerate(STATS):
        name = short_name(stat) if compact else stat_name(stat)
        c = by_stat.get(stat)
        if c is None:
            rows.append(
                [
                    Text.assemble(
                        (f"{i + 1} ", "bold"), (pip(stat, glyph_set), "dim"), f" {name} 0 -", style="dim"
                    ),
                    *(Text("-", style="dim") for _col in heads[1:]),
                ]
            )
            continue
        rows.append(
            [
                Text.assemble(
                    (f"{i + 1} ", "bold"),
                    (pip(c.stat, glyph_set), STAT_STYLES[c.stat]),
                    f" {name} {c.level} ",
                    (die_text(c.die), "bold"),
                ),
                Text(percent(c.p_defence_beats)),
                Text(
                    str(c.removed_if_attacker_wins),
                    style=STAT_STYLES[c.stat] if c.removed_if_attacker_wins else "dim",
                ),
                Text(
                    str(c.attacker_losses_if_defence_wins),
                    style=STAT_STYLES["pot"] if c.attacker_losses_if_defence_wins else "dim",
                ),
                Text(decimal(c.expected_removed)),
            ]
        )
    widths = [max([cell_len(heads[j])] + [r[j].cell_len for r in rows]) for j in range(len(heads))]
    gap = 1 if compact else 2
    head = Text("  ")
    for j, h in enumerate(heads):
        head.append((h.ljust(widths[j]) if j == 0 else h.rjust(widths[j])) + " " * gap, style="bold")
    options_out = []
    for stat, r in zip(STATS, rows, strict=True):
        line = Text()
        for j, cell in enumerate(r):
            pad = " " * (widths[j] - cell.cell_len)
            line.append_text(Text.assemble(cell, pad) if j == 0 else Text.assemble(pad, cell))
            line.append(" " * gap)
        options_out.append(Option(line, id=stat, disabled=stat not in by_stat))
    need = 2 + sum(widths) + gap * (len(widths) - 1)
    return head, options_out, need


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
